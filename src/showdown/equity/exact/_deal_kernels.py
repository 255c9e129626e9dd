"""Stud and draw exact equity: every way to deal each player's missing cards.

Deals are sets per player (the order a player receives cards does not change
the hand). Slots are the missing cards, player by player; a player's slots
take increasing deck positions, different players' any unused ones. The
first few slots of each deal come from a list of *prefixes* built in Python;
a kernel call handles a range of prefixes, so a long run returns to Python
often (progress, Ctrl-C) and blocks can go to several threads.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit
from ..._views import unowned
from ...evaluator._kernels import KEY_START, add_card, strength_of_key
from .._scoring import BATCH, score_outcomes


@jit
def deal_kernel(
    hilo,
    known,
    known_length,
    slot_player,
    deck,
    prefixes,
    first_prefix,
    last_prefix,
    tables,
    counters,
):  # pragma: no cover - compiled
    """Add every deal that starts with prefixes ``first_prefix:last_prefix`` to ``counters``.

    ``known[p, :known_length[p]]``: player ``p``'s known cards;
    ``slot_player[s]``: who gets slot ``s`` (slots of a player are
    consecutive); ``prefixes[i]``: deck positions of the first slots;
    ``counters``: one row of the counters, as ``_scoring.score_outcomes`` takes
    them. Returns the number of deals added.
    """
    n_players = known.shape[0]
    n_slots = slot_player.size
    depth0 = prefixes.shape[1]
    deck_size = deck.size
    # The tables without owners: handing them to the evaluator's helpers in the
    # deal loop then costs no reference-count updates.
    tables = unowned(tables)
    low_bit = tables.low_bit
    low8 = tables.low8
    # Scratch arrays share two types (int64, uint64): each distinct array type
    # numba allocates costs compile time.
    known_key = np.zeros(n_players, np.uint64)
    known_bits = np.zeros(n_players, np.uint64)
    per_player = np.zeros((2, n_players), np.int64)
    known_low = per_player[0]
    hand_low = per_player[1]
    for p in range(n_players):
        key = KEY_START
        bits = np.uint64(0)
        low = 0
        for position in range(known_length[p]):
            card = known[p, position]
            key, bits = add_card(key, bits, card, tables)
            low |= low_bit[card]
        known_key[p] = key
        known_bits[p] = bits
        known_low[p] = low
    # Running sums per slot: a player's hand so far, through this slot.
    slot_key = np.zeros(max(n_slots, 1), np.uint64)
    slot_bits = np.zeros(max(n_slots, 1), np.uint64)
    per_slot = np.zeros((2, max(n_slots, 1)), np.int64)
    slot_low = per_slot[0]
    index = per_slot[1]
    taken = np.zeros((1, deck_size), np.int64)[0]
    hand_key = np.zeros(n_players, np.uint64)
    hand_bits = np.zeros(n_players, np.uint64)
    # Outcome buffers (see ``_scoring.BATCH`` for their size).
    highs = np.zeros((n_players, BATCH), np.int64)
    lows = np.zeros((n_players, BATCH), np.int64)
    score_scratch = np.zeros((3, BATCH), np.int64)
    weights = np.zeros((1, BATCH), np.int64)[0]
    weights[:] = 1
    buffers = (highs, lows, weights, score_scratch)
    n_buffered = 0
    deals = 0
    index[0] = -1  # no prefix: the first slot starts from the first card
    for prefix in range(first_prefix, last_prefix):
        taken[:] = 0
        for slot in range(depth0):
            index[slot] = prefixes[prefix, slot]
            taken[index[slot]] = 1
        # Sums through the prefix, then depth-first over the other slots.
        depth = 0
        while True:
            if depth < n_slots:
                if depth >= depth0:
                    # Next candidate for this slot: after the previous slot of the same
                    # player (sets, not sequences), never a card already taken.
                    candidate = index[depth] + 1
                    while candidate < deck_size and taken[candidate]:
                        candidate += 1
                    if candidate >= deck_size:
                        # Exhausted: step back, releasing the previous slot's card.
                        depth -= 1
                        if depth < depth0:
                            break
                        taken[index[depth]] = 0
                        continue
                    index[depth] = candidate
                    taken[candidate] = 1
                p = slot_player[depth]
                card = deck[index[depth]]
                same = depth > 0 and slot_player[depth - 1] == p
                slot_key[depth], slot_bits[depth] = add_card(
                    slot_key[depth - 1] if same else known_key[p],
                    slot_bits[depth - 1] if same else known_bits[p],
                    card,
                    tables,
                )
                slot_low[depth] = (slot_low[depth - 1] if same else known_low[p]) | low_bit[card]
                depth += 1
                if depth < n_slots and depth >= depth0:
                    same_next = slot_player[depth] == slot_player[depth - 1]
                    index[depth] = index[depth - 1] if same_next else -1
                continue
            # A complete deal: each player's sums are at their last slot, or known only.
            for p in range(n_players):
                hand_key[p] = known_key[p]
                hand_bits[p] = known_bits[p]
                hand_low[p] = known_low[p]
            for slot in range(n_slots):
                p = slot_player[slot]
                hand_key[p] = slot_key[slot]
                hand_bits[p] = slot_bits[slot]
                hand_low[p] = slot_low[slot]
            for p in range(n_players):
                highs[p, n_buffered] = strength_of_key(hand_key[p], hand_bits[p], tables)
                if hilo:
                    lows[p, n_buffered] = low8[hand_low[p]]
            n_buffered += 1
            deals += 1
            if n_buffered == BATCH:
                score_outcomes(buffers, np.int64(n_buffered), hilo, counters)
                n_buffered = 0
            if n_slots == 0 or depth0 == n_slots:
                break
            # Step back from the leaf: release the last slot's card and look further.
            depth = n_slots - 1
            taken[index[depth]] = 0
    score_outcomes(buffers, np.int64(n_buffered), hilo, counters)
    return deals
