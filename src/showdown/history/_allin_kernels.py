"""Compiled parts of pricing many all-ins at once: their pots, and hold'em board counts.

:func:`spot_pots` splits every spot's chips into main and side pots (the rules
core's rule, one call for all spots).

:func:`board_counts` counts, for every hold'em spot on the flop or the turn,
the boards each known hand wins alone or shares with others, over every way of
completing the board (990 boards on the flop heads-up, 44 on the turn). The
counts are exact integers, laid out as the equity engine's counters
(``counts[p, k]``: boards player ``p`` won as one of ``k`` winners), so the
equities made of them are the engine's to the last bit (``allin.py`` says why).
"""

from __future__ import annotations

import numpy as np

from showdown._jit import jit
from showdown._views import unowned
from showdown.evaluator._kernels import KEY_START, add_card, strength_of_key
from showdown.simulator.core._pot_kernels import pot_levels


@jit
def board_counts(hands, players, boards, board_sizes, tables, out):  # pragma: no cover - compiled
    """Boards each player of each spot won as one of ``k`` winners, into ``out[s, p, k]``.

    ``hands`` ``(S, P, 2)`` are the players' cards (the first ``players[s]`` rows of
    spot ``s``), ``boards`` ``(S, 5)`` the board dealt so far (its first
    ``board_sizes[s]`` cards: 3 or 4); ``out`` is ``(S, P, P + 1)``, zeros. Every card
    is a valid, distinct code (the caller's spots come from replayed hands).
    """
    tables = unowned(tables)  # read in the loops without reference counting (see _jit)
    width = hands.shape[1]
    keys = np.zeros(width, np.uint64)
    bits = np.zeros(width, np.uint64)
    strengths = np.zeros(width, np.int64)
    for spot in range(hands.shape[0]):
        count = players[spot]
        # Summed keys and or-ed bits of each hand with the board so far.
        board_key = KEY_START
        board_bits = np.uint64(0)
        dealt = np.uint64(0)
        for position in range(board_sizes[spot]):
            card = boards[spot, position]
            board_key, board_bits = add_card(board_key, board_bits, card, tables)
            dealt |= np.uint64(1) << np.uint64(card)
        for player in range(count):
            key, hand_bits = board_key, board_bits
            for position in range(2):
                card = hands[spot, player, position]
                key, hand_bits = add_card(key, hand_bits, card, tables)
                dealt |= np.uint64(1) << np.uint64(card)
            keys[player] = key
            bits[player] = hand_bits
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
                extra_key, extra_bits = add_card(np.uint64(0), np.uint64(0), first, tables)
                if second < 52:
                    extra_key, extra_bits = add_card(extra_key, extra_bits, second, tables)
                best = np.int64(-1)
                for player in range(count):
                    strength = np.int64(
                        strength_of_key(keys[player] + extra_key, bits[player] | extra_bits, tables)
                    )
                    strengths[player] = strength
                    if strength > best:
                        best = strength
                winners = 0
                for player in range(count):
                    if strengths[player] == best:
                        winners += 1
                for player in range(count):
                    if strengths[player] == best:
                        out[spot, player, winners] += 1


@jit
def spot_pots(players, wagers, live, dead, amounts, levels, counts):  # pragma: no cover - compiled
    """The main and side pots of many spots, by the rules core's own pot rule.

    Spot ``s`` has ``players[s]`` seats: ``wagers[s]``, ``live[s]`` and ``dead[s]`` are
    those of :func:`showdown.simulator.hand.side_pots`. Its pot ``k`` (main pot first)
    holds ``amounts[s, k]`` chips, open to the live seats whose wager reaches
    ``levels[s, k]``; ``counts[s]`` is the number of pots.
    """
    for spot in range(wagers.shape[0]):
        counts[spot] = pot_levels(
            players[spot], wagers[spot], live[spot], dead[spot], amounts[spot], levels[spot]
        )
