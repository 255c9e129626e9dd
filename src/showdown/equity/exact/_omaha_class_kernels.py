"""Omaha's steps of the board-class walk (``_class_kernels``), and its kernel (4-6 hole cards).

Omaha's rule: a hand is exactly two hole cards and three board cards. So a
suit can make a flush only when some player holds two cards of it and the
board shows three; and ignoring suits, a player's best hand is the best
(hole rank pair, board rank triple) of the 91 x 455 table, which depends on
the board's ranks only. The 8-or-better low depends on ranks only too: each
rank multiset of the board gives every player's high-without-flush and low
once, and its flush classes reuse them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..._jit import jit_inline
from ._class_common import bit_count13
from ._class_kernels import GameSteps, make_class_kernel


class OmahaWork(NamedTuple):
    """Omaha's views of the walk's scratch arrays."""

    board_ranks: Any  # (13,): the full board's ranks
    rank_low: Any  # (13,): each rank's ace-to-eight low bit
    columns: Any  # (13,): the board's rank triples' columns in the rank table
    suited_triples: Any  # (13,): the suited board ranks' triples
    suited_board: Any  # (13,): the suited board ranks, one bit each
    player_low: Any  # (n,): each player's low bits
    rank_high: Any  # (n,): each player's high without a flush
    rank_low8: Any  # (n,): each player's 8-or-better low (0: none)
    player_pairs: Any  # (n, pairs + 1): each hole pair's row of the rank table
    suited_pairs: Any  # (4n, pairs + 1): per player and suit, how many suited pairs, their ranks
    highs: Any  # (n, BATCH): the buffered outcomes' highs
    lows: Any  # (n, BATCH): and lows


@jit_inline
def _views(
    unsigned, per_rank, per_player, pairs, hole_suit_ranks, highs, lows
):  # pragma: no cover - compiled
    n_players = per_player.shape[1]
    return OmahaWork(
        per_rank[6],
        per_rank[7],
        per_rank[8],
        per_rank[9],
        per_rank[10],
        per_player[0],
        per_player[1],
        per_player[2],
        pairs[:n_players],
        pairs[n_players:],
        highs,
        lows,
    )


@jit_inline
def _start(work, tables):  # pragma: no cover - compiled
    """Each rank's ace-to-eight low bit."""
    for rank in range(13):
        work.rank_low[rank] = tables.low_bit[4 * rank]


@jit_inline
def _board(boards, row, work, tables):  # pragma: no cover - compiled
    """The known board's low bits; its ranks go to the front of ``board_ranks``."""
    low_bit = tables.low_bit
    board_low = 0
    for position in range(boards.shape[1]):
        card = boards[row, position]
        board_low |= low_bit[card]
        work.board_ranks[position] = np.int64(card) >> 2
    return np.uint64(board_low)


@jit_inline
def _holding(
    holdings, h, pairs, board_suit_ranks, representative, needed, work, tables
):  # pragma: no cover - compiled
    """Each player's low bits, hole pairs' table rows and suited pairs; the flush suits.

    ``pairs`` is the array behind ``work.player_pairs`` and ``work.suited_pairs``
    (passed so that it stays alive while the walk runs).
    """
    n_players, hole_size = holdings.shape[1], holdings.shape[2]
    low_bit = tables.low_bit
    pair_index = tables.omaha_pair_index
    player_pairs = work.player_pairs
    suited_pairs = work.suited_pairs
    for p in range(n_players):
        low = 0
        pair = 0
        for x in range(hole_size):
            card_x = np.int64(holdings[h, p, x])
            low |= low_bit[card_x]
            for y in range(x + 1, hole_size):
                card_y = np.int64(holdings[h, p, y])
                player_pairs[p, pair] = pair_index[(card_x >> 2) * 13 + (card_y >> 2)]
                pair += 1
        work.player_low[p] = low
        for suit in range(4):
            count = 0
            for x in range(hole_size):
                card_x = np.int64(holdings[h, p, x])
                if card_x & 3 != suit:
                    continue
                for y in range(x + 1, hole_size):
                    card_y = np.int64(holdings[h, p, y])
                    if card_y & 3 == suit:
                        suited_pairs[p * 4 + suit, 1 + count] = (1 << (card_x >> 2)) | (
                            1 << (card_y >> 2)
                        )
                        count += 1
            suited_pairs[p * 4 + suit, 0] = count
    for suit in range(4):
        # An Omaha flush needs two suited hole cards and three suited board cards.
        most_pairs = 0
        for p in range(n_players):
            most_pairs = max(most_pairs, suited_pairs[p * 4 + suit, 0])
        needed[suit] = max(0, 3 - bit_count13(board_suit_ranks[suit]))
        if most_pairs == 0 or representative[suit] != suit:
            needed[suit] = 99  # no flush possible, or walked with its representative


