"""The generic range language: published counts, and agreement with a brute-force reading."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.generic_range_reference import Op, Pat, Spec, all_hands, evaluate, render
from showdown.cards import Range, parse_range
from showdown.cards.generic_range import MACROS, RangeSyntaxError, parse_generic
from showdown.cards.hand_table import hand_cards, hand_masks
from showdown.cards.ranges import parse_hand_or_range

A, K, Q, J, T = 12, 11, 10, 9, 8


def hands_of(text: str, size: int) -> set[tuple[int, ...]]:
    indices, _ = parse_generic(text, size)
    return {tuple(row) for row in hand_cards(size, indices).tolist()}


def rank(value: int, suit: int | None = None, *, variable: str | None = None) -> Spec:
    return Spec(frozenset({value}), suit, suit_variable=variable)


def suit_variable(letter: str) -> Spec:
    return Spec(suit_variable=letter)


def rank_variable(letter: str, suit: str | None = None) -> Spec:
    return Spec(rank_variable=letter, suit_variable=suit)


# ---------------------------------------------------------------- published counts

ISSUE_COUNTS = {
    "xxyy": 36_504,  # double-suited
    "xxyz": 158_184,  # single-suited (2-1-1)
    "xxx!xxxx": 44_616,  # 3-1
    "xxxx": 2_860,  # monotone
    "wxyz": 28_561,  # rainbow
    "RRRR": 13,  # quads
    "RRR!RRRR": 2_496,  # trips
    "RROO": 2_808,  # two pair
    "RR!RRR!RROO": 82_368,  # one pair
    "*!RR": 183_040,  # no pair
    "AA": 6_961,
    "AA!AAA": 6_768,
    "AA:xxyy": 864,
}


@pytest.mark.parametrize(("text", "count"), ISSUE_COUNTS.items())
def test_issue_counts_over_all_four_card_hands(text: str, count: int) -> None:
    indices, weights = parse_generic(text, 4)
    assert len(indices) == count
    assert np.all(weights == 1.0)


def test_suit_and_pair_structures_partition_the_hands() -> None:
    suits = ["xxyy", "xxyz", "xxx!xxxx", "xxxx", "wxyz"]
    pairs = ["RRRR", "RRR!RRRR", "RROO", "RR!RRR!RROO", "*!RR"]
    for family in (suits, pairs):
        found = np.concatenate([parse_generic(text, 4)[0] for text in family])
        assert len(found) == len(np.unique(found)) == 270_725


def test_hand_classes_under_suit_permutation() -> None:
    cards = hand_cards(4, np.arange(270_725)).astype(np.int64)
    keys = []
    for permutation in itertools.permutations(range(4)):
        mapped = cards // 4 * 4 + np.array(permutation)[cards % 4]
        keys.append(np.bitwise_or.reduce(np.left_shift(1, mapped), axis=1))
    assert len(np.unique(np.min(keys, axis=0))) == 16_432


def test_hand_table_is_every_hand_in_order() -> None:
    for size in (2, 4):
        expected = np.array(list(itertools.combinations(range(52), size)), dtype=np.uint8)
        assert np.array_equal(hand_cards(size, np.arange(len(hand_masks(size)))), expected)


# -------------------------------------------------- every element against brute force

ELEMENTS: list[tuple[str, object]] = [
    ("AsKhJd2c", Pat((rank(A, 3), rank(K, 2), rank(J, 1), rank(0, 0)))),
    ("AK", Pat((rank(A), rank(K)))),
    ("*", Pat((Spec(),))),
    ("A**", Pat((rank(A), Spec(), Spec()))),
    ("ssxx", Pat((Spec(suit=3), Spec(suit=3), suit_variable("x"), suit_variable("x")))),
    (
        "AxAyxy",
        Pat((rank(A, variable="x"), rank(A, variable="y"), suit_variable("x"), suit_variable("y"))),
    ),
    ("AARR", Pat((rank(A), rank(A), rank_variable("R"), rank_variable("R")))),
    (
        "RxRyOxOy",
        Pat(
            (
                rank_variable("R", "x"),
                rank_variable("R", "y"),
                rank_variable("O", "x"),
                rank_variable("O", "y"),
            )
        ),
    ),
    ("RRON", Pat((rank_variable("R"), rank_variable("R"), rank_variable("O"), rank_variable("N")))),
    ("Ks", Pat((rank(K, 3),))),
    ("[A,K,Q]J", Pat((Spec(frozenset({A, K, Q})), rank(J)))),
    ("[2-5]x[2-5]x", Pat((Spec(frozenset({0, 1, 2, 3}), suit_variable="x"),) * 2)),
    ("$B$B", Pat((Spec(frozenset({A, K, Q, J})),) * 2)),
    ("$W$W$W", Pat((Spec(frozenset({A, 0, 1, 2, 3})),) * 3)),
]
SPANS = {
    "QQ+": ["QQ", "KK", "AA"],
    "88-55": ["88", "77", "66", "55"],
    "AwJw+": ["AwJw", "AwQw", "AwKw"],
    "KwQw-KwTw": ["KwQw", "KwJw", "KwTw"],
    "[QQ+]*x": ["QQ*x", "KK*x", "AA*x"],
    "[2-4]A": ["2A", "3A", "4A"],
    "JT9-987": ["JT9", "T98", "987"],
    "T9+": ["T9"],
    "K9-": ["K9", "K8", "K7", "K6", "K5", "K4", "K3", "K2"],
}


@pytest.fixture(scope="module")
def sample_hands() -> list[tuple[int, ...]]:
    generator = random.Random(20240518)
    hands = all_hands(4)
    return sorted(generator.sample(hands, 4000))


def restricted(text: str, hands: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    return hands_of(text, 4) & set(hands)


@pytest.mark.parametrize(("text", "tree"), ELEMENTS, ids=[text for text, _ in ELEMENTS])
def test_each_element_agrees_with_brute_force(
    text: str, tree: object, sample_hands: list[tuple[int, ...]]
) -> None:
    assert restricted(text, sample_hands) == evaluate(tree, sample_hands)
    assert isinstance(tree, Pat)
    if len(tree.specs) <= 2:
        assert hands_of(text, 2) == evaluate(tree, all_hands(2))


@pytest.mark.parametrize(
    "text",
    [
        "AA:xxyy",
        "RxRyOxOy",
        pytest.param("ssxx", marks=pytest.mark.slow),
        pytest.param("[A,K,Q]J", marks=pytest.mark.slow),
        pytest.param("AARR", marks=pytest.mark.slow),
        pytest.param("RRON", marks=pytest.mark.slow),
    ],
)
def test_elements_agree_over_every_four_card_hand(text: str) -> None:
    tree = dict(ELEMENTS).get(text) or Op(
        ":", Pat((rank(A), rank(A))), Pat((suit_variable("x"),) * 2 + (suit_variable("y"),) * 2)
    )
    assert hands_of(text, 4) == evaluate(tree, all_hands(4))


@pytest.mark.parametrize(("span", "parts"), SPANS.items())
def test_spans_are_the_union_of_their_steps(span: str, parts: list[str]) -> None:
    for size in (2, 4):
        if any(len(part.replace("w", "")) > size for part in parts):
            continue
        union: set[tuple[int, ...]] = set()
        for part in parts:
            union |= hands_of(part, size)
        assert hands_of(span, size) == union


def test_precedence_and_left_to_right(sample_hands: list[tuple[int, ...]]) -> None:
    aces, kings, double = (
        Pat((rank(A),) * 2),
        Pat((rank(K),) * 2),
        Pat((suit_variable("x"),) * 2 + (suit_variable("y"),) * 2),
    )
    trips = Pat((rank(A),) * 3)
    cases = {
        # ":" binds tighter than ",".
        "AA,KK:xxyy": Op(",", aces, Op(":", kings, double)),
        # "!" binds tighter than ":".
        "xxyy:AA!AAA": Op(":", double, Op("!", aces, trips)),
        # Left to right.
        "AA!AAA!KK": Op("!", Op("!", aces, trips), kings),
        "(AA,KK):xxyy": Op(":", Op(",", aces, kings), double),
    }
    for text, tree in cases.items():
        assert restricted(text, sample_hands) == evaluate(tree, sample_hands), text


def test_macros() -> None:
    assert hands_of("$ds", 4) == hands_of("xxyy", 4)
    assert hands_of("$ss", 4) == hands_of("xxyz", 4)
    assert hands_of("$rb", 4) == hands_of("wxyz", 4)
    assert hands_of("$np", 4) == hands_of("*!RR", 4)
    assert hands_of("$s", 2) == hands_of("xx", 2)
    assert hands_of("AA$ds", 4) == hands_of("AA:xxyy", 4)
    assert set(MACROS) >= {"$B", "$R", "$M", "$Z", "$L", "$W", "$N", "$F", "$s", "$o", "$ds"}


# ------------------------------------------------------------------ hypothesis


def _specs() -> st.SearchStrategy[Spec]:
    ranks = st.one_of(
        st.none(),
        st.integers(0, 12).map(lambda value: frozenset({value})),
        st.sets(st.integers(0, 12), min_size=2, max_size=4).map(frozenset),
    )
    return st.builds(
        lambda ranks_, suit, rank_var, suit_var: Spec(
            None if rank_var else ranks_,
            None if suit_var else suit,
            rank_var,
            suit_var,
        ),
        ranks,
        st.one_of(st.none(), st.integers(0, 3)),
        st.one_of(st.none(), st.sampled_from("RO")),
        st.one_of(st.none(), st.sampled_from("xy")),
    )


def _trees(size: int) -> st.SearchStrategy[object]:
    patterns = st.lists(_specs(), min_size=1, max_size=size).map(lambda specs: Pat(tuple(specs)))
    return st.recursive(
        patterns,
        lambda inner: st.builds(Op, st.sampled_from(",:!"), inner, inner),
        max_leaves=4,
    )


@settings(max_examples=60, deadline=None)
@given(tree=_trees(2))
def test_generated_holdem_ranges_agree_with_brute_force(tree: object) -> None:
    text = render(tree)
    assert hands_of(text, 2) == evaluate(tree, all_hands(2)), text


@pytest.mark.slow  # 40 generated ranges, each filtered over all 270,725 hands (about 24 s)
@settings(max_examples=40, deadline=None)
@given(tree=_trees(4))
def test_generated_omaha_ranges_agree_with_brute_force(
    tree: object, sample_hands: list[tuple[int, ...]]
) -> None:
    text = render(tree)
    assert restricted(text, sample_hands) == evaluate(tree, sample_hands), text


# ----------------------------------------------------------------------- weights


def test_relative_weights_larger_wins() -> None:
    indices, weights = parse_generic("AA@2, KK@4, AA:xxyy@8", 4)
    by_hand = dict(zip(indices.tolist(), weights.tolist(), strict=True))
    double_aces = set(parse_generic("AA:xxyy", 4)[0].tolist())
    aces = set(parse_generic("AA", 4)[0].tolist())
    kings = set(parse_generic("KK", 4)[0].tolist())
    for hand, weight in by_hand.items():
        expected = max(8 * (hand in double_aces), 4 * (hand in kings), 2 * (hand in aces)) / 8
        assert weight == expected


def test_holdem_weights_and_generic_items_together() -> None:
    mixed = parse_range("AwKw, QQ:0.5")
    classic = parse_range("AKs, QQ:0.5")
    assert np.array_equal(mixed.combos, classic.combos)
    assert np.array_equal(mixed.weights, classic.weights)


def test_holdem_generic_equals_classic() -> None:
    assert Range("AxKy") == Range("AKo")
    assert Range("[A,K][A,K]!RR") == Range("AK")
    assert Range("15%") == Range.top(0.15)
    assert Range("5%-15%") == Range.top(0.15) - Range.top(0.05)
    assert Range("(QQ+, AKs):$s") == Range("AKs")


# ------------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("AA:xxyy,, KK", 8, "unexpected"),
        ("AA:$Q", 3, r"unknown macro '\$Q'"),
        ("AAAAK", 0, "needs 5 cards"),
        ("5%-150%", 3, "a percentage must be in"),
        ("AA@2, KK", 6, "every sub-range needs a weight"),
        ("(AA@2, KK@1):xxyy", 3, "top-level"),
        ("AwKy-QwJw", 4, "same suits"),
        ("AAo", 2, "'o' is not a suit"),
    ],
)
def test_errors_name_the_position(text: str, position: int, words: str) -> None:
    with pytest.raises(RangeSyntaxError, match=words) as caught:
        parse_generic(text, 4)
    assert caught.value.position == position
    assert f"position {position + 1}" in str(caught.value) or position >= len(text)
    assert caught.value.caret.splitlines()[1] == " " * position + "^"


def test_a_game_without_an_ordering_names_the_percentage() -> None:
    # Every Omaha game has an ordering now (five cards included); a game without one still
    # gets an error at the percentage.
    assert len(parse_generic("AA, 15%", 5)[0]) > 0
    with pytest.raises(RangeSyntaxError, match="no hand ordering ships for stud") as caught:
        parse_generic("AA, 15%", 5, game="stud")
    assert caught.value.position == 4


def test_omaha_holding_text_reads_generic_ranges() -> None:
    hand_range = parse_hand_or_range("AA:xxyy, KK", 4, dead="Ks7d2c")
    assert len(hand_range) == len(
        set(hands_of("AA:xxyy, KK", 4))
        - {hand for hand in hands_of("*", 4) if {47, 21, 2} & set(hand)}
    )
    assert parse_hand_or_range("AsAhKdKc", 4).to_strings() == ["AsAhKdKc"]
    with pytest.raises(ValueError, match="duplicate card As"):
        parse_hand_or_range("AsAsKsKh", 4)
