"""Tests for ``showdown.range_stats`` on Omaha ranges (every Omaha game, hi-lo included).

The oracle is a plain-Python classifier written here from the definitions in
``range_stats``' docstring, sharing no code with the library: made hands from
the naive evaluator's key of every two-hole-plus-three-board five (every best
five must give the same row), nut hands by trying every two cards in play,
draws by dealing every live next card (and, for low draws on the flop, every
pair of them) and looking for a straight, flush or low under the Omaha rule.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np
import pytest

import showdown
from reference.naive_evaluator import (
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    low8_of_five,
    omaha_low8,
    rank5,
)
from showdown import Range, range_stats
from showdown.cards import format_card, format_cards

# Rows of the high games; hi-lo games add LOW_ROWS and LOW_DRAW_ROWS.
MADE_ROWS = [
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Nut Flush",
    "Non-nut Flush",
    "Nut Straight",
    "Non-nut Straight",
    "Set",
    "Trips",
    "Top Two Pair",
    "Two Pair",
    "Overpair",
    "Top Pair",
    "Pocket Pair Below Top Pair",
    "Middle Pair",
    "Weak Pair",
    "No Made Hand",
]
LOW_ROWS = ["Nut Low", "Non-nut Low"]
DRAW_ROWS = [
    "Nut flush draw",
    "Non-nut flush draw",
    "Combo draw",
    "Wrap (13+ outs)",
    "Wrap (9-12 outs)",
    "Open-ended (5-8 outs)",
    "Gutshot (1-4 outs)",
]
LOW_DRAW_ROWS = ["Nut low draw", "Non-nut low draw"]


def cards(text: str) -> list[int]:
    return showdown.parse_cards(text).tolist()


# ----------------------------------------------------------------- the oracle


def omaha_fives(
    hole: Sequence[int], board: Sequence[int]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (two hole cards, three board cards) choice."""
    return [
        (two, three)
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    ]


def is_run(ranks: Sequence[int]) -> bool:
    distinct = sorted(set(ranks))
    return len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12])


def run_top(ranks: Sequence[int]) -> int:
    return 3 if sorted(ranks) == [0, 1, 2, 3, 12] else max(ranks)


@functools.cache
def straight_possible(hole_ranks: tuple[int, ...], board_ranks: tuple[int, ...]) -> bool:
    """Two of the hole ranks and three of the board's make five in a row."""
    return any(
        is_run(two + three)
        for two in itertools.combinations(hole_ranks, 2)
        for three in itertools.combinations(board_ranks, 3)
    )


@functools.cache
def flush_possible(hole_suits: tuple[int, ...], board_suits: tuple[int, ...]) -> bool:
    return any(
        len(set(two + three)) == 1
        for two in itertools.combinations(hole_suits, 2)
        for three in itertools.combinations(board_suits, 3)
    )


@functools.cache
def low_possible(hole_ranks: tuple[int, ...], board_ranks: tuple[int, ...]) -> bool:
    """Two hole ranks and three board ranks, five different, all eight or lower (ace low)."""
    low = {12, 0, 1, 2, 3, 4, 5, 6}
    return any(
        len(set(two + three)) == 5 and set(two + three) <= low
        for two in itertools.combinations(hole_ranks, 2)
        for three in itertools.combinations(board_ranks, 3)
    )


