"""Numba kernels of the short-deck (6+) evaluator.

The key is the full deck's (rank keys and suit counters, :mod:`.table_layout`),
so the lookup is the same inlined :func:`._kernels.lookup_strength` with the
short-deck tables (:class:`~.short_deck_tables.ShortDeckTables`) and their row
shift. Inputs are validated by the public wrapper: codes above 51 are flagged
here before they are used as an index, and a card outside the short deck
(deuce to five) has ``card_bit == 0``, which flags its row too.
"""

from __future__ import annotations

import numpy as np

from .._jit import jit_inline, jit_parallel, prange
from ._kernels import lookup_strength, short_deck_hand_key
from .short_deck_tables import SHORT_DECK_ROW_SHIFT

ROW_SHIFT = np.uint64(SHORT_DECK_ROW_SHIFT)
COLUMN_MASK = np.uint64((1 << SHORT_DECK_ROW_SHIFT) - 1)


@jit_inline
def short_deck_strength(key, bits, offsets, values, flush):  # pragma: no cover - compiled
    """Short-deck strength (1..1404) of 5..7 valid short-deck cards.

    ``key`` is ``KEY_START`` plus the cards' ``card_key``; ``bits`` is the or of
    their ``card_bit`` (both from :class:`~.short_deck_tables.ShortDeckTables`).
    Equity and simulator kernels inline this with the table fields they copied.
    """
    return lookup_strength(key, bits, offsets, values, flush, ROW_SHIFT, COLUMN_MASK)


@jit_parallel
def evaluate_short_deck_kernel(cards, tables, out):  # pragma: no cover - compiled
    """Short-deck strength of each row of ``cards`` (n, 5..7) into ``out`` (n,).

    A row with a code above 51, a card outside the short deck or a repeated
    card gets 0, which no hand has, so the wrapper can say which. The row walk
    is the full deck's (:func:`._kernels._make_hand_key`) with the not-in-deck
    check; only the tables differ.
    """
    card_key, card_bit = tables.card_key, tables.card_bit
    offsets, values, flush = tables.offsets, tables.values, tables.flush
    for hand in prange(cards.shape[0]):
        valid, key, bits = short_deck_hand_key(cards, hand, card_key, card_bit)
        out[hand] = short_deck_strength(key, bits, offsets, values, flush) if valid else 0
