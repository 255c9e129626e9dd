"""Bad input raises a clear ValueError naming the input; kernels never see bad codes."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.evaluator import (
    describe,
    describe_low,
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
    hand_category,
)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AsKsQsJsXx", "unknown card"),
        ("AsKsQsJsAs", "duplicate card As"),
        ("AsKsQsJs", "expected 5, 6 or 7 cards per hand, got 4"),
        ("AsKsQsJsTs9s8s7s", "got 8"),
        (np.array([0, 1, 2, 3, 52], np.uint8), "card code 52 is out of range"),
        (np.array([0, 1, 2, 3, 255], np.uint8), "card code 255 is out of range"),
        (np.array([0, 1, 2, 3, -1]), "card code -1 is out of range"),
        (np.array([0, 1, 2, 3, 300]), "card code 300 is out of range"),
        (np.array([0, 1, 2, 3, 3], np.uint8), "duplicate card 2s"),
        (np.array([0.5, 1, 2, 3, 4]), "integer card codes"),
        (np.array([True, False, True, False, True]), "integer card codes"),
        (12345, "card code 12345 is out of range"),
    ],
)
@pytest.mark.parametrize("function", [evaluate, evaluate_low8])
def test_bad_hands_raise(function, cards, message) -> None:
    with pytest.raises(ValueError, match=message):
        function(cards)


def test_bad_row_in_a_big_batch_is_located() -> None:
    cards = np.tile(np.arange(7, dtype=np.uint8), (100_000, 1))
    cards[73_456, 6] = 60
    with pytest.raises(ValueError, match=r"hand 73456 of the batch.*card code 60"):
        evaluate(cards)
    cards[73_456, 6] = 1
    with pytest.raises(ValueError, match=r"hand 73456 of the batch.*duplicate card 2d"):
        evaluate_low8(cards)


@pytest.mark.parametrize("function", [evaluate_omaha, evaluate_omaha_low8, evaluate_omaha_hilo])
def test_bad_omaha_input(function) -> None:
    with pytest.raises(ValueError, match="hole_cards: expected 4, 5 or 6 cards per hand, got 3"):
        function("AsKsQs", "2c3c4c5c6c")
    with pytest.raises(ValueError, match="board_cards: expected 3, 4 or 5 cards per hand, got 6"):
        function("AsKsQsJs", "2c3c4c5c6c7c")
    with pytest.raises(ValueError, match="duplicate card As"):
        function("AsKsQsJs", "As3c4c5c6c")
    with pytest.raises(ValueError, match="does not match"):
        function(
            np.zeros((3, 4), np.uint8) + np.arange(4, dtype=np.uint8),
            np.zeros((2, 5), np.uint8) + np.arange(4, 9, dtype=np.uint8),
        )
    with pytest.raises(ValueError, match=r"board_cards.*unknown card"):
        function("AsKsQsJs", "2c3c4c5c6z")


def test_batch_shapes_and_scalars() -> None:
    rng = np.random.default_rng(3)
    cards = np.argsort(rng.random((2, 3, 52)), axis=-1)[..., :7].astype(np.uint8)
    assert evaluate(cards).shape == (2, 3)
    assert evaluate(cards).dtype == np.uint16
    assert evaluate_low8(cards).dtype == np.uint8
    assert np.ndim(evaluate("AsKsQsJsTs")) == 0
    assert evaluate(["AsKsQsJsTs", "2c3c4c5c7d"]).shape == (2,)
    assert evaluate(cards.astype(np.int64)).tolist() == evaluate(cards).tolist()
    # One board shared by a batch of Omaha hands broadcasts.
    holes = np.array([[0, 1, 2, 3], [4, 5, 6, 7]], np.uint8)
    assert evaluate_omaha(holes, np.array([40, 41, 42, 43, 44], np.uint8)).shape == (2,)
    assert evaluate(np.zeros((0, 7), np.uint8)).shape == (0,)


def test_description_errors() -> None:
    with pytest.raises(ValueError, match="not a high-hand strength"):
        describe(5)
    with pytest.raises(ValueError, match="not a high-hand strength"):
        hand_category(70000)
    with pytest.raises(ValueError, match=r"outside 0\.\.56"):
        describe_low(57)
    with pytest.raises(ValueError, match="integer strengths"):
        describe(1.5)


def test_descriptions() -> None:
    assert describe(evaluate("AsKsQsJsTs")) == "Straight Flush, Ace high (Royal Flush)"
    assert describe(evaluate("5s4s3s2sAs")) == "Straight Flush, Five high"
    assert describe(evaluate("KhKsKd7c7s2h3d")) == "Full House, Kings over Sevens"
    assert describe(evaluate("AcAdKcKd7h")) == "Two Pair, Aces and Kings, Seven kicker"
    assert describe(evaluate("Ac2d3h4s5c")) == "Straight, Five high"
    assert describe(evaluate("QcQd9h4s2c")) == "Pair of Queens, 9-4-2 kickers"
    assert describe(evaluate("7c5d4h3s2c")) == "High Card, 7-5-4-3-2"
    assert describe_low(evaluate_low8("8c6d4h2sAcKd9h")) == "8-6-4-2-A low"
    assert describe_low(evaluate_low8("9c6d4h2sAcKd9h")) == "no low"
    assert describe(evaluate(["AsKsQsJsTs", "7c5d4h3s2c"])) == [
        "Straight Flush, Ace high (Royal Flush)",
        "High Card, 7-5-4-3-2",
    ]


def test_category_classes_follow_the_full_class_order() -> None:
    # describe() builds one category's classes on demand: the same classes, in the same
    # order (so the same strengths), as the enumeration of all 7,462 classes.
    from showdown.evaluator.categories import HandCategory, category_classes, class_strengths

    for hand_class, strength in class_strengths().items():
        category, ranks = hand_class
        assert category_classes(category)[strength & 0xFFF] == ranks
    assert sum(len(category_classes(kind)) for kind in HandCategory) == 7462
