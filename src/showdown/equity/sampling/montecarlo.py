"""Monte Carlo equity: seeded chunks of random deals, reproducible at any thread count.

A spot becomes a ``sample_inputs.SampleSpot`` (the kernel's view of it:
the live deck, each player's known cards and key sums, the joint tables of
ranged players; ``_sample_deal_kernels`` explains how a deal is drawn). Deals
come in chunks of :data:`CHUNK_DEALS`, each with its own random stream derived from
the seed. Blocks of chunks (:func:`sample_block`, a pure task) run on a
``showdown._tasks`` runner: a Python thread pool (the kernels release the
GIL), or a Dask cluster. Each block returns every chunk's counters; they are
added up a round at a time in chunk order, so the same seed gives the same
answer, bit for bit, at any thread count, on any cluster.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple, overload

import numpy as np
from numpy.typing import NDArray

from ..._progress import Progress, ProgressLike, compiling
from ..._random_kernels import mix_words
from ..._tasks import Runner, ThreadRunner, runner_for
from ...evaluator import get_tables
from ..result import Counters, EquityResult
from ..spot import Spot
from . import _sample_kernels
from .sample_inputs import Work, check_combos, combo_inputs, new_work, sample_spot

#: Deals per chunk. Chunks (not threads) own a random stream, so the split of
#: work between threads never changes the numbers.
CHUNK_DEALS = 1 << 15
#: Chunks per kernel call while progress is reported: small enough that it is
#: reported often (a call lasts about a millisecond in heads-up hold'em, a tenth
#: of a second or so in the slowest games). Without a listener a call takes a
#: whole round on one thread (:func:`local_block_chunks`): a call costs about a
#: tenth of a millisecond of Python (typing the kernel's arguments), which
#: blocks of two chunks paid some thirty times per two million deals.
BATCH_CHUNKS = 2
#: Blocks per thread and round when several threads share a round: enough that
#: a thread slowed by other processes leaves little of the round to wait for.
BLOCKS_PER_THREAD = 4
#: Most chunks between two checks of the standard-error stopping rule.
ROUND_CHUNKS = 32
#: Chunks per task on a Dask cluster (about a million deals: 0.02-0.5 s of
#: work, long next to the ~3 ms a task costs the scheduler and the network).
TASK_CHUNKS = 32
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
    ranged or random hold'em player, or ranged Omaha high player, was dealt
    (``sample_holdem_combos``, ``sample_omaha_combos``).
    A sampler pickles without its kernel, the evaluator tables and the spot's
    cached extras, which the receiving process looks up again: that is how it
    travels to Dask workers.
    """

    def __init__(self, spot: Spot, combos: bool = False) -> None:
        self.spot = spot
        self.tables = get_tables()
        self.inputs, joint = sample_spot(spot, self.tables)
        self.n_tables = len(joint)
        self.combo_inputs, self.combo_offsets = combo_inputs(spot, joint)
        self.combos = combos and not spot.all_fixed
        if self.combos:
            check_combos(spot)
        self.kernel = _sample_kernel(spot, self.combos)
        # Scratch arrays of finished calls, taken by the next (one per running
        # call: list.pop and list.append are atomic, so threads never share one).
        # Making them anew cost as much Python as the call itself.
        self._spare_work: list[Work] = []

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["kernel"], state["tables"]  # looked up again where the sampler lands
        state["_spare_work"] = []
        state["spot"] = dataclasses.replace(self.spot, derived={})
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.tables = get_tables()
        self.kernel = _sample_kernel(self.spot, self.combos)

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
        """Sample ``deals[c]`` deals from random state ``seeds[c]`` into ``out`` row ``c``.

        The kernels write every scratch value before reading it, so scratch
        arrays left by an earlier call serve as well as new ones.
        """
        try:
            work = self._spare_work.pop()
        except IndexError:
            work = new_work(self.spot, self.n_tables)
        try:
            if self.combos:
                assert combo_out is not None
                self.kernel(
                    self.inputs, self.tables, seeds, deals, work, out, self.combo_inputs, combo_out
                )
            else:
                self.kernel(self.inputs, self.tables, seeds, deals, work, out)
        finally:
            self._spare_work.append(work)


