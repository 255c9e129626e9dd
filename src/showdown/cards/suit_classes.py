"""Hands of any size up to suit relabelling: the classes behind Omaha's ``%`` orderings.

Two hands are in one **class** when a relabelling of the four suits maps one
onto the other (``AsAhKsKh`` and ``AdAcKdKc``). A hand is four 13-bit rank
masks, one per suit (bit ``r`` = rank ``r``, the ace in bit 12), and a
relabelling permutes them, so a class is the *multiset* of its four rank
masks. Its **canonical** hand gives the largest rank mask to spades, the
next to hearts, then diamonds, then clubs: that is also the hand whose
52-bit card mask is the largest of the class (the highest card decides
first, and it sits in the highest suit), so the canonical mask is the
class's key and the classes are numbered in the order of their keys.

The classes are enumerated directly, as every non-increasing quadruple of
rank masks holding ``size`` cards in all, without looking at the
C(52, size) hands: 16,432 classes of four cards, 134,459 of five and
962,988 of six (the tests count them again from every hand). A class
holds ``24 / (m1! m2! ...)`` hands, where the ``m`` count equal rank masks
(empty suits included).

Examples
--------
>>> keys, sizes = class_keys(4)
>>> len(keys), int(sizes.sum())
(16432, 270725)
>>> from showdown.cards import format_cards, parse_cards
>>> format_cards(representatives(4)[class_of(parse_cards("AdAcKdKc")[None])][0][::-1])
'AsAhKsKh'
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "canonical_masks",
    "class_count",
    "class_keys",
    "class_of",
    "member_masks",
    "representatives",
    "suit_rank_masks",
]

_RANK_SETS = 1 << 13
#: Card mask of each 13-bit rank mask, in clubs (shift left by the suit for the others).
_SPREAD = np.array(
    [sum(1 << (4 * rank) for rank in range(13) if mask >> rank & 1) for mask in range(_RANK_SETS)],
    dtype=np.uint64,
)
_POPCOUNT = np.bitwise_count(np.arange(_RANK_SETS, dtype=np.uint16)).astype(np.int64)
#: Every way to hand four rank masks to the four suits.
_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def _check_size(size: int) -> int:
    if isinstance(size, bool) or size not in (1, 2, 3, 4, 5, 6):
        raise ValueError(f"hand size must be 1..6, got {size!r}")
    return int(size)


def _suit_masks_to_keys(suit_masks: NDArray[np.int64]) -> NDArray[np.uint64]:
    """Card masks of hands given as ``(n, 4)`` rank masks by suit (column = suit code)."""
    keys = np.zeros(len(suit_masks), dtype=np.uint64)
    for suit in range(4):
        keys |= _SPREAD[suit_masks[:, suit]] << np.uint64(suit)
    return keys


@functools.cache
def _class_suit_masks(size: int) -> tuple[NDArray[np.int64], NDArray[np.uint64]]:
    """Canonical rank masks ``(classes, 4)`` (clubs first) and keys, in key order."""
    by_count = [np.flatnonzero(count == _POPCOUNT) for count in range(size + 1)]
    # Grow non-increasing quadruples suit by suit (spades first): each next mask
    # is at most the previous one and leaves cards for the rest. Rows never die
    # except at the last suit, where the mask must hold exactly what is left.
    chosen = np.zeros((1, 0), dtype=np.int64)
    left = np.array([size])
    previous = np.array([_RANK_SETS - 1])
    for position in range(4):
        pieces, lefts, lasts = [], [], []
        for count in range(size + 1):
            fits = left == count if position == 3 else left >= count
            rows = np.flatnonzero(fits)
            allowed = np.searchsorted(by_count[count], previous[rows], side="right")
            parent = np.repeat(rows, allowed)
            start = np.cumsum(allowed) - allowed
            offset = np.arange(len(parent)) - np.repeat(start, allowed)
            masks = by_count[count][offset]
            pieces.append(np.column_stack([chosen[parent], masks]))
            lefts.append(left[parent] - count)
            lasts.append(masks)
        chosen = np.concatenate(pieces)
        left, previous = np.concatenate(lefts), np.concatenate(lasts)
    suit_masks = chosen[:, ::-1]  # columns were spades..clubs; suit codes run clubs..spades
    keys = _suit_masks_to_keys(suit_masks)
    order = np.argsort(keys)
    return np.ascontiguousarray(suit_masks[order]), keys[order]


@functools.cache
def class_keys(size: int) -> tuple[NDArray[np.uint64], NDArray[np.int64]]:
    """``(keys, sizes)``: every class's canonical card mask (ascending) and its hand count."""
    suit_masks, keys = _class_suit_masks(_check_size(size))
    ordered = np.sort(suit_masks, axis=1)
    # Hands in a class: 24 suit assignments, less the swaps of equal rank masks.
    repeats = np.ones(len(ordered), dtype=np.int64)
    run = np.ones(len(ordered), dtype=np.int64)
    for column in range(1, 4):
        same = ordered[:, column] == ordered[:, column - 1]
        run = np.where(same, run + 1, 1)
        repeats *= run
    sizes = 24 // repeats
    for array in (keys, sizes):
        array.flags.writeable = False
    return keys, sizes


@functools.cache
def representatives(size: int) -> NDArray[np.uint8]:
    """Each class's canonical hand ``(classes, size)``, cards ascending (read-only)."""
    from .hand_table import masks_to_cards

    cards = masks_to_cards(class_keys(size)[0], size)
    cards.flags.writeable = False
    return cards


def suit_rank_masks(cards: ArrayLike) -> NDArray[np.int64]:
    """``(n, 4)`` rank masks by suit (column = suit code, clubs first) of hands ``(n, size)``."""
    rows = np.asarray(cards, dtype=np.int64)
    rows = rows.reshape(-1, rows.shape[-1]) if rows.size else rows.reshape(0, 1)
    ranks, suits = rows // 4, rows % 4
    masks = np.zeros((len(rows), 4), dtype=np.int64)
    for suit in range(4):
        masks[:, suit] = np.bitwise_or.reduce(np.where(suits == suit, 1 << ranks, 0), axis=1)
    return masks


def canonical_masks(cards: ArrayLike) -> NDArray[np.uint64]:
    """The key (canonical card mask) of each hand's class, for hands ``(n, size)``."""
    return _suit_masks_to_keys(np.sort(suit_rank_masks(cards), axis=1))


def class_of(cards: ArrayLike) -> NDArray[np.int64]:
    """Class number of each hand ``(n, size)`` (rows of distinct cards)."""
    rows = np.asarray(cards)
    keys, _ = class_keys(rows.shape[-1])
    found = canonical_masks(rows)
    index = np.searchsorted(keys, found)
    return index.astype(np.int64)


def member_masks(size: int, classes: ArrayLike) -> NDArray[np.uint64]:
    """Card masks of every hand of the given classes (sorted, each once)."""
    suit_masks, _ = _class_suit_masks(_check_size(size))
    chosen = suit_masks[np.asarray(classes, dtype=np.int64)]
    keys = [_suit_masks_to_keys(chosen[:, permutation]) for permutation in _PERMUTATIONS]
    masks = np.sort(np.concatenate(keys))
    # Equal rank masks give the same hand under several relabellings: keep it once
    # (sort and compare neighbours: numpy's hashing unique is far slower on these).
    return masks[np.concatenate(([True], masks[1:] != masks[:-1]))]


def class_count(size: int) -> int:
    """Number of classes of ``size``-card hands."""
    return len(class_keys(size)[0])
