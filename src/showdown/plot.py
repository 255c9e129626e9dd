"""Every plot in one place (needs the ``showdown[plot]`` extra: matplotlib).

Each function draws on ``ax=`` (a new figure when ``None``) and returns the
matplotlib Axes.

=============================  ===================================================
``plot_range``                 a range on the 13x13 grid (also ``Range.plot()``)
``plot_equity``                equity bars, 95 % error bars for sampled runs
``plot_equity_distribution``   equity curves: each range's combos by percentile
``plot_categories``            hand categories of an equity result or range_stats
``plot_runouts``               equity after each possible next card
``plot_preflop_matrix``        a 169x169 heads-up equity table
``cumulative_net_chart``       running net per seat with a random-walk band
``heatmap``, ``bar_chart``,    the building blocks, over plain arrays
``band_chart``
=============================  ===================================================

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from showdown.plot import plot_range
>>> plot_range("AKs, QQ+").images[0].get_array().shape
(13, 13)
"""

from ._plotting import band_chart, bar_chart, cumulative_net_chart, heatmap
from .cards.plot import combo_values_grid, plot_range
from .equity.analysis.plot import (
    plot_categories,
    plot_equity,
    plot_equity_distribution,
    plot_preflop_matrix,
    plot_runouts,
)

__all__ = [
    "band_chart",
    "bar_chart",
    "combo_values_grid",
    "cumulative_net_chart",
    "heatmap",
    "plot_categories",
    "plot_equity",
    "plot_equity_distribution",
    "plot_preflop_matrix",
    "plot_range",
    "plot_runouts",
]
