"""The compiled engine's driver: which sessions it plays, the arrays, chunks and threads.

Tables are independent (each has its own cards, stacks, button and random
stream), so a session is cut into chunks of whole rounds of tables, and each
chunk's tables are split between threads; every thread runs the family's
serial, GIL-free kernel on its own tables. Results do not depend on the
number of threads.

Examples
--------
>>> from showdown.simulator import Stakes, get_variant
>>> run = run_compiled(get_variant("nlhe"), Stakes.blinds(1, 2), ["call", "random"], 200,
...                    hands=100, tables=4, seed=1)
>>> sum(run.net), int(run.counters[:, 0].sum())
(0, 200)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from ...evaluator.tables import Tables, get_tables
from ..agents import (
    CATEGORY_STRENGTH,
    PREFLOP_SCORES,
    CallingStation,
    HandStrengthAgent,
    RandomAgent,
)
from ..core import BETTING_CODES
from ..hand_log import HandLog
from ..results import PayoffMoments, SimulationResult, seat_result
from ..rules import Stakes, Variant
from . import layout

__all__ = [
    "CHUNK_HANDS",
    "COMPILED_AGENTS",
    "KERNEL_WORDS",
    "CompiledRun",
    "HandRecords",
    "compiled_agent_kinds",
    "compiled_result",
    "family_of",
    "ineligibility",
    "kernel_name",
    "run_compiled",
    "supports_variant",
]

#: Built-in agent classes (exact types) and names with a compiled twin.
COMPILED_AGENTS: dict[object, int] = {
    RandomAgent: layout.RANDOM_AGENT,
    CallingStation: layout.CALLING_STATION,
    HandStrengthAgent: layout.STRENGTH_AGENT,
    "random": layout.RANDOM_AGENT,
    "call": layout.CALLING_STATION,
    "strength": layout.STRENGTH_AGENT,
}

#: Hands per kernel call and table group: bounds the pause between ``progress`` calls
#: (and the per-call int64 net results, see ``results.MAX_CHIPS``).
CHUNK_HANDS = 16_384

#: Showdown kind of each supported ``Variant.hands`` per family.
_SHOWDOWNS = {
    ("board", ("high",)): layout.HOLDEM_HIGH,
    ("board", ("omaha_high",)): layout.OMAHA_HIGH,
    ("board", ("omaha_high", "omaha_low8")): layout.OMAHA_HILO,
    ("stud", ("high",)): layout.STUD_HIGH,
    ("stud", ("high", "low8")): layout.STUD_HILO,
    ("draw", ("high",)): layout.DRAW_HIGH,
}


@lru_cache(maxsize=1)
def _evaluator_tables() -> Tables:
    # get_tables() reads the table file each call; the kernels need it once per process.
    return get_tables()


def family_of(variant: Variant) -> str | None:
    """``"board"``, ``"stud"`` or ``"draw"``: the compiled kernel that plays ``variant``,
    or ``None`` when none does (its streets differ from every built-in family).

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> {name: family_of(variant) for name, variant in GAMES.items()}["stud8"]
    'stud'
    """
    streets = tuple((s.down, s.up, s.board, s.draw, s.opener, s.betting) for s in variant.streets)
    family = None
    if variant.blinds and not variant.bring_in:
        hole = 2 if variant.hands == ("high",) else 4
        board = (
            (hole, 0, 0, False, "blinds", True),
            *((0, 0, count, False, "button", True) for count in (3, 1, 1)),
        )
        family = "board" if streets == board else None
    elif variant.bring_in and not variant.blinds:
        stud = (
            (2, 1, 0, False, "bring_in", True),
            *((0, 1, 0, False, "high_showing", True) for _ in range(3)),
            (1, 0, 0, False, "high_showing", True),
        )
        family = "stud" if streets == stud else None
    elif not variant.blinds and not variant.bring_in:
        draw = ((5, 0, 0, False, "button", True), (0, 0, 0, True, "button", True))
        family = "draw" if streets == draw else None
    if family is None or (family, variant.hands) not in _SHOWDOWNS:
        return None
    return family


def supports_variant(variant: Variant) -> bool:
    """Whether the compiled engine plays ``variant`` (every built-in variant, and their
    ``with_options`` forms).

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> all(supports_variant(variant) for variant in GAMES.values())
    True
    """
    return family_of(variant) is not None and variant.betting in BETTING_CODES


def compiled_agent_kinds(agents: Sequence[object]) -> list[int] | None:
    """The kernel's agent code per seat, or ``None`` if a seat has no compiled twin.

    Only exact built-in types count (a subclass may change the behaviour).
    """
    kinds = []
    for agent in agents:
        key = agent if isinstance(agent, str) else type(agent)
        kind = COMPILED_AGENTS.get(key)
        if kind is None:
            return None
        kinds.append(kind)
    return kinds


def ineligibility(
    variant: Variant, agents: Sequence[object], mode: str, record_histories: bool
) -> str | None:
    """Why the compiled engine cannot play this session, or ``None`` when it can.

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> ineligibility(GAMES["stud"], ["random", "call"], "cash", False) is None
    True
    >>> print(ineligibility(GAMES["nlhe"], ["random"], "tournament", False))
    mode 'tournament' (only cash games)
    """
    if not supports_variant(variant):
        return f"variant {variant.name} has streets no compiled kernel plays"
    if mode != "cash":
        return f"mode {mode!r} (only cash games)"
    if record_histories:
        return "record_histories (hand histories need the Python engine)"
    if compiled_agent_kinds(agents) is None:
        return "an agent other than the built-in 'random', 'call' and 'strength'"
    return None


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


def _kernel(family: str, showdown: int) -> Callable[..., None]:
    """The family's session kernel (imported here: only that family gets compiled)."""
    if family == "board":
        from ._board_kernels import play_holdem, play_omaha

        return play_holdem if showdown == layout.HOLDEM_HIGH else play_omaha
    if family == "stud":
        from ._stud_kernels import play_stud

        return play_stud
    from ._draw_kernels import play_draw

    return play_draw


