"""What the compiled engine plays, and a session's inputs for its kernels.

Which variants and agents the kernels play (:func:`ineligibility`), the family
kernel of a variant, and the arrays a session starts from: the rules and agents
as the kernels read them, every table's stacks, button and random streams
(:mod:`.cards`), zeroed results and records. :mod:`.engine` plays them locally,
:mod:`.tasks` on a Dask cluster.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ...errors import InputError
from ...evaluator.best_five import best_five_tables
from ...evaluator.categories import CATEGORY_SHIFT
from ...evaluator.short_deck_tables import LOWEST_RANK
from ...evaluator.tables import get_tables
from ..agents import (
    CATEGORY_STRENGTH,
    PREFLOP_SCORES,
    CallingStation,
    HandStrengthAgent,
    RandomAgent,
    short_deck_scores,
)
from ..core import BETTING_CODES
from ..rules import Stakes, Variant
from . import layout
from .cards import table_streams

__all__ = [
    "COMPILED_AGENTS",
    "KERNEL_WORDS",
    "Session",
    "compiled_agent_kinds",
    "evaluators",
    "family_of",
    "ineligibility",
    "kernel_name",
    "new_records",
    "new_results",
    "new_state",
    "per_table_hands",
    "prepare_session",
    "resolve_threads",
    "session_kernel",
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

#: Showdown kind of each supported ``Variant.hands`` per family (short deck: hold'em's,
#: with its deck and evaluator as data, see :func:`evaluators`).
_SHOWDOWNS = {
    ("board", ("high",)): layout.HOLDEM_HIGH,
    ("board", ("shortdeck_high",)): layout.HOLDEM_HIGH,
    ("board", ("omaha_high",)): layout.OMAHA_HIGH,
    ("board", ("omaha_high", "omaha_low8")): layout.OMAHA_HILO,
    ("stud", ("high",)): layout.STUD_HIGH,
    ("stud", ("high", "low8")): layout.STUD_HILO,
    ("draw", ("high",)): layout.DRAW_HIGH,
}


#: The lowest rank of the deck each kind of high hand is ranked in.
_DECK_LOWEST_RANK = {"shortdeck_high": LOWEST_RANK}


@lru_cache(maxsize=2)
def evaluators(short_deck: bool = False) -> layout.Evaluators:
    """The evaluator tables of a session kernel: the full deck's ``Tables`` and the best-five
    tables of the deck played (``short_deck``: the short deck's, else the full deck's).

    Read once per process (``get_tables()`` reads its file at each call).
    """
    # Scores by category (strength >> CATEGORY_SHIFT), or by short-deck strength.
    category_shift = 0 if short_deck else CATEGORY_SHIFT
    return layout.Evaluators(best_five_tables(short_deck), get_tables(), category_shift)


def _short_deck(variant: Variant) -> bool:
    return variant.hands == ("shortdeck_high",)


def family_of(variant: Variant) -> str | None:
    """``"board"``, ``"stud"`` or ``"draw"``: the compiled kernel that plays ``variant``,
    or ``None`` when none does (its streets differ from every built-in family).

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> {name: family_of(variant) for name, variant in GAMES.items()}["stud8"]
    'stud'
    """
    if variant.lowest_rank != _DECK_LOWEST_RANK.get(variant.hands[0], 0):
        return None  # the evaluator ranks hands of another deck
    if variant.button_blind and variant.hands != ("shortdeck_high",):
        return None
    streets = tuple((s.down, s.up, s.board, s.draw, s.opener, s.betting) for s in variant.streets)
    family = None
    # The first round opens after the blinds, or left of the button in an ante game.
    first_opener = "blinds" if variant.blinds else "button"
    draw = ((5, 0, 0, False, first_opener, True), (0, 0, 0, True, "button", True))
    if variant.bring_in:
        stud = (
            (2, 1, 0, False, "bring_in", True),
            *((0, 1, 0, False, "high_showing", True) for _ in range(3)),
            (1, 0, 0, False, "high_showing", True),
        )
        family = "stud" if streets == stud and not variant.blinds else None
    elif streets == draw:
        family = "draw"  # with blinds (no and pot limit) or antes (fixed limit)
    elif variant.blinds:
        hole = 4 if variant.hands[0] == "omaha_high" else 2
        board = (
            (hole, 0, 0, False, "blinds", True),
            *((0, 0, count, False, "button", True) for count in (3, 1, 1)),
        )
        family = "board" if streets == board else None
    if family is None or (family, variant.hands) not in _SHOWDOWNS:
        return None
    return family


def supports_variant(variant: Variant) -> bool:
    """Whether the compiled engine plays ``variant`` (every built-in variant, and their
    ``with_options`` forms that keep a family's streets).

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> sorted(name for name, variant in GAMES.items() if not supports_variant(variant))
    []
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


def ineligibility(variant: Variant, agents: Sequence[object], mode: str) -> str | None:
    """Why the compiled engine cannot play this session, or ``None`` when it can.

    Hand histories and the hand log are not a reason: the compiled engine keeps
    them too (see :mod:`.histories`).

    Examples
    --------
    >>> from showdown.simulator import GAMES
    >>> ineligibility(GAMES["stud"], ["random", "call"], "cash") is None
    True
    >>> print(ineligibility(GAMES["nlhe"], ["random"], "tournament"))
    mode 'tournament' (only cash games)
    """
    if not supports_variant(variant):
        return f"variant {variant.name} has streets or a deck no compiled kernel plays"
    if mode != "cash":
        return f"mode {mode!r} (only cash games)"
    if compiled_agent_kinds(agents) is None:
        return "an agent other than the built-in 'random', 'call' and 'strength'"
    return None


def family_kernel(family: str, showdown: int) -> Callable[..., None]:
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
        small_blind=stakes.small_blind if blinds and not variant.button_blind else 0,
        big_blind=stakes.big_blind if blinds else 0,
        ante=stakes.ante,
        bring_in=stakes.bring_in if variant.bring_in else 0,
        hole_count=variant.streets[0].down,
        showdown=showdown,
        open_pair_big_bet=bool(variant.open_pair_big_bet),
        street_big_bet=np.array([street.big_bet for street in variant.streets], np.bool_),
        button_blind=bool(variant.button_blind),
        lowest_card=4 * variant.lowest_rank,
    )


