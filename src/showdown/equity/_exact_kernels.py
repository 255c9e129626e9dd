"""Numba kernels that enumerate every deal exactly (see ``_kernels`` for the counters)."""

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
from ._kernels import MODE_OMAHA, evaluate_players, score_deal, sum_cards


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
            highs[p] = strength_of_key(
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


@jit_parallel
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
    for chunk in prange(n_chunks):
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


@jit_parallel
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
    for assignment in prange(n_assignments):
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


@jit_parallel
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
    for chunk in prange(n_chunks):
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


@jit_parallel
def deal_exact_kernel(
    hilo,
    n_players,
    known,
    known_length,
    need,
    deck,
    n_chunks,
    card_key,
    card_bit,
    low_bit,
    offsets,
    values,
    flush,
    low8,
    counts,
    scoop,
    share_any,
    sum_squares,
    categories,
):  # pragma: no cover
    """Every way to give each player ``need[p]`` more cards from ``deck`` (stud, draw).

    Deals are sets per player (the order a player receives cards does not
    change the hand), enumerated depth first over card slots; work items are
    the first slot's card. Each player's hand is its known cards plus the new
    ones, evaluated as the best five of up to seven.
    """
    deck_size = deck.size
    n_slots = 0
    for p in range(n_players):
        n_slots += need[p]
    slot_player = np.zeros(max(n_slots, 1), np.int64)
    slot_position = np.zeros(max(n_slots, 1), np.int64)
    slot = 0
    for p in range(n_players):
        for extra in range(need[p]):
            slot_player[slot] = p
            slot_position[slot] = known_length[p] + extra
            slot += 1
    n_items = deck_size if n_slots > 0 else 1
    for chunk in prange(n_chunks):
        # Views made once per chunk: slicing inside the deal loop costs per deal.
        chunk_counts = counts[chunk]
        chunk_scoop = scoop[chunk]
        chunk_share_any = share_any[chunk]
        chunk_sum_squares = sum_squares[chunk]
        chunk_categories = categories[chunk]
        own = known.copy()
        own_length = known_length + need
        board = np.zeros((1, 0), np.uint8)
        highs = np.zeros(n_players, np.uint16)
        lows = np.zeros(n_players, np.uint8)
        taken = np.zeros(deck_size, np.bool_)
        holding = np.zeros(max(n_slots, 1), np.bool_)
        index = np.zeros(max(n_slots, 1), np.int64)
        pairs = np.empty(15, np.int32)
        triples = np.empty(10, np.int32)
        # Omaha tables are not used in this mode; typed placeholders keep one signature.
        no_index = np.zeros(1, np.int32)
        no_ranks = np.zeros(1, np.uint16)
        no_low = np.zeros(1, np.uint8)
        own_key = np.zeros(n_players, np.uint64)
        own_bits = np.zeros(n_players, np.uint64)
        own_low = np.zeros(n_players, np.int64)
        for item in range(chunk, n_items, n_chunks):
            taken[:] = False
            holding[:] = False
            depth = 0  # no card to deal: the one deal is evaluated straight away
            if n_slots > 0:
                index[0] = item
                taken[item] = True
                holding[0] = True
                own[slot_player[0], slot_position[0]] = deck[item]
                depth = 1
            if n_slots > 1:
                index[1] = item if slot_player[1] == slot_player[0] else -1
            while True:
                if depth >= n_slots:
                    for p in range(n_players):
                        key, bits, low = sum_cards(
                            own, p, own_length[p], card_key, card_bit, low_bit
                        )
                        own_key[p] = key
                        own_bits[p] = bits
                        own_low[p] = low
                    evaluate_players(
                        0,
                        hilo,
                        n_players,
                        own,
                        own_key,
                        own_bits,
                        own_low,
                        board,
                        KEY_START,
                        np.uint64(0),
                        0,
                        highs,
                        lows,
                        card_key,
                        card_bit,
                        low_bit,
                        offsets,
                        values,
                        flush,
                        low8,
                        no_index,
                        no_index,
                        no_ranks,
                        no_low,
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
                    depth -= 1
                    if depth < 1:
                        break
                    continue
                if holding[depth]:
                    taken[index[depth]] = False
                    holding[depth] = False
                candidate = index[depth] + 1
                while candidate < deck_size and taken[candidate]:
                    candidate += 1
                if candidate >= deck_size:
                    depth -= 1
                    if depth < 1:
                        break
                    continue
                index[depth] = candidate
                taken[candidate] = True
                holding[depth] = True
                own[slot_player[depth], slot_position[depth]] = deck[candidate]
                depth += 1
                if depth < n_slots:
                    same = slot_player[depth] == slot_player[depth - 1]
                    index[depth] = index[depth - 1] if same else -1
                    holding[depth] = False
