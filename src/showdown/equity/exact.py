"""Exact equity: enumerate every joint holding and every deal."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from .._jit import max_threads
from ..evaluator import get_tables
from . import _exact_kernels
from .result import Counters
from .spot import Spot, count_deals

#: Joint holdings enumerated at most (memory: one row of hole cards each).
MAX_ASSIGNMENTS = 2_000_000
#: Deals per kernel call in exact board games (progress is reported between calls).
BLOCK_DEALS = 50_000_000


class TooManyAssignmentsError(ValueError):
    """The ranges have more joint holdings than exact enumeration handles."""


def joint_holdings(
    spot: Spot, limit: int = MAX_ASSIGNMENTS
) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    """Every joint holding of the players (no shared card) and its weight.

    Returns ``(assignments (A, n, hole), weights (A,))``; the weight is the
    product of the players' combo weights.
    """
    hole = spot.game.hole_size
    cards = np.zeros((1, 0, hole), np.uint8)
    masks = np.zeros(1, np.uint64)
    weights = np.ones(1)
    for index, player in enumerate(spot.players):
        hand_range = player.hand_range
        assert hand_range is not None
        if hand_range.is_random and hole > 2:
            raise TooManyAssignmentsError(
                f"player {index + 1}: exact enumeration of random {hole}-card hands is not "
                "supported; sample instead (exact=False)"
            )
        if masks.size * len(hand_range) > 20 * limit:
            # Checked before building the (holdings x combos) overlap table,
            # which alone would take gigabytes for several random hands.
            raise TooManyAssignmentsError(
                f"the ranges have more than {limit:,} joint holdings; sample instead (exact=False)"
            )
        combos = hand_range.combos
        combo_masks = hand_range.masks
        fits = (masks[:, None] & combo_masks[None, :]) == 0
        rows, picks = np.nonzero(fits)
        if rows.size > limit:
            raise TooManyAssignmentsError(
                f"the ranges have more than {limit:,} joint holdings; sample instead (exact=False)"
            )
        cards = np.concatenate([cards[rows], combos[picks][:, None, :]], axis=1)
        masks = masks[rows] | combo_masks[picks]
        weights = weights[rows] * hand_range.weights[picks]
    if cards.shape[0] == 0:
        raise ValueError("players: the hands and ranges share cards in every combination")
    return np.ascontiguousarray(cards), weights


def estimated_work(spot: Spot, n_assignments: int) -> float:
    """Rough cost of exact enumeration in hand evaluations (for ``exact=None``)."""
    deals = count_deals(spot)
    factor = 1.0
    if spot.game.mode == 1:  # Omaha: per-triple bests preflop, full evaluation otherwise
        factor = 2.0 if spot.board.size == 0 else 15.0
    return float(n_assignments) * deals * spot.n_players * factor


def exact_board_game(
    spot: Spot,
    assignments: NDArray[np.uint8],
    weights: NDArray[np.float64],
    progress: Callable[[int, int], None] | None = None,
) -> Counters:
    """Hold'em and Omaha: every board completion for every joint holding."""
    tables = get_tables()
    n_players = spot.n_players
    # The kernel removes each assignment's cards from the deck itself, so hand it
    # the deck with the fixed players' cards put back.
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), np.concatenate([spot.board, spot.dead]))
    deck = deck.astype(np.uint8)
    total = Counters.empty(n_players)
    deals = count_deals(spot)
    n_chunks = 8 * max_threads()
    preflop_omaha = spot.game.mode == 1 and spot.board.size == 0
    # Holdings of equal weight share integer counters; each weight group is cut
    # into blocks of about BLOCK_DEALS deals so progress can be reported.
    blocks = []
    for weight in np.unique(weights):
        group = assignments[weights == weight]
        per_block = max(1, BLOCK_DEALS // max(deals, 1))
        for start in range(0, group.shape[0], per_block):
            blocks.append((float(weight), np.ascontiguousarray(group[start : start + per_block])))
    for done, (weight, block) in enumerate(blocks, start=1):
        outputs = Counters.chunk_arrays(n_chunks, n_players)
        if preflop_omaha:
            live = deck.size - n_players * spot.game.hole_size
            n_triples = live * (live - 1) * (live - 2) // 6
            triple_best = np.zeros((block.shape[0], n_players, n_triples), np.uint16)
            _exact_kernels.omaha_triple_best(
                block,
                deck,
                tables.card_bit,
                tables.flush,
                tables.omaha_pair_index,
                tables.omaha_triple_index,
                tables.omaha_ranks,
                triple_best,
            )
            _exact_kernels.omaha_preflop_kernel(
                spot.game.hilo,
                block,
                deck,
                triple_best,
                n_chunks,
                tables.low_bit,
                tables.omaha_low8,
                *outputs,
            )
        else:
            _exact_kernels.board_exact_kernel(
                spot.game.mode,
                spot.game.hilo,
                n_players,
                block,
                spot.board,
                spot.game.board_size,
                deck,
                n_chunks,
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
        total.add(Counters.from_chunks(outputs, block.shape[0] * deals), weight)
        if progress is not None:
            progress(done, len(blocks))
    return total


def exact_deal_game(spot: Spot) -> Counters:
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
    n_chunks = 8 * max_threads()
    outputs = Counters.chunk_arrays(n_chunks, n_players)
    _exact_kernels.deal_exact_kernel(
        spot.game.hilo,
        n_players,
        known,
        known_length,
        need,
        spot.deck,
        n_chunks,
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
