"""The Omaha join's cost model: what it will do on a spot, and seconds per item.

``plan`` turns these into the join's plan (``plan._plan_omaha_join``);
``omaha_join`` shares :func:`subset_masks` (how card subsets are indexed).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from ..spot import Spot
from .holdings import estimate_joint_holdings

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

#: The hi-lo join's kernel time over the high join's on the same spot (each list is also
#: kept in low order and each step counts a 3 x 3 table: measured 2.7-4x, heads-up spots).
HILO_FACTOR = 3.5

#: Per-combo counting, per list entry of L and winner count (its difference arrays summed).
COMBO_ENTRY_SECONDS = 1e-8


def subset_masks(bits: NDArray[np.uint64]) -> tuple[NDArray[np.uint64], NDArray[np.int64]]:
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


def join_refusal(spot: Spot) -> str | None:
    """Why the Omaha join cannot run ``spot`` (``None``: it can).

    It runs Omaha and Omaha hi-lo spots with some range and no random hand.
    """
    if not spot.game.omaha:
        return "the Omaha join runs Omaha games only"
    if spot.all_fixed:
        return "the Omaha join needs a range (every hand is known)"
    if any(p.hand_range is None or p.hand_range.is_random for p in spot.players):
        return "the Omaha join cannot count a random hand"
    return None


def omaha_join_work(
    spot: Spot, weights: list[int], block_seconds: float, largest: int | None = None
) -> dict[str, float]:
    """What the Omaha join would do on ``spot``: items of :data:`OMAHA_JOIN_SECONDS`.

    ``weights``: each player's distinct weights (the join runs once per mix);
    ``block_seconds``: the longest kernel call (a longer board is split);
    ``largest``: the range counted rather than looped (default: the largest).
    Counted from the ranges (their rank multisets and the subsets with lists:
    numpy, a few milliseconds for ranges of 10,000 combos).
    """
    ranges = [p.hand_range for p in spot.players]
    sizes = [len(r) for r in ranges if r is not None]
    hole = spot.game.hole_size
    if largest is None:
        largest = int(np.argmax(sizes))
    mixes = float(math.prod(weights))
    boards = float(math.comb(int(spot.deck.size), spot.board_missing))
    others = [p for index, p in enumerate(spot.players) if index != largest]
    if len(others) == 1:
        steps = float(sizes[1 - largest])
    elif all(spot.is_fixed(p) for p in range(len(sizes)) if p != largest):
        steps = 1.0
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
    splits = max(1.0, math.ceil(per_board / mixes / block_seconds)) if mixes else 1.0
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
        "factor": HILO_FACTOR if spot.game.hilo else 1.0,
    }


def _list_entries(ranges: list[NDArray[np.uint8]], largest: int, ranged: list[int]) -> int:
    """Entries of L's subset lists on a board: its holdings' subsets some looped hand holds."""
    bits = [np.left_shift(np.uint64(1), combos.astype(np.uint64)) for combos in ranges]
    large = subset_masks(bits[largest])[0]
    if len(ranged) > 1:
        return int(large.size)
    held = [subset_masks(bits[p])[0] for p in ranged]
    if not held:
        return 0
    return int(np.isin(large, np.unique(np.concatenate(held).ravel())).sum())


def _multiset_count(ranges: list[NDArray[np.uint8]]) -> int:
    """Distinct rank multisets of the ranges' combos (each is valued once per board)."""
    ranks = np.sort(np.concatenate(ranges).astype(np.int64) >> 2, axis=1)
    return int(np.unique(ranks @ (13 ** np.arange(ranks.shape[1], dtype=np.int64))).size)


def join_seconds(work: dict[str, float]) -> float:
    """Single-thread seconds of the kernels for :func:`omaha_join_work`'s items."""
    high = sum(seconds * work[item] for item, seconds in OMAHA_JOIN_SECONDS.items())
    return high * work.get("factor", 1.0)
