"""Tests for ``showdown.range_stats``: made hands and draws of a range on a board.

The oracle is brute force written from the definitions in the module
docstring, sharing no code with it: made-hand categories from the naive
evaluator in ``tests/reference``, and draws by dealing every live next card
(and every pair of next cards for backdoor draws) and checking every
five-card subset for a straight or a flush that uses a hole card.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

import showdown
from reference.naive_evaluator import best_high, category_of
from showdown import Range, range_stats
from showdown.equity.range_stats import DRAWS, MADE_HANDS

# Naive evaluator categories 0..8 (high card .. straight flush).
NAIVE_STRAIGHT, NAIVE_FLUSH = 4, 5
CATEGORY_ROWS = [
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
]


def is_straight(ranks: tuple[int, ...]) -> bool:
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return False
    return distinct[4] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12]


@functools.cache
def straight_using_hole(hole_ranks: tuple[int, ...], other_ranks: tuple[int, ...]) -> bool:
    """Five of the cards make a straight whose ranks are not all among ``other_ranks``.

    ``other_ranks`` are the board's and the new cards' ranks (a straight made
    by them alone is everyone's straight).
    """
    cards = [("hole", rank) for rank in hole_ranks] + [("other", rank) for rank in other_ranks]
    for five in itertools.combinations(cards, 5):
        ranks = tuple(rank for _, rank in five)
        if is_straight(ranks) and not set(ranks) <= set(other_ranks):
            return True
    return False


def flush_using_hole(hole: list[int], others: list[int]) -> bool:
    """Five of the cards share a suit and include a hole card."""
    return _flush_using_hole(
        tuple(sorted(card % 4 for card in hole)), tuple(sorted(card % 4 for card in others))
    )


@functools.cache
def _flush_using_hole(hole_suits: tuple[int, ...], other_suits: tuple[int, ...]) -> bool:
    # Only suits matter for a flush, so the check is cached on them.
    cards = [("hole", suit) for suit in hole_suits] + [("other", suit) for suit in other_suits]
    for five in itertools.combinations(cards, 5):
        if len({suit for _, suit in five}) == 1 and any(where == "hole" for where, _ in five):
            return True
    return False


def brute_force_rows(hole: list[int], board: list[int], dead: list[int]) -> set[str]:
    """Every row of range_stats this combo belongs to, from the definitions."""
    category = category_of(best_high([*hole, *board]))
    rows = {CATEGORY_ROWS[category]}
    live = [card for card in range(52) if card not in {*hole, *board, *dead}]
    if len(board) == 5:
        live = []  # nothing to come
    hole_ranks = tuple(sorted(card // 4 for card in hole))
    board_ranks = [card // 4 for card in board]
    flush_draw = category < NAIVE_FLUSH and any(
        flush_using_hole(hole, [*board, card]) for card in live
    )
    out_ranks = {
        card // 4
        for card in live
        if straight_using_hole(hole_ranks, tuple(sorted([*board_ranks, card // 4])))
    }
    below_straight = category < NAIVE_STRAIGHT
    if flush_draw:
        rows.add("Flush draw")
    if below_straight and len(out_ranks) >= 2:
        rows.add("Open-ended straight draw")
    if below_straight and len(out_ranks) == 1:
        rows.add("Gutshot")
    if flush_draw and below_straight and out_ranks:
        rows.add("Combo draw")
    if category == 0 and min(hole_ranks) > max(board_ranks):
        rows.add("Overcards")
    if len(board) == 3:
        pairs = list(itertools.combinations(live, 2))
        if (
            category < NAIVE_FLUSH
            and not flush_draw
            and any(flush_using_hole(hole, [*board, a, b]) for a, b in pairs)
        ):
            rows.add("Backdoor flush draw")
        if (
            below_straight
            and not out_ranks
            and any(
                straight_using_hole(hole_ranks, tuple(sorted([*board_ranks, a // 4, b // 4])))
                for a, b in pairs
            )
        ):
            rows.add("Backdoor straight draw")
    return rows


def check_against_brute_force(rng: Range, board: list[int], dead: list[int]) -> None:
    stats = range_stats(rng, board, dead=dead)
    assert list(stats.index) == [*MADE_HANDS, *DRAWS]
    live = rng.remove([*board, *dead])
    weights = {text: float(w) for text, w in zip(live.to_strings(), live.weights, strict=True)}
    expected: dict[str, set[str]] = {name: set() for name in stats.index}
    for combo, text in zip(live.combos.tolist(), live.to_strings(), strict=True):
        for row in brute_force_rows(combo, board, dead):
            expected[row].add(text)
    total = sum(weights.values())
    for name in stats.index:
        assert set(stats.loc[name, "combos"]) == expected[name], name
        assert stats.loc[name, "count"] == len(expected[name])
        weight = sum(weights[text] for text in expected[name])
        assert stats.loc[name, "weight"] == pytest.approx(weight, abs=1e-12)
        assert stats.loc[name, "share"] == pytest.approx(weight / total, abs=1e-12)
        member_range = stats.loc[name, "range"]
        if expected[name]:
            assert sorted(member_range.to_strings()) == sorted(expected[name])
        else:
            assert member_range is None
    made = stats[stats.kind == "made hand"]
    assert made["count"].sum() == len(live)
    assert made["share"].sum() == pytest.approx(1.0)


def random_range(generator: np.random.Generator) -> Range:
    classes = showdown.cards.range_grid.HAND_CLASSES
    picked = generator.choice(len(classes), size=int(generator.integers(5, 25)), replace=False)
    parts = [
        classes[i] + (":0.5" if generator.random() < 0.3 else "") for i in sorted(picked.tolist())
    ]
    return Range(", ".join(parts))


@pytest.mark.parametrize("case", range(18))
def test_matches_brute_force_on_random_boards_and_ranges(case: int) -> None:
    board_size = (3, 3, 4)[case % 3] if case < 15 else 5
    generator = np.random.default_rng(case)
    deck = generator.permutation(52).tolist()
    board, dead = deck[:board_size], deck[board_size : board_size + int(generator.integers(0, 4))]
    rng = random_range(generator)
    try:
        rng.remove([*board, *dead])
    except ValueError:
        pytest.skip("card removal emptied this random range")
    check_against_brute_force(rng, board, dead)


@pytest.mark.parametrize(
    ("board", "texts"),
    [
        # Suited connectors and broadways on wet boards: every kind of draw.
        ("9s8s2h", "T7s, J7s, JT, QJs, 76s, AsKs, 65s, Q9s, AhKh, 77, KdQd"),
        ("Ts9h6d", "87s, 87o, J8, QJ, KQ, 75s, A5s, Q8s, 55"),
        ("5s4h2d", "A3, 63s, 76s, AK, 33, K3s, 7h6h"),
        ("AsKd3c", "QJ, QT, T9s, 54s, 52s, J9s"),
        # Four to a flush and four to a straight on the turn.
        ("Ks9s5s2h", "AhQh, Ac9c, Qs7d, JT, 43s, 87s"),
        ("5h6c7d8s", "KQ, 9c2d, 44, AA, T9s, 43o"),
    ],
)
def test_matches_brute_force_on_drawing_boards(board: str, texts: str) -> None:
    cards = showdown.parse_cards(board).tolist()
    check_against_brute_force(Range(texts), cards, [])


def test_dead_cards_kill_outs() -> None:
    # 9h8h on Qs Ts 2d draws to a jack; with all four jacks dead it draws to nothing.
    alive = range_stats("9h8h", "QsTs2d")
    assert alive.loc["Gutshot", "count"] == 1
    dead = range_stats("9h8h", "QsTs2d", dead="JcJdJhJs")
    assert dead.loc["Gutshot", "count"] == 0
    # Still a backdoor draw to 6-7-8-9-T.
    assert dead.loc["Backdoor straight draw", "count"] == 1


def test_board_only_draws_do_not_count() -> None:
    # Four spades on board and no spade in hand: the fifth spade is everyone's flush.
    stats = range_stats("AhKh", "Qs9s5s2s")
    assert stats.loc["Flush draw", "count"] == 0
    # Four to a straight on board: a 4 or 9 makes the board's straight, not the hand's.
    stats = range_stats("KdQd", "5h6c7d8s")
    assert stats.loc["Open-ended straight draw", "count"] == 0


def test_double_gutshot_counts_as_open_ended() -> None:
    # 9-7 with 5-6-J... 5 6 _ 8? hole 9c7c on 5d8hJs: 6 (5-9) or T (7-J): two ranks.
    stats = range_stats("9c7c", "5d8hJs")
    assert stats.loc["Open-ended straight draw", "count"] == 1


def test_river_has_no_draws() -> None:
    stats = range_stats("random", "As Kd 7h 4c 2s")
    assert stats.loc[list(DRAWS[:4]) + list(DRAWS[5:]), "count"].sum() == 0
    assert stats.attrs == {"board": "AsKd7h4c2s", "dead": "", "combos": 1081, "weight": 1081.0}


def test_random_range_counts_match_combinatorics() -> None:
    # Every hand on Ts9s2h: 55 two-spade hands draw to a flush; 9 sets; 27 two pairs.
    stats = range_stats("random", "Ts9s2h")
    assert stats.loc["Flush draw", "count"] == 55
    assert stats.loc["Three of a Kind", "count"] == 9
    assert stats.loc["Two Pair", "count"] == 27
    assert stats.loc["Overcards", "count"] == 6 * 16  # two of J, Q, K, A, unpaired


def test_weights_are_shares() -> None:
    stats = range_stats("AA:0.5, KK", "2c3d4h")
    assert stats.loc["Pair", "weight"] == 9.0 and stats.loc["Pair", "share"] == 1.0
    stats = range_stats("AA:0.5, 22", "2c3d9h")
    assert stats.loc["Three of a Kind", "share"] == pytest.approx(3 / 6)


def test_input_errors() -> None:
    with pytest.raises(ValueError, match="board: expected 3, 4 or 5"):
        range_stats("AA", "AsKs")
    with pytest.raises(ValueError, match="also on the board"):
        range_stats("AA", "2c3c4c", dead="2c")
    with pytest.raises(ValueError, match="no hand"):
        range_stats("AhAd", "Ah2c3c")
    with pytest.raises(ValueError, match="bad token"):
        range_stats("AKx", "2c3c4c")
    with pytest.raises(ValueError, match="unknown card"):
        range_stats("AA", "2c3c4x")


def test_accepts_text_hand_ranges_and_ranges_alike() -> None:
    by_text = range_stats("QQ+, AKs", "Kd7c2h")
    by_range = range_stats(Range("QQ+, AKs"), "Kd7c2h")
    by_hand_range = range_stats(showdown.parse_range("QQ+, AKs"), "Kd7c2h")
    for other in (by_range, by_hand_range):
        assert by_text[["count", "weight", "share"]].equals(other[["count", "weight", "share"]])
