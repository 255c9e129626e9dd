"""Plots of equity results and range statistics (the ``showdown[plot]`` extra).

Each function draws on ``ax`` (a new figure when ``None``) and returns the
Axes. They take either a result object or plain arrays, so later results
(per-combo equity, runouts, the preflop matrix) plug into the same pieces.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from showdown import equity
>>> result = equity(["AsKs", "QhQd"], samples=20_000, seed=1)
>>> ax = plot_equity(result)
>>> [round(float(bar.get_height()), 2) for bar in ax.patches]
[0.46, 0.54]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from ..._plotting import Z_95, bar_chart, heatmap, pyplot
from ...cards.range_grid import HAND_CLASSES
from ..formatting import CATEGORY_LABELS

if TYPE_CHECKING:
    # Only named: EquityResult.plot imports this module, so this one must not import result.
    from ..result import EquityResult

__all__ = [
    "plot_categories",
    "plot_equity",
    "plot_equity_distribution",
    "plot_preflop_matrix",
    "plot_runouts",
]


def plot_equity(
    result: EquityResult | None = None,
    *,
    players: Sequence[str] | None = None,
    equity: ArrayLike | None = None,
    stderr: ArrayLike | None = None,
    ax: Any = None,
    z: float = Z_95,
    title: str | None = None,
) -> Any:
    """Each player's equity as a bar; sampled runs get +-``z`` standard-error bars (95 %).

    Pass an :class:`~showdown.equity.EquityResult` (its ``players``,
    ``equity``, ``stderr`` and ``exact`` are used), or the arrays
    ``players``, ``equity`` and optionally ``stderr``. A hi-lo result gets
    three bars per player: ``equity``, ``high_equity`` and ``low_equity``
    (the error bar on ``equity`` only: the halves have no standard error).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_equity(players=["AA", "KK"], equity=[0.82, 0.18], stderr=[0.001, 0.001])
    >>> [label.get_text() for label in ax.get_xticklabels()]
    ['AA', 'KK']
    """
    if result is not None:
        labels = list(result.players)
        values = np.asarray(result.equity, dtype=np.float64)
        errors = None if result.exact else z * np.asarray(result.stderr, dtype=np.float64)
        how = "exact" if result.exact else f"sampled, ±{z:.2f} SE"
        default_title = f"{result.game}{', board ' + result.board if result.board else ''} ({how})"
        if result.hilo:
            return _hilo_bars(result, errors, title if title is not None else default_title, ax)
    else:
        if players is None or equity is None:
            raise ValueError("plot_equity: pass an EquityResult, or players= and equity=")
        labels = list(players)
        values = np.asarray(equity, dtype=np.float64)
        errors = None if stderr is None else z * np.asarray(stderr, dtype=np.float64)
        default_title = None
    if values.shape != (len(labels),):
        raise ValueError(f"equity: expected {len(labels)} values, got shape {values.shape}")
    return bar_chart(
        values,
        group_labels=labels,
        errors=errors,
        ax=ax,
        value_label="equity",
        title=title if title is not None else default_title,
        percent=True,
    )


def _hilo_bars(result: EquityResult, errors: Any, title: str, ax: Any) -> Any:
    """A hi-lo result's equity and expected half shares, three bars per player."""
    assert result.high_equity is not None and result.low_equity is not None
    values = np.column_stack([result.equity, result.high_equity, result.low_equity])
    if errors is not None:
        errors = np.column_stack([errors, np.full((len(errors), 2), np.nan)])
    return bar_chart(
        values,
        group_labels=list(result.players),
        series_labels=["equity", "high half", "low half"],
        errors=errors,
        ax=ax,
        value_label="share of the pot",
        title=title,
        percent=True,
    )


