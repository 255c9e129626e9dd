"""Arrays without reference counting for kernels' hot loops (see ``_jit``'s docstring).

Numba counts references to every array it passes, copies or reads out of a
tuple, with an atomic operation on the array's owner each time. The session
kernels pass a few named tuples of arrays (the tables, the results, one
hand's working arrays) through many small steps per hand, and those counts
cost ten to fifteen times the work itself (measured: 2.6 µs per hand for
setting up and closing a hand, 0.17 µs without them); the exact-equity
kernels hand the evaluator's tables to its lookup once per hand valued. :func:`unowned` gives
the same arrays with no owner recorded, so numba's reference counting of them
does nothing. The real owners are the driver's numpy arrays, alive for the
whole kernel call; the views never outlive it.
"""

from __future__ import annotations

from typing import Any

from numba import types
from numba.core import cgutils

from ._jit import intrinsic


def _unowned(typingctx: Any, value: Any) -> Any:  # pragma: no cover - compiled
    """``value`` (an array, or a tuple or named tuple of arrays and scalars) with every
    array's owner dropped: the same memory, no reference counting."""
    if not isinstance(value, (types.Array, types.BaseTuple)):
        return None
    signature = value(value)

    def strip(context: Any, builder: Any, kind: Any, item: Any) -> Any:
        if isinstance(kind, types.Array):
            array = context.make_array(kind)(context, builder, value=item)
            array.meminfo = cgutils.get_null_value(array.meminfo.type)
            array.parent = cgutils.get_null_value(array.parent.type)
            return array._getvalue()
        if isinstance(kind, types.BaseTuple):
            result = item
            members: Any = kind  # a tuple type iterates its member types
            for index, member in enumerate(members):
                stripped = strip(context, builder, member, builder.extract_value(item, index))
                result = builder.insert_value(result, stripped, index)
            return result
        return item

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return strip(context, builder, sig.args[0], args[0])

    return signature, codegen


#: Called inside compiled code: ``unowned(array_or_tuple)``; with the JIT off, the value itself.
unowned: Any = intrinsic(_unowned, python=lambda value: value)
