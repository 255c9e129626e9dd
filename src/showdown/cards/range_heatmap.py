"""Drawing a range's 13x13 grid: what ``Range.plot()`` and ``plot_range`` share.

This module takes a :class:`~showdown.cards.Range` that already exists (or a
ready grid) and never builds one, so ``Range.plot`` can call it without an
import cycle; :mod:`showdown.cards.plot` is the public face that also takes
range text. Needs the ``showdown[plot]`` extra (matplotlib) to draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._plotting import heatmap
from .range_grid import GRID_LABELS, GRID_RANKS, combo_cells

if TYPE_CHECKING:
    from .range_object import Range

__all__ = ["cell_means", "draw_grid", "draw_range"]


def cell_means(rng: Range, values: ArrayLike) -> NDArray[np.float64]:
    """13x13 weighted mean of one number per combo of ``rng`` over each cell (NaN: empty cell)."""
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


def draw_range(
    rng: Range,
    *,
    values: ArrayLike | None = None,
    ax: Any = None,
    cmap: str | None = None,
    title: str | None = None,
    **options: Any,
) -> Any:
    """Draw ``rng`` shaded by weight, or by the weighted mean of per-combo ``values``.

    The options are :func:`~showdown.cards.plot.plot_range`'s; the title
    defaults to the range's text when that is short.
    """
    grid = rng.grid() if values is None else cell_means(rng, values)
    text = str(rng)
    return draw_grid(
        grid,
        ax=ax,
        cmap=cmap if cmap is not None else ("Reds" if values is None else "RdYlGn"),
        title=title if title is not None else (text if len(text) <= 60 else None),
        **options,
    )


def draw_grid(
    grid: NDArray[np.float64],
    *,
    ax: Any = None,
    cmap: str = "Reds",
    vmin: float = 0.0,
    vmax: float = 1.0,
    labels: bool = True,
    colorbar_label: str | None = None,
    title: str | None = None,
) -> Any:
    """Draw a 13x13 grid with the hand classes' rows and columns (A first)."""
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
        title=title,
    )