def _agents(kinds: list[int], agents: Sequence[object], short_deck: bool) -> layout.Agents:
    default = HandStrengthAgent()
    # The strength agent's score of a hand: by category, or by short-deck strength.
    scores = short_deck_scores() if short_deck else CATEGORY_STRENGTH
    return layout.Agents(
        kinds=np.array(kinds, np.int64),
        raise_at=np.array(
            [float(getattr(agent, "raise_at", default.raise_at)) for agent in agents], np.float64
        ),
        call_at=np.array(
            [float(getattr(agent, "call_at", default.call_at)) for agent in agents], np.float64
        ),
        preflop=np.array(PREFLOP_SCORES, np.float64),
        category=np.array(scores, np.float64),
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
        raise InputError(f"expected None or a positive int, got {threads!r}", parameter="threads")
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
    return family_kernel(family, showdown).py_func.__name__  # type: ignore[attr-defined]


class Session(NamedTuple):
    """Everything that fixes a compiled session's tables, ready for the kernels."""

    family: str
    rules: layout.Rules
    seats: layout.Agents
    starting_stack: int
    tables: int
    #: uint64 (2, tables): each table's decision stream and card key
    #: (:func:`.cards.table_streams`), drawn once (``seed=None`` too).
    streams: np.ndarray
    #: Whether the best-five hands are ranked by short-deck rules (:func:`evaluators`; the
    #: tables themselves are read where the kernel runs, never shipped with the session).
    short_deck: bool


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
        seats=_agents(kinds, agents, _short_deck(variant)),
        short_deck=_short_deck(variant),
        starting_stack=starting_stack,
        tables=tables,
        streams=table_streams(seed, tables),
    )


def session_kernel(session: Session) -> Callable[..., None]:
    """The session kernel of ``session``'s family (compiled on first use)."""
    return family_kernel(session.family, session.rules.showdown)


def new_state(session: Session) -> layout.TableState:
    """Every table before its first hand: its stacks, button and random streams.

    Table ``k``'s streams are column ``k`` of :func:`.cards.table_streams`, so a
    table plays the same hands whichever thread or machine plays it.
    """
    streams = session.streams
    players, tables = session.rules.players, session.tables
    return layout.TableState(
        starting=np.full(players, session.starting_stack, np.int64),
        stacks=np.full((tables, players), session.starting_stack, np.int64),
        buttons=np.array([(index - 1) % players for index in range(tables)], np.int64),
        rng=streams[0].copy(),
        card_keys=streams[1].copy(),
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
