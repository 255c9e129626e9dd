"""Hand categories and the 5-card hand classes that strengths are made of.

A high-hand strength is ``category << 12 | index``: the category (1 = high
card .. 9 = straight flush) in the top bits and the class's position inside
its category below, so a larger strength is always a stronger hand and equal
strengths tie. Every 5-, 6- or 7-card hand's strength is the strength of its
best five-card class, so the 7,462 classes built here are the whole range.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from enum import IntEnum
from typing import Any

import numpy as np

CATEGORY_SHIFT = 12
INDEX_MASK = (1 << CATEGORY_SHIFT) - 1
RANK_NAMES = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
RANK_PLURALS = (
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)
RANK_CHARS = "23456789TJQKA"

#: Number of 5-card classes in each category, high card first (7,462 in all);
#: a test recounts them from :func:`all_five_card_classes`.
CATEGORY_SIZES = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
#: Number of 8-or-better lows (choose 5 of the 8 ranks ace..eight).
N_LOWS = 56


class HandCategory(IntEnum):
    """The nine high-hand categories; larger is stronger."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """Human name, e.g. ``"Full House"``."""
        return self.name.replace("_", " ").title().replace("Of A", "of a")


# A class is (category, ranks): ranks are the tie-break ranks, most significant first.
HandClass = tuple[HandCategory, tuple[int, ...]]


def straight_top(rank_mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1 if none.

    The wheel A-2-3-4-5 counts as a five-high straight (top rank 3).
    """
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if rank_mask & window == window:
            return top
    wheel = (1 << 12) | 0b1111
    return 3 if rank_mask & wheel == wheel else -1


def class_of_counts(
    counts: tuple[int, ...] | list[int], top_of_straight: Callable[[int], int] = straight_top
) -> HandClass:
    """Best non-flush class of 5..7 cards given per-rank counts (index 0 = deuce).

    ``top_of_straight`` finds straights in a rank mask (the short deck passes its own,
    where A-6-7-8-9 is the lowest straight); the category order is not decided here.
    """
    present = [rank for rank in range(12, -1, -1) if counts[rank] > 0]
    quads = [rank for rank in present if counts[rank] == 4]
    trips = [rank for rank in present if counts[rank] == 3]
    pairs = [rank for rank in present if counts[rank] == 2]
    if quads:
        kicker = next(rank for rank in present if rank != quads[0])
        return HandCategory.FOUR_OF_A_KIND, (quads[0], kicker)
    if trips and (len(trips) > 1 or pairs):
        # The second trips can serve as the pair of a full house.
        pair = max([*trips[1:], *pairs])
        return HandCategory.FULL_HOUSE, (trips[0], pair)
    top = top_of_straight(sum(1 << rank for rank in present))
    if top >= 0:
        return HandCategory.STRAIGHT, (top,)
    if trips:
        kickers = [rank for rank in present if rank != trips[0]][:2]
        return HandCategory.THREE_OF_A_KIND, (trips[0], *kickers)
    if len(pairs) >= 2:
        kicker = next(rank for rank in present if rank not in pairs[:2])
        return HandCategory.TWO_PAIR, (pairs[0], pairs[1], kicker)
    if pairs:
        kickers = [rank for rank in present if rank != pairs[0]][:3]
        return HandCategory.PAIR, (pairs[0], *kickers)
    return HandCategory.HIGH_CARD, tuple(present[:5])


def class_of_flush(
    rank_mask: int, top_of_straight: Callable[[int], int] = straight_top
) -> HandClass:
    """Class of the cards of one suit (5..7 distinct ranks as a 13-bit mask)."""
    top = top_of_straight(rank_mask)
    if top >= 0:
        return HandCategory.STRAIGHT_FLUSH, (top,)
    ranks = [rank for rank in range(12, -1, -1) if rank_mask >> rank & 1]
    return HandCategory.FLUSH, tuple(ranks[:5])


def all_five_card_classes() -> list[HandClass]:
    """Every distinct 5-card class (7,462 of them), weakest first."""
    classes: set[HandClass] = set()
    for counts in rank_multisets(5, 5):
        classes.add(class_of_counts(counts))
    for ranks in itertools.combinations(range(13), 5):
        classes.add(class_of_flush(sum(1 << rank for rank in ranks)))
    return sorted(classes)


