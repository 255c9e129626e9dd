"""The compiled simulator engine: cash-game sessions of button games in one numba kernel.

:func:`simulate` uses this engine (``engine="auto"``) when every seat is a
built-in agent with a compiled twin (:class:`~showdown.simulator.agents.RandomAgent`,
:class:`~showdown.simulator.agents.CallingStation`,
:class:`~showdown.simulator.agents.HandStrengthAgent` with its own thresholds), the
game is a hold'em or Omaha variant with blinds (``nlhe plhe flhe plo flo plo8 flo8`` and their
``with_options`` forms), the mode is ``"cash"`` and no hand histories are
requested. The kernel (:mod:`showdown.simulator._kernels`) applies the same
rules as :class:`~showdown.simulator.hand.HandState`; the random agent picks
among the same options with the same probabilities, from its own random stream
(results match the Python engine in distribution, not hand for hand); the
calling station and the hand-strength agent make the same decision as their
Python twins in the same spot.

Agents that never take time cannot trip a time limit, so the time rule does
not affect eligibility; timeouts and disconnects are always 0 here.

Examples
--------
>>> from showdown.simulator.fast import run_compiled
>>> from showdown.simulator import Stakes, get_variant
>>> run = run_compiled(get_variant("nlhe"), Stakes.blinds(1, 2), ["call", "random"], 200,
...                    hands=100, tables=4, seed=1)
>>> sum(run.net), int(run.counters[:, 0].sum())
(0, 200)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .._jit import thread_limit
from ..evaluator.tables import Tables, get_tables
from . import _kernel_parts, _kernels
from .agents import _CATEGORY_STRENGTH, _PREFLOP, CallingStation, HandStrengthAgent, RandomAgent
from .results import PayoffMoments, SeatResult, SimulationResult
from .rules import Stakes, Variant

__all__ = [
    "COMPILED_AGENTS",
    "CompiledRun",
    "HandRecords",
    "compiled_agent_kinds",
    "compiled_result",
    "ineligibility",
    "run_compiled",
    "supports_variant",
]

#: Built-in agent classes (exact types) and names with a compiled twin.
COMPILED_AGENTS: dict[object, int] = {
    RandomAgent: _kernel_parts.RANDOM_AGENT,
    CallingStation: _kernel_parts.CALLING_STATION,
    "random": _kernel_parts.RANDOM_AGENT,
    "call": _kernel_parts.CALLING_STATION,
    HandStrengthAgent: _kernel_parts.STRENGTH_AGENT,
    "strength": _kernel_parts.STRENGTH_AGENT,
}

#: Showdown kind of each supported ``Variant.hands``.
_SHOWDOWN_KINDS = {
    ("high",): _kernel_parts.HOLDEM_HIGH,
    ("omaha_high",): _kernel_parts.OMAHA_HIGH,
    ("omaha_high", "omaha_low8"): _kernel_parts.OMAHA_HILO,
}
_BETTING = {
    "no": _kernel_parts.NO_LIMIT,
    "pot": _kernel_parts.POT_LIMIT,
    "fixed": _kernel_parts.FIXED_LIMIT,
}

#: Hands per kernel call: bounds the pause between ``progress`` calls.
CHUNK_HANDS = 16_384


@lru_cache(maxsize=1)
def _tables() -> Tables:
    # get_tables() reads the table file each call; the kernel needs it once per process.
    return get_tables()


@lru_cache(maxsize=1)
def _strength_tables() -> tuple[np.ndarray, np.ndarray]:
    """HandStrengthAgent's pre-flop scores (52 x 52) and post-flop strength by category."""
    return np.array(_PREFLOP, np.float64), np.array(_CATEGORY_STRENGTH, np.float64)


def supports_variant(variant: Variant) -> bool:
    """Whether the compiled engine plays ``variant``: a blind game with a 5-card board.

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> [name for name, variant in GAMES.items() if supports_variant(variant)]
    ['nlhe', 'plhe', 'flhe', 'plo', 'flo', 'plo8', 'flo8']
    """
    streets = variant.streets
    if len(streets) != 4 or not variant.blinds or variant.bring_in or variant.has_draw:
        return False
    if variant.hands not in _SHOWDOWN_KINDS or variant.betting not in _BETTING:
        return False
    hole = streets[0].down
    expected_hole = 2 if variant.hands == ("high",) else 4
    if hole != expected_hole or streets[0].up or streets[0].board or streets[0].opener != "blinds":
        return False
    # Flop, turn, river: board cards only, the first player left of the button opens.
    boards = tuple(street.board for street in streets[1:])
    return (
        boards == (3, 1, 1)
        and streets[0].betting
        and all(
            street.betting and street.opener == "button" and not (street.down or street.up)
            for street in streets[1:]
        )
    )


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


