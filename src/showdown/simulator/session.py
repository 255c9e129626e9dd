"""``simulate()``: many hands between agents, with results and statistics.

Several tables (default up to 64) play side by side, one hand each per round,
so every round's showdowns go to the evaluator together
(:func:`~showdown.simulator.hand.settle_showdowns`: one call per hand kind).
Agent ``i`` sits in seat ``i`` of every table, and table ``k`` starts with the
button on seat ``k - 1`` so positions even out. The seed fixes the hands: hand
``r * tables + k`` (round ``r`` of table ``k``) gets cards that depend on the
seed, ``tables``, ``k`` and ``r`` only (:mod:`showdown.simulator.compiled.cards`),
on either engine and whatever the agents decide, and built-in random agents get
seeds derived from it: the same seed gives the same result, with or without
hand histories.

Examples
--------
>>> from showdown.simulator import simulate
>>> result = simulate("nlhe", ["call", "random", "strength"], hands=200, seed=1)
>>> result.hands, sum(result.net)
(200, 0)
>>> result.seats[0].agent
'call'
"""

from __future__ import annotations

import contextlib
import random
import secrets
import time
from collections.abc import Callable, Sequence
from typing import cast

import numpy as np

from .._progress import Progress, ProgressLike, check_progress, compiling
from .._tasks import check_cluster_arguments, cluster_client
from ..errors import InputError
from . import compiled
from .agents import Agent, make_agent
from .compiled.cards import HandCards, table_streams
from .compiled.histories import HistoryWriter
from .hand import EVALUATING, settle_showdowns
from .hand.settlement import evaluate_requests
from .hand_log import HandLogBuilder
from .phh import write_phh
from .results import (
    SeatResult,
    SimulationResult,
    bb_per_100_interval,
    check_chips,
    seat_result,
)
from .rules import OMAHA_KINDS, Stakes, Variant, get_variant
from .table import (
    DEFAULT_TIME_LIMIT,
    MODES,
    STAT_NAMES,
    Table,
    TimeLimit,
    agent_name,
    default_stakes,
    time_rules,
)

__all__ = [
    "DEFAULT_PLAYERS",
    "ENGINES",
    "SeatResult",
    "SimulationResult",
    "bb_per_100_interval",
    "compile_estimate",
    "simulate",
]

#: Values of ``simulate(engine=...)``.
ENGINES = ("auto", "python", "compiled")

#: Seats per table when a single agent is named (several agents: one seat each).
DEFAULT_PLAYERS = 6


def _check_seed(seed: object) -> int:
    """``seed`` as an int >= 0 (numpy ints too), or a fresh one for ``None``; else refused."""
    if seed is None:
        # Drawn here (not left to numpy) so the result can report it and the run be repeated.
        return secrets.randbits(63)
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise InputError(f"expected None or an int >= 0, got {seed!r}", parameter="seed")
    return int(seed)


def _not_positive_int(value: object) -> bool:
    return isinstance(value, bool) or not isinstance(value, int) or value < 1


def _agents_for(
    agents: str | Agent | Sequence[str | Agent], players: int | None, variant: Variant
) -> list[str | Agent]:
    """Expand the agent specs to one per seat (a shorter list repeats in order)."""
    single = isinstance(agents, str) or callable(agents)
    specs: list[str | Agent] = [agents] if single else list(agents)  # type: ignore[list-item,arg-type]
    if not specs:
        raise InputError("give at least one agent", parameter="agents")
    if players is None:
        players = len(specs) if len(specs) > 1 else min(DEFAULT_PLAYERS, variant.max_players)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InputError(f"expected an int, got {players!r}", parameter="players")
    if not variant.min_players <= players <= variant.max_players:
        raise InputError(
            f"{variant.name} is played by {variant.min_players}-"
            f"{variant.max_players} players, got {players}",
            parameter="players",
        )
    if len(specs) > players:
        raise InputError(f"{len(specs)} agents for {players} players", parameter="agents")
    return [specs[seat % len(specs)] for seat in range(players)]


