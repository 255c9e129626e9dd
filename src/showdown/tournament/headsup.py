"""Heads-up all-in outcomes of every pair of starting hands, read from the shipped table.

Push/fold decisions are made at the level of combos: a shove from ``AhKh``
meets a calling range whose combos are thinned by the ace and king of hearts.
:func:`combo_outcomes` gives, for every ordered pair of the 1,326 two-card
hands, the boards (of the 1,712,304) on which the first hand wins and on
which the two tie, 0 where the hands share a card. It is the shipped
heads-up preflop table (``showdown.equity.exact.preflop_table``) looked up once per
pair of hands, so each entry is the exact enumeration ``equity()`` would do.

:func:`class_outcomes` sums those over the 169 starting-hand classes: entry
``[A, B]`` adds up every pair of a combo of ``A`` and a combo of ``B`` that
share no card, so class-level strategies see exact card removal.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..equity.analysis.matrix import HAND_CLASSES, class_of_hands
from ..equity.exact._table_kernels import table_sums
from ..equity.exact.preflop_table import BOARDS, COLUMNS, load_table

__all__ = ["BOARDS", "HANDS", "ClassOutcomes", "class_outcomes", "combo_outcomes"]

#: The 1,326 two-card hands, each ascending, in ``itertools.combinations`` order.
HANDS: NDArray[np.uint8] = np.array(list(itertools.combinations(range(52), 2)), np.uint8)
HANDS.flags.writeable = False
#: Class (grid index ``0 .. 168``) of each hand of :data:`HANDS`.
HAND_CLASS: NDArray[np.int64] = class_of_hands(HANDS)
HAND_CLASS.flags.writeable = False

#: Pairs of hands looked up per call of the table kernel (bounds the scratch memory).
_CHUNK = 1 << 17


def _masks() -> NDArray[np.uint64]:
    one = np.uint64(1)
    return (one << HANDS[:, 0].astype(np.uint64)) | (one << HANDS[:, 1].astype(np.uint64))


def disjoint() -> NDArray[np.bool_]:
    """``(1326, 1326)``: whether two hands share no card."""
    masks = _masks()
    fits: NDArray[np.bool_] = (masks[:, None] & masks[None, :]) == 0
    return fits


@lru_cache(maxsize=1)
def combo_outcomes() -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    """``(wins, ties)``: boards won by hand ``i`` against hand ``j``, and boards tied.

    Both ``(1326, 1326)`` ``int32``, rows and columns in :data:`HANDS` order,
    0 where the hands share a card; ``wins[i, j] + wins[j, i] + ties[i, j]``
    is :data:`BOARDS` for every disjoint pair. Cached: computed once per
    process (about a second), read-only.

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> wins, ties = combo_outcomes()
    >>> def index(text):
    ...     return int(np.flatnonzero((HANDS == np.sort(parse_cards(text))).all(axis=1))[0])
    >>> aces, kings = index("AsAh"), index("KdKc")
    >>> round(float((wins[aces, kings] + ties[aces, kings] / 2) / BOARDS), 4)  # as equity() gives
    0.8126
    """
    table = load_table()
    if table is None:
        raise RuntimeError(
            "push/fold needs the shipped heads-up preflop table, which is missing or altered; "
            "reinstall showdown"
        )
    codes, rows = table
    first, second = np.nonzero(np.triu(disjoint(), 1))
    wins = np.zeros((HANDS.shape[0], HANDS.shape[0]), np.int32)
    ties = np.zeros_like(wins)
    for start in range(0, first.size, _CHUNK):
        rows_a = first[start : start + _CHUNK]
        rows_b = second[start : start + _CHUNK]
        pairs = np.ascontiguousarray(np.stack([HANDS[rows_a], HANDS[rows_b]], axis=1))
        sums = np.zeros((rows_a.size, COLUMNS), np.int64)
        missing = table_sums(pairs, np.arange(rows_a.size, dtype=np.int64), codes, rows, sums)
        assert missing == 0
        wins[rows_a, rows_b] = sums[:, 0]
        wins[rows_b, rows_a] = sums[:, 1]
        ties[rows_a, rows_b] = sums[:, 2]
        ties[rows_b, rows_a] = sums[:, 2]
    wins.flags.writeable = False
    ties.flags.writeable = False
    return wins, ties


class ClassOutcomes(NamedTuple):
    """Class-by-class sums over disjoint combo pairs (each ``(169, 169)``, grid order).

    ``pairs[A, B]`` counts the pairs (a combo of ``A``, a combo of ``B``)
    that share no card; ``wins[A, B]`` and ``ties[A, B]`` add up, over those
    pairs, the chance that ``A``'s combo wins and that they tie.
    """

    pairs: NDArray[np.float64]
    wins: NDArray[np.float64]
    ties: NDArray[np.float64]

    @property
    def losses(self) -> NDArray[np.float64]:
        """Chance-weighted pairs that ``A`` loses."""
        lost: NDArray[np.float64] = self.pairs - self.wins - self.ties
        return lost


@lru_cache(maxsize=1)
def class_outcomes() -> ClassOutcomes:
    """Exact class-level outcome sums (see :class:`ClassOutcomes`); cached.

    Examples
    --------
    >>> outcomes = class_outcomes()
    >>> aa, kk = HAND_CLASSES.index("AA"), HAND_CLASSES.index("KK")
    >>> int(outcomes.pairs[aa, aa]), int(outcomes.pairs[aa, kk])
    (6, 36)
    >>> round(float((outcomes.wins + outcomes.ties / 2)[aa, kk] / outcomes.pairs[aa, kk]), 4)
    0.8195
    """
    wins, ties = combo_outcomes()
    member = np.zeros((HANDS.shape[0], len(HAND_CLASSES)))
    member[np.arange(HANDS.shape[0]), HAND_CLASS] = 1.0
    pairs = member.T @ disjoint().astype(np.float64) @ member
    win_sums = member.T @ (wins / BOARDS) @ member
    tie_sums = member.T @ (ties / BOARDS) @ member
    for array in (pairs, win_sums, tie_sums):
        array.flags.writeable = False
    return ClassOutcomes(np.rint(pairs), win_sums, tie_sums)
