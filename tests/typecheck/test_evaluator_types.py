"""Types the evaluator promises: one hand gives a numpy scalar, a batch an array.

mypy checks this file (``tests/typecheck`` is in ``[tool.mypy] files``): an ``assert_type``
that does not hold is a type error in CI. pytest runs it too, and the ``isinstance``
checks keep the declared types honest at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from typing_extensions import assert_type

import showdown
from showdown import (
    HandCategory,
    describe,
    describe_low,
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
    hand_category,
)


def test_one_hand_gives_a_scalar() -> None:
    high = assert_type(evaluate("AsKsQsJsTs"), np.uint16)
    assert isinstance(high, np.uint16)
    assert isinstance(assert_type(evaluate([51, 47, 43, 39, 35]), np.uint16), np.uint16)
    assert isinstance(assert_type(evaluate("AsKs", board="QsJsTs"), np.uint16), np.uint16)
    assert isinstance(assert_type(evaluate_low8("As2d3c4h5s"), np.uint8), np.uint8)
    assert isinstance(assert_type(evaluate_low8("As2d", "3c4h5s"), np.uint8), np.uint8)
    omaha = assert_type(evaluate_omaha("AsAhKdQc", "Ad7c2h9s3d"), np.uint16)
    assert isinstance(omaha, np.uint16)
    low = assert_type(evaluate_omaha_low8("As2sKdKc", "3h4h8cQdJs"), np.uint8)
    assert isinstance(low, np.uint8)
    both = assert_type(evaluate_omaha_hilo("As2sKdKc", "3h4h8cKsJs"), tuple[np.uint16, np.uint8])
    assert isinstance(both[0], np.uint16) and isinstance(both[1], np.uint8)
    assert isinstance(assert_type(describe(high), str), str)
    assert isinstance(assert_type(describe_low(low), str), str)
    assert isinstance(assert_type(hand_category(high), HandCategory), HandCategory)


def test_a_batch_gives_an_array() -> None:
    batch = assert_type(evaluate(["AsKsQsJsTs", "2c3d4h5s7c"]), NDArray[np.uint16])
    assert isinstance(batch, np.ndarray) and batch.dtype == np.uint16
    codes = np.array([[51, 47, 43, 39, 35], [0, 5, 10, 15, 20]], dtype=np.uint8)
    assert isinstance(assert_type(evaluate(codes), NDArray[np.uint16]), np.ndarray)
    on_board = assert_type(evaluate(["AsAd", "KsKd"], board="Ah7c2d"), NDArray[np.uint16])
    assert on_board.shape == (2,)
    lows = assert_type(evaluate_low8(codes), NDArray[np.uint8])
    assert isinstance(lows, np.ndarray) and lows.dtype == np.uint8
    holes = np.array([[51, 50, 45, 42], [0, 4, 8, 12]], dtype=np.uint8)
    omaha = assert_type(evaluate_omaha(holes, "Ad7c2h9s3d"), NDArray[np.uint16])
    assert omaha.shape == (2,)
    assert isinstance(assert_type(evaluate_omaha_low8(holes, "3h4h8cQdJs"), NDArray[np.uint8]),
                      np.ndarray)  # fmt: skip
    assert isinstance(assert_type(describe(batch), list[Any]), list)
    categories = assert_type(hand_category(batch), NDArray[np.uint8])
    assert categories.tolist() == [9, 1]


def test_type_checkers_see_every_top_level_name() -> None:
    # showdown loads its names lazily; its TYPE_CHECKING imports must list every one, or a
    # type checker sees Any for the missing ones (and no overloads).
    source = Path(showdown.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    guarded = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
    )
    names = {alias.asname or alias.name for node in ast.walk(guarded)
             if isinstance(node, ast.ImportFrom) for alias in node.names}  # fmt: skip
    assert names == set(showdown._EXPORTS)
