"""Exact equity throughput, with peer libraries timed in the same run on the same spots.

Monte Carlo rows are in ``test_bench_equity_sampling.py``.

Run with ``pytest benchmarks/test_bench_equity.py`` (not part of the default
``pytest`` run). Every spot is computed once before timing so JIT compilation
(or a cache load) is excluded. Showdown runs single-threaded (``threads=1``)
unless a test says otherwise; poker-equity runs with ``threads=1`` where it
takes a thread count (its exact enumeration has no such argument and runs on
one thread: its CPU time equals its wall time). Nothing here fails on speed:
rates go to ``extra_info`` and the summary table printed at the end of the run.
"""

from __future__ import annotations

import pytest

from showdown.equity import equity

#: Preflop boards in a heads-up hold'em spot: C(48, 5).
HOLDEM_BOARDS = 1_712_304
#: Preflop boards in a heads-up Omaha spot: C(44, 5).
OMAHA_BOARDS = 1_086_008

HOLDEM_SPOT = ["AhKh", "QsQd"]
OMAHA_SPOT = ["AsAhKsKh", "JdTd9c8c"]
OMAHA_HILO_SPOT = ["As2s3hKh", "KdKcQdJc"]

# Labels shared by the showdown and peer tests, so ratios can be declared.
HOLDEM_EXACT = "equity exact, hold'em AhKh vs QsQd preflop, threads=1"
HOLDEM_EXACT_2 = "equity exact, hold'em AhKh vs QsQd preflop, threads=2"
PE_HOLDEM_EXACT = "poker-equity exact_from_text, hold'em AhKh vs QsQd"
OMAHA_EXACT = "equity exact, Omaha AsAhKsKh vs JdTd9c8c preflop"
PE_OMAHA_EXACT = "poker-equity exact_from_text, Omaha AsAhKsKh vs JdTd9c8c"
HILO_EXACT = "equity exact, Omaha hi-lo As2s3hKh vs KdKcQdJc preflop"
PE_HILO_EXACT = "poker-equity exact_from_text, Omaha hi-lo As2s3hKh vs KdKcQdJc"


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
