"""``evaluate(hand, board=...)`` and ``evaluate_low8(hand, board=...)``.

The oracle is the evaluator on the joined cards: a hand with a board must rank exactly
as its own cards and the board written together.
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown import evaluate, evaluate_low8


def _deals(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    return np.array([rng.permutation(52)[:size] for _ in range(count)], dtype=np.uint8)


@pytest.mark.parametrize(("own", "shared"), [(2, 5), (2, 3), (2, 4), (4, 3), (5, 0), (3, 2)])
@pytest.mark.parametrize("function", [evaluate, evaluate_low8])
def test_a_board_is_the_same_as_the_cards_written_together(function, own: int, shared: int):
    deals = _deals(np.random.default_rng(own * 10 + shared), 500, own + shared)
    hands, boards = deals[:, :own], deals[:, own:]
    expected = function(deals)
    assert np.array_equal(function(hands, boards), expected)
    assert np.array_equal(function(hands, board=boards), expected)
    # One board for the whole batch broadcasts, as in evaluate_omaha.
    one_board = np.concatenate([hands, np.broadcast_to(boards[0], boards.shape)], axis=1)
    if len({*deals[0, own:].tolist()} & set(hands.ravel().tolist())) == 0:
        assert np.array_equal(function(hands, boards[0]), function(one_board))


def test_strings_and_a_single_hand():
    assert evaluate("AsKs", board="QsJsTs") == evaluate("AsKsQsJsTs")
    assert evaluate("AsKs", "Qs Js Ts 2c 3d") == evaluate("AsKsQsJsTs2c3d")
    assert evaluate(["AsKs", "2c7d"], board="QsJsTs").tolist() == [
        evaluate("AsKsQsJsTs"),
        evaluate("2c7dQsJsTs"),
    ]
    assert evaluate_low8("As2d", board="3c4h5s") == 56
    assert evaluate("AsKsQsJsTs", board="") == evaluate("AsKsQsJsTs")


@pytest.mark.parametrize(
    ("cards", "board", "message"),
    [
        ("AsKs", "QsJs", r"cards \+ board: expected 5, 6 or 7 cards in all, got 2 \+ 2 = 4"),
        ("AsKsQsJs", "Ts9s8s7s", r"got 4 \+ 4 = 8"),
        ("AsKs", "AsJsTs", "duplicate card As"),
        ("AsKs", "QsJsTs9s8s7s", "board: expected 0, 1, 2, 3, 4 or 5 cards per hand, got 6"),
        (["AsKs", "QdQh"], ["2c3c4c", "5c6c7c", "8c9cTc"], "does not match board batch shape"),
        ("AsKs", "QsJsXx", "board: unknown card 'Xx'"),
    ],
)
def test_bad_input_names_the_input(cards, board, message: str):
    with pytest.raises(ValueError, match=message):
        evaluate(cards, board=board)
