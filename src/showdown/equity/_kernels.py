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
# SplitMix64: one 64-bit word of state that a kernel keeps in a register (a
# state array would be stored and reloaded on every call); it passes BigCrush
# and a chunk uses far fewer than 2**64 draws. Each helper returns the new
# state with its value.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)


@jit_inline
def next_random(state):  # pragma: no cover - compiled
    """(new state, 64 random bits)."""
    state = state + _GOLDEN
    mixed = state
    mixed = (mixed ^ (mixed >> np.uint64(30))) * _MIX_1
    mixed = (mixed ^ (mixed >> np.uint64(27))) * _MIX_2
    return state, mixed ^ (mixed >> np.uint64(31))


@jit_inline
def random_below(state, bound):  # pragma: no cover - compiled
    """(new state, integer in ``[0, bound)``): multiply-shift of the top 32 bits.

    The bias is below 2**-26 for the small bounds used here (range sizes).
    """
    state, bits = next_random(state)
    return state, np.int64(((bits >> np.uint64(32)) * np.uint64(bound)) >> np.uint64(32))


@jit_inline
def random_unit(state):  # pragma: no cover - compiled
    """(new state, float in ``[0, 1)`` with 53 random bits)."""
    state, bits = next_random(state)
    return state, np.float64(bits >> np.uint64(11)) * (1.0 / 9007199254740992.0)


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


