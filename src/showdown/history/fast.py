"""The compiled fast path of :func:`~showdown.history.analyze` over ``.phhs`` text.

A file's bytes are scanned into columns (:func:`~showdown.history.scan.scan_phhs`),
then one compiled pass (:mod:`showdown.history._facts_kernels`) follows the
betting of every no-limit hold'em hand read, as the light pass does: chips put
in, the uncalled bet, the pot, the rake, each player's result, the counters of
the player statistics and the all-in spot. The per-hand frame's rows of those
hands are then made of arrays (:func:`fast_columns`); their all-ins are priced
by :func:`~showdown.history.allin.holdem_evs` as the existing path prices them.
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
import re
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
from ._text_kernels import span_hashes, spans_agree
from .allin import holdem_evs
from .columns import Coded
from .reader import _HEADER as _TABLE_HEADER
from .replayed import COUNTER_NAMES
from .replayed import NO_RESULT as NO_RESULT_REASON
from .scan import ScannedFile, scan_phhs

__all__ = [
    "CONVENTION_FLAGS", "FastHands", "conventions_of", "fast_columns", "fast_readable",
    "scan_facts",
]  # fmt: skip

#: The reader's hand table header in bytes: the same matches in ASCII text.
_TABLE_HEADER_BYTES = re.compile(_TABLE_HEADER.pattern.encode("ascii"), re.MULTILINE)

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
        known, or the history stops mid-hand): :meth:`reasons` says why.
    """

    scanned: ScannedFile
    facts: np.ndarray
    players: np.ndarray
    taken: np.ndarray
    skipped: np.ndarray

    def reasons(self, hands: np.ndarray) -> tuple[np.ndarray, tuple[str, ...]]:
        """Why each of ``hands`` (read here, then skipped) is skipped, in the existing
        path's words: a code per hand into the distinct reasons."""
        status = self.facts[hands, F_STATUS]
        codes = np.where(status == NO_RESULT, 0, np.where(status == UNFINISHED_DEALING, 1, 2))
        unfinished = tuple(UNFINISHED.format(status=word) for word in ("dealing", "betting"))
        return codes, (NO_RESULT_REASON, *unfinished)

    def _rows(self, hand: int) -> np.ndarray:
        start = self.scanned.hands[hand, H_SEAT_START]
        return self.players[start : start + self.scanned.hands[hand, H_SEATS]]

    def contributed(self, hand: int) -> np.ndarray:
        """Chips each player of a hand taken here put in (the uncalled bet returned)."""
        return self._rows(hand)[:, P_CONTRIBUTED]

    def collected(self, hand: int) -> np.ndarray:
        """Chips each player of a hand taken here collected."""
        return self._rows(hand)[:, P_COLLECTED]


