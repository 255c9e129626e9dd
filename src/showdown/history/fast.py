"""The compiled fast path of :func:`~showdown.history.analyze` over ``.phhs`` text.

A file's bytes are scanned into columns (:func:`~showdown.history.scan.scan_phhs`),
then one compiled pass (:mod:`showdown.history._facts_kernels`) follows the
betting of every no-limit hold'em hand read, as the light pass does: chips put
in, the uncalled bet, the pot, the rake, each player's result, the counters of
the player statistics and the all-in spot. The per-hand frame's rows of those
hands are then made of arrays (:func:`fast_columns`); their all-ins are priced
by :func:`~showdown.history.allin.allin_evs` as the existing path prices them.
Hands the scanner or the kernel leaves (another variant, an action the rules
refuse, a showdown the evaluator must settle...) go through the existing path,
and the caller puts the rows back in file order: the frames are the same with
the fast path on or off (tested on every sample of real and simulated hands).

Examples
--------
>>> text = b'[1]\\nvariant = "NT"\\nstarting_stacks = [100, 100]\\nblinds_or_straddles = [1, 2]\\n'
>>> text += b'min_bet = 2\\nplayers = ["Ann", "Bob"]\\n'
>>> text += b'actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"]\\n'
>>> fast = scan_facts(text)
>>> fast.taken.tolist(), fast.contributed(0).tolist(), fast.collected(0).tolist()
([True], [2, 2], [0, 4])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from showdown.simulator.hand import UNKNOWN
from showdown.simulator.phh.replay import UNFINISHED

from ._facts_kernels import (
    ALL_IN_NAMES,
    CANDIDATE,
    COUNTERS,
    F_ALL_IN,
    F_BIG_BLIND,
    F_BOARD,
    F_BOARD_CARDS,
    F_DEAD,
    F_POT,
    F_RAKE,
    F_RESULT,
    F_STATUS,
    F_STREET,
    FACTS_WIDTH,
    NO_RESULT,
    P_COLLECTED,
    P_CONTRIBUTED,
    P_COUNTERS,
    P_HOLE,
    P_LIVE,
    P_NET,
    P_WAGER,
    PLAYER_WIDTH,
    RESULT_NAMES,
    STREET_NAMES,
    TAKEN,
    UNFINISHED_BETTING,
    UNFINISHED_DEALING,
    hand_facts_columns,
)
from ._scan_kernels import (
    FLAG_DEAD_BLINDS,
    FLAG_STACKS_UNKNOWN,
    H_FLAGS,
    H_ID_START,
    H_ID_STOP,
    H_SCALE,
    H_SEAT_START,
    H_SEATS,
    S_NAME_START,
    S_NAME_STOP,
)
from .allin import allin_evs
from .replayed import COUNTER_NAMES, AllInSpot
from .replayed import NO_RESULT as NO_RESULT_REASON
from .scan import ScannedFile, scan_phhs

__all__ = ["CONVENTION_FLAGS", "FastHands", "conventions_of", "fast_columns", "scan_facts"]

#: The reader's dataset conventions (``ReadReport.conventions``) by scanner flag.
CONVENTION_FLAGS = (("stacks_unknown", FLAG_STACKS_UNKNOWN), ("dead_blinds", FLAG_DEAD_BLINDS))


@dataclass
class FastHands:
    """A scanned file with the compiled facts of its hands.

    Attributes
    ----------
    scanned
        The scanner's columns.
    facts
        ``(hands, FACTS_WIDTH)``: status, all-in status and spot, result, big blind,
        pot and rake in chips (see :mod:`showdown.history._facts_kernels`).
    players
        A row per scanned seat row: contributed, collected, net, the spot's wager,
        liveness and cards, the counters.
    taken
        Whether each hand was taken here (else the existing path reads it).
    skipped
        Whether each hand was read but is skipped by analysis (its result cannot be
        known, or the history stops mid-hand): :meth:`reason` says why.
    """

    scanned: ScannedFile
    facts: np.ndarray
    players: np.ndarray
    taken: np.ndarray
    skipped: np.ndarray

    def reason(self, hand: int) -> str:
        """Why a hand read here is skipped (the existing path's words)."""
        status = self.facts[hand, F_STATUS]
        if status == NO_RESULT:
            return NO_RESULT_REASON
        return UNFINISHED.format(status="dealing" if status == UNFINISHED_DEALING else "betting")

    def _rows(self, hand: int) -> np.ndarray:
        start = self.scanned.hands[hand, H_SEAT_START]
        return self.players[start : start + self.scanned.hands[hand, H_SEATS]]

    def contributed(self, hand: int) -> np.ndarray:
        """Chips each player of a hand taken here put in (the uncalled bet returned)."""
        return self._rows(hand)[:, P_CONTRIBUTED]

    def collected(self, hand: int) -> np.ndarray:
        """Chips each player of a hand taken here collected."""
        return self._rows(hand)[:, P_COLLECTED]


def scan_facts(data: bytes) -> FastHands:
    """A ``.phhs`` file's bytes scanned, and the facts of every hand the kernel takes."""
    scanned = scan_phhs(data)
    facts = np.empty((len(scanned.hands), FACTS_WIDTH), dtype=np.int64)
    players = np.zeros((len(scanned.seats), PLAYER_WIDTH), dtype=np.int64)
    from showdown.evaluator import get_tables

    columns = (scanned.hands, scanned.seats, scanned.actions, scanned.cards)
    hand_facts_columns(columns, UNKNOWN, get_tables(), facts, players)
    status = facts[:, F_STATUS]
    skipped = np.isin(status, (NO_RESULT, UNFINISHED_DEALING, UNFINISHED_BETTING))
    return FastHands(scanned, facts, players, status == TAKEN, skipped)


def _spot(fast: FastHands, hand: int) -> AllInSpot:
    """The all-in spot of a candidate hand, as the watcher records it."""
    row = fast.facts[hand]
    rows = fast._rows(hand)
    board = row[F_BOARD : F_BOARD + row[F_BOARD_CARDS]].tolist()
    holes = rows[:, P_HOLE : P_HOLE + 2].tolist()
    live = [bool(value) for value in rows[:, P_LIVE]]
    street = STREET_NAMES[int(row[F_STREET])]
    return AllInSpot(street, board, holes, rows[:, P_WAGER].tolist(), int(row[F_DEAD]), live)


def fast_columns(
    fast: FastHands, name: str, counts: dict[str, int], names: dict[bytes, str]
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The per-hand frame's rows of the hands taken (file order), as arrays.

    Returns each row's hand (its place in the file) and the columns (all but
    ``hand``, which the caller numbers). ``counts`` gets the all-ins adjusted and
    not adjusted; ``names`` remembers decoded player names (they repeat).
    """
    scanned = fast.scanned
    taken = np.flatnonzero(fast.taken)
    hands = scanned.hands[taken]
    facts = fast.facts[taken]
    n = hands[:, H_SEATS]
    total = int(n.sum())
    offsets = np.cumsum(n) - n
    rows = np.repeat(hands[:, H_SEAT_START] - offsets, n) + np.arange(total)
    players = fast.players[rows]
    row_hand = np.repeat(taken, n)
    position = np.arange(total, dtype=np.int64) - np.repeat(offsets, n) + 1
    scale = np.repeat(hands[:, H_SCALE], n)
    big_blind_chips = facts[:, F_BIG_BLIND]
    big_blind = np.where(big_blind_chips > 0, big_blind_chips / hands[:, H_SCALE], 1.0)
    big_blind_rows = np.repeat(big_blind, n)
    net = players[:, P_NET] / scale
    contributed = players[:, P_CONTRIBUTED] / scale
    equity = np.full(total, math.nan)
    ev_net = net.copy()
    exact = np.ones(total, dtype=bool)
    status = facts[:, F_ALL_IN]
    candidates = np.flatnonzero(status == CANDIDATE)
    labels = np.array(ALL_IN_NAMES, dtype=object)
    labels[CANDIDATE] = "adjusted"
    all_in = labels[status]
    street = np.full(len(taken), None, dtype=object)
    if len(candidates):
        spots = [(_spot(fast, int(taken[k])), "holdem", int(facts[k, F_RAKE])) for k in candidates]
        for k, ev in zip(candidates.tolist(), allin_evs(spots), strict=True):
            hand_scale = int(hands[k, H_SCALE])
            put = fast.contributed(int(taken[k])).tolist()
            first = int(offsets[k])
            seats = slice(first, first + int(n[k]))
            ev_net[seats] = [(ev.expected[s] - put[s]) / hand_scale for s in range(len(put))]
            equity[seats] = ev.equity
            exact[seats] = ev.exact
            counts["sampled"] += not ev.exact
            street[k] = STREET_NAMES[int(facts[k, F_STREET])]
        counts["adjusted"] += len(candidates)
    for code, label in enumerate(ALL_IN_NAMES):
        if label in counts and code != CANDIDATE:
            counts[label] += int(np.count_nonzero(status == code))
    data = scanned.data
    sources = np.array([f"{name} [{number}]" for number in scanned.numbers[taken].tolist()],
                       dtype=object)  # fmt: skip
    spans = hands[:, [H_ID_START, H_ID_STOP]].tolist()
    ids = np.array([data[a:b].decode() if a >= 0 else None for a, b in spans], dtype=object)
    player_names = _names(data, scanned.seats[rows][:, [S_NAME_START, S_NAME_STOP]], names)
    columns: dict[str, Any] = {
        "source": np.repeat(sources, n),
        "hand_id": np.repeat(ids, n),
        "variant": np.full(total, "NT", dtype=object),
        "player": player_names,
        "position": position,
        "big_blind": big_blind_rows,
        "pot": np.repeat(facts[:, F_POT] / hands[:, H_SCALE], n),
        "rake": np.repeat(facts[:, F_RAKE] / hands[:, H_SCALE], n),
        "contributed": contributed,
        "collected": players[:, P_COLLECTED] / scale,
        "net": net,
        "net_bb": net / big_blind_rows,
        "all_in": np.repeat(all_in, n),
        "all_in_street": np.repeat(street, n),
        "equity": equity,
        "ev_net": ev_net,
        "ev_net_bb": ev_net / big_blind_rows,
        "exact": exact,
        "result_from": np.repeat(np.array(RESULT_NAMES, dtype=object)[facts[:, F_RESULT]], n),
    }
    for index, counter in enumerate(COUNTER_NAMES[:COUNTERS]):
        columns[counter] = players[:, P_COUNTERS + index].copy()
    return row_hand, columns


def _names(data: bytes, spans: np.ndarray, known: dict[bytes, str]) -> np.ndarray:
    """The texts of byte spans, as objects: each distinct name decoded once (names repeat
    hand after hand), found by sorting the spans' bytes as fixed-width strings."""
    if not len(spans):
        return np.empty(0, dtype=object)
    widths = spans[:, 1] - spans[:, 0]
    width = max(int(widths.max()), 1)
    buffer = np.frombuffer(data, dtype=np.uint8)
    offsets = np.arange(width)
    # Each name's bytes, padded with zeros (names hold no zero byte: the scanner refuses
    # control characters in strings).
    inside = offsets < widths[:, None]
    positions = np.where(inside, spans[:, :1] + offsets, 0)
    padded = np.where(inside, buffer[positions], 0).astype(np.uint8)
    fixed = np.ascontiguousarray(padded).view(f"S{width}").ravel()
    distinct, inverse = np.unique(fixed, return_inverse=True)
    texts = np.empty(len(distinct), dtype=object)
    for index, raw in enumerate(distinct.tolist()):
        text = known.get(raw)
        if text is None:
            text = known[raw] = raw.decode()
        texts[index] = text
    return texts[inverse.ravel()]


def conventions_of(fast: FastHands) -> dict[str, int]:
    """The dataset conventions of the hands read here (taken, or without a result),
    counted as the reader counts them."""
    flags = fast.scanned.hands[fast.taken | fast.skipped, H_FLAGS]
    found = {}
    for label, flag in CONVENTION_FLAGS:
        count = int(np.count_nonzero(flags & flag))
        if count:
            found[label] = count
    return found