def _sample_kernel(spot: Spot, combos: bool) -> Any:
    """The sampling kernel of the spot's game (the per-combo one with ``combos``)."""
    game = spot.game
    omaha = game.omaha
    if combos:
        return (
            _sample_kernels.sample_omaha_combos if omaha else _sample_kernels.sample_holdem_combos
        )
    if omaha:
        return _sample_kernels.sample_omaha_hilo if game.hilo else _sample_kernels.sample_omaha
    return _sample_kernels.sample_best_five_hilo if game.hilo else _sample_kernels.sample_best_five


def stream_key(seed: int) -> NDArray[np.uint64]:
    """The two words of ``SeedSequence(seed)`` that key every chunk's random stream."""
    return np.random.SeedSequence(seed).generate_state(2, np.uint64).astype(np.uint64)


def chunk_seeds(
    seed: int, first_chunk: int, n_chunks: int, key: NDArray[np.uint64] | None = None
) -> NDArray[np.uint64]:
    """Random-stream states of chunks ``first_chunk ..``.

    Two words from ``SeedSequence(seed)`` (:func:`stream_key`, passed as
    ``key`` when already known) key a bijective mix of the chunk number, so
    every chunk's stream depends on the seed and its number only.
    """
    if key is None:
        key = stream_key(seed)
    index = np.arange(first_chunk, first_chunk + n_chunks, dtype=np.uint64)
    with np.errstate(over="ignore"):  # the sum wraps, as intended
        return mix_words(mix_words(index + key[0]) ^ key[1])


# ----------------------------------------------------------------------------- the run's shape
def chunk_deals(limit: int, first_chunk: int, last_chunk: int) -> NDArray[np.int64]:
    """Deals of chunks ``first_chunk .. last_chunk - 1`` of a run of ``limit`` deals.

    Every chunk is full but the run's last one.

    Examples
    --------
    >>> chunk_deals(3 * CHUNK_DEALS + 5, 2, 4).tolist()
    [32768, 5]
    """
    starts = np.arange(first_chunk, last_chunk, dtype=np.int64) * CHUNK_DEALS
    return np.minimum(CHUNK_DEALS, limit - starts)


def round_ends(limit: int, growing: bool) -> Iterator[int]:
    """The number of chunks done after each round of a run of ``limit`` deals.

    The stopping rule is checked after each round. Rounds have
    :data:`ROUND_CHUNKS` chunks; with a standard-error target (``growing``)
    they start at one chunk and double, so an easy target stops early. Rounds
    depend on ``limit`` and the target only, never on threads or workers, so
    a run stops at the same deal wherever it runs.

    Examples
    --------
    >>> list(round_ends(200 * CHUNK_DEALS, True))
    [1, 3, 7, 15, 31, 63, 95, 127, 159, 191, 200]
    """
    chunks = math.ceil(limit / CHUNK_DEALS)
    size = 1 if growing else ROUND_CHUNKS
    end = 0
    while end < chunks:
        end = min(chunks, end + size)
        size = min(2 * size, ROUND_CHUNKS)
        yield end


class BlockCounters(NamedTuple):
    """A block's per-chunk counters (and per-combo ones when the sampler counts them)."""

    counters: ChunkCounters
    combos: ChunkCombos | None


class ChunkBlock(NamedTuple):
    """Chunks ``first ..``: each one's random-stream state and deals."""

    first: int
    seeds: NDArray[np.uint64]
    deals: NDArray[np.int64]


def sample_block(sampler: Sampler, block: ChunkBlock) -> BlockCounters:
    """Each chunk's counters for one block of chunks (a pure task).

    A chunk's deals depend on its random-stream state and its size only, so
    a block gives the same counters in any process, run once or twice.
    """
    n_chunks, n_players = block.seeds.size, sampler.spot.n_players
    out = ChunkCounters.zeros(n_chunks, n_players)
    combo_out = (
        ChunkCombos.zeros(n_chunks, sampler.n_combo_rows, n_players) if sampler.combos else None
    )
    sampler.run(block.seeds, block.deals, out, combo_out)
    return BlockCounters(out, combo_out)


