"""Helpers for the distributed tests (a conftest holds fixtures only)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

#: The directory pytest puts on ``sys.path`` for the test packages.
TESTS_DIRECTORY = Path(__file__).resolve().parents[1]
#: Environment the worker processes must share with this one.
SHARED_ENVIRONMENT = ("NUMBA_CACHE_DIR", "SHOWDOWN_CACHE_DIR", "NUMBA_THREADING_LAYER")


def worker_environment() -> dict[str, str]:
    """Environment for worker processes: the caches (and a chosen threading layer) of this
    process, and the tests directory on the path so block functions defined in test
    modules are found by name, as pytest finds them here."""
    environment = {name: os.environ[name] for name in SHARED_ENVIRONMENT if name in os.environ}
    paths = [str(TESTS_DIRECTORY), *filter(None, [os.environ.get("PYTHONPATH")])]
    environment["PYTHONPATH"] = os.pathsep.join(paths)
    return environment


@contextlib.contextmanager
def scheduler_to_kill() -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """A one-worker cluster in a child process: its scheduler's address, and the process
    (kill it to lose the scheduler mid-run). Killed on exit whatever happened."""
    script = textwrap.dedent(
        """
        import time
        from distributed import LocalCluster
        cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                               protocol="tcp", dashboard_address=":0")
        print(cluster.scheduler_address, flush=True)
        time.sleep(600)
        """
    )
    environment = {**os.environ, **worker_environment()}
    server = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=environment
    )
    try:
        assert server.stdout is not None
        yield server.stdout.readline().strip(), server
    finally:
        server.kill()
        server.wait()
