"""Columns of a whole ``.phhs`` file at once: the compiled scanner's wrapper.

:func:`scan_phhs` cuts a file's bytes into its ``[1]``, ``[2]``... hands (as the
reader cuts them) and, in one compiled pass, reads every no-limit hold'em hand
written as the public PHH dataset writes them into integer columns: seats and
their stacks, antes, blinds, winnings and finishing stacks in whole chips of the
hand's scale (the reader's scale: every amount's denominator but the finishing
stacks'), player-name spans, and actions (actor, verb, amount in chips, cards).
Any other hand is marked as a fallback, for the existing reader.

Examples
--------
>>> text = b'[1]\\nvariant = "NT"\\nstarting_stacks = [10, 2.5]\\nblinds_or_straddles = [0.5, 1]\\n'
>>> text += b'min_bet = 1\\nplayers = ["Ann", "Bob"]\\nactions = ["d dh p1 AsKs", "p2 cbr 2.5"]\\n'
>>> scanned = scan_phhs(text + b'[2]\\nvariant = "FT"\\n')
>>> scanned.fallback.tolist(), int(scanned.hands[0, H_SCALE])
([False, True], 2)
>>> scanned.seats[:2, S_STACK].tolist(), scanned.player_names(0)
([20, 5], ['Ann', 'Bob'])
>>> int(scanned.actions[1, A_AMOUNT]), scanned.hand_cards(0).tolist()
(5, [51, 47])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from showdown.simulator.hand import UNKNOWN

from ._scan_kernels import (
    A_ACTOR,
    A_AMOUNT,
    A_CARD_START,
    A_CARDS,
    A_VERB,
    ACTION_WIDTH,
    FLAG_DEAD_BLINDS,
    FLAG_STACKS_UNKNOWN,
    H_ACTION_START,
    H_ACTIONS,
    H_FLAGS,
    H_MIN_BET,
    H_SCALE,
    H_SEAT_START,
    H_SEATS,
    H_STATUS,
    HAND_WIDTH,
    S_ANTE,
    S_BLIND,
    S_FINISHING,
    S_NAME_START,
    S_NAME_STOP,
    S_STACK,
    S_WINNINGS,
    SEAT_WIDTH,
    cut_hands,
    key_table,
    scan_hands,
)

__all__ = [
    "A_ACTOR", "A_AMOUNT", "A_CARDS", "A_CARD_START", "A_VERB", "FLAG_DEAD_BLINDS",
    "FLAG_STACKS_UNKNOWN", "H_ACTIONS", "H_ACTION_START",
    "H_FLAGS", "H_MIN_BET", "H_SCALE", "H_SEATS", "H_SEAT_START", "S_ANTE", "S_BLIND",
    "S_FINISHING", "S_STACK", "S_WINNINGS", "ScannedFile", "scan_phhs",
]  # fmt: skip

# A hand's table header, as the reader finds it: "[12]" alone on its line.
_HEADER = re.compile(rb"^\[(\d+)\][ \t]*\r?$", re.MULTILINE)
_KEYS = key_table()


@dataclass
class ScannedFile:
    """The columns of one ``.phhs`` file (see the module docstring).

    Attributes
    ----------
    data
        The file's bytes (names and fallback hands are read from them).
    numbers
        Each hand's ``k`` of its ``[k]`` header, in file order.
    starts, ends
        Each hand body's byte span (after its header line, up to the next header).
    hands
        ``(hands, 8)`` integers by the ``H_*`` columns; ``H_STATUS`` 1: fallback.
        ``H_FLAGS`` says which of the reader's dataset conventions a hand used
        (unknown stacks, given the reader's stand-in; dead blinds, read as antes).
    seats, actions, cards
        Rows of the hands read (from ``H_SEAT_START``, ``H_ACTION_START``), by the
        ``S_*`` and ``A_*`` columns; card codes (``A_CARD_START``, ``A_CARDS``).
    """

    data: bytes
    numbers: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    hands: np.ndarray
    seats: np.ndarray
    actions: np.ndarray
    cards: np.ndarray

    @property
    def fallback(self) -> np.ndarray:
        """Whether each hand is left to the existing reader."""
        return self.hands[:, H_STATUS] != 0

    def body(self, hand: int) -> str:
        """Hand ``hand``'s text (0-based, in file order), as the reader is given it."""
        return self.data[self.starts[hand] : self.ends[hand]].decode("utf-8")

    def seat_rows(self, hand: int) -> np.ndarray:
        """The seat rows of a hand read here."""
        start = self.hands[hand, H_SEAT_START]
        return self.seats[start : start + self.hands[hand, H_SEATS]]

    def action_rows(self, hand: int) -> np.ndarray:
        """The action rows of a hand read here."""
        start = self.hands[hand, H_ACTION_START]
        return self.actions[start : start + self.hands[hand, H_ACTIONS]]

    def player_names(self, hand: int) -> list[str]:
        """The players of a hand read here."""
        data = self.data
        return [
            data[row[S_NAME_START] : row[S_NAME_STOP]].decode("utf-8")
            for row in self.seat_rows(hand)
        ]

    def hand_cards(self, hand: int) -> np.ndarray:
        """Every card code of a hand's actions, in order (``UNKNOWN`` for ``??``)."""
        rows = self.action_rows(hand)
        if not len(rows):
            return self.cards[:0]
        start = rows[0, A_CARD_START]
        stop = rows[-1, A_CARD_START] + rows[-1, A_CARDS]
        return self.cards[start:stop]


def scan_phhs(data: bytes) -> ScannedFile:
    """The hands of a ``.phhs`` file's bytes as columns (see the module docstring).

    Text before the first header is not a hand (the reader reports it).
    """
    if not isinstance(data, (bytes, bytearray)):
        from showdown.errors import InputError

        raise InputError(f"expected the file's bytes, got {type(data).__name__}", parameter="data")
    data = bytes(data)
    array = np.frombuffer(data, dtype=np.uint8)
    # A header takes four bytes at least ("[1]" and its line end).
    capacity = len(data) // 4 + 1
    heads, starts, numbers = (np.empty(capacity, dtype=np.int64) for _ in range(3))
    count, commas, quotes = cut_hands(array, heads, starts, numbers)
    if count < 0:  # a hand number too long for the kernel: the reader's pattern
        headers = list(_HEADER.finditer(data))
        count = len(headers)
        numbers = np.array([int(header.group(1)) for header in headers], dtype=object)
        heads = np.array([header.start() for header in headers], dtype=np.int64)
        starts = np.array([header.end() for header in headers], dtype=np.int64)
        commas = int(np.count_nonzero(array == 44))
        quotes = int(np.count_nonzero((array == 34) | (array == 39)))
    numbers, starts = numbers[:count].copy(), starts[:count].copy()
    # A body ends where the next header starts (the last at the end of the file).
    ends = np.append(heads[1:count], len(data)).astype(np.int64)
    # Bounds on the rows (a seat per comma or array, an action per two quotes), not
    # filled: the kernel writes every row it uses.
    hands = np.empty((count, HAND_WIDTH), dtype=np.int64)
    seats = np.empty((commas + 2 * count + 2, SEAT_WIDTH), dtype=np.int64)
    actions = np.empty((quotes // 2 + 1, ACTION_WIDTH), dtype=np.int64)
    cards = np.empty(len(data) // 2 + 1, dtype=np.int16)
    used_seats, used_actions, used_cards = scan_hands(
        array, starts, ends, _KEYS, UNKNOWN, hands, seats, actions, cards
    )
    return ScannedFile(
        data, numbers, starts, ends, hands, seats[:used_seats], actions[:used_actions],
        cards[:used_cards],
    )  # fmt: skip