# ----------------------------------------------------------------------------- Monte Carlo
@jit_inline
def draw_card(state, used):  # pragma: no cover - compiled
    """(new state, a uniformly random card not in ``used``).

    ``used`` holds dead, board and already dealt cards. Each 64-bit random
    word gives two tries (its high and low halves); a used card is simply
    tried again, which keeps the choice uniform over the cards left.
    """
    while True:
        state, bits = next_random(state)
        card = np.int64(((bits >> np.uint64(32)) * np.uint64(52)) >> np.uint64(32))
        if not (used >> np.uint64(card)) & _U1:
            return state, card
        card = np.int64(((bits & np.uint64(0xFFFFFFFF)) * np.uint64(52)) >> np.uint64(32))
        if not (used >> np.uint64(card)) & _U1:
            return state, card


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
    shuffle_only,
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
    of the board are then drawn uniformly from the cards not yet used
    (``base_used`` marks dead, known board and known cards). ``attempts[c]``
    counts tries; a chunk gives up after ``max_attempts`` tries in a row
    without a valid deal (impossible ranges) and reports -1.
    """
    n_chunks = seeds.shape[0]
    for chunk in prange(n_chunks):
        # Views made once per chunk: slicing inside the deal loop costs per deal.
        chunk_counts = counts[chunk]
        chunk_scoop = scoop[chunk]
        chunk_share_any = share_any[chunk]
        chunk_sum_squares = sum_squares[chunk]
        chunk_categories = categories[chunk]
        state = seeds[chunk]
        my_deck = deck.copy()
        deck_size = deck.size
        own = np.zeros((n_players, own_width), np.uint8)
        board = np.zeros((1, n_board), np.uint8)
        highs = np.zeros(n_players, np.uint16)
        lows = np.zeros(n_players, np.uint8)
        pairs = np.empty(15, np.int32)
        triples = np.empty(10, np.int32)
        known_key = KEY_START
        known_bits = np.uint64(0)
        known_low = 0
        for position in range(board_known.size):
            card = board_known[position]
            board[0, position] = card
            known_key += card_key[card]
            known_bits |= card_bit[card]
            known_low |= low_bit[card]
        # Sums of each player's cards: known cards once per chunk, dealt ones as dealt.
        own_key = np.zeros(n_players, np.uint64)
        own_bits = np.zeros(n_players, np.uint64)
        own_low = np.zeros(n_players, np.int64)
        known_sums_key = np.zeros(n_players, np.uint64)
        known_sums_bits = np.zeros(n_players, np.uint64)
        known_sums_low = np.zeros(n_players, np.int64)
        for p in range(n_players):
            for position in range(known_length[p]):
                own[p, position] = known[p, position]
            key, bits, low = sum_cards(known, p, known_length[p], card_key, card_bit, low_bit)
            known_sums_key[p] = key
            known_sums_bits[p] = bits
            known_sums_low[p] = low
            own_key[p] = key
            own_bits[p] = bits
            own_low[p] = low
        n_combos = combo_cards.shape[0]
        combo_key = np.zeros(n_combos, np.uint64)
        combo_bits = np.zeros(n_combos, np.uint64)
        combo_low = np.zeros(n_combos, np.int64)
        for combo in range(n_combos):
            key, bits, low = sum_cards(combo_cards, combo, hole_size, card_key, card_bit, low_bit)
            combo_key[combo] = key
            combo_bits[combo] = bits
            combo_low[combo] = low
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
                    state, offset = random_below(state, size)
                    pick = first + offset
                else:
                    state, target = random_unit(state)
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
                if mode == MODE_OMAHA:  # other games only need the sums below
                    for position in range(hole_size):
                        own[p, position] = combo_cards[pick, position]
                own_key[p] = combo_key[pick]
                own_bits[p] = combo_bits[pick]
                own_low[p] = combo_low[pick]
            if clash:
                failed_in_a_row += 1
                if failed_in_a_row >= max_attempts:
                    attempts[chunk] = -1
                    break
                continue
            failed_in_a_row = 0
            for p in range(n_players):
                if random_hole[p]:
                    key = np.uint64(0)
                    bits = np.uint64(0)
                    low = 0
                    for slot in range(hole_size):
                        state, card = draw_card(state, used)
                        used |= _U1 << np.uint64(card)
                        if mode == MODE_OMAHA:
                            own[p, slot] = card
                        key += card_key[card]
                        bits |= card_bit[card]
                        low |= low_bit[card]
                    own_key[p] = key
                    own_bits[p] = bits
                    own_low[p] = low
                elif combo_start[p + 1] == combo_start[p] and need[p] > 0:
                    key = known_sums_key[p]
                    bits = known_sums_bits[p]
                    low = known_sums_low[p]
                    for _ in range(need[p]):
                        state, card = draw_card(state, used)
                        used |= _U1 << np.uint64(card)
                        key += card_key[card]
                        bits |= card_bit[card]
                        low |= low_bit[card]
                    own_key[p] = key
                    own_bits[p] = bits
                    own_low[p] = low
            board_key = known_key
            board_bits = known_bits
            board_low = known_low
            if shuffle_only:
                # Nothing else is dealt at random: a partial Fisher-Yates shuffle of the
                # live cards needs no rejection test (and so no mispredicted branch).
                for slot in range(board_known.size, n_board):
                    position = slot - board_known.size
                    state, bits = next_random(state)
                    pick = position + np.int64(
                        ((bits >> np.uint64(32)) * np.uint64(deck_size - position)) >> np.uint64(32)
                    )
                    card = my_deck[pick]
                    my_deck[pick] = my_deck[position]
                    my_deck[position] = card
                    board[0, slot] = card
                    board_key += card_key[card]
                    board_bits |= card_bit[card]
                    board_low |= low_bit[card]
            else:
                for slot in range(board_known.size, n_board):
                    state, card = draw_card(state, used)
                    used |= _U1 << np.uint64(card)
                    board[0, slot] = card
                    board_key += card_key[card]
                    board_bits |= card_bit[card]
                    board_low |= low_bit[card]
            evaluate_players(
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
            )
            score_deal(
                highs,
                lows,
                n_players,
                hilo,
                chunk_counts,
                chunk_scoop,
                chunk_share_any,
                chunk_sum_squares,
                chunk_categories,
            )
            done += 1
        if attempts[chunk] != -1:
            attempts[chunk] = tries
