"""Compiled loops of the three-handed push/fold game (see ``threehanded.py`` and ``threeway.py``).

Three kernels, arrays and scalars only (the evaluator tables as one tuple):

- :func:`sample_threeway_kernel` estimates, for each unordered triple of
  hand classes, how often each ordering of the three hands happens at a
  three-way all in (Monte Carlo over compatible combos and boards, with a
  per-triple seed so the table does not depend on the thread count);
- :func:`threeway_utility_kernel` turns those counts into each player's
  value of the three-way all in for every ordered triple (button, small
  blind, big blind) of classes, for one spot;
- :func:`gains_kernel` makes one pass over every class triple and returns
  every decision's counterfactual gain of the aggressive action (shove or
  call) over folding, given the others' strategies.

Ordering codes: for hands ``0, 1, 2`` with strengths ``s0, s1, s2`` the code
is ``9 * k(s0, s1) + 3 * k(s0, s2) + k(s1, s2)`` with ``k = 0`` (less),
``1`` (equal) or ``2`` (greater): 27 codes, 13 of them possible.
"""

from __future__ import annotations

import numpy as np

from .._jit import jit, jit_parallel, prange
from .._random_kernels import GOLDEN as _GOLDEN
from .._random_kernels import mix as _mix
from .._views import unowned
from ..evaluator._kernels import KEY_START, add_card, strength_of_key

#: Codes of the three-hand orderings (see the module).
ORDERING_CODES = 27
#: An odd 64-bit multiplier that spaces the triples' streams apart (the table's data was
#: drawn with it: changing it changes every sampled count).
_TRIPLE_SPACING = np.uint64(0x94D049BB133111EB)


@jit
def _compare(first, second):  # pragma: no cover - compiled
    if first < second:
        return 0
    if first == second:
        return 1
    return 2


@jit_parallel
def sample_threeway_kernel(
    triples, combos, combo_counts, samples, seed, tables, counts
):  # pragma: no cover - compiled
    """Fill ``counts[t, code]`` with the orderings seen in ``samples`` deals of triple ``t``.

    ``triples`` ``(n, 3)`` class indices; ``combos`` ``(169, 12, 2)`` the
    cards of each class's combos (``combo_counts`` of them). A deal is three
    combos drawn uniformly from their classes, redrawn until they share no
    card (so deals are uniform over compatible combo triples), and a board
    of five of the other 46 cards. A triple with no compatible deal (gives
    up after ``samples * 64`` draws) is left at zero.
    """
    # The loop body is a serial call: numba cannot lower a parallel loop that reads a
    # named tuple made by ``unowned`` (its generated loop function cannot name the type).
    for triple in prange(triples.shape[0]):
        _sample_triple(triple, triples, combos, combo_counts, samples, seed, tables, counts)


@jit
def _sample_triple(
    triple, triples, combos, combo_counts, samples, seed, tables, counts
):  # pragma: no cover - compiled
    """The deals of one triple (see :func:`sample_threeway_kernel`), from its own stream."""
    # Without owners, the tables cost no reference counts in the evaluator's helpers.
    tables = unowned(tables)
    state = np.uint64(seed) * _GOLDEN + np.uint64(triple) * _TRIPLE_SPACING + np.uint64(1)
    attempts = 0
    done = 0
    hands = np.empty(6, np.int64)
    strengths = np.empty(3, np.int64)
    while done < samples and attempts < samples * 64:
        attempts += 1
        used = np.uint64(0)
        clash = False
        for seat in range(3):
            state += _GOLDEN
            klass = triples[triple, seat]
            pick = _mix(state) % np.uint64(combo_counts[klass])
            for card_number in range(2):
                card = np.int64(combos[klass, pick, card_number])
                bit = np.uint64(1) << np.uint64(card)
                if used & bit:
                    clash = True
                used |= bit
                hands[2 * seat + card_number] = card
        if clash:
            continue
        done += 1
        board_key = KEY_START
        board_bits = np.uint64(0)
        drawn = 0
        while drawn < 5:
            state += _GOLDEN
            card = np.int64(_mix(state) % np.uint64(52))
            bit = np.uint64(1) << np.uint64(card)
            if used & bit:
                continue
            used |= bit
            board_key, board_bits = add_card(board_key, board_bits, card, tables)
            drawn += 1
        for seat in range(3):
            key = board_key
            bits = board_bits
            for card_number in range(2):
                key, bits = add_card(key, bits, hands[2 * seat + card_number], tables)
            strengths[seat] = strength_of_key(key, bits, tables)
        code = (
            9 * _compare(strengths[0], strengths[1])
            + 3 * _compare(strengths[0], strengths[2])
            + _compare(strengths[1], strengths[2])
        )
        counts[triple, code] += 1


