"""Dask arrays of hands: lazy, identical to numpy, the usual errors, on threads or a cluster."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from showdown import (
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
    parse_cards,
)

da = pytest.importorskip("dask.array")


def _deals(seed: int, count: int, cards: int) -> np.ndarray:
    """``count`` deals of ``cards`` distinct cards each."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :cards].astype(np.uint8)


@pytest.mark.parametrize("function", [evaluate, evaluate_low8])
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_hands_give_the_numpy_answer(function: Any, n_cards: int) -> None:
    hands = _deals(n_cards, 5_000, n_cards)
    # Cut hands in two on purpose: the last axis is merged before evaluating.
    lazy = function(da.from_array(hands, chunks=(1_300, 3)))
    assert isinstance(lazy, da.Array)
    assert lazy.dtype == function(hands[:1]).dtype
    assert lazy.shape == (5_000,)
    np.testing.assert_array_equal(lazy.compute(), function(hands))


def test_any_batch_shape_and_integer_dtype() -> None:
    hands = _deals(1, 3_000, 7).reshape(30, 100, 7)
    lazy = evaluate(da.from_array(hands.astype(np.int64), chunks=(7, 40, 7)))
    assert lazy.shape == (30, 100)
    np.testing.assert_array_equal(lazy.compute(), evaluate(hands))
    one_hand = evaluate(da.from_array(hands[0, 0]))
    assert one_hand.shape == ()
    assert int(one_hand.compute()) == int(evaluate(hands[0, 0]))


def test_omaha_with_both_sides_lazy_and_differently_chunked() -> None:
    deals = _deals(2, 4_000, 9)
    hole = da.from_array(deals[:, :4], chunks=(1_000, 4))
    board = da.from_array(deals[:, 4:], chunks=(700, 2))
    expected_high, expected_low = evaluate_omaha_hilo(deals[:, :4], deals[:, 4:])
    high, low = evaluate_omaha_hilo(hole, board)
    assert (high.dtype, low.dtype) == (np.uint16, np.uint8)
    np.testing.assert_array_equal(high.compute(), expected_high)
    np.testing.assert_array_equal(low.compute(), expected_low)
    np.testing.assert_array_equal(evaluate_omaha(hole, deals[:, 4:]).compute(), expected_high)
    np.testing.assert_array_equal(evaluate_omaha_low8(deals[:, :4], board).compute(), expected_low)


def test_omaha_against_one_board_given_as_text() -> None:
    board = "Ad7c2h9s3d"
    deals = _deals(3, 6_000, 6)
    holes = deals[~np.isin(deals, parse_cards(board)).any(axis=1)][:, :4]
    lazy = evaluate_omaha(da.from_array(holes, chunks=500), board)
    np.testing.assert_array_equal(lazy.compute(), evaluate_omaha(holes, board))


def test_omaha_broadcasts_batch_shapes() -> None:
    # Holes from cards 0..15, boards from 16..51: no card is used twice in the grid.
    order = np.arange(52, dtype=np.uint8)
    holes = order[:16].reshape(4, 1, 4)
    boards = np.stack([np.roll(order[16:], 3 * k)[:5] for k in range(8)]).reshape(1, 8, 5)
    lazy = evaluate_omaha(da.from_array(holes, chunks=(2, 1, 4)), boards)
    assert lazy.shape == (4, 8)
    np.testing.assert_array_equal(lazy.compute(), evaluate_omaha(holes, boards))


def test_metadata_errors_come_at_once() -> None:
    hands = _deals(5, 100, 7)
    with pytest.raises(ValueError, match="cards: expected 5, 6 or 7 cards per hand, got 4"):
        evaluate(da.from_array(hands[:, :4]))
    with pytest.raises(ValueError, match="integer card codes"):
        evaluate(da.from_array(hands.astype(np.float64)))
    with pytest.raises(ValueError, match="hole_cards: expected 4, 5 or 6 cards per hand, got 7"):
        evaluate_omaha(da.from_array(hands), hands[:, :5])
    with pytest.raises(ValueError, match="does not match board_cards batch shape"):
        evaluate_omaha(da.from_array(hands[:, :4]), hands[:50, :5])
    unknown = da.from_array(hands, chunks=10)
    unknown = unknown[unknown[:, 0] < 60]  # rows kept: unknown until computed
    assert np.isnan(unknown.shape[0])
    np.testing.assert_array_equal(evaluate(unknown).compute(), evaluate(hands))
    with pytest.raises(ValueError, match="compute_chunk_sizes"):
        evaluate_omaha(unknown[:, :4], unknown[:, 4:7])


def test_bad_cards_name_the_block_when_computed() -> None:
    hands = _deals(6, 3_000, 7)
    hands[2_345, 3] = hands[2_345, 0]
    lazy = evaluate(da.from_array(hands, chunks=1_000))  # no error yet: nothing computed
    with pytest.raises(ValueError, match=r"hand 345 of the batch\): .*Dask block \[2000:3000\]"):
        lazy.compute()
    hands[2_345, 3] = 60
    with pytest.raises(ValueError, match="60"):
        evaluate_low8(da.from_array(hands, chunks=1_000)).compute()


def test_a_cluster_computes_the_same(client: Any) -> None:
    hands = _deals(7, 20_000, 7)
    deals = _deals(8, 20_000, 9)
    expected = evaluate(hands), *evaluate_omaha_hilo(deals[:, :4], deals[:, 4:])
    lazy = (
        evaluate(da.from_array(hands, chunks=2_500)),
        *evaluate_omaha_hilo(da.from_array(deals[:, :4], chunks=5_000), deals[:, 4:]),
    )
    for got, wanted in zip(client.compute(lazy, sync=True), expected, strict=True):
        np.testing.assert_array_equal(got, wanted)