def _rules(variant: Variant, stakes: Stakes, players: int, showdown: int) -> layout.Rules:
    raise_cap = -1 if variant.raise_cap is None else variant.raise_cap
    limits = (
        BETTING_CODES[variant.betting],
        raise_cap,
        stakes.small_bet,
        stakes.big_bet,
        bool(variant.cumulative_all_ins),
    )
    blinds = variant.blinds
    return layout.Rules(
        players=players,
        limits=limits,
        small_blind=stakes.small_blind if blinds else 0,
        big_blind=stakes.big_blind if blinds else 0,
        ante=stakes.ante,
        bring_in=stakes.bring_in if variant.bring_in else 0,
        hole_count=variant.streets[0].down,
        showdown=showdown,
        open_pair_big_bet=bool(variant.open_pair_big_bet),
        street_big_bet=np.array([street.big_bet for street in variant.streets], np.bool_),
    )


def _agents(kinds: list[int], agents: Sequence[object]) -> layout.Agents:
    default = HandStrengthAgent()
    return layout.Agents(
        kinds=np.array(kinds, np.int64),
        raise_at=np.array(
            [float(getattr(agent, "raise_at", default.raise_at)) for agent in agents], np.float64
        ),
        call_at=np.array(
            [float(getattr(agent, "call_at", default.call_at)) for agent in agents], np.float64
        ),
        preflop=np.array(PREFLOP_SCORES, np.float64),
        category=np.array(CATEGORY_STRENGTH, np.float64),
    )


def resolve_threads(threads: int | None, tables: int) -> int:
    """A ``threads=`` argument as a count: ``None`` means every CPU; at most one per table.

    Raises
    ------
    ValueError
        For anything but ``None`` or a positive int (numpy ints too).

    Examples
    --------
    >>> resolve_threads(3, tables=2)
    2
    """
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ValueError(f"threads: expected None or a positive int, got {threads!r}")
    return max(1, min(int(threads), tables))


