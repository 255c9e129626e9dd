"""Numba kernels that build the evaluator's tables (run once, then cached)."""

from __future__ import annotations

import numpy as np

from .._jit import jit


@jit
def place_rows(
    keys: np.ndarray, row_shift: int
) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover
    """Perfect hash by row displacement.

    Keys are split into a row (high bits) and a column (low bits); each row gets
    an offset so that ``column + offset[row]`` is distinct for every key. Rows
    are placed fullest first at the smallest free offset (first fit), which
    packs ~74k keys into ~180k slots. Returns ``(offsets, slot_of_each_key)``.
    """
    column_mask = (1 << row_shift) - 1
    n_rows = (keys.max() >> row_shift) + 1
    counts = np.zeros(n_rows, np.int64)
    for key in keys:
        counts[key >> row_shift] += 1
    starts = np.zeros(n_rows + 1, np.int64)
    for row in range(n_rows):
        starts[row + 1] = starts[row] + counts[row]
    fill = starts[:-1].copy()
    columns = np.zeros(keys.size, np.int64)
    for key in keys:
        row = key >> row_shift
        columns[fill[row]] = key & column_mask
        fill[row] += 1
    # Fullest rows first; ties by row number so the result is deterministic.
    order = np.argsort(-counts * (n_rows + 1) + np.arange(n_rows), kind="mergesort")
    used = np.zeros((1 << row_shift) + keys.size * 8, np.bool_)
    offsets = np.zeros(n_rows, np.int32)
    for position in range(n_rows):
        row = order[position]
        if counts[row] == 0:
            break
        offset = 0
        while True:
            free = True
            for item in range(starts[row], starts[row + 1]):
                if used[columns[item] + offset]:
                    free = False
                    break
            if free:
                break
            offset += 1
        for item in range(starts[row], starts[row + 1]):
            used[columns[item] + offset] = True
        offsets[row] = offset
    slots = np.empty(keys.size, np.int64)
    for index in range(keys.size):
        key = keys[index]
        slots[index] = (key & column_mask) + offsets[key >> row_shift]
    return offsets, slots


@jit
def search_rank_keys(max_cards: int, limit: int) -> np.ndarray:  # pragma: no cover
    """Greedy search for 13 rank keys whose multiset sums are all distinct.

    Rank ``r`` gets the smallest key above rank ``r-1``'s such that every
    multiset of at most ``max_cards`` cards (each rank at most 4 times) still
    has a distinct sum. Slow (about two minutes); the result is stored as a
    constant in ``tables.py`` and a slow test re-derives it.
    """
    keys = np.zeros(13, np.int64)
    capacity = 200_000
    sums = np.zeros(capacity, np.int64)
    sizes = np.zeros(capacity, np.int64)
    n_sets = 1  # the empty multiset, sum 0
    used = np.zeros(limit, np.uint8)
    pending = np.zeros(limit, np.uint8)
    used[0] = 1
    for rank in range(13):
        candidate = 1 if rank == 0 else keys[rank - 1] + 1
        while True:
            ok = True
            for index in range(n_sets):
                for count in range(1, 5):
                    if sizes[index] + count > max_cards:
                        break
                    value = sums[index] + count * candidate
                    if value >= limit or used[value] or pending[value]:
                        ok = False
                        break
                    pending[value] = 1
                if not ok:
                    break
            for index in range(n_sets):
                for count in range(1, 5):
                    if sizes[index] + count > max_cards:
                        break
                    value = sums[index] + count * candidate
                    if value < limit:
                        pending[value] = 0
            if ok:
                break
            candidate += 1
        keys[rank] = candidate
        grown = n_sets
        for index in range(n_sets):
            for count in range(1, 5):
                if sizes[index] + count > max_cards:
                    break
                value = sums[index] + count * candidate
                used[value] = 1
                sums[grown] = value
                sizes[grown] = sizes[index] + count
                grown += 1
        n_sets = grown
    return keys
