"""Monte Carlo equity and cheap calls, with OMPEval, poker-equity and eval7 timed in the same run.

Run with ``pytest benchmarks/test_bench_equity_sampling.py`` (not part of the
default ``pytest`` run); set ``OMPEVAL_LIB`` to a built OMPEval library
(``libomp_native.so`` from OMPEval's ``build.sh``) to time it side by side,
else its rows are skipped. Every spot is computed once before timing so JIT
compilation (or a cache load) is excluded. Nothing here fails on speed: rates
go to ``extra_info`` and the summary table printed at the end of the run,
with the ratios against the peers and the load average of each row.

Against OMPEval, showdown and OMPEval run in turn on the same spot and deals
count (``conftest.Interleaved``: A B, B A, ... with medians of each), so both
see the same machine: on a shared machine the load moves from second to
second, and timing one engine for a while and then the other compared two
different machines (a run once showed 0.74x at load 2.5 where a quiet run
showed 1.5x). Both CPU time (the headline: each engine's own work, every
thread counted) and wall time are reported. Every run here is single-threaded
unless its label says otherwise.

Targets: Monte Carlo at >= 1.5x OMPEval's speed on the same spots, quiet and
loaded; a small exact spot ("AhKh v QsQd on 2c7d9h") in <= 10 us per repeated
``equity()`` call from Python (a warm process; at least 2x OMPEval).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from showdown.equity import call_cache, equity

try:
    from conftest import Interleaved
    from ompeval import OmpEval, load
except ImportError:  # pragma: no cover - run from another directory
    from benchmarks.conftest import Interleaved
    from benchmarks.ompeval import OmpEval, load

SEED = 20261129
#: Peers' Monte Carlo runs (poker-equity, eval7 are slower: a smaller run is enough).
PEER_SAMPLES = 1_000_000
#: OMPEval and poker-equity write "random" as "random" and "**".
RANDOM = {"ompeval": "random", "poker-equity": "**"}

# spot id -> (showdown players, deals per timed call, target)
SPOTS: dict[str, tuple[list[str], int, str]] = {
    "heads-up": (["AhKh", "QsQd"], 4_000_000, ">= 1.5x OMPEval"),
    "three AK": (["AK", "AK", "AK"], 2_000_000, ">= 1.5x OMPEval"),
    "ranges": (["AA, KK, AK", "AK, AQ", "random"], 2_000_000, ">= 1.5x OMPEval"),
    "three pairs": (["AA", "KK", "QQ"], 4_000_000, ""),
}
#: Rounds of the interleaved runs (each round runs both engines once).
ROUNDS = 11
#: Calls per timing of the whole-call rounds (a call is microseconds: a clock read
#: per call would weigh on it).
CALLS_PER_ROUND = 1_000
#: Equity of the first player, exact (checked by tests/equity; here a sanity bound).
EXACT_FIRST = {"heads-up": 0.462145, "three AK": 1 / 3}

WHOLE_CALL = (["AhKh", "QsQd"], "2c7d9h")


def label(spot: str, who: str) -> str:
    players = " v ".join(f"`{text}`" if "," in text else text for text in SPOTS[spot][0])
    return f"Monte Carlo {players}, {who}"


def whole_call_label(who: str) -> str:
    return f"AhKh v QsQd on 2c7d9h (whole call), {who}"


def peer_players(players: list[str], peer: str) -> list[str]:
    return [RANDOM[peer] if text == "random" else text for text in players]


@pytest.fixture(scope="module")
def ompeval() -> OmpEval:
    peer = load()
    if peer is None:
        pytest.skip("set OMPEVAL_LIB to OMPEval's built libomp_native.so")
    return peer


def _time(benchmark: Any, function: Callable[[], Any], rounds: int) -> Any:
    function()  # warm-up: compile or load kernels, fill caches
    return benchmark.pedantic(function, rounds=rounds, warmup_rounds=1)


# --- Monte Carlo -------------------------------------------------------------------------------


@pytest.mark.parametrize("spot", list(SPOTS))
def test_showdown_monte_carlo(benchmark, throughputs, spot: str):
    players, deals, target = SPOTS[spot]
    result = _time(
        benchmark, lambda: equity(players, samples=deals, seed=SEED, threads=1), rounds=10
    )
    assert result.trials == deals and not result.exact
    if spot in EXACT_FIRST:
        assert abs(float(result.equity[0]) - EXACT_FIRST[spot]) < 5 * float(result.stderr[0])
    throughputs.record(benchmark, label(spot, "showdown"), deals, "deals", target=target)


def test_showdown_monte_carlo_two_threads(benchmark, throughputs):
    players, deals, _ = SPOTS["heads-up"]
    one = equity(players, samples=deals, seed=SEED, threads=1)
    two = _time(benchmark, lambda: equity(players, samples=deals, seed=SEED, threads=2), 10)
    assert (two.share_counts == one.share_counts).all()  # same seed, same answer
    throughputs.record(benchmark, label("heads-up", "showdown, threads=2"), deals, "deals")
    benchmark.extra_info["speedup"] = throughputs.compare(
        label("heads-up", "showdown, threads=2"), label("heads-up", "showdown")
    )


@pytest.mark.parametrize("spot", ["heads-up", "three AK", "ranges"])
def test_monte_carlo_beside_ompeval(benchmark, throughputs, ompeval: OmpEval, spot: str):
    """showdown and OMPEval in turn on the same deals count; medians and their ratio."""
    players, deals, target = SPOTS[spot]
    peer = peer_players(players, "ompeval")
    runs = Interleaved(
        lambda: equity(players, samples=deals, seed=SEED, threads=1),
        lambda: ompeval.equity(peer, exact=False, hands=deals),
    )
    runs.warm()  # compile or load kernels, fill caches
    benchmark.pedantic(runs.round, rounds=ROUNDS)  # the benchmark times the pairs
    ours, theirs = runs.results
    assert all(result.trials == deals and not result.exact for result in ours)
    if spot in EXACT_FIRST:
        assert abs(float(ours[0].equity[0]) - EXACT_FIRST[spot]) < 5 * float(ours[0].stderr[0])
        assert theirs[0].equity[0] == pytest.approx(EXACT_FIRST[spot], abs=0.003)
    # OMPEval stops a little past its hand limit: rate its own count of hands.
    hands = max(run.hands for run in theirs)
    mine, peer_label = label(spot, "showdown beside OMPEval"), label(spot, "OMPEval")
    throughputs.record_times(mine, runs.cpu[0], deals, "deals", target=target)
    throughputs.record_times(peer_label, runs.cpu[1], hands, "deals")
    throughputs.record_times(f"{mine} (wall)", runs.wall[0], deals, "deals")
    throughputs.record_times(f"{peer_label} (wall)", runs.wall[1], hands, "deals")
    benchmark.extra_info.update(runs.info(deals, hands))
    throughputs.compare(mine, peer_label, 1.5)
    throughputs.compare(f"{mine} (wall)", f"{peer_label} (wall)", 1.5)


@pytest.mark.parametrize("spot", list(SPOTS))
def test_poker_equity_monte_carlo(benchmark, throughputs, spot: str):
    poker_equity = pytest.importorskip("poker_equity")
    players = peer_players(SPOTS[spot][0], "poker-equity")
    result = _time(
        benchmark,
        lambda: poker_equity.chunk_from_text(
            "holdem", players, samples=PEER_SAMPLES, seed=SEED, threads=1
        ),
        rounds=3,
    )
    if spot in EXACT_FIRST:
        assert result["players"][0]["equity"] == pytest.approx(EXACT_FIRST[spot], abs=0.003)
    throughputs.record(benchmark, label(spot, "poker-equity"), PEER_SAMPLES, "deals")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        label(spot, "showdown"), label(spot, "poker-equity")
    )


def test_eval7_monte_carlo_heads_up(benchmark, throughputs):
    eval7 = pytest.importorskip("eval7")
    hero = [eval7.Card(name) for name in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")
    eval7.xorshift_rand.seed(SEED)  # reproducible peer run
    share = _time(
        benchmark,
        lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], PEER_SAMPLES),
        rounds=5,
    )
    assert share == pytest.approx(0.462145, abs=0.003)  # 6 standard errors at 1 M deals
    throughputs.record(benchmark, label("heads-up", "eval7"), PEER_SAMPLES, "deals")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        label("heads-up", "showdown"), label("heads-up", "eval7")
    )


# --- one cheap call, from Python ---------------------------------------------------------------


def _calls(function: Callable[[], Any]) -> Callable[[], Any]:
    """``function`` called :data:`CALLS_PER_ROUND` times (one timing per round)."""

    def many() -> Any:
        for _ in range(CALLS_PER_ROUND):
            answer = function()
        return answer

    return many


def _showdown_call() -> Any:
    players, board = WHOLE_CALL
    return equity(players, board=board).equity


def _uncached_call() -> Any:
    # The same call with its kept answer forgotten first: parsed spot and plan are
    # still cached, the run and the result are not.
    call_cache.clear()
    return _showdown_call()


def test_showdown_whole_call(benchmark, throughputs):
    """The call repeated as a user would: the kept answer, a fresh result, ``equity`` read."""
    result = _time(benchmark, _showdown_call, rounds=5_000)
    assert result[0] == pytest.approx(0.282828, abs=1e-6)  # 280 / 990
    throughputs.record(benchmark, whole_call_label("showdown"), 1, "calls", target="<= 10 us")


def test_showdown_whole_call_uncached(benchmark, throughputs):
    """The same call when its answer is not kept: checks, the run, the result."""
    result = _time(benchmark, _uncached_call, rounds=2_000)
    assert result[0] == pytest.approx(0.282828, abs=1e-6)
    throughputs.record(benchmark, whole_call_label("showdown, answer not kept"), 1, "calls")


def test_whole_call_beside_ompeval(benchmark, throughputs, ompeval: OmpEval):
    """showdown's repeated call and OMPEval's, in turn, :data:`CALLS_PER_ROUND` calls a timing."""
    players, board = WHOLE_CALL
    runs = Interleaved(
        _calls(_showdown_call),
        _calls(lambda: ompeval.equity(players, board=board, exact=True).equity),
    )
    runs.warm()
    benchmark.pedantic(runs.round, rounds=ROUNDS)
    assert runs.results[0][0][0] == pytest.approx(0.282828, abs=1e-6)
    assert runs.results[1][0][0] == pytest.approx(0.282828, abs=1e-6)
    mine, peer = whole_call_label("showdown beside OMPEval"), whole_call_label("OMPEval")
    per_call = [[seconds / CALLS_PER_ROUND for seconds in engine] for engine in runs.cpu]
    throughputs.record_times(mine, per_call[0], 1, "calls", target="<= 10 us")
    throughputs.record_times(peer, per_call[1], 1, "calls")
    benchmark.extra_info.update(runs.info(CALLS_PER_ROUND, CALLS_PER_ROUND))
    throughputs.compare(mine, peer, 2)
