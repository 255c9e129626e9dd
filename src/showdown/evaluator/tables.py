"""Lookup tables of the evaluator: built by code here, deterministic, cached.

High hands use an additive key. Each card contributes ``RANK_KEYS[rank]``
(13 constants whose sums over any multiset of at most seven cards are
distinct) plus one in a 4-bit suit counter above bit 32. The counters start
at 3, so a suit reaching five cards sets that nibble's top bit: one ``and``
spots a flush. Non-flush hands look their rank sum up through a perfect hash
(row displacement); flushes look up the 13-bit rank mask of the flush suit,
kept in a second 64-bit word (16 bits per suit) built by ``or``-ing per-card
bits. Omaha high skips hashing altogether: ignoring suits, a hand
is a hole rank pair plus a board rank triple, so a 91 x 455 table answers
each of its combinations with one load.

Lows need only the ace-to-eight rank mask: a 256-entry table for any 5 of n
cards and a 65,536-entry table indexed by (hole mask, board mask) for
Omaha's exactly-two-plus-three rule.

Tables take about two seconds to build; they are written to the cache folder
(``SHOWDOWN_CACHE_DIR``, else ``$XDG_CACHE_HOME/showdown``, else
``~/.cache/showdown``) and read back in milliseconds. A test rebuilds them and
compares with the cache.
"""

from __future__ import annotations

import itertools
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from .categories import (
    HandClass,
    class_of_counts,
    class_of_flush,
    class_strengths,
    rank_multisets,
)

TABLES_VERSION = 2

#: Derived by ``_build_kernels.search_rank_keys(7, 1 << 26)``; a slow test re-derives them.
RANK_KEYS = np.array(
    [1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520],
    dtype=np.uint64,
)
SUIT_SHIFT = 32
#: Suit counters start at 3 so that a fifth card of a suit sets bit 3 of its nibble.
KEY_START = np.uint64(0x3333 << SUIT_SHIFT)
FLUSH_CHECK = np.uint64(0x8888 << SUIT_SHIFT)
RANK_SUM_MASK = np.uint64((1 << SUIT_SHIFT) - 1)
#: Row shift of the perfect hash: 8,982 rows of offsets, 180,511 slots (measured best trade-off).
ROW_SHIFT_7 = 11

#: Low ranks: ace is bit 0, deuce bit 1 ... eight bit 7; nines and up never play low.
N_LOWS = 56


class Tables(NamedTuple):
    """All evaluator tables; every array is read-only."""

    card_key: np.ndarray  # uint64[52]: rank key + suit counter increment
    card_bit: np.ndarray  # uint64[52]: 1 << (16 * suit + rank)
    offsets7: np.ndarray  # int32 row offsets, 5..7-card rank sums
    values7: np.ndarray  # uint16 strengths, 5..7-card rank sums
    flush: np.ndarray  # uint16[8192]: strength of a flush suit's rank mask
    low_bit: np.ndarray  # uint8[52]: the card's ace-to-eight bit, 0 for 9..K
    low8: np.ndarray  # uint8[256]: best 8-or-better low of a rank mask, 0 = none
    omaha_low8: np.ndarray  # uint8[65536]: [hole_mask << 8 | board_mask]
    omaha_pair_index: np.ndarray  # int32[169]: rank pair (13*r1+r2) -> row start in omaha_ranks
    omaha_triple_index: np.ndarray  # int32[2197]: rank triple (169*r1+13*r2+r3) -> column
    omaha_ranks: np.ndarray  # uint16[91*455]: non-flush strength of a hole pair + board triple


def low_strengths() -> dict[tuple[int, ...], int]:
    """Strength 1..56 of each 8-or-better low (ranks as low bits 0..7, ace = 0).

    Lows compare by their highest card, then the next: 8-7-6-5-4 is 1, the wheel 56.
    """
    lows = [tuple(sorted(ranks, reverse=True)) for ranks in itertools.combinations(range(8), 5)]
    lows.sort(reverse=True)  # worst (highest cards) first
    return {low: index + 1 for index, low in enumerate(lows)}


def build_tables() -> Tables:
    """Build every table from first principles (about two seconds)."""
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

    omaha_low8 = _build_omaha_low(lows)
    tables = Tables(
        card_key,
        card_bit,
        offsets.astype(np.int32),
        values,
        flush,
        low_bit,
        low8,
        omaha_low8,
        *_build_omaha_ranks(strengths),
    )
    for array in tables:
        array.setflags(write=False)
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


def cache_directory() -> Path:
    """Folder where built tables are cached."""
    configured = os.environ.get("SHOWDOWN_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "showdown"


def _cache_file() -> Path:
    return cache_directory() / f"tables-v{TABLES_VERSION}.npz"


@lru_cache(maxsize=1)
def get_tables() -> Tables:
    """The evaluator tables: from the cache when present, else built and cached."""
    path = _cache_file()
    try:
        with np.load(path) as stored:
            tables = Tables(*(stored[name] for name in Tables._fields))
        for array in tables:
            array.setflags(write=False)
        return tables
    except (OSError, KeyError, ValueError):
        pass
    tables = build_tables()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename so a concurrent reader never sees half a file.
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as handle:
            np.savez(handle, **tables._asdict())
        os.replace(handle.name, path)
    except OSError:
        pass  # read-only home: keep the tables in memory only
    return tables
