"""Plots: render with the Agg backend and check what was drawn (data, not pixels).

Skipped only when matplotlib (the ``showdown[plot]`` extra) is missing.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.container import BarContainer  # noqa: E402

import showdown  # noqa: E402
from showdown import Range, equity, range_stats  # noqa: E402
from showdown._plotting import (  # noqa: E402
    Z_95,
    band_chart,
    bar_chart,
    cumulative_net_chart,
    heatmap,
)
from showdown.cards.plot import combo_values_grid, plot_range  # noqa: E402
from showdown.cards.range_grid import GRID_LABELS, HAND_CLASSES  # noqa: E402
from showdown.equity.analysis.plot import (  # noqa: E402
    plot_categories,
    plot_equity,
    plot_preflop_matrix,
    plot_runouts,
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def bar_values(ax, horizontal: bool = False) -> list[float]:
    return [float(p.get_width() if horizontal else p.get_height()) for p in ax.patches]


def bar_containers(ax) -> list[BarContainer]:
    return [c for c in ax.containers if isinstance(c, BarContainer)]


def error_half_widths(container: BarContainer) -> list[float]:
    """Half-length of each error bar of a bar container."""
    assert container.errorbar is not None
    segments = container.errorbar.lines[2][0].get_segments()
    return [float(abs(seg[1][1] - seg[0][1]) / 2) for seg in segments]


# ------------------------------------------------------------ generic pieces


def test_heatmap_draws_the_matrix_labels_and_text() -> None:
    values = np.arange(6, dtype=float).reshape(2, 3)
    values[1, 2] = np.nan
    ax = heatmap(
        values,
        row_labels=["r0", "r1"],
        column_labels=["a", "b", "c"],
        cell_text=[["x", "y", "z"], ["u", "v", "w"]],
        colorbar_label="value",
        title="t",
    )
    image = ax.images[0].get_array()
    np.testing.assert_array_equal(image.filled(-1), [[0, 1, 2], [3, 4, -1]])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["r0", "r1"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b", "c"]
    assert [t.get_text() for t in ax.texts] == list("xyzuvw")
    assert len(ax.figure.axes) == 2 and ax.get_title() == "t"  # the colour bar
    with pytest.raises(ValueError, match="2-D"):
        heatmap([1.0, 2.0])


def test_bar_chart_series_and_error_bars() -> None:
    values = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])
    errors = values / 10
    ax = bar_chart(
        values, group_labels=["g1", "g2", "g3"], series_labels=["s1", "s2"], errors=errors
    )
    assert bar_values(ax) == pytest.approx([0.1, 0.3, 0.5, 0.2, 0.4, 0.6])
    containers = bar_containers(ax)
    assert error_half_widths(containers[0]) == pytest.approx([0.01, 0.03, 0.05])
    assert error_half_widths(containers[1]) == pytest.approx([0.02, 0.04, 0.06])
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["s1", "s2"]
    horizontal = bar_chart([0.25, 0.75], group_labels=["a", "b"], horizontal=True, percent=True)
    assert bar_values(horizontal, horizontal=True) == [0.25, 0.75]
    with pytest.raises(ValueError, match="group_labels"):
        bar_chart([1.0, 2.0], group_labels=["one"])


def test_band_chart_and_cumulative_net() -> None:
    generator = np.random.default_rng(5)
    net = generator.normal(0.1, 2.0, size=(200, 2))
    ax = cumulative_net_chart(net, ["hero", "villain"])
    for seat in range(2):
        np.testing.assert_allclose(ax.lines[seat].get_ydata(), np.cumsum(net[:, seat]))
    # Band of seat 0: k * mean +- 1.96 * sd * sqrt(k), drawn as one polygon.
    hands = np.arange(1, 201)
    mean, spread = net[:, 0].mean(), net[:, 0].std(ddof=1)
    lower = hands * mean - Z_95 * spread * np.sqrt(hands)
    upper = hands * mean + Z_95 * spread * np.sqrt(hands)
    vertices = ax.collections[0].get_paths()[0].vertices
    at_last = vertices[np.isclose(vertices[:, 0], 200.0)][:, 1]
    assert at_last.min() == pytest.approx(lower[-1]) and at_last.max() == pytest.approx(upper[-1])
    assert ax.get_xlabel() == "hands" and "big blinds" in ax.get_ylabel()
    with pytest.raises(ValueError, match="net"):
        cumulative_net_chart(np.zeros((3, 2)), ["one"])
    plain = band_chart([0, 1, 2], [[1, 2], [2, 3], [3, 4]], labels=["a", "b"])
    assert len(plain.lines) == 2 and not plain.collections


# -------------------------------------------------------------- range grid


def test_range_plot_shades_the_grid() -> None:
    rng = Range("QQ+, AKs:0.5, T9s-76s").remove("Qs")
    ax = rng.plot()
    np.testing.assert_array_equal(ax.images[0].get_array(), rng.grid())
    assert [t.get_text() for t in ax.texts] == [label for row in GRID_LABELS for label in row]
    assert [t.get_text() for t in ax.get_xticklabels()] == list("AKQJT98765432")
    assert ax.get_title() == str(rng) or len(str(rng)) > 60


def test_range_plot_colours_by_per_combo_values() -> None:
    rng = Range("AKs, 22, T9o:0.5")
    values = np.linspace(0.0, 1.0, len(rng))
    # Oracle: weighted mean per class, from the combos' own text.
    sums: dict[str, float] = {}
    weights: dict[str, float] = {}
    for combo, weight, value in zip(rng.to_pandas().hand_class, rng.weights, values, strict=True):
        sums[combo] = sums.get(combo, 0.0) + weight * value
        weights[combo] = weights.get(combo, 0.0) + weight
    ax = plot_range(rng, values=values, colorbar_label="equity", labels=False)
    image = ax.images[0].get_array()
    for name in sums:
        row, column = showdown.cards.range_grid.cell_of_class(name)
        assert image[row, column] == pytest.approx(sums[name] / weights[name])
    assert int(np.ma.count(image)) == 3 and not ax.texts  # other cells blank, no labels
    np.testing.assert_array_equal(np.ma.filled(image, np.nan), combo_values_grid(rng, values))
    with pytest.raises(ValueError, match="values"):
        plot_range(rng, values=[0.5])


def test_range_plot_takes_a_grid() -> None:
    grid = np.random.default_rng(1).random((13, 13))
    ax = plot_range(grid)
    np.testing.assert_array_equal(ax.images[0].get_array(), grid)
    with pytest.raises(ValueError, match="13x13"):
        plot_range(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="per-combo"):
        plot_range(grid, values=np.zeros(3))


# ---------------------------------------------------------------- equity


def test_equity_bars_exact_have_no_error_bars() -> None:
    result = equity(["AcAs", "KhKd"], exact=True)
    ax = plot_equity(result)
    assert bar_values(ax) == pytest.approx(result.equity.tolist())
    assert bar_containers(ax)[0].errorbar is None
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "AsAc",
        "KhKd",
    ]  # canonical: higher suit first
    assert "exact" in ax.get_title()


def test_equity_bars_sampled_have_95_percent_error_bars() -> None:
    result = equity(["AsKs", "QQ", "random"], samples=30_000, seed=2)
    ax = plot_equity(result)
    assert bar_values(ax) == pytest.approx(result.equity.tolist())
    assert error_half_widths(bar_containers(ax)[0]) == pytest.approx(
        (Z_95 * result.stderr).tolist()
    )
    from_arrays = plot_equity(players=["a", "b"], equity=[0.3, 0.7], stderr=[0.01, 0.02], z=1.0)
    assert error_half_widths(bar_containers(from_arrays)[0]) == pytest.approx([0.01, 0.02])
    with pytest.raises(ValueError, match="players= and equity="):
        plot_equity()
    with pytest.raises(ValueError, match="expected 2 values"):
        plot_equity(players=["a", "b"], equity=[1.0])


def test_category_bars_from_an_equity_result() -> None:
    result = equity(["AsKs", "QhQd"], board="Kd7c2h")
    ax = plot_categories(result)
    widths = bar_values(ax, horizontal=True)
    assert widths == pytest.approx(result.categories.reshape(-1).tolist())  # player 1 first
    assert ax.get_yticklabels()[0].get_text() == "High Card"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["AsKs", "QhQd"]


def test_category_bars_from_range_stats_and_arrays() -> None:
    stats = range_stats("QQ+, AKs, T9s-76s", "Kd7c2h")
    ax = plot_categories(stats)
    assert bar_values(ax, horizontal=True) == pytest.approx(stats["share"].tolist())
    assert [t.get_text() for t in ax.get_yticklabels()] == list(stats.index)
    assert "Kd7c2h" in ax.get_title()
    array_ax = plot_categories(np.eye(9)[:2], players=["x", "y"])
    assert bar_values(array_ax, horizontal=True)[:2] == [1.0, 0.0]
    with pytest.raises(ValueError, match="fractions"):
        plot_categories(np.zeros((2, 4)))


def test_runout_chart() -> None:
    cards = ["Ah", "Kd", "2c"]
    values = np.array([[0.9, 0.1], [0.6, 0.4], [0.2, 0.8]])
    ax = plot_runouts(cards, values, ["AsKs", "QQ"], baseline=[0.55, 0.45])
    assert bar_values(ax) == pytest.approx(values.T.reshape(-1).tolist())
    assert [t.get_text() for t in ax.get_xticklabels()] == cards
    levels = sorted(float(line.get_ydata()[0]) for line in ax.lines)
    assert levels == [0.45, 0.55]
    with pytest.raises(ValueError, match="shape"):
        plot_runouts(cards, values[:2], ["a", "b"])


def test_runout_chart_takes_what_runouts_returns() -> None:
    pytest.importorskip("pandas")
    frame = showdown.runouts(["AhKh", "QsQd"], board="2c7d9h")
    ax = plot_runouts(frame)
    expected = frame[["AhKh", "QsQd"]].to_numpy().T.reshape(-1)
    assert bar_values(ax) == pytest.approx(expected.tolist())
    assert [t.get_text() for t in ax.get_xticklabels()] == list(frame.index)
    with pytest.raises(ValueError, match="only with a list of cards"):
        plot_runouts(frame, frame.to_numpy(), ["a", "b"])
    with pytest.raises(TypeError, match="runouts"):
        plot_runouts(["Ah", "2c"])


def test_plot_module_is_an_attribute_after_import_showdown() -> None:
    code = "import showdown; print(showdown.plot.plot_runouts.__name__)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "plot_runouts"


def test_preflop_matrix_heatmap() -> None:
    matrix = np.random.default_rng(3).random((169, 169))
    ax = plot_preflop_matrix(matrix)
    np.testing.assert_array_equal(ax.images[0].get_array(), matrix)
    assert [t.get_text() for t in ax.get_yticklabels()] == list(HAND_CLASSES[::13])
    pandas = pytest.importorskip("pandas")
    labels = [f"c{i}" for i in range(169)]
    framed = plot_preflop_matrix(pandas.DataFrame(matrix, index=labels, columns=labels))
    assert [t.get_text() for t in framed.get_xticklabels()] == labels[::13]
    with pytest.raises(ValueError, match="square"):
        plot_preflop_matrix(np.zeros((169, 3)))


def test_every_plot_draws_on_a_given_axes() -> None:
    _, axes = plt.subplots(2, 3)
    drawn = [
        Range("AA").plot(ax=axes[0, 0]),
        plot_equity(players=["a", "b"], equity=[0.5, 0.5], ax=axes[0, 1]),
        plot_categories(np.full(9, 1 / 9), ax=axes[0, 2]),
        plot_runouts(["2c"], [[0.5, 0.5]], ["a", "b"], ax=axes[1, 0]),
        plot_preflop_matrix(np.zeros((169, 169)), ax=axes[1, 1]),
        cumulative_net_chart(np.ones((5, 1)), ["a"], ax=axes[1, 2]),
    ]
    assert drawn == list(axes.ravel())


def test_importing_showdown_does_not_import_matplotlib() -> None:
    code = (
        "import sys, showdown, showdown.cards, showdown.equity; "
        "showdown.Range('AA').grid(); print('matplotlib' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"