def simulate(
    game: str | Variant,
    agents: str | Agent | Sequence[str | Agent],
    *,
    hands: int = 10_000,
    seed: int | None = None,
    players: int | None = None,
    stakes: Stakes | None = None,
    starting_stack: int | None = None,
    mode: str = "cash",
    record_histories: bool = False,
    on_history: Callable[[int, str], object] | None = None,
    progress: ProgressLike = None,
    tables: int | None = None,
    time_limit: TimeLimit | float | None = DEFAULT_TIME_LIMIT,
    clock: Callable[[], float] = time.perf_counter,
    engine: str = "auto",
    threads: int | None = None,
    record_hands: bool = False,
    client: object = None,
    scheduler: str | None = None,
) -> SimulationResult:
    """Play ``hands`` hands of ``game`` between ``agents`` and collect the results.

    Only ``game`` and ``agents`` are positional; every option is a keyword.

    Parameters
    ----------
    game
        A game name (``"nlhe"``, ``"plo8"``, ``"stud"``...; a hand type such as
        ``"holdem"`` plays at its usual betting, see :mod:`showdown.games`) or a
        :class:`Variant`.
    agents
        Agent names (``"random"``, ``"call"``, ``"strength"``) or callables
        ``agent(hand, seat) -> action`` (see :mod:`showdown.simulator.agents`); one
        per seat, or fewer to repeat in order up to ``players``.
    hands
        Hands to play in total (over all tables).
    seed
        Seed of the cards and the built-in random agents; same seed, same result.
        ``None`` draws one, reported as ``result.seed`` so the run can be repeated.
    players
        Seats per table; default one per agent named (:data:`DEFAULT_PLAYERS`, 6,
        for a single agent). The ``showdown simulate`` command uses the same rule.
    stakes
        Default 1/2 blinds (stud 1 ante / 2 bring-in / 5-10, draw 1 ante / 2-4).
    starting_stack
        Default 100 big blinds (big blind = small bet in stud and draw); at least
        one big blind. Stacks
        and stakes are at most :data:`~showdown.simulator.results.MAX_CHIPS`
        (2**40) on either engine.
    mode
        ``"cash"`` (stacks topped up before each hand) or ``"tournament"``
        (elimination; a new tournament starts when one player has every chip).
        Each table runs its own tournaments: pass ``tables=1`` for one long series.
    record_histories
        Keep every hand's PHH text in :attr:`SimulationResult.histories`. Changes
        no result, and not the engine: the compiled engine records its hands'
        decisions and writes their histories too.
    on_history
        Called as ``on_history(hand, text)`` with every hand's PHH text, in the order
        dealt (``hand`` from 0), as hands finish (the compiled engine: after each
        kernel call, a few hundred hands): to write histories as they come, without
        keeping them (unless ``record_histories`` is set too).
    progress
        ``True``: a progress bar on stderr (tqdm when installed: a widget in
        Jupyter), shown from the start and ticking while the kernels compile.
        A callable: called as ``progress(hands_done, hands)`` at once, as hands
        are played, and at least every quarter second meanwhile (also while
        compiling). ``None``/``False``: nothing.
    tables
        Tables played side by side (their showdowns are evaluated together);
        default ``min(64, hands)``. It decides which hands are dealt: hand
        ``r * tables + k`` is round ``r`` of table ``k``, dealt from table ``k``'s
        own cards (and random agents' decisions), so the same seed with another
        number of tables plays other hands (the result changes within sampling
        error); ``threads``, ``engine`` and recording change nothing.
    time_limit, clock
        Per-decision time rule and clock (see :mod:`showdown.simulator.table`).
        Built-in agents answer at once, so they never time out.
    engine
        ``"python"``: the :class:`~showdown.simulator.hand.HandState` engine.
        ``"compiled"``: the numba engine (:mod:`showdown.simulator.compiled`,
        100x faster or more), for cash games of every built-in variant whose
        seats are all built-in agents (``"random"``, ``"call"``, ``"strength"``;
        exact types, not subclasses), hand histories and hand log included.
        ``"auto"`` (default) picks ``"compiled"`` when eligible. Both engines
        apply the same rules (one rules core) and deal the same cards to every
        hand for a seed: calling stations and hand-strength agents, which
        decide from the cards alone, give the same results on both; random
        agents draw their choices from another stream on each engine, so
        sessions with them agree in distribution only; custom agents play on
        the Python engine, dealt the cards the compiled engine would deal.
        Timeouts, disconnects and tournament counts are Python-engine features
        (0 in compiled results).
    threads
        Compiled engine: threads sharing the tables (``None``: every CPU). The
        result does not depend on it. The Python engine plays on one thread.
    record_hands
        Keep every hand's results and cards (:attr:`SimulationResult.hand_log`,
        about ``11 * players + 21`` bytes per hand) for
        :meth:`~SimulationResult.hands_frame` and :meth:`~SimulationResult.plot`;
        on both engines, without changing the results.

    client, scheduler
        Play on a Dask cluster (``pip install -e '.[dask]'``): a
        ``dask.distributed.Client``, or the address of its scheduler
        (``"tcp://host:8786"``, connected to for this call). Groups of tables
        become tasks (see :mod:`showdown.simulator.compiled.tasks`); the result
        is the one a local run gives with the same seed and ``tables``, at any
        number of workers. Compiled engine only; give ``tables`` a few times
        the cluster's worker threads.

    Returns
    -------
    SimulationResult
        Its ``seconds`` time the play alone; ``startup_seconds`` the time before
        the first hand (building the tables, compiling the kernels on first use
        or loading them from numba's cache).

    Raises
    ------
    ValueError
        Unknown game, unknown agent, wrong player count, ``hands < 1``, bad mode
        or stack, unknown engine or ``engine="compiled"`` when not eligible, a
        cluster asked for a session only the Python engine plays, an
        unreachable ``scheduler``; the message names the input.
    showdown.distributed.ClusterError
        The cluster's scheduler was lost during the run.

    Examples
    --------
    >>> result = simulate("plo", "random", hands=50, players=4, seed=2)
    >>> len(result.seats), result.hands
    (4, 50)
    """
    began = time.perf_counter()
    variant = get_variant(game)
    seed = _check_seed(seed)
    progress = check_progress(progress)
    if not isinstance(record_hands, (bool, np.bool_)):
        raise ValueError(f"record_hands: expected True or False, got {record_hands!r}")
    if _not_positive_int(hands):
        raise InputError(f"expected a positive number of hands, got {hands!r}", parameter="hands")
    if mode not in MODES:
        raise InputError(f"expected 'cash' or 'tournament', got {mode!r}", parameter="mode")
    specs = _agents_for(agents, players, variant)
    stakes = stakes if stakes is not None else default_stakes(variant)
    if not isinstance(stakes, Stakes):
        raise ValueError(f"stakes: expected a Stakes object, got {stakes!r}")
    for name in ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet"):
        check_chips(getattr(stakes, name), f"stakes: {name}", minimum=0)
    big_blind = stakes.big_blind or stakes.small_bet
    if starting_stack is None:
        starting_stack = 100 * big_blind
    starting_stack = check_chips(starting_stack, "starting_stack")
    if starting_stack < big_blind:
        raise InputError(
            f"{starting_stack} chips is less than one big blind ({big_blind})",
            parameter="starting_stack",
        )
    if tables is None:
        tables = min(64, hands)
    if _not_positive_int(tables):
        raise ValueError(f"tables: expected a positive int, got {tables!r}")
    if engine not in ENGINES:
        raise ValueError(f"engine: expected one of {ENGINES}, got {engine!r}")
    if not isinstance(record_histories, (bool, np.bool_)):
        raise ValueError(f"record_histories: expected True or False, got {record_histories!r}")
    if on_history is not None and not callable(on_history):
        raise ValueError(f"on_history: expected a callable or None, got {on_history!r}")
    # Checked up front on either engine: a bad clock must not fail after work started.
    time_limit = time_rules(time_limit, clock)
    workers = compiled.resolve_threads(threads, tables)
    check_cluster_arguments(client, scheduler)
    seeder = random.Random(seed)
    seated = [make_agent(spec, seed=seeder.getrandbits(63)) for spec in specs]
    distributed = client is not None or scheduler is not None
    use_compiled = False
    reason = None
    if engine != "python":
        reason = compiled.ineligibility(variant, seated, mode)
        if reason is None:
            use_compiled = True
        elif engine == "compiled":
            raise InputError(f"the compiled engine cannot run this: {reason}", parameter="engine")
    if distributed:
        where = "client" if client is not None else "scheduler"
        if not use_compiled:
            why = "engine='python'" if engine == "python" else reason
            raise InputError(
                "only the compiled engine runs on a Dask cluster, and this "
                f"session needs the Python engine ({why})",
                parameter=where,
            )
        if record_hands:
            raise InputError("record_hands keeps hands of local runs only", parameter=where)
        if record_histories or on_history is not None:
            raise InputError(
                "a cluster runs only the compiled engine and returns counters, "
                "not hands: record_histories and on_history keep the histories of local "
                "runs only",
                parameter=where,
            )
    what, kernels = compile_estimate(variant, use_compiled)
    with Progress(progress, hands, description="simulate", unit="hands") as bar:
        # On a cluster the workers compile (or load) the kernel, not this process.
        announce = (
            contextlib.nullcontext() if distributed else compiling(what, kernels, progress=bar)
        )
        with announce:
            histories: list[str] | None = [] if record_histories else None
            sink = _history_sink(histories, on_history)
            if use_compiled:
                called = time.perf_counter()
                writer = None
                if sink is not None:
                    names = Table(variant, seated, stakes, time_limit=None).player_names
                    writer = HistoryWriter(
                        variant, stakes, names, seed=seed, tables=tables, sink=sink
                    )
                with cluster_client(client, scheduler) as connected:
                    run = compiled.run_compiled(
                        variant,
                        stakes,
                        seated,
                        starting_stack,
                        hands=hands,
                        tables=tables,
                        seed=seed,
                        record_hands=bool(record_hands),
                        on_records=writer,
                        progress=_reporter(bar),
                        threads=workers,
                        client=connected,
                    )
                result = compiled.compiled_result(
                    run,
                    game=variant.name,
                    names=[agent_name(agent) for agent in seated],
                    hands=hands,
                    seed=seed,
                    big_blind=big_blind,
                    startup_seconds=called - began,
                )
                result.histories = histories
                return result
            return _play_python(
                variant,
                seated,
                stakes,
                starting_stack,
                mode=mode,
                hands=hands,
                seed=seed,
                tables=tables,
                time_limit=time_limit,
                clock=clock,
                histories=histories,
                sink=sink,
                record_hands=bool(record_hands),
                bar=bar,
                big_blind=big_blind,
                began=began,
            )


