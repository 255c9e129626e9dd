"""Short-deck (6+) hold'em evaluator: a naive ranker, pokerkit, the special rules, bad input.

The naive ranker below knows nothing of the tables or of ``categories.py``: it
ranks five cards from their ranks and suits by the short-deck rules (flush over
full house, A-6-7-8-9 the lowest straight) and gives a key that sorts like the hands.
"""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest

from showdown.cards import format_cards, parse_cards
from showdown.errors import InputError
from showdown.evaluator import HandCategory, describe, evaluate, evaluate_short_deck, hand_category
from showdown.evaluator.short_deck_tables import (
    N_SHORT_DECK_CLASSES,
    SHORT_DECK_CATEGORY_SIZES,
    SHORT_DECK_ORDER,
    SHORT_DECK_TABLES_SHA256,
    build_short_deck_tables,
    short_deck_classes,
    short_deck_table_digest,
)

SHORT_DECK = np.arange(16, 52, dtype=np.uint8)  # six (rank code 4) to ace

# Naive ranker: (category rank 0..8 weakest first, tie-break ranks); ranks 4..12 = six..ace.
NAIVE_ORDER = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "full house",
    "flush",
    "four of a kind",
    "straight flush",
)


def naive_rank(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_top = distinct[0]
    elif distinct == [12, 7, 6, 5, 4]:  # A-9-8-7-6: the ace plays low, nine high
        straight_top = 7
    counts = Counter(ranks)
    # Ranks by (how many, rank), most first: the tie-break order for paired hands.
    grouped = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if straight_top is not None and flush:
        return NAIVE_ORDER.index("straight flush"), (straight_top,)
    if shape == [4, 1]:
        return NAIVE_ORDER.index("four of a kind"), grouped
    if flush:
        return NAIVE_ORDER.index("flush"), tuple(ranks)
    if shape == [3, 2]:
        return NAIVE_ORDER.index("full house"), grouped
    if straight_top is not None:
        return NAIVE_ORDER.index("straight"), (straight_top,)
    if shape == [3, 1, 1]:
        return NAIVE_ORDER.index("three of a kind"), grouped
    if shape == [2, 2, 1]:
        return NAIVE_ORDER.index("two pair"), grouped
    if shape == [2, 1, 1, 1]:
        return NAIVE_ORDER.index("pair"), grouped
    return NAIVE_ORDER.index("high card"), tuple(ranks)


def expected_counts() -> dict[str, int]:
    """Five-card hands of each category in 36 cards, counted by formula."""
    straights = 6  # tops nine (A-6-7-8-9) .. ace
    rank_sets = comb(9, 5)
    return {
        "straight flush": straights * 4,
        "four of a kind": 9 * 8 * 4,
        "flush": 4 * (rank_sets - straights),
        "full house": 9 * comb(4, 3) * 8 * comb(4, 2),
        "straight": straights * (4**5 - 4),
        "three of a kind": 9 * comb(4, 3) * comb(8, 2) * 4**2,
        "two pair": comb(9, 2) * comb(4, 2) ** 2 * 7 * 4,
        "pair": 9 * comb(4, 2) * comb(8, 3) * 4**3,
        "high card": (rank_sets - straights) * (4**5 - 4),
    }


def same_order(ours: np.ndarray, theirs: list) -> None:
    """``ours`` orders the hands exactly as the sortable ``theirs`` does (ties included)."""
    order = sorted(range(len(theirs)), key=lambda index: theirs[index])
    for before, after in itertools.pairwise(order):
        if theirs[before] == theirs[after]:
            assert ours[before] == ours[after], (before, after)
        else:
            assert ours[before] < ours[after], (before, after)


def deal(seed: int, n_hands: int, n_cards: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return SHORT_DECK[np.argsort(rng.random((n_hands, 36)), axis=1)[:, :n_cards]]


def check_against_naive(hands: np.ndarray) -> list[tuple[int, tuple[int, ...]]]:
    """Strengths order ``hands`` as the naive ranker does, ties included, with its categories."""
    strengths = evaluate_short_deck(hands)
    naive = [naive_rank(hand) for hand in hands.tolist()]
    # One strength per naive class, rising with the naive key: the same order and ties.
    strength_of: dict[tuple[int, tuple[int, ...]], set[int]] = {}
    for key, strength in zip(naive, strengths.tolist(), strict=True):
        strength_of.setdefault(key, set()).add(strength)
    assert all(len(found) == 1 for found in strength_of.values())
    ordered = [strength_of[key].pop() for key in sorted(strength_of)]
    assert ordered == sorted(set(ordered))
    # hand_category names the naive ranker's category for every hand.
    expected = np.array([int(SHORT_DECK_ORDER[key[0]]) for key in naive])
    np.testing.assert_array_equal(hand_category(strengths, game="shortdeck"), expected)
    return naive


ALL_FIVE = np.array(list(itertools.combinations(SHORT_DECK.tolist(), 5)), dtype=np.uint8)


def test_five_card_hands_against_the_naive_ranker() -> None:
    # Every 11th hand of the enumeration (34,272 hands) in the default run.
    naive = check_against_naive(ALL_FIVE[::11])
    assert len({key[0] for key in naive}) == 9
    assert SHORT_DECK_ORDER[NAIVE_ORDER.index("flush")] == HandCategory.FLUSH


@pytest.mark.slow
def test_all_five_card_hands_against_the_naive_ranker() -> None:
    assert len(ALL_FIVE) == comb(36, 5)
    naive = check_against_naive(ALL_FIVE)
    assert Counter(NAIVE_ORDER[category] for category, _ in naive) == expected_counts()
    # Every class occurs, so the strengths are exactly 1..1404.
    assert len(set(naive)) == N_SHORT_DECK_CLASSES


def test_class_sizes_are_recounted() -> None:
    sizes = Counter(category for category, _ in short_deck_classes())
    assert tuple(sizes[category] for category in SHORT_DECK_ORDER) == SHORT_DECK_CATEGORY_SIZES


def test_seven_and_six_cards_are_the_best_five_card_subset() -> None:
    for n_cards in (6, 7):
        hands = deal(n_cards, 400, n_cards)
        subsets = np.array(list(itertools.combinations(range(n_cards), 5)))
        best = evaluate_short_deck(hands[:, subsets]).max(axis=1)
        np.testing.assert_array_equal(evaluate_short_deck(hands), best)


@pytest.mark.peers
@pytest.mark.parametrize("n_cards", [5, 7])
def test_agrees_with_pokerkit_short_deck(n_cards: int) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    hands = deal(100 + n_cards, 400, n_cards)
    # Deal some hands from a few ranks too, so flushes, full houses and straights meet.
    rng = np.random.default_rng(7)
    narrow = np.array(
        [rng.choice(np.arange(36, 52), n_cards, replace=False) for _ in range(200)], np.uint8
    )
    hands = np.concatenate((hands, narrow))
    theirs = [
        pokerkit.ShortDeckHoldemHand.from_game(format_cards(hand)).entry.index for hand in hands
    ]
    same_order(evaluate_short_deck(hands), theirs)


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("7h8h9hJhKh", "AsAdAcKsKd"),  # the weakest flush beats the best full house
        ("As6d7c8h9s", "AsAdAcKsQd"),  # A-6-7-8-9 is a straight, above three of a kind
        ("6s7d8c9hTs", "As6d7c8h9s"),  # ... and the lowest straight
        ("AsKdQcJhTs", "KsQdJcTh9s"),  # A-K-Q-J-T is still the top straight
        ("6h7h8h9hTh", "Ah6h7h8h9h"),  # the suited wheel is the lowest straight flush
        ("Ah6h7h8h9h", "AsAdAcAhKd"),  # ... still above four of a kind
        ("AsAdAcKsKd", "AsKdQcJhTs"),  # full house over straight, as in the full deck
    ],
)
def test_short_deck_rules(stronger: str, weaker: str) -> None:
    assert evaluate_short_deck(stronger) > evaluate_short_deck(weaker)


