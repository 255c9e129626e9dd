"""Omaha exact equity with wide ranges: value each holding once per board, then count.

The hold'em join (``_join_kernels``) with Omaha's rule and Omaha's card removal.

Valuing. Without a flush, an Omaha hand is the best (hole rank pair, board
rank triple) of the evaluator's table, so a holding's value depends on its
rank multiset only: each distinct multiset of the ranges is valued once per
board (``multiset_pairs``: its hole pairs' rows in ``omaha_ranks``). A
flush needs three board cards of one suit, which a five-card board has for
at most one suit; on such a board the holdings with two or more cards of
that suit add their flushes (``row_suits``: their ranks per suit).

Counting. The largest range ``L`` is sorted by strength (a counting sort:
strengths are 16-bit), so for the best of the other players' hands the
holdings of ``L`` below it and level with it are prefixes of that order.
Those sharing a card with the looped players' holdings are taken off by
inclusion-exclusion over the subsets ``T`` of those cards (up to a hole's
size): each ``T`` held by some holding of ``L`` has a list of those
holdings' places in the order (``subset_start``), and the holdings that
fit are ``sum over T of (-1)^|T| * (holdings of L containing T)``, each term
counted by binary search in its list. Players with one known hand are not
taken off: the spot already removed their cards from every range and board.

Per-combo counters for ``L`` use difference arrays over the order and over
each subset's list, summed once per board (as ``_join_combo_kernels`` does
for hold'em); the looped players' rows are visited anyway.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..._jit import jit, jit_inline
from .._scoring import add_whole_pot
from ._join_combo_kernels import track_fitting, track_pot, track_step
from ._join_kernels import _count_below
from ._join_walks import fitting_rows, joint_subsets, next_joint_holding, omaha_walks

#: Strengths are below this (16-bit values): the counting sort's histogram size.
STRENGTH_LIMIT = 1 << 16


class OmahaJoinInputs(NamedTuple):
    """Every player's combos of one mix of weights and what the kernel precomputes on them.

    ``T`` rows (every player's combos, player ``p``'s in ``starts[p]:starts[p + 1]``),
    ``S`` subsets of the largest range's holdings, ``H`` hole cards.
    """

    combos: NDArray[np.uint8]  # (T, H)
    starts: NDArray[np.int64]  # (n + 1,)
    row_mask: NDArray[np.uint64]  # (T,) card bit masks
    row_multiset: NDArray[np.int64]  # (T,) index of the row's rank multiset
    multiset_pairs: NDArray[np.int64]  # (M, H * (H - 1) / 2) rows of omaha_ranks
    row_suits: NDArray[np.int64]  # (T, 4) 13-bit rank masks of the row's cards per suit
    looped: NDArray[np.int64]  # (n,) 1: the player's cards are taken off L's by subsets
    subset_masks: NDArray[np.uint64]  # (S,) card masks, ascending
    subset_sign: NDArray[np.int64]  # (S,) (-1) ** size
    subset_start: NDArray[np.int64]  # (S + 1,) list starts (each list has a spare slot)
    #: Each holding of L's subsets that some looped holding may hold (the others never
    #: count): holding ``i``'s are ``large_subsets[large_offsets[i]:large_offsets[i + 1]]``.
    large_offsets: NDArray[np.int64]  # (len(L) + 1,)
    large_subsets: NDArray[np.int64]
    needed: NDArray[np.int64]  # the subsets with lists (ascending)
    row_subsets: NDArray[np.int64]  # (T, 2**H - 1) each row's subsets held in L, else -1


@jit_inline
def _value_board(board, row, tables, inputs, multiset_value, strength, scratch):  # pragma: no cover
    """Every row's Omaha high on board ``row`` (``strength``; -1 if it shares a card).

    ``scratch`` ``(4, 10)``: the board's rank-triple columns, suited triples,
    suited rank bits and per-suit rank masks.
    """
    omaha_ranks = tables.omaha_ranks
    flush = tables.flush
    columns = scratch[0]
    suited_triples = scratch[1]
    bits = scratch[2]
    suit_ranks = scratch[3]
    suit_ranks[:4] = 0
    board_mask = np.uint64(0)
    t = 0
    for a in range(5):
        card_a = np.int64(board[row, a])
        board_mask |= np.uint64(1) << np.uint64(card_a)
        suit_ranks[card_a & 3] |= 1 << (card_a >> 2)
        for b in range(a + 1, 5):
            for c in range(b + 1, 5):
                columns[t] = tables.omaha_triple_index[
                    (card_a >> 2) * 169 + (np.int64(board[row, b]) >> 2) * 13
                    + (np.int64(board[row, c]) >> 2)
                ]  # fmt: skip
                t += 1
    # At most one suit has three board cards: its triples of suited ranks.
    flush_suit = -1
    n_suited = 0
    for suit in range(4):
        ranks = suit_ranks[suit]
        n_bits = 0
        while ranks:
            bits[n_bits] = ranks & -ranks
            ranks &= ranks - 1
            n_bits += 1
        if n_bits >= 3:
            flush_suit = suit
            for a in range(n_bits):
                for b in range(a + 1, n_bits):
                    for c in range(b + 1, n_bits):
                        suited_triples[n_suited] = bits[a] | bits[b] | bits[c]
                        n_suited += 1
    pairs = inputs.multiset_pairs
    for m in range(pairs.shape[0]):
        best = np.int64(0)
        for pair in range(pairs.shape[1]):
            start = pairs[m, pair]
            for t in range(10):
                best = max(best, np.int64(omaha_ranks[start + columns[t]]))
        multiset_value[m] = best
    for r in range(strength.size):
        if inputs.row_mask[r] & board_mask:
            strength[r] = -1
            continue
        value = multiset_value[inputs.row_multiset[r]]
        if flush_suit >= 0:
            held = inputs.row_suits[r, flush_suit]
            while held:
                low = held & -held
                held &= held - 1
                rest = held
                while rest:
                    pair = low | (rest & -rest)
                    rest &= rest - 1
                    for t in range(n_suited):
                        value = max(value, np.int64(flush[pair | suited_triples[t]]))
        strength[r] = value
    return board_mask


@jit_inline
def order_by_strength(
    strength, first, n_large, below_count, next_slot, sorted_row
):  # pragma: no cover - compiled
    """Sort ``L``'s rows ``first:first + n_large`` that fit the board by strength: how many.

    A counting sort (strengths are below ``STRENGTH_LIMIT``): ``sorted_row``
    gets the rows, weakest first, and ``below_count[v]`` how many are weaker
    than ``v``; ``next_slot`` is scratch of ``below_count``'s size.
    """
    below_count[:] = 0
    n_sorted = 0
    for item in range(n_large):
        value = strength[first + item]
        if value >= 0:
            below_count[value + 1] += 1
            n_sorted += 1
    total = 0
    for value in range(below_count.size):
        total += below_count[value]
        below_count[value] = total
    next_slot[:] = below_count
    for item in range(n_large):
        value = strength[first + item]
        if value >= 0:
            sorted_row[next_slot[value]] = first + item
            next_slot[value] += 1
    return n_sorted


@jit_inline
def _count_part(entries, start, length, bound_below, bound_at_most):  # pragma: no cover
    """How many places of one list (``entries[start:start + length]``, ascending) are below
    ``bound_below`` and below ``bound_at_most``: a binary search, then a short walk over
    the ties (few: most strengths are held by few holdings)."""
    below = _count_below(entries, start, length, bound_below)
    if bound_at_most - bound_below > 16:
        return below, below + _count_below(entries, start + below, length - below, bound_at_most)
    at_most = below
    while at_most < length and entries[start + at_most] < bound_at_most:
        at_most += 1
    return below, at_most


def _make_omaha_join_kernel(track: bool) -> Any:
    """The Omaha join, with (``track``) or without per-combo counters (see ``_join_kernels``)."""

    def omaha_join(
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
        combo_counts,
        combo_deals,
    ):  # pragma: no cover - compiled
        """Add the showdowns of boards ``first_board:last_board`` for every joint holding.

        Arguments as the hold'em ``join_kernel``'s, the combos and their
        precomputed arrays in ``inputs`` (:class:`OmahaJoinInputs`); the
        rows ``first_split:last_split`` are player ``split_player``'s part.
        Returns ``(deals, join steps)``.
        """
        combos = inputs.combos
        starts = inputs.starts
        n_players = starts.size - 1
        n_rows = combos.shape[0]
        large_subsets = inputs.large_subsets
        large_offsets = inputs.large_offsets
        subset_start = inputs.subset_start
        subset_sign = inputs.subset_sign
        n_subsets = subset_sign.size
        first = starts[largest]
        n_large = starts[largest + 1] - first
        strength = np.zeros(n_rows, np.int64)
        multiset_value = np.zeros(inputs.multiset_pairs.shape[0], np.int64)
        scratch = np.zeros((4, 10), np.int64)
        below_count = np.zeros(STRENGTH_LIMIT + 1, np.int64)
        next_slot = np.zeros(STRENGTH_LIMIT + 1, np.int64)
        sorted_row = np.zeros(n_large, np.int64)
        entries = np.zeros(subset_start[n_subsets], np.int64)
        # The walks' arrays (``_join_walks``); the kernel uses ``position``,
        # ``prefix_mask``, ``chosen`` and ``terms`` itself, which keeps them alive.
        walks = omaha_walks(inputs, largest)
        (others, n_ranged, valid, valid_start, position, prefix_mask, chosen,
         subset_length, subset_uses, terms, walk, subsets) = walks  # fmt: skip
        n_others = others.size
        # Per-combo counting of L (one element each otherwise).
        tracked = n_large + 1 if track else 1
        # Per place in L's order, its lists' signed counts (gathered list by list).
        by_place = np.zeros((tracked, n_players + 2), np.int64)
        win_diff = np.zeros((n_players + 2, tracked), np.int64)
        # One row per list entry (a holding's winner counts side by side: read together).
        entry_diff = np.zeros((entries.size if track else 1, n_players + 2), np.int32)
        running = np.zeros(n_players + 2, np.int64)
        deals = 0
        steps = 0
        for board_row in range(first_board, last_board):
            board_mask = _value_board(
                boards, board_row, tables, inputs, multiset_value, strength, scratch
            )
            # L by strength; below_count[v]: L's holdings weaker than v.
            n_sorted = order_by_strength(
                strength, first, n_large, below_count, next_slot, sorted_row
            )
            # Each subset's list: the places in that order of L's holdings containing it.
            subset_length[:] = 0
            subset_uses[:] = 0
            for pos in range(n_sorted):
                local = sorted_row[pos] - first
                for j in range(large_offsets[local], large_offsets[local + 1]):
                    s = large_subsets[j]
                    entries[subset_start[s] + subset_length[s]] = pos
                    subset_length[s] += 1
            # The other players' holdings that fit this board.
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
                bound_below = below_count[best]
                bound_at_most = below_count[best + 1]
                below = bound_below
                at_most = bound_at_most
                fitting = n_sorted
                if track:
                    track_step(below, at_most, n_best, win_diff)
                # Inclusion-exclusion: each subset L holds, with its sign.
                for term in range(joint_subsets(chosen, n_ranged, subsets)):
                    s = terms[term]
                    start = subset_start[s]
                    length = subset_length[s]
                    part_below, part_at_most = _count_part(
                        entries, start, length, bound_below, bound_at_most
                    )
                    sign = subset_sign[s]
                    fitting += sign * length
                    below += sign * part_below
                    at_most += sign * part_at_most
                    if track:
                        _track_subset(start, part_below, part_at_most, n_best, entry_diff)
                deals += fitting
                # Three pots by the one showdown rule: L's holdings above the others'
                # best win alone, those level with it tie, those below lose.
                best_mask = np.int64(0)
                for k in range(n_others):
                    p = others[k]
                    value = strength[chosen[k]]
                    categories[p, value >> 12] += fitting
                    best_mask |= np.int64(value == best) << p
                large_bit = np.int64(1) << largest
                for pot in range(3):  # one call site: each inlined copy costs compile time
                    if pot == 0:
                        mask_pot, weight = large_bit, fitting - at_most
                    elif pot == 1:
                        mask_pot, weight = large_bit | best_mask, at_most - below
                    else:
                        mask_pot, weight = best_mask, below
                    add_whole_pot(mask_pot, n_players, weight, counts)
                    if track:
                        track_pot(mask_pot, weight, others, chosen, combo_counts)
                if track:
                    track_fitting(fitting, chosen, combo_deals)
            # L's holdings: each met the joint holdings that share none of its cards.
            if track:
                _list_counts(inputs.needed, subset_start, subset_length, subset_sign, entries,
                             entry_diff, by_place, running)  # fmt: skip
                running[:] = 0
            for pos in range(n_sorted):
                row = sorted_row[pos]
                local = row - first
                fits = n_joint
                for j in range(large_offsets[local], large_offsets[local + 1]):
                    s = large_subsets[j]
                    fits += subset_sign[s] * subset_uses[s]
                categories[largest, strength[row] >> 12] += fits
                if track:
                    combo_deals[row] += fits
                    for k in range(1, n_players + 1):
                        running[k] += win_diff[k, pos]
                        combo_counts[row, 0, k] += running[k] + by_place[pos, k]
                        by_place[pos, k] = 0
            if track:
                win_diff[:, : n_sorted + 1] = 0
            steps += n_joint
        return deals, steps

    omaha_join.__name__ = "omaha_join_combos_kernel" if track else "omaha_join_kernel"
    omaha_join.__qualname__ = omaha_join.__name__
    return jit(omaha_join)


@jit_inline
def _track_subset(start, part_below, part_at_most, n_best, entry_diff):  # pragma: no cover
    """One subset's part of a step, marked over its list (summed with its sign per board)."""
    entry_diff[start + part_at_most, 1] += 1
    entry_diff[start + part_below, n_best + 1] += 1
    entry_diff[start + part_at_most, n_best + 1] -= 1


@jit_inline
def _list_counts(
    needed, subset_start, subset_length, subset_sign, entries, entry_diff, by_place, totals
):  # pragma: no cover - compiled
    """Walk each subset list once: its differences' running sums, signed, go to the places
    of L's order its entries name (``by_place``); the differences are reset on the way.

    List by list, so the large difference array is read in order (per holding, its
    lists' entries are scattered: measured several times slower).
    """
    n_rows = entry_diff.shape[1]
    for s in needed:
        length = subset_length[s]
        if length == 0:
            continue
        start = subset_start[s]
        sign = subset_sign[s]
        totals[:] = 0
        for e in range(start, start + length):
            place = entries[e]
            for k in range(1, n_rows):  # one place's counts side by side: one cache line
                totals[k] += entry_diff[e, k]
                entry_diff[e, k] = 0
                by_place[place, k] += sign * totals[k]
        entry_diff[start + length, :] = 0  # the spare slot


#: The Omaha join, plain.
omaha_join_kernel = _make_omaha_join_kernel(False)
#: The Omaha join with per-combo counters (``combo_counts``, ``combo_deals``).
omaha_join_combos_kernel = _make_omaha_join_kernel(True)