#: What each session kernel plays, for "compiling ... once" messages.
KERNEL_WORDS = {
    "play_holdem": "the hold'em simulator",
    "play_omaha": "the Omaha simulator",
    "play_stud": "the seven-card stud simulator",
    "play_draw": "the five-card draw simulator",
}


def kernel_name(variant: Variant) -> str:
    """Name of the session kernel that plays ``variant`` (for compile-time estimates).

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> kernel_name(GAMES["plo8"]), kernel_name(GAMES["stud"])
    ('play_omaha', 'play_stud')
    """
    family = family_of(variant)
    if family is None:
        raise ValueError(f"engine: the compiled engine does not play {variant.name}")
    showdown = _SHOWDOWNS[family, variant.hands]
    return _kernel(family, showdown).py_func.__name__  # type: ignore[attr-defined]


class Session(NamedTuple):
    """Everything that fixes a compiled session's tables, ready for the kernels."""

    family: str
    rules: layout.Rules
    seats: layout.Agents
    starting_stack: int
    tables: int
    #: uint64 (tables,): each table's random stream, drawn once (``seed=None`` too).
    streams: np.ndarray


def prepare_session(
    variant: Variant,
    stakes: Stakes,
    agents: Sequence[object],
    starting_stack: int,
    *,
    tables: int,
    seed: int | None,
) -> Session:
    """Check that the compiled engine plays this session and build its kernel inputs."""
    family = family_of(variant)
    if family is None or not supports_variant(variant):
        raise ValueError(f"engine: the compiled engine does not play {variant.name}")
    kinds = compiled_agent_kinds(agents)
    if kinds is None:
        raise ValueError(
            "engine: the compiled engine plays only the 'random', 'call' and 'strength' agents"
        )
    showdown = _SHOWDOWNS[family, variant.hands]
    return Session(
        family=family,
        rules=_rules(variant, stakes, len(kinds), showdown),
        seats=_agents(kinds, agents),
        starting_stack=starting_stack,
        tables=tables,
        streams=np.random.SeedSequence(seed).generate_state(tables, dtype=np.uint64),
    )


def session_kernel(session: Session) -> Callable[..., None]:
    """The session kernel of ``session``'s family (compiled on first use)."""
    return _kernel(session.family, session.rules.showdown)


def new_state(session: Session) -> layout.TableState:
    """Every table before its first hand: its stacks, button and random stream.

    Table ``k``'s stream is word ``k`` of ``SeedSequence(seed)``, so a table
    plays the same hands whichever thread or machine plays it.
    """
    streams = session.streams
    players, tables = session.rules.players, session.tables
    return layout.TableState(
        starting=np.full(players, session.starting_stack, np.int64),
        stacks=np.full((tables, players), session.starting_stack, np.int64),
        buttons=np.array([(index - 1) % players for index in range(tables)], np.int64),
        rng=streams.copy(),
        decks=np.tile(np.arange(52, dtype=np.int64), (tables, 1)),
        played=np.zeros(tables, np.int64),
    )


def new_results(session: Session) -> layout.Results:
    """Zeroed per-table counters."""
    players, tables = session.rules.players, session.tables
    return layout.Results(
        counters=np.zeros((tables, players, layout.N_COUNTERS), np.int64),
        net=np.zeros((tables, players), np.int64),
        moments=np.zeros((tables, players, 2), np.float64),
        showdowns=np.zeros(tables, np.int64),
    )


def new_records(
    session: Session, hands: int, *, replay: bool = False, log: bool = False, max_actions: int = 256
) -> layout.Records:
    """Room for ``hands`` recorded hands (:func:`.layout.new_records`; nothing asked: no rows)."""
    return layout.new_records(
        session.tables,
        session.rules.players,
        hands,
        replay=replay,
        log=log,
        max_actions=max_actions,
    )


