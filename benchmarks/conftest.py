"""Shared fixtures for the benchmarks and the summary table printed at the end.

Each benchmark records its median throughput in the session-wide
:class:`Throughputs`; comparisons with peer libraries are declared with
:meth:`Throughputs.compare`. After the run, a small table of rates, targets
and peer ratios is printed (as markdown, so it can go into the README).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

#: One seed for every input, so each run (and each library) times the same hands.
SEED = 20261129


@dataclass
class Rate:
    """One measured throughput, with the machine's load average when it was recorded."""

    label: str
    median_seconds: float
    items: int
    unit: str
    target: str = ""
    load: float = field(default_factory=lambda: load_average())

    @property
    def per_second(self) -> float:
        return self.items / self.median_seconds


def load_average() -> float:
    """The one-minute load average (runnable processes; 2 or more keeps 2 cores busy)."""
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover - platforms without it
        return float("nan")


@dataclass
class Throughputs:
    """Every rate measured in this session, plus the peer ratios to report."""

    rates: dict[str, Rate] = field(default_factory=dict)
    ratios: list[tuple[str, str, float | None]] = field(default_factory=list)

    def record(
        self, benchmark: Any, key: str, items: int, unit: str = "hands", target: str = ""
    ) -> Rate | None:
        """Store ``items / median`` for a finished ``benchmark`` and add it to ``extra_info``.

        Returns ``None`` when benchmarking is disabled (``--benchmark-disable``).
        """
        stats = getattr(benchmark, "stats", None)
        if stats is None:
            return None
        rate = Rate(key, float(stats.stats.median), items, unit, target)
        self.rates[key] = rate
        benchmark.extra_info[f"{unit}_per_second"] = rate.per_second
        benchmark.extra_info["items"] = items
        if target:
            benchmark.extra_info["target"] = target
        return rate

    def record_times(
        self, key: str, seconds: list[float], items: int, unit: str = "deals", target: str = ""
    ) -> Rate:
        """Store ``items / median(seconds)`` from timings taken by the test itself.

        For tests that time two engines in turn (see :class:`Interleaved`),
        where ``benchmark`` sees only the pair.
        """
        rate = Rate(key, statistics.median(seconds), items, unit, target)
        self.rates[key] = rate
        return rate

    def compare(self, fast: str, slow: str, target: float | None = None) -> float | None:
        """Declare (and return) the ratio of two recorded rates for the summary."""
        self.ratios.append((fast, slow, target))
        if fast in self.rates and slow in self.rates:
            return self.rates[fast].per_second / self.rates[slow].per_second
        return None

    def summary_lines(self) -> list[str]:
        lines = [
            "| measurement | median | rate | target | load |",
            "|---|---:|---:|---|---:|",
        ]
        for rate in self.rates.values():
            lines.append(
                f"| {rate.label} | {_seconds(rate.median_seconds)} | "
                f"{_per_second(rate.per_second, rate.unit)} | {rate.target} | {rate.load:.1f} |"
            )
        if self.ratios:
            lines += ["", "| comparison | ratio | target |", "|---|---:|---|"]
        for fast, slow, target in self.ratios:
            if fast not in self.rates or slow not in self.rates:
                continue
            ratio = self.rates[fast].per_second / self.rates[slow].per_second
            wanted = f">= {target:g}x" if target else ""
            lines.append(f"| {fast} vs {slow} | {ratio:.1f}x | {wanted} |")
        return lines


def _seconds(value: float) -> str:
    if value < 1e-3:
        return f"{value * 1e6:.1f} µs"
    return f"{value * 1e3:.1f} ms" if value < 1 else f"{value:.2f} s"


def _per_second(value: float, unit: str) -> str:
    if value >= 1e6:
        return f"{value / 1e6:.1f} M {unit}/s"
    if value >= 1e3:
        return f"{value / 1e3:.0f} k {unit}/s"
    return f"{value:.1f} {unit}/s"


