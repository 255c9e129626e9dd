"""The board-class walk, once for every game: rank multisets, suit orbits, flush classes.

For fixed hole cards, a board completion's showdown depends only on the
multiset of ranks dealt and, when some suit can make a flush, on which ranks
of that suit were dealt (see ``exact``'s module docstring for the argument).
For each joint holding the kernel walks every rank multiset ``M`` of the
missing cards once:

- the boards with those ranks number ``prod_r C(available_r, M_r)``; each
  player's best hand from ranks alone (and, hi-lo, their low) is valued once;
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

What differs by game (how a hand is made from hole and board cards) is a few
small inline steps, :class:`GameSteps`, bound into the kernel when it is made
(:func:`make_class_kernel`): ``_holdem_class_kernels`` and
``_omaha_class_kernels`` each make their game's kernel from the same walk.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..._jit import jit
from ..._views import unowned
from .._scoring import BATCH, score_outcomes
from ._class_common import (
    MOST_CLASSES_PER_MULTISET,
    flush_classes,
    prepare_holding,
    split_multiset,
    suit_ranks,
)


class GameSteps(NamedTuple):
    """One game's part of the walk: inline helpers over the game's own scratch views.

    ``views(unsigned, per_rank, per_player, pairs, hole_suit_ranks, highs,
    lows)``: the game's tuple of views of the walk's scratch arrays (see
    :func:`make_class_kernel` for their rows), handed without owners to every
    step below as ``work``, with the evaluator's ``tables``. ``start(work,
    tables)``: once per kernel call. ``board(boards, row, work, tables)``: the
    known board's summary (a ``uint64`` the ``ranks`` step starts from).
    ``holding(holdings, h, pairs, board_suit_ranks, representative, needed,
    work, tables)``: each player's per-holding values, and per suit the flush
    ranks needed (99: never walked). ``ranks(row, n_known, n_missing,
    n_distinct, summary, hilo, multisets, work, tables)``: every player's
    rank-only high (``per_player[1]``) and, hi-lo, low (``per_player[2]``) for
    one multiset. ``flush(suit, suited, column, work, tables)``: every player's
    high (and low) in one flush class, into column ``column`` of the buffers.
    """

    views: Any
    start: Any
    board: Any
    holding: Any
    ranks: Any
    flush: Any


def make_class_kernel(steps: GameSteps, name: str) -> Any:
    """The class walk of one game, its steps bound as closure constants (compiled inline).

    The result is the game's kernel, cached on disk like any other (the steps are
    keyed by their names: :class:`showdown._jit_cache.HealingCache`).

    Each game sees only the views it needs (a small tuple: the walk's own
    arrays and the tables travel separately), which keeps the inlined steps
    cheap to compile. Scratch rows: ``unsigned`` ``(3, >= 13)`` uint64 (row 1:
    the players' card masks), ``per_rank`` ``(11, 13)`` (rows 0-5: the walk's
    multiset and flush work, rows 6-10 free), ``per_player`` ``(3, n)`` (row 1
    the rank-only highs, row 2 the lows, row 0 free), ``pairs``
    ``(5n, hole pairs + 1)``, ``hole_suit_ranks`` ``(n, 4)``, the buffers
    ``highs`` and ``lows`` ``(n, BATCH)``.
    """
    views, start, board_step, holding_step, ranks_step, flush_step = steps

    def class_kernel(
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

        ``boards`` ``(1, k)`` holds the known board cards (``(H, k)``: one board
        per holding, for runouts), ``dead_mask`` the dead cards, ``perms`` the
        suit permutations that fix both (the spot's symmetry). ``hilo`` splits
        pots with the 8-or-better low (Omaha; False in hold'em, passed so that
        every kernel shares one compiled scorer). Fills ``counts[h]``
        ``(n, 3, n + 1)``, ``categories[h]`` ``(n, 10)``, the split-pot counters
        ``scoop[h]``, ``share_any[h]``, ``sum_squares[h]`` ``(n,)`` for each
        holding ``h``, and ``evaluations[h]``: player-hands evaluated (rank
        multisets and flush classes, times players).
        """
        n_holdings, n_players, hole_size = holdings.shape
        n_known = boards.shape[1]
        n_missing = 5 - n_known
        multisets = classes.multisets
        binomials = classes.binomials
        first_row = classes.offsets[n_missing]
        last_row = classes.offsets[n_missing + 1]
        # Every scratch array is int64 allocated 2-D (uint64 ones are an int64
        # allocation viewed as uint64): each distinct array type numba allocates
        # costs compile time.
        unsigned = np.zeros((3, max(13, n_players)), np.int64).view(np.uint64)
        player_mask = unsigned[1, :n_players]
        per_suit = np.zeros((5, 4), np.int64)
        board_suit_ranks = per_suit[0]
        live_suit = per_suit[1]
        representative = per_suit[2]
        orbit_size = per_suit[3]
        needed = per_suit[4]
        per_rank = np.zeros((11, 13), np.int64)
        available = per_rank[0]
        distinct = per_rank[1]
        multiplicity = per_rank[2]
        with_suit = per_rank[3]
        without_suit = per_rank[4]
        eligible_bit = per_rank[5]
        per_player = np.zeros((3, n_players), np.int64)
        rank_high = per_player[1]
        rank_low8 = per_player[2]
        hole_suit_ranks = np.zeros((n_players, 4), np.int64)
        n_pairs = hole_size * (hole_size - 1) // 2
        # Omaha's hole pairs: rows 0..n-1 their table rows, then per player and suit
        # (row n + 4p + suit) how many suited pairs and their rank masks.
        pairs = np.zeros((5 * n_players, n_pairs + 1), np.int64)
        # Outcomes are buffered and scored in batches (see ``_scoring``).
        highs = np.zeros((n_players, BATCH), np.int64)
        lows = np.zeros((n_players, BATCH), np.int64)
        score_scratch = np.zeros((3, BATCH), np.int64)
        weights = np.zeros((1, BATCH), np.int64)[0]
        buffers = (highs, lows, weights, score_scratch)
        # Flush classes of one rank multiset (suit, suited board ranks, boards).
        found = np.zeros((3, MOST_CLASSES_PER_MULTISET), np.int64)
        # Arguments grouped once, without owners: no reference counts per call. The
        # owners stay alive: each is also used directly in the loops below.
        multiset = unowned((distinct, multiplicity, available))
        suits = unowned((board_suit_ranks, live_suit, orbit_size, needed))
        flush_work = unowned((with_suit, without_suit, eligible_bit))
        classes = unowned(classes)
        tables = unowned(tables)
        # The owners stay alive: the walk uses one view of each allocation itself.
        work = unowned(views(unsigned, per_rank, per_player, pairs, hole_suit_ranks, highs, lows))
        start(work, tables)
        board_mask = np.uint64(0)
        summary = np.uint64(0)

        for h in range(n_holdings):
            if h == 0 or boards.shape[0] > 1:
                row = h if boards.shape[0] > 1 else 0
                board_mask = np.uint64(0)
                for position in range(n_known):
                    board_mask |= np.uint64(1) << np.uint64(boards[row, position])
                for suit in range(4):
                    board_suit_ranks[suit] = suit_ranks(board_mask, suit)
                summary = board_step(boards, row, work, tables)
            evaluated = 0
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
            holding_step(holdings, h, pairs, board_suit_ranks, representative, needed, work, tables)

            for row in range(first_row, last_row + 1):
                # One call site for the scorer: flush the buffer when the next
                # multiset might not fit, and once after the last.
                if row == last_row or n_buffered > BATCH - MOST_CLASSES_PER_MULTISET:
                    counters = (counts[h], scoop[h], share_any[h], sum_squares[h], categories[h])
                    score_outcomes(buffers, np.int64(n_buffered), hilo, counters)
                    n_buffered = 0
                    if row == last_row:
                        break
                n_distinct, total = split_multiset(
                    multisets, row, n_missing, available, binomials, distinct, multiplicity
                )
                if total == 0:
                    continue
                evaluated += n_players
                ranks_step(
                    row, n_known, n_missing, n_distinct, summary, hilo, multisets, work, tables
                )
                n_flushes, flush_boards = flush_classes(
                    n_distinct, multiset, suits, flush_work, classes, found
                )
                for k in range(n_flushes):
                    evaluated += n_players
                    flush_step(found[0, k], found[1, k], n_buffered, work, tables)
                    weights[n_buffered] = found[2, k]
                    n_buffered += 1
                if total > flush_boards:
                    for p in range(n_players):
                        highs[p, n_buffered] = rank_high[p]
                        lows[p, n_buffered] = rank_low8[p]
                    weights[n_buffered] = total - flush_boards
                    n_buffered += 1
            evaluations[h] = evaluated

    class_kernel.__name__ = name
    class_kernel.__qualname__ = name
    # Not inlined anywhere: numba's inliner copies a function's whole variable scope once
    # per block, which for a walk this size costs seconds of every cold compile. The
    # closure is cached under its steps' names (``showdown._jit_cache``).
    return jit(class_kernel)
