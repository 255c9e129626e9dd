"""Thread control for the parallel kernels: the launch lock and the thread count.

Part of :mod:`showdown._jit` (see its "Threading layer" section; the layer itself
is chosen there, with the other numba options). Parallel kernels run on numba's
workqueue layer, which is not thread-safe: :class:`LockedKernel` takes a
process-wide lock around each launch from Python, so concurrent callers take
turns. :class:`thread_limit` sets numba's thread count (per Python thread) for
the calls inside it; :func:`resolve_threads` checks a ``threads=`` argument.
"""

from __future__ import annotations

import numbers
import os
import threading
from typing import Any

import numba
import numpy as np

__all__ = ["LockedKernel", "max_threads", "resolve_threads", "thread_limit"]

# Re-entrant so a kernel launched while another thread_limit block is open in
# the same thread does not deadlock; reset in a forked child, whose copy may be
# held by a thread that does not exist there.
_LAUNCH_LOCK = threading.RLock()


def _reset_lock_after_fork() -> None:
    global _LAUNCH_LOCK
    _LAUNCH_LOCK = threading.RLock()


os.register_at_fork(after_in_child=_reset_lock_after_fork)


class LockedKernel:
    """A ``parallel=True`` dispatcher whose Python-level calls take the launch lock.

    Attribute access (``py_func``, ``signatures``, ``inspect_llvm`` ...) goes
    to the dispatcher itself.
    """

    def __init__(self, dispatcher: Any) -> None:
        self.dispatcher = dispatcher
        self.__doc__ = dispatcher.__doc__
        self.__name__ = dispatcher.py_func.__name__
        self.__wrapped__ = dispatcher.py_func  # JIT off: the function itself

    def __call__(self, *args: Any) -> Any:
        with _LAUNCH_LOCK:
            return self.dispatcher(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.dispatcher, name)


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
    showdown.errors.InputError: threads: expected a positive integer (or None for all cores), got 0
    """
    limit = max_threads()
    if threads is None:
        return limit
    if (
        isinstance(threads, (bool, np.bool_))
        or not isinstance(threads, numbers.Integral)
        or threads < 1
    ):
        from .errors import InputError  # the error path only

        raise InputError(
            f"expected a positive integer (or None for all cores), got {threads!r}",
            parameter="threads",
        )
    return min(int(threads), limit)


class thread_limit:  # noqa: N801 - used like a function: `with thread_limit(2):`
    """Context manager that sets numba's thread count for the calls inside it.

    numba's thread count is per Python thread, so concurrent callers do not
    disturb each other's setting.
    """

    def __init__(self, threads: int | None) -> None:
        self.threads = resolve_threads(threads)
        self.previous = 0

    def __enter__(self) -> int:
        self.previous = numba.get_num_threads()
        numba.set_num_threads(self.threads)
        return self.threads

    def __exit__(self, *exc: object) -> None:
        numba.set_num_threads(self.previous)