def _history_sink(
    histories: list[str] | None, on_history: Callable[[int, str], object] | None
) -> Callable[[int, str], None] | None:
    """Where each hand's PHH text goes: the kept list, the caller's callback, or both."""
    if histories is None and on_history is None:
        return None

    def sink(hand: int, text: str) -> None:
        if histories is not None:
            histories.append(text)
        if on_history is not None:
            on_history(hand, text)

    return sink


def _reporter(bar: Progress) -> Callable[[int, int], None] | None:
    """``progress(done, total)`` for the engine, or ``None`` when nothing is shown."""
    if not bar.active:
        return None
    return lambda done, _total: bar.update_to(done)


#: Evaluator kernel (``_jit.COMPILE_SECONDS`` name) behind each hand kind of a showdown.
_EVALUATOR_KERNELS = {
    "high": "evaluate_kernel",
    "low8": "low8_kernel",
    "omaha_high": "omaha_kernel",
    "omaha_low8": "omaha_kernel",
    "shortdeck_high": "evaluate_short_deck_kernel",
}


def compile_estimate(variant: Variant, use_compiled: bool) -> tuple[str, list[str]]:
    """What a first session of ``variant`` compiles: words for the "compiling ... once"
    line and the kernel names behind its time estimate (``_jit.COMPILE_SECONDS``).

    Examples
    --------
    >>> compile_estimate(get_variant("nlhe"), True)
    ("the hold'em simulator", ['play_holdem'])
    >>> compile_estimate(get_variant("plo8"), False)
    ('the evaluator and dealing kernels', ['omaha_kernel', 'hand_stream', 'shuffle_order'])
    """
    if use_compiled:
        name = compiled.kernel_name(variant)
        return compiled.KERNEL_WORDS[name], [name]
    kinds = {_EVALUATOR_KERNELS.get(kind, "evaluate_kernel") for kind in variant.hands}
    # The Python engine deals with the compiled engine's dealing (compiled.cards).
    return "the evaluator and dealing kernels", [*sorted(kinds), "hand_stream", "shuffle_order"]


