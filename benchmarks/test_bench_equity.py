"""Equity engine throughput, with peer libraries timed in the same run on the same spots.

Run with ``pytest benchmarks/test_bench_equity.py`` (not part of the default
``pytest`` run). Every spot is computed once before timing so JIT compilation
(or a cache load) is excluded. Showdown runs single-threaded (``threads=1``)
unless a test says otherwise; poker-equity runs with ``threads=1`` where it
takes a thread count (its exact enumeration has no such argument and runs on
one thread: its CPU time equals its wall time); eval7's Monte Carlo is
single-threaded. Nothing here fails on speed: rates go to ``extra_info`` and
the summary table printed at the end of the run.
"""

from __future__ import annotations

import pytest

from showdown.equity import equity

#: Preflop boards in a heads-up hold'em spot: C(48, 5).
HOLDEM_BOARDS = 1_712_304
#: Preflop boards in a heads-up Omaha spot: C(44, 5).
OMAHA_BOARDS = 1_086_008
#: Monte Carlo deals per timed showdown call (four of the engine's 2**20-deal rounds).
SHOWDOWN_SAMPLES = 1 << 22
#: Monte Carlo deals per timed peer call (the peers are slower; a smaller run is enough).
PEER_SAMPLES = 1_000_000
SEED = 20261129

HOLDEM_SPOT = ["AhKh", "QsQd"]
OMAHA_SPOT = ["AsAhKsKh", "JdTd9c8c"]
OMAHA_HILO_SPOT = ["As2s3hKh", "KdKcQdJc"]
RANGES_SPOT = ["AA", "KK", "QQ"]

# Labels shared by the showdown and peer tests, so ratios can be declared.
HOLDEM_EXACT = "equity exact, hold'em AhKh vs QsQd preflop, threads=1"
HOLDEM_EXACT_2 = "equity exact, hold'em AhKh vs QsQd preflop, threads=2"
PE_HOLDEM_EXACT = "poker-equity exact_from_text, hold'em AhKh vs QsQd"
OMAHA_EXACT = "equity exact, Omaha AsAhKsKh vs JdTd9c8c preflop"
PE_OMAHA_EXACT = "poker-equity exact_from_text, Omaha AsAhKsKh vs JdTd9c8c"
HILO_EXACT = "equity exact, Omaha hi-lo As2s3hKh vs KdKcQdJc preflop"
PE_HILO_EXACT = "poker-equity exact_from_text, Omaha hi-lo As2s3hKh vs KdKcQdJc"
HOLDEM_MC = "equity Monte Carlo, hold'em AhKh vs QsQd, threads=1"
HOLDEM_MC_2 = "equity Monte Carlo, hold'em AhKh vs QsQd, threads=2"
EVAL7_MC = "eval7 py_hand_vs_range_monte_carlo, AhKh vs QsQd"
PE_HOLDEM_MC = "poker-equity chunk_from_text, AhKh vs QsQd, threads=1"
RANGES_MC = "equity Monte Carlo, AA vs KK vs QQ ranges"
PE_RANGES_MC = "poker-equity chunk_from_text, AA vs KK vs QQ ranges, threads=1"


def _poker_equity():
    return pytest.importorskip("poker_equity")


# --- exact enumeration ---------------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_holdem_exact_heads_up(benchmark, throughputs, threads: int):
    equity(HOLDEM_SPOT, exact=True, threads=threads)  # warm-up: compile or load the kernels
    result = benchmark.pedantic(
        equity,
        args=(HOLDEM_SPOT,),
        kwargs={"exact": True, "threads": threads},
        rounds=15,
        warmup_rounds=2,
    )
    assert result.exact and result.trials == HOLDEM_BOARDS
    assert float(result.equity[0]) == pytest.approx(0.462145, abs=5e-7)  # REFERENCE.md
    label = HOLDEM_EXACT if threads == 1 else HOLDEM_EXACT_2
    throughputs.record(
        benchmark, label, HOLDEM_BOARDS, "boards", target="<= 20 ms" if threads == 1 else ""
    )
    if threads == 2:
        benchmark.extra_info["speedup"] = throughputs.compare(HOLDEM_EXACT_2, HOLDEM_EXACT)


def test_poker_equity_holdem_exact(benchmark, throughputs):
    poker_equity = _poker_equity()
    result = benchmark.pedantic(
        poker_equity.exact_from_text, args=("holdem", HOLDEM_SPOT), rounds=7, warmup_rounds=1
    )
    assert result["exact"] and result["samples"] == HOLDEM_BOARDS
    assert result["players"][0]["equity"] == pytest.approx(0.462145, abs=5e-7)
    throughputs.record(benchmark, PE_HOLDEM_EXACT, HOLDEM_BOARDS, "boards")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(HOLDEM_EXACT, PE_HOLDEM_EXACT, 25)


def test_omaha_exact_heads_up(benchmark, throughputs):
    equity(OMAHA_SPOT, game="omaha", exact=True, threads=1)
    result = benchmark.pedantic(
        equity,
        args=(OMAHA_SPOT,),
        kwargs={"game": "omaha", "exact": True, "threads": 1},
        rounds=10,
        warmup_rounds=1,
    )
    assert result.trials == OMAHA_BOARDS
    assert float(result.equity[0]) == pytest.approx(0.614813, abs=5e-7)  # REFERENCE.md
    throughputs.record(benchmark, OMAHA_EXACT, OMAHA_BOARDS, "boards", target="<= 100 ms")


