"""Check the naive reference evaluator against published counts and by hand.

The exhaustive 5-card sweep (2,598,960 hands) takes about 15 s in pure Python;
the 7-card low counts use the fact that a low depends only on ranks, so the
133,784,560 hands collapse to about 50,000 rank multisets, each weighted by
the number of ways to give it suits.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from reference.naive_evaluator import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    best_high,
    best_low8,
    cards_from_text,
    category_of,
    low8_of_five,
    omaha_high,
    omaha_low8,
    rank5,
)

# REFERENCE.md, 5-card row: hands and distinct classes per category, high card first.
FIVE_CARD_COUNTS = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
FIVE_CARD_CLASSES = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def cards(text: str) -> list[int]:
    return cards_from_text(text)


def high(text: str) -> tuple[int, ...]:
    return best_high(cards(text))


@pytest.mark.slow  # all 2,598,960 hands through the plain-Python evaluator: about 25 s
def test_exhaustive_five_card_histogram() -> None:
    hands: Counter[int] = Counter()
    classes: dict[int, set[tuple[int, ...]]] = {category: set() for category in range(9)}
    for five in itertools.combinations(range(52), 5):
        key = rank5(five)
        category = category_of(key)
        hands[category] += 1
        classes[category].add(key)
    assert [hands[category] for category in range(9)] == FIVE_CARD_COUNTS
    assert [len(classes[category]) for category in range(9)] == FIVE_CARD_CLASSES
    assert sum(len(keys) for keys in classes.values()) == 7462
    # Categories are ordered: every key of a category beats every key below it.
    for lower in range(8):
        assert max(classes[lower]) < min(classes[lower + 1])


def test_fifty_six_lows_over_the_eight_low_ranks() -> None:
    # Ace to eight: ranks 12 and 0..6.
    low_cards = [code for code in range(52) if code >> 2 in (12, 0, 1, 2, 3, 4, 5, 6)]
    assert len(low_cards) == 32
    lows: Counter[tuple[int, ...]] = Counter()
    for five in itertools.combinations(low_cards, 5):
        low = low8_of_five(five)
        if low is not None:
            lows[low] += 1
    assert len(lows) == math.comb(8, 5) == 56
    # Each low is five distinct ranks with any suits: 4**5 hands apiece.
    assert set(lows.values()) == {4**5}
    assert max(lows) == low8_of_five(cards("As2d3h4c5s"))
    assert min(lows) == low8_of_five(cards("8s7d6h5c4s"))


def _seven_card_rank_multisets() -> list[tuple[list[int], int]]:
    """(representative 7 cards, number of 7-card hands with those ranks)."""
    result = []

    def extend(rank: int, counts: list[int], left: int) -> None:
        if rank == 13:
            if left == 0:
                ways = math.prod(math.comb(4, count) for count in counts)
                hand = [r * 4 + suit for r, count in enumerate(counts) for suit in range(count)]
                result.append((hand, ways))
            return
        for count in range(min(4, left) + 1):
            extend(rank + 1, [*counts, count], left - count)

    extend(0, [], 7)
    return result


def test_seven_card_low_counts() -> None:
    multisets = _seven_card_rank_multisets()
    assert sum(ways for _, ways in multisets) == math.comb(52, 7) == 133_784_560
    wheel = low8_of_five(cards("5s4s3s2sAs"))
    worst = low8_of_five(cards("8s7s6s5s4s"))
    with_low = wheel_hands = worst_hands = 0
    for hand, ways in multisets:
        low = best_low8(hand)
        if low is None:
            continue
        with_low += ways
        wheel_hands += ways if low == wheel else 0
        worst_hands += ways if low == worst else 0
    assert with_low == 24_530_944
    assert wheel_hands == 781_824
    assert worst_hands == 376_320


@pytest.mark.parametrize(
    ("weaker", "stronger"),
    [
        ("5d4c3h2sAd", "6d5c4h3s2d"),  # the wheel is the lowest straight
        ("AsAdAhKc2d", "5d4c3h2sAd"),  # ... but still a straight
        ("5s4s3s2sAs", "6h5h4h3h2h"),  # steel wheel is the lowest straight flush
        ("KsKdKhKcAs", "5s4s3s2sAs"),
        ("AsKsQsJs9s", "2c2d3h3s3c"),  # full house beats flush
        ("KsKd9h9cQs", "KhKc9s9dAd"),  # two pair: the kicker decides
        ("KsKd9h9cAs", "KhKcTsTdAd"),  # ... after the second pair
        ("AsAdKhQcTd", "AhAcKsQdJs"),  # pair: the last kicker decides
        ("7s5d4h3c2d", "7h6d4s3c2c"),  # high card: the second card decides
        ("QsQdQhJcJd", "2s2d2h2cKd"),  # quads beat a full house
        ("AsKdQhJc9d", "2s2d3h4c5d"),  # pair beats high card
    ],
)
def test_hand_picked_order(weaker: str, stronger: str) -> None:
    assert rank5(cards(weaker)) < rank5(cards(stronger))


def test_suits_never_break_ties() -> None:
    assert rank5(cards("AsKdQhJc9d")) == rank5(cards("AhKcQsJd9c"))
    assert rank5(cards("AsKsQsJs9s")) == rank5(cards("AhKhQhJh9h"))
    assert high("AsKd QhJc9d 2c 3d") == high("AhKc QsJd9c 2d 3h")


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("AsKsQsJs9s Ts 2c", STRAIGHT_FLUSH),  # seven cards: flush and straight
        ("AsKsQsJs9s 8d 2c", FLUSH),
        ("9s8d7h6c5d 4c 3d", STRAIGHT),
        ("AsAdAhKcKd Kh 2c", FULL_HOUSE),  # two trips make a full house
        ("2s2d2h3c3d 4h 4c", FULL_HOUSE),
        ("7s7d7h7c2d 2h 2c", QUADS),
        ("9s9d9h2c3d 5h Kc", TRIPS),
        ("9s9d8h8c3d 3h Kc", TWO_PAIR),  # three pairs: best two
        ("9s9d8h7c3d Jh Kc", PAIR),
        ("9s8d7h5c4d 3h 2c", HIGH_CARD),
        ("As2d3h4c 5d 9h Kc", STRAIGHT),
    ],
)
def test_best_high_category(text: str, category: int) -> None:
    assert category_of(high(text)) == category


def test_best_high_picks_the_best_five() -> None:
    # Three pairs: the kicker may come from the third pair.
    assert high("KsKd9h9c4d4h Qc") == rank5(cards("KsKd9h9cQc"))
    assert high("KsKd9h9c4d4h 2c") == rank5(cards("KsKd9h9c4d"))
    # Six-high straight, not the wheel.
    assert high("As2d3h4c5s6d Kc") == rank5(cards("2d3h4c5s6d"))
    # Six and five card inputs.
    assert high("AsAdKhKcQs2c") == rank5(cards("AsAdKhKcQs"))
    assert best_high(cards("AsAdKhKcQs")) == rank5(cards("AsAdKhKcQs"))


def test_best_low8() -> None:
    assert best_low8(cards("As2d3h4c5s Kd Kh")) == (-5, -4, -3, -2, -1)
    assert best_low8(cards("Ks Kd 8h 7c 6d 5s 4h")) == (-8, -7, -6, -5, -4)
    # Straights and flushes are ignored: a 5-high straight flush is the nut low.
    assert best_low8(cards("As2s3s4s5s")) == (-5, -4, -3, -2, -1)
    # Pairs do not count twice: A-A-2-3-4 plus a nine has no low.
    assert best_low8(cards("AsAd2h3c4d 9h Kc")) is None
    assert best_low8(cards("9s8d7h6c5d")) is None
    # Best five of seven low cards.
    assert best_low8(cards("8s7d6h4c3d 2h Ac")) == (-6, -4, -3, -2, -1)
    # 7-6-4-3-2 beats 7-6-5-2-A: compare from the top card down.
    assert low8_of_five(cards("7s6d4h3c2d")) > low8_of_five(cards("7s6d5h2cAd"))
    # A-2-3-4-5 is the best low of all.
    every_low = [
        low8_of_five(five) for five in itertools.combinations(cards("As2d3h4c5s6d7h8c"), 5)
    ]
    assert max(low for low in every_low if low is not None) == (-5, -4, -3, -2, -1)


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # A royal on board plays nothing: two hole cards must play.
    royal_board = cards("AsKsQsJsTs")
    assert category_of(omaha_high(cards("2c3d4h5s"), royal_board)) == HIGH_CARD
    # Four spades in the hand and one on board: no flush.
    assert category_of(omaha_high(cards("AsKsQsJs"), cards("2s7d8h9cKd"))) < FLUSH
    # Two spades in the hand and three on board: a flush.
    assert category_of(omaha_high(cards("AsKs2c3d"), cards("2s7s8s9cKd"))) == FLUSH
    # Board trips with a pair in the hand: a full house, using two hole cards.
    assert category_of(omaha_high(cards("QsQd2c3d"), cards("7s7d7h9cKd"))) == FULL_HOUSE
    # Quads in the hand play only as a pair.
    assert category_of(omaha_high(cards("AsAdAhAc"), cards("2s7d8h9cKd"))) == PAIR


def test_omaha_low() -> None:
    assert omaha_low8(cards("As2dKhKc"), cards("3c4d5hQsJs")) == (-5, -4, -3, -2, -1)
    # Paired low hole cards count once: A-A plays as one ace, and there is no
    # second low hole card, so no low.
    assert omaha_low8(cards("AsAdKhKc"), cards("3c4d5hQsJs")) is None
    # A-A-2 in the hand: the second ace is wasted, A-2 plays.
    assert omaha_low8(cards("AsAd2hKc"), cards("3c4d5hQsJs")) == (-5, -4, -3, -2, -1)
    # A board with only two low ranks can never make an Omaha low.
    assert omaha_low8(cards("As2d3h4c"), cards("5c6dKhQsJs")) is None
    assert omaha_low8(cards("As2d3h4c"), cards("5c5d6h6sKs")) is None
    # Three low board ranks, but the hole low cards duplicate them.
    assert omaha_low8(cards("3s4hKdKc"), cards("3c4d5hQsJs")) is None
    # The best low picks the two lowest hole cards that fit.
    assert omaha_low8(cards("As3d8hKc"), cards("2c4d7hQsJs")) == (-7, -4, -3, -2, -1)


def test_five_and_six_card_omaha() -> None:
    # Worked by hand: 3-4 from the hand with 5-6-7 on board is a seven-high
    # straight, beating the two pair A-A-K-K; the low is A-2 with 5-6-7.
    hole5, board = cards("AsAh2c3d4h"), cards("5s6s7dKcKh")
    assert omaha_high(hole5, board) == (STRAIGHT, 5)
    assert omaha_low8(hole5, board) == (-7, -6, -5, -2, -1)
    # A sixth card, 8h: 4-8 with 5-6-7 is an eight-high straight.
    hole6 = cards("AsAh2c3d4h8h")
    assert omaha_high(hole6, board) == (STRAIGHT, 6)
    assert omaha_low8(hole6, board) == (-7, -6, -5, -2, -1)
    # With a three-card flop and a four-card turn.
    assert omaha_high(hole6, cards("5s6s7d")) == (STRAIGHT, 6)
    assert omaha_low8(cards("AsAh2c3d"), cards("5s6s7dKc")) == (-7, -6, -5, -2, -1)


@pytest.mark.parametrize(
    ("hole", "board"),
    [("AsKs", "QsJsTs"), ("AsKsQsJs", "TsKd"), ("AsKsQsJsTs9s8s", "2c3c4c")],
)
def test_omaha_rejects_wrong_counts(hole: str, board: str) -> None:
    with pytest.raises(ValueError):
        omaha_high(cards(hole), cards(board))


def test_rejects_bad_hands() -> None:
    with pytest.raises(ValueError):
        rank5(cards("AsAsKdQh2c"))
    with pytest.raises(ValueError):
        best_high(cards("AsKdQh2c"))
    with pytest.raises(ValueError):
        best_low8(cards("As2d3h4c5s6d7h8c"))


# ---------------------------------------------------------------- peers


@pytest.mark.peers
def test_high_order_agrees_with_phevaluator() -> None:
    evaluator = pytest.importorskip("phevaluator")
    rng = random.Random(20261129)
    hands = [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(3000)]
    ours = [best_high(hand) for hand in hands]
    # phevaluator: same card codes, 1 is the royal flush, smaller is stronger.
    theirs = [evaluator.evaluate_cards(*hand) for hand in hands]
    for (key_a, value_a), (key_b, value_b) in itertools.pairwise(
        sorted(zip(ours, theirs, strict=True))
    ):
        assert (key_a < key_b) == (value_a > value_b)
        assert (key_a == key_b) == (value_a == value_b)


@pytest.mark.peers
def test_omaha_agrees_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    names = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    rng = random.Random(7)
    for _ in range(300):
        hole_size, board_size = rng.choice((4, 5, 6)), rng.choice((3, 4, 5))
        dealt = rng.sample(range(52), hole_size + board_size)
        hole, board = dealt[:hole_size], dealt[hole_size:]
        hole_text = "".join(names[code] for code in hole)
        board_text = "".join(names[code] for code in board)
        their_high = pokerkit.OmahaHoldemHand.from_game(hole_text, board_text)
        # Same best five cards up to suits: compare our key of their hand.
        their_cards = cards("".join(f"{card.rank}{card.suit}" for card in their_high.cards))
        assert rank5(their_cards) == omaha_high(hole, board)
        their_low = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(hole_text, board_text)
        our_low = omaha_low8(hole, board)
        if their_low is None:
            assert our_low is None
        else:
            low_cards = cards("".join(f"{card.rank}{card.suit}" for card in their_low.cards))
            assert low8_of_five(low_cards) == our_low
