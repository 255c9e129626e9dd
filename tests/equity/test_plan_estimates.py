"""The planner's estimate bounds the real cost; a run far over it stops and samples instead.

Nothing here reads a clock: estimates are compared with the work the kernels
report (evaluations, joint holdings listed, canonical holdings run) and with
the peak memory ``tracemalloc`` sees, and the runtime guard is driven by its
work counter (or a clock the test owns).
"""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pytest
from click.testing import CliRunner

from reference.solver_ranges import solver_range
from showdown import equity
from showdown.cards import format_cards
from showdown.cli.main import main
from showdown.equity import api, guard
from showdown.equity.analysis.by_card import runout_counters, runout_estimate
from showdown.equity.exact import plan as planning
from showdown.equity.exact.driver import (
    MAX_EXACT_SECONDS,
    ExactOverrunError,
    ExactTooSlowError,
    cached_plan,
    plan_exact,
    run_exact,
    runs_exactly,
)
from showdown.equity.exact.holdings import estimate_joint_holdings, indexed_joint_holdings
from showdown.equity.spot import build_spot

#: Folded hands: every 2 to 7 dead.
DEAD_24 = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s"


# ----------------------------------------------------------------------------- joint holdings
@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [
        # 14 live cards: 84,084 joint holdings.
        (["random", "random"], "AsKhQdJc9s", DEAD_24 + "8c8d8h8s9c9dTcTdTh", "omaha6"),
        # 13 live cards: 450,450.
        (["random", "random", "random"], "AsKhQdJc9s", DEAD_24 + "8c8d8h8s9c9dTcTdTh", "omaha"),
        # 14 live cards: 252,252.
        (["AsKsQsJsTs", "random", "random"], "AhKdQc", DEAD_24 + "8c8d8h9c9d9h", "omaha5"),
        # 16 live cards, 9 combos of aces and kings: 54,054.
        (["AA, KK", "random", "random"], "QsJhTd", DEAD_24 + "8c8d8h8s9c9d9h9sTc", "holdem"),
        (["QQ+, AK", "JJ-88, AQs", "random"], "Ks8dTc", DEAD_24, "holdem"),
        (["AhKh", "QQ+, AK"], "2c7d9h", "", "holdem"),
    ],
)
def test_joint_holdings_are_counted_exactly_for_random_hands_and_two_ranges(
    players, board, dead, game
) -> None:
    # Listed one by one (small spots) against the estimate made without listing.
    spot = build_spot(players, board, dead, game)
    listed = len(indexed_joint_holdings(spot)[0])
    assert estimate_joint_holdings(spot) == listed


def test_many_dead_cards_never_make_the_joint_holdings_vanish() -> None:
    # 23 live cards: two random Omaha-6 hands are C(23, 6) * C(17, 6) joint holdings; the
    # old pairwise estimate said 0 and called the spot free.
    spot = build_spot(["random", "random"], "AsKhQdJc9s", DEAD_24, "omaha6")
    assert estimate_joint_holdings(spot) == math.comb(23, 6) * math.comb(17, 6)


def test_three_ranges_are_estimated_within_a_small_factor() -> None:
    spot = build_spot(["QQ+, AK", "JJ-88, AQs, KQs", "TT-66, AJs+, KQo"], "", "", "holdem")
    listed = len(indexed_joint_holdings(spot)[0])
    assert listed / 1.5 <= estimate_joint_holdings(spot) <= listed * 1.5


# ----------------------------------------------------------------------------- work
SMALL_RANGES = ["QQ+", "AKs", "AK", "JJ-99", "T9s, 98s", "A5s-A2s", "KQo", "77,88", "22+:0.5, AQs"]