def fast_readable(data: bytes) -> bool:
    """Whether a ``.phhs`` file's bytes may go through the fast path: UTF-8, no lone
    carriage return (the reader reads with universal newlines: one ends a line there),
    not PokerStars text, and a hand table first."""
    from .pokerstars import looks_like_pokerstars

    if b"\r" in data and data.count(b"\r") != data.count(b"\r\n"):
        return False
    if data.isascii():
        # ASCII is UTF-8, and the checks read only the start of the text: the file
        # is not decoded whole (a copy of it per file, only to be thrown away).
        first_bytes = _TABLE_HEADER_BYTES.search(data)
        return not (
            first_bytes is None
            or looks_like_pokerstars(data[:4096].decode("ascii"))
            or data[: first_bytes.start()].decode("ascii").strip()
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    first = _TABLE_HEADER.search(text)
    return not (first is None or looks_like_pokerstars(text) or text[: first.start()].strip())


def scan_facts(data: bytes) -> FastHands:
    """A ``.phhs`` file's bytes scanned, and the facts of every hand the kernel takes."""
    scanned = scan_phhs(data)
    facts = np.empty((len(scanned.hands), FACTS_WIDTH), dtype=np.int64)
    players = np.zeros((len(scanned.seats), PLAYER_WIDTH), dtype=np.int64)
    from showdown.evaluator import get_tables

    columns = (scanned.hands, scanned.seats, scanned.actions, scanned.cards)
    hand_facts_columns(columns, UNKNOWN, get_tables(), facts, players)
    status = facts[:, F_STATUS]
    # (three comparisons: np.isin costs more on a file's few thousand hands)
    skipped = (
        (status == NO_RESULT) | (status == UNFINISHED_DEALING) | (status == UNFINISHED_BETTING)
    )
    return FastHands(scanned, facts, players, status == TAKEN, skipped)


def fast_columns(
    fast: FastHands, name: str, counts: dict[str, int], names: dict[bytes, str]
) -> tuple[np.ndarray, dict[str, Any]]:
    """The per-hand frame's rows of the hands taken (file order), as arrays.

    Returns each row's hand (its place in the file) and the columns (all but
    ``hand``, which the caller numbers): numbers as arrays, texts as
    :class:`~showdown.history.columns.Coded` (codes into their distinct values).
    ``counts`` gets the all-ins adjusted and not adjusted; ``names`` remembers
    decoded player names (they repeat).
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
    hand_scale = hands[:, H_SCALE]
    scale = np.repeat(hand_scale, n)
    big_blind_chips = facts[:, F_BIG_BLIND]
    big_blind = np.where(big_blind_chips > 0, big_blind_chips / hand_scale, 1.0)
    big_blind_rows = np.repeat(big_blind, n)
    net = players[:, P_NET] / scale
    status = facts[:, F_ALL_IN]
    candidates = np.flatnonzero(status == CANDIDATE)
    equity, ev_net, exact = _adjusted(facts, players, n, offsets, candidates, net, scale, counts)
    for code, label in enumerate(ALL_IN_NAMES):
        if label in counts and code != CANDIDATE:
            counts[label] += int(np.count_nonzero(status == code))
    labels = np.array(ALL_IN_NAMES, dtype=object)
    labels[CANDIDATE] = "adjusted"
    results = np.array(RESULT_NAMES, dtype=object)
    street = np.full(len(taken), -1, dtype=np.int64)
    street[candidates] = facts[candidates, F_STREET]
    sources = _sources(name, scanned.numbers[taken])
    ids = _span_texts(scanned.data, hands[:, [H_ID_START, H_ID_STOP]], {})
    player_spans = scanned.seats[rows[:, None], [S_NAME_START, S_NAME_STOP]]
    variant = np.array(["NT"], dtype=object)
    columns: dict[str, Any] = {
        "source": sources.repeat(n),
        "hand_id": ids.repeat(n),
        "variant": Coded(np.zeros(total, dtype=np.int64), variant, ordered=total > 0),
        "player": _span_texts(scanned.data, player_spans, names),
        "position": position,
        "big_blind": big_blind_rows,
        "pot": np.repeat(facts[:, F_POT] / hand_scale, n),
        "rake": np.repeat(facts[:, F_RAKE] / hand_scale, n),
        "contributed": players[:, P_CONTRIBUTED] / scale,
        "collected": players[:, P_COLLECTED] / scale,
        "net": net,
        "net_bb": net / big_blind_rows,
        "all_in": _by_appearance(status, labels).repeat(n),
        "all_in_street": _by_appearance(street, np.array(STREET_NAMES, dtype=object)).repeat(n),
        "equity": equity,
        "ev_net": ev_net,
        "ev_net_bb": ev_net / big_blind_rows,
        "exact": exact,
        "result_from": _by_appearance(facts[:, F_RESULT], results).repeat(n),
    }
    # The counters' columns made contiguous at once (a view of each row of the transpose).
    counters = np.ascontiguousarray(players[:, P_COUNTERS : P_COUNTERS + COUNTERS].T)
    for index, counter in enumerate(COUNTER_NAMES[:COUNTERS]):
        columns[counter] = counters[index]
    return row_hand, columns


def _adjusted(
    facts: np.ndarray, players: np.ndarray, n: np.ndarray, offsets: np.ndarray,
    candidates: np.ndarray, net: np.ndarray, scale: np.ndarray, counts: dict[str, int],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """The ``equity``, ``ev_net`` and ``exact`` rows of the hands taken (``facts``; their
    seats' rows ``players``, ``n`` of them from ``offsets``; ``net`` and ``scale`` by
    row): the all-ins of the ``candidates`` priced together by
    :func:`~showdown.history.allin.holdem_evs`, as :func:`~showdown.history.allin.allin_ev`
    prices each."""
    total = len(players)
    equity = np.full(total, math.nan)
    ev_net = net.copy()
    exact = np.ones(total, dtype=bool)
    if not len(candidates):
        return equity, ev_net, exact
    seats = n[candidates]
    width = int(seats.max())
    inside = np.arange(width) < seats[:, None]
    # Each spot's seat rows (a spot's row past its seats points at its first, masked).
    index = np.where(
        inside, offsets[candidates, None] + np.arange(width), offsets[candidates, None]
    )
    table = players[index]
    spots = facts[candidates]
    evs = holdem_evs(
        table[:, :, P_HOLE : P_HOLE + 2], seats, inside & (table[:, :, P_LIVE] != 0),
        np.where(inside, table[:, :, P_WAGER], 0), spots[:, F_DEAD],
        spots[:, F_BOARD : F_BOARD + 5], spots[:, F_BOARD_CARDS], spots[:, F_RAKE],
    )  # fmt: skip
    rows = index[inside]
    ev_net[rows] = ((evs.expected - table[:, :, P_CONTRIBUTED]) / scale[index])[inside]
    equity[rows] = evs.equity[inside]
    exact[rows] = np.repeat(evs.exact, seats)
    counts["adjusted"] += len(candidates)
    counts["sampled"] += int(np.count_nonzero(~evs.exact))
    return equity, ev_net, exact


def _by_appearance(values: np.ndarray, labels: np.ndarray) -> Coded:
    """Codes into ``labels`` (``-1``: missing), a hand each, renumbered in order of first
    appearance, unused labels left out: the order the frame's categoricals have, so
    joining the parts has nothing to renumber (a few hands, not every row)."""
    import pandas as pd

    used = pd.unique(values[values >= 0])
    renumbered = np.full(len(labels) + 1, -1, dtype=np.int64)  # (the last: -1 stays -1)
    renumbered[used] = np.arange(len(used))
    return Coded(renumbered[values], labels[used], ordered=True)


def _sources(name: str, numbers: np.ndarray) -> Coded:
    """The ``source`` of each hand (``"<file> [<number>]"``) as codes into its distinct
    texts: the hand numbers are factorized (integers: fast), and a text made of each
    distinct one (a file's numbers are distinct as a rule: one text per hand).

    Its :attr:`~showdown.history.columns.Coded.origin` is the file: a text is the
    name, then `` [<digits>]`` (the last `` [`` of the text), so two files of other
    names never give the same text.
    """
    import pandas as pd

    codes, distinct = pd.factorize(numbers)
    texts = np.array([f"{name} [{number}]" for number in distinct.tolist()], dtype=object)
    return Coded(codes.astype(np.int64, copy=False), texts, ordered=True, origin=name)


def _span_texts(data: bytes, spans: np.ndarray, known: dict[bytes, str]) -> Coded:
    """The texts of byte spans (a ``-1`` start: missing), as codes into their distinct
    texts in order of first appearance, each decoded once (names and ids repeat hand
    after hand).

    The spans are hashed by a compiled pass and the hashes factorized as integers
    (fast); every span is then checked to hold the bytes of the first span of its
    code, so a collision (never seen) costs time, not a wrong text.
    """
    import pandas as pd

    codes = np.full(len(spans), -1, dtype=np.int64)
    rows = np.flatnonzero(spans[:, 0] >= 0)
    if not len(rows):
        return Coded(codes, np.empty(0, dtype=object), ordered=True)
    starts = np.ascontiguousarray(spans[rows, 0], dtype=np.int64)
    stops = np.ascontiguousarray(spans[rows, 1], dtype=np.int64)
    buffer = np.frombuffer(data, dtype=np.uint8)
    hashed = np.empty(len(rows), dtype=np.uint64)
    span_hashes(buffer, starts, stops, hashed)
    found, _ = pd.factorize(hashed)
    first = _first_rows(found)
    if not spans_agree(buffer, starts, stops, first, found):  # two texts, one hash
        found, _ = pd.factorize(
            np.array([data[a:b] for a, b in spans[rows].tolist()], dtype=object)
        )
        first = _first_rows(found)
    texts = np.empty(len(first), dtype=object)
    for code, row in enumerate(first.tolist()):
        raw = data[starts[row] : stops[row]]
        text = known.get(raw)
        if text is None:
            text = known[raw] = raw.decode()
        texts[code] = text
    codes[rows] = found
    return Coded(codes, texts, ordered=True)


def _first_rows(codes: np.ndarray) -> np.ndarray:
    """The row where each code first appears, of codes numbered in order of first
    appearance (as ``pandas.factorize`` numbers them): where the running maximum grows."""
    grown = np.maximum.accumulate(codes)
    rises = np.empty(len(grown), dtype=bool)
    rises[:1] = True  # (the first row's code is new)
    np.greater(grown[1:], grown[:-1], out=rises[1:])
    return np.flatnonzero(rises)


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