@dataclass
class HandRecords:
    """Every hand of a compiled run, for replaying through ``HandState``.

    Row ``i`` is one hand (tables in order, each table's hands in order).

    Attributes
    ----------
    starts, finals : numpy.ndarray
        ``(hands, players)`` stacks before and after the hand.
    buttons : numpy.ndarray
        ``(hands,)`` button seat.
    decks : numpy.ndarray
        ``(hands, 52)`` the shuffled deck, dealt from the front (``HandState(deck=...)``).
    actions : numpy.ndarray
        ``(hands, max_actions, 3)`` ``(seat, kind, amount)`` per action; kinds are
        ``_kernel_parts.FOLD``, ``CHECK_CALL`` and ``BET_RAISE`` (amount = raise-to).
    counts : numpy.ndarray
        ``(hands,)`` actions per hand (more than ``max_actions`` means truncated).
    """

    starts: np.ndarray
    finals: np.ndarray
    buttons: np.ndarray
    decks: np.ndarray
    actions: np.ndarray
    counts: np.ndarray

    def actions_of(self, hand: int) -> list[tuple[int, int, int]]:
        """The recorded ``(seat, kind, amount)`` actions of one hand."""
        count = int(self.counts[hand])
        if count > self.actions.shape[1]:
            raise ValueError(f"hand {hand}: {count} actions, only the first were recorded")
        return [tuple(int(x) for x in row) for row in self.actions[hand, :count]]  # type: ignore[misc]


