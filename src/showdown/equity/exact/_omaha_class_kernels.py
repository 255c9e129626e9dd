"""Omaha (4-6 hole cards, high or hi-lo) exact equity by board classes.

The same walk as the hold'em kernel (``_holdem_class_kernels``), with Omaha's
rule: a hand is exactly two hole cards and three board cards. So a suit can
make a flush only when some player holds two cards of it and the board shows
three; and ignoring suits, a player's best hand is the best (hole rank pair,
board rank triple) of the 91 x 455 table, which depends on the board's ranks
only. The 8-or-better low depends on ranks only too: each rank multiset of
the board gives every player's high-without-flush and low once, and its flush
classes reuse them.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit
from ..._views import unowned
from .._scoring import BATCH, score_outcomes
from ._class_common import (
    MOST_CLASSES_PER_MULTISET,
    bit_count13,
    flush_classes,
    prepare_holding,
    split_multiset,
    suit_ranks,
)


@jit
def omaha_class_kernel(
    holdings,
    boards,
    dead_mask,
    perms,
    hilo,
    tables,
    classes,
    counts,
    scoop,
    share_any,
    sum_squares,
    categories,
    evaluations,
):  # pragma: no cover - compiled
    """Counters of every joint holding in ``holdings`` ``(H, n, hole)``.

    Arguments as in ``holdem_class_kernel`` (``boards`` ``(1, k)``, or one
    board per holding); ``hilo`` splits pots with the 8-or-better low, so
    ``scoop[h]``, ``share_any[h]`` and ``sum_squares[h]`` ``(n,)`` are
    filled too.
    """
    n_holdings, n_players, hole_size = holdings.shape
    n_missing = 5 - boards.shape[1]
    n_known = boards.shape[1]
    multisets = classes.multisets
    binomials = classes.binomials
    first_row = classes.offsets[n_missing]
    last_row = classes.offsets[n_missing + 1]
    flush = tables.flush
    pair_index = tables.omaha_pair_index
    triple_index = tables.omaha_triple_index
    omaha_ranks = tables.omaha_ranks
    omaha_low8 = tables.omaha_low8
    low_bit = tables.low_bit
    # Scratch arrays share two types (int64, uint64): each distinct array type
    # numba allocates costs compile time.
    board_mask = np.uint64(0)
    board_low = 0
    per_rank = np.zeros((7, 13), np.int64)
    board_ranks = per_rank[0]
    rank_low = per_rank[1]  # a rank's ace-to-eight low bit
    available = per_rank[2]
    distinct = per_rank[3]
    multiplicity = per_rank[4]
    with_suit = per_rank[5]
    without_suit = per_rank[6]
    per_suit = np.zeros((5, 4), np.int64)
    board_suit_ranks = per_suit[0]
    live_suit = per_suit[1]
    representative = per_suit[2]
    orbit_size = per_suit[3]
    needed = per_suit[4]
    for rank in range(13):
        rank_low[rank] = low_bit[4 * rank]
    scratch = np.zeros((4, 13), np.int64)
    eligible_bit = scratch[0]
    columns = scratch[1]
    suited_triples = scratch[2]
    suited_board = scratch[3]

    n_pairs = hole_size * (hole_size - 1) // 2
    player_mask = np.zeros(n_players, np.uint64)
    hole_suit_ranks = np.zeros((n_players, 4), np.int64)
    player_pairs = np.zeros((n_players, n_pairs), np.int64)
    per_player = np.zeros((3, n_players), np.int64)
    player_low = per_player[0]
    rank_high = per_player[1]
    rank_low8 = per_player[2]
    # Rank masks of each player's suited hole pairs, per suit (row p * 4 + suit).
    suited_pairs = np.zeros((n_players * 4, n_pairs + 1), np.int64)
    # Outcome buffers (see ``_scoring.BATCH`` for their size).
    highs = np.zeros((n_players, BATCH), np.int64)
    lows = np.zeros((n_players, BATCH), np.int64)
    score_scratch = np.zeros((3, BATCH), np.int64)
    weights = np.zeros((1, BATCH), np.int64)[0]
    # Flush classes of one rank multiset (suit, suited board ranks, boards).
    found = np.zeros((3, MOST_CLASSES_PER_MULTISET), np.int64)
    # flush_classes's arguments, grouped once, without owners: no reference counts per call.
    multiset = unowned((distinct, multiplicity, available))
    suits = unowned((board_suit_ranks, live_suit, orbit_size, needed))
    flush_work = unowned((with_suit, without_suit, eligible_bit))
    classes = unowned(classes)

    for h in range(n_holdings):
        if h == 0 or boards.shape[0] > 1:
            board_mask = np.uint64(0)
            board_low = 0
            for position in range(n_known):
                card = boards[h if boards.shape[0] > 1 else 0, position]
                board_mask |= np.uint64(1) << np.uint64(card)
                board_low |= low_bit[card]
                board_ranks[position] = np.int64(card) >> 2
            for suit in range(4):
                board_suit_ranks[suit] = suit_ranks(board_mask, suit)
        work = 0
        n_buffered = 0
        prepare_holding(
            holdings,
            h,
            board_mask | dead_mask,
            perms,
            player_mask,
            hole_suit_ranks,
            available,
            live_suit,
            representative,
            orbit_size,
        )
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
            player_low[p] = low
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

        for row in range(first_row, last_row + 1):
            # One call site for the scorer: flush the buffer when the next
            # multiset might not fit, and once after the last.
            if row == last_row or n_buffered > BATCH - MOST_CLASSES_PER_MULTISET:
                score_outcomes(
                    highs,
                    lows,
                    weights,
                    np.int64(n_buffered),
                    hilo,
                    score_scratch,
                    counts[h],
                    scoop[h],
                    share_any[h],
                    sum_squares[h],
                    categories[h],
                )
                n_buffered = 0
                if row == last_row:
                    break
            n_distinct, total = split_multiset(
                multisets, row, n_missing, available, binomials, distinct, multiplicity
            )
            if total == 0:
                continue
            work += n_players
            # The full board's ranks, its ten rank triples and its low mask.
            low = board_low
            for position in range(n_missing):
                rank = multisets[row, position]
                board_ranks[n_known + position] = rank
                low |= rank_low[rank]
            triple = 0
            for a in range(3):
                for b in range(a + 1, 4):
                    for c in range(b + 1, 5):
                        columns[triple] = triple_index[
                            board_ranks[a] * 169 + board_ranks[b] * 13 + board_ranks[c]
                        ]
                        triple += 1
            for p in range(n_players):
                best = np.uint16(0)
                for pair in range(n_pairs):
                    start = player_pairs[p, pair]
                    for triple in range(10):
                        best = max(best, omaha_ranks[start + columns[triple]])
                rank_high[p] = best
                if hilo:
                    rank_low8[p] = omaha_low8[(player_low[p] << 8) | low]
            n_flushes, flush_boards = flush_classes(
                n_distinct, multiset, suits, flush_work, classes, found
            )
            for k in range(n_flushes):
                suit = found[0, k]
                suited = found[1, k]
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
                                suited_triples[n_triples] = (
                                    suited_board[a] | suited_board[b] | suited_board[c]
                                )
                                n_triples += 1
                work += n_players
                for p in range(n_players):
                    best = rank_high[p]
                    for pair in range(suited_pairs[p * 4 + suit, 0]):
                        hole_ranks = suited_pairs[p * 4 + suit, 1 + pair]
                        for t in range(n_triples):
                            best = max(best, flush[hole_ranks | suited_triples[t]])
                    highs[p, n_buffered] = best
                    lows[p, n_buffered] = rank_low8[p]
                weights[n_buffered] = found[2, k]
                n_buffered += 1
            if total > flush_boards:
                for p in range(n_players):
                    highs[p, n_buffered] = rank_high[p]
                    lows[p, n_buffered] = rank_low8[p]
                weights[n_buffered] = total - flush_boards
                n_buffered += 1
        evaluations[h] = work
