"""Numba kernels of the equity engine: dealing, scoring, enumeration, sampling.

Every kernel takes arrays and scalars only (evaluator tables are passed in)
and fills per-chunk counters; the Python side adds chunks up in a fixed
order, so results never depend on the thread count.

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

from .._jit import jit_inline, jit_parallel, prange
from ..evaluator._kernels import (
    COLUMN_MASK_7,
    KEY_START,
    ROW_SHIFT_7,
    omaha_high_one,
    strength_of_key,
)

MODE_BEST_FIVE = 0  # hold'em, stud, draw: best five of own cards plus board
MODE_OMAHA = 1  # exactly two own cards and three board cards

_U1 = np.uint64(1)


# ----------------------------------------------------------------------------- random numbers
@jit_inline
def _rotate_left(value, shift):  # pragma: no cover - compiled
    return (value << np.uint64(shift)) | (value >> np.uint64(64 - shift))


@jit_inline
def next_random(state):  # pragma: no cover - compiled
    """xoshiro256** step: 64 random bits; ``state`` is a ``uint64[4]`` owned by one chunk."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    result = _rotate_left(s1 * np.uint64(5), 7) * np.uint64(9)
    shifted = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= shifted
    s3 = _rotate_left(s3, 45)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@jit_inline
def random_below(state, bound):  # pragma: no cover - compiled
    """Integer in ``[0, bound)`` from the top 32 bits (multiply-shift; bias < 2**-26 for <= 52)."""
    return np.int64(((next_random(state) >> np.uint64(32)) * np.uint64(bound)) >> np.uint64(32))


