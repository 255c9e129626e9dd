"""Omaha hi-lo exact equity with wide ranges: the Omaha join (``_omaha_join_kernels``) with halves.

For one joint holding of the other players (their best high ``hiO``, their
best qualifying low ``loO``, 0 if none), a holding ``l`` of the counted range
``L`` loses, ties or beats ``hiO`` on the high, and (``loO > 0``) on the low;
with no ``loO`` only whether ``l`` qualifies for low matters. The pot rule
(``_scoring.add_pot``) is applied once per cell of that 3 x 3 table with the
cell's count as weight, so scoops and squared shares come out exactly.

The table's margins are one-dimensional counts: the high ones by binary
search in the high order (as the high join), the low ones in a second order
of each list, by ``key = low << 20 | place`` (low first, then the high order's
place). The four cells where ``l`` ties or beats both ``hiO`` and ``loO`` are
two-dimensional: each low value at or above ``loO`` is a run of that order,
searched by place (a few runs: a board's lows take few values). Every count is
taken over ``L`` and over each card subset's list with its sign, like the high.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit, jit_inline
from .._scoring import add_pot
from ._join_kernels import _count_below
from ._join_walks import fitting_rows, joint_subsets, next_joint_holding, omaha_walks
from ._omaha_join_kernels import STRENGTH_LIMIT, _value_board, order_by_strength

#: Places in L's order stay below this; a low value is shifted above them.
PLACE_BITS = 20
#: Slots of a term's counts (see :func:`_add_term`).
N_TERMS = 12


@jit_inline
def _add_term(
    places, keys, start, length, sign, below, at_most, low_other, acc
):  # pragma: no cover
    """Add ``sign`` times one list's counts to ``acc``.

    ``places[start:start + length]``: the list's places in L's high order,
    ascending; ``keys``: the same entries by ``low << 20 | place``, ascending.
    ``acc``: 0 fitting, 1 high below, 2 high at most; with no low among the
    others (``low_other == 0``): 3-5 the same over L's low qualifiers; else
    6 low below, 7 low at most, 8-11 high win/tie by low win/tie.
    """
    high_below = _count_below(places, start, length, below)
    high_at_most = high_below + _count_below(
        places, start + high_below, length - high_below, at_most
    )
    acc[0] += sign * length
    acc[1] += sign * high_below
    acc[2] += sign * high_at_most
    if low_other == 0:
        # No low: the run of low 0 holds the non-qualifiers, by place.
        no_low = _count_below(keys, start, length, 1 << PLACE_BITS)
        acc[3] += sign * (length - no_low)
        acc[4] += sign * (high_below - _count_below(keys, start, no_low, below))
        acc[5] += sign * (high_at_most - _count_below(keys, start, no_low, at_most))
        return
    low_below = _count_below(keys, start, length, low_other << PLACE_BITS)
    low_at_most = _count_below(keys, start, length, (low_other + 1) << PLACE_BITS)
    acc[6] += sign * low_below
    acc[7] += sign * low_at_most
    run = low_below
    while run < length:
        value = keys[start + run] >> PLACE_BITS
        base = value << PLACE_BITS
        end = run + _count_below(keys, start + run, length - run, base + (1 << PLACE_BITS))
        tie_start = run + _count_below(keys, start + run, end - run, base + below)
        win_start = tie_start + _count_below(
            keys, start + tie_start, end - tie_start, base + at_most
        )
        column = 10 if value == low_other else 8  # high win, then high tie
        acc[column] += sign * (end - win_start)
        acc[column + 1] += sign * (win_start - tie_start)
        run = end


def _omaha_join_hilo(
    boards,
    first_board,
    last_board,
    inputs,
    largest,
    split_player,
    first_split,
    last_split,
    tables,
    counts,
    categories,
    scoop,
    share_any,
    sum_squares,
):  # pragma: no cover - compiled
    """Add the hi-lo showdowns of boards ``first_board:last_board`` for every joint holding.

    Arguments as ``omaha_join_kernel``'s, plus the split-pot counters
    ``scoop``, ``share_any`` and ``sum_squares`` (``_scoring``). Returns
    ``(deals, join steps)``.
    """
    combos = inputs.combos
    starts = inputs.starts
    n_players = starts.size - 1
    n_rows, hole = combos.shape
    large_subsets = inputs.large_subsets
    large_offsets = inputs.large_offsets
    subset_start = inputs.subset_start
    subset_sign = inputs.subset_sign
    n_subsets = subset_sign.size
    first = starts[largest]
    n_large = starts[largest + 1] - first
    low_bit = tables.low_bit
    omaha_low8 = tables.omaha_low8
    row_low = np.zeros(n_rows, np.int64)
    for r in range(n_rows):
        for x in range(hole):
            row_low[r] |= np.int64(low_bit[combos[r, x]])
    strength = np.zeros(n_rows, np.int64)
    low = np.zeros(n_rows, np.int64)
    multiset_value = np.zeros(inputs.multiset_pairs.shape[0], np.int64)
    scratch = np.zeros((4, 10), np.int64)
    below_count = np.zeros(STRENGTH_LIMIT + 1, np.int64)
    next_slot = np.zeros(STRENGTH_LIMIT + 1, np.int64)
    low_slot = np.zeros(257, np.int64)
    sorted_row = np.zeros(n_large, np.int64)
    by_low = np.zeros(n_large, np.int64)
    # Every subset's list, then L's own (all of it) at the end.
    whole = subset_start[n_subsets]
    places = np.zeros(whole + n_large + 1, np.int64)
    keys = np.zeros(whole + n_large + 1, np.int64)
    low_length = np.zeros(n_subsets, np.int64)
    # The walks' arrays, as in the high join (owners kept alive the same way).
    walks = omaha_walks(inputs, largest)
    (others, n_ranged, valid, valid_start, position, prefix_mask, chosen,
     subset_length, subset_uses, terms, walk, subsets) = walks  # fmt: skip
    n_others = others.size
    acc = np.zeros(N_TERMS, np.int64)
    cells = np.zeros((3, 3), np.int64)
    large_bit = np.int64(1) << largest
    deals = 0
    steps = 0
    for board_row in range(first_board, last_board):
        board_mask = _value_board(
            boards, board_row, tables, inputs, multiset_value, strength, scratch
        )
        board_low = np.int64(0)
        for a in range(5):
            board_low |= np.int64(low_bit[boards[board_row, a]])
        for r in range(n_rows):
            if strength[r] >= 0:
                low[r] = np.int64(omaha_low8[(row_low[r] << 8) | board_low])
        # L by high strength, as the high join.
        n_sorted = order_by_strength(strength, first, n_large, below_count, next_slot, sorted_row)
        # The same places by low, then place (a stable counting sort over the low).
        low_slot[:] = 0
        for pos in range(n_sorted):
            low_slot[low[sorted_row[pos]] + 1] += 1
        for value in range(1, 257):
            low_slot[value] += low_slot[value - 1]
        for pos in range(n_sorted):
            value = low[sorted_row[pos]]
            by_low[low_slot[value]] = pos
            low_slot[value] += 1
        subset_length[:] = 0
        low_length[:] = 0
        subset_uses[:] = 0
        for pos in range(n_sorted):
            places[whole + pos] = pos
            local = sorted_row[pos] - first
            for j in range(large_offsets[local], large_offsets[local + 1]):
                s = large_subsets[j]
                places[subset_start[s] + subset_length[s]] = pos
                subset_length[s] += 1
        for index in range(n_sorted):
            pos = by_low[index]
            key = (low[sorted_row[pos]] << PLACE_BITS) | pos
            keys[whole + index] = key
            local = sorted_row[pos] - first
            for j in range(large_offsets[local], large_offsets[local + 1]):
                s = large_subsets[j]
                keys[subset_start[s] + low_length[s]] = key
                low_length[s] += 1
        fitting_rows(
            strength, others, starts, split_player, first_split, last_split, valid, valid_start
        )
        n_joint = 0
        q = 0
        position[0] = valid_start[0] - 1
        prefix_mask[0] = board_mask
        while True:
            q = next_joint_holding(q, walk)
            if q < 0:
                break
            n_joint += 1
            best = -1
            best_low = 0
            for k in range(n_others):
                best = max(best, strength[chosen[k]])
                best_low = max(best_low, low[chosen[k]])
            high_mask = np.int64(0)
            low_mask = np.int64(0)
            for k in range(n_others):
                p = others[k]
                high_mask |= np.int64(strength[chosen[k]] == best) << p
                low_mask |= np.int64((low[chosen[k]] == best_low) & (best_low > 0)) << p
            below = below_count[best]
            at_most = below_count[best + 1]
            acc[:] = 0
            _add_term(places, keys, whole, n_sorted, 1, below, at_most, best_low, acc)
            # Inclusion-exclusion: each subset L holds, with its sign.
            for term in range(joint_subsets(chosen, n_ranged, subsets)):
                s = terms[term]
                _add_term(places, keys, subset_start[s], subset_length[s], subset_sign[s],
                          below, at_most, best_low, acc)  # fmt: skip
            fitting = acc[0]
            deals += fitting
            for k in range(n_others):
                categories[others[k], strength[chosen[k]] >> 12] += fitting
            # cells[high, low]: 0 L loses, 1 ties, 2 wins; with no low among the others,
            # low 0 is "L has no low" and low 2 "L takes the low half alone".
            high_parts = (acc[1], acc[2] - acc[1], fitting - acc[2])
            cells[:, :] = 0
            if best_low == 0:
                qualified = (acc[4], acc[5] - acc[4], acc[3] - acc[5])
                for h in range(3):
                    cells[h, 2] = qualified[h]
                    cells[h, 0] = high_parts[h] - qualified[h]
            else:
                cells[2, 2] = acc[8]
                cells[1, 2] = acc[9]
                cells[2, 1] = acc[10]
                cells[1, 1] = acc[11]
                cells[2, 0] = high_parts[2] - acc[8] - acc[10]
                cells[1, 0] = high_parts[1] - acc[9] - acc[11]
                cells[0, 2] = fitting - acc[7] - acc[8] - acc[9]
                cells[0, 1] = acc[7] - acc[6] - acc[10] - acc[11]
                cells[0, 0] = high_parts[0] - cells[0, 1] - cells[0, 2]
            for cell in range(9):  # one call site: each inlined copy costs compile time
                h = cell // 3
                lo = cell % 3
                weight = cells[h, lo]
                if weight == 0:
                    continue
                mask_high = (
                    high_mask if h == 0 else (high_mask | large_bit if h == 1 else large_bit)
                )
                if best_low == 0:
                    mask_low = large_bit if lo == 2 else np.int64(0)
                else:
                    mask_low = (
                        low_mask if lo == 0 else (low_mask | large_bit if lo == 1 else large_bit)
                    )
                add_pot(
                    mask_high, mask_low, n_players, weight, counts, scoop, share_any, sum_squares
                )
        # L's holdings: each met the joint holdings that share none of its cards.
        for pos in range(n_sorted):
            row = sorted_row[pos]
            local = row - first
            fits = n_joint
            for j in range(large_offsets[local], large_offsets[local + 1]):
                s = large_subsets[j]
                fits += subset_sign[s] * subset_uses[s]
            categories[largest, strength[row] >> 12] += fits
        steps += n_joint
    return deals, steps


#: The Omaha hi-lo join (plain counters; per-combo counters are not counted).
omaha_join_hilo_kernel = jit(_omaha_join_hilo)
