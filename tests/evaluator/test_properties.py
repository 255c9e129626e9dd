"""Hypothesis properties: order and suit invariance, 7 cards = best of 21 fives."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.evaluator import evaluate, evaluate_low8, evaluate_omaha, evaluate_omaha_low8

hands = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)
suit_maps = st.permutations([0, 1, 2, 3])


def permute_suits(cards: list[int], mapping: list[int]) -> list[int]:
    return [card // 4 * 4 + mapping[card % 4] for card in cards]


@settings(max_examples=300, deadline=None)
@given(hands, st.randoms(use_true_random=False), suit_maps)
def test_order_and_suit_permutation_do_not_matter(cards, random, mapping) -> None:
    shuffled = list(cards)
    random.shuffle(shuffled)
    renamed = permute_suits(cards, mapping)
    batch = np.array([cards, shuffled, renamed], np.uint8)
    high = evaluate(batch)
    low = evaluate_low8(batch)
    assert high[0] == high[1] == high[2]
    assert low[0] == low[1] == low[2]


@settings(max_examples=300, deadline=None)
@given(hands)
def test_seven_cards_is_best_of_twenty_one_fives(cards) -> None:
    fives = np.array(list(itertools.combinations(cards, 5)), np.uint8)
    assert evaluate(np.array(cards, np.uint8)) == evaluate(fives).max()
    assert evaluate_low8(np.array(cards, np.uint8)) == evaluate_low8(fives).max()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True), suit_maps)
def test_omaha_is_best_two_plus_three(cards, mapping) -> None:
    hole, board = cards[:4], cards[4:]
    fives = np.array(
        [
            list(h) + list(b)
            for h in itertools.combinations(hole, 2)
            for b in itertools.combinations(board, 3)
        ],
        np.uint8,
    )
    assert (
        evaluate_omaha(np.array(hole, np.uint8), np.array(board, np.uint8)) == evaluate(fives).max()
    )
    assert evaluate_omaha_low8(np.array(hole, np.uint8), np.array(board, np.uint8)) == (
        evaluate_low8(fives).max()
    )
    renamed = permute_suits(cards, mapping)
    assert evaluate_omaha(np.array(renamed[:4], np.uint8), np.array(renamed[4:], np.uint8)) == (
        evaluate_omaha(np.array(hole, np.uint8), np.array(board, np.uint8))
    )
