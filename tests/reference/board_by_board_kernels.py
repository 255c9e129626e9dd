"""The board-by-board and deal-by-deal exact kernels as they were before class counting.

Kept verbatim (serial) as an oracle: the class-counting engine must give the
same integer counters, deal for deal, as enumerating every board. Slow for big
spots; tests use it on small ones (flop/turn, or few preflop spots).
"""

# ruff: noqa
from __future__ import annotations

import numpy as np

from showdown._jit import jit, jit_inline
from showdown.evaluator._kernels import (
    COLUMN_MASK_7,
    KEY_START,
    ROW_SHIFT_7,
    lookup_strength,
    omaha_high_one,
)

MODE_OMAHA = 1


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
            highs[p] = lookup_strength(
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


@jit_inline
def _board_leaf(
    mode,
    hilo,
    n_players,
    own,
    board,
    key,
    bits,
    low,
    player_key,
    player_bits,
    player_low,
    highs,
    lows,
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
):  # pragma: no cover - compiled
    """Strengths of every player on one complete board (running sums for the board)."""
    for p in range(n_players):
        if mode == MODE_OMAHA:
            highs[p] = omaha_high_one(
                own, p, board, 0, pairs, triples, pair_index, triple_index, omaha_ranks, flush
            )
            if hilo:
                lows[p] = omaha_low8[player_low[p] << 8 | low]
        else:
            highs[p] = lookup_strength(
                player_key[p] + key,
                player_bits[p] | bits,
                offsets,
                values,
                flush,
                ROW_SHIFT_7,
                COLUMN_MASK_7,
            )
            if hilo:
                lows[p] = low8[player_low[p] | low]


@jit
def board_exact_kernel(
    mode,
    hilo,
    n_players,
    assignments,
    board_known,
    n_board,
    deck,
    n_chunks,
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
):  # pragma: no cover
    """Every completion of the board for every assignment of hole cards.

    ``assignments`` is ``(A, n_players, hole)``: one row per joint holding
    (no shared cards, none in ``deck``'s complement). ``deck`` holds the cards
    that are neither dead nor on the known board; each assignment's own cards
    are filtered out of it. Work items are (assignment, first missing board
    card); the remaining board cards are nested loops kept as an odometer with
    running key sums, so the innermost step is one add per player.
    """
    n_assignments = assignments.shape[0]
    hole_size = assignments.shape[2]
    n_known = board_known.size
    n_missing = n_board - n_known
    live_size = deck.size - n_players * hole_size
    n_first = live_size - n_missing + 1 if n_missing > 0 else 1
    n_items = n_assignments * n_first
    for chunk in range(n_chunks):
        # Views made once per chunk: slicing inside the deal loop costs per deal.
        chunk_counts = counts[chunk]
        chunk_scoop = scoop[chunk]
        chunk_share_any = share_any[chunk]
        chunk_sum_squares = sum_squares[chunk]
        chunk_categories = categories[chunk]
        live = np.empty(live_size, np.uint8)
        own = np.empty((n_players, hole_size), np.uint8)
        board = np.zeros((1, n_board), np.uint8)
        index = np.zeros(6, np.int64)
        level_key = np.zeros(6, np.uint64)
        level_bits = np.zeros(6, np.uint64)
        level_low = np.zeros(6, np.int64)
        player_key = np.zeros(n_players, np.uint64)
        player_bits = np.zeros(n_players, np.uint64)
        player_low = np.zeros(n_players, np.int64)
        highs = np.zeros(n_players, np.uint16)
        lows = np.zeros(n_players, np.uint8)
        pairs = np.empty(15, np.int32)
        triples = np.empty(10, np.int32)
        for position in range(n_known):
            board[0, position] = board_known[position]
        known_key = KEY_START
        known_bits = np.uint64(0)
        known_low = 0
        for position in range(n_known):
            card = board_known[position]
            known_key += card_key[card]
            known_bits |= card_bit[card]
            known_low |= low_bit[card]
        for item in range(chunk, n_items, n_chunks):
            assignment = item // n_first
            first = item % n_first
            used = np.uint64(0)
            for p in range(n_players):
                key = np.uint64(0)
                bits = np.uint64(0)
                low = 0
                for slot in range(hole_size):
                    card = assignments[assignment, p, slot]
                    own[p, slot] = card
                    key += card_key[card]
                    bits |= card_bit[card]
                    low |= low_bit[card]
                player_key[p] = key
                player_bits[p] = bits
                player_low[p] = low
                used |= bits
            count = 0
            for position in range(deck.size):
                card = deck[position]
                if not used & card_bit[card]:
                    live[count] = card
                    count += 1
            # Level 0 is fixed by the work item; levels 1..n_missing-2 form the odometer.
            for level in range(n_missing - 1):
                index[level] = first + level
                card = live[index[level]]
                board[0, n_known + level] = card
                previous_key = known_key if level == 0 else level_key[level - 1]
                previous_bits = known_bits if level == 0 else level_bits[level - 1]
                previous_low = known_low if level == 0 else level_low[level - 1]
                level_key[level] = previous_key + card_key[card]
                level_bits[level] = previous_bits | card_bit[card]
                level_low[level] = previous_low | low_bit[card]
            last = n_missing - 1  # -1 when the board is complete: one deal, no card added
            while True:
                if last < 1:
                    start, stop = first, first + 1
                    base_key, base_bits, base_low = known_key, known_bits, known_low
                else:
                    start, stop = index[last - 1] + 1, live_size
                    base_key = level_key[last - 1]
                    base_bits = level_bits[last - 1]
                    base_low = level_low[last - 1]
                for position in range(start, stop):
                    key, bits, low = base_key, base_bits, base_low
                    if last >= 0:
                        card = live[position]
                        board[0, n_known + last] = card
                        key += card_key[card]
                        bits |= card_bit[card]
                        low |= low_bit[card]
                    _board_leaf(
                        mode,
                        hilo,
                        n_players,
                        own,
                        board,
                        key,
                        bits,
                        low,
                        player_key,
                        player_bits,
                        player_low,
                        highs,
                        lows,
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
                level = last - 1
                while level >= 1:
                    index[level] += 1
                    if index[level] <= live_size - n_missing + level:
                        break
                    level -= 1
                if level < 1:
                    break
                for reset in range(level, last):
                    if reset > level:
                        index[reset] = index[reset - 1] + 1
                    card = live[index[reset]]
                    board[0, n_known + reset] = card
                    level_key[reset] = level_key[reset - 1] + card_key[card]
                    level_bits[reset] = level_bits[reset - 1] | card_bit[card]
                    level_low[reset] = level_low[reset - 1] | low_bit[card]


@jit
def omaha_triple_best(
    assignments, deck, card_bit, flush, pair_index, triple_index, omaha_ranks, out
):  # pragma: no cover
    """Best 2-from-hole + these-3 strength for every player and every board triple.

    ``out[a, p, t]``: triple ``t`` (combinatorial index of three positions in
    the assignment's live deck) with the best hole pair of player ``p``. Five
    suited cards are a flush; otherwise the (rank pair, rank triple) table.
    """
    n_assignments, n_players, hole_size = assignments.shape
    live_size = deck.size - n_players * hole_size
    for assignment in range(n_assignments):
        used = np.uint64(0)
        for p in range(n_players):
            for slot in range(hole_size):
                used |= card_bit[assignments[assignment, p, slot]]
        live = np.empty(live_size, np.uint8)
        count = 0
        for position in range(deck.size):
            if not used & card_bit[deck[position]]:
                live[count] = deck[position]
                count += 1
        triple = 0
        for k in range(2, live_size):
            card_k = live[k]
            for j in range(1, k):
                card_j = live[j]
                for i in range(j):
                    card_i = live[i]
                    ranks = (
                        np.int32(card_i >> 2) * 169
                        + np.int32(card_j >> 2) * 13
                        + np.int32(card_k >> 2)
                    )
                    column = triple_index[ranks]
                    suited = (card_i & 3) == (card_j & 3) and (card_j & 3) == (card_k & 3)
                    for p in range(n_players):
                        best = np.uint16(0)
                        for x in range(hole_size - 1):
                            card_x = assignments[assignment, p, x]
                            for y in range(x + 1, hole_size):
                                card_y = assignments[assignment, p, y]
                                if (
                                    suited
                                    and (card_x & 3) == (card_i & 3)
                                    and (card_y & 3) == (card_i & 3)
                                ):
                                    mask = (
                                        (1 << (card_i >> 2))
                                        | (1 << (card_j >> 2))
                                        | (1 << (card_k >> 2))
                                        | (1 << (card_x >> 2))
                                        | (1 << (card_y >> 2))
                                    )
                                    value = flush[mask]
                                else:
                                    value = omaha_ranks[
                                        pair_index[np.int32(card_x >> 2) * 13 + (card_y >> 2)]
                                        + column
                                    ]
                                if value > best:
                                    best = value
                        out[assignment, p, triple] = best
                    triple += 1


@jit
def omaha_preflop_kernel(
    hilo,
    assignments,
    deck,
    triple_best,
    n_chunks,
    low_bit,
    omaha_low8,
    counts,
    scoop,
    share_any,
    sum_squares,
    categories,
):  # pragma: no cover
    """All five-card boards from an empty board, Omaha, via per-triple bests.

    A board's Omaha high is the best of its ten triples' precomputed values
    (:func:`omaha_triple_best`). Triples of the first four cards are reduced
    one loop level up, so the innermost card costs six loads per player.
    """
    n_assignments, n_players, hole_size = assignments.shape
    live_size = deck.size - n_players * hole_size
    n_first = live_size - 4
    n_items = n_assignments * n_first
    # choose2[j] = C(j, 2), choose3[k] = C(k, 3): combinatorial index of (i < j < k).
    choose2 = np.zeros(live_size, np.int64)
    choose3 = np.zeros(live_size, np.int64)
    for value in range(live_size):
        choose2[value] = value * (value - 1) // 2
        choose3[value] = value * (value - 1) * (value - 2) // 6
    for chunk in range(n_chunks):
        # Views made once per chunk: slicing inside the deal loop costs per deal.
        chunk_counts = counts[chunk]
        chunk_scoop = scoop[chunk]
        chunk_share_any = share_any[chunk]
        chunk_sum_squares = sum_squares[chunk]
        chunk_categories = categories[chunk]
        live = np.empty(live_size, np.uint8)
        player_low = np.zeros(n_players, np.int64)
        best3 = np.zeros(n_players, np.uint16)
        best4 = np.zeros(n_players, np.uint16)
        highs = np.zeros(n_players, np.uint16)
        lows = np.zeros(n_players, np.uint8)
        for item in range(chunk, n_items, n_chunks):
            assignment = item // n_first
            i0 = item % n_first
            used = np.uint64(0)
            for p in range(n_players):
                low = 0
                for slot in range(hole_size):
                    card = assignments[assignment, p, slot]
                    used |= np.uint64(1) << np.uint64(card)
                    low |= low_bit[card]
                player_low[p] = low
            count = 0
            for position in range(deck.size):
                card = deck[position]
                if not (used >> np.uint64(card)) & np.uint64(1):
                    live[count] = card
                    count += 1
            table = triple_best[assignment]
            low0 = low_bit[live[i0]]
            for i1 in range(i0 + 1, live_size - 3):
                low1 = low0 | low_bit[live[i1]]
                pair01 = choose2[i1] + i0
                for i2 in range(i1 + 1, live_size - 2):
                    low2 = low1 | low_bit[live[i2]]
                    t012 = choose3[i2] + pair01
                    pair02 = choose2[i2] + i0
                    pair12 = choose2[i2] + i1
                    for p in range(n_players):
                        best3[p] = table[p, t012]
                    for i3 in range(i2 + 1, live_size - 1):
                        low3 = low2 | low_bit[live[i3]]
                        base3 = choose3[i3]
                        pair03 = choose2[i3] + i0
                        pair13 = choose2[i3] + i1
                        pair23 = choose2[i3] + i2
                        for p in range(n_players):
                            best = best3[p]
                            value = table[p, base3 + pair01]
                            if value > best:
                                best = value
                            value = table[p, base3 + pair02]
                            if value > best:
                                best = value
                            value = table[p, base3 + pair12]
                            if value > best:
                                best = value
                            best4[p] = best
                        for i4 in range(i3 + 1, live_size):
                            low4 = low3 | low_bit[live[i4]]
                            base4 = choose3[i4]
                            for p in range(n_players):
                                row = table[p]
                                best = best4[p]
                                value = row[base4 + pair01]
                                if value > best:
                                    best = value
                                value = row[base4 + pair02]
                                if value > best:
                                    best = value
                                value = row[base4 + pair03]
                                if value > best:
                                    best = value
                                value = row[base4 + pair12]
                                if value > best:
                                    best = value
                                value = row[base4 + pair13]
                                if value > best:
                                    best = value
                                value = row[base4 + pair23]
                                if value > best:
                                    best = value
                                highs[p] = best
                                if hilo:
                                    lows[p] = omaha_low8[player_low[p] << 8 | low4]
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
