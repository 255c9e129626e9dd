"""Hold'em's steps of the board-class walk (``_class_kernels``), and its kernel.

A hold'em hand is the best five of the board and one's two cards, so a
player's rank-only hand is one 7-card rank sum through the evaluator's perfect
hash, and a flush class's flush is the suit's board ranks with the player's
ranks of that suit (five of the suit needed between them).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..._jit import jit_inline
from ...evaluator._kernels import rank_key_of, rank_strength
from ._class_common import bit_count13
from ._class_kernels import GameSteps, make_class_kernel


class HoldemWork(NamedTuple):
    """Hold'em's views of the walk's scratch arrays."""

    rank_key: Any  # (13,) uint64: each rank's key of the perfect hash
    player_rank_sum: Any  # (n,) uint64: the keys of each player's cards, summed
    distinct: Any  # (13,): the multiset's distinct ranks
    multiplicity: Any  # (13,): how often each
    rank_high: Any  # (n,): each player's high without a flush
    hole_suit_ranks: Any  # (n, 4): each player's rank mask per suit
    highs: Any  # (n, BATCH): the buffered outcomes' highs


@jit_inline
def _views(
    unsigned, per_rank, per_player, pairs, hole_suit_ranks, highs, lows
):  # pragma: no cover - compiled
    n_players = per_player.shape[1]
    return HoldemWork(
        unsigned[0, :13],
        unsigned[2, :n_players],
        per_rank[1],
        per_rank[2],
        per_player[1],
        hole_suit_ranks,
        highs,
    )


@jit_inline
def _start(work, tables):  # pragma: no cover - compiled
    """The perfect hash's key of each rank."""
    for rank in range(13):
        work.rank_key[rank] = rank_key_of(rank, tables)


@jit_inline
def _board(boards, row, work, tables):  # pragma: no cover - compiled
    """The known board's rank keys, summed."""
    total = np.uint64(0)
    for position in range(boards.shape[1]):
        total += work.rank_key[boards[row, position] >> 2]
    return total


@jit_inline
def _holding(
    holdings, h, pairs, board_suit_ranks, representative, needed, work, tables
):  # pragma: no cover - compiled
    """Each player's rank keys; per suit, the flush ranks the board still needs."""
    n_players, hole_size = holdings.shape[1], holdings.shape[2]
    for p in range(n_players):
        key = np.uint64(0)
        for slot in range(hole_size):
            key += work.rank_key[holdings[h, p, slot] >> 2]
        work.player_rank_sum[p] = key
    for suit in range(4):
        # A hold'em flush needs five of the suit among the board and one's two cards.
        most_held = 0
        for p in range(n_players):
            most_held = max(most_held, bit_count13(work.hole_suit_ranks[p, suit]))
        needed[suit] = max(0, 5 - most_held - bit_count13(board_suit_ranks[suit]))
        if representative[suit] != suit:
            needed[suit] = 99  # walked with its orbit's representative


@jit_inline
def _ranks(
    row, n_known, n_missing, n_distinct, summary, hilo, multisets, work, tables
):  # pragma: no cover - compiled
    """Every player's best hand from ranks alone: one rank sum each."""
    key = summary
    for d in range(n_distinct):
        key += work.rank_key[work.distinct[d]] * np.uint64(work.multiplicity[d])
    for p in range(work.rank_high.size):
        work.rank_high[p] = rank_strength(key + work.player_rank_sum[p], tables)


@jit_inline
def _flush(suit, suited, column, work, tables):  # pragma: no cover - compiled
    """Every player's better of their rank-only hand and their flush in ``suit``."""
    flush = tables.flush
    for p in range(work.rank_high.size):
        work.highs[p, column] = max(
            work.rank_high[p], flush[suited | work.hole_suit_ranks[p, suit]]
        )


#: Counters of every joint holding (arguments in ``_class_kernels.make_class_kernel``).
holdem_class_kernel = make_class_kernel(
    GameSteps(_views, _start, _board, _holding, _ranks, _flush), "holdem_class_kernel"
)
