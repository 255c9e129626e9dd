"""The compiled lookup of :class:`~.best_five.BestFiveTables` (either deck's tables)."""

from __future__ import annotations

from .._jit import jit_inline
from ._kernels import lookup_strength


@jit_inline
def best_five_strength(key, bits, tables):  # pragma: no cover - compiled
    """Strength of 5..7 cards from their summed key and or-ed suit bits (:func:`._kernels.add_card`
    with the same ``tables``), by the rules of the deck whose tables these are."""
    return lookup_strength(
        key, bits, tables.offsets, tables.values, tables.flush, tables.row_shift,
        tables.column_mask,
    )  # fmt: skip