def per_table_hands(tables: int, size: int) -> np.ndarray:
    """Hands each table plays in a call that deals ``size`` hands.

    Calls deal whole rounds (``size`` is a multiple of ``tables`` except in the
    last call), so table ``k`` plays ``hands // tables`` hands, plus one for
    the first ``hands % tables`` tables, however the session is cut.
    """
    per_table = np.full(tables, size // tables, np.int64)
    per_table[: size % tables] += 1
    return per_table


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
        A variant accepted by :func:`supports_variant`, and its stakes.
    agents
        One built-in agent (instance or name) per seat.
    starting_stack
        Every seat's starting (and top-up) stack.
    hands, tables
        Hands in total, and tables played side by side.
    seed
        Seeds every table's random stream (cards and random agents).
    record
        Keep every hand's deal and actions in :attr:`CompiledRun.records` (replay).
    record_hands
        Keep every hand's results and cards in :attr:`CompiledRun.hand_log`.
    max_actions
        Recorded actions per hand (a longer hand is flagged by its count).
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
        if record or record_hands:
            raise ValueError("client: recorded hands are kept by local runs only")
        from .tasks import run_on_cluster

        return run_on_cluster(session, hands=hands, client=client, progress=progress)
    workers = resolve_threads(threads, tables)
    players = session.rules.players
    kernel = _kernel(session.family, session.rules.showdown)
    evaluator = _evaluator_tables()
    rules, seats = session.rules, session.seats
    state = new_state(session)
    results = new_results(session)
    records = new_records(session, hands, replay=record, log=record_hands, max_actions=max_actions)
    net_total = [0] * players
    # Whole rounds per chunk so every table keeps the session's round-robin order.
    chunk = max(tables, CHUNK_HANDS // tables * tables)
    # Contiguous groups of tables, one per thread.
    edges = np.linspace(0, tables, workers + 1).astype(np.int64).tolist()
    groups = [(edges[k], edges[k + 1]) for k in range(workers) if edges[k] < edges[k + 1]]
    scratches = [layout.new_scratch(players, rules.hole_count) for _ in groups]
    # Compile or load the kernel with a call that plays nothing (first == last): the
    # start-up ends here, the play's timing starts.
    idle = np.zeros(tables, np.int64)
    kernel(0, 0, idle, rules, seats, state, results, records, scratches[0], evaluator)
    ready = time.perf_counter()
    pool = ThreadPoolExecutor(max_workers=len(groups)) if len(groups) > 1 else None
    done = 0
    try:
        while done < hands:
            size = min(chunk, hands - done)
            per_table = per_table_hands(tables, size)
            if records.offsets.shape[0]:
                records.offsets[:] = done + np.arange(tables)
            arguments: tuple[Any, ...] = (per_table, rules, seats, state, results, records)
            if pool is None:
                kernel(groups[0][0], groups[0][1], *arguments, scratches[0], evaluator)
            else:
                futures = [
                    pool.submit(kernel, lo, hi, *arguments, scratch, evaluator)
                    for (lo, hi), scratch in zip(groups, scratches, strict=True)
                ]
                for future in futures:
                    future.result()
            # Per-call int64 net results are bounded (MAX_CHIPS); the total is a Python int.
            for seat, chips in enumerate(results.net.sum(axis=0).tolist()):
                net_total[seat] += chips
            results.net[:] = 0
            done += size
            if progress is not None:
                progress(done, hands)
    finally:
        if pool is not None:
            pool.shutdown()
    finished = time.perf_counter()
    replay_records = None
    if record:
        replay_records = HandRecords(
            starts=records.starts,
            buttons=records.buttons,
            decks=records.decks,
            actions=records.actions,
            bounds=records.bounds,
            counts=records.counts,
            finals=records.finals,
            drawn=records.drawn,
        )
    hand_log = None
    if record_hands:
        hand_log = HandLog(
            table=np.arange(hands, dtype=np.int64) % tables,
            button=records.buttons,
            net=records.nets,
            cards=records.held,
            board=records.board_cards,
            showed=records.showed,
            won=records.won,
        )
    return finish_run(
        results,
        net_total,
        state.stacks,
        replay_records,
        hand_log,
        startup_seconds=ready - began,
        seconds=finished - ready,
    )


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
