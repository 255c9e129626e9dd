"""``Range.from_grid``: frames are read by their labels, masked cells weigh 0, bad grids say why.

Oracle: each class's cell is written here from the players' convention
(``expected_cell``: ace first, suited above the diagonal) and every combo of
the range must carry the weight of its class's cell, whatever order a
DataFrame's rows and columns come in.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.test_range_object import CLASS_OF, expected_cell, weight_map
from showdown.cards import Range

RANKS = list("AKQJT98765432")
SETTINGS = settings(max_examples=40, derandomize=True, deadline=None)


def frame_of(grid: np.ndarray) -> pd.DataFrame:
    return pd.DataFrame(grid, index=RANKS, columns=RANKS)


def assert_matches(rng: Range, grid: np.ndarray) -> None:
    """Every combo carries its class's cell value, and every nonzero cell is present."""
    weights = weight_map(rng)
    for combo, weight in weights.items():
        assert weight == grid[expected_cell(CLASS_OF[combo])]
    present = {expected_cell(CLASS_OF[combo]) for combo in weights}
    assert present == {(int(r), int(c)) for r, c in zip(*np.nonzero(grid), strict=True)}


grids = st.lists(
    st.sampled_from([0.0, 0.0, 0.0, 0.25, 0.5, 1.0]), min_size=169, max_size=169
).filter(any)


@SETTINGS
@given(grids, st.permutations(range(13)), st.permutations(range(13)))
def test_a_shuffled_frame_is_read_by_its_labels(
    values: list[float], row_order: list[int], column_order: list[int]
) -> None:
    grid = np.array(values).reshape(13, 13)
    shuffled = frame_of(grid).iloc[row_order, column_order]
    rng = Range.from_grid(shuffled)
    assert_matches(rng, grid)
    # Round trip: the range's own frame, shuffled, gives the range back.
    again = rng.grid(as_frame=True).iloc[column_order, row_order]
    assert Range.from_grid(again) == rng


def test_a_reordered_frame_keeps_aks_in_its_cell() -> None:
    # Ranks listed deuce first: read by position, AKs would have become 32o.
    frame = frame_of(Range("AKs").grid()).iloc[::-1, ::-1]
    assert str(Range.from_grid(frame)) == "AKs"


@pytest.mark.parametrize(
    "labels",
    [
        list("akqjt98765432"),
        ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
        [" A", "K ", "Q", "J", "T", 9, 8, 7, 6, 5, 4, 3, 2],
    ],
)
def test_rank_labels_may_be_spelled_several_ways(labels: list) -> None:
    grid = Range("JJ+, ATs+, KQo:0.5").grid()
    frame = pd.DataFrame(grid, index=labels, columns=labels)
    assert Range.from_grid(frame) == Range("JJ+, ATs+, KQo:0.5")


def test_an_unlabelled_frame_is_read_by_position() -> None:
    grid = Range("QQ+, AKs").grid()
    assert Range.from_grid(pd.DataFrame(grid)) == Range("QQ+, AKs")


@pytest.mark.parametrize(
    ("rows", "columns", "message"),
    [
        ([*RANKS[:-1], "X"], RANKS, "unknown row label(s) ['X']"),
        (RANKS, [*RANKS[:-1], "1"], "unknown column label(s) ['1']"),
        ([*RANKS[:-1], "A"], RANKS, "row labels name rank(s) ['A'] more than once"),
        (RANKS, [*RANKS[:-1], "10"], "column labels name rank(s) ['T'] more than once"),
        (RANKS, ["K", "A", "A", *RANKS[2:-1]], "column labels name rank(s) ['A'] more than once"),
        (list(range(1, 14)), RANKS, "unknown row label(s) [1"),
        # Integer labels 2..10 read as ranks; the rest are unknown.
        (list(range(12, -1, -1)), RANKS, "unknown row label(s) [12, 11, 1, 0]"),
    ],
)
def test_unknown_or_repeated_labels_are_refused(rows, columns, message) -> None:
    frame = pd.DataFrame(np.ones((13, 13)), index=rows, columns=columns)
    with pytest.raises(ValueError, match=re.escape(message)) as raised:
        Range.from_grid(frame, name="villain")
    assert str(raised.value).startswith("villain: ")


