"""The kernels against the slow reference evaluator in tests/reference.

Strengths are compared by order, not value: for every pair of hands in a
batch the fast evaluator must say "stronger", "weaker" or "tie" exactly when
the reference does. Sorting by the reference key and checking the fast
strengths are non-decreasing, with equal keys mapping to equal strengths,
checks all pairs at once.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from reference.naive_evaluator import best_high, best_low8, category_of, omaha_high, omaha_low8
from showdown.evaluator import (
    describe_low,
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
    hand_category,
)


def deal(rng: np.random.Generator, n_hands: int, n_cards: int) -> np.ndarray:
    """Random distinct cards per row (a partial shuffle of each deck)."""
    return np.argsort(rng.random((n_hands, 52)), axis=1)[:, :n_cards].astype(np.uint8)


def assert_same_order(fast: np.ndarray, reference_keys: list) -> None:
    """Fast strengths order the hands exactly as the reference keys do."""
    order = sorted(range(len(reference_keys)), key=lambda i: reference_keys[i])
    for previous, current in itertools.pairwise(order):
        if reference_keys[previous] == reference_keys[current]:
            assert fast[previous] == fast[current], (previous, current)
        else:
            assert fast[previous] < fast[current], (previous, current)


def low_key(key):  # None (no low) sorts below every real low
    return (0,) if key is None else (1, *key)


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_high_matches_reference(n_cards: int) -> None:
    rng = np.random.default_rng(100 + n_cards)
    cards = deal(rng, 3000, n_cards)
    fast = evaluate(cards)
    keys = [best_high(hand.tolist()) for hand in cards]
    assert_same_order(fast, keys)
    categories = hand_category(fast)
    assert categories.tolist() == [category_of(key) + 1 for key in keys]


def test_high_matches_reference_on_rare_categories() -> None:
    # Random hands rarely hold straight flushes or quads: build them on purpose.
    rng = np.random.default_rng(7)
    hands = []
    for _ in range(600):
        suit = int(rng.integers(4))
        top = int(rng.integers(3, 13))
        ranks = [(top - offset) % 13 if top - offset >= 0 else 12 for offset in range(5)]
        straight_flush = [rank * 4 + suit for rank in ranks]
        quad_rank = int(rng.integers(13))
        quads = [quad_rank * 4 + s for s in range(4)]
        base = straight_flush if rng.random() < 0.5 else quads
        rest = [card for card in rng.permutation(52).tolist() if card not in base]
        hands.append(base + rest[: 7 - len(base)])
    cards = np.array(hands, np.uint8)
    assert_same_order(evaluate(cards), [best_high(hand) for hand in hands])


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_low_matches_reference(n_cards: int) -> None:
    rng = np.random.default_rng(200 + n_cards)
    # Bias towards low cards so many hands qualify: deal from the ace and 2..8 often.
    cards = deal(rng, 3000, n_cards)
    low_heavy = np.array(
        [rng.choice(np.r_[0:28, 48:52], n_cards, replace=False) for _ in range(1500)], np.uint8
    )
    cards = np.concatenate([cards, low_heavy])
    fast = evaluate_low8(cards)
    keys = [best_low8(hand.tolist()) for hand in cards]
    assert [(value == 0) for value in fast] == [key is None for key in keys]
    assert_same_order(fast, [low_key(key) for key in keys])


@pytest.mark.parametrize(("n_hole", "n_board"), [(4, 5), (4, 3), (4, 4), (5, 5), (6, 5), (6, 3)])
def test_omaha_matches_reference(n_hole: int, n_board: int) -> None:
    rng = np.random.default_rng(300 + 10 * n_hole + n_board)
    cards = deal(rng, 1500, n_hole + n_board)
    hole, board = cards[:, :n_hole], cards[:, n_hole:]
    high = evaluate_omaha(hole, board)
    low = evaluate_omaha_low8(hole, board)
    fused_high, fused_low = evaluate_omaha_hilo(hole, board)
    np.testing.assert_array_equal(high, fused_high)
    np.testing.assert_array_equal(low, fused_low)
    high_keys = [omaha_high(h.tolist(), b.tolist()) for h, b in zip(hole, board, strict=True)]
    low_keys = [omaha_low8(h.tolist(), b.tolist()) for h, b in zip(hole, board, strict=True)]
    assert_same_order(high, high_keys)
    assert [(value == 0) for value in low] == [key is None for key in low_keys]
    assert_same_order(low, [low_key(key) for key in low_keys])


def test_omaha_low_where_public_evaluators_slipped() -> None:
    """Paired hole cards, boards with too few low ranks, and 5/6-card holes."""
    rng = np.random.default_rng(11)
    holes, boards = [], []
    low_cards = np.r_[0:28, 48:52]  # deuces..eights and aces
    for _ in range(1500):
        n_hole = int(rng.choice([4, 5, 6]))
        kind = int(rng.integers(3))
        deck = rng.permutation(52).tolist()
        if kind == 0:  # paired low hole cards, e.g. A-A-2-x
            rank = int(rng.choice([0, 1, 2, 12]))
            hole = [rank * 4, rank * 4 + 1]
        elif kind == 1:  # board with exactly two low ranks
            hole = []
        else:
            hole = rng.choice(low_cards, 3, replace=False).tolist()
        deck = [card for card in deck if card not in hole]
        if kind == 1:
            low_board = [c for c in deck if c in set(low_cards.tolist())][:2]
            high_board = [c for c in deck if c not in set(low_cards.tolist())][:3]
            board = low_board + high_board
        else:
            board = [c for c in deck if c in set(low_cards.tolist())][:3] + deck[-2:]
            board = list(dict.fromkeys(board))[:5]
        rest = [c for c in deck if c not in board]
        hole = hole + rest[: n_hole - len(hole)]
        holes.append(hole)
        boards.append(board)
    for size in (4, 5, 6):
        picked = [i for i, hole in enumerate(holes) if len(hole) == size]
        hole = np.array([holes[i] for i in picked], np.uint8)
        board = np.array([boards[i] for i in picked], np.uint8)
        low = evaluate_omaha_low8(hole, board)
        keys = [omaha_low8(holes[i], boards[i]) for i in picked]
        assert [(value == 0) for value in low] == [key is None for key in keys]
        assert_same_order(low, [low_key(key) for key in keys])


def test_known_omaha_cases() -> None:
    # Four aces in the hand still make only a pair of aces (two must come from the hole)...
    assert hand_category(evaluate_omaha("AsAhAdAc", "Kd7c2h9s3d")) == 2
    # ...and one heart in the hand with four on the board is no flush.
    assert hand_category(evaluate_omaha("AhKs2c3d", "QhJh9h4h8c")) < 6
    # A board of two low ranks never makes a low, whatever the hand.
    assert int(evaluate_omaha_low8("As2s3c4c", "5h6dKcQdJs")) == 0
    # A-A-2-3 hole with a 4-5-6 board: the paired ace does not stop the A-2 low.
    assert describe_low(evaluate_omaha_low8("AsAh2c3d", "4h5d6cQdJs")) == "6-5-4-2-A low"
