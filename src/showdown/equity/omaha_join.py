"""Exact Omaha equity by joining ranges on each complete board (see ``_omaha_join_kernels``).

The driver is the hold'em join's (``join.run_join``): blocks of boards per
mix of weights. This module precomputes what the Omaha kernel needs on one
mix's combos (rank multisets, suits, the largest range's card subsets) and
runs one block.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..evaluator import get_tables
from ._omaha_join_kernels import OmahaJoinInputs, omaha_join_combos_kernel, omaha_join_kernel
from .holdings import estimate_joint_holdings
from .plan import BLOCK_SECONDS, CALL_SECONDS, JOIN_STEP, ExactPlan, distinct_weights
from .spot import Spot

#: Single-thread seconds per item of the Omaha join (measured, see ``docs/equity.md``):
#: per board (the counting sort), per row checked and per ``omaha_ranks`` lookup when
#: valuing, per list entry of the largest range (filled, then read for its deals), per
#: joint holding of the others, per subset term counted in one; and before the boards,
#: per card subset of a row (``omaha_join_inputs``, numpy).
OMAHA_JOIN_SECONDS = {
    "prepare": 3.5e-7,
    "board": 4e-5,
    "row": 1e-8,
    "lookup": 1.5e-9,
    "entry": 1e-8,
    "step": 2e-8,
    "term": 4e-9,
}
#: A term's binary search slows down as L's lists outgrow the caches: its cost grows by
#: one base cost per this many list entries per board (measured from 17,000 to 190,000).
TERM_CACHE_ENTRIES = 1e4

#: Per-combo counting, per list entry of L and winner count (its difference arrays summed).
COMBO_ENTRY_SECONDS = 1e-8

#: The plain kernel's per-combo arguments (never read).
_NO_DEALS = np.zeros(1, np.int64)


def _subset_masks(bits: NDArray[np.uint64]) -> tuple[NDArray[np.uint64], NDArray[np.int64]]:
    """Card masks of every non-empty subset of each row's cards ``(rows, 2**H - 1)``,
    and each subset column's sign ``(-1) ** size``."""
    hole = bits.shape[1]
    columns = range(1, 1 << hole)
    masks = np.zeros((bits.shape[0], (1 << hole) - 1), np.uint64)
    signs = np.zeros((1 << hole) - 1, np.int64)
    for column, chosen in enumerate(columns):
        for card in range(hole):
            if chosen >> card & 1:
                masks[:, column] |= bits[:, card]
        signs[column] = -1 if bin(chosen).count("1") % 2 else 1
    return masks, signs


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
    subsets, signs = _subset_masks(bits)
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
    if not job.combos:
        deals, steps = omaha_join_kernel(*arguments, counts, _NO_DEALS)  # stand-ins, unread
        return (counts, categories), deals, steps
    combo_counts = np.zeros((len(inputs.combos), 3, n_players + 1), np.int64)
    combo_deals = np.zeros(len(inputs.combos), np.int64)
    deals, steps = omaha_join_combos_kernel(*arguments, combo_counts, combo_deals)
    return (counts, categories, combo_counts, combo_deals), deals, steps


def join_applies(spot: Spot) -> bool:
    """Whether the Omaha join can run ``spot``: Omaha high, no random hand, some range."""
    return (
        spot.game.mode == 1
        and not spot.game.hilo
        and not spot.all_fixed
        and all(p.hand_range is not None and not p.hand_range.is_random for p in spot.players)
    )