def _load_evaluator(variant: Variant) -> None:
    """Compile or load the evaluator kernels the Python engine's showdowns use, before the
    play's timing starts: one evaluation of each hand kind of ``variant``."""
    hole = sum(street.down + street.up for street in variant.streets)
    board = sum(street.board for street in variant.streets)
    requests: dict[str, tuple[list[int], list[list[int]], list[list[int]]]] = {}
    for kind in variant.hands:
        cards = list(variant.deck[: hole + board])
        if kind in OMAHA_KINDS:
            requests[kind] = ([0], [cards[:hole]], [cards[hole:]])
        else:
            requests[kind] = ([0], [cards], [[]])
    evaluate_requests(requests)


def _play_python(
    variant: Variant,
    seated: list[Agent],
    stakes: Stakes,
    starting_stack: int,
    *,
    mode: str,
    hands: int,
    seed: int | None,
    tables: int,
    time_limit: TimeLimit | None,
    clock: Callable[[], float],
    histories: list[str] | None,
    sink: Callable[[int, str], None] | None,
    record_hands: bool,
    bar: Progress,
    big_blind: int,
    began: float,
) -> SimulationResult:
    """The Python engine: ``tables`` :class:`Table` objects, played round by round.

    Each hand is dealt the compiled engine's cards for it (:class:`HandCards`, handed
    to the table as its generator before the hand).
    """
    card_keys = table_streams(seed, tables)[1]
    n_players = len(seated)
    all_tables = [
        Table(
            variant,
            seated,
            stakes,
            starting_stack=starting_stack,
            mode=mode,
            button=(index - 1) % n_players,
            time_limit=time_limit,
            clock=clock,
            record=sink is not None,
            defer_showdown=True,
        )
        for index in range(tables)
    ]
    _load_evaluator(variant)
    HandCards(card_keys[0], 0).permutation(52)  # compile or load the dealing kernels now
    width = sum(street.down + street.up for street in variant.streets)
    log = HandLogBuilder(n_players, width) if record_hands else None
    showdowns = 0
    done = 0
    ready = time.perf_counter()
    while done < hands:
        batch = all_tables[: min(tables, hands - done)]
        played = []
        dealt = []
        for index, table in enumerate(batch):
            # HandState calls only .permutation() of its generator.
            table.rng = cast(np.random.Generator, HandCards(card_keys[index], table.hands_played))
            hand = table.start_hand()
            if log is not None:
                dealt.append(table.hand_seats)
            table.run(hand)
            played.append(hand)
        # Every table's showdown of this round in one evaluator call per hand kind.
        pending = [hand for hand in played if hand.status == EVALUATING]
        if pending:
            settle_showdowns(pending)
        for index, (table, hand) in enumerate(zip(batch, played, strict=True)):
            table.finish_hand(hand)
            if hand.showdown_order:
                showdowns += 1
            if sink is not None:
                sink(done + index, write_phh(hand, players=table.hand_player_names()))
            if log is not None:
                log.add(index, hand, dealt[index])
        done += len(batch)
        bar.update_to(done)
    finished = time.perf_counter()
    return SimulationResult(
        game=variant.name,
        mode=mode,
        players=n_players,
        hands=hands,
        seed=seed,
        big_blind=big_blind,
        seats=[
            _seat_result(all_tables, seat, table_name, big_blind)
            for seat, table_name in enumerate(all_tables[0].names)
        ],
        showdown_rate=showdowns / hands,
        seconds=finished - ready,
        startup_seconds=ready - began,
        histories=histories,
        hand_log=None if log is None else log.build(),
    )


def _seat_result(tables: list[Table], seat: int, name: str, big_blind: int) -> SeatResult:
    """One seat's counters summed over every table."""
    counts = {
        counter: sum(table.counts[counter][seat] for table in tables) for counter in STAT_NAMES
    }
    interval = bb_per_100_interval(
        sum(table.payoff_sum[seat] for table in tables),
        sum(table.payoff_squares[seat] for table in tables),
        counts["hands"],
        big_blind,
    )
    net = sum(table.net[seat] for table in tables)
    return seat_result(name, counts, net, interval)
