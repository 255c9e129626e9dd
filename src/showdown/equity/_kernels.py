"""Numba helpers shared by the equity kernels: scoring a showdown, evaluating players.

The exact kernels (``_exact_kernels``) and the sampling kernels
(``_sample_kernels``) fill per-chunk counters; the Python side adds chunks
up in a fixed order, so results never depend on the thread count.

Counters, per chunk and player ``p``:

- ``counts[p, part, k]``: deals where ``p`` is one of ``k`` winners of a
  share. ``part`` 0: the whole pot (high-only games, or hi-lo with no low);
  1: the high half of a split pot; 2: the low half.
- ``scoop[p]``, ``share_any[p]``, ``sum_squares[p]``: deals where ``p``
  wins the whole pot alone, wins anything, and the sum of squared pot
  shares, counted by the kernels for split (hi-lo) pots only; whole pots
  add theirs in ``result.Counters.complete`` from ``counts[p, 0, :]``.
- ``categories[p, c]``: deals where ``p``'s high hand is in category ``c``.
"""

from __future__ import annotations

import numpy as np

from .._jit import jit_inline
from ..evaluator._kernels import (
    COLUMN_MASK_7,
    ROW_SHIFT_7,
    omaha_high_one,
    strength_of_key,
)

MODE_BEST_FIVE = 0  # hold'em, stud, draw: best five of own cards plus board
MODE_OMAHA = 1  # exactly two own cards and three board cards


# ----------------------------------------------------------------------------- scoring
@jit_inline
def score_deal(
    highs, lows, n_players, hilo, counts, scoop, share_any, sum_squares, categories
):  # pragma: no cover
    """Add one deal's showdown to the counters (see the module docstring).

    A whole pot (part 0) only bumps ``counts``: its scoops, any-share counts
    and squared shares follow from ``counts`` alone (see
    :meth:`result.Counters.completed`), which keeps the common path short. Split
    pots record all four explicitly because their shares are joint.
    """
    # Branch-free where the outcome is a coin flip (who wins): max() and adding
    # comparison results compile to conditional moves, not mispredicted jumps.
    best_high = highs[0]
    for p in range(n_players):
        categories[p, highs[p] >> 12] += 1
        best_high = max(best_high, highs[p])
    n_high = 0
    for p in range(n_players):
        n_high += highs[p] == best_high
    best_low = 0
    if hilo:
        for p in range(n_players):
            best_low = max(best_low, lows[p])
    if best_low == 0:
        for p in range(n_players):
            counts[p, 0, n_high] += highs[p] == best_high
        return
    n_low = 0
    for p in range(n_players):
        if lows[p] == best_low:
            n_low += 1
    for p in range(n_players):
        share = 0.0
        if highs[p] == best_high:
            counts[p, 1, n_high] += 1
            share += 0.5 / n_high
        if lows[p] == best_low:
            counts[p, 2, n_low] += 1
            share += 0.5 / n_low
        if share > 0.0:
            share_any[p] += 1
            sum_squares[p] += share * share
            if share == 1.0:
                scoop[p] += 1


@jit_inline
def evaluate_players(
    mode,
    hilo,
    n_players,
    own,
    own_key,
    own_bits,
    own_low,
    board,
    board_key,
    board_bits,
    board_low,
    highs,
    lows,
    card_key,
    card_bit,
    low_bit,
    offsets,
    values,
    flush,
    low8,
    pair_index,
    triple_index,
    omaha_ranks,
    omaha_low8,
    pairs,
    triples,
):  # pragma: no cover
    """High (and low) strength of every player's final hand into ``highs``/``lows``.

    The board arrives as running sums (``board_key`` includes ``KEY_START``,
    ``board_bits``, ``board_low``) kept by the dealer as it draws, so the
    board is not read again per deal; Omaha also reads ``board`` itself.
    Each player's own cards arrive the same way (``own_key``, ``own_bits``,
    ``own_low``, without ``KEY_START``), summed once when they are dealt.
    """
    for p in range(n_players):
        if mode == MODE_OMAHA:
            highs[p] = omaha_high_one(
                own, p, board, 0, pairs, triples, pair_index, triple_index, omaha_ranks, flush
            )
        else:
            highs[p] = strength_of_key(
                board_key + own_key[p],
                board_bits | own_bits[p],
                offsets,
                values,
                flush,
                ROW_SHIFT_7,
                COLUMN_MASK_7,
            )
        if hilo:
            if mode == MODE_OMAHA:
                lows[p] = omaha_low8[own_low[p] << 8 | board_low]
            else:
                lows[p] = low8[own_low[p] | board_low]


@jit_inline
def sum_cards(cards, row, count, card_key, card_bit, low_bit):  # pragma: no cover - compiled
    """(key sum, or-ed suit bits, low mask) of ``cards[row, :count]``."""
    key = np.uint64(0)
    bits = np.uint64(0)
    low = 0
    for position in range(count):
        card = cards[row, position]
        key += card_key[card]
        bits |= card_bit[card]
        low |= low_bit[card]
    return key, bits, low
