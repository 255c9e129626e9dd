"""Types the short-deck evaluator promises, as the full deck's: one hand a scalar, a batch an array.

mypy checks this file (``tests/typecheck`` is in ``[tool.mypy] files``); the best-five
evaluators share one declaration of their overloads, so a wrong one shows here and in
the full deck's checks alike. pytest runs it too, and ``isinstance`` keeps it honest.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from typing_extensions import assert_type

from showdown.evaluator import evaluate_short_deck


def test_one_short_deck_hand_gives_a_scalar() -> None:
    one = assert_type(evaluate_short_deck("AsKsQsJsTs"), np.uint16)
    assert isinstance(one, np.uint16)
    split = assert_type(evaluate_short_deck("As6d", board="7c8h9sKdKh"), np.uint16)
    assert isinstance(split, np.uint16)


def test_a_short_deck_batch_gives_an_array() -> None:
    batch = assert_type(evaluate_short_deck(["AsKsQsJsTs", "9c8d7h6sAc"]), NDArray[np.uint16])
    assert isinstance(batch, np.ndarray) and batch.dtype == np.uint16 and batch.shape == (2,)
    on_board = assert_type(
        evaluate_short_deck(["AsAd", "KsKd"], board="Ah7c6d"), NDArray[np.uint16]
    )
    assert on_board.shape == (2,)
