"""Hold'em exact equity with wide ranges on few boards: value each holding once, then count.

On one complete board, every hold'em holding of every player is valued once.
The largest range ``L`` is sorted by strength; the joint holdings of the
other players are looped over, and for each the holdings of ``L`` that beat,
tie or lose to the best of them are *counted*, not visited:

- among all of ``L``'s holdings, by binary search in the sorted strengths;
- less those that share a card with the others (``L``'s holdings containing
  card ``c``, sorted, one list per card: binary search again);
- plus those counted twice, which hold two of the others' cards (a hold'em
  holding has two cards, so there is at most one per pair of cards and no
  triple overlap: inclusion-exclusion stops there).

``L``'s hand categories are counted the same way, with per-card category
histograms; the per-card terms are summed over the others' joint holdings
first (how often each card occurs) and applied once per board.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._jit import jit, jit_inline
from ..._views import unowned
from ...evaluator._kernels import KEY_START, add_card, strength_of_key
from .._scoring import add_whole_pot
from ._join_combo_kernels import (
    track_board,
    track_card,
    track_fitting,
    track_pair,
    track_pot,
    track_sorted,
    track_step,
)
from ._join_walks import fitting_rows, next_joint_holding


@jit_inline
def _count_below(values, start, length, bound):  # pragma: no cover - compiled
    """How many of ``values[start:start + length]`` (ascending) are below ``bound``."""
    low = 0
    high = length
    while low < high:
        middle = (low + high) >> 1
        if values[start + middle] < bound:
            low = middle + 1
        else:
            high = middle
    return low


@jit_inline
def _sort_by_strength(order, strength, first, length):  # pragma: no cover - compiled
    """Sort ``order[:length]`` (offsets from ``first``) by ``strength``, ascending.

    Shell sort (gaps 3k+1): a few thousand comparisons for a range of a
    thousand holdings, and far less to compile than ``np.argsort``.
    """
    gap = 1
    while gap < length // 3:
        gap = 3 * gap + 1
    while gap > 0:
        for i in range(gap, length):
            item = order[i]
            value = strength[first + item]
            j = i
            while j >= gap and strength[first + order[j - gap]] > value:
                order[j] = order[j - gap]
                j -= gap
            order[j] = item
        gap //= 3


def _make_join_kernel(track: bool) -> Any:
    """The join kernel, with (``track``) or without per-combo counting.

    ``track`` is a constant of the compiled function (a closure variable), so
    numba drops the ``if track:`` branches of the plain kernel before
    compiling: it compiles and runs as if they were not there, and the
    per-combo code (``_join_combo_kernels``) is compiled only when asked.
    """

    def join(
        boards,
        first_board,
        last_board,
        combos,
        starts,
        largest,
        first_split,
        last_split,
        tables,
        counts,
        categories,
        combo_counts,
        combo_deals,
    ):  # pragma: no cover - compiled
        """Add the showdowns of boards ``first_board:last_board`` for every joint holding.

        ``combos`` ``(T, 2)`` holds every player's hands, player ``p``'s in rows
        ``starts[p]:starts[p + 1]``; ``largest`` is the player counted rather
        than looped. Only the joint holdings whose first looped player holds a
        combo in rows ``first_split:last_split`` are counted (a slice of that
        player's rows: one board can be split over several calls). Fills
        ``counts`` ``(n, 3, n + 1)`` (part 0 only) and ``categories`` ``(n, 10)``;
        the per-combo kernel also ``combo_counts`` ``(T, 3, n + 1)`` and
        ``combo_deals`` ``(T,)`` for every row of ``combos`` (the plain kernel
        ignores them). Returns ``(deals, join steps)``.
        """
        n_players = starts.size - 1
        n_combos = combos.shape[0]
        # The tables without owners: handing them to the evaluator's helpers per
        # holding then costs no reference-count updates.
        tables = unowned(tables)
        combo_mask = np.zeros(n_combos, np.uint64)
        combo_key = np.zeros(n_combos, np.uint64)
        combo_bits = np.zeros(n_combos, np.uint64)
        for combo in range(n_combos):
            for slot in range(2):
                card = combos[combo, slot]
                combo_mask[combo] |= np.uint64(1) << np.uint64(card)
                combo_key[combo], combo_bits[combo] = add_card(
                    combo_key[combo], combo_bits[combo], card, tables
                )
        strength = np.zeros(n_combos, np.int64)
        n_large = starts[largest + 1] - starts[largest]
        sorted_strength = np.zeros(n_large, np.int64)
        order = np.zeros(n_large, np.int64)
        # Per card: strengths of L's holdings with that card, ascending, at card * 52.
        card_strength = np.zeros(52 * 52, np.int64)
        card_length = np.zeros(52, np.int64)
        card_categories = np.zeros((52, 10), np.int64)
        pair_strength = np.zeros(52 * 52, np.int64)
        total_categories = np.zeros(10, np.int64)
        card_uses = np.zeros(52, np.int64)
        others = np.zeros(n_players - 1, np.int64)
        q = 0
        for p in range(n_players):
            if p != largest:
                others[q] = p
                q += 1
        n_others = n_players - 1
        valid = np.zeros(n_combos, np.int64)
        valid_start = np.zeros(n_others + 1, np.int64)
        position = np.zeros(n_others, np.int64)
        prefix_mask = np.zeros(n_others + 1, np.uint64)
        chosen = np.zeros(n_others, np.int64)
        # The joint holdings' walk (``_join_walks``); the kernel uses ``position``,
        # ``prefix_mask`` and ``chosen`` itself, which keeps them alive.
        walk = unowned((valid, valid_start, combo_mask, position, prefix_mask, chosen))
        hand_cards = np.zeros(2 * n_others, np.int64)
        # Per-combo counting of L (tracking only; one element each otherwise): L's
        # rows in strength order, where each sits in its cards' lists, and
        # difference arrays over those orders (see ``_join_combo_kernels``).
        tracked = n_large + 1 if track else 1
        sorted_row = np.zeros(tracked, np.int64)
        card_place = np.zeros((2, tracked), np.int64)
        win_diff = np.zeros((n_players + 2, tracked), np.int64)
        card_diff = np.zeros(((n_players + 2) * 52, 53 if track else 1), np.int64)
        running = np.zeros(n_players + 2, np.int64)
        pair_row = np.zeros(52 * 52 if track else 1, np.int64)
        deals = 0
        steps = 0
        for board_row in range(first_board, last_board):
            board_mask = np.uint64(0)
            board_key = KEY_START
            board_bits = np.uint64(0)
            for slot in range(5):
                card = boards[board_row, slot]
                board_mask |= np.uint64(1) << np.uint64(card)
                board_key, board_bits = add_card(board_key, board_bits, card, tables)
            for combo in range(n_combos):
                if combo_mask[combo] & board_mask:
                    strength[combo] = -1
                else:
                    strength[combo] = strength_of_key(
                        board_key + combo_key[combo], board_bits | combo_bits[combo], tables
                    )
            # The largest range, sorted by strength, with its per-card lists.
            first = starts[largest]
            for item in range(n_large):
                order[item] = item
            _sort_by_strength(order, strength, first, n_large)
            card_length[:] = 0
            card_categories[:, :] = 0
            total_categories[:] = 0
            card_uses[:] = 0
            n_sorted = 0
            for item in range(n_large):
                combo = first + order[item]
                value = strength[combo]
                if value < 0:
                    continue
                sorted_strength[n_sorted] = value
                n_sorted += 1
                category = value >> 12
                total_categories[category] += 1
                low_card = np.int64(combos[combo, 0])
                high_card = np.int64(combos[combo, 1])
                if track:
                    track_sorted(
                        n_sorted - 1,
                        combo,
                        low_card,
                        high_card,
                        card_length,
                        sorted_row,
                        card_place,
                        pair_row,
                    )
                card_strength[low_card * 52 + card_length[low_card]] = value
                card_length[low_card] += 1
                card_categories[low_card, category] += 1
                card_strength[high_card * 52 + card_length[high_card]] = value
                card_length[high_card] += 1
                card_categories[high_card, category] += 1
                pair_strength[min(low_card, high_card) * 52 + max(low_card, high_card)] = value + 1
            # The other players' holdings that fit this board (the first looped
            # player's split rows only).
            fitting_rows(
                strength, others, starts, others[0], first_split, last_split, valid, valid_start
            )
            n_joint = 0
            q = 0
            position[0] = valid_start[0] - 1
            prefix_mask[0] = board_mask
            while True:
                q = next_joint_holding(q, walk)
                if q < 0:
                    break
                # One joint holding of the others: count L's holdings against its best.
                n_joint += 1
                best = -1
                n_best = 0
                for k in range(n_others):
                    value = strength[chosen[k]]
                    if value > best:
                        best = value
                        n_best = 1
                    elif value == best:
                        n_best += 1
                    hand_cards[2 * k] = combos[chosen[k], 0]
                    hand_cards[2 * k + 1] = combos[chosen[k], 1]
                below = _count_below(sorted_strength, 0, n_sorted, best)
                at_most = _count_below(sorted_strength, 0, n_sorted, best + 1)
                if track:
                    track_step(below, at_most, n_best, win_diff)
                fitting = n_sorted
                for k in range(2 * n_others):
                    card = hand_cards[k]
                    card_uses[card] += 1
                    length = card_length[card]
                    fitting -= length
                    card_below = _count_below(card_strength, card * 52, length, best)
                    card_at_most = _count_below(card_strength, card * 52, length, best + 1)
                    below -= card_below
                    at_most -= card_at_most
                    if track:
                        track_card(card, card_below, card_at_most, n_best, card_diff)
                    for other in range(k + 1, 2 * n_others):
                        second = hand_cards[other]
                        pair = min(card, second) * 52 + max(card, second)
                        shared = pair_strength[pair] - 1
                        if shared >= 0:
                            fitting += 1
                            below += shared < best
                            at_most += shared <= best
                            categories[largest, shared >> 12] += 1
                            if track:
                                track_pair(
                                    pair_row, pair, shared, best, n_best, combo_counts, combo_deals
                                )
                deals += fitting
                # Three pots, each awarded by the one showdown rule: L's holdings above
                # the others' best win alone, those level with it tie, those below lose.
                best_mask = np.int64(0)
                for k in range(n_others):
                    p = others[k]
                    value = strength[chosen[k]]
                    categories[p, value >> 12] += fitting
                    best_mask |= np.int64(value == best) << p
                large_bit = np.int64(1) << largest
                for pot in range(3):  # one call site: each inlined copy costs compile time
                    if pot == 0:
                        mask, weight = large_bit, fitting - at_most
                    elif pot == 1:
                        mask, weight = large_bit | best_mask, at_most - below
                    else:
                        mask, weight = best_mask, below
                    add_whole_pot(mask, n_players, weight, counts)
                    if track:
                        track_pot(mask, weight, others, chosen, combo_counts)
                if track:
                    track_fitting(fitting, chosen, combo_deals)
            if track:
                track_board(
                    n_sorted,
                    n_joint,
                    combos,
                    card_length,
                    card_uses,
                    (sorted_row, card_place, win_diff, card_diff, running),
                    combo_counts,
                    combo_deals,
                )
            # L's categories: every fitting holding of L once per joint holding of the others.
            for category in range(10):
                total = n_joint * total_categories[category]
                for card in range(52):
                    total -= card_uses[card] * card_categories[card, category]
                categories[largest, category] += total
            for item in range(n_large):
                combo = first + item
                low_card = np.int64(combos[combo, 0])
                high_card = np.int64(combos[combo, 1])
                pair_strength[min(low_card, high_card) * 52 + max(low_card, high_card)] = 0
            steps += n_joint
        return deals, steps

    join.__name__ = "join_combos_kernel" if track else "join_kernel"
    join.__qualname__ = join.__name__
    return jit(join)


#: The join, plain.
join_kernel = _make_join_kernel(False)
#: The join with per-combo counters (``combo_counts``, ``combo_deals``).
join_combos_kernel = _make_join_kernel(True)
