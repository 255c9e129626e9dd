"""The evaluator tables' layout: key constants, fields, and the checks kernels rely on.

What the tables are (see :mod:`.tables` for the keys and how they are used)
and the rules that make every kernel lookup land inside its array. Both the
builder (:mod:`.build`) and the loader (:mod:`.tables`) stand on this module.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .categories import N_LOWS, is_high_strength

__all__ = [
    "FLUSH_CHECK",
    "KEY_START",
    "RANK_KEYS",
    "RANK_SUM_MASK",
    "ROW_SHIFT_7",
    "SUIT_SHIFT",
    "TABLE_LAYOUT",
    "Tables",
    "check_tables",
]

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


class Tables(NamedTuple):
    """All evaluator tables; every array is read-only.

    Kernels take this tuple as one argument named ``tables`` and read fields
    by name (``tables.values7``); numba types and caches it like any tuple.
    """

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


#: dtype and shape of every field, in field order.
TABLE_LAYOUT: dict[str, tuple[str, tuple[int, ...]]] = {
    "card_key": ("<u8", (52,)),
    "card_bit": ("<u8", (52,)),
    "offsets7": ("<i4", (8982,)),
    "values7": ("<u2", (180511,)),
    "flush": ("<u2", (8192,)),
    "low_bit": ("|u1", (52,)),
    "low8": ("|u1", (256,)),
    "omaha_low8": ("|u1", (65536,)),
    "omaha_pair_index": ("<i4", (169,)),
    "omaha_triple_index": ("<i4", (2197,)),
    "omaha_ranks": ("<u2", (91 * 455,)),
}


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def check_tables(tables: Tables, *, rank_sums: np.ndarray | None = None) -> None:
    """Check layouts and ranges so no kernel lookup can leave its array.

    ``rank_sums`` (the key of every 5..7-card rank multiset, known while
    building) adds the exact check that each maps to a filled slot.

    Raises ``ValueError`` naming the first field that breaks a rule: a wrong
    dtype or shape, a strength that no hand has, a low above 56, a hash
    offset or Omaha index that points outside its table, a card constant that
    differs from its definition.
    """
    for name, (dtype, shape) in TABLE_LAYOUT.items():
        array = getattr(tables, name)
        _require(
            isinstance(array, np.ndarray) and array.dtype.str == dtype and array.shape == shape,
            f"table {name}: expected dtype {dtype} and shape {shape}, got "
            f"{getattr(array, 'dtype', type(array).__name__)} {getattr(array, 'shape', '')}",
        )
    codes = np.arange(52, dtype=np.uint64)
    suits, rank_of = codes & np.uint64(3), codes >> np.uint64(2)
    one = np.uint64(1)
    expected_key = RANK_KEYS[rank_of] + (one << (np.uint64(SUIT_SHIFT) + np.uint64(4) * suits))
    _require(np.array_equal(tables.card_key, expected_key), "table card_key: wrong card keys")
    expected_bit = one << (np.uint64(16) * suits + rank_of)
    _require(np.array_equal(tables.card_bit, expected_bit), "table card_bit: wrong card bits")
    ranks = np.arange(52) >> 2
    expected_low = np.where(ranks == 12, 1, np.where(ranks <= 6, 1 << (ranks + 1), 0))
    _require(np.array_equal(tables.low_bit, expected_low), "table low_bit: wrong low bits")
    for name in ("values7", "flush", "omaha_ranks"):
        values = getattr(tables, name)
        used = values[values != 0]
        _require(
            bool(np.all(is_high_strength(used))), f"table {name}: holds a strength no hand has"
        )
    for name in ("low8", "omaha_low8"):
        _require(int(getattr(tables, name).max()) <= N_LOWS, f"table {name}: low above {N_LOWS}")
    offsets = tables.offsets7.astype(np.int64)
    _require(
        int(offsets.min()) >= 0 and int(offsets.max()) < tables.values7.size,
        "table offsets7: an offset points outside values7",
    )
    if rank_sums is not None:
        # Every real rank sum must land inside values7 on a filled slot.
        sums = np.asarray(rank_sums, dtype=np.int64)
        rows = sums >> ROW_SHIFT_7
        _require(int(rows.max()) < offsets.size, "table offsets7: too few rows")
        slots = (sums & ((1 << ROW_SHIFT_7) - 1)) + offsets[rows]
        _require(
            int(slots.max()) < tables.values7.size and bool(np.all(tables.values7[slots] != 0)),
            "table offsets7: a rank sum maps outside values7 or to an empty slot",
        )
    pair_index, triple_index = tables.omaha_pair_index, tables.omaha_triple_index
    _require(
        int(pair_index.min()) >= 0
        and int(triple_index.min()) >= 0
        and int(pair_index.max()) + int(triple_index.max()) < tables.omaha_ranks.size,
        "table omaha_pair_index/omaha_triple_index: an index points outside omaha_ranks",
    )
