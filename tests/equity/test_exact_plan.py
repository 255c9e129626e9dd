"""Exact runs: honest estimates, refusals, blocks (progress, Ctrl-C), threads, stud and draw.

No test here measures time: estimates are checked against the evaluations the
kernels report, and promptness against the number of blocks run.
"""

from __future__ import annotations

import numpy as np
import pytest

from reference.board_by_board import deal_game_counters
from showdown.cards import format_cards
from showdown.equity import equity
from showdown.equity.exact.driver import ExactTooSlowError, plan_exact, run_exact
from showdown.equity.exact.plan import BLOCK_SECONDS
from showdown.equity.spot import build_spot

ESTIMATED_SPOTS = [
    (["AhKh", "QsQd", "7c6c"], "", "", "holdem"),
    (["QQ+, AKs", "JJ-99, AQs", "AhKh"], "", "", "holdem"),
    (["AhKh", "random"], "2c7d9h", "", "holdem"),
    (["random", "random", "AK"], "4hAd3c4c7c", "6h"),
    (["QQ+", "AK, AQ", "random"], "Ks8d4c2h", ""),
    (["AsAhKsKh", "JdTd9c8c"], "", "", "omaha-hilo"),
    (["AsAhKsKhQd", "JdTd9c8c7c", "2s3s4h5h6d"], "AcKd2h", "", "omaha5"),
    (["AsAhKd7c2d", "QcQdJs9h3s"], "", "", "stud"),
    (["AsKsQsJs2c/2c", "7h7d7c3s2s/3s2s"], "", "", "draw"),
]


@pytest.mark.parametrize("spot_args", ESTIMATED_SPOTS)
def test_estimates_are_within_a_factor_of_four_of_the_work_done(spot_args) -> None:
    players, board, dead = spot_args[:3]
    game = spot_args[3] if len(spot_args) > 3 else "holdem"
    spot = build_spot(players, board, dead, game)
    plan = plan_exact(spot, use_tables=False)
    run_exact(spot, plan)
    done = plan.details["evaluations"]
    assert done > 0
    assert plan.estimated_evaluations / 4 <= done <= plan.estimated_evaluations * 4


@pytest.mark.parametrize(
    ("players", "game", "message"),
    [
        (["random", "random"], "stud", "years"),
        (["random", "random", "random"], "holdem", "joint holdings"),
        (["AsKsQsJs2c/AsKsQsJs2c", "7h7d7c3s2s/7h7d7c3s2s"], "draw", "evaluations"),
    ],
)
def test_hopeless_exact_runs_are_refused_up_front_with_the_estimate(players, game, message):
    with pytest.raises(ExactTooSlowError, match=message) as caught:
        equity(players, game=game, exact=True)
    text = str(caught.value)
    assert "would take about" in text
    assert "samples=/target_stderr=" in text and "--samples/--stderr" in text
    assert isinstance(caught.value, ValueError)


def test_exact_none_enumerates_small_spots_and_samples_big_ones() -> None:
    assert equity(["AsKs", "QQ+"], board="Kd7c2h").exact
    assert equity(["AsAh", "KsKh", "QsQh"]).exact  # classes: ~1 ms, not 1.4 M boards
    assert not equity(["random", "random", "AK"], seed=1, samples=1000).exact
    assert not equity(["random", "random", "random"], seed=1).exact


def test_progress_reports_every_block_and_its_exception_stops_the_run() -> None:
    # Planned (by the cost model; no clock is read) as many blocks: the first
    # report raises, so exactly one report is made and the run stops.
    spot = build_spot(["AhKh", "random", "QQ"], "", "", "holdem")
    plan = plan_exact(spot, use_tables=False)
    assert plan.estimated_seconds / BLOCK_SECONDS > 6
    calls: list[tuple[int, int]] = []

    def interrupt(done: int, total: int) -> None:
        calls.append((done, total))
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        equity(["AhKh", "random", "QQ"], exact=True, progress=interrupt, threads=1)
    assert len(calls) == 1
    done, total = calls[0]
    assert done == 1 and total >= 8  # steady: many blocks, each a fraction of a second


