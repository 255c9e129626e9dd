"""``preflop_matrix()``: heads-up equity of every starting-hand class against every other.

The 169 hold'em starting-hand classes (``AA``, ``AKs``, ``AKo`` ...) in the
usual 13x13 grid order, row by row: ``AA, AKs, AQs, ..., A2s, AKo, KK, KQs,
..., 22`` (pairs on the diagonal, suited above it, offsuit below). Cell
``[A, B]`` is class ``A``'s exact equity against class ``B``: every combo of
``A`` against every combo of ``B`` that shares no card with it, each matchup
weighted alike, as ``equity([A, B], exact=True)`` gives.

Computed from the shipped heads-up table (``preflop_table``) as sums of
table lookups in one compiled call. All combos of a class are images of
one another under suit permutations, which map the other class onto itself,
so one combo of ``A`` against every combo of ``B`` has the same sums up to
the factor ``|A|``: 169 x 1,326 lookups instead of 1.6 million. The integer
sums are exact; each cell is their quotient, the same float as
``equity()`` computes.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...cards import RANKS
from .._scoring import pot_equity, pots_won
from ..exact._table_kernels import table_sums
from ..exact.preflop_table import BOARDS, COLUMNS, load_table

__all__ = ["HAND_CLASSES", "class_of_hands", "preflop_matrix"]

#: Rank letters from ace down to deuce: the grid's rows and columns.
_GRID_RANKS = RANKS[::-1]

#: The 169 class names in grid order, row by row.
HAND_CLASSES: tuple[str, ...] = tuple(
    _GRID_RANKS[row] + _GRID_RANKS[column]
    if row == column
    else _GRID_RANKS[row] + _GRID_RANKS[column] + "s"
    if row < column
    else _GRID_RANKS[column] + _GRID_RANKS[row] + "o"
    for row in range(13)
    for column in range(13)
)


def class_of_hands(hands: NDArray[np.integer]) -> NDArray[np.int64]:
    """Grid index (``0 .. 168``) of the class of each two-card hand ``(N, 2)``.

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> index = class_of_hands(np.array([parse_cards("AsAh"), parse_cards("KsAs"),
    ...                                  parse_cards("AhKs"), parse_cards("2c2d")]))
    >>> [HAND_CLASSES[i] for i in index]
    ['AA', 'AKs', 'AKo', '22']
    """
    cards = np.asarray(hands, np.int64)
    ranks = cards >> 2
    high = 12 - ranks.max(axis=1)  # grid position: ace first
    low = 12 - ranks.min(axis=1)
    suited = (cards[:, 0] & 3) == (cards[:, 1] & 3)
    row = np.where(suited, high, low)
    column = np.where(suited, low, high)
    return row * 13 + column


@lru_cache(maxsize=1)
def _matrix() -> NDArray[np.float64]:
    table = load_table()
    if table is None:
        raise RuntimeError(
            "preflop_matrix: the shipped heads-up table is missing or altered; reinstall showdown"
        )
    codes, rows = table
    hands = np.array(list(itertools.combinations(range(52), 2)), np.uint8)
    classes = class_of_hands(hands)
    # One combo of each class (its first in card order) against every hand it misses.
    representative = np.array([np.flatnonzero(classes == index)[0] for index in range(169)])
    first = hands[representative]
    masks = (np.uint64(1) << hands[:, 0].astype(np.uint64)) | (
        np.uint64(1) << hands[:, 1].astype(np.uint64)
    )
    fits = (masks[representative][:, None] & masks[None, :]) == 0
    row_class, second = np.nonzero(fits)
    matchups = np.ascontiguousarray(np.stack([first[row_class], hands[second]], axis=1), np.uint8)
    group = (row_class * 169 + classes[second]).astype(np.int64)
    sums = np.zeros((169 * 169, COLUMNS), np.int64)
    missing = table_sums(matchups, group, codes, rows, sums)
    assert missing == 0
    pairs = np.bincount(group, minlength=169 * 169)
    # The row hand's wins and ties, scored by the one rule: the same float as equity().
    counts = np.zeros((169 * 169, 3, 3), np.int64)
    counts[:, 0, 1] = sums[:, 0]
    counts[:, 0, 2] = sums[:, 2]
    matrix = pot_equity(pots_won(counts), pairs * BOARDS).reshape(169, 169)
    matrix.setflags(write=False)
    return matrix


def preflop_matrix() -> Any:
    """Heads-up preflop equity of each starting-hand class (rows) against each (columns).

    Returns
    -------
    pandas.DataFrame
        ``169 x 169``, index and columns the class names in grid order
        (:data:`HAND_CLASSES`: ``AA, AKs, ..., A2s, AKo, KK, ...,
        22``). ``M + M.T == 1``; the diagonal is 0.5.

    Examples
    --------
    >>> from showdown import preflop_matrix
    >>> matrix = preflop_matrix()
    >>> matrix.shape, round(float(matrix.loc["AA", "KK"]), 4)
    ((169, 169), 0.8195)
    >>> round(float(matrix.loc["AKs", "QQ"]), 4), float(matrix.loc["QQ", "QQ"])
    (0.4605, 0.5)
    """
    try:
        import pandas as pd
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("preflop_matrix() needs pandas: pip install pandas") from error
    index = pd.Index(HAND_CLASSES, name="hand")
    return pd.DataFrame(np.array(_matrix()), index=index, columns=pd.Index(HAND_CLASSES))
