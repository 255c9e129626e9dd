"""Kernels without the compiler: Python stand-ins for what numba does (JIT off).

Part of :mod:`showdown._jit` (see its section "Running without the compiler"):
with ``NUMBA_DISABLE_JIT=1`` every decorated kernel runs through
:func:`python_kernel` (numba's integer arithmetic kept), and the bit counts through
:func:`python_leading_zeros` and :func:`python_trailing_zeros`.

Examples
--------
>>> import numpy as np
>>> int(python_leading_zeros(np.uint16(1))), int(python_trailing_zeros(np.uint64(8)))
(15, 3)
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

__all__ = ["python_kernel", "python_leading_zeros", "python_trailing_zeros"]


def python_kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` run as Python, with numba's integer arithmetic (JIT off).

    Two differences between numba and numpy scalars matter to the kernels:

    - numba computes on integers narrower than 64 bits at 64 bits (a card
      read from a ``uint8`` array, shifted left by 12, keeps its bits), numpy
      keeps the narrow type and loses them. So at the outermost kernel call
      every narrow integer array among the arguments (tuples of them
      included) is handed over as an ``int64`` copy, and the elements the
      call changed are written back (wrapping, as numba stores do) when it
      returns; helpers called inside get the wide arrays as they are. Only
      the changed elements: kernels run from a thread pool write their own
      rows of one shared array, and copying a whole array back would put
      back the old values of the rows another thread wrote meanwhile. The same array passed twice is
      copied once, so the kernel still sees one array; an array whose memory
      another argument also reaches (a ``uint8`` deck and its ``uint64``
      words) stays as it is, or writes through one would miss the other.
    - fixed-width integers wrap silently in compiled code (the random number
      generators and hashes rely on it); numpy warns, so the warning is
      switched off inside.
    - a narrow integer scalar argument is computed on at 64 bits too, but the
      bit counts of it count in its own width, as numba's do on its type: it is
      handed over as an ``int64`` that remembers that width (an element read
      from a widened array does not: the kernels count bits of ``uint64`` only).

    ``py_func`` is the function itself, as on a dispatcher.
    """

    @functools.wraps(function)
    def run(*args: Any) -> Any:
        if getattr(_PYTHON_CALLS, "inside", False):
            return function(*args)
        copies = _wide_copies(args)
        wide = [_widened(argument, copies) for argument in args]
        _PYTHON_CALLS.inside = True
        try:
            with np.errstate(over="ignore"):
                return function(*wide)
        finally:
            _PYTHON_CALLS.inside = False
            for original, before, copy in copies.values():
                if original.flags.writeable:
                    np.copyto(original, copy, casting="unsafe", where=copy != before)

    run.py_func = function  # type: ignore[attr-defined]
    return run


#: Per Python thread: whether a kernel run as Python is on the stack (JIT off).
_PYTHON_CALLS = threading.local()


def _arrays_in(value: Any) -> Iterator[np.ndarray]:
    if isinstance(value, np.ndarray):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _arrays_in(item)


def _wide_copies(args: tuple[Any, ...]) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(array, its values as ``int64``, the ``int64`` copy the kernel gets) of the narrow
    integer arrays among ``args`` that share no memory."""
    arrays = list({id(array): array for array in _arrays_in(args)}.values())
    copies = {}
    for array in arrays:
        if array.dtype.kind not in "iu" or array.dtype.itemsize >= 8:
            continue
        if any(other is not array and np.may_share_memory(array, other) for other in arrays):
            continue
        before = array.astype(np.int64)
        copies[id(array)] = (array, before, before.copy())
    return copies


def _widened(value: Any, copies: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]) -> Any:
    """``value`` with its arrays replaced by their ``copies`` and narrow scalars as ``int64``."""
    if isinstance(value, np.ndarray):
        return copies[id(value)][2] if id(value) in copies else value
    if isinstance(value, tuple):
        items = [_widened(item, copies) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if isinstance(value, np.integer) and value.dtype.itemsize < 8:
        return _WIDE_SCALARS[value.dtype.itemsize * 8](value)
    return value


def _wide_scalar(width: int) -> type[np.int64]:
    """An ``int64`` type whose bit counts count ``width`` bits (a narrow argument, widened)."""
    return type(f"Int64From{width}Bits", (np.int64,), {"numba_width": width})


#: By width in bits: the type narrow integer scalar arguments are widened to.
_WIDE_SCALARS = {width: _wide_scalar(width) for width in (8, 16, 32)}


def _bits_of(value: Any) -> tuple[int, int]:
    """(width in bits, value as an unsigned integer of that width) of an integer."""
    width = getattr(type(value), "numba_width", 0)  # a widened narrow argument's own width
    if not width:
        width = np.dtype(type(value)).itemsize * 8 if isinstance(value, np.integer) else 64
    return width, int(value) & ((1 << width) - 1)


def python_leading_zeros(value: Any) -> Any:
    width, bits = _bits_of(value)
    return type(value)(width - bits.bit_length())


def python_trailing_zeros(value: Any) -> Any:
    width, bits = _bits_of(value)
    return type(value)((bits & -bits).bit_length() - 1 if bits else width)
