"""Hand classes under suit relabelling, enumerated directly, against counts made from every hand.

The module never looks at the hands; these tests do: every four- and
five-card hand is relabelled 24 ways and keyed by its largest card mask (the
definition), and six-card hands are sampled the same way.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from showdown.cards import format_cards, parse_cards
from showdown.cards.hand_table import hand_cards, hand_index, masks_to_cards
from showdown.cards.omaha_order import suit_classes
from showdown.cards.suit_classes import (
    canonical_masks,
    class_count,
    class_keys,
    class_of,
    member_masks,
    representatives,
)


def brute_keys(cards: np.ndarray) -> np.ndarray:
    """The largest card mask over the 24 relabellings of each hand (the definition of a key)."""
    cards = cards.astype(np.uint64)
    ranks, suits = cards // np.uint64(4) * np.uint64(4), cards % np.uint64(4)
    best = np.zeros(len(cards), dtype=np.uint64)
    for permutation in itertools.permutations(range(4)):
        relabelled = ranks + np.array(permutation, dtype=np.uint64)[suits]
        best = np.maximum(best, np.bitwise_or.reduce(np.uint64(1) << relabelled, axis=1))
    return best


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6])
def test_class_sizes_add_up_to_every_hand(size: int) -> None:
    keys, sizes = class_keys(size)
    assert int(sizes.sum()) == math.comb(52, size)
    assert np.all(np.diff(keys.astype(np.float64)) > 0)  # ascending, each once
    assert set(np.unique(sizes).tolist()) <= {1, 4, 6, 12, 24}


def test_hold_em_has_169_classes_of_6_4_and_12() -> None:
    _, sizes = class_keys(2)
    assert np.bincount(sizes).tolist()[4:13:2] == [78, 13, 0, 0, 78]  # 4, 6, 8, 10, 12


def test_four_card_classes_are_the_omaha_orderings_classes() -> None:
    classes, four_card_representatives, sizes = suit_classes()
    assert np.array_equal(representatives(4), four_card_representatives)
    assert np.array_equal(class_keys(4)[1], sizes)
    assert np.array_equal(class_of(hand_cards(4, np.arange(270_725))), classes)


@pytest.mark.parametrize("size", [3, pytest.param(5, marks=pytest.mark.slow)])
def test_every_hand_counted_by_the_definition(size: int) -> None:
    cards = hand_cards(size, np.arange(math.comb(52, size)))
    keys = brute_keys(cards)
    ordered = np.sort(keys)
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    found, counts = ordered[starts], np.diff(np.append(starts, len(ordered)))
    assert len(found) == class_count(size) == {3: 1755, 5: 134_459}[size]
    assert np.array_equal(found, class_keys(size)[0])
    assert np.array_equal(counts, class_keys(size)[1])
    assert np.array_equal(canonical_masks(cards), keys)


def test_six_card_classes_sampled_by_the_definition() -> None:
    assert class_count(6) == 962_988
    generator = np.random.default_rng(6)
    indices = generator.choice(math.comb(52, 6), 20_000, replace=False)
    cards = hand_cards(6, indices)
    keys, sizes = class_keys(6)
    brute = brute_keys(cards)
    classes = class_of(cards)
    assert np.array_equal(keys[classes], brute)
    # A class's size is the number of distinct hands its relabellings make.
    for index in classes[:300].tolist():
        members = member_masks(6, [index])
        assert len(members) == sizes[index]
        assert np.all(brute_keys(masks_to_cards(members, 6)) == keys[index])


def test_members_of_classes_are_exactly_their_hands() -> None:
    chosen = np.array([0, 5, 1000, class_count(5) - 1])
    members = member_masks(5, chosen)
    assert len(members) == int(class_keys(5)[1][chosen].sum())
    assert set(class_of(masks_to_cards(members, 5)).tolist()) == set(chosen.tolist())
    indices = hand_index(5, masks_to_cards(members, 5))
    assert len(np.unique(indices)) == len(members)


def test_representatives_give_spades_the_top_cards() -> None:
    hand = parse_cards("AdAcKdKcQh")[None]
    assert format_cards(representatives(5)[class_of(hand)[0]][::-1]) == "AsAhKsKhQd"
    six = parse_cards("2c3c4d5d6h7h")[None]
    assert format_cards(representatives(6)[class_of(six)[0]][::-1]) == "7s6s5h4h3d2d"


def test_a_bad_size_is_refused() -> None:
    with pytest.raises(ValueError, match=r"hand size must be 1\.\.6, got 7"):
        class_keys(7)