@jit
def _flip(comparison):  # pragma: no cover - compiled
    return 2 - comparison


@jit
def _seat_comparison(code, position_first, position_second):  # pragma: no cover - compiled
    """``k(seat hands)`` for hands at sorted positions ``first``, ``second`` of ``code``."""
    if position_first == position_second:
        return 1
    low = min(position_first, position_second)
    high = max(position_first, position_second)
    if low == 0 and high == 1:
        found = code // 9
    elif low == 0:
        found = (code // 3) % 3
    else:
        found = code % 3
    return found if position_first < position_second else _flip(found)


@jit_parallel
def threeway_utility_kernel(counts, slot, weights, values, utility):  # pragma: no cover - compiled
    """Each player's weighted value of the three-way all in, for every ordered class triple.

    ``counts`` ``(n, 27)`` from :func:`sample_threeway_kernel` over sorted
    triples; ``slot[a, b, c]`` the row of the sorted triple; ``weights``
    ``(169, 169, 169)`` compatible combo triples; ``values[player, code]``
    a player's value when the seats' hands order as ``code``;
    ``utility[player, a, b, c]`` (output) ``weights`` times the mean value.
    """
    size = weights.shape[0]
    for first in prange(size):
        classes = np.empty(3, np.int64)
        order = np.empty(3, np.int64)
        position = np.empty(3, np.int64)
        for second in range(size):
            for third in range(size):
                weight = weights[first, second, third]
                for player in range(3):
                    utility[player, first, second, third] = 0.0
                if weight == 0.0:
                    continue
                classes[0] = first
                classes[1] = second
                classes[2] = third
                # Sort the seats by class (stable): position[seat] in the sorted triple.
                order[0] = 0
                order[1] = 1
                order[2] = 2
                for i in range(3):
                    for j in range(2 - i):
                        if classes[order[j]] > classes[order[j + 1]]:
                            swap = order[j]
                            order[j] = order[j + 1]
                            order[j + 1] = swap
                for i in range(3):
                    position[order[i]] = i
                row = slot[first, second, third]
                total = 0.0
                sums = np.zeros(3)
                for code in range(27):
                    seen = counts[row, code]
                    if seen == 0:
                        continue
                    total += seen
                    seat_code = (
                        9 * _seat_comparison(code, position[0], position[1])
                        + 3 * _seat_comparison(code, position[0], position[2])
                        + _seat_comparison(code, position[1], position[2])
                    )
                    for player in range(3):
                        sums[player] += seen * values[player, seat_code]
                if total > 0.0:
                    for player in range(3):
                        utility[player, first, second, third] = weight * sums[player] / total


@jit_parallel
def gains_kernel(
    weights,
    utilities,
    constants,
    strategies,
    button_gain,
    partial_gains,
    partial_values,
):  # pragma: no cover - compiled
    """Every decision's counterfactual gain of acting over folding, in one pass.

    ``weights[a, b, c]``: compatible combo triples (button ``a``, small
    blind ``b``, big blind ``c``). ``utilities[player, node, a, b, c]``:
    weighted values of the four showdowns (node 0 small blind against big
    blind, 1 button against big blind, 2 button against small blind, 3 all
    three); ``constants[player, node]`` the values per deal where everyone
    else folds (0 all fold to the big blind, 1 the small blind steals, 2 the
    button steals). ``strategies`` rows: button shoves, small blind calls
    the button, big blind calls the button alone, big blind calls both,
    small blind shoves (button folded), big blind calls the small blind.

    Outputs: ``button_gain[a]``; ``partial_gains[decision - 1, a, j]`` per
    button class ``a`` (summed by the caller) for decisions 1..5, ``j`` the
    deciding class; ``partial_values[player, a]`` each player's expected
    weighted value.
    """
    size = weights.shape[0]
    shove = strategies[0]
    call_small = strategies[1]
    call_alone = strategies[2]
    call_both = strategies[3]
    open_small = strategies[4]
    call_open = strategies[5]
    for a in prange(size):
        x = shove[a]
        button_total = 0.0
        value_button = 0.0
        value_small = 0.0
        value_big = 0.0
        for b in range(size):
            y = call_small[b]
            p = open_small[b]
            small_call = 0.0
            small_open = 0.0
            for c in range(size):
                w = weights[a, b, c]
                if w == 0.0:
                    continue
                z1 = call_alone[c]
                z2 = call_both[c]
                q = call_open[c]
                # Reach of each terminal given the hand classes (everyone's strategies).
                r_fold_all = (1.0 - x) * (1.0 - p)
                r_small_steal = (1.0 - x) * p * (1.0 - q)
                r_blinds = (1.0 - x) * p * q
                r_steal = x * (1.0 - y) * (1.0 - z1)
                r_big = x * (1.0 - y) * z1
                r_small = x * y * (1.0 - z2)
                r_three = x * y * z2
                for player in range(3):
                    total = (
                        w
                        * (
                            r_fold_all * constants[player, 0]
                            + r_small_steal * constants[player, 1]
                            + r_steal * constants[player, 2]
                        )
                        + r_blinds * utilities[player, 0, a, b, c]
                        + r_big * utilities[player, 1, a, b, c]
                        + r_small * utilities[player, 2, a, b, c]
                        + r_three * utilities[player, 3, a, b, c]
                    )
                    if player == 0:
                        value_button += total
                    elif player == 1:
                        value_small += total
                    else:
                        value_big += total
                # Button: shove minus fold, against the blinds' strategies.
                shoved = (
                    (1.0 - y) * (1.0 - z1) * w * constants[0, 2]
                    + (1.0 - y) * z1 * utilities[0, 1, a, b, c]
                    + y * (1.0 - z2) * utilities[0, 2, a, b, c]
                    + y * z2 * utilities[0, 3, a, b, c]
                )
                folded = (
                    (1.0 - p) * w * constants[0, 0]
                    + p * (1.0 - q) * w * constants[0, 1]
                    + p * q * utilities[0, 0, a, b, c]
                )
                button_total += shoved - folded
                # Small blind facing the shove: call minus fold.
                called = (1.0 - z2) * utilities[1, 2, a, b, c] + z2 * utilities[1, 3, a, b, c]
                passed = (1.0 - z1) * w * constants[1, 2] + z1 * utilities[1, 1, a, b, c]
                small_call += x * (called - passed)
                # Small blind after the button folds: shove minus fold.
                small_open += (1.0 - x) * (
                    (1.0 - q) * w * constants[1, 1]
                    + q * utilities[1, 0, a, b, c]
                    - w * constants[1, 0]
                )
                # Big blind: facing the button alone, both, the small blind.
                partial_gains[1, a, c] += (
                    x * (1.0 - y) * (utilities[2, 1, a, b, c] - w * constants[2, 2])
                )
                partial_gains[2, a, c] += (
                    x * y * (utilities[2, 3, a, b, c] - utilities[2, 2, a, b, c])
                )
                partial_gains[4, a, c] += (
                    (1.0 - x) * p * (utilities[2, 0, a, b, c] - w * constants[2, 1])
                )
            partial_gains[0, a, b] += small_call
            partial_gains[3, a, b] += small_open
        button_gain[a] = button_total
        partial_values[0, a] = value_button
        partial_values[1, a] = value_small
        partial_values[2, a] = value_big