class Interleaved:
    """Two engines timed in turn on the same work, so both see the same machine.

    On a shared machine the load moves from second to second: timing one engine
    for a while and then the other compares two different machines. Here each
    round runs both, alternating which goes first (A B, B A, A B ...), and
    keeps each run's CPU time (``time.process_time``: every thread of this
    process, so a peer's worker threads count) and wall time. Medians of each
    engine's runs and the ratio of the medians are what is reported; the load
    average is read before and after.
    """

    def __init__(self, first: Callable[[], Any], second: Callable[[], Any]) -> None:
        self.engines = (first, second)
        self.cpu: tuple[list[float], list[float]] = ([], [])
        self.wall: tuple[list[float], list[float]] = ([], [])
        self.results: tuple[list[Any], list[Any]] = ([], [])
        self.rounds = 0
        self.loads = [load_average()]

    def _one(self, engine: int) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        result = self.engines[engine]()
        self.cpu[engine].append(time.process_time() - cpu)
        self.wall[engine].append(time.perf_counter() - wall)
        self.results[engine].append(result)

    def round(self) -> None:
        """Run both engines once; the one that went second last round goes first."""
        order = (0, 1) if self.rounds % 2 == 0 else (1, 0)
        for engine in order:
            self._one(engine)
        self.rounds += 1

    def warm(self) -> Interleaved:
        """Run each engine once, untimed (a compile, a cache load, first allocations)."""
        for engine in self.engines:
            engine()
        return self

    def run(self, rounds: int) -> Interleaved:
        """Warm both engines, then ``rounds`` rounds."""
        self.warm()
        for _ in range(rounds):
            self.round()
        return self

    def median(self, engine: int, clock: str = "cpu") -> float:
        """Median seconds of one engine's runs (``clock``: ``"cpu"`` or ``"wall"``)."""
        return statistics.median((self.cpu if clock == "cpu" else self.wall)[engine])

    def ratio(self, first_items: float, second_items: float, clock: str = "cpu") -> float:
        """How many times faster the first engine went: rate over rate, from the medians."""
        return (first_items / self.median(0, clock)) / (second_items / self.median(1, clock))

    def info(self, first_items: float, second_items: float) -> dict[str, Any]:
        """The figures for ``extra_info``: medians, both ratios, rounds and loads."""
        self.loads.append(load_average())
        return {
            "rounds": self.rounds,
            "load_before": round(self.loads[0], 2),
            "load_after": round(self.loads[-1], 2),
            "cpu_medians": [self.median(0), self.median(1)],
            "wall_medians": [self.median(0, "wall"), self.median(1, "wall")],
            "ratio_cpu": self.ratio(first_items, second_items),
            "ratio_wall": self.ratio(first_items, second_items, "wall"),
        }


_THROUGHPUTS = Throughputs()


@pytest.fixture(scope="session")
def throughputs() -> Throughputs:
    """The session-wide rate registry."""
    return _THROUGHPUTS


def random_distinct_cards(rng: np.random.Generator, n_rows: int, n_cards: int) -> np.ndarray:
    """``(n_rows, n_cards)`` uint8 card codes, distinct within each row, uniformly dealt.

    Draws every card independently and redraws the rows holding a repeat: memory
    stays at the size of the output (a full shuffle per row would need 52 per row).
    """
    cards = rng.integers(0, 52, size=(n_rows, n_cards), dtype=np.uint8)
    while True:
        ordered = np.sort(cards, axis=1)
        bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if bad.size == 0:
            return cards
        cards[bad] = rng.integers(0, 52, size=(bad.size, n_cards), dtype=np.uint8)


@pytest.fixture(scope="session")
def deal() -> Callable[[int, int], np.ndarray]:
    """``deal(n_rows, n_cards)``: random distinct-card rows from one fixed-seed generator."""
    generator = np.random.default_rng(SEED)
    return lambda n_rows, n_cards: random_distinct_cards(generator, n_rows, n_cards)


#: (label, command, cold CPU s, cold target, warm wall s, warm target) per cold-start run.
_COLD_STARTS: list[tuple[str, str, float, float, float, float | None]] = []


@pytest.fixture(scope="session")
def cold_starts() -> list[tuple[str, str, float, float, float, float | None]]:
    """Where ``test_bench_cold_start.py`` collects its rows for the summary."""
    return _COLD_STARTS


def cold_start_lines() -> list[str]:
    lines = [
        "| first command (empty caches) | cold CPU | target | warm wall | target |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, command, cold, cold_target, warm, warm_target in _COLD_STARTS:
        wanted = f"<= {warm_target:g} s" if warm_target else ""
        lines.append(
            f"| {label}: `showdown {command}` | {cold:.1f} s | <= {cold_target:g} s | "
            f"{warm:.2f} s | {wanted} |"
        )
    return lines


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _THROUGHPUTS.rates:
        terminalreporter.section("showdown throughput (medians)")
        for line in _THROUGHPUTS.summary_lines():
            terminalreporter.write_line(line)
    if _COLD_STARTS:
        terminalreporter.section("showdown first answers (CPU seconds cold, wall seconds warm)")
        for line in cold_start_lines():
            terminalreporter.write_line(line)
