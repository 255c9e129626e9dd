"""The 13x13 grid of hold'em starting-hand classes.

Players draw the 169 starting-hand classes as a 13x13 grid: rows and columns
are ranks from ace (row 0) down to deuce (row 12), pairs sit on the
diagonal, suited hands above it and offsuit hands below it. The cell in row
``i`` and column ``j`` is

* ``i == j``: the pair of that rank (6 combos), e.g. ``"AA"``;
* ``i < j`` (above the diagonal): row rank, column rank, suited (4 combos),
  e.g. row A, column K is ``"AKs"``;
* ``i > j`` (below the diagonal): column rank, row rank, offsuit (12
  combos), e.g. row K, column A is ``"AKo"``.

Everything that places a combo on the grid calls :func:`combo_cells`, so the
layout lives here only.

Examples
--------
>>> GRID_LABELS[0][:3], GRID_LABELS[1][0], GRID_LABELS[12][12]
(['AA', 'AKs', 'AQs'], 'AKo', '22')
>>> combo_cells([[51, 47], [51, 46]]).tolist()
[[0, 1], [1, 0]]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .codes import RANKS

__all__ = [
    "CELL_COMBOS",
    "GRID_LABELS",
    "GRID_RANKS",
    "HAND_CLASSES",
    "cell_combos",
    "cell_of_class",
    "combo_cells",
]

#: Rank letters of the grid's rows and columns, ace first.
GRID_RANKS = RANKS[::-1]

#: ``GRID_LABELS[row][column]``: the class name drawn in each cell.
GRID_LABELS: list[list[str]] = [
    [
        GRID_RANKS[row] + GRID_RANKS[column]
        if row == column
        else GRID_RANKS[row] + GRID_RANKS[column] + "s"
        if row < column
        else GRID_RANKS[column] + GRID_RANKS[row] + "o"
        for column in range(13)
    ]
    for row in range(13)
]

#: The 169 class names in grid order (row by row, ace first).
HAND_CLASSES: tuple[str, ...] = tuple(label for row in GRID_LABELS for label in row)

#: Combos in each cell: 6 on the diagonal, 4 above (suited), 12 below (offsuit).
CELL_COMBOS: NDArray[np.int64] = np.where(
    np.eye(13, dtype=bool), 6, np.where(np.triu(np.ones((13, 13), dtype=bool), 1), 4, 12)
)
CELL_COMBOS.flags.writeable = False

_CLASS_CELLS = {
    label: (row, column)
    for row, labels in enumerate(GRID_LABELS)
    for column, label in enumerate(labels)
}


def cell_of_class(label: str) -> tuple[int, int]:
    """``(row, column)`` of a class name such as ``"AKs"``, ``"72o"`` or ``"TT"``.

    Examples
    --------
    >>> cell_of_class("AKs"), cell_of_class("AKo"), cell_of_class("22")
    ((0, 1), (1, 0), (12, 12))
    """
    try:
        return _CLASS_CELLS[label]
    except KeyError:
        raise ValueError(
            f"hand class: unknown class {label!r}; expected e.g. 'AA', 'AKs' or 'AKo'"
        ) from None


def combo_cells(combos: ArrayLike) -> NDArray[np.int64]:
    """Grid ``(row, column)`` of each two-card combo, shape ``(n, 2)``.

    Parameters
    ----------
    combos
        Card codes, shape ``(n, 2)``, in either order within a row.

    Examples
    --------
    >>> combo_cells([[0, 1], [0, 4], [0, 5]]).tolist()  # 2c2d, 2c3c, 2c3d
    [[12, 12], [11, 12], [12, 11]]
    """
    cards = np.asarray(combos, dtype=np.int64).reshape(-1, 2)
    ranks = cards // 4
    high = 12 - ranks.max(axis=1)  # grid index: ace is row 0
    low = 12 - ranks.min(axis=1)
    suited = cards[:, 0] % 4 == cards[:, 1] % 4
    # Suited (and pairs, where high == low): row = high card, above the diagonal.
    rows = np.where(suited, high, low)
    columns = np.where(suited, low, high)
    return np.stack([rows, columns], axis=1)


def cell_combos(row: int, column: int) -> NDArray[np.uint8]:
    """Every combo of one cell, ``uint8`` ``(k, 2)``, each row ascending, rows sorted.

    Examples
    --------
    >>> cell_combos(0, 1).tolist()  # AKs
    [[44, 48], [45, 49], [46, 50], [47, 51]]
    >>> len(cell_combos(0, 0)), len(cell_combos(1, 0))
    (6, 12)
    """
    if not (0 <= row < 13 and 0 <= column < 13):
        raise ValueError(f"grid cell: expected row and column in 0..12, got ({row}, {column})")
    high = 12 - min(row, column)
    low = 12 - max(row, column)
    if row == column:
        pairs = [(high * 4 + a, high * 4 + b) for a in range(4) for b in range(a + 1, 4)]
    elif row < column:
        pairs = [(low * 4 + suit, high * 4 + suit) for suit in range(4)]
    else:
        pairs = [(low * 4 + a, high * 4 + b) for a in range(4) for b in range(4) if a != b]
    return np.array(sorted(pairs), dtype=np.uint8)
