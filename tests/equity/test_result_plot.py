"""``EquityResult.plot()``: the drawn bars are the result's numbers."""

from __future__ import annotations

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.container import BarContainer  # noqa: E402

from showdown._plotting import Z_95  # noqa: E402
from showdown.equity import equity  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def bars(ax) -> list[BarContainer]:
    return [container for container in ax.containers if isinstance(container, BarContainer)]


def half_widths(container: BarContainer) -> list[float]:
    """Half-length of each drawn error bar of a bar container (none drawn: empty)."""
    assert container.errorbar is not None
    columns = container.errorbar.lines[2]
    segments = [segment for column in columns for segment in column.get_segments() if len(segment)]
    return [float(abs(seg[1][1] - seg[0][1]) / 2) for seg in segments]


def test_plot_of_an_exact_result_draws_its_equity() -> None:
    result = equity(["AsKs", "QdQh", "Td9d"], board="Qs7s2d")
    ax = result.plot()
    (series,) = bars(ax)
    assert [bar.get_height() for bar in series] == pytest.approx(result.equity.tolist())
    assert series.errorbar is None
    assert [label.get_text() for label in ax.get_xticklabels()] == result.players


def test_plot_of_a_sampled_result_has_95_percent_error_bars_on_given_axes() -> None:
    result = equity(["AsKs", "QQ", "random"], samples=30_000, seed=2)
    _, ax = plt.subplots()
    drawn = result.plot(ax=ax, title="three players")
    assert drawn is ax and ax.get_title() == "three players"
    (series,) = bars(ax)
    assert [bar.get_height() for bar in series] == pytest.approx(result.equity.tolist())
    assert half_widths(series) == pytest.approx((Z_95 * result.stderr).tolist())


def test_plot_of_a_hilo_result_shows_equity_and_each_half() -> None:
    result = equity(["As2s3hKh", "KdKcQdJc"], board="4h5c9d", game="omaha-hilo", samples=20_000,
                    seed=1)  # fmt: skip
    ax = result.plot()
    series = bars(ax)
    assert [container.get_label() for container in series] == ["equity", "high half", "low half"]
    heights = [[bar.get_height() for bar in container] for container in series]
    assert heights[0] == pytest.approx(result.equity.tolist())
    assert heights[1] == pytest.approx(result.high_equity.tolist())
    assert heights[2] == pytest.approx(result.low_equity.tolist())
    # Only equity has a standard error: the halves draw no error bar.
    assert half_widths(series[0]) == pytest.approx((Z_95 * result.stderr).tolist())
    assert half_widths(series[1]) == [] and half_widths(series[2]) == []
