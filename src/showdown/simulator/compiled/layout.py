"""Codes and array layouts shared by the compiled engine's kernels and its Python driver.

Plain constants (no numba): importing them is cheap.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

# Agent kinds (one per seat).
RANDOM_AGENT = 0
CALLING_STATION = 1
STRENGTH_AGENT = 2

# Showdown kinds.
HOLDEM_HIGH = 0
OMAHA_HIGH = 1
OMAHA_HILO = 2
STUD_HIGH = 3
STUD_HILO = 4
DRAW_HIGH = 5

# Recorded action kinds: (seat, kind, amount) per action.
FOLD = 0
CHECK_CALL = 1
BET_RAISE = 2  # amount: raise-to (a completion too)
BRING_IN = 3
DISCARD = 4  # amount: bit mask of the card codes discarded

# Per-seat counters, columns of ``Results.counters`` (same meaning as table.STAT_NAMES).
(
    COUNT_HANDS,
    COUNT_VPIP,
    COUNT_PFR,
    COUNT_BETS,
    COUNT_CALLS,
    COUNT_CHECKS,
    COUNT_FOLDS,
    COUNT_SHOWDOWNS,
    COUNT_SHOWDOWNS_WON,
    COUNT_REBUYS,
) = range(10)
N_COUNTERS = 10
COUNTER_NAMES = (
    "hands", "vpip", "pfr", "bets", "calls", "checks", "folds", "showdowns", "showdowns_won",
    "rebuys",
)  # fmt: skip

# Slots of the per-hand state array (``Scratch.state``).
CURRENT = 0  # the round's current bet
FULL_BET = 1  # fixed limit: level of the last full bet or raise
LAST_RAISE = 2  # no/pot limit: size of the last full raise
BETS_COUNT = 3  # bets and raises this round (the big blind counts)
BET_SIZE = 4  # fixed limit: the street's bet size
OPEN_PAIR = 5  # stud fourth street with an open pair
BRING_IN_DUE = 6  # stud: the bring-in is due
STREET = 7  # index of the street
LIVE_COUNT = 8  # players who have not folded
ACTIONS = 9  # actions recorded for this hand
RECORD_ROW = 10  # row of this hand in the records, -1 when not recording
DEALT = 11  # next deck position to deal from
DECK_SIZE = 12  # cards in the deck (a draw's reshuffled muck can be fewer than 52)
MUCK = 13  # cards in the muck (draw)
OPENER = 14  # first seat to act this round
N_STATE = 15


#: Most cards a seat holds (stud: seven; one spare column).
MAX_CARDS = 8


class Rules(NamedTuple):
    """The variant and stakes as the kernels read them (scalars and small arrays)."""

    players: int
    limits: tuple[int, int, int, int, bool]  # (betting, raise_cap, small_bet, big_bet, cumulative)
    small_blind: int
    big_blind: int
    ante: int
    bring_in: int
    hole_count: int  # board games: pocket cards
    showdown: int  # showdown kind
    open_pair_big_bet: bool
    street_big_bet: np.ndarray  # bool (streets,)
    button_blind: bool  # the button posts the only blind (big_blind), as in short deck
    lowest_card: int  # code of the deck's lowest card: 0, or 16 for the 36-card short deck


class Agents(NamedTuple):
    """Each seat's compiled agent and the strength agent's tables."""

    kinds: np.ndarray  # int64 (n,)
    raise_at: np.ndarray  # float64 (n,)
    call_at: np.ndarray  # float64 (n,)
    preflop: np.ndarray  # float64 (52, 52) hold'em pre-flop scores
    #: float64: score of a high strength ``s`` at ``s >> Evaluators.category_shift`` (the
    #: full deck: by hand category; the short deck: by strength, its categories reordered).
    category: np.ndarray


class Evaluators(NamedTuple):
    """The evaluator tables a session kernel reads (its ``evaluator`` argument)."""

    #: ``evaluator.best_five.BestFiveTables``: best five of 5..7 cards (hold'em, stud,
    #: draw) by the rules of the deck played, the full deck's or the short deck's.
    high: Any
    tables: Any  # the full deck's evaluator ``Tables``: Omaha and 8-or-better lows
    category_shift: int  # a high strength >> category_shift indexes ``Agents.category``


class TableState(NamedTuple):
    """What each table carries from one hand (and one kernel call) to the next."""

    starting: np.ndarray  # int64 (n,): the cash game's starting (and top-up) stacks
    stacks: np.ndarray  # int64 (tables, n)
    buttons: np.ndarray  # int64 (tables,)
    rng: np.ndarray  # uint64 (tables,): splitmix64 state of the agents' decisions
    card_keys: np.ndarray  # uint64 (tables,): each hand's card stream comes from it
    decks: np.ndarray  # int64 (tables, 52): the current hand's deck, in order dealt
    played: np.ndarray  # int64 (tables,)


class Results(NamedTuple):
    """What the session counts, per table."""

    counters: np.ndarray  # int64 (tables, n, N_COUNTERS)
    net: np.ndarray  # int64 (tables, n): reset by the driver after each call
    moments: np.ndarray  # float64 (tables, n, 2): Welford mean and squared deviations
    showdowns: np.ndarray  # int64 (tables,)


class Records(NamedTuple):
    """Hands kept by a recorded session: what the replay test needs (``replay``) and the
    hand log (``log``). Arrays of a kind not asked for have zero rows; ``offsets`` has
    zero length when nothing is recorded.

    Hand ``k`` of table ``t`` in a kernel call is row ``offsets[t] + k * len(offsets)``:
    with ``offsets[t]`` = hands done before the call + ``t``, rows follow the session's
    round-robin order (round ``r`` of table ``t`` is hand ``r * tables + t``), whatever
    the chunks and threads.
    """

    offsets: np.ndarray  # int64 (tables,): row of each table's first hand in this call
    buttons: np.ndarray  # int64 (hands,): replay and log
    starts: np.ndarray  # replay: int64 (hands, n)
    decks: np.ndarray  # replay: int64 (hands, 52): the deck dealt from the front
    actions: np.ndarray  # replay: int64 (hands, max_actions, 3): seat, kind, amount
    bounds: np.ndarray  # replay: int64 (hands, max_actions, 2): the raise range offered (-1: none)
    counts: np.ndarray  # replay: int64 (hands,): actions per hand (may exceed max_actions)
    finals: np.ndarray  # replay: int64 (hands, n)
    drawn: np.ndarray  # replay: int64 (hands, n): draw: bit mask of the cards each seat drew
    nets: np.ndarray  # log: int64 (hands, n): chips won (negative: lost) in the hand
    showed: np.ndarray  # log: bool (hands, n): live at the showdown
    won: np.ndarray  # log: bool (hands, n): took chips from a pot
    held: np.ndarray  # log: int8 (hands, n, MAX_CARDS): the seat's cards at the end, -1 after
    board_cards: np.ndarray  # log: int8 (hands, 5): the board dealt, -1 after


def new_records(
    tables: int, players: int, hands: int, *, replay: bool, log: bool, max_actions: int = 256
) -> Records:
    """Zeroed :class:`Records` for ``hands`` hands (zero rows for a kind not asked for)."""
    rows = hands if replay else 0
    log_rows = hands if log else 0
    width = max_actions if replay else 0
    return Records(
        offsets=np.zeros(tables if replay or log else 0, np.int64),
        buttons=np.zeros(hands if replay or log else 0, np.int64),
        starts=np.zeros((rows, players), np.int64),
        decks=np.zeros((rows, 52), np.int64),
        actions=np.zeros((rows, width, 3), np.int64),
        bounds=np.zeros((rows, width, 2), np.int64),
        counts=np.zeros(rows, np.int64),
        finals=np.zeros((rows, players), np.int64),
        drawn=np.zeros((rows, players), np.int64),
        nets=np.zeros((log_rows, players), np.int64),
        showed=np.zeros((log_rows, players), np.bool_),
        won=np.zeros((log_rows, players), np.bool_),
        held=np.full((log_rows, players, MAX_CARDS), -1, np.int8),
        board_cards=np.full((log_rows, 5), -1, np.int8),
    )


# Rows of the per-seat array (``Scratch.seats``, int64 (SEAT_ROWS, n); flags are 0/1).
BETS = 0  # chips bet this round
TOTALS = 1  # chips put in this hand (antes included)
ANTE_PAID = 2
ANTES = 3
BLINDS = 4
START = 5  # stack before the hand
WINNINGS = 6
PAYOUT = 7
FRACTIONS = 8
HIGH = 9  # showdown strengths
LOW = 10
ORDER = 11  # odd-chip order
AMOUNTS = 12  # pots
LEVELS = 13
WAGERS = 14
COUNTS = 15  # cards held
DRAWN = 16  # draw: bit mask of the cards drawn
FOLDED = 17
ALL_IN = 18
NEEDS = 19  # must act this round
MAY_RAISE = 20
VPIP = 21
PFR = 22
LIVE = 23  # may win at the showdown
TOP_CARD = 24  # stud: highest own card (odd-chip order)
SHOWING = 25  # stud: the door card, later the rank of the face-up cards
SEAT_ROWS = 26


class Scratch(NamedTuple):
    """One hand's working arrays (reused hand after hand; one set per thread)."""

    state: np.ndarray  # int64 (N_STATE,): slots named above
    seats: np.ndarray  # int64 (SEAT_ROWS, n): rows named above
    values: np.ndarray  # float64 (n,): strength agents' scores this street
    cards: np.ndarray  # int64 (n, MAX_CARDS): each seat's cards in deal order
    board: np.ndarray  # int64 (5,)
    muck: np.ndarray  # int64 (52,): draw: folded hands and earlier discards
    holes: np.ndarray  # int64 (n, pocket cards): Omaha evaluation rows
    board3: np.ndarray  # int64 (1, 3): the board as a row of its own length
    board4: np.ndarray  # int64 (1, 4)
    board5: np.ndarray  # int64 (1, 5)
    pairs: np.ndarray  # int32 (15,): Omaha evaluation scratch
    triples: np.ndarray  # int32 (10,)
    merged: np.ndarray  # int64 (MAX_CARDS,): cards and board together


def new_scratch(players: int, pocket: int = MAX_CARDS) -> Scratch:
    """Working arrays for hands of ``players`` seats (``pocket`` cards for Omaha rows)."""
    return Scratch(
        state=np.zeros(N_STATE, np.int64),
        seats=np.zeros((SEAT_ROWS, players), np.int64),
        values=np.zeros(players, np.float64),
        cards=np.zeros((players, MAX_CARDS), np.int64),
        board=np.zeros(5, np.int64),
        muck=np.zeros(52, np.int64),
        holes=np.zeros((players, pocket), np.int64),
        board3=np.zeros((1, 3), np.int64),
        board4=np.zeros((1, 4), np.int64),
        board5=np.zeros((1, 5), np.int64),
        pairs=np.zeros(15, np.int32),
        triples=np.zeros(10, np.int32),
        merged=np.zeros(MAX_CARDS, np.int64),
    )
