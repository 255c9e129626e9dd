"""Agreement with peer libraries on random deals (skipped when a peer is missing).

phevaluator ranks high hands 1 (royal) .. 7462 with smaller = stronger, so
its ranks negated must order hands exactly as our strengths do. pokerkit
provides the 8-or-better low and Omaha hand types.
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown.cards import format_cards
from showdown.evaluator import (
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
)

pytestmark = pytest.mark.peers


def deal(seed: int, n_hands: int, n_cards: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n_hands, 52)), axis=1)[:, :n_cards].astype(np.uint8)


def same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """``ours`` and ``theirs`` (both larger = stronger) agree on every pair of hands."""
    order = np.argsort(theirs, kind="stable")
    ours_sorted, theirs_sorted = ours[order], theirs[order]
    ties = theirs_sorted[1:] == theirs_sorted[:-1]
    np.testing.assert_array_equal(ours_sorted[1:][ties], ours_sorted[:-1][ties])
    assert (ours_sorted[1:][~ties] > ours_sorted[:-1][~ties]).all()


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_high_agrees_with_phevaluator(n_cards: int) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    cards = deal(n_cards, 20_000, n_cards)
    theirs = np.array([-phevaluator.evaluate_cards(*hand.tolist()) for hand in cards])
    same_order(evaluate(cards).astype(np.int64), theirs)


def test_omaha_high_agrees_with_phevaluator() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    cards = deal(42, 10_000, 9)
    hole, board = cards[:, :4], cards[:, 4:]
    theirs = np.array(
        [
            -phevaluator.evaluate_omaha_cards(*b.tolist(), *h.tolist())
            for h, b in zip(hole, board, strict=True)
        ]
    )
    same_order(evaluate_omaha(hole, board).astype(np.int64), theirs)


def _pokerkit_low_value(hand) -> int:
    # pokerkit's low index: 0 = A-2-3-4-5 (best) .. 55; None = no low. Map to ours' direction.
    return 0 if hand is None else 56 - hand.entry.index


def test_low_agrees_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    cards = deal(7, 1_500, 7)
    ours = evaluate_low8(cards)
    theirs = [
        _pokerkit_low_value(
            pokerkit.EightOrBetterLowHand.from_game_or_none(
                format_cards(hand[:2]), format_cards(hand[2:])
            )
        )
        for hand in cards
    ]
    same_order(ours.astype(np.int64), np.array(theirs))
    assert ((ours == 0) == (np.array(theirs) == 0)).all()


def test_omaha_hilo_agrees_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    cards = deal(9, 600, 9)
    hole, board = cards[:, :4], cards[:, 4:]
    high, low = evaluate_omaha_hilo(hole, board)
    their_high, their_low = [], []
    for h, b in zip(hole, board, strict=True):
        hole_text, board_text = format_cards(h), format_cards(b)
        their_high.append(pokerkit.OmahaHoldemHand.from_game(hole_text, board_text).entry.index)
        their_low.append(
            _pokerkit_low_value(
                pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(hole_text, board_text)
            )
        )
    same_order(high.astype(np.int64), np.array(their_high))
    same_order(low.astype(np.int64), np.array(their_low))
