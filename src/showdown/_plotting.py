"""Matplotlib building blocks shared by every plot in showdown.

Plots are optional: matplotlib is the ``showdown[plot]`` extra and is only
imported when a plot is drawn. Every function takes plain arrays, draws on
``ax`` (a new figure's axes when ``None``) and returns the Axes, so a caller
can combine plots, restyle them or test what was drawn. The subpackages'
plots (``showdown.cards.plot``, ``showdown.equity.analysis.plot``, simulation
results) are thin layers over these.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> ax = bar_chart([0.6, 0.4], group_labels=["AsKs", "QQ"], errors=[0.01, 0.01])
>>> [round(float(bar.get_height()), 2) for bar in ax.patches]
[0.6, 0.4]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["band_chart", "bar_chart", "cumulative_net_chart", "heatmap", "pyplot"]

#: Two-sided 95 % normal quantile: error bars and bands cover +-1.96 standard errors.
Z_95 = 1.959963984540054


def pyplot() -> Any:
    """``matplotlib.pyplot``, or an ImportError saying how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(
            "plots need matplotlib: pip install -e '.[plot]' (or pip install matplotlib)"
        ) from error
    return plt


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    _, new = pyplot().subplots()
    return new


def heatmap(
    values: ArrayLike,
    *,
    row_labels: Sequence[str] | None = None,
    column_labels: Sequence[str] | None = None,
    cell_text: Sequence[Sequence[str]] | None = None,
    ax: Any = None,
    cmap: str = "viridis",
    vmin: float | None = None,
    vmax: float | None = None,
    colorbar_label: str | None = None,
    title: str | None = None,
    tick_step: int = 1,
) -> Any:
    """A matrix as coloured cells; NaN cells are left blank.

    Parameters
    ----------
    values
        2-D array ``(rows, columns)``.
    row_labels, column_labels
        Tick labels (every ``tick_step``-th is shown).
    cell_text
        Text drawn in each cell (same shape as ``values``), e.g. hand classes.
    colorbar_label
        Draw a colour bar with this label (``None``: no colour bar).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = heatmap([[0.0, 1.0], [0.5, float("nan")]], row_labels=["a", "b"])
    >>> ax.images[0].get_array().mask.tolist()
    [[False, False], [False, True]]
    """
    matrix = np.ma.masked_invalid(np.asarray(values, dtype=np.float64))
    if matrix.ndim != 2:
        raise ValueError(f"values: expected a 2-D array, got shape {matrix.shape}")
    ax = _axes(ax)
    image = ax.imshow(matrix, cmap=cmap, vmin=vmin, vmax=vmax, aspect="equal")
    rows, columns = matrix.shape
    if row_labels is not None:
        ax.set_yticks(range(0, rows, tick_step), list(row_labels)[::tick_step])
    if column_labels is not None:
        ax.set_xticks(range(0, columns, tick_step), list(column_labels)[::tick_step])
        ax.xaxis.tick_top()
    if cell_text is not None:
        size = 7 if max(rows, columns) > 8 else 9
        for row in range(rows):
            for column in range(columns):
                ax.text(
                    column,
                    row,
                    cell_text[row][column],
                    ha="center",
                    va="center",
                    fontsize=size,
                )
    if colorbar_label is not None:
        ax.figure.colorbar(image, ax=ax, label=colorbar_label, shrink=0.8)
    if title:
        ax.set_title(title)
    return ax


