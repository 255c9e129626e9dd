"""Monte Carlo equity: seeded chunks of random deals, reproducible at any thread count.

A spot becomes a ``sample_inputs.SampleSpot`` (the kernel's view of it:
the live deck, each player's known cards and key sums, the joint tables of
ranged players; ``_sample_kernels`` explains how a deal is drawn). Deals come in
chunks of :data:`CHUNK_DEALS`, each with its own random stream derived from
the seed, and chunks run in batches from a Python thread pool (the kernels
release the GIL). Counters are added up chunk by chunk in chunk order, so the
same seed gives the same answer at any thread count.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from .._progress import Progress, ProgressLike, compiling
from ..evaluator import get_tables
from . import _sample_kernels
from .result import Counters, EquityResult
from .sample_inputs import combo_inputs, new_work, sample_spot
from .spot import Spot

#: Deals per chunk. Chunks (not threads) own a random stream, so the split of
#: work between threads never changes the numbers.
CHUNK_DEALS = 1 << 15
#: Chunks per kernel call: small enough that progress is reported often (a
#: call lasts about a millisecond in heads-up hold'em, a tenth of a second
#: or so in the slowest games), big enough that calling costs nothing.
BATCH_CHUNKS = 2
#: Most chunks between two checks of the standard-error stopping rule.
ROUND_CHUNKS = 32
#: Seconds between two progress reports (the last one is always sent).
PROGRESS_INTERVAL = 0.1
#: Samplers (their joint tables) up to this size stay with their cached spot.
KEEP_SAMPLER_BYTES = 4 << 20


class ChunkCounters(NamedTuple):
    """Per-chunk counters a kernel fills (see ``_scoring`` for their meaning)."""

    counts: NDArray[np.int64]
    scoop: NDArray[np.int64]
    share_any: NDArray[np.int64]
    sum_squares: NDArray[np.float64]
    categories: NDArray[np.int64]
    failed: NDArray[np.int64]

    @classmethod
    def zeros(cls, n_chunks: int, n_players: int) -> ChunkCounters:
        counts, scoop, share_any, sum_squares, categories = Counters.chunk_arrays(
            n_chunks, n_players
        )
        failed = np.zeros(n_chunks, np.int64)
        return cls(counts, scoop, share_any, sum_squares, categories, failed)

    def rows(self, first: int, last: int) -> ChunkCounters:
        """The counters of chunks ``first .. last - 1`` (views)."""
        return ChunkCounters._make(array[first:last] for array in self)


class ChunkCombos(NamedTuple):
    """Per-chunk, per-combo counters of a sampling run with ``combos=True``."""

    counts: NDArray[np.int64]  # (chunks, combo rows, 3, n + 1)
    deals: NDArray[np.int64]  # (chunks, combo rows)

    @classmethod
    def zeros(cls, n_chunks: int, n_rows: int, n_players: int) -> ChunkCombos:
        return cls(
            np.zeros((n_chunks, n_rows, 3, n_players + 1), np.int64),
            np.zeros((n_chunks, n_rows), np.int64),
        )

    def rows(self, first: int, last: int) -> ChunkCombos:
        """The counters of chunks ``first .. last - 1`` (views)."""
        return ChunkCombos._make(array[first:last] for array in self)


class Sampler:
    """Everything needed to sample one spot: the kernel and its inputs.

    With ``combos``, each deal's pot is also tallied under the combo each
    ranged or random hold'em player was dealt (``sample_holdem_combos``).
    """

    def __init__(self, spot: Spot, combos: bool = False) -> None:
        self.spot = spot
        self.tables = get_tables()
        self.inputs, joint = sample_spot(spot, self.tables)
        self.n_tables = len(joint)
        self.combo_inputs, self.combo_offsets = combo_inputs(spot, joint)
        self.combos = combos and not spot.all_fixed
        game = spot.game
        if self.combos and not (game.kind == "board" and game.hole_size == 2):
            raise ValueError(
                "combos: sampled per-combo breakdowns are for hold'em ranges (and known "
                "hands); sample without combos, or use exact=True"
            )
        if self.combos:
            self.kernel = _sample_kernels.sample_holdem_combos
        elif game.kind == "board" and game.mode == 1:  # Omaha
            self.kernel = (
                _sample_kernels.sample_omaha_hilo if game.hilo else _sample_kernels.sample_omaha
            )
        else:
            self.kernel = (
                _sample_kernels.sample_best_five_hilo
                if game.hilo
                else _sample_kernels.sample_best_five
            )

    @classmethod
    def for_spot(cls, spot: Spot, combos: bool = False) -> Sampler:
        """The spot's sampler, kept with the (never changed, cached) spot when it is small.

        Samplers with big joint tables are built again each time: building costs
        little next to sampling such a spot, and cached spots stay light.
        """
        key = "sampler, combos" if combos else "sampler"
        sampler = spot.derived.get(key)
        if isinstance(sampler, Sampler):
            return sampler
        sampler = cls(spot, combos)
        if sampler.nbytes <= KEEP_SAMPLER_BYTES:
            spot.derived[key] = sampler
        return sampler

    @property
    def nbytes(self) -> int:
        """Memory held by the kernel inputs."""
        return sum(field.nbytes for field in self.inputs if isinstance(field, np.ndarray))

    @property
    def n_combo_rows(self) -> int:
        """Rows of the per-combo counters (every player's combos, one after the other)."""
        return int(self.combo_offsets[-1])

    def run(
        self,
        seeds: NDArray[np.uint64],
        deals: NDArray[np.int64],
        out: ChunkCounters,
        combo_out: ChunkCombos | None = None,
    ) -> None:
        """Sample ``deals[c]`` deals from random state ``seeds[c]`` into ``out`` row ``c``."""
        work = new_work(self.spot, self.n_tables)
        if self.combos:
            assert combo_out is not None
            self.kernel(
                self.inputs, self.tables, seeds, deals, work, out, self.combo_inputs, combo_out
            )
        else:
            self.kernel(self.inputs, self.tables, seeds, deals, work, out)


def _mix(values: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """SplitMix64's output function, element-wise (a bijection of 64-bit words)."""
    values = (values ^ (values >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    values = (values ^ (values >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return values ^ (values >> np.uint64(31))


def chunk_seeds(seed: int, first_chunk: int, n_chunks: int) -> NDArray[np.uint64]:
    """Random-stream states of chunks ``first_chunk ..``.

    Two words from ``SeedSequence(seed)`` key a bijective mix of the chunk
    number, so every chunk's stream depends on the seed and its number only.
    """
    key = np.random.SeedSequence(seed).generate_state(2, np.uint64)
    index = np.arange(first_chunk, first_chunk + n_chunks, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return _mix(_mix(index + key[0]) ^ key[1])


def sample(
    spot: Spot,
    *,
    seed: int,
    samples: int | None,
    target_stderr: float | None,
    max_samples: int,
    threads: int = 1,
    progress: ProgressLike = None,
    sampler: Sampler | None = None,
    combos: bool = False,
) -> Counters:
    """Sample deals until ``samples`` are done or every stderr is below ``target_stderr``.

    With a target, the stopping rule is checked after 1, 2, 4 ... 32 chunks and
    then every 32 chunks, so where a run stops depends on the seed only.
    ``max_samples`` caps runs with a target. ``progress`` (see
    :mod:`showdown._progress`) hears ``(0, total)`` at once, then at least every
    quarter second (every :data:`PROGRESS_INTERVAL` at most while deals are
    done), and ``(done, done)`` at the end. With ``combos`` the counters also
    hold every player's per-combo counters (``Counters.by_combo``).
    """
    if sampler is None:
        sampler = Sampler.for_spot(spot, combos)
    n_players = spot.n_players
    total = Counters.empty(n_players)
    combo_totals = ChunkCombos.zeros(1, sampler.n_combo_rows, n_players) if sampler.combos else None
    limit = samples if samples is not None else max_samples
    chunk_index = 0
    round_chunks = 1 if target_stderr is not None else ROUND_CHUNKS
    pool = ThreadPoolExecutor(threads) if threads > 1 else None
    kernel = sampler.kernel.py_func.__name__
    with (
        Progress(progress, limit, description="equity", unit="deals") as bar,
        compiling(f"the Monte Carlo kernels of {spot.game.name}", [kernel], progress=bar),
    ):
        reporter = _Reporter(bar)
        try:
            while total.trials < limit:
                remaining = limit - int(total.trials)
                n_chunks = min(round_chunks, math.ceil(remaining / CHUNK_DEALS))
                # With a stderr target, rounds start small and double, so an easy target
                # stops early; the schedule depends only on the seed, never on threads.
                round_chunks = min(2 * round_chunks, ROUND_CHUNKS)
                deals = np.full(n_chunks, CHUNK_DEALS, np.int64)
                deals[-1] = min(CHUNK_DEALS, remaining - CHUNK_DEALS * (n_chunks - 1))
                seeds = chunk_seeds(seed, chunk_index, n_chunks)
                out = ChunkCounters.zeros(n_chunks, n_players)
                combo_out = (
                    ChunkCombos.zeros(n_chunks, sampler.n_combo_rows, n_players)
                    if combo_totals is not None
                    else None
                )
                _run_round(
                    sampler, seeds, deals, out, combo_out, pool, reporter, first=chunk_index == 0
                )
                if out.failed.any():
                    raise ValueError(
                        "players: the ranges almost never fit together (every sampled deal "
                        "gave two players the same card); check for overlapping hands"
                    )
                chunk_index += n_chunks
                total.add(Counters.from_chunks(tuple(out[:5]), int(deals.sum())))
                if combo_totals is not None and combo_out is not None:
                    for mine, theirs in zip(combo_totals, combo_out, strict=True):
                        mine[0] += theirs.sum(axis=0)
                if target_stderr is not None and max_stderr(total) <= target_stderr:
                    break
        finally:
            if pool is not None:
                pool.shutdown()
        reporter.finish(int(total.trials))
    if combos:
        total.by_combo = _breakdowns(spot, sampler, combo_totals, total)
    return total


def _breakdowns(
    spot: Spot, sampler: Sampler, combo_totals: ChunkCombos | None, total: Counters
) -> dict[int, Any]:
    """Each player's per-combo counters: their rows of the tallies (totals for known hands)."""
    from .breakdown import ComboBreakdown, fixed_breakdown

    found = {}
    for player, info in enumerate(spot.players):
        if spot.is_fixed(player):
            found[player] = fixed_breakdown(info.fixed_cards, total, player)
            continue
        assert combo_totals is not None and info.hand_range is not None
        first, last = sampler.combo_offsets[player], sampler.combo_offsets[player + 1]
        counts = combo_totals.counts[0, first:last]
        size = counts.shape[0]
        counters = Counters(
            counts,
            np.zeros(size, np.int64),
            np.zeros(size, np.int64),
            np.zeros(size),
            np.zeros((size, 10), np.int64),
            combo_totals.deals[0, first:last],
        )
        found[player] = ComboBreakdown(info.hand_range.combos, counters)
    return found


def _run_round(
    sampler: Sampler,
    seeds: NDArray[np.uint64],
    deals: NDArray[np.int64],
    out: ChunkCounters,
    combo_out: ChunkCombos | None,
    pool: ThreadPoolExecutor | None,
    reporter: _Reporter,
    first: bool,
) -> None:
    """Run one round's chunks in batches of :data:`BATCH_CHUNKS` (on ``pool`` if given).

    The run's ``first`` batch goes alone in the calling thread: a compile then
    happens there, where the compile notice listens.
    """

    def combos(start: int, end: int) -> tuple[ChunkCombos, ...]:
        return () if combo_out is None else (combo_out.rows(start, end),)

    batches = [
        (start, min(start + BATCH_CHUNKS, seeds.size))
        for start in range(0, seeds.size, BATCH_CHUNKS)
    ]
    if pool is None or len(batches) == 1 or first:
        in_turn, batches = (batches, []) if pool is None else (batches[:1], batches[1:])
        for start, end in in_turn:
            sampler.run(
                seeds[start:end], deals[start:end], out.rows(start, end), *combos(start, end)
            )
            reporter.advance(int(deals[start:end].sum()))
    futures = {
        pool.submit(
            sampler.run,
            seeds[start:end],
            deals[start:end],
            out.rows(start, end),
            *combos(start, end),
        ): int(deals[start:end].sum())
        for start, end in batches
        if pool is not None
    }
    for future in as_completed(futures):
        future.result()
        reporter.advance(futures[future])


class _Reporter:
    """Passes deals done to a :class:`~showdown._progress.Progress`, at most every
    :data:`PROGRESS_INTERVAL` seconds (its heartbeat fills longer gaps)."""

    def __init__(self, bar: Progress) -> None:
        self.bar = bar
        self.done = 0
        self.last = time.perf_counter()

    def advance(self, deals: int) -> None:
        self.done += deals
        now = time.perf_counter()
        if self.bar.active and now - self.last >= PROGRESS_INTERVAL:
            self.last = now
            self.bar.update_to(self.done)

    def finish(self, done: int) -> None:
        # A run that stops early (its stderr target reached) ends at 100 % too.
        self.bar.total = done
        self.bar.update_to(done)


def max_stderr(counters: Counters) -> float:
    """The largest standard error of any player's equity so far (as the result reports it)."""
    n_players = counters.counts.shape[0]
    result = EquityResult(
        counters,
        players=[""] * n_players,
        game="",
        board="",
        dead="",
        exact=False,
        hilo=False,
        seed=None,
    )
    return float(result.stderr.max())
