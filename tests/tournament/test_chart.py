"""``push_fold_chart()``: largest stacks, gaps, and the plots, against per-stack solves."""

from __future__ import annotations

import math

import numpy as np
import pytest

from showdown import push_fold, push_fold_chart
from showdown.cards.range_grid import GRID_LABELS, cell_of_class
from showdown.errors import InputError
from showdown.tournament.chart import PLAYED


@pytest.fixture(scope="module")
def chart():
    return push_fold_chart(stack_range=(1, 13), step=0.5)


def test_each_stack_is_the_equilibrium_at_that_stack(chart) -> None:
    for index in (0, 9, 24):
        stack = float(chart.stacks[index])
        single = push_fold(stack, tolerance=1e-6)
        assert np.max(np.abs(chart.shove[index] - single.shove_grid)) < 0.05
        assert np.max(np.abs(chart.call[index] - single.call_grid)) < 0.05
    assert chart.exploitability.max() <= 1e-6


def test_largest_stack_is_the_last_stack_played(chart) -> None:
    for side, frequencies in (("shove", chart.shove), ("call", chart.call)):
        largest = chart.largest(side)
        for row in range(13):
            for column in range(13):
                played = np.flatnonzero(frequencies[:, row, column] >= PLAYED)
                expected = chart.stacks[played[-1]] if played.size else math.nan
                assert largest[row, column] == expected or (
                    math.isnan(expected) and math.isnan(largest[row, column])
                )
    assert chart.largest("shove")[cell_of_class("AA")] == chart.stacks[-1]
    assert chart.largest("call")[cell_of_class("72o")] < 4


def test_intervals_and_gaps_read_the_frequencies(chart) -> None:
    for side in ("shove", "call"):
        frequencies = chart.shove if side == "shove" else chart.call
        for name in ("AA", "K2s", "T7o", "53s", "32o"):
            stretches = chart.intervals(name, side)
            cell = cell_of_class(name)
            played = {
                float(stack)
                for stack, value in zip(chart.stacks, frequencies[:, cell[0], cell[1]], strict=True)
                if value >= PLAYED
            }
            covered = {
                float(stack)
                for stack in chart.stacks
                for low, high in stretches
                if low <= stack <= high
            }
            assert covered == played, (side, name)
        for name, stretches in chart.gaps(side).items():
            assert len(stretches) > 1
            assert chart.intervals(name, side) == stretches


def test_tables_mark_gaps_and_the_top(chart) -> None:
    table = chart.table("shove")
    assert table[0][0] == "13+"
    gaps = chart.gaps("shove")
    for row in range(13):
        for column in range(13):
            assert table[row][column].endswith("*") == (GRID_LABELS[row][column] in gaps)
    text = chart.text("call")
    assert text.splitlines()[1].split()[:2] == ["A", "13+"]
    document = chart.to_dict()
    assert document["largest_shove"]["AA"] == 13.0 and len(document["largest_call"]) == 169


def test_antes_widen_the_ranges() -> None:
    plain = push_fold(10)
    ante = push_fold(10, ante=0.125)
    assert ante.shove.fraction > plain.shove.fraction
    assert ante.call.fraction > plain.call.fraction


def test_plots_draw_the_tables(chart) -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    shove_axes, call_axes = chart.plot()
    drawn = shove_axes.images[0].get_array()
    assert drawn[0, 0] == chart.stacks[-1]
    assert [text.get_text() for text in call_axes.texts][:2] == chart.table("call")[0][:2]
    result_axes = push_fold(6).plot()
    assert result_axes[1].images[0].get_array()[0, 0] == 1.0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stack_range": (5, 2)}, "stack_range: the largest is below"),
        ({"stack_range": 5}, "stack_range: expected"),
        ({"stack_range": (0.5, 2)}, "stack_bb: the effective stack must be"),
        ({"step": 0}, "step: must be > 0"),
        ({"step": 1e-6}, "step: .* stacks to solve"),
        ({"ante": -0.1}, "ante: must be >= 0"),
        ({"tolerance": 0}, "tolerance: must be > 0"),
        ({"threads": 0}, "threads: expected a positive integer"),
    ],
)
def test_bad_input_is_named(options, message) -> None:
    with pytest.raises(InputError, match=message) as caught:
        push_fold_chart(**options)
    # The library names the parameter, so the command line can name its option.
    assert caught.value.parameter is not None
    assert str(caught.value).startswith(caught.value.parameter + ": ")


def test_an_unknown_hand_is_named(chart) -> None:
    with pytest.raises(InputError, match="hand: expected a starting-hand class"):
        chart.intervals("AKx")
    with pytest.raises(InputError, match="side: expected 'shove' or 'call'"):
        chart.largest("raise")
