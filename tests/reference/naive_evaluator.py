"""Slow, obviously-correct hand evaluation used as a test oracle.

Everything here is plain Python written straight from the rules, with no
tables, no numba and no code from ``showdown``: the fast evaluator is checked
against it, so it must not share that code's mistakes.

Cards are the integers ``rank * 4 + suit`` (rank 0..12 = 2..A, suit 0..3 =
c, d, h, s), as in ``showdown.cards``; :func:`cards_from_text` is a separate,
tiny parser so the oracle does not depend on the parser under test either.

Keys are tuples; a bigger key is a better hand and equal keys tie.

- High: ``(category, ranks...)`` with category 0..8 (high card .. straight
  flush) followed by the ranks that break ties, most important first.
- 8-or-better low: the five ace-low values (ace = 1, deuce = 2, ... eight = 8)
  sorted high to low and negated, so the smaller the top card (then the next)
  the bigger the key; ``None`` when no low qualifies.

Examples
--------
>>> rank5(cards_from_text("AsKsQsJsTs"))
(8, 12)
>>> best_low8(cards_from_text("As2d3h4c5s Kd Kh"))
(-5, -4, -3, -2, -1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)

HighKey = tuple[int, ...]
LowKey = tuple[int, ...]

_RANK_LETTERS = "23456789TJQKA"
_SUIT_LETTERS = "cdhs"
_ACE = 12
# The wheel A-2-3-4-5 as ranks sorted high to low: the ace plays low.
_WHEEL = [12, 3, 2, 1, 0]


def cards_from_text(text: str) -> list[int]:
    """Card codes of text such as ``"AsKd 7c"`` (ASCII ranks and suits only).

    Examples
    --------
    >>> cards_from_text("2c As")
    [0, 51]
    """
    letters = text.replace(" ", "")
    if len(letters) % 2:
        raise ValueError(f"odd number of characters in {text!r}")
    return [
        _RANK_LETTERS.index(letters[i].upper()) * 4 + _SUIT_LETTERS.index(letters[i + 1].lower())
        for i in range(0, len(letters), 2)
    ]


def rank5(cards: Sequence[int]) -> HighKey:
    """High-hand key of exactly five distinct cards.

    Examples
    --------
    >>> rank5(cards_from_text("5d4c3h2sAd")) < rank5(cards_from_text("6d5c4h3s2d"))
    True
    """
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"rank5 needs five distinct cards, got {list(cards)}")
    ranks = sorted((card >> 2 for card in cards), reverse=True)
    is_flush = len({card & 3 for card in cards}) == 1
    distinct = len(set(ranks)) == 5
    straight_high = None
    if distinct and ranks[0] - ranks[4] == 4:
        straight_high = ranks[0]
    elif ranks == _WHEEL:
        straight_high = 3  # the five: the wheel is the lowest straight
    if straight_high is not None:
        return (STRAIGHT_FLUSH if is_flush else STRAIGHT, straight_high)
    if is_flush:
        return (FLUSH, *ranks)
    # Order ranks by how many times they appear, then by rank: for a full
    # house the trips come first, for two pair the higher pair, then kickers.
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    ordered = tuple(rank for rank, _ in groups)
    if shape == [4, 1]:
        category = QUADS
    elif shape == [3, 2]:
        category = FULL_HOUSE
    elif shape == [3, 1, 1]:
        category = TRIPS
    elif shape == [2, 2, 1]:
        category = TWO_PAIR
    elif shape == [2, 1, 1, 1]:
        category = PAIR
    else:
        category = HIGH_CARD
    return (category, *ordered)


def category_of(key: HighKey) -> int:
    """Category 0..8 (high card .. straight flush) of a high key.

    Examples
    --------
    >>> CATEGORY_NAMES[category_of(rank5(cards_from_text("AsAdKhKc2s")))]
    'two pair'
    """
    return key[0]


def best_high(cards: Sequence[int]) -> HighKey:
    """Best high key of any five of 5 to 7 cards.

    Examples
    --------
    >>> category_of(best_high(cards_from_text("AsKsQsJs9s Ts 2c")))
    8
    """
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError(f"best_high needs 5 to 7 distinct cards, got {list(cards)}")
    return max(rank5(five) for five in combinations(cards, 5))


def _ace_low(card: int) -> int:
    rank = card >> 2
    return 1 if rank == _ACE else rank + 2


def low8_of_five(cards: Sequence[int]) -> LowKey | None:
    """Low key of exactly five cards, or None unless they are five distinct
    ranks all eight or lower (ace low). Straights and flushes do not count.

    Examples
    --------
    >>> low8_of_five(cards_from_text("8s7s6s5s4s"))
    (-8, -7, -6, -5, -4)
    >>> low8_of_five(cards_from_text("9s7s6s5s4s")) is None
    True
    """
    values = [_ace_low(card) for card in cards]
    if len(set(values)) != 5 or max(values) > 8:
        return None
    return tuple(-value for value in sorted(values, reverse=True))


def _best_low(fives: Iterable[Sequence[int]]) -> LowKey | None:
    lows = [low for low in map(low8_of_five, fives) if low is not None]
    return max(lows) if lows else None


def best_low8(cards: Sequence[int]) -> LowKey | None:
    """Best 8-or-better low of any five of 5 to 7 cards, or None.

    Examples
    --------
    >>> best_low8(cards_from_text("Ks Kd 8h 7c 6d 5s 4h"))
    (-8, -7, -6, -5, -4)
    >>> best_low8(cards_from_text("As Ad 2h 2c 3d 4s Kh")) is None
    True
    """
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError(f"best_low8 needs 5 to 7 distinct cards, got {list(cards)}")
    return _best_low(combinations(cards, 5))


def _omaha_fives(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, ...]]:
    """Every five-card hand of exactly two hole cards and three board cards."""
    if not 4 <= len(hole) <= 6 or not 3 <= len(board) <= 5:
        raise ValueError(f"Omaha needs 4-6 hole and 3-5 board cards, got {len(hole)}, {len(board)}")
    if len(set(hole) | set(board)) != len(hole) + len(board):
        raise ValueError("Omaha hole and board cards must be distinct")
    return [two + three for two in combinations(hole, 2) for three in combinations(board, 3)]


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> HighKey:
    """Best Omaha high key: exactly two hole cards and three board cards.

    Examples
    --------
    >>> category_of(omaha_high(cards_from_text("2c3d4h5s"), cards_from_text("AsKsQsJsTs")))
    0
    """
    return max(rank5(five) for five in _omaha_fives(hole, board))


def omaha_low8(hole: Sequence[int], board: Sequence[int]) -> LowKey | None:
    """Best Omaha 8-or-better low (exactly two hole + three board), or None.

    Examples
    --------
    >>> omaha_low8(cards_from_text("As2dKhKc"), cards_from_text("3c4d5hQsJs"))
    (-5, -4, -3, -2, -1)
    """
    return _best_low(_omaha_fives(hole, board))
