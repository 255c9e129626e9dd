"""Lookup tables of the evaluator: their layout, and loading them verified.

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

The tables are built by :func:`showdown.evaluator.build.build_tables` and
shipped with the package (``data/tables-v2.npz``). :func:`get_tables` reads
that file and trusts it only if the file's SHA-256 is the one recorded for
every shipped data file (:mod:`showdown._data_files`), every field has the
expected dtype and shape and the SHA-256 of the content equals
:data:`TABLES_SHA256` (which also checks rebuilt copies); otherwise it
warns once (:class:`TableFileWarning`, naming the file and the fault),
uses a verified copy in the cache folder (``SHOWDOWN_CACHE_DIR``, else
``$XDG_CACHE_HOME/showdown``, else ``~/.cache/showdown``) or rebuilds the
tables in memory and saves a copy there. Kernels index these arrays without
bounds checks, so unverified contents are never used. See ``docs/evaluator.md``.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
import threading
import warnings
from pathlib import Path
from typing import NamedTuple

import numpy as np

from .._data_files import DATA_SHA256, data_path, sha256_fault
from .categories import N_LOWS, is_high_strength, low_strengths

__all__ = [
    "KEY_START",
    "N_LOWS",
    "PACKAGED_TABLES",
    "RANK_KEYS",
    "TABLES_SHA256",
    "TableFileWarning",
    "Tables",
    "cache_directory",
    "check_tables",
    "clear_table_cache",
    "get_tables",
    "low_strengths",
    "read_tables_file",
    "table_digest",
    "write_tables_file",
]

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

#: SHA-256 of the tables' content (:func:`table_digest`); a test rebuilds the
#: tables and checks both this value and the shipped file.
TABLES_SHA256 = "0213c83c217f00822c2b742fa26508d08b3c4ab28cffcadb290c29e71c92a8d5"

#: The tables' name among the shipped data files (whose SHA-256 is recorded in one place).
PACKAGED_TABLES_FILE = f"evaluator/data/tables-v{TABLES_VERSION}.npz"
#: The tables shipped inside the package.
PACKAGED_TABLES = data_path(PACKAGED_TABLES_FILE)


class TableFileWarning(UserWarning):
    """A tables file was missing or damaged and was not used (the tables are still correct)."""


def table_digest(tables: Tables) -> str:
    """SHA-256 over each field's name, dtype, shape and bytes, in field order.

    Examples
    --------
    >>> table_digest(get_tables()) == TABLES_SHA256
    True
    """
    digest = hashlib.sha256()
    for name in Tables._fields:
        array = np.ascontiguousarray(getattr(tables, name))
        digest.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


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


def read_tables_file(path: Path | str, *, shipped: bool = False) -> Tables:
    """Read a tables file and verify it; ``ValueError`` says what is wrong.

    The file must be an ``.npz`` with exactly the fields of :class:`Tables`,
    each of the expected dtype and shape, whose :func:`table_digest` equals
    :data:`TABLES_SHA256`. Pickled objects are never loaded. With
    ``shipped`` (the file claims to be the packaged one), its bytes must
    first hash to the SHA-256 recorded for it among the shipped data files;
    a rebuilt copy has other bytes (zip timestamps), so only the content
    digest checks it.
    """
    try:
        # Read the bytes first: np.load leaks its file handle when a zip is damaged.
        data = Path(path).read_bytes()
    except OSError as error:
        raise ValueError(f"cannot be read ({type(error).__name__}: {error})") from error
    fault = sha256_fault(data, DATA_SHA256.get(PACKAGED_TABLES_FILE)) if shipped else None
    if fault is not None:
        raise ValueError(fault)
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as stored:
            names = set(stored.files)
            if names != set(Tables._fields):
                missing = sorted(set(Tables._fields) - names)
                extra = sorted(names - set(Tables._fields))
                raise ValueError(f"wrong fields (missing {missing}, unexpected {extra})")
            arrays = {name: stored[name] for name in Tables._fields}
    except ValueError as error:
        if str(error).startswith("wrong fields"):
            raise
        raise ValueError(f"cannot be read ({type(error).__name__}: {error})") from error
    except Exception as error:  # BadZipFile, EOFError, OSError, zlib.error, ...
        raise ValueError(f"cannot be read ({type(error).__name__}: {error})") from error
    tables = Tables(**arrays)
    for name, (dtype, shape) in TABLE_LAYOUT.items():
        array = arrays[name]
        if array.dtype.str != dtype or array.shape != shape:
            raise ValueError(
                f"field {name} has dtype {array.dtype.str} and shape {array.shape}, "
                f"expected {dtype} and {shape}"
            )
    digest = table_digest(tables)
    if digest != TABLES_SHA256:
        raise ValueError(
            f"content hash {digest[:16]}... differs from the expected {TABLES_SHA256[:16]}..."
        )
    check_tables(tables)
    for array in tables:
        array.setflags(write=False)
    return tables


def write_tables_file(tables: Tables, path: Path | str) -> None:
    """Write ``tables`` to ``path`` atomically (a reader never sees half a file)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".npz", delete=False) as handle:
        try:
            np.savez_compressed(handle, **tables._asdict())
        except BaseException:
            os.unlink(handle.name)
            raise
    os.chmod(handle.name, 0o644)  # temporary files start private; the tables are not
    os.replace(handle.name, target)


