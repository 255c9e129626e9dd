"""Push/fold plots: equilibrium ranges and charts on the 13x13 grid (matplotlib).

Needs the ``showdown[plot]`` extra.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from showdown import push_fold
>>> shove_axes, call_axes = push_fold(10).plot()
>>> float(shove_axes.images[0].get_array()[0, 0])  # AA: always shoved
1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .._plotting import heatmap, pyplot
from ..cards.plot import plot_range
from ..cards.range_grid import GRID_RANKS

if TYPE_CHECKING:
    from .chart import PushFoldChart
    from .pushfold import PushFoldResult

__all__ = ["plot_push_fold", "plot_push_fold_chart"]


def _two_axes(axes: Any) -> tuple[Any, Any]:
    if axes is not None:
        first, second = axes
        return first, second
    _, created = pyplot().subplots(1, 2, figsize=(13, 6))
    return created[0], created[1]


def plot_push_fold(result: PushFoldResult, *, axes: Any = None) -> tuple[Any, Any]:
    """The shoving and calling ranges of one equilibrium, side by side (frequency shading)."""
    shove_axes, call_axes = _two_axes(axes)
    unit = "bb" if result.unit == "bb" else "bb, ICM"
    plot_range(
        result.shove_grid,
        ax=shove_axes,
        colorbar_label="frequency",
        title=f"small blind shoves at {result.stack_bb:g} {unit}",
    )
    plot_range(
        result.call_grid,
        ax=call_axes,
        colorbar_label="frequency",
        title=f"big blind calls at {result.stack_bb:g} {unit}",
    )
    return shove_axes, call_axes


def plot_push_fold_chart(chart: PushFoldChart, *, axes: Any = None) -> tuple[Any, Any]:
    """Largest stack each hand is shoved / called at, as two heatmaps (``*``: a gap)."""
    shove_axes, call_axes = _two_axes(axes)
    top = float(chart.stacks[-1])
    for side, ax, who in (("shove", shove_axes, "shove"), ("call", call_axes, "call")):
        heatmap(
            np.asarray(chart.largest(side)),
            row_labels=list(GRID_RANKS),
            column_labels=list(GRID_RANKS),
            cell_text=chart.table(side),
            ax=ax,
            cmap="YlGn",
            vmin=float(chart.stacks[0]),
            vmax=top,
            colorbar_label="largest stack (bb)",
            title=f"heads-up push/fold: largest stack to {who}"
            + (f" (ante {chart.ante:g})" if chart.ante else ""),
        )
    return shove_axes, call_axes