def test_wheel_words_and_categories() -> None:
    strengths = evaluate_short_deck(["As6d7c8h9s", "Ah6h7h8h9h", "7h8h9hJhKh", "AsAdAcKsKd"])
    assert describe(strengths, game="shortdeck") == [
        "Straight, Nine high",
        "Straight Flush, Nine high",
        "Flush, K-J-9-8-7",
        "Full House, Aces over Kings",
    ]
    assert hand_category(strengths, game="6+").tolist() == [
        HandCategory.STRAIGHT,
        HandCategory.STRAIGHT_FLUSH,
        HandCategory.FLUSH,
        HandCategory.FULL_HOUSE,
    ]
    assert hand_category(int(strengths[0]), game="Short Deck") is HandCategory.STRAIGHT
    # 6-7-8-9-T is a straight, so the weakest hand is J-9-8-7-6 of mixed suits.
    assert describe(1, game="shortdeck") == describe(evaluate_short_deck("Js9d8c7h6s"), game="6+")
    assert describe(1, game="shortdeck") == "High Card, J-9-8-7-6"


def test_board_argument_and_batches() -> None:
    joined = evaluate_short_deck(["As6d7c8h9sKdKh", "KsKc7c8h9sKdKh"])
    split = evaluate_short_deck(["As6d", "KsKc"], board="7c8h9sKdKh")
    np.testing.assert_array_equal(joined, split)
    assert evaluate_short_deck(np.stack([deal(1, 6, 7)] * 2)).shape == (2, 6)
    assert evaluate_short_deck(np.zeros((0, 2), np.uint8), board="AsKsQs").shape == (0,)
    with pytest.raises(ValueError, match="board: 2s is not in the short deck"):
        evaluate_short_deck(np.zeros((0, 2), np.uint8), board="As2sQs")


