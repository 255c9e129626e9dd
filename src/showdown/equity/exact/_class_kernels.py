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
from numpy.typing import NDArray

from ..._jit import jit_kernel
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

    The result is the game's kernel: called as ``kernel(holdings, boards,
    dead_mask, perms, hilo, tables, classes, counts, scoop, share_any,
    sum_squares, categories, evaluations)``, it allocates the walk's scratch
    arrays (:func:`class_scratch`) and runs the compiled walk, which is cached on
    disk like any other kernel (the steps are keyed by their names:
    :class:`showdown._jit_cache.HealingCache`). The walk is compiled without
    numba's runtime (``jit_kernel``): it allocates nothing and counts no
    references, which makes its cold compile about a second shorter.

    Each game sees only the views it needs (a small tuple: the walk's own
    arrays and the tables travel separately), which keeps the inlined steps
    cheap to compile.
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
        scratch,
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
        multisets and flush classes, times players). ``scratch`` is the walk's
        working arrays, zeroed (:func:`class_scratch`).
        """
        n_holdings, n_players, _ = holdings.shape
        n_known = boards.shape[1]
        n_missing = 5 - n_known
        multisets = classes.multisets
        binomials = classes.binomials
        first_row = classes.offsets[n_missing]
        last_row = classes.offsets[n_missing + 1]
        (unsigned, per_suit, per_rank, per_player, hole_suit_ranks, pairs, highs, lows,
         score_scratch, weights, found) = scratch  # fmt: skip
        player_mask = unsigned[1, :n_players]
        board_suit_ranks = per_suit[0]
        live_suit = per_suit[1]
        representative = per_suit[2]
        orbit_size = per_suit[3]
        needed = per_suit[4]
        available = per_rank[0]
        distinct = per_rank[1]
        multiplicity = per_rank[2]
        with_suit = per_rank[3]
        without_suit = per_rank[4]
        eligible_bit = per_rank[5]
        rank_high = per_player[1]
        rank_low8 = per_player[2]
        buffers = (highs, lows, weights, score_scratch)
        # Compiled without numba's runtime: no reference counts, so the arrays are
        # grouped as they are, no ``unowned`` needed.
        multiset = (distinct, multiplicity, available)
        suits = (board_suit_ranks, live_suit, orbit_size, needed)
        flush_work = (with_suit, without_suit, eligible_bit)
        work = views(unsigned, per_rank, per_player, pairs, hole_suit_ranks, highs, lows)
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
    walk = jit_kernel(class_kernel)

    def kernel(
        holdings: Any, boards: Any, dead_mask: Any, perms: Any, hilo: Any, tables: Any,
        classes: Any, *outputs: Any,
    ) -> None:  # fmt: skip
        scratch = class_scratch(holdings.shape[1], holdings.shape[2])
        walk(holdings, boards, dead_mask, perms, hilo, tables, classes, scratch, *outputs)

    kernel.__name__ = name
    kernel.__qualname__ = name
    kernel.__doc__ = class_kernel.__doc__
    return kernel


def class_scratch(n_players: int, hole_size: int) -> tuple[NDArray[Any], ...]:
    """The class walk's working arrays for ``n_players`` of ``hole_size`` cards, zeroed.

    Made here, in Python, so that the walk compiles without numba's runtime. In
    kernel argument order: ``unsigned`` ``(3, >= 13)`` uint64 (row 1: the
    players' card masks), ``per_suit`` ``(5, 4)`` (the board's suited ranks,
    live suits, suit orbits, flush ranks needed), ``per_rank`` ``(11, 13)``
    (rows 0-5: the walk's multiset and flush work, rows 6-10 free),
    ``per_player`` ``(3, n)`` (row 1 the rank-only highs, row 2 the lows, row 0
    free), ``hole_suit_ranks`` ``(n, 4)``, ``pairs`` ``(5n, hole pairs + 1)``
    (Omaha's hole pairs: rows 0..n-1 their table rows, then per player and suit,
    row n + 4p + suit, how many suited pairs and their rank masks), the buffers
    of outcomes scored in batches (``_scoring``) ``highs`` and ``lows``
    ``(n, BATCH)``, ``score_scratch`` ``(3, BATCH)`` and ``weights``
    ``(BATCH,)``, and ``found`` ``(3, MOST_CLASSES_PER_MULTISET)``: the flush
    classes of one rank multiset (suit, suited board ranks, boards).

    Examples
    --------
    >>> [array.shape for array in class_scratch(2, 4)][:6]
    [(3, 13), (5, 4), (11, 13), (3, 2), (2, 4), (10, 7)]
    """
    n_pairs = hole_size * (hole_size - 1) // 2
    return (
        np.zeros((3, max(13, n_players)), np.uint64),
        np.zeros((5, 4), np.int64),
        np.zeros((11, 13), np.int64),
        np.zeros((3, n_players), np.int64),
        np.zeros((n_players, 4), np.int64),
        np.zeros((5 * n_players, n_pairs + 1), np.int64),
        np.zeros((n_players, BATCH), np.int64),
        np.zeros((n_players, BATCH), np.int64),
        np.zeros((3, BATCH), np.int64),
        np.zeros(BATCH, np.int64),
        np.zeros((3, MOST_CLASSES_PER_MULTISET), np.int64),
    )
