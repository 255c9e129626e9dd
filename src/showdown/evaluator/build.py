"""Build the evaluator's lookup tables from first principles.

The package ships the result (``data/tables-v*.npz``, see :mod:`.tables`); this
code runs only when that file is missing or damaged, and in the test that
rebuilds the tables and compares them with the shipped file byte for byte.
Building takes a few seconds of CPU, most of it in Python loops over the 7,462
hand classes and the numba kernel that places the perfect hash.
"""

from __future__ import annotations

import itertools

import numpy as np

from .categories import (
    HandClass,
    class_of_counts,
    class_of_flush,
    class_strengths,
    low_strengths,
    rank_multisets,
)
from .table_layout import RANK_KEYS, ROW_SHIFT_7, SUIT_SHIFT, Tables, check_tables


def build_tables() -> Tables:
    """Build every table (deterministic), check it and return it read-only.

    Raises
    ------
    ValueError
        If a built table breaks one of :func:`~.table_layout.check_tables`'s range
        rules (a bug in this code, never in the input).
    """
    from ._build_kernels import place_rows

    strengths = class_strengths()
    rank_keys = RANK_KEYS.astype(np.int64)

    card_key = np.zeros(52, np.uint64)
    card_bit = np.zeros(52, np.uint64)
    low_bit = np.zeros(52, np.uint8)
    for code in range(52):
        rank, suit = divmod(code, 4)
        card_key[code] = RANK_KEYS[rank] + np.uint64(1 << (SUIT_SHIFT + 4 * suit))
        card_bit[code] = np.uint64(1 << (16 * suit + rank))
        if rank == 12:
            low_bit[code] = 1
        elif rank <= 6:
            low_bit[code] = 1 << (rank + 1)

    multisets = rank_multisets(5, 7)
    keys = np.array(multisets, dtype=np.int64) @ rank_keys
    offsets, slots = place_rows(keys, ROW_SHIFT_7)
    values = np.zeros(int(slots.max()) + 1, np.uint16)
    for counts, slot in zip(multisets, slots.tolist(), strict=True):
        values[slot] = strengths[class_of_counts(counts)]

    flush = np.zeros(8192, np.uint16)
    for mask in range(8192):
        if 5 <= mask.bit_count() <= 7:
            flush[mask] = strengths[class_of_flush(mask)]

    lows = low_strengths()
    low8 = np.zeros(256, np.uint8)
    for mask in range(256):
        ranks = [bit for bit in range(8) if mask >> bit & 1]
        if len(ranks) >= 5:
            low8[mask] = lows[tuple(sorted(ranks[:5], reverse=True))]

    tables = Tables(
        card_key,
        card_bit,
        offsets.astype(np.int32),
        values,
        flush,
        low_bit,
        low8,
        _build_omaha_low(lows),
        *_build_omaha_ranks(strengths),
    )
    for array in tables:
        array.setflags(write=False)
    check_tables(tables, rank_sums=keys)
    return tables


def _build_omaha_low(lows: dict[tuple[int, ...], int]) -> np.ndarray:
    """Best low using exactly two ranks of the hole mask and three of the board mask."""
    table = np.zeros((256, 256), np.uint8)
    every_mask = np.arange(256)
    for hole_ranks in itertools.combinations(range(8), 2):
        hole_mask = sum(1 << rank for rank in hole_ranks)
        hole_supersets = every_mask[every_mask & hole_mask == hole_mask]
        for board_ranks in itertools.combinations(range(8), 3):
            if set(board_ranks) & set(hole_ranks):
                continue
            board_mask = sum(1 << rank for rank in board_ranks)
            board_supersets = every_mask[every_mask & board_mask == board_mask]
            strength = lows[tuple(sorted(hole_ranks + board_ranks, reverse=True))]
            block = np.ix_(hole_supersets, board_supersets)
            table[block] = np.maximum(table[block], strength)
    return table.reshape(-1)


def _build_omaha_ranks(strengths: dict[HandClass, int]) -> tuple[np.ndarray, ...]:
    """Non-flush strength of every (hole rank pair, board rank triple), ignoring suits."""
    pairs = list(itertools.combinations_with_replacement(range(13), 2))
    triples = list(itertools.combinations_with_replacement(range(13), 3))
    pair_index = np.zeros(169, np.int32)
    triple_index = np.zeros(2197, np.int32)
    for index, (first, second) in enumerate(pairs):
        pair_index[first * 13 + second] = pair_index[second * 13 + first] = index * len(triples)
    for index, triple in enumerate(triples):
        for first, second, third in itertools.permutations(triple):
            triple_index[first * 169 + second * 13 + third] = index
    ranks = np.zeros(len(pairs) * len(triples), np.uint16)
    for pair_number, pair in enumerate(pairs):
        for triple_number, triple in enumerate(triples):
            counts = [0] * 13
            for rank in pair + triple:
                counts[rank] += 1
            if max(counts) <= 4:  # five of a rank cannot be dealt
                ranks[pair_number * len(triples) + triple_number] = strengths[
                    class_of_counts(counts)
                ]
    return pair_index, triple_index, ranks
