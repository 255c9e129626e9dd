"""The deal-by-deal exact kernel of stud and draw as it was before blocking (an oracle)."""

# ruff: noqa
from __future__ import annotations

import numpy as np

from showdown.evaluator._kernels import KEY_START
from showdown._jit import jit

from .board_by_board_kernels import evaluate_players, score_deal, sum_cards


@jit
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
    for chunk in range(n_chunks):
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