def pair_row(rank: int, pocket: bool, board: Sequence[int]) -> str:
    distinct = sorted({card // 4 for card in board}, reverse=True)
    second = distinct[1] if len(distinct) > 1 else None
    if pocket:
        if rank > distinct[0]:
            return "Overpair"
        if second is None or rank > second:
            return "Pocket Pair Below Top Pair"
        return "Weak Pair"
    if rank == distinct[0]:
        return "Top Pair"
    if rank == second:
        return "Middle Pair"
    return "Weak Pair"


def row_of_five(
    two: tuple[int, ...], three: tuple[int, ...], board: Sequence[int], dead: Sequence[int]
) -> str:
    """The made-hand row of one best five (hole cards ``two``)."""
    key = rank5(two + three)
    category = key[0]
    in_two = [card // 4 for card in two]
    in_play = [card for card in range(52) if card not in {*board, *dead}]
    if category == STRAIGHT_FLUSH:
        return "Straight Flush"
    if category == QUADS:
        return "Four of a Kind"
    if category == FULL_HOUSE:
        return "Full House"
    if category == FLUSH:
        # Nut: no two other cards in play make a higher flush with the board.
        suit = two[0] % 4
        mine = sorted((card // 4 for card in two + three), reverse=True)
        others = [card for card in in_play if card % 4 == suit and card not in two]
        suited_board = [card for card in board if card % 4 == suit]
        for pair in itertools.combinations(others, 2):
            for trio in itertools.combinations(suited_board, 3):
                if sorted((card // 4 for card in pair + trio), reverse=True) > mine:
                    return "Non-nut Flush"
        return "Nut Flush"
    if category == STRAIGHT:
        best = nut_straight_top(tuple(board), tuple(dead))
        return "Nut Straight" if key[1] == best else "Non-nut Straight"
    if category == TRIPS:
        return {2: "Set", 1: "Trips", 0: "No Made Hand"}[in_two.count(key[1])]
    if category == TWO_PAIR:
        high, low = key[1], key[2]
        if in_two.count(high) == 1 and in_two.count(low) == 1:
            distinct = sorted({card // 4 for card in board}, reverse=True)
            return "Top Two Pair" if [high, low] == distinct[:2] else "Two Pair"
        for rank in (high, low):
            if in_two.count(rank):
                return pair_row(rank, in_two.count(rank) == 2, board)
        return "No Made Hand"
    if category == PAIR and in_two.count(key[1]):
        return pair_row(key[1], in_two.count(key[1]) == 2, board)
    return "No Made Hand"


@functools.cache
def nut_straight_top(board: tuple[int, ...], dead: tuple[int, ...]) -> int:
    """Top of the highest straight any two cards in play make with three board cards."""
    in_play = [card for card in range(52) if card not in {*board, *dead}]
    return max(
        run_top([c // 4 for c in pair + trio])
        for pair in itertools.combinations(in_play, 2)
        for trio in itertools.combinations(board, 3)
        if is_run([c // 4 for c in pair + trio])
    )


@functools.cache
def nut_low_of(board: tuple[int, ...], dead: tuple[int, ...]) -> tuple[int, ...] | None:
    in_play = [card for card in range(52) if card not in {*board, *dead}]
    lows = [
        low
        for pair in itertools.combinations(in_play, 2)
        for trio in itertools.combinations(board, 3)
        if (low := low8_of_five(pair + trio)) is not None
    ]
    return max(lows) if lows else None


def oracle_rows(
    hole: Sequence[int], board: Sequence[int], dead: Sequence[int], hilo: bool
) -> set[str]:
    hole, board, dead = list(hole), list(board), list(dead)
    choices = omaha_fives(hole, board)
    keys = [rank5(two + three) for two, three in choices]
    best = max(keys)
    made = {
        row_of_five(two, three, board, dead)
        for (two, three), key in zip(choices, keys, strict=True)
        if key == best
    }
    assert len(made) == 1, (hole, board, made)  # every best five tells the same story
    rows = set(made)
    low = omaha_low8(hole, board) if hilo else None
    if low is not None:
        rows.add("Nut Low" if low == nut_low_of(tuple(board), tuple(dead)) else "Non-nut Low")
    if len(board) == 5:
        return rows
    category = best[0]
    live = [card for card in range(52) if card not in {*hole, *board, *dead}]
    hole_ranks = tuple(sorted(card // 4 for card in hole))
    hole_suits = tuple(sorted(card % 4 for card in hole))
    flush_outs = [
        card
        for card in live
        if flush_possible(hole_suits, tuple(sorted(c % 4 for c in [*board, card])))
    ]
    flush_draw = category < FLUSH and bool(flush_outs)
    if flush_draw:
        nut = False
        for suit in {card % 4 for card in flush_outs}:
            unseen = [
                card for card in range(52) if card % 4 == suit and card not in {*board, *dead}
            ]
            nut |= max(unseen) in hole
        rows.add("Nut flush draw" if nut else "Non-nut flush draw")
    outs = 0
    if category < STRAIGHT:
        outs = sum(
            straight_possible(hole_ranks, tuple(sorted(c // 4 for c in [*board, card])))
            for card in live
        )
    if outs >= 13:
        rows.add("Wrap (13+ outs)")
    elif outs >= 9:
        rows.add("Wrap (9-12 outs)")
    elif outs >= 5:
        rows.add("Open-ended (5-8 outs)")
    elif outs >= 1:
        rows.add("Gutshot (1-4 outs)")
    if flush_draw and outs:
        rows.add("Combo draw")
    if hilo and low is None:
        board_ranks = [card // 4 for card in board]
        # One live card of each rank stands for them all (only ranks make a low).
        by_rank = {card // 4: card for card in live}
        to_come: list[tuple[int, ...]] = [(card,) for card in by_rank.values()]
        if len(board) == 3:
            to_come += list(itertools.combinations(by_rank.values(), 2))
        if any(
            low_possible(hole_ranks, tuple(sorted([*board_ranks, *(c // 4 for c in new)])))
            for new in to_come
        ):
            ace_low = [12, 0, 1, 2, 3, 4, 5, 6]
            missing = [rank for rank in ace_low if rank not in board_ranks][:2]
            holds = len(missing) == 2 and all(rank in hole_ranks for rank in missing)
            rows.add("Nut low draw" if holds else "Non-nut low draw")
    return rows


# ------------------------------------------------------------------ helpers


def check_against_oracle(rng: Range, board: list[int], dead: list[int]) -> None:
    stats = range_stats(rng, board, dead=dead)
    hilo = rng.game.endswith("-hilo")
    expected_rows = (
        MADE_ROWS + (LOW_ROWS if hilo else []) + DRAW_ROWS + (LOW_DRAW_ROWS if hilo else [])
    )
    assert list(stats.index) == expected_rows
    live = rng.remove([*board, *dead])
    texts = ["".join(format_card(card) for card in row[::-1]) for row in live.combos.tolist()]
    weights = dict(zip(texts, live.weights.tolist(), strict=True))
    expected: dict[str, set[str]] = {name: set() for name in expected_rows}
    for hole, text in zip(live.combos.tolist(), texts, strict=True):
        rows = oracle_rows(hole, board, dead, hilo)
        assert len(rows & set(MADE_ROWS)) == 1, (text, rows)
        for row in rows:
            expected[row].add(text)
    total = sum(weights.values())
    for name in expected_rows:
        assert set(stats.loc[name, "combos"]) == expected[name], name
        assert stats.loc[name, "count"] == len(expected[name]), name
        weight = sum(weights[text] for text in expected[name])
        assert stats.loc[name, "weight"] == pytest.approx(weight, abs=1e-9)
        assert stats.loc[name, "share"] == pytest.approx(weight / total, abs=1e-12)
        member_range = stats.loc[name, "range"]
        if expected[name]:
            assert member_range.game == rng.game
            assert sorted(member_range.combos.tolist()) == sorted(
                row.tolist() for row in live.combos[[text in expected[name] for text in texts]]
            )
        else:
            assert member_range is None
    made = stats[stats.kind == "made hand"]
    assert made["count"].sum() == len(live)
    assert made["share"].sum() == pytest.approx(1.0)
    assert stats.attrs["combos"] == len(live) and stats.attrs["game"] == rng.game


def sampled_range(
    generator: np.random.Generator, game: str, size: int, avoid: Sequence[int]
) -> Range:
    """``size`` distinct random hands of the game avoiding ``avoid``, some at partial weight."""
    hole_size = {"omaha": 4, "omaha5": 5, "omaha6": 6}[game.removesuffix("-hilo")]
    deck = np.array([card for card in range(52) if card not in set(avoid)])
    hands = {
        tuple(sorted(generator.choice(deck, hole_size, replace=False).tolist()))
        for _ in range(size)
    }
    weights = np.where(generator.random(len(hands)) < 0.3, 0.5, 1.0)
    return Range.from_combos(np.array(sorted(hands), np.uint8), weights, game=game)


def rows_of(hand: str, board: str, game: str = "omaha", dead: str = "") -> set[str]:
    """The rows of range_stats that hold a single hand."""
    stats = range_stats(hand, board, dead=dead, game=game)
    return set(stats.index[stats["count"] > 0])


# -------------------------------------------------------------------- tests


@pytest.mark.parametrize(
    ("board", "game"),
    [
        # Wet flops (wraps, flush draws), a monotone flop, paired and trips
        # flops, a low flop for hi-lo, turns with two flush draws, rivers.
        ("9s8s2h", "omaha"),
        ("Th5h2c", "omaha-hilo"),
        ("Kh8h2h", "omaha"),
        ("7c7d2h", "omaha5"),
        ("QsQhQd", "omaha"),
        ("3c5d7h", "omaha-hilo"),
        ("9h8c6h5c", "omaha6"),
        ("Ah4d2sKd", "omaha5-hilo"),
        ("8c8d7h7s2c", "omaha"),
        ("As2h5d9c9h", "omaha-hilo"),
        ("5h6c7d8s9h", "omaha6-hilo"),
    ],
)
def test_matches_oracle_on_chosen_boards(board: str, game: str) -> None:
    generator = np.random.default_rng(len(board) * 97 + len(game))
    rng = sampled_range(generator, game, 110, cards(board))
    check_against_oracle(rng, cards(board), [])


@pytest.mark.parametrize("case", range(12))
def test_matches_oracle_on_random_boards_with_dead_cards(case: int) -> None:
    games = ("omaha", "omaha-hilo", "omaha5", "omaha6-hilo")
    game = games[case % len(games)]
    generator = np.random.default_rng(1000 + case)
    deck = generator.permutation(52).tolist()
    board_size = (3, 4, 5)[case % 3]
    board, dead = deck[:board_size], deck[board_size : board_size + int(generator.integers(0, 4))]
    rng = sampled_range(generator, game, 120, [*board, *dead]) | sampled_range(
        generator, game, 30, []
    )
    check_against_oracle(rng, board, dead)


def test_matches_oracle_on_structured_ranges() -> None:
    # Range text in the generic notation: pairs, connected and suited hands.
    for text, board, game in [
        ("AA:xxyy, KK:xxyy", "Ks7d2c", "omaha"),
        ("JT98, 9876:xxyy", "Td7c6h", "omaha"),
        ("A2xx:xxyy", "3h5h9c", "omaha-hilo"),
    ]:
        rng = Range(text, game=game)
        generator = np.random.default_rng(7)
        picked = generator.choice(len(rng), size=min(len(rng), 150), replace=False)
        sample = Range.from_combos(
            rng.combos[np.sort(picked)], rng.weights[np.sort(picked)], game=game
        )
        check_against_oracle(sample, cards(board), [])


@pytest.mark.parametrize("case", range(3))
def test_counts_do_not_depend_on_suit_names(case: int) -> None:
    # Relabelling the suits of the range, the board and the dead cards
    # together changes no row's count or weight.
    generator = np.random.default_rng(500 + case)
    deck = generator.permutation(52).tolist()
    board, dead = deck[: 3 + case], deck[3 + case : 4 + case]
    game = ("omaha", "omaha-hilo", "omaha5-hilo")[case]
    rng = sampled_range(generator, game, 150, [*board, *dead])
    relabel = generator.permutation(4)

    def moved(codes: Sequence[int]) -> list[int]:
        return [code // 4 * 4 + int(relabel[code % 4]) for code in codes]

    moved_range = Range.from_combos(
        np.array([moved(row) for row in rng.combos.tolist()], np.uint8), rng.weights, game=game
    )
    before = range_stats(rng, board, dead=dead)
    after = range_stats(moved_range, moved(board), dead=moved(dead))
    assert before["count"].tolist() == after["count"].tolist()
    assert np.allclose(before["weight"], after["weight"])


def test_wraps_found_by_enumeration() -> None:
    # Hands whose outs the oracle counts: the library's row follows the count.
    for hand, board in [
        ("JT87", "9c6d2h"),
        ("JT98", "Qc7d2h"),
        ("9876", "Tc5d2h"),
        ("KQJT", "9c8d2h"),
    ]:
        hole = cards(hand[0] + "s" + hand[1] + "h" + hand[2] + "d" + hand[3] + "c")
        rows = oracle_rows(hole, cards(board), [], hilo=False)
        library = rows_of(format_cards(hole), board)
        assert rows == library, (hand, board)
    # The 13+ row does occur, for a hand the enumeration finds.
    assert "Wrap (13+ outs)" in rows_of("JsTh8d7c", "9c6d2h")
    assert "Wrap (13+ outs)" in oracle_rows(cards("JsTh8d7c"), cards("9c6d2h"), [], hilo=False)


@pytest.mark.parametrize(
    ("hand", "board", "game", "present", "absent"),
    [
        # Sets and trips, top two pair and two pair.
        ("KsKh7c2d", "Kd9c4h", "omaha", {"Set"}, {"Trips"}),
        ("Ks8h7c2d", "KdKc4h", "omaha", {"Trips"}, {"Set"}),
        ("Ks9h7c2d", "Kd9c4h", "omaha", {"Top Two Pair"}, {"Two Pair"}),
        ("Ks4h7c2d", "Kd9c4s", "omaha", {"Two Pair"}, {"Top Two Pair"}),
        # Only two hole cards play: four hearts in hand are no flush.
        ("AhKhQhJh", "2h7h9c", "omaha", {"No Made Hand", "Nut flush draw"}, {"Nut Flush"}),
        ("AhKh3c4c", "2h7h9h", "omaha", {"Nut Flush"}, {"Non-nut Flush"}),
        ("KhQh3c4c", "2h7h9h", "omaha", {"Non-nut Flush"}, {"Nut Flush"}),
        # A board pair is everyone's; a lone card of a suit draws to nothing.
        ("AsKd9c3h", "7c7d2h", "omaha", {"No Made Hand"}, {"Nut flush draw", "Non-nut flush draw"}),
        # Lows: made, nut, and draws to them.
        ("As2dKcKh", "3c5d7h", "omaha-hilo", {"Nut Low", "Overpair"}, {"Non-nut Low"}),
        ("As4dKcKh", "3c5d7h", "omaha-hilo", {"Non-nut Low"}, {"Nut Low"}),
        ("As2dQcQs", "7c8dKh", "omaha-hilo", {"Nut low draw"}, {"Nut Low", "Non-nut low draw"}),
        ("3s4dKcQh", "7c8dKh", "omaha-hilo", {"Non-nut low draw"}, {"Nut low draw"}),
        ("As2dKcQh", "7cTdKh", "omaha-hilo", {"Nut low draw"}, set()),  # two lows to come
        ("As2dKcQh", "7cTdKhJs", "omaha-hilo", set(), {"Nut low draw", "Non-nut low draw"}),
        ("As2dKcQh", "7cTdKh", "omaha", set(), {"Nut low draw", "Nut Low"}),  # no lows in omaha
    ],
)
def test_hand_picked_rows(
    hand: str, board: str, game: str, present: set[str], absent: set[str]
) -> None:
    rows = rows_of(hand, board, game)
    assert present <= rows and not (absent & rows), rows
    assert rows == oracle_rows(cards(hand), cards(board), [], game.endswith("-hilo"))


def test_river_has_no_draws_and_dead_cards_count() -> None:
    stats = range_stats("AA:xxyy, JT98", "Th5h2c3d4s", game="omaha-hilo")
    assert stats.loc[DRAW_ROWS + LOW_DRAW_ROWS, "count"].sum() == 0
    # Dead cards leave the range and change what is the nut.
    alive = range_stats("KhQh3c4c", "2h7h9h", game="omaha")
    assert alive.loc["Non-nut Flush", "count"] == 1
    ace_dead = range_stats("KhQh3c4c", "2h7h9h", dead="Ah", game="omaha")
    assert ace_dead.loc["Nut Flush", "count"] == 1
    fewer = range_stats("AA:xxyy", "Th5h2c", dead="As", game="omaha")
    assert fewer.attrs["combos"] == len(Range("AA:xxyy", game="omaha").remove("Th5h2cAs"))


def test_weights_are_respected() -> None:
    full = range_stats("AA, KK", "Kd7c2h", game="omaha")
    half = range_stats("AA:0.5, KK", "Kd7c2h", game="omaha")
    assert (full["count"] == half["count"]).all()
    live = Range("AA:0.5, KK", game="omaha").remove("Kd7c2h")
    assert set(live.weights.tolist()) == {0.5, 1.0}
    assert half.attrs["weight"] == pytest.approx(float(live.weights.sum()))
    assert half.attrs["weight"] < full.attrs["weight"]
    # Rows that hold no kings (AAKK is in both: its set of kings plays) scale by half.
    overpairs = half.loc["Overpair", "range"]
    assert half.loc["Overpair", "weight"] == pytest.approx(float(overpairs.weights.sum()))
    assert set(overpairs.weights.tolist()) == {0.5}
    for name in half.index[half["count"] > 0]:
        members = half.loc[name, "range"]
        assert half.loc[name, "weight"] == pytest.approx(float(members.weights.sum()))
        assert half.loc[name, "weight"] <= full.loc[name, "weight"]


def test_game_comes_from_the_range_or_the_argument() -> None:
    omaha = Range("AA:xxyy", game="omaha")
    by_range = range_stats(omaha, "Ks7d2c")
    by_text = range_stats("AA:xxyy", "Ks7d2c", game="omaha")
    assert by_range[["count", "weight"]].equals(by_text[["count", "weight"]])
    # A Range of Omaha hands read in its hi-lo game gets the low rows.
    hilo = range_stats(omaha, "Ks7d2c", game="plo8")
    assert hilo.attrs["game"] == "omaha-hilo" and "Nut low draw" in hilo.index
    # A HandRange of five cards is Omaha with five cards.
    five = showdown.cards.parse_hand_or_range("AsAhKdQc2c, AsAhKdQc3c", 5)
    assert range_stats(five, "Ks7d2h").attrs["game"] == "omaha5"


def test_a_range_of_the_wrong_size_for_the_game_is_named() -> None:
    with pytest.raises(ValueError, match=r"range: a 2-card range does not fit omaha"):
        range_stats(Range("AA"), "Ks7d2c", game="omaha")
    with pytest.raises(ValueError, match=r"range: a 4-card range does not fit omaha5"):
        range_stats(Range("AA:xxyy", game="omaha"), "Ks7d2c", game="omaha5")


@pytest.mark.parametrize(
    ("hand_range", "board", "game", "dead", "message"),
    [
        ("AA:xxyy", "AsKs", "omaha", None, r"board: expected 3, 4 or 5 cards, got 2"),
        (
            "AsKsQhJh",
            "2c3c4c",
            None,
            None,
            r"hand_range: 'AsKsQhJh' is a 4-card hand: give game='omaha'",
        ),
        ("AA:xxyy", "2c3c4c", "stud", None, r"range: ranges are for hold'em and the Omaha games"),
        ("AA:xxyy", "2c3c4c", "omaha", "2c", r"dead: 2c is also on the board"),
        ("AsAhAdAc", "As3c4c", "omaha", None, r"no hand"),
        ("AA:xxyy", "2c3c4x", "omaha", None, r"board: .*4x"),
        ("AAKKQ", "2c3c4c", "omaha", None, r"range: .*AAKKQ"),
    ],
)
def test_bad_input_is_named(
    hand_range: str, board: str, game: str | None, dead: str | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        range_stats(hand_range, board, dead=dead, game=game)
