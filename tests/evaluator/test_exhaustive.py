"""Exhaustive counts from REFERENCE.md, reproduced by the enumeration kernels."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.evaluator import (
    HandCategory,
    category_counts,
    describe_low,
    evaluate,
    low8_histogram,
    strength_histogram,
)

LABELS = [category.label for category in HandCategory]

# REFERENCE.md, "Hand evaluation (exhaustive)": counts per category, weakest first.
REFERENCE_COUNTS = {
    5: [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40],
    6: [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844],
    7: [
        23_294_460,
        58_627_800,
        31_433_400,
        6_461_620,
        6_180_020,
        4_047_644,
        3_473_184,
        224_848,
        41_584,
    ],
}
REFERENCE_HANDS = {5: 2_598_960, 6: 20_358_520, 7: 133_784_560}
REFERENCE_CLASSES = {5: 7_462, 6: 6_075, 7: 4_824}
FIVE_CARD_CLASSES_PER_CATEGORY = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


@pytest.mark.needs_jit
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_category_counts_match_reference(n_cards: int) -> None:
    counts = category_counts(n_cards, threads=1)
    assert list(counts) == LABELS
    assert list(counts.values()) == REFERENCE_COUNTS[n_cards]
    assert sum(counts.values()) == REFERENCE_HANDS[n_cards]


@pytest.mark.needs_jit
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_distinct_classes_match_reference(n_cards: int) -> None:
    histogram = strength_histogram(n_cards, threads=1)
    assert np.count_nonzero(histogram) == REFERENCE_CLASSES[n_cards]


@pytest.mark.needs_jit
def test_five_card_classes_per_category() -> None:
    histogram = strength_histogram(5)
    strengths = np.flatnonzero(histogram)
    per_category = np.bincount(strengths >> 12, minlength=10)[1:]
    assert per_category.tolist() == FIVE_CARD_CLASSES_PER_CATEGORY
    # Indices inside each category are dense 0..n-1, so strengths are compact.
    for category, size in zip(range(1, 10), FIVE_CARD_CLASSES_PER_CATEGORY, strict=True):
        inside = strengths[(strengths >> 12) == category] & 0xFFF
        assert inside.tolist() == list(range(size))


@pytest.mark.needs_jit
def test_royal_flushes_and_worst_seven_card_class() -> None:
    histogram = strength_histogram(7)
    royal = int(evaluate("AsKsQsJsTs"))
    assert histogram[royal] == 4_324
    worst = int(np.flatnonzero(histogram)[0])
    assert worst == int(evaluate("9c8d7h5s4c"))
    assert histogram[worst] == 15_540


@pytest.mark.needs_jit
def test_thread_count_does_not_change_counts() -> None:
    one = strength_histogram(6, threads=1)
    two = strength_histogram(6, threads=2)
    np.testing.assert_array_equal(one, two)


@pytest.mark.needs_jit
def test_fifty_six_lows_each_dealt_equally_in_five_cards() -> None:
    histogram = low8_histogram(5)
    # Every low is 4**5 suit choices of its five ranks.
    assert histogram[1:].tolist() == [1024] * 56
    assert histogram.sum() == REFERENCE_HANDS[5]


@pytest.mark.needs_jit
def test_seven_card_lows_match_reference() -> None:
    histogram = low8_histogram(7, threads=1)
    assert histogram.sum() == REFERENCE_HANDS[7]
    assert histogram[1:].sum() == 24_530_944
    assert describe_low(56) == "5-4-3-2-A low"
    assert histogram[56] == 781_824
    assert describe_low(1) == "8-7-6-5-4 low"
    assert histogram[1] == 376_320


@pytest.mark.needs_jit
def test_low_histogram_same_at_any_thread_count() -> None:
    np.testing.assert_array_equal(low8_histogram(6, threads=1), low8_histogram(6, threads=2))


@pytest.mark.parametrize("bad", [4, 8, 0, True, "7"])
def test_enumeration_rejects_bad_sizes(bad: object) -> None:
    with pytest.raises(ValueError, match="n_cards"):
        category_counts(bad)  # type: ignore[arg-type]
