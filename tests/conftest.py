"""Suite-wide pytest settings (pytest loads this file itself; tests import nothing from it).

``needs_jit`` marks tests that only make sense compiled: enumerating every hand,
hours as Python. With ``NUMBA_DISABLE_JIT=1`` (kernels run as Python, for
debugging and coverage) they are deselected, as ``-m "not needs_jit"`` would.
"""

from __future__ import annotations

import pytest

NEEDS_JIT = "needs_jit"


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
