"""Omaha range equity: sampled range v range beside poker-equity, and exact on a flop.

Run with ``pytest benchmarks/test_bench_omaha_ranges.py`` (not part of the
default ``pytest`` run). One thread throughout; every spot is computed once
before timing, so JIT compilation (or a cache load) is excluded. Nothing
fails on speed: rates go to ``extra_info`` and the summary table.

poker-equity deals Omaha for specific hands only, so it runs the same number
of trials on specific hands of the same shape (two or three players, no
board) and the comparison is of trials per second: each of our trials also
draws every ranged player's hand from their weighted range (with card
removal), which a specific hand never pays for. The two engines run in turn
(``conftest.Interleaved``) so both see the same machine; CPU time is the
headline, wall time is recorded too.

Targets: sampled Omaha range v range (``"AA:xxyy"`` v ``"15%"`` preflop, and
a three-way spot) at 600,000 trials, the default of the commercial tools, in
<= 0.25 s; exact Omaha range v range on a flop with two ranges of about
2,000 combos each in <= 1 s, Omaha Hi-Lo the same spot in <= 2 s.
"""

from __future__ import annotations

import pytest

from showdown.cards.ranges import parse_hand_or_range
from showdown.equity import call_cache, equity
from showdown.equity.exact.driver import MAX_EXACT_SECONDS
from showdown.equity.exact.plan import plan_exact
from showdown.equity.spot import build_spot

try:
    from conftest import Interleaved
except ImportError:  # pragma: no cover - run from another directory
    from benchmarks.conftest import Interleaved

SEED = 20261202
TRIALS = 600_000
#: Rounds of the interleaved runs (each round runs both engines once).
ROUNDS = 7

# spot id -> (our players, poker-equity's specific hands of the same shape)
SAMPLED: dict[str, tuple[list[str], list[str]]] = {
    "heads-up": (["AA:xxyy", "15%"], ["AsAhKd9c", "QhJhTs8c"]),
    "three-way": (["AA:xxyy", "KK:xxyy", "15%"], ["AsAhQd9c", "KsKcJhTh", "9h8h7s6d"]),
}
SAMPLED_TARGET = "<= 0.25 s"

#: The exact flop: two ranges of about 2,000 combos each once the flop is out.
FLOP = "Ks7d2c"
EXACT_PLAYERS = [
    "AA:xxyy, KK:xxyy, QQ:xxyy",
    "JT98, T987, 9876, QJT9, 8765, KQJT, JT97, T986, 9875",
]
EXACT_TARGETS = {"omaha": "<= 1 s", "omaha-hilo": "<= 2 s"}
#: A known hand against two wide ranges (the command line's example), exact with
#: per-combo counters: 1,002 and 17,506 combos once the hand and the flop are out.
HERO_PLAYERS = ["AsAhKd9d", "AA:xxyy, KK", "15%"]


def label(spot: str, who: str) -> str:
    return f"Omaha {spot}, {TRIALS:,} trials, {who}"


def _showdown(players: list[str]):
    def run():
        return equity(players, game="omaha", samples=TRIALS, seed=SEED, threads=1)

    return run


@pytest.mark.parametrize("spot", list(SAMPLED))
def test_sampled_omaha_ranges(benchmark, throughputs, spot: str):
    players, _ = SAMPLED[spot]
    run = _showdown(players)
    run()  # compile or load the kernels, build the spot's sampler
    result = benchmark.pedantic(run, rounds=ROUNDS, warmup_rounds=1)
    assert result.trials == TRIALS and not result.exact
    ours = " v ".join(f"`{text}`" for text in players)
    throughputs.record(benchmark, label(ours, "showdown"), TRIALS, "deals", SAMPLED_TARGET)