@jit_inline
def random_unit(state):  # pragma: no cover - compiled
    """Float in ``[0, 1)`` with 53 random bits."""
    return np.float64(next_random(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


# ----------------------------------------------------------------------------- scoring
@jit_inline
def score_deal(
    highs, lows, n_players, hilo, counts, scoop, share_any, sum_squares, categories
):  # pragma: no cover
    """Add one deal's showdown to the counters (see the module docstring).

    A whole pot (part 0) only bumps ``counts``: its scoops, any-share counts
    and squared shares follow from ``counts`` alone (see
    :func:`complete_counters`), which keeps the common path short. Split
    pots record all four explicitly because their shares are joint.
    """
    best_high = highs[0]
    categories[0, highs[0] >> 12] += 1
    for p in range(1, n_players):
        categories[p, highs[p] >> 12] += 1
        if highs[p] > best_high:
            best_high = highs[p]
    n_high = 0
    for p in range(n_players):
        if highs[p] == best_high:
            n_high += 1
    best_low = 0
    if hilo:
        for p in range(n_players):
            if lows[p] > best_low:
                best_low = lows[p]
    if best_low == 0:
        for p in range(n_players):
            if highs[p] == best_high:
                counts[p, 0, n_high] += 1
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
    own_length,
    board,
    n_board,
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
    """High (and low) strength of every player's final hand into ``highs``/``lows``."""
    board_key = KEY_START
    board_bits = np.uint64(0)
    board_low = 0
    for position in range(n_board):
        card = board[0, position]
        board_key += card_key[card]
        board_bits |= card_bit[card]
        board_low |= low_bit[card]
    for p in range(n_players):
        own_low = 0
        if mode == MODE_OMAHA:
            for position in range(own_length[p]):
                own_low |= low_bit[own[p, position]]
            highs[p] = omaha_high_one(
                own, p, board, 0, pairs, triples, pair_index, triple_index, omaha_ranks, flush
            )
            if hilo:
                lows[p] = omaha_low8[own_low << 8 | board_low]
        else:
            key = board_key
            bits = board_bits
            for position in range(own_length[p]):
                card = own[p, position]
                key += card_key[card]
                bits |= card_bit[card]
                own_low |= low_bit[card]
            highs[p] = strength_of_key(
                key, bits, offsets, values, flush, ROW_SHIFT_7, COLUMN_MASK_7
            )
            if hilo:
                lows[p] = low8[own_low | board_low]


# ----------------------------------------------------------------------------- Monte Carlo
@jit_inline
def draw_card(state, deck, deck_size, position, used):  # pragma: no cover - compiled
    """Next card of a partial Fisher-Yates shuffle of ``deck``, skipping used cards.

    Cards before ``position`` are already drawn this deal; a used card (a
    player's hole card) is redrawn, which keeps the choice uniform over the
    cards still available.
    """
    while True:
        pick = position + random_below(state, deck_size - position)
        card = deck[pick]
        if not (used >> np.uint64(card)) & _U1:
            deck[pick] = deck[position]
            deck[position] = card
            return card


@jit_parallel
def monte_carlo_kernel(
    mode,
    hilo,
    n_players,
    combo_cards,
    combo_masks,
    combo_start,
    combo_cumulative,
    combo_uniform,
    random_hole,
    hole_size,
    known,
    known_length,
    need,
    own_width,
    board_known,
    n_board,
    deck,
    base_used,
    seeds,
    deals_per_chunk,
    max_attempts,
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
    counts,
    scoop,
    share_any,
    sum_squares,
    categories,
    attempts,
):  # pragma: no cover
    """Sample ``deals_per_chunk[c]`` deals in each chunk ``c``.

    Per deal: every ranged player picks a combo (by weight); if two picks
    share a card the whole deal is drawn again, which keeps joint deals
    unbiased. Random hole cards, missing own cards (stud, draw) and the rest
    of the board then come from a partial shuffle of ``deck`` that skips used
    cards. ``attempts[c]`` counts tries; a chunk gives up after
    ``max_attempts`` tries in a row without a valid deal (impossible ranges)
    and reports -1.
    """
    n_chunks = seeds.shape[0]
    deck_size = deck.size
    for chunk in prange(n_chunks):
        state = seeds[chunk].copy()
        my_deck = deck.copy()
        own = np.zeros((n_players, own_width), np.uint8)
        own_length = np.zeros(n_players, np.int64)
        board = np.zeros((1, n_board), np.uint8)
        highs = np.zeros(n_players, np.uint16)
        lows = np.zeros(n_players, np.uint8)
        pairs = np.empty(15, np.int32)
        triples = np.empty(10, np.int32)
        for position in range(board_known.size):
            board[0, position] = board_known[position]
        for p in range(n_players):
            for position in range(known_length[p]):
                own[p, position] = known[p, position]
        tries = 0
        failed_in_a_row = 0
        done = 0
        while done < deals_per_chunk[chunk]:
            tries += 1
            used = base_used
            clash = False
            for p in range(n_players):
                first = combo_start[p]
                size = combo_start[p + 1] - first
                if size == 0:
                    continue
                if size == 1:
                    pick = first
                elif combo_uniform[p]:
                    pick = first + random_below(state, size)
                else:
                    target = random_unit(state)
                    low = first
                    high = first + size - 1
                    while low < high:  # first cumulative weight above target
                        middle = (low + high) >> 1
                        if combo_cumulative[middle] > target:
                            high = middle
                        else:
                            low = middle + 1
                    pick = low
                mask = combo_masks[pick]
                if used & mask:
                    clash = True
                    break
                used |= mask
                for position in range(hole_size):
                    own[p, position] = combo_cards[pick, position]
                own_length[p] = hole_size
            if clash:
                failed_in_a_row += 1
                if failed_in_a_row >= max_attempts:
                    attempts[chunk] = -1
                    break
                continue
            failed_in_a_row = 0
            position = 0
            for p in range(n_players):
                if random_hole[p]:
                    for slot in range(hole_size):
                        card = draw_card(state, my_deck, deck_size, position, used)
                        position += 1
                        used |= _U1 << np.uint64(card)
                        own[p, slot] = card
                    own_length[p] = hole_size
                elif combo_start[p + 1] == combo_start[p]:
                    for slot in range(need[p]):
                        card = draw_card(state, my_deck, deck_size, position, used)
                        position += 1
                        used |= _U1 << np.uint64(card)
                        own[p, known_length[p] + slot] = card
                    own_length[p] = known_length[p] + need[p]
            for slot in range(board_known.size, n_board):
                card = draw_card(state, my_deck, deck_size, position, used)
                position += 1
                used |= _U1 << np.uint64(card)
                board[0, slot] = card
            evaluate_players(
                mode,
                hilo,
                n_players,
                own,
                own_length,
                board,
                n_board,
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
            )
            score_deal(
                highs,
                lows,
                n_players,
                hilo,
                counts[chunk],
                scoop[chunk],
                share_any[chunk],
                sum_squares[chunk],
                categories[chunk],
            )
            done += 1
        if attempts[chunk] != -1:
            attempts[chunk] = tries
