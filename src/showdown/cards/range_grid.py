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

import numbers
import sys
from typing import Any

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
    "grid_html",
    "grid_values",
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


# ----------------------------------------------------------------- reading grids


def grid_values(grid: Any, *, name: str = "range") -> NDArray[np.float64]:
    """A grid-like input as ``float64`` ``(13, 13)`` weights in grid order, checked.

    Accepted inputs:

    * a 13x13 array or nested list, read by position (row 0 is the ace);
    * a pandas ``DataFrame`` whose row and column labels are the 13 ranks,
      each once, in any order (``"A"``, ``"K"``, ..., ``"T"`` or ``"10"``,
      ..., ``"2"``, any case): cells are placed by label, so a reordered
      frame means the same range. An unlabelled frame (labels 0..12) is read
      by position;
    * a pandas ``Series`` indexed by class names (``"AKs"``, ``"AKo"``,
      ``"QQ"``) or by ``(row rank, column rank)`` pairs (a stacked frame);
      classes not listed weigh 0;
    * a numpy masked array: masked cells weigh 0.

    Raises
    ------
    ValueError
        Naming the input: a wrong shape, an unknown or repeated label, a
        value that is not a number (text, None, complex), NaN, below 0 or
        above 1 (the message names the cell, e.g. ``AKs``).

    Examples
    --------
    >>> import pandas as pd
    >>> ranks = list("AKQJT98765432")
    >>> frame = pd.DataFrame(0.0, index=ranks[::-1], columns=ranks)
    >>> frame.loc["K", "A"] = 0.5  # row K, column A: AKo
    >>> values = grid_values(frame)
    >>> float(values[cell_of_class("AKo")]), float(values.sum())
    (0.5, 0.5)
    >>> masked = np.ma.masked_array(np.ones((13, 13)), mask=~np.eye(13, dtype=bool))
    >>> float(grid_values(masked).sum())  # only the pairs are not masked
    13.0
    """
    pandas = sys.modules.get("pandas")  # a DataFrame implies pandas is imported
    if pandas is not None and isinstance(grid, pandas.DataFrame):
        rows = _rank_order(grid.index, "row", name)
        columns = _rank_order(grid.columns, "column", name)
        # Name a bad cell as the user sees it: by its labels, not its position.
        labels = _LABEL_ARRAY[np.ix_(rows, columns)]
        placed = np.empty((13, 13))
        placed[np.ix_(rows, columns)] = _numbers(grid.to_numpy(), labels, name)
        return _checked(placed, name)
    if pandas is not None and isinstance(grid, pandas.Series):
        return _checked(_from_series(grid, name), name)
    if np.ma.isMaskedArray(grid):
        # Masked cells are left out; their hidden values (often NaN) are never read.
        data = np.where(np.ma.getmaskarray(grid), 0, np.ma.getdata(grid))
        return _checked(_numbers(_shaped(data, grid, name), _LABEL_ARRAY, name), name)
    try:
        array = np.asarray(grid)
    except (ValueError, TypeError):  # ragged nested lists
        raise ValueError(
            f"{name}: a grid is 13x13 numbers, got a ragged {type(grid).__name__}"
        ) from None
    return _checked(_numbers(_shaped(array, grid, name), _LABEL_ARRAY, name), name)


#: GRID_LABELS as an array, to name the cell of a bad value.
_LABEL_ARRAY = np.array(GRID_LABELS, dtype=object)


def _shaped(array: NDArray[Any], grid: Any, name: str) -> NDArray[Any]:
    if array.shape != (13, 13):
        raise ValueError(
            f"{name}: a grid is 13x13, got shape {array.shape} ({type(grid).__name__})"
        )
    return array


def _numbers(array: NDArray[Any], labels: NDArray[Any], name: str) -> NDArray[np.float64]:
    """``array`` as float64: real numbers only (``True``/``False`` read as 1/0).

    ``labels`` (same shape) names each cell in the error for text, None,
    complex or any other value that is not a real number.
    """
    array = np.asarray(array)
    if array.dtype.kind not in "biuf":
        for index, value in np.ndenumerate(array):
            if not isinstance(value, numbers.Real):
                shown = value.item() if isinstance(value, np.generic) else value
                raise ValueError(
                    f"{name}: grid values must be numbers in [0, 1]; cell {labels[index]} "
                    f"holds {shown!r}"
                )
    return array.astype(np.float64)


