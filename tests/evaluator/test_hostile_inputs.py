"""Hostile inputs to the evaluator (wrong dtypes, shapes, codes, masked or huge views): each is a
clear ValueError naming the input, never a crash or a wrong answer."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.evaluator import (
    HandCategory,
    category_counts,
    describe,
    describe_low,
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
    hand_category,
    low8_histogram,
    strength_histogram,
)
from showdown.evaluator.categories import (
    CATEGORY_SHIFT,
    CATEGORY_SIZES,
    class_strengths,
    is_high_strength,
)

ROYAL = np.array([51, 47, 43, 39, 35], np.uint8)


# ------------------------------------------------------------------ item 6: one validity rule
@pytest.mark.parametrize("strength", [5373, 11052, 0, 4095, 10 << 12, 65535, -1, 2**40])
def test_hand_category_rejects_strengths_no_hand_has(strength) -> None:
    with pytest.raises(ValueError, match=f"strength {strength} is not a high-hand strength"):
        hand_category(strength)
    with pytest.raises(ValueError, match=f"strength {strength} is not a high-hand strength"):
        describe(strength)


def test_validity_rule_is_exactly_the_set_of_class_strengths() -> None:
    real = set(class_strengths().values())
    every = np.arange(0, 1 << 16)
    valid = is_high_strength(every)
    assert set(np.flatnonzero(valid).tolist()) == real
    # hand_category and describe agree with it on every 16-bit value.
    for value in (5372, 5373, 4096 + CATEGORY_SIZES[0] - 1, 11051, 11052, 36873, 36874):
        accepted = []
        for function in (hand_category, describe):
            try:
                function(value)
                accepted.append(True)
            except ValueError:
                accepted.append(False)
        assert accepted == [value in real] * 2


def test_hand_category_array_rejects_one_bad_value() -> None:
    good = np.array([4096, 36873], np.int64)
    assert hand_category(good).tolist() == [1, 9]
    with pytest.raises(ValueError, match="strength 5373"):
        hand_category(np.array([4096, 5373, 36873]))
    assert hand_category(36873) is HandCategory.STRAIGHT_FLUSH
    assert (36873 >> CATEGORY_SHIFT) == 9


MASKED = np.ma.masked_array(np.tile(ROYAL, (2, 1)), mask=np.zeros((2, 5), bool))


@pytest.mark.parametrize(
    "call",
    [
        lambda: evaluate(MASKED),
        lambda: evaluate_low8(MASKED),
        lambda: evaluate_omaha(MASKED[:, :4], "2c3c4c"),
        lambda: evaluate_omaha_low8("2c3c4c5c", MASKED[:, :3]),
        lambda: evaluate_omaha_hilo(MASKED[:, :4], MASKED[:, :3] - 20),
        lambda: hand_category(np.ma.masked_array([36873], mask=[True])),
        lambda: describe(np.ma.masked_array([36873], mask=[False])),
        lambda: describe_low(np.ma.masked_array([56], mask=[True])),
    ],
)
def test_masked_arrays_are_refused_everywhere(call) -> None:
    with pytest.raises(ValueError, match="masked arrays are not accepted"):
        call()


# ------------------------------------------------------------------ item 13: dtypes and sizes
@pytest.mark.parametrize(
    "cards",
    [
        np.array([1e20, 1, 2, 3, 4]),
        np.array([np.nan, 1, 2, 3, 4]),
        np.array([np.inf, 1, 2, 3, 4]),
        np.array([16.0, 1, 2, 3, 4]),
        np.array([16.0, 1, 2, 3, 4], np.float32),
        np.array([True, False, True, False, True]),
        np.array(["1", "2", "3", "4", "5"]),
        np.array([1, 2, 3, 4, 5], dtype=object),
        [16.0, 1.0, 2.0, 3.0, 4.0],
        16.0,
        np.array([1 + 0j, 2, 3, 4, 5]),
    ],
)
@pytest.mark.parametrize("function", [evaluate, evaluate_low8])
def test_non_integer_dtypes_are_refused(function, cards) -> None:
    with pytest.raises(ValueError, match=r"cards: expected integer card codes, got dtype"):
        function(cards)


def test_non_integer_omaha_dtypes_name_the_argument() -> None:
    with pytest.raises(ValueError, match="board_cards: expected integer card codes"):
        evaluate_omaha("AsAhKdQc", np.array([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match="hole_cards: expected integer card codes"):
        evaluate_omaha(np.array([True, False, True, False]), "2c3c4c")


def test_huge_broadcast_view_is_a_value_error_naming_the_size() -> None:
    view = np.broadcast_to(np.arange(7, dtype=np.uint8), (10**12, 7))
    with pytest.raises(
        ValueError, match=r"7,000,000,000,000 card codes \(shape \(1000000000000, 7\)"
    ):
        evaluate(view)
    with pytest.raises(ValueError, match=r"shape \(1000000000000, 7\)"):
        evaluate_low8(view)
    with pytest.raises(ValueError, match=r"hole_cards: .*shape"):
        evaluate_omaha(np.broadcast_to(np.arange(4, dtype=np.int64), (10**12, 4)), "2c3c4c")


@pytest.mark.parametrize("bad", [5.0, 7.0, True, "7", None, 4, 8, np.float64(5)])
@pytest.mark.parametrize("function", [category_counts, strength_histogram, low8_histogram])
def test_enumeration_size_must_be_the_integer_5_6_or_7(function, bad) -> None:
    with pytest.raises(ValueError, match="n_cards: expected the integer 5, 6 or 7"):
        function(bad)


def test_numpy_integer_sizes_and_threads_are_accepted() -> None:
    assert category_counts(np.int64(5), threads=np.int64(2))["Straight Flush"] == 40
    assert int(evaluate(ROYAL, threads=np.int32(2))) == 36873
    assert int(evaluate_low8("As2d3c4h5s", threads=np.uint8(1))) == 56


@pytest.mark.parametrize("threads", [0, -1, 1.5, 2.0, True, np.bool_(True), "2", np.float64(2)])
@pytest.mark.parametrize(
    "call",
    [
        lambda threads: evaluate(ROYAL, threads=threads),
        lambda threads: evaluate_low8(ROYAL, threads=threads),
        lambda threads: evaluate_omaha("AsAhKdQc", "2c3c4c", threads=threads),
        lambda threads: category_counts(5, threads=threads),
    ],
)
def test_bad_thread_counts_are_refused(call, threads) -> None:
    with pytest.raises(ValueError, match="threads: expected a positive integer"):
        call(threads)


@pytest.mark.parametrize("bad", [1.5, "x", [1.0, 2.0], True, np.array([36873.0])])
def test_non_integer_strengths_are_refused(bad) -> None:
    for function in (hand_category, describe, describe_low):
        with pytest.raises(ValueError, match="expected integer strengths"):
            function(bad)


def test_oversized_unsigned_strength_is_refused() -> None:
    with pytest.raises(ValueError, match="not a"):
        describe(np.array([2**63 + 36873], np.uint64))