def test_poker_equity_omaha_exact(benchmark, throughputs):
    poker_equity = _poker_equity()
    result = benchmark.pedantic(
        poker_equity.exact_from_text, args=("omaha", OMAHA_SPOT), rounds=5, warmup_rounds=1
    )
    assert result["exact"] and result["samples"] == OMAHA_BOARDS
    assert result["players"][0]["equity"] == pytest.approx(0.614813, abs=5e-7)
    throughputs.record(benchmark, PE_OMAHA_EXACT, OMAHA_BOARDS, "boards")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(OMAHA_EXACT, PE_OMAHA_EXACT, 10)


def test_omaha_hilo_exact_heads_up(benchmark, throughputs):
    equity(OMAHA_HILO_SPOT, game="omaha-hilo", exact=True, threads=1)
    result = benchmark.pedantic(
        equity,
        args=(OMAHA_HILO_SPOT,),
        kwargs={"game": "omaha-hilo", "exact": True, "threads": 1},
        rounds=10,
        warmup_rounds=1,
    )
    assert result.trials == OMAHA_BOARDS
    assert float(result.equity[0]) == pytest.approx(0.571175, abs=5e-7)  # REFERENCE.md
    assert result.scoop is not None
    assert float(result.scoop[0]) == pytest.approx(0.411240, abs=5e-7)
    throughputs.record(benchmark, HILO_EXACT, OMAHA_BOARDS, "boards", target="<= 150 ms")


def test_poker_equity_omaha_hilo_exact(benchmark, throughputs):
    poker_equity = _poker_equity()
    result = benchmark.pedantic(
        poker_equity.exact_from_text,
        args=("omaha_hi_lo", OMAHA_HILO_SPOT),
        rounds=5,
        warmup_rounds=1,
    )
    assert result["exact"] and result["samples"] == OMAHA_BOARDS
    assert result["players"][0]["equity"] == pytest.approx(0.571175, abs=5e-7)
    throughputs.record(benchmark, PE_HILO_EXACT, OMAHA_BOARDS, "boards")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(HILO_EXACT, PE_HILO_EXACT, 10)


# --- Monte Carlo ---------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_holdem_monte_carlo_heads_up(benchmark, throughputs, threads: int):
    options = {"samples": SHOWDOWN_SAMPLES, "seed": SEED, "threads": threads}
    equity(HOLDEM_SPOT, **options)
    result = benchmark.pedantic(
        equity, args=(HOLDEM_SPOT,), kwargs=options, rounds=10, warmup_rounds=1
    )
    assert result.trials == SHOWDOWN_SAMPLES and not result.exact
    assert abs(float(result.equity[0]) - 0.462145) < 5 * float(result.stderr[0])
    label = HOLDEM_MC if threads == 1 else HOLDEM_MC_2
    target = ">= 20 M/s" if threads == 1 else ""
    throughputs.record(benchmark, label, SHOWDOWN_SAMPLES, "deals", target=target)
    if threads == 2:
        benchmark.extra_info["speedup"] = throughputs.compare(HOLDEM_MC_2, HOLDEM_MC)


def test_eval7_monte_carlo_heads_up(benchmark, throughputs):
    eval7 = pytest.importorskip("eval7")
    hero = [eval7.Card(name) for name in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")
    eval7.xorshift_rand.seed(SEED)  # reproducible peer run
    share = benchmark.pedantic(
        eval7.py_hand_vs_range_monte_carlo,
        args=(hero, villain, [], PEER_SAMPLES),
        rounds=7,
        warmup_rounds=1,
    )
    assert share == pytest.approx(0.462145, abs=0.003)  # 6 standard errors at 1 M deals
    throughputs.record(benchmark, EVAL7_MC, PEER_SAMPLES, "deals")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(HOLDEM_MC, EVAL7_MC, 2)


def test_poker_equity_monte_carlo_heads_up(benchmark, throughputs):
    poker_equity = _poker_equity()
    result = benchmark.pedantic(
        poker_equity.chunk_from_text,
        args=("holdem", HOLDEM_SPOT),
        kwargs={"samples": PEER_SAMPLES, "seed": SEED, "threads": 1},
        rounds=5,
        warmup_rounds=1,
    )
    assert result["players"][0]["equity"] == pytest.approx(0.462145, abs=0.003)
    throughputs.record(benchmark, PE_HOLDEM_MC, PEER_SAMPLES, "deals")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(HOLDEM_MC, PE_HOLDEM_MC)


def test_ranges_monte_carlo_three_way(benchmark, throughputs):
    options = {"samples": SHOWDOWN_SAMPLES, "seed": SEED, "threads": 1}
    reference = equity(RANGES_SPOT, **options)
    result = benchmark.pedantic(
        equity, args=(RANGES_SPOT,), kwargs=options, rounds=10, warmup_rounds=1
    )
    assert (result.equity == reference.equity).all()  # same seed, same answer
    throughputs.record(benchmark, RANGES_MC, SHOWDOWN_SAMPLES, "deals")


def test_poker_equity_ranges_monte_carlo(benchmark, throughputs):
    poker_equity = _poker_equity()
    result = benchmark.pedantic(
        poker_equity.chunk_from_text,
        args=("holdem", RANGES_SPOT),
        kwargs={"samples": PEER_SAMPLES, "seed": SEED, "threads": 1},
        rounds=5,
        warmup_rounds=1,
    )
    ours = equity(RANGES_SPOT, samples=SHOWDOWN_SAMPLES, seed=SEED, threads=1)
    for index, player in enumerate(result["players"]):
        # Both sampled: agree within 5 combined standard errors.
        spread = (player["std_error"] ** 2 + float(ours.stderr[index]) ** 2) ** 0.5
        assert abs(player["equity"] - float(ours.equity[index])) < 5 * spread
    throughputs.record(benchmark, PE_RANGES_MC, PEER_SAMPLES, "deals")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(RANGES_MC, PE_RANGES_MC, 5)