class ChunkBlocks(Sequence[ChunkBlock]):
    """Chunks ``first .. last - 1`` of a run of ``limit`` deals, as blocks of ``size`` chunks.

    Short spans (a local round) work out every state at once; long ones (a
    whole run on a cluster, maybe billions of deals) one block at a time.

    Examples
    --------
    >>> [block.first for block in ChunkBlocks(0, 5, 2, seed=1, limit=5 * CHUNK_DEALS)]
    [0, 2, 4]
    """

    def __init__(self, first: int, last: int, size: int, *, seed: int, limit: int) -> None:
        self.first, self.last, self.size, self.limit = first, last, size, limit
        self.key = stream_key(seed)
        self.states: tuple[NDArray[np.uint64], NDArray[np.int64]] | None = None
        if last - first <= ROUND_CHUNKS:
            self.states = self._states(first, last)

    def _states(self, first: int, last: int) -> tuple[NDArray[np.uint64], NDArray[np.int64]]:
        return chunk_seeds(0, first, last - first, self.key), chunk_deals(self.limit, first, last)

    def __len__(self) -> int:
        return max(0, math.ceil((self.last - self.first) / self.size))

    @overload
    def __getitem__(self, index: int) -> ChunkBlock: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ChunkBlock]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        if not 0 <= index < len(self):
            raise IndexError(index)
        start = self.first + index * self.size
        end = min(start + self.size, self.last)
        if self.states is None:
            return ChunkBlock(start, *self._states(start, end))
        low, high = start - self.first, end - self.first
        return ChunkBlock(start, self.states[0][low:high], self.states[1][low:high])


