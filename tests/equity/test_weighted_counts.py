"""One definition of a weighted count, the same through every method.

Counts are in deals (``showdown.equity.weighting``): ``trials`` is the whole
number of deals and each deal counts its weight times ``trials`` over the
total weight. The same spot is run through the heads-up table, the class
kernels (each joint holding, or canonical ones), the range join, with and
without per-combo counters, with a range or with every hand known; the counts
must agree (to float rounding where the weights differ) and match the
board-by-board oracle put in deals by the definition's formula.
"""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from reference.board_by_board import board_game_counters, joint_holdings
from reference.solver_ranges import solver_range
from reference.weighted_deals import reference_in_deals
from showdown import equity
from showdown.cards import format_cards
from showdown.cli.main import main
from showdown.equity.exact.driver import run_exact
from showdown.equity.exact.plan import plan_exact
from showdown.equity.result import Counters
from showdown.equity.spot import build_spot

COUNTS = ("trials", "win_count", "tie_count", "share_counts")


def counts_of(result):
    return {name: np.asarray(getattr(result, name), np.float64) for name in COUNTS}


def assert_same_counts(first, second, rel: float = 0.0) -> None:
    one, two = counts_of(first), counts_of(second)
    for name in COUNTS:
        if rel:
            np.testing.assert_allclose(one[name], two[name], rtol=rel, err_msg=name)
        else:
            np.testing.assert_array_equal(one[name], two[name], err_msg=name)


def run_with(spot, method, combos=False):
    """An exact run forced through ``method``: the table, the join, or board classes of
    every joint holding (``classes``) or of canonical ones (``classes-canonical``)."""
    kind = method.split("-")[0]
    plan = plan_exact(spot, method=kind, canonical=method.endswith("canonical"))
    assert plan.method == kind
    return run_exact(spot, plan, combos=combos)


def test_a_one_combo_weight_changes_no_count_table_or_not() -> None:
    plain = equity(["AsKs", "QdQc"], exact=True)
    for options in ({}, {"use_tables": False}):
        weighted = equity(["AsKs:0.5", "QdQc"], exact=True, combos=True, **options)
        assert_same_counts(weighted, plain)
        assert weighted.trials == 1_712_304
        assert weighted.combos(0)["deals"].tolist() == [1_712_304]


def test_all_known_and_joined_by_a_range_count_the_same() -> None:
    # The weight of a one-combo range means nothing, whether or not a range joins it.
    for players in (["AsKs:0.5", "QdQc"], ["AsKs:0.5", "QdQc", "JJ:0.3, TT"]):
        weighted = equity(players, board="2c7d9h", exact=True)
        unweighted = equity([p.replace(":0.5", "") for p in players], board="2c7d9h", exact=True)
        assert_same_counts(weighted, unweighted)


def holding_by_holding(spot) -> Counters:
    """The definition written out: each joint holding run alone (all hands known, no
    weights), its counters added times its weight, the sums scaled to deals."""
    weighted = Counters.empty(spot.n_players, np.float64)
    weight = 0.0
    deals = 0
    for cards, holding_weight in zip(*joint_holdings(spot), strict=True):
        alone = equity([format_cards(hand) for hand in cards], board=spot.board_text, exact=True)
        weighted.counts += holding_weight * alone.share_counts
        weighted.categories[:, 1:] += holding_weight * alone.categories * alone.trials
        weight += holding_weight * alone.trials
        deals += alone.trials
    factor = deals / weight
    weighted.counts *= factor
    weighted.categories *= factor
    weighted.trials = deals
    return weighted