@pytest.mark.parametrize("spot", list(SAMPLED))
def test_sampled_omaha_ranges_beside_poker_equity(benchmark, throughputs, spot: str):
    """Our range spot and poker-equity's specific hands in turn; trials per CPU second."""
    poker_equity = pytest.importorskip("poker_equity")
    players, hands = SAMPLED[spot]
    runs = Interleaved(
        _showdown(players),
        lambda: poker_equity.chunk_from_text("omaha", hands, samples=TRIALS, seed=SEED, threads=1),
    )
    runs.warm()
    benchmark.pedantic(runs.round, rounds=ROUNDS)
    ours, theirs = runs.results
    assert all(result.trials == TRIALS for result in ours)
    assert all(int(result["samples"]) == TRIALS for result in theirs)
    mine = label(" v ".join(f"`{text}`" for text in players), "showdown beside poker-equity")
    peer = label(" v ".join(hands), "poker-equity")
    throughputs.record_times(mine, runs.cpu[0], TRIALS, "deals", target=SAMPLED_TARGET)
    throughputs.record_times(peer, runs.cpu[1], TRIALS, "deals")
    throughputs.record_times(f"{mine} (wall)", runs.wall[0], TRIALS, "deals")
    throughputs.record_times(f"{peer} (wall)", runs.wall[1], TRIALS, "deals")
    benchmark.extra_info.update(runs.info(TRIALS, TRIALS))
    throughputs.compare(mine, peer)
    throughputs.compare(f"{mine} (wall)", f"{peer} (wall)")


@pytest.mark.parametrize("game", list(EXACT_TARGETS))
def test_exact_omaha_ranges_on_a_flop(benchmark, throughputs, game: str):
    """Timed when the planner lets it run; otherwise its estimate is what is reported."""
    sizes = [len(parse_hand_or_range(text, 4, dead=FLOP)) for text in EXACT_PLAYERS]
    assert all(1_500 <= size <= 2_500 for size in sizes)
    spot = build_spot(EXACT_PLAYERS, FLOP, None, game)
    plan = plan_exact(spot, threads=1)
    print(f"{game}: combos {sizes}, method {plan.method}, estimate {plan.estimated_seconds:.2f} s")
    benchmark.extra_info.update(
        method=plan.method,
        combos=sizes,
        joint_holdings=plan.joint_holdings,
        estimated_seconds=plan.estimated_seconds,
        estimated_evaluations=plan.estimated_evaluations,
    )
    if plan.estimated_seconds > MAX_EXACT_SECONDS:
        pytest.skip(
            f"exact refused: the planner estimates {plan.estimated_seconds:.0f} s "
            f"({plan.estimated_evaluations:.2g} evaluations over "
            f"{plan.joint_holdings:.3g} joint holdings)"
        )

    def run():
        call_cache.clear()  # exact answers are kept: time the run, not a look-up
        return equity(EXACT_PLAYERS, board=FLOP, game=game, exact=True, threads=1)

    run()
    result = benchmark.pedantic(run, rounds=3, warmup_rounds=0)
    assert result.exact
    label = f"{game} `{EXACT_PLAYERS[0]}` v `{EXACT_PLAYERS[1]}` on {FLOP}, exact"
    throughputs.record(benchmark, label, 1, "runs", EXACT_TARGETS[game])


def test_exact_omaha_hand_v_two_ranges_with_combos(benchmark, throughputs):
    """The known hand v two ranges on a flop, exact, every combo's counters too (the join)."""
    spot = build_spot(HERO_PLAYERS, FLOP, None, "omaha")
    plan = plan_exact(spot, threads=1)
    sizes = [len(player.hand_range) for player in spot.players]
    print(f"omaha: combos {sizes}, method {plan.method}, estimate {plan.estimated_seconds:.2f} s")
    benchmark.extra_info.update(
        method=plan.method, combos=sizes, estimated_seconds=plan.estimated_seconds
    )

    def run():
        call_cache.clear()  # exact answers are kept: time the run, not a look-up
        return equity(HERO_PLAYERS, board=FLOP, game="omaha", exact=True, combos=True, threads=1)

    run()
    result = benchmark.pedantic(run, rounds=3, warmup_rounds=0)
    assert result.exact and plan.method == "join"
    label = f"omaha {' v '.join(f'`{text}`' for text in HERO_PLAYERS)} on {FLOP}, exact, combos"
    throughputs.record(benchmark, label, 1, "runs")
