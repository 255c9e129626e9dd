"""Hold'em exact equity by board classes: one evaluation per class, not per board.

For fixed hole cards, a board completion's showdown depends only on the
multiset of ranks dealt and, when some suit can make a flush, on which ranks
of that suit were dealt (see ``exact``'s module docstring for the argument).
For each joint holding the kernel walks every rank multiset ``M`` of the
missing cards once:

- the boards with those ranks number ``prod_r C(available_r, M_r)``; each
  player's best hand from ranks alone is one 7-card rank sum through the
  perfect hash;
- for each suit that can still reach a flush, every subset ``T`` of ``M``'s
  distinct ranks whose card of that suit is live, with at least as many
  ranks as the flush needs, is a flush class: the boards where exactly the
  ranks of ``T`` come in that suit. Its weight is a product of binomials
  (with or without the suited card, per rank); each player plays the better
  of their rank-only hand and their flush;
- what is left, ``total - flush classes``, is scored with the rank-only hands.

Suits that the spot's symmetry makes interchangeable have identical flush
classes; only the smallest of each orbit is walked, its weight multiplied by
the orbit's size.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit
from ..._views import unowned
from ...evaluator._kernels import rank_key_of, rank_strength
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
def holdem_class_kernel(
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
    """Counters of every joint holding in ``holdings`` ``(H, n, 2)``.

    ``boards`` ``(1, k)`` holds the known board cards (``(H, k)``: one board
    per holding, for runouts), ``dead_mask`` the dead cards, ``perms`` the
    suit permutations that fix both (the spot's symmetry).
    Fills ``counts[h]`` ``(n, 3, n + 1)``, ``categories[h]`` ``(n, 10)``
    (and would fill the split-pot counters ``scoop[h]``, ``share_any[h]``,
    ``sum_squares[h]``; ``hilo`` is False in hold'em, passed so that every
    kernel shares one compiled scorer) for each holding ``h``, and
    ``evaluations[h]``: player-hands evaluated (rank multisets and flush
    classes, times players).
    """
    n_holdings, n_players, hole_size = holdings.shape
    n_missing = 5 - boards.shape[1]
    multisets = classes.multisets
    binomials = classes.binomials
    first_row = classes.offsets[n_missing]
    last_row = classes.offsets[n_missing + 1]
    # The tables without owners: handing them to the evaluator's helpers per
    # rank multiset then costs no reference-count updates.
    tables = unowned(tables)
    flush = tables.flush
    # Every scratch array is int64 allocated 2-D: each distinct array type numba
    # allocates costs compile time.
    # uint64 scratch is an int64 allocation viewed as uint64: one allocation type to compile.
    unsigned = np.zeros((3, max(13, n_players)), np.int64).view(np.uint64)
    rank_key = unsigned[0, :13]
    for rank in range(13):
        rank_key[rank] = rank_key_of(rank, tables)
    board_mask = np.uint64(0)
    board_rank_sum = np.uint64(0)
    per_suit = np.zeros((5, 4), np.int64)
    board_suit_ranks = per_suit[0]
    live_suit = per_suit[1]
    representative = per_suit[2]
    orbit_size = per_suit[3]
    needed = per_suit[4]
    per_rank = np.zeros((6, 13), np.int64)
    available = per_rank[0]
    distinct = per_rank[1]
    multiplicity = per_rank[2]
    with_suit = per_rank[3]
    without_suit = per_rank[4]
    eligible_bit = per_rank[5]
    player_mask = unsigned[1, :n_players]
    player_rank_sum = unsigned[2, :n_players]
    hole_suit_ranks = np.zeros((n_players, 4), np.int64)
    rank_high = np.zeros((1, n_players), np.int64)[0]
    # Outcomes are buffered and scored in batches (see ``_scoring``).
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
            board_rank_sum = np.uint64(0)
            for position in range(boards.shape[1]):
                card = boards[h if boards.shape[0] > 1 else 0, position]
                board_mask |= np.uint64(1) << np.uint64(card)
                board_rank_sum += rank_key[card >> 2]
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
            key = np.uint64(0)
            for slot in range(hole_size):
                key += rank_key[holdings[h, p, slot] >> 2]
            player_rank_sum[p] = key
        for suit in range(4):
            # A hold'em flush needs five of the suit among the board and one's two cards.
            most_held = 0
            for p in range(n_players):
                most_held = max(most_held, bit_count13(hole_suit_ranks[p, suit]))
            needed[suit] = max(0, 5 - most_held - bit_count13(board_suit_ranks[suit]))
            if representative[suit] != suit:
                needed[suit] = 99  # walked with its orbit's representative

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
            key = board_rank_sum
            for d in range(n_distinct):
                key += rank_key[distinct[d]] * np.uint64(multiplicity[d])
            work += n_players
            for p in range(n_players):
                rank_high[p] = rank_strength(key + player_rank_sum[p], tables)
            n_flushes, flush_boards = flush_classes(
                n_distinct, multiset, suits, flush_work, classes, found
            )
            for k in range(n_flushes):
                suit = found[0, k]
                suited = found[1, k]
                work += n_players
                for p in range(n_players):
                    highs[p, n_buffered] = max(
                        rank_high[p], flush[suited | hole_suit_ranks[p, suit]]
                    )
                weights[n_buffered] = found[2, k]
                n_buffered += 1
            if total > flush_boards:
                for p in range(n_players):
                    highs[p, n_buffered] = rank_high[p]
                weights[n_buffered] = total - flush_boards
                n_buffered += 1
        evaluations[h] = work