@pytest.mark.parametrize(
    ("players", "board", "methods"),
    [
        (["AA:0.5, KK, AKs:0.25", "QQ+:0.7, AQs"], "", ["table", "classes", "classes-canonical"]),
        (["AA:0.5, KK, AKs:0.25", "AK, QQ:0.75"], "Kd7c2h", ["classes", "classes-canonical"]),
        (["AA:0.5, KK, AKs:0.25", "AK, QQ:0.75"], "Kd7c2h", ["join"]),
        (["QQ+:0.5, AKs", "JJ:0.25, AQs:0.75", "random"], "2c7d9hTs", ["classes", "join"]),
    ],
)
def test_weighted_counts_are_whole_deals_and_the_same_by_every_method(players, board, methods):
    spot = build_spot(players, board, "", "holdem")
    if board:  # the board-by-board oracle, put in deals
        expected = reference_in_deals(spot, board_game_counters(spot))
    else:  # preflop: too many boards for the oracle; each joint holding alone instead
        expected = holding_by_holding(spot)
    found = {}
    for method in methods:
        counters = run_with(spot, method)
        assert isinstance(counters.trials, int), method
        assert counters.trials == expected.trials, method
        for name in ("counts", "categories"):
            np.testing.assert_allclose(
                getattr(counters, name), getattr(expected, name), rtol=1e-12, err_msg=method
            )
        found[method] = counters
    # With and without per-combo counters: the same totals, the combos adding up to them.
    for method in methods:
        with_combos = run_with(spot, method, combos=True)
        np.testing.assert_array_equal(with_combos.counts, found[method].counts)
        assert with_combos.trials == found[method].trials
        assert with_combos.by_combo is not None
        for breakdown in with_combos.by_combo.values():
            assert np.sum(breakdown.deals) == pytest.approx(with_combos.trials, rel=1e-12)


def test_scaling_a_players_weights_changes_no_count() -> None:
    one = equity(["AA:0.5, KK:0.25, QQ:0.125", "AK"], board="Kd7c2h", exact=True)
    two = equity(["AA, KK:0.5, QQ:0.25", "AK"], board="Kd7c2h", exact=True)
    assert_same_counts(one, two)


def test_a_sampled_weighted_run_counts_whole_deals_near_the_exact_shares() -> None:
    players = ["AA:0.5, KK, AKs:0.25", "AK, QQ:0.75"]
    exact = equity(players, board="Kd7c2h", exact=True)
    sampled = equity(players, board="Kd7c2h", samples=200_000, seed=3, threads=1)
    assert sampled.trials == 200_000
    assert np.all(sampled.win_count == np.round(sampled.win_count))
    shares = sampled.win_count / sampled.trials
    spread = np.sqrt(shares * (1 - shares) / sampled.trials)
    assert np.all(np.abs(shares - exact.win_count / exact.trials) <= 5 * spread)


def test_the_command_line_never_prints_fractional_deals() -> None:
    players = ["AA:0.5, KK, AKs:0.25", "AK, QQ:0.75"]
    output = CliRunner().invoke(main, ["equity", *players, "--board", "Kd7c2h", "--exact"])
    assert output.exit_code == 0, output.output
    header = output.output.splitlines()[0]
    assert header.endswith(" deals") and "exact" in header
    deals = header.rsplit(", ", 1)[1].removesuffix(" deals").replace(",", "")
    assert deals.isdigit()
    assert int(deals) == equity(players, board="Kd7c2h", exact=True).trials


def test_solver_style_ranges_with_a_weight_per_combo_count_like_the_oracle() -> None:
    # Every combo its own weight: a join per mix of weights would be run once per pair of
    # combos; the plan counts that, and whatever it picks counts like the definition.
    texts = [
        solver_range("QQ+, AK, AQs, KQs, JTs", "Kd7c2h", seed=7),
        solver_range("TT+, AQ+, KQ, QJs, T9s, 98s", "Kd7c2h", seed=8),
    ]
    spot = build_spot(texts, "Kd7c2h", "", "holdem")
    plan = plan_exact(spot)
    counters = run_exact(spot, plan)
    expected = reference_in_deals(spot, board_game_counters(spot))
    assert counters.trials == expected.trials
    np.testing.assert_allclose(counters.counts, expected.counts, rtol=1e-12)
    done = plan.details["evaluations"]
    assert plan.estimated_evaluations / 4 <= done <= plan.estimated_evaluations * 4
