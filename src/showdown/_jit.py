"""The one place numba options are set.

Every kernel module imports its decorators from here so caching, nogil and the
parallel flavour are decided once. ``cache=True`` writes compiled machine code
next to the sources (or to ``NUMBA_CACHE_DIR``) so a second process starts warm.
"""

from __future__ import annotations

import numbers
from typing import Any

import numba
import numpy as np

# fastmath is off on purpose: kernels are integer code and results must be bit-exact.
_COMMON: dict[str, Any] = {"cache": True, "nogil": True, "fastmath": False, "boundscheck": False}

#: Serial kernels.
jit = numba.njit(**_COMMON)
#: Kernels whose outer loop is a ``prange``; thread count via :func:`set_threads`.
jit_parallel = numba.njit(parallel=True, **_COMMON)
#: Small helpers inlined into the kernels that call them (avoids call overhead).
jit_inline = numba.njit(inline="always", **_COMMON)

prange = numba.prange


def max_threads() -> int:
    """Number of threads numba was started with."""
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def resolve_threads(threads: int | None) -> int:
    """Validate a ``threads=`` argument; ``None`` means all available threads.

    Any integral value of at least 1 is accepted (``2``, ``np.int64(2)``);
    bools, floats (even ``2.0``), zero and negative counts are refused. More
    threads than numba started with are capped at that number.

    Examples
    --------
    >>> import numpy as np
    >>> resolve_threads(np.int64(1))
    1
    >>> resolve_threads(0)
    Traceback (most recent call last):
    ...
    ValueError: threads: expected a positive integer (or None for all cores), got 0
    """
    limit = max_threads()
    if threads is None:
        return limit
    if (
        isinstance(threads, (bool, np.bool_))
        or not isinstance(threads, numbers.Integral)
        or threads < 1
    ):
        raise ValueError(
            f"threads: expected a positive integer (or None for all cores), got {threads!r}"
        )
    return min(int(threads), limit)


class thread_limit:  # noqa: N801 - used like a function: `with thread_limit(2):`
    """Context manager that sets numba's thread count for the calls inside it."""

    def __init__(self, threads: int | None) -> None:
        self.threads = resolve_threads(threads)
        self.previous = 0

    def __enter__(self) -> int:
        self.previous = numba.get_num_threads()
        numba.set_num_threads(self.threads)
        return self.threads

    def __exit__(self, *exc: object) -> None:
        numba.set_num_threads(self.previous)
