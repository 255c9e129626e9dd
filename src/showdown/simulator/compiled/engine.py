"""The compiled engine's driver: the chunks and threads of a local session.

Tables are independent (each has its own cards, stacks, button and random
streams), so a session is cut into chunks of whole rounds of tables, and each
chunk's tables are split between threads; every thread runs the family's
serial, GIL-free kernel on its own tables. Results do not depend on the
number of threads. What a session plays and its arrays are set up by
:mod:`.prepare`.

Examples
--------
>>> from showdown.simulator import Stakes, get_variant
>>> run = run_compiled(get_variant("nlhe"), Stakes.blinds(1, 2), ["call", "random"], 200,
...                    hands=100, tables=4, seed=1)
>>> sum(run.net), int(run.counters[:, 0].sum())
(0, 200)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..hand_log import HandLog
from ..results import PayoffMoments, SimulationResult, seat_result
from ..rules import Stakes, Variant
from . import layout
from .prepare import (
    Session,
    evaluators,
    new_records,
    new_results,
    new_state,
    per_table_hands,
    prepare_session,
    resolve_threads,
    session_kernel,
)

__all__ = [
    "CHUNK_HANDS",
    "RECORDED_CHUNK_HANDS",
    "CompiledRun",
    "HandRecords",
    "compiled_result",
    "finish_run",
    "run_compiled",
]

#: Hands per kernel call and table group: bounds the pause between ``progress`` calls
#: (and the per-call int64 net results, see ``results.MAX_CHIPS``).
CHUNK_HANDS = 16_384

#: Hands per kernel call when every decision is handed to ``on_records`` as the session
#: goes (hand histories): bounds the records kept at once (about 3 kB a hand).
RECORDED_CHUNK_HANDS = 512

#: Actions per hand the streamed records make room for at first; a call with a longer
#: hand is played again with room for it.
RECORDED_ACTIONS = 48


@dataclass
class HandRecords:
    """Every hand of a compiled run, for replaying through ``HandState``.

    Row ``i`` is one hand (tables in order, each table's hands in order). The
    fields are those of :class:`.layout.Records` (without ``offsets``).
    """

    starts: np.ndarray
    buttons: np.ndarray
    decks: np.ndarray
    actions: np.ndarray
    bounds: np.ndarray
    counts: np.ndarray
    finals: np.ndarray
    drawn: np.ndarray

    def actions_of(self, hand: int) -> list[tuple[int, int, int, int, int]]:
        """The recorded ``(seat, kind, amount, raise_min, raise_max)`` of one hand."""
        count = int(self.counts[hand])
        if count > self.actions.shape[1]:
            raise ValueError(f"hand {hand}: {count} actions, only the first were recorded")
        rows = np.concatenate((self.actions[hand, :count], self.bounds[hand, :count]), axis=1)
        return [tuple(int(x) for x in row) for row in rows]  # type: ignore[misc]


@dataclass
class CompiledRun:
    """Totals of a compiled session.

    Attributes
    ----------
    counters : numpy.ndarray
        ``(players, N_COUNTERS)`` summed over tables (columns named by
        ``layout.COUNTER_NAMES``).
    net : list of int
        Chips won per seat (exact Python ints, summed over kernel calls).
    moments : list of PayoffMoments
        Per seat: count, mean and squared deviations of the per-hand results.
    showdowns : int
        Hands that ended with a showdown.
    final_stacks : numpy.ndarray
        ``(tables, players)`` stacks after the last hand.
    records : HandRecords or None
        Every hand's deal and actions when ``record=True``.
    hand_log : HandLog or None
        Every hand's results and cards when ``record_hands=True``.
    startup_seconds, seconds
        Wall time to build the arrays and compile (or load) the kernel; of the play.
    """

    counters: np.ndarray
    net: list[int]
    moments: list[PayoffMoments]
    showdowns: int
    final_stacks: np.ndarray
    records: HandRecords | None = None
    hand_log: HandLog | None = None
    startup_seconds: float = 0.0
    seconds: float = 0.0


def run_compiled(
    variant: Variant,
    stakes: Stakes,
    agents: Sequence[object],
    starting_stack: int,
    *,
    hands: int,
    tables: int,
    seed: int | None,
    record: bool = False,
    record_hands: bool = False,
    max_actions: int = 256,
    on_records: Callable[[int, HandRecords], object] | None = None,
    progress: Callable[[int, int], object] | None = None,
    threads: int | None = 1,
    client: Any = None,
) -> CompiledRun:
    """Play a cash session with the family's compiled kernel.

    Tables are dealt in rounds like :func:`~showdown.simulator.session.simulate`:
    table ``k`` starts with the button on seat ``k - 1`` and plays
    ``hands // tables`` hands, plus one for the first ``hands % tables`` tables;
    hand ``r * tables + k`` is round ``r`` of table ``k``.

    The kernel is compiled (or loaded from numba's cache) first, by a call that
    plays no hand: :attr:`CompiledRun.startup_seconds` is the time until then,
    :attr:`CompiledRun.seconds` the play alone.

    Parameters
    ----------
    variant, stakes
        A variant accepted by :func:`.prepare.supports_variant`, and its stakes.
    agents
        One built-in agent (instance or name) per seat.
    starting_stack
        Every seat's starting (and top-up) stack.
    hands, tables
        Hands in total, and tables played side by side.
    seed
        Seeds every table's random streams (:mod:`.cards`).
    record
        Keep every hand's deal and actions in :attr:`CompiledRun.records` (replay).
    record_hands
        Keep every hand's results and cards in :attr:`CompiledRun.hand_log`.
    max_actions
        Recorded actions per hand with ``record`` (a longer hand is flagged by its count).
    on_records
        Called as ``on_records(first_hand, records)`` after each kernel call (at most
        :data:`RECORDED_CHUNK_HANDS` hands) with the :class:`HandRecords` of its
        hands, ``first_hand`` numbering the first: every action of every hand (a call
        with a hand longer than the room kept is played again with room for it). The
        arrays are reused by the next call. Recording changes no result.
    progress
        Called as ``progress(hands_done, hands)`` after each kernel call (at most
        :data:`CHUNK_HANDS` hands).
    threads
        Threads sharing the tables (``None``: every CPU); results do not depend on it.
    client
        A ``dask.distributed.Client``: groups of tables run as tasks on its
        cluster instead (see :mod:`.tasks`); the result is the same.

    Raises
    ------
    ValueError
        For an unsupported variant, an agent without a compiled twin, or bad threads.
    """
    began = time.perf_counter()
    session = prepare_session(variant, stakes, agents, starting_stack, tables=tables, seed=seed)
    if client is not None:
        if record or record_hands or on_records is not None:
            raise ValueError("client: recorded hands are kept by local runs only")
        from .tasks import run_on_cluster

        play_began = time.perf_counter()
        totals = run_on_cluster(
            session, hands=hands, client=client, chunk_hands=CHUNK_HANDS, progress=progress
        )
        # Workers compile or load the kernel inside their tasks: the cluster run's time is all play.
        return finish_run(*totals, seconds=time.perf_counter() - play_began)
    if record and on_records is not None:
        raise ValueError("record: keep the whole session or stream it (on_records), not both")
    play = _Player(session, resolve_threads(threads, tables))
    state, results = play.state, play.results
    streaming = on_records is not None
    if streaming:
        # One call's rows, the hand log (if any) copied out of them after each call.
        chunk = max(tables, RECORDED_CHUNK_HANDS // tables * tables)
        records = new_records(
            session, chunk, replay=True, log=record_hands, max_actions=RECORDED_ACTIONS
        )
        log = new_records(session, hands if record_hands else 0, replay=False, log=True)
    else:
        # Whole rounds per chunk so every table keeps the session's round-robin order.
        chunk = max(tables, CHUNK_HANDS // tables * tables)
        records = new_records(
            session, hands, replay=record, log=record_hands, max_actions=max_actions
        )
        log = records
    play.warm_up(records)
    ready = time.perf_counter()
    try:
        if streaming:
            assert on_records is not None
            net_total = [0] * session.rules.players
            done = 0
            while done < hands:
                size = min(chunk, hands - done)
                per_table = per_table_hands(tables, size)
                saved = [array.copy() for array in (*state, *results)]
                records.offsets[:] = np.arange(tables)
                play(per_table, records)
                longest = int(records.counts[:size].max())
                if longest > records.actions.shape[1]:
                    # A longer hand than the room kept: play the call again with room for it.
                    for array, copy in zip((*state, *results), saved, strict=True):
                        array[...] = copy
                    records = new_records(
                        session, chunk, replay=True, log=record_hands, max_actions=longest
                    )
                    records.offsets[:] = np.arange(tables)
                    play(per_table, records)
                if record_hands:
                    _copy_log(records, size, log, done)
                on_records(done, _replay_records(records, size))
                # Per-call int64 net results are bounded (MAX_CHIPS); the total is a Python int.
                for seat, chips in enumerate(results.net.sum(axis=0).tolist()):
                    net_total[seat] += chips
                results.net[:] = 0
                done += size
                if progress is not None:
                    progress(done, hands)
        else:
            net_total = play.run(hands, chunk, records, progress)
    finally:
        play.close()
    finished = time.perf_counter()
    hand_log = None
    if record_hands:
        hand_log = HandLog(
            table=np.arange(hands, dtype=np.int64) % tables,
            button=log.buttons,
            net=log.nets,
            cards=log.held,
            board=log.board_cards,
            showed=log.showed,
            won=log.won,
        )
    return finish_run(
        results,
        net_total,
        state.stacks,
        _replay_records(records, hands) if record else None,
        hand_log,
        startup_seconds=ready - began,
        seconds=finished - ready,
    )


class _Player:
    """Plays kernel calls of one session: its state and results, one scratch per thread
    and the thread pool (contiguous groups of tables, one per thread)."""

    def __init__(self, session: Session, workers: int) -> None:
        tables, rules = session.tables, session.rules
        self.kernel = session_kernel(session)
        self.rules, self.seats = rules, session.seats
        self.evaluator = evaluators(session.short_deck)
        self.state = new_state(session)
        self.results = new_results(session)
        edges = np.linspace(0, tables, workers + 1).astype(np.int64).tolist()
        self.groups = [(edges[k], edges[k + 1]) for k in range(workers) if edges[k] < edges[k + 1]]
        self.scratches = [layout.new_scratch(rules.players, rules.hole_count) for _ in self.groups]
        self.pool = ThreadPoolExecutor(len(self.groups)) if len(self.groups) > 1 else None
        self.stopped = False

    def warm_up(self, records: layout.Records) -> None:
        """Compile or load the kernel with a call that plays nothing (first == last)."""
        idle = np.zeros(self.state.stacks.shape[0], np.int64)
        self._call(0, 0, idle, records, self.scratches[0])

    def _call(
        self, first: int, last: int, per_table: np.ndarray, records: layout.Records, scratch: Any
    ) -> None:
        self.kernel(
            first, last, per_table, self.rules, self.seats, self.state, self.results, records,
            scratch, self.evaluator,
        )  # fmt: skip

    def __call__(self, per_table: np.ndarray, records: layout.Records) -> None:
        """Play ``per_table[t]`` hands at every table ``t``, the groups on their threads,
        and wait for all of them (the streamed records need every table's hands)."""
        if self.pool is None:
            first, last = self.groups[0]
            self._call(first, last, per_table, records, self.scratches[0])
            return
        futures = [
            self.pool.submit(self._call, first, last, per_table, records, scratch)
            for (first, last), scratch in zip(self.groups, self.scratches, strict=True)
        ]
        for future in futures:
            future.result()

    def run(
        self,
        hands: int,
        chunk: int,
        records: layout.Records,
        progress: Callable[[int, int], object] | None,
    ) -> list[int]:
        """Play the whole session; returns each seat's net chips (exact).

        Each thread plays its group of tables through every kernel call of the session
        without waiting for the others between calls: a thread held up (a busy machine)
        never leaves the other idle at a barrier. ``progress(done, hands)`` is called
        as calls end, counting the calls every group has finished (whole rounds).
        """
        calls = []
        done = 0
        while done < hands:
            calls.append((done, min(chunk, hands - done)))
            done += calls[-1][1]
        finished = [0] * len(self.groups)
        nets = [[0] * self.rules.players for _ in self.groups]

        def play_group(index: int) -> None:
            first, last = self.groups[index]
            tables = np.arange(first, last)
            for start, size in calls:
                if self.stopped:
                    return
                per_table = per_table_hands(self.state.stacks.shape[0], size)
                if records.offsets.shape[0]:
                    records.offsets[first:last] = start + tables
                self._call(first, last, per_table, records, self.scratches[index])
                # Per-call int64 net results are bounded (MAX_CHIPS); the total is exact.
                net = self.results.net[first:last]
                for seat, chips in enumerate(net.sum(axis=0).tolist()):
                    nets[index][seat] += chips
                net[:] = 0
                finished[index] += 1
                if self.pool is None and progress is not None:
                    progress(start + size, hands)

        if self.pool is None:
            play_group(0)
        else:
            futures = [self.pool.submit(play_group, index) for index in range(len(self.groups))]
            reported = 0
            try:
                while True:
                    waiting = wait(futures, timeout=0.25)[1]
                    common = min(finished)
                    if progress is not None and common > reported:
                        reported = common
                        start, size = calls[common - 1]
                        progress(start + size, hands)
                    if not waiting:
                        break
                for future in futures:
                    future.result()
            except BaseException:
                self.stopped = True  # Ctrl-C: the threads stop after their current call
                raise
        return [sum(column) for column in zip(*nets, strict=True)]

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()


def _replay_records(records: layout.Records, rows: int) -> HandRecords:
    """The first ``rows`` hands of ``records`` as :class:`HandRecords` (views)."""
    return HandRecords(
        starts=records.starts[:rows],
        buttons=records.buttons[:rows],
        decks=records.decks[:rows],
        actions=records.actions[:rows],
        bounds=records.bounds[:rows],
        counts=records.counts[:rows],
        finals=records.finals[:rows],
        drawn=records.drawn[:rows],
    )


def _copy_log(records: layout.Records, rows: int, log: layout.Records, first: int) -> None:
    """Copy one call's hand log (its first ``rows`` rows) to rows ``first..`` of ``log``."""
    end = first + rows
    log.buttons[first:end] = records.buttons[:rows]
    log.nets[first:end] = records.nets[:rows]
    log.showed[first:end] = records.showed[:rows]
    log.won[first:end] = records.won[:rows]
    log.held[first:end] = records.held[:rows]
    log.board_cards[first:end] = records.board_cards[:rows]


def finish_run(
    results: layout.Results,
    net: list[int],
    final_stacks: np.ndarray,
    records: HandRecords | None = None,
    hand_log: HandLog | None = None,
    *,
    startup_seconds: float = 0.0,
    seconds: float = 0.0,
) -> CompiledRun:
    """A :class:`CompiledRun` from every table's results (``results.net`` unused: ``net``
    holds the exact totals); moments are merged table by table in table order."""
    players = results.counters.shape[1]
    moments = []
    for seat in range(players):
        merged = PayoffMoments()
        for table in range(results.counters.shape[0]):
            count = int(results.counters[table, seat, layout.COUNT_HANDS])
            mean, m2 = results.moments[table, seat].tolist()
            merged = merged.merge(PayoffMoments(count, mean, m2))
        moments.append(merged)
    return CompiledRun(
        counters=results.counters.sum(axis=0),
        net=net,
        moments=moments,
        showdowns=int(results.showdowns.sum()),
        final_stacks=final_stacks,
        records=records,
        hand_log=hand_log,
        startup_seconds=startup_seconds,
        seconds=seconds,
    )


def compiled_result(
    run: CompiledRun,
    *,
    game: str,
    names: Sequence[str],
    hands: int,
    seed: int | None,
    big_blind: int,
    startup_seconds: float = 0.0,
) -> SimulationResult:
    """A :class:`~showdown.simulator.results.SimulationResult` from a compiled run.

    Every field means what it means for the Python engine; timeouts, disconnects
    and tournaments won are 0 (cash games of built-in agents have none).
    ``startup_seconds`` is the caller's own start-up, added to the run's.
    """
    seats = []
    for seat, name in enumerate(names):
        counts = dict(zip(layout.COUNTER_NAMES, run.counters[seat].tolist(), strict=True))
        interval = run.moments[seat].bb_per_100(big_blind)
        seats.append(seat_result(name, counts, run.net[seat], interval))
    return SimulationResult(
        game=game,
        mode="cash",
        players=len(names),
        hands=hands,
        seed=seed,
        big_blind=big_blind,
        seats=seats,
        showdown_rate=run.showdowns / hands,
        seconds=run.seconds,
        startup_seconds=startup_seconds + run.startup_seconds,
        histories=None,
        hand_log=run.hand_log,
    )