def omaha_join_work(spot: Spot) -> dict[str, float]:
    """What the Omaha join would do on ``spot``: items of :data:`OMAHA_JOIN_SECONDS`.

    Counted from the ranges' sizes (the multisets and the subsets with lists
    are estimated, not listed: planning stays cheap).
    """
    ranges = [p.hand_range for p in spot.players]
    sizes = [len(r) for r in ranges if r is not None]
    hole = spot.game.hole_size
    largest = int(np.argmax(sizes))
    weights = distinct_weights(spot)
    mixes = float(math.prod(weights))
    boards = float(math.comb(int(spot.deck.size), spot.board_missing))
    others = [p for index, p in enumerate(spot.players) if index != largest]
    if len(others) == 1:
        steps = float(sizes[1 - largest])
    else:
        steps = estimate_joint_holdings(Spot(spot.game, others, spot.board, spot.dead, spot.deck))
    steps *= weights[largest]
    ranged = [i for i in range(len(sizes)) if i != largest and not spot.is_fixed(i)]
    # Subset terms per step (each looped hand's subsets; spanning ones when two loop),
    # and the list entries of L (a subset has a list if a looped hand holds it).
    terms = float(len(ranged) * ((1 << hole) - 1))
    if len(ranged) > 1:  # and the walk over spanning subsets, each found by binary search
        terms += 3.0 * math.comb(hole * len(ranged), 2)
    entries = _list_entries([r.combos for r in ranges if r is not None], largest, ranged)
    valued = sum(size * mixes / count for size, count in zip(sizes, weights, strict=True))
    multisets = _multiset_count([r.combos for r in ranges if r is not None]) * mixes
    per_board = OMAHA_JOIN_SECONDS["step"] * steps + OMAHA_JOIN_SECONDS["term"] * steps * terms
    splits = max(1.0, math.ceil(per_board / mixes / BLOCK_SECONDS)) if mixes else 1.0
    return {
        "prepare": sum(sizes) * ((1 << hole) - 1),
        "board": boards * mixes * splits,
        "row": boards * valued * splits,
        "lookup": boards * multisets * math.comb(hole, 2) * 10 * splits,
        "entry": boards * entries * splits * mixes / weights[largest],
        "step": boards * steps,
        "term": boards * steps * terms * (1.0 + entries / TERM_CACHE_ENTRIES),
        "largest": largest,
        "splits": splits,
        "mixes": mixes,
    }


def _list_entries(ranges: list[NDArray[np.uint8]], largest: int, ranged: list[int]) -> int:
    """Entries of L's subset lists on a board: its holdings' subsets some looped hand holds."""
    bits = [np.left_shift(np.uint64(1), combos.astype(np.uint64)) for combos in ranges]
    large = _subset_masks(bits[largest])[0]
    if len(ranged) > 1:
        return int(large.size)
    held = [_subset_masks(bits[p])[0] for p in ranged]
    if not held:
        return 0
    return int(np.isin(large, np.unique(np.concatenate(held).ravel())).sum())


def _multiset_count(ranges: list[NDArray[np.uint8]]) -> int:
    """Distinct rank multisets of the ranges' combos (each is valued once per board)."""
    ranks = np.sort(np.concatenate(ranges).astype(np.int64) >> 2, axis=1)
    return int(np.unique(ranks @ (13 ** np.arange(ranks.shape[1], dtype=np.int64))).size)


def plan_omaha_join(spot: Spot) -> ExactPlan:
    """The Omaha join's plan: its cost from :func:`omaha_join_work` (see ``plan._plan_join``)."""
    work = omaha_join_work(spot)
    kernel = sum(seconds * work[item] for item, seconds in OMAHA_JOIN_SECONDS.items())
    calls = max(work["mixes"] * work["splits"], kernel / BLOCK_SECONDS)
    serial = CALL_SECONDS * calls
    sizes = [len(p.hand_range) for p in spot.players if p.hand_range is not None]
    plan = ExactPlan(
        "join",
        kernel + serial,
        work["row"] + JOIN_STEP * work["step"] * (spot.n_players - 1),  # as the run counts
        estimate_joint_holdings(spot),
        details={
            "largest": int(work["largest"]),
            "kernel_seconds": kernel,
            "serial_seconds": serial,
            "calls": calls,
            # Per-combo counters add a pass over L's lists per board, per winner count.
            "combo_seconds": COMBO_ENTRY_SECONDS * work["entry"] * spot.n_players,
        },
    )
    # Per mix: every row's subsets and the largest range's lists.
    plan.estimated_bytes = work["mixes"] * sum(sizes) * (8.0 * (1 << spot.game.hole_size) + 64.0)
    return plan
