"""A two-worker Dask ``LocalCluster`` shared by the distributed tests.

Workers are separate processes with one thread each, like a small real
cluster. They get the test process's numba and showdown cache directories, so
they load the kernels the test process compiled instead of compiling them
again (each test computes its local answer first), and the tests directory is
on their path so block functions defined in test modules can run there. Tests that need the
cluster skip only when Dask is not installed (``pip install -e '.[dask]'``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import worker_environment


@pytest.fixture(scope="session")
def cluster() -> Iterator[Any]:
    """A ``LocalCluster``: 2 worker processes, 1 thread each, dashboard on a free port."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.CRITICAL,
        env=worker_environment(),
    ) as local_cluster:
        yield local_cluster


@pytest.fixture(scope="session")
def client(cluster: Any) -> Iterator[Any]:
    """A client of :func:`cluster`, with both workers up."""
    distributed = pytest.importorskip("distributed")
    with distributed.Client(cluster, set_as_default=False) as connected:
        connected.wait_for_workers(2, timeout=120)
        yield connected
