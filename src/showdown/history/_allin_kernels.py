"""Compiled counts of heads-up hold'em all-ins on the flop and the turn, many at once.

One call counts, for every spot, the boards each of two known hands wins and
the boards they tie, over every way of completing the board (990 boards on the
flop, 44 on the turn). The counts are exact integers, so the equities made of
them are the equity engine's to the last bit (``allin.py`` says why).
"""

from __future__ import annotations

import numpy as np

from showdown._jit import jit
from showdown.evaluator._kernels import COLUMN_MASK_7, KEY_START, ROW_SHIFT_7, strength_of_key


@jit
def headsup_board_counts(hands, boards, board_sizes, tables, out):  # pragma: no cover - compiled
    """Boards won by hand 1, won by hand 2 and tied, of each spot, into ``out`` ``(S, 3)``.

    ``hands`` ``(S, 2, 2)`` are the two players' cards, ``boards`` ``(S, 5)`` the
    board dealt so far (its first ``board_sizes[s]`` cards: 3 or 4). Every card is a
    valid, distinct code (the caller's spots come from replayed hands).
    """
    card_key, card_bit = tables.card_key, tables.card_bit
    offsets, values, flush = tables.offsets7, tables.values7, tables.flush
    for spot in range(hands.shape[0]):
        # Summed keys and or-ed bits of each hand with the board so far.
        board_key = np.uint64(0)
        board_bits = np.uint64(0)
        dealt = np.uint64(0)
        for position in range(board_sizes[spot]):
            card = boards[spot, position]
            board_key += card_key[card]
            board_bits |= card_bit[card]
            dealt |= np.uint64(1) << np.uint64(card)
        key_one = KEY_START + board_key
        key_two = KEY_START + board_key
        bits_one = board_bits
        bits_two = board_bits
        for position in range(2):
            one = hands[spot, 0, position]
            two = hands[spot, 1, position]
            key_one += card_key[one]
            bits_one |= card_bit[one]
            key_two += card_key[two]
            bits_two |= card_bit[two]
            dealt |= (np.uint64(1) << np.uint64(one)) | (np.uint64(1) << np.uint64(two))
        wins_one = 0
        wins_two = 0
        ties = 0
        missing = 5 - board_sizes[spot]
        for first in range(52):
            if dealt & (np.uint64(1) << np.uint64(first)):
                continue
            # The turn: one card to come; the flop: every later card with it.
            start = first + 1 if missing == 2 else 52
            stop = 52 if missing == 2 else 53
            for second in range(start, stop):
                if second < 52 and dealt & (np.uint64(1) << np.uint64(second)):
                    continue
                extra_key = card_key[first]
                extra_bits = card_bit[first]
                if second < 52:
                    extra_key += card_key[second]
                    extra_bits |= card_bit[second]
                strength_one = strength_of_key(
                    key_one + extra_key, bits_one | extra_bits, offsets, values, flush,
                    ROW_SHIFT_7, COLUMN_MASK_7,
                )  # fmt: skip
                strength_two = strength_of_key(
                    key_two + extra_key, bits_two | extra_bits, offsets, values, flush,
                    ROW_SHIFT_7, COLUMN_MASK_7,
                )  # fmt: skip
                if strength_one > strength_two:
                    wins_one += 1
                elif strength_two > strength_one:
                    wins_two += 1
                else:
                    ties += 1
        out[spot, 0] = wins_one
        out[spot, 1] = wins_two
        out[spot, 2] = ties
