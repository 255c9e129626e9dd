"""The Omaha hi-lo join against board classes: every counter, split pots' scoops included.

Spots with and without possible lows, on flops, turns and rivers (a flop with
two low ranks may or may not get a low; ``Ks Qd Jc`` never does).
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown.equity.exact import plan_exact, run_exact
from showdown.equity.result import Counters
from showdown.equity.spot import build_spot

#: (players, board, dead, game): hero v range, range v range, three players, weights,
#: dead cards, a board with no low possible, flop/turn/river, Omaha 4 and 5.
SPOTS = [
    (["As2h3dKc", "A345, 2345"], "7c8d9hTs", "", "omaha-hilo"),
    (["AsAh2d3d", "AA23, KKQQ"], "Ks7d2c4h", "", "omaha-hilo"),
    (["AsAhKd9d", "A234:0.5, 3456", "KKQQ"], "Ks7d4c8h", "", "omaha-hilo"),
    (["AsAh2d3d", "KKQQ, 2345"], "KsQdJc", "", "omaha-hilo"),
    (["As2h3dKd", "A4:xxyy, 2345"], "Ks7d6c8h5d", "", "omaha-hilo"),
    (["As2h3dKcQd", "A45KQ", "5678J"], "Ks7d2c8d", "", "omaha5-hilo"),
]
BIG_SPOTS = [
    (["A23K", "A345", "2456"], "Ks7d6c8h", "2c", "omaha-hilo"),
    (["AsAh2d3d", "AA23, KKQQ", "A345"], "Ks7d2c", "", "omaha-hilo"),
    (["A23K:0.5, A345", "2345"], "Ks7d2c", "", "omaha-hilo"),
]


def assert_same(new: Counters, old: Counters) -> None:
    assert new.trials == old.trials
    for name in ("counts", "categories", "scoop", "share_any"):
        np.testing.assert_allclose(getattr(new, name), getattr(old, name), rtol=1e-11, err_msg=name)
    np.testing.assert_allclose(new.sum_squares, old.sum_squares, rtol=1e-11)


@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [*SPOTS, *(pytest.param(*spot, marks=pytest.mark.slow) for spot in BIG_SPOTS)],
)
def test_the_hilo_join_counts_like_board_classes(players, board, dead, game) -> None:
    spot = build_spot(players, board, dead, game)
    plan = plan_exact(spot, method="join")
    assert plan.method == "join"
    joined = run_exact(spot, plan)
    assert_same(joined, run_exact(spot, plan_exact(spot, method="classes")))


def test_per_combo_runs_of_a_hilo_join_spot_count_by_board_classes() -> None:
    spot = build_spot(["AsAh2d3d", "AA23, KKQQ"], "Ks7d2c4h", "", "omaha-hilo")
    new = run_exact(spot, plan_exact(spot, method="join"), combos=True)
    old = run_exact(spot, plan_exact(spot, method="classes"), combos=True)
    assert new.by_combo is not None and old.by_combo is not None
    assert_same(new, old)
    np.testing.assert_array_equal(new.by_combo[1].counters.counts, old.by_combo[1].counters.counts)


def test_the_planner_joins_the_wide_hilo_flop() -> None:
    players = ["AA:xxyy, KK:xxyy, QQ:xxyy", "JT98, T987, 9876, QJT9, 8765, KQJT, JT97, T986, 9875"]
    spot = build_spot(players, "Ks7d2c", "", "omaha-hilo")
    assert plan_exact(spot).method == "join"