def test_progress_exception_stops_a_threaded_stud_run() -> None:
    calls: list[tuple[int, int]] = []

    def fail(done: int, total: int) -> None:
        calls.append((done, total))
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError, match="stop"):
        equity(["AsAhKd7c", "QcQdJs9h"], game="stud", exact=True, progress=fail, threads=2)
    assert len(calls) == 1 and calls[0][1] >= 8


def test_progress_counts_up_to_its_total() -> None:
    calls: list[tuple[int, int]] = []
    equity(
        ["QQ+, AKs", "JJ-99, AQs", "AhKh"], exact=True, progress=lambda d, t: calls.append((d, t))
    )
    total = calls[-1][1]
    assert [done for done, _ in calls] == list(range(1, total + 1))
    assert {t for _, t in calls} == {total}


@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        (["QQ+, AKs", "JJ-99, AQs", "AhKh"], "", "holdem"),
        (["AA, KK", "random"], "Ks8d4c", "holdem"),
        (["As2s3hKh", "KdKcQdJc", "7h8h9dTd"], "", "omaha-hilo"),
    ],
)
def test_thread_count_does_not_change_the_answer(players, board, game) -> None:
    one = equity(players, board=board, game=game, exact=True, threads=1, use_tables=False)
    two = equity(players, board=board, game=game, exact=True, threads=2, use_tables=False)
    assert one.share_counts.tolist() == two.share_counts.tolist()
    assert one.categories.tolist() == two.categories.tolist()
    assert one.equity.tolist() == two.equity.tolist()


def random_deal_spot(seed: int, game: str):
    generator = np.random.default_rng(seed)
    deck = generator.permutation(52).astype(np.uint8)
    n_players = int(generator.integers(2, 4))
    if game == "draw":
        players = []
        discarded = 0
        for index in range(n_players):
            hand = deck[5 * index : 5 * index + 5]
            n_discards = min(int(generator.integers(0, 3)), 3 - discarded)
            discarded += n_discards
            text = format_cards(hand)
            if n_discards:
                text += "/" + format_cards(hand[:n_discards])
            players.append(text)
        return players, format_cards(deck[5 * n_players : 5 * n_players + 2])
    players = []
    position = 0
    missing = 0
    for _ in range(n_players):
        # At most three missing cards in all, so the deal-by-deal oracle stays quick.
        known = max(7 - int(generator.integers(0, 3)), 4 + missing)
        missing += 7 - known
        players.append(format_cards(deck[position : position + known]))
        position += known
    return players, format_cards(deck[position : position + int(generator.integers(0, 3))])


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("game", ["stud", "stud-hilo", "draw"])
def test_stud_and_draw_blocks_match_the_deal_by_deal_kernel(seed: int, game: str) -> None:
    players, dead = random_deal_spot(seed, game)
    spot = build_spot(players, "", dead, game)
    plan = plan_exact(spot)
    new = run_exact(spot, plan)
    old = deal_game_counters(spot)
    assert new.trials == old.trials
    np.testing.assert_array_equal(new.counts, old.counts)
    np.testing.assert_array_equal(new.scoop, old.scoop)
    np.testing.assert_array_equal(new.share_any, old.share_any)
    np.testing.assert_array_equal(new.categories, old.categories)
    np.testing.assert_allclose(new.sum_squares, old.sum_squares, rtol=1e-12)


def test_a_long_board_is_split_into_short_joins() -> None:
    # One river planned (cost model) at several blocks of joining: the first looped
    # player's holdings are split so that no kernel call is planned longer than a block.
    players = ["random", "random", "random"]
    spot = build_spot(players, "4hAd3c4c7c", "6h", "holdem")
    plan = plan_exact(spot)
    assert plan.method == "join"
    calls: list[tuple[int, int]] = []
    split = run_exact(spot, plan, lambda done, total: calls.append((done, total)))
    assert calls[-1][1] == len(calls) >= max(2, int(plan.estimated_seconds / BLOCK_SECONDS))
    plan.estimated_seconds = 1e-6  # one block: the same counters in one call
    whole = run_exact(spot, plan)
    np.testing.assert_array_equal(split.counts, whole.counts)
    np.testing.assert_array_equal(split.categories, whole.categories)
    assert split.trials == whole.trials