def test_labels_that_lack_a_rank_are_refused() -> None:
    frame = frame_of(np.ones((13, 13))).iloc[:, :12]
    with pytest.raises(ValueError, match=r"13x13, but its column labels lack \['2'\]"):
        Range.from_grid(frame)


def test_a_masked_grid_leaves_masked_cells_out() -> None:
    values = np.full((13, 13), np.nan)  # what hides under the mask is never read
    values[0, 0], values[0, 1], values[1, 0] = 1.0, 0.5, 0.25
    mask = np.isnan(values)
    rng = Range.from_grid(np.ma.masked_array(values, mask=mask))
    assert str(rng) == "AA, AKs:0.5, AKo:0.25"
    # Masking a valid cell removes it too.
    masked = np.ma.masked_array(np.nan_to_num(values), mask=mask)
    masked[0, 1] = np.ma.masked
    assert str(Range.from_grid(masked)) == "AA, AKo:0.25"
    with pytest.raises(ValueError, match="no hand"):
        Range.from_grid(np.ma.masked_all((13, 13)))


def test_a_masked_grid_still_checks_the_cells_it_uses() -> None:
    values = np.ma.masked_array(np.zeros((13, 13)), mask=np.zeros((13, 13), bool))
    values[1, 0] = -0.5
    with pytest.raises(ValueError, match=r"cell AKo .* is -0\.5, below 0"):
        Range.from_grid(values)


def test_series_by_class_or_by_cell() -> None:
    by_class = pd.Series({"AA": 1.0, "aks": 0.5, "KQo": 0.25, "T9S": 1.0})
    assert Range.from_grid(by_class) == Range("AA, AKs:0.5, KQo:0.25, T9s")
    stacked = Range("QQ+, T9s-76s:0.5, AJo").grid(as_frame=True).stack()
    assert Range.from_grid(stacked.sample(frac=1.0, random_state=3)) == Range(
        "QQ+, T9s-76s:0.5, AJo"
    )
    with pytest.raises(ValueError, match=r"hand classes .* got 'AK'"):
        Range.from_grid(pd.Series({"AK": 1.0}))
    with pytest.raises(ValueError, match=r"names cell\(s\) \['AKs'\] more than once"):
        Range.from_grid(pd.Series([1.0, 0.5], index=["AKs", "aks"]))


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        (np.zeros((12, 13)), r"13x13, got shape \(12, 13\)"),
        (np.zeros((13, 13, 1)), r"13x13, got shape \(13, 13, 1\)"),
        (np.zeros(169), r"13x13, got shape \(169,\)"),
        ("AA", r"13x13, got shape \(\) \(str\)"),
        ([[0.0] * 13] * 12 + [[0.0] * 12], "ragged list"),
        (np.full((13, 13), 2.0), r"\[0, 1\]; cell AA \(row A, column A\) is 2\.0, above 1"),
    ],
)
def test_wrong_shapes_and_values_are_refused(grid, message) -> None:
    with pytest.raises(ValueError, match=message):
        Range.from_grid(grid)


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ((0, 1), np.nan, r"cell AKs \(row A, column K\) is nan, not a number"),
        ((12, 11), -0.25, r"cell 32o \(row 2, column 3\) is -0\.25, below 0"),
        ((5, 5), 1.5, r"cell 99 .* is 1\.5, above 1"),
        ((0, 1), np.inf, r"cell AKs .* is inf, above 1"),
        ((1, 0), "0.5", r"cell AKo holds '0\.5'"),
        ((1, 0), None, r"cell AKo holds None"),
        ((1, 0), 1j, r"cell AKo holds 1j"),
    ],
)
def test_bad_values_name_their_cell(cell, value, message) -> None:
    grid = np.zeros((13, 13), dtype=object if not isinstance(value, float) else float)
    grid[0, 0] = 1.0
    grid[cell] = value
    with pytest.raises(ValueError, match=message):
        Range.from_grid(grid)
    # In a shuffled frame the same cell is named by its labels.
    frame = frame_of(grid).iloc[::-1, :]
    with pytest.raises(ValueError, match=message):
        Range.from_grid(frame)


def test_text_grids_are_refused() -> None:
    with pytest.raises(ValueError, match="cell AA holds '1'"):
        Range.from_grid(np.full((13, 13), "1"))


def test_booleans_read_as_zero_and_one() -> None:
    chosen = np.eye(13, dtype=bool)
    assert Range.from_grid(chosen) == Range("22+")