def _checked(values: NDArray[np.float64], name: str) -> NDArray[np.float64]:
    """Refuse NaN, negative and above-1 weights, naming the first such cell."""
    for bad, what in (
        (np.isnan(values), "not a number"),
        (values < 0, "below 0"),
        (values > 1, "above 1"),
    ):
        if bad.any():
            row, column = (int(index) for index in np.argwhere(bad)[0])
            raise ValueError(
                f"{name}: grid values must be numbers in [0, 1]; cell {GRID_LABELS[row][column]} "
                f"(row {GRID_RANKS[row]}, column {GRID_RANKS[column]}) is "
                f"{float(values[row, column])!r}, {what}"
            )
    return values


def _rank_of(label: Any) -> int | None:
    """Grid index of a rank label ("A" is 0, "2" is 12), or None if it is not a rank."""
    if isinstance(label, bool | np.bool_):
        return None
    text = str(label).strip().upper()
    text = "T" if text == "10" else text
    if len(text) != 1 or text not in GRID_RANKS:
        return None
    return GRID_RANKS.index(text)


def _rank_order(labels: Any, axis: str, name: str) -> NDArray[np.int64]:
    """Grid index of each row (or column) label; labels 0..12 in order mean "by position"."""
    values = list(labels)
    if values == list(range(13)) and not any(isinstance(v, bool | np.bool_) for v in values):
        return np.arange(13)  # an unlabelled frame: pandas numbers rows and columns 0..12
    found = [_rank_of(label) for label in values]
    unknown = [label for label, rank in zip(values, found, strict=True) if rank is None]
    if unknown:
        raise ValueError(
            f"{name}: grid {axis} labels must be the ranks A, K, Q, J, T, 9, ..., 2; "
            f"got unknown {axis} label(s) {unknown}"
        )
    ranks = [rank for rank in found if rank is not None]
    repeated = sorted({GRID_RANKS[rank] for rank in ranks if ranks.count(rank) > 1})
    if repeated:
        raise ValueError(f"{name}: grid {axis} labels name rank(s) {repeated} more than once")
    if len(ranks) != 13:
        missing = [rank for index, rank in enumerate(GRID_RANKS) if index not in ranks]
        raise ValueError(f"{name}: a grid is 13x13, but its {axis} labels lack {missing}")
    return np.array(ranks, dtype=np.int64)


def _from_series(series: Any, name: str) -> NDArray[np.float64]:
    """Weights of a Series indexed by class names or (row rank, column rank) pairs."""
    labels = list(series.index)
    values = _numbers(series.to_numpy(), np.array([str(label) for label in labels]), name)
    cells: list[tuple[int, int]] = []
    for label in labels:
        cell = _series_cell(label)
        if cell is None:
            raise ValueError(
                f"{name}: grid Series labels must be hand classes ('AKs', 'AKo', 'QQ') or "
                f"(row rank, column rank) pairs; got {label!r}"
            )
        cells.append(cell)
    if len(set(cells)) != len(cells):
        repeated = sorted({GRID_LABELS[r][c] for r, c in cells if cells.count((r, c)) > 1})
        raise ValueError(f"{name}: grid Series names cell(s) {repeated} more than once")
    placed = np.zeros((13, 13))
    for (row, column), value in zip(cells, values, strict=True):
        placed[row, column] = value
    return placed


def _series_cell(label: Any) -> tuple[int, int] | None:
    if isinstance(label, tuple):
        if len(label) != 2:
            return None
        row, column = _rank_of(label[0]), _rank_of(label[1])
        return None if row is None or column is None else (row, column)
    if not isinstance(label, str):
        return None
    text = label.strip()
    # "AKs": ranks any case, suffix any case; "10" may spell a ten.
    text = text.upper().replace("10", "T")
    if len(text) == 3:
        text = text[:2] + text[2].lower()
    try:
        return cell_of_class(text)
    except ValueError:
        return None


def grid_html(values: NDArray[np.float64], caption: str) -> str:
    """The 13x13 grid as an HTML table, each cell shaded by its weight (a range's notebook view).

    ``caption`` is HTML (escaped by the caller).
    """
    rows = []
    for row in range(13):
        cells = []
        for column in range(13):
            value = float(values[row, column])
            label = GRID_LABELS[row][column]
            tip = f"{label}: {value:.0%} of {CELL_COMBOS[row, column]} combos"
            cells.append(
                f'<td title="{tip}" style="background:rgba(214,39,40,{value:.3f});'
                f'text-align:center;padding:2px 4px;font-size:11px">{label}</td>'
            )
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<table style="border-collapse:collapse">'
        f"<caption>{caption}</caption>{''.join(rows)}</table>"
    )