def random_spot(seed: int):
    """A seeded spot: hold'em or Omaha, 2 to 4 players, known hands, ranges, random hands,
    weights (some a weight per combo), a board of 0 to 5 cards and up to 20 dead cards."""
    generator = np.random.default_rng(seed)
    game = str(generator.choice(["holdem", "holdem", "omaha", "omaha5", "omaha-hilo"]))
    hole = {"holdem": 2, "omaha": 4, "omaha5": 5, "omaha-hilo": 4}[game]
    deck = generator.permutation(52).astype(np.uint8)
    board_size = int(generator.choice([0, 3, 3, 4, 4, 5, 5]))
    n_dead = int(generator.choice([0, 0, 4, 12, 20]))
    n_players = int(generator.integers(2, 5))
    board = format_cards(deck[:board_size])
    dead = format_cards(deck[board_size : board_size + n_dead])
    position = board_size + n_dead
    players: list[str] = []
    for _ in range(n_players):
        kind = generator.random()
        if kind < 0.25 and players.count("random") < 2:
            players.append("random")
        elif kind < 0.6 and game == "holdem":
            text = str(generator.choice(SMALL_RANGES))
            if generator.random() < 0.3:  # solver style: a weight per combo
                try:
                    combos = build_spot([text, "2c2d"], "", "", "holdem").players[0].hand_range
                except ValueError:
                    combos = None
                if combos is not None:
                    weights = generator.uniform(0.1, 1.0, len(combos)).round(2)
                    text = ", ".join(
                        f"{combo}:{weight}"
                        for combo, weight in zip(combos.to_strings(), weights, strict=True)
                    )
            players.append(text)
        else:
            players.append(format_cards(deck[position : position + hole]))
            position += hole
    return players, board, dead, game


