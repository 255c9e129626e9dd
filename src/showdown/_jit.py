"""The one place numba options are set.

Every kernel module imports its decorators from here so caching, nogil and the
parallel flavour are decided once. ``cache=True`` writes compiled machine code
next to the sources (or to ``NUMBA_CACHE_DIR``) so a second process starts warm.
"""

from __future__ import annotations

import functools
from typing import Any

import numba
from numba.extending import overload

# fastmath is off on purpose: kernels are integer code and results must be bit-exact.
_COMMON: dict[str, Any] = {"cache": True, "nogil": True, "fastmath": False, "boundscheck": False}

#: Serial kernels.
jit = numba.njit(**_COMMON)
#: Kernels whose outer loop is a ``prange``; thread count via :func:`set_threads`.
jit_parallel = numba.njit(parallel=True, **_COMMON)
#: Small helpers inlined into the kernels that call them (avoids call overhead).
jit_inline = numba.njit(inline="always", **_COMMON)
_NO_RUNTIME: dict[str, Any] = {"_nrt": False}
#: Serial kernels compiled without numba's runtime: no reference counting, so
#: arrays handed to inlined helpers inside a hot loop cost nothing (with the
#: runtime, each such call updates counters, measured 10-20x slower serially),
#: but also no allocation: callers pass every scratch array in. Run them from
#: a Python thread pool (they release the GIL) for parallel work.
jit_kernel = numba.njit(**_COMMON, **_NO_RUNTIME)

#: Compile-time dispatch: ``@overload_inline(stub)`` picks an implementation from
#: the argument types, constants included (``True`` arrives as a literal), so a
#: kernel compiles only the branch it uses (untaken ``if`` branches on a
#: constant are still compiled by numba).
overload_inline = functools.partial(overload, inline="always", prefer_literal=True)

prange = numba.prange


def max_threads() -> int:
    """Number of threads numba was started with."""
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def resolve_threads(threads: int | None) -> int:
    """Validate a ``threads=`` argument; ``None`` means all available threads."""
    limit = max_threads()
    if threads is None:
        return limit
    if isinstance(threads, bool) or not isinstance(threads, (int,)) or threads < 1:
        raise ValueError(f"threads: expected a positive integer, got {threads!r}")
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
