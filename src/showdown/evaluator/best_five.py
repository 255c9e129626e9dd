"""The best-five lookup of either deck as one tuple type, for kernels that play both decks.

The full deck's :class:`~.tables.Tables` and the short deck's
:class:`~.short_deck_tables.ShortDeckTables` hold arrays of the same types but
under other names and with another row shift. :func:`best_five_tables` gives
either as a :class:`BestFiveTables` (the same arrays, not copies), and
:func:`._best_five_kernels.best_five_strength` values a hand's sums from it, so
one compiled kernel (the simulator's hold'em session) plays both decks with the
deck's tables as data.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np

from .short_deck_tables import SHORT_DECK_ROW_SHIFT, get_short_deck_tables
from .table_layout import ROW_SHIFT_7
from .tables import get_tables

__all__ = ["BestFiveTables", "best_five_tables"]


class BestFiveTables(NamedTuple):
    """One deck's best-five lookup: the arrays and the perfect hash's row shift."""

    card_key: np.ndarray  # uint64 (52,): 0 for a card not in the deck
    card_bit: np.ndarray  # uint64 (52,): 0 for a card not in the deck
    offsets: np.ndarray  # int32 row offsets of the perfect hash of rank sums
    values: np.ndarray  # uint16 strengths of non-flush rank sums
    flush: np.ndarray  # uint16 strengths of a flush suit's rank mask
    row_shift: np.uint64
    column_mask: np.uint64  # (1 << row_shift) - 1


@cache
def best_five_tables(short_deck: bool = False) -> BestFiveTables:
    """The full deck's (or with ``short_deck`` the short deck's) best-five lookup.

    Examples
    --------
    >>> full, short = best_five_tables(), best_five_tables(short_deck=True)
    >>> [a.dtype == b.dtype for a, b in zip(full[:5], short[:5])]
    [True, True, True, True, True]
    """
    if short_deck:
        short = get_short_deck_tables()
        arrays = (short.card_key, short.card_bit, short.offsets, short.values, short.flush)
        shift = SHORT_DECK_ROW_SHIFT
    else:
        full = get_tables()
        arrays = (full.card_key, full.card_bit, full.offsets7, full.values7, full.flush)
        shift = ROW_SHIFT_7
    return BestFiveTables(*arrays, np.uint64(shift), np.uint64((1 << shift) - 1))
