"""The 13x13 range grid as a matplotlib heatmap, from a range or its text (``Range.plot()``).

Needs the ``showdown[plot]`` extra (matplotlib). The drawing itself is in
:mod:`~showdown.cards.range_heatmap`, which ``Range.plot`` calls directly.

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

from .range_heatmap import cell_means, draw_grid, draw_range
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
    return cell_means(rng, values)


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
        return draw_range(
            rng,
            values=values,
            ax=ax,
            cmap=cmap,
            vmin=vmin,
            vmax=vmax,
            labels=labels,
            colorbar_label=colorbar_label,
            title=title,
        )
    if values is not None:
        raise ValueError("values: give per-combo values with a Range, not with a grid")
    grid = np.asarray(hand_range, dtype=np.float64)
    if grid.shape != (13, 13):
        raise ValueError(f"hand_range: a grid is 13x13, got shape {grid.shape}")
    return draw_grid(
        grid,
        ax=ax,
        cmap=cmap if cmap is not None else "Reds",
        vmin=vmin,
        vmax=vmax,
        labels=labels,
        colorbar_label=colorbar_label,
        title=title,
    )
