"""Helpers for the distributed tests (a conftest holds fixtures only)."""

from __future__ import annotations

import os
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
