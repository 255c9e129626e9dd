"""Every hand of a simulation, kept when asked: ``simulate(..., record_hands=True)``.

A :class:`HandLog` holds compact arrays, one row per hand (hands in the order
they were dealt: round ``r`` of table ``t`` is hand ``r * tables + t``, on both
engines) and one column per seat. :meth:`HandLog.frame` turns them into a
pandas DataFrame with one row per seat and hand, for ``groupby`` analysis;
:meth:`~showdown.simulator.results.SimulationResult.plot` draws the per-hand
nets. Cost: about ``players * 11 + 21`` bytes per hand, and the DataFrame about
40 bytes per seat and hand when built (compact columns, categorical text), so
record what you will analyse.

Examples
--------
>>> import numpy as np
>>> log = HandLog(
...     table=np.array([0, 1]), button=np.array([1, 0]),
...     net=np.array([[3, -3], [-2, 2]]),
...     cards=np.array([[[51, 47], [0, 1]], [[2, 3], [4, 5]]], np.int8),
...     board=np.full((2, 5), -1, np.int8),
...     showed=np.array([[True, True], [False, False]]),
...     won=np.array([[True, False], [False, True]]),
... )
>>> len(log), log.net_per_seat().tolist()
(2, [1, -1])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..cards import format_card

if TYPE_CHECKING:
    from .hand import HandState

__all__ = ["FRAME_COLUMNS", "HandLog", "HandLogBuilder"]

#: Columns of :meth:`HandLog.frame`, in order.
FRAME_COLUMNS = (
    "hand",
    "table",
    "seat",
    "agent",
    "position",
    "hole_cards",
    "board",
    "net",
    "net_bb",
    "showed_down",
    "won",
)

#: Card names by code, and "" for the padding (-1, read as index 52).
_NAMES = np.array([format_card(code) for code in range(52)] + [""])


def _card_text(codes: NDArray[np.integer]) -> NDArray[np.str_]:
    """Card codes ``(..., k)`` (-1: none) as text ``(...)``, e.g. ``"AsKd"``."""
    names = _NAMES[np.where(codes < 0, 52, codes)]
    if names.shape[-1] == 0:
        return np.full(names.shape[:-1], "")
    return functools.reduce(np.char.add, np.moveaxis(names, -1, 0))


@dataclass
class HandLog:
    """Per-hand arrays of a simulation (see the module docs).

    Attributes
    ----------
    table : numpy.ndarray
        int64 ``(hands,)``: the table that played each hand.
    button : numpy.ndarray
        int64 ``(hands,)``: the seat on the button.
    net : numpy.ndarray
        int64 ``(hands, players)``: chips won (negative: lost) by each seat.
    cards : numpy.ndarray
        int8 ``(hands, players, k)``: each seat's cards at the end of the hand
        (after the draw; a folded stud hand: those dealt before the fold), -1 after.
    board : numpy.ndarray
        int8 ``(hands, 5)``: the board, -1 after the cards dealt (stud: a
        community card when the deck ran short).
    showed : numpy.ndarray
        bool ``(hands, players)``: the seat was in the showdown.
    won : numpy.ndarray
        bool ``(hands, players)``: the seat took chips from a pot (at the showdown
        or uncontested).
    dealt : numpy.ndarray or None
        bool ``(hands, players)``: the seat was dealt in (tournaments: busted
        seats sit out); ``None`` when every seat played every hand.
    """

    table: NDArray[np.int64]
    button: NDArray[np.int64]
    net: NDArray[np.int64]
    cards: NDArray[np.int8]
    board: NDArray[np.int8]
    showed: NDArray[np.bool_]
    won: NDArray[np.bool_]
    dealt: NDArray[np.bool_] | None = field(default=None)

    def __len__(self) -> int:
        return int(self.net.shape[0])

    @property
    def players(self) -> int:
        """Seats per table."""
        return int(self.net.shape[1])

    def net_per_seat(self) -> NDArray[np.int64]:
        """Chips won per seat over every hand (equals the results' ``net``)."""
        return self.net.sum(axis=0)

    def frame(self, agents: Sequence[str], big_blind: float = 1.0) -> Any:
        """One row per seat and hand, columns :data:`FRAME_COLUMNS` (needs pandas).

        ``position`` counts seats left of the button: 0 is the first seat left of
        it, ``players - 1`` the button. ``net_bb`` is ``net / big_blind``.

        Compact columns, no Python object per row: ``hand`` and ``table`` are the
        smallest integer type that holds them, ``seat`` and ``position`` int8,
        ``agent``, ``hole_cards`` and ``board`` categoricals (text such as
        ``"AsKd"``, each distinct value stored once), ``net`` int64, ``net_bb``
        float64, the flags bool: about 40 bytes per row, 240 per hand at six seats
        (a few times the log itself).
        """
        try:
            import pandas as pd
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("hands_frame() needs pandas: pip install pandas") from error
        hands, players = self.net.shape
        if len(agents) != players:
            raise ValueError(f"agents: expected {players} names, got {len(agents)}")
        # Rows: hand-major, seat-minor; tournaments drop the seats not dealt in.
        rows = None if self.dealt is None else np.flatnonzero(self.dealt.reshape(-1))

        def flat(values: NDArray[Any]) -> NDArray[Any]:
            """A ``(hands, players)`` array as the frame's column (a view when possible)."""
            column = np.ascontiguousarray(values).reshape(-1)
            return column if rows is None else column[rows]

        def per_hand(values: NDArray[Any]) -> NDArray[Any]:
            """A ``(hands,)`` array repeated for every seat of the hand."""
            return flat(np.broadcast_to(values[:, None], (hands, players)))

        seat = np.arange(players, dtype=np.int8)
        names, agent_codes = np.unique(np.asarray(list(agents), dtype=str), return_inverse=True)
        button = self.button.astype(np.int16)
        position = (seat.astype(np.int16)[None, :] - button[:, None] - 1) % players
        hole_codes, hole_names = _card_categories(self.cards.reshape(hands * players, -1))
        board_codes, board_names = _card_categories(self.board)
        net = flat(self.net)
        columns = {
            "hand": per_hand(np.arange(hands, dtype=_index_type(hands))),
            "table": per_hand(self.table.astype(_index_type(int(self.table.max(initial=0)) + 1))),
            "seat": flat(np.broadcast_to(seat, (hands, players))),
            "agent": pd.Categorical.from_codes(
                flat(np.broadcast_to(agent_codes.astype(np.int8), (hands, players))),
                categories=names.tolist(),
            ),
            "position": flat(position.astype(np.int8)),
            "hole_cards": pd.Categorical.from_codes(
                flat(hole_codes.reshape(hands, players)), categories=hole_names
            ),
            "board": pd.Categorical.from_codes(per_hand(board_codes), categories=board_names),
            "net": net,
            "net_bb": net / big_blind,
            "showed_down": flat(self.showed),
            "won": flat(self.won),
        }
        return pd.DataFrame(columns, copy=False)


def _index_type(limit: int) -> type[np.signedinteger[Any]]:
    """The smallest of int16, int32, int64 that holds ``0..limit``."""
    for kind in (np.int16, np.int32):
        if limit <= np.iinfo(kind).max:
            return kind
    return np.int64


def _card_categories(cards: NDArray[np.int8]) -> tuple[NDArray[np.intp], list[str]]:
    """Rows of card codes ``(rows, k)`` (-1: none, ``k <= 8``) as categorical codes and
    the text of each distinct row (``"AsKd"``; ``""`` for none), without a string per row.

    Each row packs into one 48-bit key (6 bits a card), so the distinct rows are one
    ``np.unique`` of integers; only those get text.
    """
    width = cards.shape[1]
    keys = np.zeros(cards.shape[0], np.uint64)
    for index in range(width):
        # code + 1 in 6 bits: 0 means no card.
        card = cards[:, index].astype(np.int64) + 1
        keys |= card.astype(np.uint64) << np.uint64(6 * index)
    distinct, codes = np.unique(keys, return_inverse=True)
    shifts = np.arange(width, dtype=np.uint64) * np.uint64(6)
    decoded = ((distinct[:, None] >> shifts[None, :]) & np.uint64(63)).astype(np.int64) - 1
    return codes.reshape(-1), _card_text(decoded).tolist()


class HandLogBuilder:
    """Collects a :class:`HandLog` from finished ``HandState`` hands (the Python engine)."""

    def __init__(self, players: int, width: int) -> None:
        self.players = players
        self.width = width
        self.rows: list[tuple[int, int, list[int], list[list[int]], list[int], list[bool]]] = []
        self.flags: list[tuple[list[bool], list[bool]]] = []

    def add(self, table: int, hand: HandState, seats: Sequence[int]) -> None:
        """Record ``hand``, played by table ``table``'s ``seats`` (hand seat ``i`` is table
        seat ``seats[i]``)."""
        players = self.players
        net = [0] * players
        cards: list[list[int]] = [[] for _ in range(players)]
        showed = [False] * players
        won = [False] * players
        dealt = [False] * players
        showdown = bool(hand.showdown_order)
        for index, seat in enumerate(seats):
            net[seat] = int(hand.stacks[index]) - hand.starting_stacks[index]
            cards[seat] = list(hand.hole_cards[index])
            showed[seat] = showdown and hand.shown[index]
            won[seat] = hand.winnings[index] > 0
            dealt[seat] = True
        self.rows.append((table, seats[hand.button], net, cards, list(hand.board), dealt))
        self.flags.append((showed, won))

    def build(self) -> HandLog:
        """The log of every hand added, in order."""
        hands, players = len(self.rows), self.players
        cards = np.full((hands, players, self.width), -1, np.int8)
        board = np.full((hands, 5), -1, np.int8)
        for row, (_, _, _, held, shared, _) in enumerate(self.rows):
            for seat, codes in enumerate(held):
                cards[row, seat, : len(codes)] = codes
            board[row, : len(shared)] = shared
        dealt = np.array([row[5] for row in self.rows], np.bool_).reshape(hands, players)
        return HandLog(
            table=np.array([row[0] for row in self.rows], np.int64),
            button=np.array([row[1] for row in self.rows], np.int64),
            net=np.array([row[2] for row in self.rows], np.int64).reshape(hands, players),
            cards=cards,
            board=board,
            showed=np.array([f[0] for f in self.flags], np.bool_).reshape(hands, players),
            won=np.array([f[1] for f in self.flags], np.bool_).reshape(hands, players),
            dealt=None if dealt.all() else dealt,
        )