def local_block_chunks(threads: int, reporting: bool) -> int:
    """Chunks per kernel call of a local run on ``threads`` threads.

    With progress to report, :data:`BATCH_CHUNKS`; else a whole round on one
    thread, and :data:`BLOCKS_PER_THREAD` blocks per thread on several. Blocks
    never change the answer (each chunk owns its random stream), only how
    often Python calls a kernel.

    Examples
    --------
    >>> local_block_chunks(1, False), local_block_chunks(2, False), local_block_chunks(1, True)
    (32, 4, 2)
    """
    if reporting:
        return BATCH_CHUNKS
    if threads <= 1:
        return ROUND_CHUNKS
    return max(BATCH_CHUNKS, ROUND_CHUNKS // (BLOCKS_PER_THREAD * threads))


def _segments(
    limit: int, growing: bool, seed: int, runner: Runner, reporting: bool = True
) -> Iterator[tuple[ChunkBlocks, Runner]]:
    """The run's blocks, in groups each handed to one ``runner.map`` (with that runner).

    Locally each round is one map of blocks of :func:`local_block_chunks`
    chunks, so nothing runs past a round after which the run may stop, and the
    run's first :data:`BATCH_CHUNKS` chunks go alone in the calling thread (a
    compile then happens where the notice listens). On a cluster the whole run
    is one map of :data:`TASK_CHUNKS`-chunk blocks: rounds are still added and
    checked in order, and the blocks in flight when the run stops are cancelled.
    """
    if not isinstance(runner, ThreadRunner):
        chunks = math.ceil(limit / CHUNK_DEALS)
        yield ChunkBlocks(0, chunks, TASK_CHUNKS, seed=seed, limit=limit), runner
        return
    size = local_block_chunks(runner.slots, reporting)
    first = 0
    for end in round_ends(limit, growing):
        if first == 0:
            first = min(end, BATCH_CHUNKS)
            yield ChunkBlocks(0, first, BATCH_CHUNKS, seed=seed, limit=limit), ThreadRunner(1)
        if end > first:
            yield ChunkBlocks(first, end, size, seed=seed, limit=limit), runner
        first = end


class _Rounds:
    """Blocks of per-chunk counters in, each round's sums out, as a local run adds them.

    A round's sum is ``Counters.from_chunks`` over its chunks, whatever blocks
    brought them, so even float sums come out bit for bit the same at any
    cut of blocks.
    """

    def __init__(self, limit: int, growing: bool, combos: bool) -> None:
        self.limit = limit
        self.ends = round_ends(limit, growing)
        self.end = next(self.ends, 0)
        self.first = 0  # chunk number of the first row held
        self.held: list[BlockCounters] = []
        self.rows = 0
        self.combos = combos

    def take(self, block: BlockCounters) -> Iterator[tuple[Counters, ChunkCombos | None]]:
        """Hold a block's chunks; yield the sums of every round they complete."""
        self.held.append(block)
        self.rows += block.counters.failed.size
        while self.rows and self.first + self.rows >= self.end:
            size = self.end - self.first
            counters = ChunkCounters._make(
                np.concatenate([held.counters[k] for held in self.held])
                for k in range(len(ChunkCounters._fields))
            )
            combos = (
                ChunkCombos._make(
                    np.concatenate([held.combos[k] for held in self.held if held.combos])
                    for k in range(len(ChunkCombos._fields))
                )
                if self.combos
                else None
            )
            if counters.failed[:size].any():
                raise ValueError(
                    "players: the ranges almost never fit together (every sampled deal "
                    "gave two players the same card); check for overlapping hands"
                )
            deals = int(chunk_deals(self.limit, self.first, self.end).sum())
            summed = Counters.from_chunks(tuple(counters.rows(0, size)[:5]), deals)
            self.held = [BlockCounters(counters.rows(size, self.rows), None)]
            if combos is not None:
                self.held = [BlockCounters(self.held[0].counters, combos.rows(size, self.rows))]
                combos = combos.rows(0, size)
            self.rows -= size
            self.first = self.end
            self.end = next(self.ends, self.end)
            yield summed, combos


# ----------------------------------------------------------------------------- the run
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
    client: Any = None,
) -> Counters:
    """Sample deals until ``samples`` are done or every stderr is below ``target_stderr``.

    With a target, the stopping rule is checked after 1, 2, 4 ... 32 chunks and
    then every 32 chunks, so where a run stops depends on the seed only.
    ``max_samples`` caps runs with a target. ``progress`` (see
    :mod:`showdown._progress`) hears ``(0, total)`` at once, then at least every
    quarter second (every :data:`PROGRESS_INTERVAL` at most while deals are
    done), and ``(done, done)`` at the end. With ``combos`` the counters also
    hold every player's per-combo counters (``Counters.by_combo``). With a
    Dask ``client``, blocks of chunks run on its cluster and the counters are
    those of a local run, bit for bit.
    """
    if sampler is None:
        sampler = Sampler.for_spot(spot, combos)
    n_players = spot.n_players
    total = Counters.empty(n_players)
    combo_totals = ChunkCombos.zeros(1, sampler.n_combo_rows, n_players) if sampler.combos else None
    limit = samples if samples is not None else max_samples
    growing = target_stderr is not None
    runner = runner_for(client, threads, label="equity")
    rounds = _Rounds(limit, growing, combo_totals is not None)
    kernel = sampler.kernel.py_func.__name__
    with Progress(progress, limit, description="equity", unit="deals") as bar:
        # A cluster's workers compile for themselves: nothing to announce here.
        notice = (
            compiling(f"the Monte Carlo kernels of {spot.game.name}", [kernel], progress=bar)
            if client is None
            else contextlib.nullcontext()
        )
        reporter = _Reporter(bar)
        with notice, runner if isinstance(runner, ThreadRunner) else contextlib.nullcontext():
            stop = False
            for blocks, chosen in _segments(limit, growing, seed, runner, bar.active):
                results = chosen.map(sample_block, sampler, blocks, _on_done(blocks, reporter))
                try:
                    for block in results:
                        for summed, combo_sums in rounds.take(block):
                            total.add(summed)
                            if combo_totals is not None and combo_sums is not None:
                                for mine, theirs in zip(combo_totals, combo_sums, strict=True):
                                    mine[0] += theirs.sum(axis=0)
                            if target_stderr is not None and max_stderr(total) <= target_stderr:
                                stop = True
                                break
                        if stop:
                            break
                finally:
                    # Closing the runner's generator cancels the blocks of a run that stopped early.
                    getattr(results, "close", lambda: None)()
                if stop:
                    break
        reporter.finish(int(total.trials))
    if combos:
        total.by_combo = _breakdowns(spot, sampler, combo_totals, total)
    return total


def _on_done(blocks: ChunkBlocks, reporter: _Reporter) -> Callable[[int], None]:
    """Pass each completed block's deals to the reporter."""

    def done(index: int) -> None:
        first = blocks.first + index * blocks.size
        last = min(first + blocks.size, blocks.last)
        reporter.advance(min(blocks.limit, last * CHUNK_DEALS) - first * CHUNK_DEALS)

    return done


def _breakdowns(
    spot: Spot, sampler: Sampler, combo_totals: ChunkCombos | None, total: Counters
) -> dict[int, Any]:
    """Each player's per-combo counters: their rows of the tallies (totals for known hands)."""
    from ..breakdown import ComboBreakdown, fixed_breakdown

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
