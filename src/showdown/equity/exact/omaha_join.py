"""Exact Omaha equity by joining ranges on each complete board (see ``_omaha_join_kernels``).

The driver is the hold'em join's (``join.run_join``): blocks of boards per
mix of weights. This module precomputes what the Omaha kernel needs on one
mix's combos (rank multisets, suits, the largest range's card subsets) and
runs one block.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ...evaluator import get_tables
from . import omaha_join_cost
from ._omaha_join_hilo_kernels import omaha_join_hilo_kernel
from ._omaha_join_kernels import OmahaJoinInputs, omaha_join_combos_kernel, omaha_join_kernel

#: The plain kernel's per-combo arguments (never read).
_NO_DEALS = np.zeros(1, np.int64)


def omaha_join_inputs(
    ranges: list[NDArray[np.uint8]], largest: int, looped: list[bool]
) -> OmahaJoinInputs:
    """The kernel's inputs for one mix: ``ranges`` each player's combos, ``largest`` the
    player counted, ``looped`` the players whose cards are taken off ``largest``'s holdings
    (not ``largest``, not a known hand: the spot removed those cards already).

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> hands = [parse_cards("AsAhKsKh").reshape(1, 4), parse_cards("AdAc2c3c").reshape(1, 4)]
    >>> inputs = omaha_join_inputs(hands, 1, [True, False])
    >>> inputs.row_subsets[0].tolist().count(-1)  # As, Ah... no subset is in the other hand
    15
    """
    combos = np.ascontiguousarray(np.concatenate(ranges), np.uint8)
    starts = np.cumsum([0] + [len(r) for r in ranges]).astype(np.int64)
    hole = combos.shape[1]
    cards = combos.astype(np.int64)
    bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
    row_mask = np.bitwise_or.reduce(bits, axis=1)
    # Rank multisets, one code each (base 13 of the sorted ranks).
    ranks = np.sort(cards >> 2, axis=1)
    codes = ranks @ (13 ** np.arange(hole, dtype=np.int64))
    _, first_rows, row_multiset = np.unique(codes, return_index=True, return_inverse=True)
    multisets = ranks[first_rows]
    low, high = np.triu_indices(hole, 1)
    pair_index = get_tables().omaha_pair_index.astype(np.int64)
    multiset_pairs = np.ascontiguousarray(pair_index[multisets[:, low] * 13 + multisets[:, high]])
    row_suits = np.zeros((len(combos), 4), np.int64)
    for suit in range(4):
        held = np.where((cards & 3) == suit, np.left_shift(1, cards >> 2), 0)
        row_suits[:, suit] = np.bitwise_or.reduce(held, axis=1)
    # The largest range's card subsets, each with a list per board.
    subsets, signs = omaha_join_cost.subset_masks(bits)
    large = subsets[starts[largest] : starts[largest + 1]]
    subset_masks, inverse = np.unique(large, return_inverse=True)
    every_subset = inverse.reshape(large.shape)
    subset_sign = np.zeros(subset_masks.size, np.int64)
    subset_sign[every_subset] = signs[np.newaxis, :]
    found = np.searchsorted(subset_masks, subsets)
    clipped = np.minimum(found, max(subset_masks.size - 1, 0))
    present = (found < subset_masks.size) & (subset_masks[clipped] == subsets)
    row_subsets = np.where(present, found, -1).astype(np.int64)
    # Only subsets a looped holding holds are ever counted (with two looped ranges, any
    # union of their subsets may be: then all), so only those get lists.
    needed = np.ones(subset_masks.size, bool)
    ranged = [p for p in range(len(ranges)) if looped[p]]
    if len(ranged) < 2:
        needed[:] = False
        for p in ranged:
            own = row_subsets[starts[p] : starts[p + 1]]
            needed[own[own >= 0]] = True
    kept = needed[every_subset]
    large_offsets = np.concatenate([[0], np.cumsum(kept.sum(axis=1))]).astype(np.int64)
    large_subsets = np.ascontiguousarray(every_subset[kept], np.int64)
    capacity = np.bincount(large_subsets, minlength=subset_masks.size)
    subset_start = np.concatenate([[0], np.cumsum(capacity + 1)]).astype(np.int64)
    return OmahaJoinInputs(
        combos,
        starts,
        row_mask,
        row_multiset.astype(np.int64).reshape(-1),
        multiset_pairs,
        row_suits,
        np.array(looped, np.int64),
        subset_masks,
        subset_sign,
        subset_start,
        large_offsets,
        large_subsets,
        np.flatnonzero(needed).astype(np.int64),
        np.ascontiguousarray(row_subsets),
    )


class OmahaJoinJob(NamedTuple):
    """What every block of an Omaha join run shares (tables are looked up where it runs)."""

    boards: NDArray[np.uint8]
    inputs: list[OmahaJoinInputs]  # per mix of weights
    largest: int
    split_player: int  # the looped player whose rows a long board is split over
    size: int  # boards per block
    combos: bool
    hilo: bool = False  # split pots (per-combo counters are not counted then)


def omaha_join_block(
    job: OmahaJoinJob, item: tuple[int, int, int, int]
) -> tuple[tuple[NDArray[Any], ...], int, int]:
    """Counters of one mix of weights on boards ``start ..`` (a pure task, as ``join_block``).

    ``item`` is ``(mix, start, low, high)``: ``job.split_player``'s rows
    ``low .. high - 1`` only.
    """
    mix, start, low, high = item
    inputs = job.inputs[mix]
    n_players = inputs.starts.size - 1
    counts = np.zeros((n_players, 3, n_players + 1), np.int64)
    categories = np.zeros((n_players, 10), np.int64)
    arguments = (
        job.boards,
        start,
        min(start + job.size, len(job.boards)),
        inputs,
        job.largest,
        job.split_player,
        low,
        high,
        get_tables(),
        counts,
        categories,
    )
    if job.hilo:
        scoop = np.zeros(n_players, np.int64)
        share_any = np.zeros(n_players, np.int64)
        sum_squares = np.zeros(n_players)
        deals, steps = omaha_join_hilo_kernel(*arguments, scoop, share_any, sum_squares)
        return (counts, categories, scoop, share_any, sum_squares), deals, steps
    if not job.combos:
        deals, steps = omaha_join_kernel(*arguments, counts, _NO_DEALS)  # stand-ins, unread
        return (counts, categories), deals, steps
    combo_counts = np.zeros((len(inputs.combos), 3, n_players + 1), np.int64)
    combo_deals = np.zeros(len(inputs.combos), np.int64)
    deals, steps = omaha_join_combos_kernel(*arguments, combo_counts, combo_deals)
    return (counts, categories, combo_counts, combo_deals), deals, steps