def planned_spots(count: int, most_seconds: float):
    """The first ``count`` random spots that build and are planned under ``most_seconds``."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        try:
            spot = build_spot(*random_spot(seed))
        except ValueError:
            continue  # a range emptied by card removal, too few cards left...
        plan = plan_exact(spot, use_tables=False)
        if plan.estimated_seconds <= most_seconds and plan.estimated_bytes < 2**28:
            found.append((seed, spot, plan))
    return found


def test_estimates_match_the_work_done_over_random_spots() -> None:
    for seed, spot, plan in planned_spots(40, most_seconds=0.5):
        try:
            run_exact(spot, plan)
        except ValueError as error:  # the ranges cannot fit together at all
            assert "share cards" in str(error), seed
            continue
        done = plan.details["evaluations"]
        estimated = plan.estimated_evaluations
        assert estimated / 4 <= max(done, 1) <= estimated * 4, (seed, plan.method, done, estimated)
        if plan.method == "classes" and "holdings_done" in plan.details:
            holdings = plan.details["holdings_done"]
            assert plan.details["holdings"] / 3 <= holdings <= plan.details["holdings"] * 3, seed


def test_a_join_of_solver_ranges_is_estimated_with_a_call_per_mix_of_weights() -> None:
    # The join counts integers, so it runs once per mix of weights: with a weight per combo,
    # once per pair of combos. The estimate counts those kernel calls (blocks) and their work.
    players = [solver_range("QQ+, AKs", "Kd7c2h", 3), solver_range("JJ-88, AQs", "Kd7c2h", 4)]
    spot = build_spot(players, "Kd7c2h", "", "holdem")
    plan = plan_exact(spot, method="join")
    blocks: list[int] = []
    run_exact(spot, plan, lambda _done, total: blocks.append(total))
    calls = plan.details["calls"]
    assert calls / 4 <= blocks[-1] <= calls * 4
    done = plan.details["evaluations"]
    assert plan.estimated_evaluations / 4 <= done <= plan.estimated_evaluations * 4
    assert plan_exact(spot).method == "classes"  # far cheaper


@pytest.mark.parametrize(
    ("players", "board", "dead", "game", "canonical"),
    [
        # 15 live cards: 450,450 joint holdings.
        (["random", "random"], "AsKhQdJcTs", DEAD_24 + "8c8d8h8s9c9d9h9s", "omaha", False),
        (["random", "random"], "AsKhQdJc", DEAD_24, "holdem", False),  # 63,756
        (["random", "random"], "2s3s4s", DEAD_24[24:], "holdem", True),  # 396,270
        (["AA, KK", "random", "random"], "KsQdJc9h", DEAD_24, "holdem", False),  # 395,010
        # A weight per combo: 35,234 joint holdings, as many distinct weights.
        (["solver 1", "solver 2"], "Kd7c2h", "", "holdem", False),
    ],
)
def test_the_memory_estimate_bounds_the_peak(players, board, dead, game, canonical) -> None:
    if players[0] == "solver 1":
        players = [solver_range("22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+", board, seed)
                   for seed in (1, 2)]  # fmt: skip
    spot = build_spot(players, board, dead, game)
    plan = plan_exact(spot, method="classes", canonical=canonical)
    assert plan.details["canonical"] is canonical
    tracemalloc.start()
    try:
        run_exact(spot, plan)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert plan.estimated_bytes / 4 <= peak <= plan.estimated_bytes * 1.5


# ----------------------------------------------------------------------------- what users hit
@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [
        (["random", "random"], "AsKhQdJc9s", DEAD_24, "omaha6"),
        (["random", "random"], "AsKhQdJc9s", DEAD_24, "omaha5"),
        (["random"] * 4, "AsKhQdJc9s", DEAD_24 + "8c8d8h8s9c9d", "omaha"),
    ],
)
def test_folded_hands_make_big_omaha_spots_sample_and_exact_refuse_at_once(
    players, board, dead, game
) -> None:
    spot = build_spot(players, board, dead, game)
    plan = cached_plan(spot, 2, True)
    assert not runs_exactly(plan, api.EXACT_SECONDS_LIMIT)  # the default mode samples
    tracemalloc.start()
    try:
        with pytest.raises(ExactTooSlowError, match="sample instead") as refused:
            equity(players, board=board, dead=dead, game=game, exact=True, threads=2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "joint holdings" in str(refused.value)
    assert peak < 50 * 2**20  # refused from the estimate, nothing listed


def test_a_common_omaha_spot_by_card_is_estimated_near_its_work() -> None:
    # Refused as "about 231 s" before; its real work is a few seconds of kernels.
    spot = build_spot(["AsAhKsKh", "random"], "2c7d9h", "", "omaha")
    estimate = runout_estimate(spot, threads=2)
    assert estimate.seconds < MAX_EXACT_SECONDS


@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [
        (["AsAhKsKh", "random"], "2c7d9hTs", DEAD_24[8:32], "omaha"),  # 3s to 5s dead
        (["AsAhKsKh", "random"], "2c7d9h", DEAD_24[8:40], "omaha-hilo"),  # 3s to 6s dead
        (["AA, KK", "random"], "Ks8d4c", "", "holdem"),
        (["AhKh", "QsQd", "JJ:0.5, TT"], "2c7d9h", "", "holdem"),
    ],
)
def test_runout_estimates_match_their_work(players, board, dead, game) -> None:
    spot = build_spot(players, board, dead, game)
    estimate = runout_estimate(spot)
    runout_counters(spot, 1)
    done = spot.derived["runout evaluations"]
    assert estimate.evaluations / 2 <= done <= estimate.evaluations * 2


# ----------------------------------------------------------------------------- the guard
OVERRUN_PLAYERS = ["AhKh", "random", "QQ"]


def test_a_run_far_over_its_estimate_stops_between_blocks() -> None:
    spot = build_spot(OVERRUN_PLAYERS, "", "", "holdem")
    plan = plan_exact(spot, use_tables=False)
    calls: list[tuple[int, int]] = []
    plan.estimated_evaluations = 1.0  # the work counter passes 10x this after a block or two
    with pytest.raises(ExactOverrunError, match="over 10 times the estimate") as stopped:
        run_exact(spot, plan, lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][0] < calls[-1][1]  # stopped before the end
    assert "sampled instead" in stopped.value.note
    assert isinstance(stopped.value, ExactTooSlowError) and isinstance(stopped.value, ValueError)


def underestimating(monkeypatch) -> None:
    """Plans that think every run costs almost nothing."""
    real = planning.plan_exact

    def plan_exact(spot, **options):
        plan = real(spot, **options)
        if spot.game.kind == "board" and not spot.all_fixed:
            plan.estimated_evaluations = 1.0
            plan.estimated_seconds = 1e-3
        return plan

    monkeypatch.setattr(planning, "plan_exact", plan_exact)


def test_equity_samples_with_a_note_when_exact_overruns(monkeypatch) -> None:
    underestimating(monkeypatch)
    players = ["AhKh", "random", "QQ, JJ"]  # a spot of its own: no plan cached before
    with pytest.warns(RuntimeWarning, match="not reached"):  # 20,000 deals: a quick sample
        result = equity(players, max_samples=20_000, seed=1, threads=1)
    assert not result.exact and result.trials > 0
    assert result.note is not None and "stopped" in result.note
    assert result.to_dict()["note"] == result.note
    assert "Note: exact enumeration stopped" in repr(result)
    with pytest.raises(ExactOverrunError):
        equity(players, exact=True, threads=1)


def test_the_command_line_says_when_exact_overran_and_sampled(monkeypatch) -> None:
    underestimating(monkeypatch)
    output = CliRunner().invoke(
        main, ["equity", "AhKh", "random", "QQ, TT", "--max-samples", "20000", "--seed", "1"]
    )
    assert output.exit_code == 0, output.output
    assert "Monte Carlo" in output.output
    assert "Note: exact enumeration stopped" in output.stderr


def test_running_out_of_memory_is_never_a_raw_memory_error(monkeypatch) -> None:
    from showdown.equity.exact import driver as exact

    def no_memory(*_args, **_options):
        raise MemoryError

    monkeypatch.setattr(exact, "cached_joint_holdings", no_memory)
    players = ["AhKh", "random", "QQ, 99"]  # classes, planned at a fraction of a second
    with pytest.raises(ExactOverrunError, match="ran out of memory"):
        equity(players, board="2c7d9h", exact=True, threads=1)
    with pytest.warns(RuntimeWarning, match="not reached"):
        result = equity(players, board="2c7d9h", max_samples=20_000, seed=1, threads=1)
    assert not result.exact and "ran out of memory" in result.note


def test_listing_far_more_joint_holdings_than_estimated_stops(monkeypatch) -> None:
    from showdown.equity.exact import holdings

    monkeypatch.setattr(holdings, "LISTING_BYTES", 1000)
    spot = build_spot(["random", "random"], "AsKhQdJc", DEAD_24, "holdem")
    with pytest.raises(ExactOverrunError, match="joint holdings listed"):
        indexed_joint_holdings(spot, expected=10.0)
    listed = indexed_joint_holdings(spot, expected=1e5)[0]
    assert len(listed) == math.comb(24, 2) * math.comb(22, 2)


def test_the_guard_stops_on_time_by_its_clock() -> None:
    now = [0.0]
    watch = guard.WorkGuard(1e9, 2.0, clock=lambda: now[0], timed=True)
    now[0] = 500.0  # the first block (compiling kernels) starts the clock when it ends
    watch.add(1.0)
    now[0] = 539.0  # under 20 x 2 s since: on track
    watch.add(1.0)
    now[0] = 541.0
    with pytest.raises(ExactOverrunError, match="41 s spent"):
        watch.add(1.0)


def test_small_runs_are_never_stopped_however_low_the_estimate() -> None:
    watch = guard.WorkGuard(0.0, 0.0, clock=lambda: 0.0)
    watch.add(guard.OVERRUN_MIN_WORK)  # below the floor: no stop
    with pytest.raises(ExactOverrunError):
        watch.add(1.0)