def cache_directory() -> Path:
    """Folder for a verified copy of rebuilt tables (used only if the package's is damaged)."""
    configured = os.environ.get("SHOWDOWN_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "showdown"


def cache_file() -> Path:
    """Where a rebuilt copy is saved; the name carries the hash, so stale copies are ignored."""
    return cache_directory() / f"tables-v{TABLES_VERSION}-{TABLES_SHA256[:16]}.npz"


_LOCK = threading.Lock()
_LOADED: list[Tables] = []


def clear_table_cache() -> None:
    """Forget the loaded tables so the next :func:`get_tables` reads the files again."""
    with _LOCK:
        _LOADED.clear()


def get_tables() -> Tables:
    """The evaluator tables, verified; loaded once per process.

    Never raises for a bad file: a missing or damaged package file gives one
    :class:`TableFileWarning` and the tables come from a verified cached copy
    or are rebuilt (a few seconds).

    Examples
    --------
    >>> tables = get_tables()
    >>> tables.flush.shape, tables.flush.flags.writeable
    ((8192,), False)
    """
    if _LOADED:
        return _LOADED[0]
    with _LOCK:
        if not _LOADED:
            _LOADED.append(_load())
        return _LOADED[0]


def _load() -> Tables:
    try:
        return read_tables_file(PACKAGED_TABLES, shipped=True)
    except ValueError as error:
        packaged_fault = f"showdown: the packaged lookup tables {PACKAGED_TABLES} {error}"
    cached = cache_file()
    if cached.exists():
        try:
            tables = read_tables_file(cached)
        except ValueError as error:
            cached_fault = f"; the cached copy {cached} {error} and was rebuilt"
        else:
            _warn(f"{packaged_fault}; using the verified copy {cached}")
            return tables
    else:
        cached_fault = ""
    from .build import build_tables

    tables = build_tables()
    try:
        write_tables_file(tables, cached)
        saved = f"; rebuilt them and saved a verified copy to {cached}"
    except OSError as error:
        saved = (
            f"; rebuilt them in memory (could not save a copy to {cached}: {error}), "
            "so every process rebuilds them (a few seconds) until the package is reinstalled "
            "or SHOWDOWN_CACHE_DIR names a writable folder"
        )
    _warn(packaged_fault + cached_fault + saved)
    return tables


def _warn(message: str) -> None:
    # stacklevel 4 points at the caller of get_tables (the public function).
    warnings.warn(message, TableFileWarning, stacklevel=4)
