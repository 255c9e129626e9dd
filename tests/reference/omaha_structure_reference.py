"""Plain-Python readings of Omaha hands for tests: structure names and simple range filters.

Nothing here uses numpy or the code under test: a hand is a tuple of card
codes (``rank * 4 + suit``), its structure comes from ``collections.Counter``.
"""

from __future__ import annotations

import itertools
from collections import Counter

PAIR_WORDS = {1: "one pair", 2: "two pair", 3: "three pair"}


def pairing(hand: tuple[int, ...]) -> str:
    """``no pair``, ``one pair``, ``two pair``, ``trips``, ``trips + pair``, ``quads``..."""
    sizes = Counter(Counter(card // 4 for card in hand).values())
    words = []
    if sizes[4]:
        words.append("quads")
    if sizes[3]:
        words.append("trips" if sizes[3] == 1 else "two trips")
    if sizes[2]:
        words.append("pair" if sizes[2] == 1 and words else PAIR_WORDS[sizes[2]])
    return " + ".join(words) or "no pair"


def suits(hand: tuple[int, ...]) -> str:
    """``double-suited``, ``single-suited``, ``rainbow``, ``monotone`` or counts like ``3-1``."""
    counts = sorted(Counter(card % 4 for card in hand).values(), reverse=True)
    if counts == [len(hand)]:
        return "monotone"
    if counts[0] == 1:
        return "rainbow"
    if counts[0] == 2:
        return {1: "single-suited", 2: "double-suited", 3: "triple-suited"}[counts.count(2)]
    return "-".join(map(str, counts))


def rank_count(hand: tuple[int, ...], rank: int) -> int:
    return sum(1 for card in hand if card // 4 == rank)


def double_suited(hand: tuple[int, ...]) -> bool:
    """Two suits with two cards each (four cards: ``xxyy``)."""
    return sorted(Counter(card % 4 for card in hand).values()) == [2, 2]


def all_hands(size: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations(range(52), size))