def category_classes(category: HandCategory) -> list[tuple[int, ...]]:
    """Tie-break ranks of every 5-card class of one category, weakest first.

    Entry ``i`` is the class of strength ``category << 12 | i`` (the same order
    as :func:`class_strengths`, which a test checks), built straight from the
    category's shape so one description costs a few milliseconds, not the
    whole 7,462-class enumeration.

    Examples
    --------
    >>> category_classes(HandCategory.STRAIGHT)[:2]
    [(3,), (4,)]
    >>> len(category_classes(HandCategory.HIGH_CARD)), len(category_classes(HandCategory.PAIR))
    (1277, 2860)
    """
    ranks = range(12, -1, -1)

    def others(excluded: tuple[int, ...], count: int) -> list[tuple[int, ...]]:
        return list(itertools.combinations([r for r in ranks if r not in excluded], count))

    found: list[tuple[int, ...]]
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        found = [(top,) for top in range(3, 13)]
    elif category in (HandCategory.HIGH_CARD, HandCategory.FLUSH):
        found = [
            five
            for five in itertools.combinations(ranks, 5)
            if straight_top(sum(1 << rank for rank in five)) < 0
        ]
    elif category in (HandCategory.FOUR_OF_A_KIND, HandCategory.FULL_HOUSE):
        found = [(big, small) for big in ranks for small in ranks if small != big]
    elif category == HandCategory.THREE_OF_A_KIND:
        found = [(trips, *kickers) for trips in ranks for kickers in others((trips,), 2)]
    elif category == HandCategory.TWO_PAIR:
        found = [
            (*pairs, kicker)
            for pairs in itertools.combinations(ranks, 2)
            for (kicker,) in others(pairs, 1)
        ]
    else:
        found = [(pair, *kickers) for pair in ranks for kickers in others((pair,), 3)]
    return sorted(found)


def rank_multisets(smallest: int, largest: int) -> list[tuple[int, ...]]:
    """Per-rank count vectors (each count 0..4) whose total is in [smallest, largest]."""
    found: list[tuple[int, ...]] = []
    counts = [0] * 13

    def extend(rank: int, left: int) -> None:
        if rank == 13:
            if largest - left >= smallest:
                found.append(tuple(counts))
            return
        for count in range(min(4, left) + 1):
            counts[rank] = count
            extend(rank + 1, left - count)
        counts[rank] = 0

    extend(0, largest)
    return found


def class_strengths() -> dict[HandClass, int]:
    """Map each 5-card class to its strength ``category << 12 | index``."""
    strengths: dict[HandClass, int] = {}
    next_index: dict[HandCategory, int] = {}
    for hand_class in all_five_card_classes():
        category = hand_class[0]
        index = next_index.get(category, 0)
        next_index[category] = index + 1
        strengths[hand_class] = int(category) << CATEGORY_SHIFT | index
    return strengths


def describe_class(hand_class: HandClass) -> str:
    """Words for a class, e.g. ``"Full House, Kings over Sevens"``."""
    category, ranks = hand_class
    name = RANK_NAMES
    plural = RANK_PLURALS
    if category == HandCategory.STRAIGHT_FLUSH:
        if ranks[0] == 12:
            return "Straight Flush, Ace high (Royal Flush)"
        return f"Straight Flush, {name[ranks[0]]} high"
    if category == HandCategory.FOUR_OF_A_KIND:
        return f"Four of a Kind, {plural[ranks[0]]}, {name[ranks[1]]} kicker"
    if category == HandCategory.FULL_HOUSE:
        return f"Full House, {plural[ranks[0]]} over {plural[ranks[1]]}"
    if category == HandCategory.FLUSH:
        return f"Flush, {'-'.join(RANK_CHARS[r] for r in ranks)}"
    if category == HandCategory.STRAIGHT:
        return f"Straight, {name[ranks[0]]} high"
    if category == HandCategory.THREE_OF_A_KIND:
        kickers = "-".join(RANK_CHARS[r] for r in ranks[1:])
        return f"Three of a Kind, {plural[ranks[0]]}, {kickers} kickers"
    if category == HandCategory.TWO_PAIR:
        return f"Two Pair, {plural[ranks[0]]} and {plural[ranks[1]]}, {name[ranks[2]]} kicker"
    if category == HandCategory.PAIR:
        kickers = "-".join(RANK_CHARS[r] for r in ranks[1:])
        return f"Pair of {plural[ranks[0]]}, {kickers} kickers"
    return f"High Card, {'-'.join(RANK_CHARS[r] for r in ranks)}"


def is_high_strength(strength: Any) -> Any:
    """True where a value is the strength of some real hand (the one validity rule).

    A strength is ``category << 12 | index`` with category 1..9 and index
    below that category's number of classes, so the check needs no table.

    Examples
    --------
    >>> is_high_strength(36873), is_high_strength(5373), is_high_strength(11052)
    (True, False, False)
    """
    values = np.asarray(strength, dtype=np.int64)
    category = values >> CATEGORY_SHIFT
    sizes = np.array((0, *CATEGORY_SIZES, 0), dtype=np.int64)
    inside = (values >= 0) & (category >= 1) & (category <= len(CATEGORY_SIZES))
    index = values & INDEX_MASK
    valid = inside & (index < sizes[np.clip(category, 0, len(sizes) - 1)])
    return bool(valid) if valid.ndim == 0 else valid


def low_strengths() -> dict[tuple[int, ...], int]:
    """Strength 1..56 of each 8-or-better low (ranks as low bits 0..7, ace = 0).

    Lows compare by their highest card, then the next: 8-7-6-5-4 is 1, the wheel 56.

    Examples
    --------
    >>> lows = low_strengths()
    >>> lows[(4, 3, 2, 1, 0)], lows[(7, 6, 5, 4, 3)], len(lows)
    (56, 1, 56)
    """
    lows = [tuple(sorted(ranks, reverse=True)) for ranks in itertools.combinations(range(8), 5)]
    lows.sort(reverse=True)  # worst (highest cards) first
    return {low: index + 1 for index, low in enumerate(lows)}