def plot_categories(
    source: Any,
    *,
    players: Sequence[str] | None = None,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """Distribution over hand categories (and draws, for range statistics).

    Parameters
    ----------
    source
        An :class:`~showdown.equity.EquityResult` (final high-hand category
        of each player: grouped bars, one series per player); a DataFrame
        from :func:`~showdown.equity.analysis.range_stats.range_stats` (horizontal
        bars of each row's share, made hands then draws); or an array
        ``(players, 9)`` / ``(9,)`` of category fractions (high card first).
    players
        Series labels for an array source.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from showdown import range_stats
    >>> ax = plot_categories(range_stats("QQ+, AKs", "Kd7c2h"))
    >>> [label.get_text() for label in ax.get_yticklabels()][:2]
    ['Straight Flush', 'Four of a Kind']
    """
    if hasattr(source, "columns") and "share" in getattr(source, "columns", ()):
        shares = source["share"].to_numpy(dtype=np.float64)
        board = source.attrs.get("board", "")
        return bar_chart(
            shares,
            group_labels=[str(name) for name in source.index],
            ax=ax,
            horizontal=True,
            value_label="share of the range",
            title=title if title is not None else (f"range on {board}" if board else None),
            percent=True,
        )
    if hasattr(source, "categories") and hasattr(source, "players"):
        # An EquityResult (recognised by what it has: ``result`` imports this module).
        fractions = np.asarray(source.categories, dtype=np.float64)
        series = list(source.players)
        default_title = "final hand categories"
    else:
        fractions = np.atleast_2d(np.asarray(source, dtype=np.float64))
        if fractions.shape[1] != len(CATEGORY_LABELS):
            raise ValueError(
                f"source: expected (players, {len(CATEGORY_LABELS)}) fractions, "
                f"got shape {fractions.shape}"
            )
        series = (
            list(players)
            if players is not None
            else [f"player {i + 1}" for i in range(len(fractions))]
        )
        default_title = None
    return bar_chart(
        fractions.T,
        group_labels=CATEGORY_LABELS,
        series_labels=series,
        ax=ax,
        horizontal=True,
        value_label="share of deals",
        title=title if title is not None else default_title,
        percent=True,
    )


def plot_runouts(
    runouts: Any,
    equity: ArrayLike | None = None,
    players: Sequence[str] | None = None,
    *,
    baseline: ArrayLike | None = None,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """Each player's equity after each possible next card (a runout chart).

    Parameters
    ----------
    runouts
        What :func:`~showdown.equity.runouts` returns (a DataFrame indexed by
        the next card, with a ``share`` column and one column per player),
        or the next cards' text, one per group (``["2c", "2d", ...]``), with
        ``equity`` and ``players`` given as arrays.
    equity
        ``(cards, players)`` equity after each card (only with a card list).
    players
        Series labels (only with a card list).
    baseline
        Optional current equity of each player, drawn as dashed lines.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import showdown
    >>> ax = plot_runouts(showdown.runouts(["AhKh", "QsQd"], board="2c7d9h"))
    >>> len(ax.patches)  # 45 turn cards, two players
    90
    >>> equity_by_card = [[0.9, 0.1], [0.3, 0.7]]
    >>> ax = plot_runouts(["Ah", "2c"], equity_by_card, ["AsKs", "QQ"], baseline=[0.5, 0.5])
    >>> [round(float(bar.get_height()), 1) for bar in ax.patches]
    [0.9, 0.3, 0.1, 0.7]
    """
    columns = getattr(runouts, "columns", None)
    if columns is not None:
        # A runouts() frame: cards are the index, every column but ``share`` is a player.
        if equity is not None or players is not None:
            raise ValueError("equity/players: give them only with a list of cards, not a DataFrame")
        players = [str(name) for name in columns if name != "share"]
        cards: list[str] = [str(card) for card in runouts.index]
        values = np.asarray(runouts[players], dtype=np.float64)
    else:
        if equity is None or players is None:
            raise TypeError(
                "plot_runouts: pass the DataFrame that showdown.runouts() returns, "
                "or cards, equity and players"
            )
        cards = [str(card) for card in runouts]
        players = [str(name) for name in players]
        values = np.asarray(equity, dtype=np.float64)
    if values.shape != (len(cards), len(players)):
        raise ValueError(
            f"equity: expected shape ({len(cards)}, {len(players)}), got {values.shape}"
        )
    ax = bar_chart(
        values,
        group_labels=cards,
        series_labels=players,
        ax=ax,
        value_label="equity",
        title=title,
        percent=True,
    )
    if baseline is not None:
        for index, level in enumerate(np.asarray(baseline, dtype=np.float64).reshape(-1)):
            ax.axhline(level, linestyle="--", linewidth=1, color=f"C{index}")
    ax.tick_params(axis="x", labelrotation=90)
    return ax


def plot_preflop_matrix(
    matrix: Any,
    *,
    labels: Sequence[str] | None = None,
    ax: Any = None,
    cmap: str = "RdYlGn",
    title: str | None = "heads-up preflop equity (row vs column)",
) -> Any:
    """A 169x169 heads-up equity table of hand classes as a heatmap.

    Parameters
    ----------
    matrix
        ``(169, 169)`` equity of the row class against the column class, as
        an array or a DataFrame (its index gives the labels).
    labels
        Class names (default: the DataFrame's index, else grid order
        :data:`~showdown.cards.range_grid.HAND_CLASSES`); every 13th is written.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_preflop_matrix(np.full((169, 169), 0.5))
    >>> ax.images[0].get_array().shape
    (169, 169)
    """
    if labels is None:
        index = getattr(matrix, "index", None)
        labels = [str(name) for name in index] if index is not None else list(HAND_CLASSES)
    values = np.asarray(matrix, dtype=np.float64)
    if values.ndim != 2 or values.shape[0] != values.shape[1] or values.shape[0] != len(labels):
        raise ValueError(
            f"matrix: expected a square table of {len(labels)} classes, got {values.shape}"
        )
    return heatmap(
        values,
        row_labels=labels,
        column_labels=labels,
        ax=ax,
        cmap=cmap,
        vmin=0.0,
        vmax=1.0,
        colorbar_label="equity",
        title=title,
        tick_step=13,
    )


def plot_equity_distribution(
    distribution: Any = None,
    *,
    percentiles: Sequence[ArrayLike] | None = None,
    equities: Sequence[ArrayLike] | None = None,
    labels: Sequence[str] | None = None,
    ax: Any = None,
    title: str | None = None,
) -> Any:
    """Equity curves: each range's combos, weakest first, as a step line.

    x is the percentile of the range (the share of its weight with equity at
    most the combo's), y the combo's equity; one line per player on one
    axis, so a flat line is a range that is all alike and a steep end is a
    range with a few strong hands. Pass an
    :class:`~showdown.equity.analysis.distribution.EquityDistribution`, or per player
    ``percentiles`` and ``equities`` (ascending) with ``labels``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_equity_distribution(
    ...     percentiles=[[0.5, 1.0], [1.0]], equities=[[0.2, 0.9], [0.4]], labels=["QQ+", "AsKs"]
    ... )
    >>> [line.get_label() for line in ax.lines], ax.lines[0].get_ydata().tolist()
    (['QQ+', 'AsKs'], [0.2, 0.2, 0.9])
    """
    if distribution is not None:
        if percentiles is not None or equities is not None:
            raise ValueError(
                "percentiles/equities: give them instead of a distribution, not with one"
            )
        found = distribution.distributions
        percentiles = [row.percentile for row in found]
        equities = [row.equity for row in found]
        if labels is None:
            labels = [f"{row.player + 1}: {row.hand}" for row in found]
        how = "exact" if distribution.exact else "sampled"
        board = f", board {distribution.board}" if distribution.board else ""
        default_title: str | None = f"{distribution.game}{board} ({how})"
    else:
        if percentiles is None or equities is None:
            raise ValueError(
                "plot_equity_distribution: pass an EquityDistribution, or percentiles= and "
                "equities="
            )
        default_title = None
    if len(percentiles) != len(equities) or (labels is not None and len(labels) != len(equities)):
        raise ValueError("percentiles, equities, labels: expected one of each per player")
    ax = ax if ax is not None else pyplot().subplots()[1]
    for index, (xs, ys) in enumerate(zip(percentiles, equities, strict=True)):
        x = np.asarray(xs, dtype=np.float64).reshape(-1)
        y = np.asarray(ys, dtype=np.float64).reshape(-1)
        if x.shape != y.shape or x.size == 0:
            raise ValueError(
                f"percentiles, equities: player {index + 1} has {x.size} percentiles and "
                f"{y.size} equities (expected as many, at least one)"
            )
        # A combo holds its equity over its own slice of the range: (previous percentile, its own].
        label = None if labels is None else labels[index]
        ax.step(np.concatenate([[0.0], x]), np.concatenate([y[:1], y]), where="pre", label=label)
    from matplotlib.ticker import PercentFormatter

    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlim(0.0, 1.0)
    ax.set_ylim(0.0, 1.0)
    ax.set_xlabel("percentile of the range")
    ax.set_ylabel("equity")
    if labels is not None:
        ax.legend()
    chosen_title = title if title is not None else default_title
    if chosen_title:
        ax.set_title(chosen_title)
    return ax
