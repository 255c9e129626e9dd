"""Every hand of one size as a column of 52-bit card masks, for vectorised range filters.

The generic range language (:mod:`showdown.cards.generic_range`) decides
membership by testing all hands of a size at once with numpy, so each size
needs one precomputed table: the ``uint64`` card mask of every hand, in the
lexicographic order of ``itertools.combinations(range(52), size)`` (which is
also the order of a range's combos: rows ascending, rows sorted). A hand's
position in the table is its index; sets of hands are sorted index arrays.

=====  ============  ============
size   hands         table
=====  ============  ============
2      1,326         10 KB
4      270,725       2.2 MB
5      2,598,960     21 MB
6      20,358,520    163 MB
=====  ============  ============

Tables are built on first use (a few numpy concatenations per size) and kept.

Examples
--------
>>> masks = hand_masks(2)
>>> len(masks), int(masks[0]), int(masks[-1]) == (1 << 50) | (1 << 51)
(1326, 3, True)
>>> hand_cards(2, [0, 1325]).tolist()
[[0, 1], [50, 51]]
"""

from __future__ import annotations

import functools
import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "RANK_MASKS",
    "SUIT_MASKS",
    "hand_cards",
    "hand_index",
    "hand_masks",
    "masks_to_cards",
    "rank_slots",
]

#: Card mask of each rank (index 0 = deuce): its four cards.
RANK_MASKS = np.array([0xF << (4 * rank) for rank in range(13)], dtype=np.uint64)
#: Card mask of each suit (0..3 = c, d, h, s): its thirteen cards.
SUIT_MASKS = np.array(
    [sum(1 << (4 * rank + suit) for rank in range(13)) for suit in range(4)], dtype=np.uint64
)


@functools.cache
def hand_masks(size: int) -> NDArray[np.uint64]:
    """``uint64`` card masks of every ``size``-card hand, in lexicographic order (read-only)."""
    if size not in (1, 2, 3, 4, 5, 6):
        raise ValueError(f"hand size must be 1..6, got {size!r}")
    # Hands of k cards whose lowest card is at least `low` are a suffix of the
    # k-card table, so each size is 52 slices of the size below.
    table = (np.uint64(1) << np.arange(52, dtype=np.uint64)).astype(np.uint64)
    for cards in range(2, size + 1):
        below = table
        pieces = []
        for first in range(52 - cards + 1):
            # Hands of cards-1 cards starting above `first`: skip those whose
            # lowest card is <= first; the count skipped is C(52,k) - C(51-first,k).
            start = math.comb(52, cards - 1) - math.comb(51 - first, cards - 1)
            pieces.append(below[start:] | np.uint64(1 << first))
        table = np.concatenate(pieces)
    table.flags.writeable = False
    return table


def masks_to_cards(masks: ArrayLike, size: int) -> NDArray[np.uint8]:
    """Cards ``(n, size)`` of each mask, ascending.

    Examples
    --------
    >>> masks_to_cards([0b1011], 3).tolist()
    [[0, 1, 3]]
    """
    rest = np.array(masks, dtype=np.uint64).reshape(-1)
    cards = np.empty((len(rest), size), dtype=np.uint8)
    for column in range(size):
        lowest = rest & (~rest + np.uint64(1))
        # A power of two below 2**52 is exact in float64, so log2 is its bit index.
        cards[:, column] = np.log2(lowest.astype(np.float64)).astype(np.uint8)
        rest = rest ^ lowest
    return cards


def hand_cards(size: int, indices: ArrayLike) -> NDArray[np.uint8]:
    """Cards of the hands at table ``indices``: ``(n, size)`` ``uint8``, rows ascending."""
    return masks_to_cards(hand_masks(size)[np.asarray(indices, dtype=np.int64)], size)


@functools.cache
def rank_slots(size: int) -> tuple[NDArray[np.int8], NDArray[np.uint8]]:
    """The distinct ranks each hand holds and how many of each, one row per slot.

    Returns ``(ranks, counts)``, both ``(size, n)``: row ``p`` is every
    hand's ``p``-th lowest distinct rank (-1 when it has fewer) and how many
    cards of it the hand holds (0 then). Rank variables bind only to ranks a
    hand holds, so a hand's bindings are tuples of these slots rather than
    all 13 ranks. Built once per size.

    Examples
    --------
    >>> ranks, counts = rank_slots(2)
    >>> ranks[:, 0].tolist(), counts[:, 0].tolist()  # 2c2d: deuce twice
    ([0, -1], [2, 0])
    """
    masks = hand_masks(size)
    ranks = np.full((size, len(masks)), -1, dtype=np.int8)
    counts = np.zeros((size, len(masks)), dtype=np.uint8)
    filled = np.zeros(len(masks), dtype=np.int64)
    columns = np.arange(len(masks))
    for rank in range(13):
        held = np.bitwise_count(masks & RANK_MASKS[rank])
        present = held > 0
        ranks[filled[present], columns[present]] = rank
        counts[filled[present], columns[present]] = held[present]
        filled += present
    ranks.flags.writeable = False
    counts.flags.writeable = False
    return ranks, counts


@functools.cache
def _sorted_masks(size: int) -> tuple[NDArray[np.int64], NDArray[np.uint64]]:
    masks = hand_masks(size)
    order = np.argsort(masks, kind="stable")
    return order, masks[order]


def hand_index(size: int, cards: ArrayLike) -> NDArray[np.int64]:
    """Table index of each hand (rows of ``size`` distinct card codes, any order).

    Examples
    --------
    >>> hand_index(2, [[1, 0], [50, 51]]).tolist()
    [0, 1325]
    """
    rows = np.asarray(cards, dtype=np.uint64).reshape(-1, size)
    masks = np.bitwise_or.reduce(np.uint64(1) << rows, axis=1)
    order, sorted_masks = _sorted_masks(size)
    return order[np.searchsorted(sorted_masks, masks)]
