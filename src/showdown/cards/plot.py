"""The 13x13 range grid as a matplotlib heatmap (``Range.plot()``).

Needs the ``showdown[plot]`` extra (matplotlib).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from showdown import Range
>>> ax = Range("QQ+, AKs:0.5").plot()
>>> ax.images[0].get_array()[0, :3].tolist()  # AA, AKs, AQs
[1.0, 0.5, 0.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._plotting import heatmap
from .range_grid import GRID_LABELS, GRID_RANKS, combo_cells
from .range_object import Range
from .ranges import HandRange

__all__ = ["combo_values_grid", "plot_range"]


def combo_values_grid(
    hand_range: Range | HandRange | str, values: ArrayLike
) -> NDArray[np.float64]:
    """13x13 weighted mean of a per-combo value over each cell's combos (NaN: empty cell).

    Parameters
    ----------
    hand_range
        The range whose combos ``values`` follow, in ``hand_range.combos`` order.
    values
        One number per combo (for example each combo's equity).

    Examples
    --------
    >>> from showdown import Range
    >>> rng = Range("AKs, 22")
    >>> grid = combo_values_grid(rng, [0.5] * 6 + [0.2, 0.4, 0.6, 0.8])
    >>> round(float(grid[0, 1]), 3), float(grid[12, 12]), bool(np.isnan(grid[0, 0]))
    (0.5, 0.5, True)
    """
    rng = hand_range if isinstance(hand_range, Range) else Range(hand_range)
    per_combo = np.asarray(values, dtype=np.float64).reshape(-1)
    if per_combo.size != len(rng):
        raise ValueError(f"values: {per_combo.size} values for {len(rng)} combos of {rng}")
    cells = combo_cells(rng.combos)
    sums = np.zeros((13, 13))
    weights = np.zeros((13, 13))
    np.add.at(sums, (cells[:, 0], cells[:, 1]), rng.weights * per_combo)
    np.add.at(weights, (cells[:, 0], cells[:, 1]), rng.weights)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(weights > 0, sums / weights, np.nan)


def plot_range(
    hand_range: Range | HandRange | str | ArrayLike,
    *,
    values: ArrayLike | None = None,
    ax: Any = None,
    cmap: str | None = None,
    vmin: float = 0.0,
    vmax: float = 1.0,
    labels: bool = True,
    colorbar_label: str | None = None,
    title: str | None = None,
) -> Any:
    """Draw a range on the 13x13 grid (A first; suited above the diagonal).

    Parameters
    ----------
    hand_range
        A :class:`~showdown.cards.Range` (or range text), or a ready 13x13 array.
    values
        Optional per-combo numbers in ``combos`` order (per-combo equity, say):
        each cell is coloured by their weighted mean and empty cells stay
        blank. Without it, cells are shaded by the range's weight
        (:meth:`Range.grid`).
    cmap, vmin, vmax
        Colour map and its limits (``"Reds"`` for weights, ``"RdYlGn"`` for values).
    labels
        Write the class name (``AKs``) in each cell.
    colorbar_label
        Draw a colour bar with this label.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if isinstance(hand_range, (Range, HandRange, str)):
        rng = hand_range if isinstance(hand_range, Range) else Range(hand_range)
        grid = rng.grid() if values is None else combo_values_grid(rng, values)
        default_title = str(rng) if len(str(rng)) <= 60 else None
    else:
        if values is not None:
            raise ValueError("values: give per-combo values with a Range, not with a grid")
        grid = np.asarray(hand_range, dtype=np.float64)
        if grid.shape != (13, 13):
            raise ValueError(f"hand_range: a grid is 13x13, got shape {grid.shape}")
        default_title = None
    if cmap is None:
        cmap = "Reds" if values is None else "RdYlGn"
    return heatmap(
        grid,
        row_labels=list(GRID_RANKS),
        column_labels=list(GRID_RANKS),
        cell_text=GRID_LABELS if labels else None,
        ax=ax,
        cmap=cmap,
        vmin=vmin,
        vmax=vmax,
        colorbar_label=colorbar_label,
        title=title if title is not None else default_title,
    )
