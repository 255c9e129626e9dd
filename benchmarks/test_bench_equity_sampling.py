"""Monte Carlo equity and cheap calls, with OMPEval, poker-equity and eval7 timed in the same run.

Run with ``pytest benchmarks/test_bench_equity_sampling.py`` (not part of the
default ``pytest`` run); set ``OMPEVAL_LIB`` to a built OMPEval library
(``libomp_native.so`` from OMPEval's ``build.sh``) to time it side by side,
else its rows are skipped. On a shared machine add ``--benchmark-timer
time.process_time`` (CPU time; every run here is single-threaded unless its
label says otherwise, so CPU time is its work). Every spot is computed once
before timing so JIT compilation (or a cache load) is excluded. Nothing here
fails on speed: rates go to ``extra_info`` and the summary table printed at
the end of the run, with the ratios against the peers.

Targets (issue 8): Monte Carlo at >= 1.2x OMPEval's speed on the same
spots; a small exact spot ("AhKh v QsQd on 2c7d9h") in <= 100 us per
``equity()`` call from Python, <= 45 us to be 2x OMPEval.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from showdown.equity import equity

try:
    from ompeval import OmpEval, load
except ImportError:  # pragma: no cover - run from another directory
    from benchmarks.ompeval import OmpEval, load

SEED = 20261129
#: Peers' Monte Carlo runs (poker-equity, eval7 are slower: a smaller run is enough).
PEER_SAMPLES = 1_000_000
#: OMPEval and poker-equity write "random" as "random" and "**".
RANDOM = {"ompeval": "random", "poker-equity": "**"}

# spot id -> (showdown players, deals per timed call, target, peer-spelled players or None)
SPOTS: dict[str, tuple[list[str], int, str]] = {
    "heads-up": (["AhKh", "QsQd"], 4_000_000, ">= 1.2x OMPEval"),
    "three AK": (["AK", "AK", "AK"], 2_000_000, ">= 1.2x OMPEval"),
    "ranges": (["AA, KK, AK", "AK, AQ", "random"], 2_000_000, ">= 1.2x OMPEval"),
    "three pairs": (["AA", "KK", "QQ"], 4_000_000, ""),
}
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
def test_ompeval_monte_carlo(benchmark, throughputs, ompeval: OmpEval, spot: str):
    players, deals, _ = SPOTS[spot]
    peer = peer_players(players, "ompeval")
    runs: list[int] = []

    def run() -> list[float]:
        run = ompeval.equity(peer, exact=False, hands=deals)
        shares, hands = run.equity, run.hands
        runs.append(hands)
        return shares

    shares = _time(benchmark, run, rounds=7)
    if spot in EXACT_FIRST:
        assert shares[0] == pytest.approx(EXACT_FIRST[spot], abs=0.003)
    # OMPEval stops a little past its hand limit: rate its own count of hands.
    throughputs.record(benchmark, label(spot, "OMPEval"), max(runs), "deals")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        label(spot, "showdown"), label(spot, "OMPEval"), 1.2
    )


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


def test_showdown_whole_call(benchmark, throughputs):
    players, board = WHOLE_CALL
    result = _time(benchmark, lambda: equity(players, board=board, threads=1).equity, rounds=2_000)
    assert result[0] == pytest.approx(0.282828, abs=1e-6)  # 280 / 990
    throughputs.record(benchmark, whole_call_label("showdown"), 1, "calls", target="<= 45 us")


def test_showdown_whole_call_python_side(benchmark, throughputs, monkeypatch):
    """The same call with the exact run replaced by its stored answer.

    What is left is the Python around it (options, the cached spot and plan,
    the result, reading ``equity``); with the exact run's own time this adds
    up to the whole call.
    """
    from showdown.equity import exact as exact_module

    players, board = WHOLE_CALL
    answer = equity(players, board=board, threads=1)
    monkeypatch.setattr(exact_module, "run_exact", lambda *args, **options: answer._counters)
    result = _time(benchmark, lambda: equity(players, board=board, threads=1).equity, rounds=5_000)
    assert result.tolist() == answer.equity.tolist()
    throughputs.record(benchmark, whole_call_label("showdown, Python side only"), 1, "calls")


def test_ompeval_whole_call(benchmark, throughputs, ompeval: OmpEval):
    players, board = WHOLE_CALL
    shares = _time(
        benchmark, lambda: ompeval.equity(players, board=board, exact=True).equity, rounds=2_000
    )
    assert shares[0] == pytest.approx(0.282828, abs=1e-6)
    throughputs.record(benchmark, whole_call_label("OMPEval"), 1, "calls")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        whole_call_label("showdown"), whole_call_label("OMPEval"), 2
    )