def test_threads_do_not_change_the_answer() -> None:
    hands = deal(3, 60_000, 7)  # above the one-thread threshold
    np.testing.assert_array_equal(
        evaluate_short_deck(hands, threads=2), evaluate_short_deck(hands, threads=1)
    )


def test_differs_from_the_full_deck_where_the_rules_do() -> None:
    flush, full_house = parse_cards("7h8h9hJhKh"), parse_cards("AsAdAcKsKd")
    assert evaluate(flush) < evaluate(full_house)
    assert evaluate_short_deck(flush) > evaluate_short_deck(full_house)


@pytest.mark.parametrize(
    ("cards", "board", "message"),
    [
        ("As5d7c8h9s", None, "cards: 5d is not in the short deck"),
        ("As6d", "7c8h2sKdKh", "board: 2s is not in the short deck"),
        (["AsKdQcJhTs", "As4d7c8h9s"], None, r"cards \(hand 1 of the batch\): 4d is not"),
        ("AsAs7c8h9s", None, "duplicate card As"),
        ("AsKd", None, "expected 5, 6 or 7 cards"),
        (np.array([16, 20, 24, 28, 60]), None, "card code 60 is out of range"),
        (np.array([16, 20, 24, 28, 60], np.uint8), None, "60"),
    ],
)
def test_bad_input_is_named(cards: object, board: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_short_deck(cards, board=board)  # type: ignore[call-overload]


def test_describe_refuses_the_other_games_strengths() -> None:
    full_deck = int(evaluate("AsKsQsJsTs"))
    with pytest.raises(ValueError, match="not a short-deck strength"):
        describe(full_deck, game="shortdeck")
    with pytest.raises(ValueError, match="game='shortdeck'"):
        describe(int(evaluate_short_deck("AsKsQsJsTs")))
    with pytest.raises(ValueError, match="not a short-deck strength"):
        hand_category([0], game="shortdeck")
    with pytest.raises(InputError, match="unknown game 'chess'"):
        describe(full_deck, game="chess")
    assert describe(full_deck, game="holdem") == describe(full_deck)


def test_tables_are_rebuilt_identically() -> None:
    assert short_deck_table_digest(build_short_deck_tables()) == SHORT_DECK_TABLES_SHA256
