"""Exact equity the way it was computed before class counting: every joint holding, every deal.

An oracle for the class-counting engine (``showdown.equity.exact``): both must
give the same integer counters. Only for small spots (it is single-threaded).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from showdown.equity.result import Counters
from showdown.equity.spot import Spot, count_deals
from showdown.evaluator import get_tables

from . import board_by_board_kernels, deal_by_deal_kernels

N_CHUNKS = 1


def joint_holdings(spot: Spot) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    """Every joint holding of the players (no shared card) and its weight."""
    hole = spot.game.hole_size
    cards = np.zeros((1, 0, hole), np.uint8)
    masks = np.zeros(1, np.uint64)
    weights = np.ones(1)
    for player in spot.players:
        hand_range = player.hand_range
        assert hand_range is not None
        combo_masks = hand_range.masks
        rows, picks = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)
        cards = np.concatenate([cards[rows], hand_range.combos[picks][:, None, :]], axis=1)
        masks = masks[rows] | combo_masks[picks]
        weights = weights[rows] * hand_range.weights[picks]
    return np.ascontiguousarray(cards), weights


def board_game_counters(spot: Spot) -> Counters:
    """Hold'em and Omaha: every board completion for every joint holding."""
    tables = get_tables()
    assignments, weights = joint_holdings(spot)
    n_players = spot.n_players
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.concatenate([spot.board, spot.dead]))
    deck = deck.astype(np.uint8)
    total = Counters.empty(n_players)
    deals = count_deals(spot)
    preflop_omaha = spot.game.mode == 1 and spot.board.size == 0
    for weight in np.unique(weights):
        block = np.ascontiguousarray(assignments[weights == weight])
        outputs = Counters.chunk_arrays(N_CHUNKS, n_players)
        if preflop_omaha:
            live = deck.size - n_players * spot.game.hole_size
            n_triples = live * (live - 1) * (live - 2) // 6
            triple_best = np.zeros((block.shape[0], n_players, n_triples), np.uint16)
            board_by_board_kernels.omaha_triple_best(
                block,
                deck,
                tables.card_bit,
                tables.flush,
                tables.omaha_pair_index,
                tables.omaha_triple_index,
                tables.omaha_ranks,
                triple_best,
            )
            board_by_board_kernels.omaha_preflop_kernel(
                spot.game.hilo,
                block,
                deck,
                triple_best,
                N_CHUNKS,
                tables.low_bit,
                tables.omaha_low8,
                *outputs,
            )
        else:
            board_by_board_kernels.board_exact_kernel(
                spot.game.mode,
                spot.game.hilo,
                n_players,
                block,
                spot.board,
                spot.game.board_size,
                deck,
                N_CHUNKS,
                tables.card_key,
                tables.card_bit,
                tables.low_bit,
                tables.offsets7,
                tables.values7,
                tables.flush,
                tables.low8,
                tables.omaha_pair_index,
                tables.omaha_triple_index,
                tables.omaha_ranks,
                tables.omaha_low8,
                *outputs,
            )
        total.add(Counters.from_chunks(outputs, block.shape[0] * deals), float(weight))
    return total


def deal_game_counters(spot: Spot) -> Counters:
    """Stud and draw: every way to deal each player's missing cards."""
    tables = get_tables()
    n_players = spot.n_players
    width = spot.game.hole_size
    known = np.zeros((n_players, width), np.uint8)
    known_length = np.zeros(n_players, np.int64)
    need = np.zeros(n_players, np.int64)
    for index, player in enumerate(spot.players):
        assert player.known is not None
        known[index, : player.known.size] = player.known
        known_length[index] = player.known.size
        need[index] = player.need
    outputs = Counters.chunk_arrays(N_CHUNKS, n_players)
    deal_by_deal_kernels.deal_exact_kernel(
        spot.game.hilo,
        n_players,
        known,
        known_length,
        need,
        spot.deck,
        N_CHUNKS,
        tables.card_key,
        tables.card_bit,
        tables.low_bit,
        tables.offsets7,
        tables.values7,
        tables.flush,
        tables.low8,
        *outputs,
    )
    return Counters.from_chunks(outputs, count_deals(spot))
