"""The Omaha join (ranges counted on complete boards) against board classes and every board.

Every counter must equal the class method's (integers for unweighted spots,
to rounding for weighted ones), which is itself checked against dealing
every board; per-combo counters must equal runs with that combo alone.
"""

from __future__ import annotations

import numpy as np
import pytest

from reference.board_by_board import board_game_counters
from showdown import equity
from showdown.equity.exact import plan_exact, run_exact
from showdown.equity.result import Counters
from showdown.equity.spot import build_spot

#: (players, board, dead, game): hero v range, range v range, three players, weights,
#: dead cards, overlapping ranges, flop/turn/river, Omaha 4 and 5.
SPOTS = [
    (["AsAhKsKh", "QQJJ, QQTT"], "2c7d9hTdJs", "", "omaha"),
    (["AsAhKd9d", "AAKK:0.5, QQJJ", "KKQQ"], "Ks7d2c8h", "", "omaha"),
    (["QQKK", "AKQJ", "JJT9"], "2c7d9hTd", "3c", "omaha"),
    (["AKQJ", "AKQT, AKQJ:0.25"], "2c3d4h8s", "", "omaha"),
    (["AsAhKd9d", "AA:xxyy"], "Ks7d2c", "", "omaha"),
    (["AsAhKhKc2d", "QQJT9", "AKQJT"], "Ks7d2c8d", "", "omaha5"),
]
#: Bigger: seconds each with the class method.
BIG_SPOTS = [
    (["AsAhKd9d", "AA:xxyy", "KK"], "Ks7d2c", "", "omaha"),
    (["QQKK:0.3, AAKK", "AKQJ", "JJT9, 9876:0.5"], "2c7d9hTd", "", "omaha"),
    (["AsAhKd9d2h", "AAKK", "QQJ"], "Ks7d2c", "", "omaha5"),
    (["AAKK", "QQJT"], "Ks7d2c8d", "", "omaha5"),
    (["AKQJ:0.5, AKQT", "QQJJT9"], "2c3d4h8s", "5d", "omaha6"),
]


def joined(spot, combos: bool = False) -> Counters:
    plan = plan_exact(spot, method="join")
    assert plan.method == "join"
    return run_exact(spot, plan, combos=combos)


def by_classes(spot, combos: bool = False) -> Counters:
    return run_exact(spot, plan_exact(spot, method="classes"), combos=combos)


def assert_same(new: Counters, old: Counters) -> None:
    assert new.trials == old.trials
    if new.counts.dtype.kind == "i" and old.counts.dtype.kind == "i":
        np.testing.assert_array_equal(new.counts, old.counts)
        np.testing.assert_array_equal(new.categories, old.categories)
    else:  # weighted: sums of products of weights, to rounding
        np.testing.assert_allclose(new.counts, old.counts, rtol=1e-11)
        np.testing.assert_allclose(new.categories, old.categories, rtol=1e-11)


@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [*SPOTS, *(pytest.param(*spot, marks=pytest.mark.slow) for spot in BIG_SPOTS)],
)
def test_the_join_counts_like_board_classes(players, board, dead, game) -> None:
    spot = build_spot(players, board, dead, game)
    assert_same(joined(spot), by_classes(spot))


def test_the_join_counts_like_every_board_dealt() -> None:
    spot = build_spot(["AsAhKd9d", "AAKK, QQJJ", "KKQQ"], "Ks7d2c8h", "", "omaha")
    assert_same(joined(spot), board_game_counters(spot))


@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [SPOTS[1], SPOTS[2], pytest.param(*BIG_SPOTS[0], marks=pytest.mark.slow)],
)
def test_per_combo_counters_equal_the_class_methods(players, board, dead, game) -> None:
    spot = build_spot(players, board, dead, game)
    new, old = joined(spot, combos=True), by_classes(spot, combos=True)
    assert new.by_combo is not None and old.by_combo is not None
    assert_same(new, old)
    for player in range(spot.n_players):
        mine, theirs = new.by_combo[player], old.by_combo[player]
        np.testing.assert_allclose(mine.counters.counts, theirs.counters.counts, rtol=1e-11)
        np.testing.assert_allclose(mine.counters.trials, theirs.counters.trials, rtol=1e-11)


def test_each_combo_of_the_counted_range_matches_a_run_with_it_alone() -> None:
    # The largest range (player 2) is counted, never visited: its per-combo rows come
    # from difference arrays over its order and its subsets' lists.
    players = ["AsAhKd9d", "QQJJ", "AAKK, AKQJ"]
    board = "Ks7d2c8h"
    spot = build_spot(players, board, "", "omaha")
    assert plan_exact(spot, method="join").details["largest"] == 2
    result = equity(players, board=board, game="omaha", exact=True, combos=True)
    frame = result.combos(2)
    for combo in frame.index[::7]:
        alone = equity([*players[:2], combo], board=board, game="omaha", exact=True)
        assert frame.loc[combo, "deals"] == alone.trials, combo
        assert frame.loc[combo, "equity"] == pytest.approx(alone.equity[2], abs=1e-12), combo


def test_the_planner_joins_ranges_and_keeps_classes_for_small_spots() -> None:
    wide = build_spot(["AsAhKd9d", "AA:xxyy, KK", "15%"], "Ks7d2c", "", "omaha")
    assert plan_exact(wide).method == "join"
    small = build_spot(["AsAhKsKh", "QQJJ"], "2c7d9hTdJs", "", "omaha")
    assert plan_exact(small).method == "classes"


def test_a_join_of_known_hands_only_says_why() -> None:
    spot = build_spot(["AsAhKd9d", "QsQhJdJc"], "Ks7d2c", "", "omaha")
    with pytest.raises(ValueError, match=r"cannot run this spot: .*needs a range"):
        plan_exact(spot, method="join")


def test_a_board_that_blocks_a_whole_range_names_the_range() -> None:
    with pytest.raises(ValueError, match="player 2: no hand of 'QsQhJdJc, QsQdJhJc' is left"):
        equity(["AsAhKd9d", "QsQhJdJc, QsQdJhJc", "KK"], board="Qs7d2c", game="omaha")
