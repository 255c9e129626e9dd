"""ICM and push/fold speed, with the usual enumeration of finishing orders side by side.

Run with ``pytest benchmarks/test_bench_tournament.py``. ``icm`` integrates over
a Poisson-binomial (``showdown.tournament.icm``); the implementations most
calculators use enumerate finishing orders, which only runs for small fields:
here the direct enumeration of the paid places (``n (n-1) ... (n-K+1)``
orders) and the recursion over the set of players left (``2**n`` sets), both
plain Python, at 8 and 10 players. Fields: stacks from a fixed seed (gamma
distributed, as tournament stacks are skewed), 15 % of the field paid.
Nothing fails on speed; rates go to ``extra_info`` and the summary table.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from conftest import SEED
from showdown import icm, push_fold
from showdown.tournament.headsup import class_outcomes


def field(players: int, paid: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(SEED + players)
    stacks = np.round(rng.gamma(1.5, 10_000.0, players)) + 1
    payouts = np.sort(rng.random(paid))[::-1] * 1000
    return stacks, payouts


def icm_by_orders(stacks: list[float], payouts: list[float]) -> list[float]:
    """Every ordering of the paid places, depth first (what most calculators do)."""
    equity = [0.0] * len(stacks)

    def walk(left: list[int], total: float, chance: float, place: int) -> None:
        for position, player in enumerate(left):
            step = chance * stacks[player] / total
            equity[player] += step * payouts[place]
            if place + 1 < len(payouts):
                rest = left[:position] + left[position + 1 :]
                walk(rest, total - stacks[player], step, place + 1)

    walk(list(range(len(stacks))), float(sum(stacks)), 1.0, 0)
    return equity


def icm_by_subsets(stacks: list[float], payouts: list[float]) -> list[float]:
    """The recursion over who is left, memoised on the set (``2**n`` states)."""
    players = len(stacks)

    @cache
    def rest(left: frozenset[int]) -> tuple[float, ...]:
        place = players - len(left)
        values = [0.0] * players
        if place >= len(payouts):
            return tuple(values)
        total = sum(stacks[player] for player in left)
        for player in left:
            chance = stacks[player] / total
            values[player] += chance * payouts[place]
            for other, value in enumerate(rest(left - {player})):
                values[other] += chance * value
        return tuple(values)

    return list(rest(frozenset(range(players))))


@pytest.mark.parametrize(
    ("players", "paid"), [(8, 8), (10, 3), (10, 10), (100, 15), (200, 30), (1000, 150)]
)
def test_icm(benchmark, throughputs, players: int, paid: int) -> None:
    stacks, payouts = field(players, paid)
    icm(stacks, payouts)  # warm-up: compile or load the kernel
    equity = benchmark.pedantic(icm, args=(stacks, payouts), rounds=5, warmup_rounds=1)
    assert equity.sum() == pytest.approx(payouts.sum(), rel=1e-12)
    target = "<= 0.5 s" if players == 200 else ""
    throughputs.record(benchmark, f"icm, {players} players, {paid} paid", 1, "runs", target)


@pytest.mark.parametrize(
    ("method", "players", "paid"),
    [("orders", 10, 3), ("subsets", 10, 3), ("orders", 8, 8), ("subsets", 10, 10)],
)
def test_icm_by_enumeration(benchmark, throughputs, method: str, players: int, paid: int) -> None:
    stacks, payouts = field(players, paid)
    function = icm_by_orders if method == "orders" else icm_by_subsets
    found = benchmark.pedantic(
        function, args=(stacks.tolist(), payouts.tolist()), rounds=3, warmup_rounds=0
    )
    assert np.allclose(found, icm(stacks, payouts), rtol=0, atol=1e-9)
    label = f"icm by {method} (Python), {players} players, {paid} paid"
    throughputs.record(benchmark, label, 1, "runs")
    ours = f"icm, {players} players, {paid} paid"
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(ours, label)


@pytest.mark.parametrize("stack", [5, 10, 20])
def test_push_fold(benchmark, throughputs, stack: int) -> None:
    class_outcomes()  # the outcome tables are built once per process
    push_fold(stack)  # warm-up: compile or load the solver
    result = benchmark.pedantic(push_fold, args=(stack,), rounds=5, warmup_rounds=1)
    assert result.exploitability <= 1e-6
    benchmark.extra_info["iterations"] = result.iterations
    throughputs.record(benchmark, f"push_fold({stack}), exploitability <= 1e-6 bb", 1, "runs")


def test_push_fold_3way(benchmark, throughputs) -> None:
    from showdown.tournament import push_fold_3way
    from showdown.tournament.threeway import pair_outcomes, threeway_counts

    pair_outcomes()  # the class-triple tables: built (or read from the disk cache) once
    threeway_counts()
    result = benchmark.pedantic(push_fold_3way, args=([10, 10, 10],), rounds=1, warmup_rounds=0)
    assert result.exploitability <= 1e-3
    benchmark.extra_info["iterations"] = result.iterations
    throughputs.record(
        benchmark, "push_fold_3way([10, 10, 10]), exploitability <= 1e-3 bb", 1, "runs"
    )