@dataclass
class CompiledRun:
    """Totals of a compiled session.

    Attributes
    ----------
    counters : numpy.ndarray
        ``(players, N_COUNTERS)`` summed over tables (columns named by ``_kernels``:
        hands, vpip, pfr, bets, calls, checks, folds, showdowns, showdowns_won, rebuys).
    net : list of int
        Chips won per seat (exact Python ints, summed over kernel calls).
    moments : list of PayoffMoments
        Per seat: count, mean and squared deviations of the per-hand results.
    showdowns : int
        Hands that ended with a showdown.
    final_stacks : numpy.ndarray
        ``(tables, players)`` stacks after the last hand.
    records : HandRecords or None
        Every hand when ``record=True``.
    """

    counters: np.ndarray
    net: list[int]
    moments: list[PayoffMoments]
    showdowns: int
    final_stacks: np.ndarray
    records: HandRecords | None = None


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
    max_actions: int = 256,
    progress: Callable[[int, int], None] | None = None,
    threads: int = 1,
) -> CompiledRun:
    """Play a cash session with the compiled kernel.

    Tables are dealt in rounds like :func:`~showdown.simulator.session.simulate`:
    table ``k`` starts with the button on seat ``k - 1`` and plays
    ``hands // tables`` hands, plus one for the first ``hands % tables`` tables.

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
        Keep every hand's deal and actions in :attr:`CompiledRun.records`.
    max_actions
        Recorded actions per hand (a longer hand is flagged by its count).
    progress
        Called as ``progress(hands_done, hands)`` after each round of tables.
    threads
        Numba threads (tables are independent; results do not depend on it).

    Raises
    ------
    ValueError
        For an unsupported variant or an agent without a compiled twin.
    """
    if not supports_variant(variant):
        raise ValueError(f"engine: the compiled engine does not play {variant.name}")
    kinds = compiled_agent_kinds(agents)
    if kinds is None:
        raise ValueError(
            "engine: the compiled engine plays only the 'random', 'call' and 'strength' agents"
        )
    players = len(kinds)
    evaluator = _tables()
    hole = variant.streets[0].down
    state_seeds = np.random.SeedSequence(seed).generate_state(tables, dtype=np.uint64)
    stacks = np.full((tables, players), starting_stack, np.int64)
    buttons = np.array([(index - 1) % players for index in range(tables)], np.int64)
    decks = np.tile(np.arange(52, dtype=np.int64), (tables, 1))
    played = np.zeros(tables, np.int64)
    counters = np.zeros((tables, players, _kernel_parts.N_COUNTERS), np.int64)
    net = np.zeros((tables, players), np.int64)
    moments = np.zeros((tables, players, 2), np.float64)
    net_total = [0] * players
    showdowns = np.zeros(tables, np.int64)
    rows = hands if record else 0
    records = HandRecords(
        starts=np.zeros((rows, players), np.int64),
        finals=np.zeros((rows, players), np.int64),
        buttons=np.zeros(rows, np.int64),
        decks=np.zeros((rows, 52), np.int8),
        actions=np.zeros((rows, max_actions if record else 0, 3), np.int64),
        counts=np.zeros(rows, np.int64),
    )
    street_big_bet = np.array([street.big_bet for street in variant.streets], np.bool_)
    raise_cap = -1 if variant.raise_cap is None else variant.raise_cap
    showdown_kind = _SHOWDOWN_KINDS[variant.hands]
    agent_kinds = np.array(kinds, np.int64)
    # HandStrengthAgent thresholds per seat (instances may carry their own).
    default_strength = HandStrengthAgent()
    raise_at = np.array(
        [getattr(agent, "raise_at", default_strength.raise_at) for agent in agents], np.float64
    )
    call_at = np.array(
        [getattr(agent, "call_at", default_strength.call_at) for agent in agents], np.float64
    )
    preflop, category_strength = _strength_tables()
    starting = np.full(players, starting_stack, np.int64)
    # Whole rounds per chunk so every table keeps the session's round-robin order; with
    # a progress callback one round per call, as the Python engine reports.
    chunk = tables if progress is not None else max(tables, CHUNK_HANDS // tables * tables)
    done = 0
    with thread_limit(threads):
        while done < hands:
            size = min(chunk, hands - done)
            per_table = np.full(tables, size // tables, np.int64)
            per_table[: size % tables] += 1
            # Row of each table's first hand of this chunk (an empty array: no recording).
            offsets = np.zeros(0, np.int64)
            if record:
                offsets = done + np.concatenate(([0], np.cumsum(per_table)[:-1]))
            _kernels.play_sessions(
                per_table,
                players,
                agent_kinds,
                raise_at,
                call_at,
                preflop,
                category_strength,
                starting,
                _BETTING[variant.betting],
                raise_cap,
                variant.cumulative_all_ins,
                stakes.small_blind,
                stakes.big_blind,
                stakes.ante,
                stakes.small_bet,
                stakes.big_bet,
                street_big_bet,
                hole,
                showdown_kind,
                evaluator.card_key,
                evaluator.card_bit,
                evaluator.offsets7,
                evaluator.values7,
                evaluator.flush,
                evaluator.low_bit,
                evaluator.omaha_low8,
                evaluator.omaha_pair_index,
                evaluator.omaha_triple_index,
                evaluator.omaha_ranks,
                stacks,
                buttons,
                state_seeds,
                decks,
                played,
                counters,
                net,
                moments,
                showdowns,
                offsets.astype(np.int64),
                records.starts,
                records.buttons,
                records.decks,
                records.actions,
                records.counts,
                records.finals,
            )
            # Per-call int64 net results are bounded (MAX_CHIPS); the total is a Python int.
            for seat, chips in enumerate(net.sum(axis=0).tolist()):
                net_total[seat] += chips
            net[:] = 0
            done += size
            if progress is not None:
                progress(done, hands)
    seat_moments = []
    for seat in range(players):
        merged = PayoffMoments()
        for table in range(tables):
            count = int(counters[table, seat, _kernel_parts.HANDS])
            mean, m2 = moments[table, seat].tolist()
            merged = merged.merge(PayoffMoments(count, mean, m2))
        seat_moments.append(merged)
    return CompiledRun(
        counters=counters.sum(axis=0),
        net=net_total,
        moments=seat_moments,
        showdowns=int(showdowns.sum()),
        final_stacks=stacks,
        records=records if record else None,
    )


def compiled_result(
    run: CompiledRun,
    *,
    game: str,
    names: Sequence[str],
    hands: int,
    seed: int | None,
    big_blind: int,
    seconds: float,
) -> SimulationResult:
    """A :class:`~showdown.simulator.session.SimulationResult` from a compiled run.

    Every field means what it means for the Python engine; timeouts, disconnects
    and tournaments won are 0 (cash games of built-in agents have none).
    """
    seats = []
    for seat, name in enumerate(names):
        counts = run.counters[seat]
        played = int(counts[_kernel_parts.HANDS])
        calls, bets = int(counts[_kernel_parts.CALLS]), int(counts[_kernel_parts.BETS])
        showdowns = int(counts[_kernel_parts.SHOWDOWNS])
        rate, low, high = run.moments[seat].bb_per_100(big_blind)
        seats.append(
            SeatResult(
                agent=name,
                net=int(run.net[seat]),
                hands=played,
                bb_per_100=rate,
                bb_per_100_low=low,
                bb_per_100_high=high,
                vpip=int(counts[_kernel_parts.VPIP]) / played if played else 0.0,
                pfr=int(counts[_kernel_parts.PFR]) / played if played else 0.0,
                aggression=bets / calls if calls else (math.inf if bets else 0.0),
                went_to_showdown=showdowns / played if played else 0.0,
                won_at_showdown=(
                    int(counts[_kernel_parts.SHOWDOWNS_WON]) / showdowns if showdowns else 0.0
                ),
                folds=int(counts[_kernel_parts.FOLDS]),
                timeouts=0,
                disconnects=0,
                rebuys=int(counts[_kernel_parts.REBUYS]),
                tournaments_won=0,
            )
        )
    return SimulationResult(
        game=game,
        mode="cash",
        players=len(names),
        hands=hands,
        seed=seed,
        big_blind=big_blind,
        seats=seats,
        showdown_rate=run.showdowns / hands,
        seconds=seconds,
        histories=None,
    )


def ineligibility(
    variant: Variant, agents: Sequence[object], mode: str, record_histories: bool
) -> str | None:
    """Why the compiled engine cannot play this session, or ``None`` when it can.

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> ineligibility(GAMES["nlhe"], ["random", "call"], "cash", False) is None
    True
    >>> print(ineligibility(GAMES["stud"], ["random"], "cash", False))
    variant stud is not a hold'em/Omaha blind game
    """
    if not supports_variant(variant):
        return f"variant {variant.name} is not a hold'em/Omaha blind game"
    if mode != "cash":
        return f"mode {mode!r} (only cash games)"
    if record_histories:
        return "record_histories (hand histories need the Python engine)"
    if compiled_agent_kinds(agents) is None:
        return "an agent other than the built-in 'random', 'call' and 'strength'"
    return None
