"""Kernels of draw spots with drawing ``random`` players (see ``equity.drawing``).

:func:`keep_mask` is the draw rule itself, written once (``draw_rule``
documents it); :func:`deal_draw_hands` deals each deal's final hands from a
shuffle of the live deck; :func:`keep_mask_rows` applies the rule to rows of
hands for Python. Cards are codes ``rank * 4 + suit`` (rank 0 is a deuce).
Compiled without numba's runtime: callers pass every array.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit_kernel, jit_llvm_inline

#: Lowest rank of the last open-ended run of four (T-J-Q-K; a deuce is rank 0).
LAST_OPEN_START = 8
#: Rank bits of the wheel, A-2-3-4-5 (the ace plays low).
WHEEL_BITS = (1 << 12) | 0b1111


@jit_llvm_inline
def keep_mask(hand):  # pragma: no cover - compiled
    """Bit ``k`` set: the rule keeps card ``k`` of the five in ``hand``."""
    rank_bits = 0
    most_of_a_rank = 1
    any_pair = False
    pair_mask = 0
    highest = 0
    for i in range(5):
        rank = hand[i] >> 2
        rank_bits |= 1 << rank
        same = 0
        for j in range(5):
            same += (hand[j] >> 2) == rank
        most_of_a_rank = max(most_of_a_rank, same)
        if same >= 2:
            any_pair = True
            pair_mask |= 1 << i
        if rank > hand[highest] >> 2:
            highest = i
    flush = True
    for i in range(1, 5):
        flush = flush and (hand[i] & 3) == (hand[0] & 3)
    low = 0
    while not (rank_bits >> low) & 1:
        low += 1
    straight = not any_pair and (rank_bits >> low == 0b11111 or rank_bits == WHEEL_BITS)
    # 1. A straight or better stands pat (a full house or quads too: all pairs, or four).
    if straight or flush or most_of_a_rank == 4 or pair_mask == 0b11111:
        return 0b11111
    # 2. Every card that pairs another.
    if any_pair:
        return pair_mask
    # 3. Four of one suit.
    for suit in range(4):
        suited = 0
        count = 0
        for i in range(5):
            if (hand[i] & 3) == suit:
                suited |= 1 << i
                count += 1
        if count == 4:
            return suited
    # 4. Four consecutive ranks with a card to hit at each end.
    for start in range(LAST_OPEN_START + 1):
        if (rank_bits >> start) & 0b1111 == 0b1111:
            run = 0
            for i in range(5):
                if start <= hand[i] >> 2 < start + 4:
                    run |= 1 << i
            return run
    # 5. The highest card alone.
    return 1 << highest


@jit_kernel
def keep_mask_rows(hands, out):  # pragma: no cover - compiled
    """``out[r]``: :func:`keep_mask` of ``hands[r]`` (``(rows, 5)`` card codes)."""
    for row in range(hands.shape[0]):
        out[row] = keep_mask(hands[row])


@jit_kernel
def deal_draw_hands(
    deck, words, known, known_count, need, drawing, work, hands
):  # pragma: no cover - compiled
    """Final hands of each deal: ``hands[d, p, :]`` (``(deals, players, 5)``).

    Deal ``d`` shuffles the first ``words.shape[1]`` places of ``deck`` (a
    partial Fisher-Yates: place ``j`` swaps with place ``j + (w (n - j) >> 32)``
    for a 32-bit random word ``w``, biased by less than 52 / 2**32) and reads
    them in order: the drawing players' five cards, then the cards
    each other player needs after their ``known`` ones, then the drawing
    players' replacements for the cards :func:`keep_mask` throws away.
    ``work`` is scratch the size of ``deck``.
    """
    size = deck.shape[0]
    n_players = known.shape[0]
    for deal in range(words.shape[0]):
        for i in range(size):
            work[i] = deck[i]
        for place in range(words.shape[1]):
            other = place + np.int64((words[deal, place] * np.uint64(size - place)) >> 32)
            card = work[other]
            work[other] = work[place]
            work[place] = card
        position = 0
        for player in range(n_players):
            if drawing[player]:
                for slot in range(5):
                    hands[deal, player, slot] = work[position + slot]
                position += 5
        for player in range(n_players):
            if not drawing[player]:
                count = known_count[player]
                for slot in range(count):
                    hands[deal, player, slot] = known[player, slot]
                for slot in range(need[player]):
                    hands[deal, player, count + slot] = work[position + slot]
                position += need[player]
        for player in range(n_players):
            if drawing[player]:
                keep = keep_mask(hands[deal, player])
                for slot in range(5):
                    if not (keep >> slot) & 1:
                        hands[deal, player, slot] = work[position]
                        position += 1
