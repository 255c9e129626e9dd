"""Suite-wide pytest settings (pytest loads this file itself; tests import nothing from it).

``needs_jit`` marks tests that only make sense compiled: enumerating every hand,
hours as Python. With ``NUMBA_DISABLE_JIT=1`` (kernels run as Python, for
debugging and coverage) they are deselected, as ``-m "not needs_jit"`` would.

Parallel runs (``pytest -n 2``, pytest-xdist): with the default ``--dist load``
a test file goes to one process whole (its module fixtures and kernels are made
once), and every test under ``tests/cluster`` goes to one process: they share
one two-worker Dask cluster per process, kill its workers and wait for
heartbeat time-outs, so a second cluster in the other process would only add
load. (xdist's ``xdist_group`` marks do not work with this pytest: the node id
they rewrite is no longer an attribute xdist can set.)
"""

from __future__ import annotations

from typing import Any

import pytest

NEEDS_JIT = "needs_jit"
#: Node ids under this folder share one process in a parallel run.
CLUSTER_TESTS = "tests/cluster/"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{NEEDS_JIT}: too slow as Python; deselected when NUMBA_DISABLE_JIT is set",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from showdown import _jit  # numba's own reading of NUMBA_DISABLE_JIT

    if not _jit.JIT_DISABLED:
        return
    deselected = [item for item in items if item.get_closest_marker(NEEDS_JIT)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if not item.get_closest_marker(NEEDS_JIT)]


@pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown when xdist is not installed
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "load":
        return None  # an explicit --dist choice is xdist's to honour
    from xdist.scheduler import LoadScopeScheduling

    class FileAndClusterScheduling(LoadScopeScheduling):  # type: ignore[misc]
        """Work units: one per test file, and one for all of ``tests/cluster``."""

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(CLUSTER_TESTS):
                return CLUSTER_TESTS
            return nodeid.split("::", 1)[0]

    return FileAndClusterScheduling(config, log)
