"""Tests for 64-bit card masks and the deck."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.cards import FULL_DECK_MASK, card_mask, deck, mask_to_cards


def test_full_deck_mask_has_52_bits() -> None:
    assert sum(1 << code for code in range(52)) == FULL_DECK_MASK
    assert bin(FULL_DECK_MASK).count("1") == 52


def test_card_mask_sets_one_bit_per_card() -> None:
    assert int(card_mask("2c")) == 1
    assert int(card_mask("2c2d")) == 0b11
    assert int(card_mask("As")) == 1 << 51
    assert int(card_mask([51, 0, 17])) == (1 << 51) | 1 | (1 << 17)


def test_card_mask_of_a_batch() -> None:
    masks = card_mask(np.array([[0, 1], [50, 51]]))
    assert masks.dtype == np.uint64
    assert masks.tolist() == [0b11, (1 << 50) | (1 << 51)]
    assert card_mask(["AsKd", "2c3c"]).tolist() == [(1 << 51) | (1 << 45), 1 | (1 << 4)]


def test_card_mask_of_nothing_is_zero() -> None:
    assert int(card_mask("")) == 0
    assert int(card_mask([])) == 0


def test_card_mask_validates() -> None:
    with pytest.raises(ValueError, match="out of range"):
        card_mask([52])
    with pytest.raises(ValueError, match="duplicate"):
        card_mask("AsAs")
    with pytest.raises(ValueError, match=r"^board: "):
        card_mask("Xx", name="board")


@pytest.mark.parametrize("seed", range(5))
def test_mask_round_trip(seed: int) -> None:
    rng = np.random.default_rng(seed)
    size = int(rng.integers(0, 53))
    cards = np.sort(rng.choice(52, size=size, replace=False))
    mask = int(card_mask(cards.astype(np.int64))) if size else 0
    assert mask_to_cards(mask).tolist() == cards.tolist()
    assert bin(mask).count("1") == size


def test_mask_to_cards_bounds() -> None:
    assert mask_to_cards(0).tolist() == []
    assert mask_to_cards(FULL_DECK_MASK).tolist() == list(range(52))
    assert mask_to_cards(np.uint64(0b101)).tolist() == [0, 2]
    with pytest.raises(ValueError, match="outside"):
        mask_to_cards(1 << 52)
    with pytest.raises(ValueError, match="outside"):
        mask_to_cards(-1)


def test_deck() -> None:
    full = deck()
    assert full.dtype == np.uint8
    assert full.tolist() == list(range(52))
    rest = deck("AsKs")
    assert rest.size == 50 and 51 not in rest and 47 not in rest
    assert rest.tolist() == sorted(set(range(52)) - {51, 47})


def test_deck_excluding_several_hands_and_repeats() -> None:
    # Dead cards gathered from several places may name a card twice.
    rest = deck(["AsKd", "AsQh"])
    assert rest.size == 49
    assert deck([0, 0, 1]).tolist() == list(range(2, 52))
    assert deck(np.arange(52)).size == 0


def test_deck_validates() -> None:
    with pytest.raises(ValueError, match=r"^exclude: .*60"):
        deck([60])
    with pytest.raises(ValueError, match=r"^dead: "):
        deck("Zz", name="dead")
