"""Per-combo breakdowns, runouts and the preflop matrix: what they cost, one thread.

Run ``pytest benchmarks/test_bench_equity_breakdowns.py`` (add ``--benchmark-timer
time.process_time`` on a shared machine). Every spot is computed once before timing (JIT
compilation or cache loading excluded). Per-combo rows time the same ``equity()`` call with
and without ``combos=True``; the summary table gives the ratio (what asking costs). Nothing
fails on speed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from showdown import equity, preflop_matrix, runouts

SEED = 20261129

# label -> (players, board, dead, options); the method each one takes is in the label.
COMBO_SPOTS: dict[str, tuple[list[str], str, str, dict[str, Any]]] = {
    "exact classes AsKs v QQ+ on Kd7c2h": (["AsKs", "QQ+"], "Kd7c2h", "", {"exact": True}),
    "exact classes QQ+, AKs v JJ-99, AQs preflop (computed)": (
        ["QQ+, AKs", "JJ-99, AQs"],
        "",
        "",
        {"exact": True, "use_tables": False},
    ),
    "exact table AhKh v random preflop": (["AhKh", "random"], "", "", {"exact": True}),
    "exact join QQ+ v AK, AQ v random on Ks8d4c2h": (
        ["QQ+", "AK, AQ", "random"],
        "Ks8d4c2h",
        "",
        {"exact": True},
    ),
    "exact join random v random v AK on 4hAd3c4c7c, dead 6h": (
        ["random", "random", "AK"],
        "4hAd3c4c7c",
        "6h",
        {"exact": True},
    ),
    "Monte Carlo AA, KK, AK v AK, AQ v random, 2 M deals": (
        ["AA, KK, AK", "AK, AQ", "random"],
        "",
        "",
        {"samples": 2_000_000, "seed": SEED},
    ),
}

RUNOUT_SPOTS: dict[str, tuple[list[str], str]] = {
    "AhKh v QsQd on 2c7d9h (45 turn cards)": (["AhKh", "QsQd"], "2c7d9h"),
    "AsKs v QQ+ v random on Kd7c2h": (["AsKs", "QQ+", "random"], "Kd7c2h"),
    "AK, QQ+ v random on Kd7c2h8s (river cards)": (["AK, QQ+", "random"], "Kd7c2h8s"),
}


def _time(benchmark: Any, function: Callable[[], Any], rounds: int) -> Any:
    function()  # warm-up: compile or load kernels, fill caches
    return benchmark.pedantic(function, rounds=rounds, warmup_rounds=1)


def _rounds(options: dict[str, Any]) -> int:
    return 5 if "samples" in options or options.get("use_tables") is False else 20


@pytest.mark.parametrize("spot", list(COMBO_SPOTS))
def test_without_combos(benchmark, throughputs, spot: str) -> None:
    players, board, dead, options = COMBO_SPOTS[spot]
    _time(
        benchmark,
        lambda: equity(players, board=board, dead=dead, threads=1, **options).equity,
        _rounds(options),
    )
    throughputs.record(benchmark, f"{spot}, plain", 1, "calls")


@pytest.mark.parametrize("spot", list(COMBO_SPOTS))
def test_with_combos(benchmark, throughputs, spot: str) -> None:
    players, board, dead, options = COMBO_SPOTS[spot]

    def run() -> Any:
        result = equity(players, board=board, dead=dead, threads=1, combos=True, **options)
        return [result.combos(player) for player in range(len(players))]

    frames = _time(benchmark, run, _rounds(options))
    assert all(frame["weight"].sum() == pytest.approx(1.0) for frame in frames)
    throughputs.record(benchmark, f"{spot}, combos=True", 1, "calls")
    # The summary's ratio is plain / combos: below 1 by what asking costs.
    throughputs.compare(f"{spot}, combos=True", f"{spot}, plain")


@pytest.mark.parametrize("spot", list(RUNOUT_SPOTS))
def test_runouts(benchmark, throughputs, spot: str) -> None:
    players, board = RUNOUT_SPOTS[spot]
    frame = _time(benchmark, lambda: runouts(players, board, threads=1), rounds=10)
    assert frame["share"].sum() == pytest.approx(1.0)
    throughputs.record(benchmark, f"runouts {spot}", 1, "calls")
    benchmark.extra_info["next_cards"] = len(frame)


def test_preflop_matrix(benchmark, throughputs) -> None:
    from showdown.equity.analysis import matrix

    def build() -> Any:
        matrix._matrix.cache_clear()  # time the computation, not the cached copy
        return preflop_matrix()

    table = _time(benchmark, build, rounds=10)
    assert table.shape == (169, 169)
    throughputs.record(benchmark, "preflop_matrix() (169 x 169, from the table)", 1, "calls")
