"""``preflop_matrix()`` against exact equity computed without the table."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from showdown import equity, preflop_matrix
from showdown.cards import parse_range
from showdown.equity.analysis.matrix import HAND_CLASSES, class_of_hands


@pytest.fixture(scope="module")
def matrix():
    return preflop_matrix()


def test_classes_are_in_grid_order_and_every_hand_has_its_class() -> None:
    assert HAND_CLASSES[:3] == ("AA", "AKs", "AQs") and HAND_CLASSES[13] == "AKo"
    assert HAND_CLASSES[-1] == "22" and len(set(HAND_CLASSES)) == 169
    hands = np.array(list(itertools.combinations(range(52), 2)))
    found = class_of_hands(hands)
    for index, name in enumerate(HAND_CLASSES):
        # Brute force: the class's own combos, as the range parser lists them.
        expected = {tuple(row) for row in parse_range(name).combos.tolist()}
        assert {tuple(row) for row in hands[found == index].tolist()} == expected, name


@pytest.mark.parametrize(
    ("row", "column"),
    [("AKs", "QQ"), ("72o", "AA"), ("T9s", "88"), ("AKo", "AKs"), ("22", "A5s"), ("KK", "KQo")],
)
def test_cells_equal_exact_equity_computed_without_the_table(matrix, row, column) -> None:
    computed = equity([row, column], exact=True, use_tables=False)
    assert matrix.loc[row, column] == computed.equity[0]
    assert matrix.loc[column, row] == computed.equity[1]


def test_a_row_equals_equity_read_from_the_table(matrix) -> None:
    for column in HAND_CLASSES[::7]:
        assert matrix.loc["JTs", column] == equity(["JTs", column], exact=True).equity[0]


def test_the_matrix_is_antisymmetric_around_one_half(matrix) -> None:
    values = matrix.to_numpy()
    assert np.array_equal(values + values.T, np.ones((169, 169)))
    assert np.all(np.diag(values) == 0.5)
    assert list(matrix.index) == list(matrix.columns) == list(HAND_CLASSES)