def bar_chart(
    values: ArrayLike,
    *,
    group_labels: Sequence[str],
    series_labels: Sequence[str] | None = None,
    errors: ArrayLike | None = None,
    ax: Any = None,
    horizontal: bool = False,
    value_label: str | None = None,
    title: str | None = None,
    percent: bool = False,
) -> Any:
    """Bars: one per group, or side-by-side series within each group.

    Parameters
    ----------
    values
        ``(groups,)`` or ``(groups, series)``.
    errors
        Half-widths of error bars, same shape as ``values`` (``None``: none).
    percent
        Label the value axis in percent (values are fractions).

    Bars are drawn group by group within a series, series after series, so
    ``ax.patches`` lists series 0's bars first.
    """
    data = np.asarray(values, dtype=np.float64)
    matrix = data.reshape(len(data), -1) if data.ndim else data.reshape(1, 1)
    if len(group_labels) != matrix.shape[0]:
        raise ValueError(f"group_labels: {len(group_labels)} labels for {matrix.shape[0]} groups")
    error_matrix = None if errors is None else np.asarray(errors, np.float64).reshape(matrix.shape)
    ax = _axes(ax)
    n_groups, n_series = matrix.shape
    width = 0.8 / n_series
    positions = np.arange(n_groups)
    for series in range(n_series):
        offsets = positions - 0.4 + width * (series + 0.5)
        label = None if series_labels is None else series_labels[series]
        error = None if error_matrix is None else error_matrix[:, series]
        draw = ax.barh if horizontal else ax.bar
        size = {"height": width} if horizontal else {"width": width}
        error_key = "xerr" if horizontal else "yerr"
        draw(offsets, matrix[:, series], label=label, capsize=3, **size, **{error_key: error})
    if horizontal:
        ax.set_yticks(positions, list(group_labels))
        ax.invert_yaxis()  # first group on top, as tables read
    else:
        ax.set_xticks(positions, list(group_labels))
    value_axis = ax.xaxis if horizontal else ax.yaxis
    if percent:
        from matplotlib.ticker import PercentFormatter

        value_axis.set_major_formatter(PercentFormatter(1.0))
    if value_label:
        (ax.set_xlabel if horizontal else ax.set_ylabel)(value_label)
    if series_labels is not None and n_series > 1:
        ax.legend()
    if title:
        ax.set_title(title)
    return ax


def band_chart(
    x: ArrayLike,
    lines: ArrayLike,
    *,
    lower: ArrayLike | None = None,
    upper: ArrayLike | None = None,
    labels: Sequence[str] | None = None,
    ax: Any = None,
    xlabel: str | None = None,
    ylabel: str | None = None,
    title: str | None = None,
) -> Any:
    """Lines ``(points, series)`` over ``x``, each with an optional shaded band.

    ``lower`` and ``upper`` (same shape as ``lines``) bound the bands; the
    band of series ``i`` is drawn in that series' colour.
    """
    xs = np.asarray(x, dtype=np.float64)
    ys = np.asarray(lines, dtype=np.float64).reshape(len(xs), -1)
    ax = _axes(ax)
    low = None if lower is None else np.asarray(lower, np.float64).reshape(ys.shape)
    high = None if upper is None else np.asarray(upper, np.float64).reshape(ys.shape)
    for series in range(ys.shape[1]):
        label = None if labels is None else labels[series]
        (line,) = ax.plot(xs, ys[:, series], label=label)
        if low is not None and high is not None:
            ax.fill_between(xs, low[:, series], high[:, series], color=line.get_color(), alpha=0.2)
    if xlabel:
        ax.set_xlabel(xlabel)
    if ylabel:
        ax.set_ylabel(ylabel)
    if labels is not None:
        ax.legend()
    if title:
        ax.set_title(title)
    return ax


def cumulative_net_chart(
    net: ArrayLike,
    labels: Sequence[str],
    *,
    ax: Any = None,
    z: float = Z_95,
    ylabel: str = "net (big blinds)",
    title: str | None = None,
) -> Any:
    """Running total of each seat's net per hand, with a band of where it should lie.

    Parameters
    ----------
    net
        ``(hands, seats)`` net result of each hand (in big blinds, say).
    z
        Band half-width in standard deviations: the band after ``k`` hands is
        ``k * mean +- z * sd * sqrt(k)``, where ``mean`` and ``sd`` are the
        seat's per-hand mean and standard deviation. With the default it is
        the 95 % range of a random walk with the seat's measured win rate and
        spread, so a line leaving it for long marks a streak.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = cumulative_net_chart([[1.0, -1.0], [3.0, -3.0]], ["hero", "villain"])
    >>> ax.lines[0].get_ydata().tolist(), ax.lines[1].get_ydata().tolist()
    ([1.0, 4.0], [-1.0, -4.0])
    """
    results = np.asarray(net, dtype=np.float64)
    if results.ndim == 1:
        results = results[:, None]
    if results.ndim != 2 or results.shape[1] != len(labels):
        raise ValueError(f"net: expected (hands, {len(labels)}) values, got {results.shape}")
    hands = np.arange(1, len(results) + 1, dtype=np.float64)
    totals = np.cumsum(results, axis=0)
    mean = results.mean(axis=0)
    spread = results.std(axis=0, ddof=1) if len(results) > 1 else np.zeros(results.shape[1])
    centre = hands[:, None] * mean[None, :]
    half = z * spread[None, :] * np.sqrt(hands)[:, None]
    return band_chart(
        hands,
        totals,
        lower=centre - half,
        upper=centre + half,
        labels=list(labels),
        ax=ax,
        xlabel="hands",
        ylabel=ylabel,
        title=title,
    )