@jit_inline
def _ranks(
    row, n_known, n_missing, n_distinct, summary, hilo, multisets, work, tables
):  # pragma: no cover - compiled
    """Every player's best (hole pair, board triple) ignoring suits, and their low."""
    board_ranks = work.board_ranks
    columns = work.columns
    player_pairs = work.player_pairs
    n_pairs = player_pairs.shape[1] - 1  # a spare column: rows as wide as suited_pairs'
    omaha_ranks = tables.omaha_ranks
    # The full board's ranks, its ten rank triples and its low mask.
    low = np.int64(summary)
    for position in range(n_missing):
        rank = multisets[row, position]
        board_ranks[n_known + position] = rank
        low |= work.rank_low[rank]
    triple = 0
    for a in range(3):
        for b in range(a + 1, 4):
            for c in range(b + 1, 5):
                columns[triple] = tables.omaha_triple_index[
                    board_ranks[a] * 169 + board_ranks[b] * 13 + board_ranks[c]
                ]
                triple += 1
    for p in range(work.rank_high.size):
        best = np.uint16(0)
        for pair in range(n_pairs):
            start = player_pairs[p, pair]
            for triple in range(10):
                best = max(best, omaha_ranks[start + columns[triple]])
        work.rank_high[p] = best
        if hilo:
            work.rank_low8[p] = tables.omaha_low8[(work.player_low[p] << 8) | low]


@jit_inline
def _flush(suit, suited, column, work, tables):  # pragma: no cover - compiled
    """Every player's best of their rank-only hand and their flushes in ``suit``."""
    flush = tables.flush
    suited_triples = work.suited_triples
    suited_board = work.suited_board
    suited_pairs = work.suited_pairs
    # The suited board ranks' triples (3 to 5 ranks, 1 to 10 triples);
    # three suited board cards, the common case, are their own triple.
    n_triples = 1
    suited_triples[0] = suited
    if bit_count13(suited) > 3:
        n_board_suited = 0
        rest = suited
        while rest:
            suited_board[n_board_suited] = rest & -rest  # lowest set bit
            rest &= rest - 1
            n_board_suited += 1
        n_triples = 0
        for a in range(n_board_suited - 2):
            for b in range(a + 1, n_board_suited - 1):
                for c in range(b + 1, n_board_suited):
                    suited_triples[n_triples] = suited_board[a] | suited_board[b] | suited_board[c]
                    n_triples += 1
    for p in range(work.rank_high.size):
        best = work.rank_high[p]
        for pair in range(suited_pairs[p * 4 + suit, 0]):
            hole_ranks = suited_pairs[p * 4 + suit, 1 + pair]
            for t in range(n_triples):
                best = max(best, flush[hole_ranks | suited_triples[t]])
        work.highs[p, column] = best
        work.lows[p, column] = work.rank_low8[p]


#: Counters of every joint holding (arguments in ``_class_kernels.make_class_kernel``).
omaha_class_kernel = make_class_kernel(
    GameSteps(_views, _start, _board, _holding, _ranks, _flush), "omaha_class_kernel"
)
