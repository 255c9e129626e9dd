"""Lookup tables of the evaluator: their keys, and loading them verified.

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

The fields and the range rules every table obeys are in :mod:`.table_layout`.
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

import numpy as np

from .._data_files import DATA_SHA256, cache_directory, data_path, sha256_fault
from .categories import N_LOWS, low_strengths
from .table_layout import (
    KEY_START,
    RANK_KEYS,
    ROW_SHIFT_7,
    SUIT_SHIFT,
    TABLE_LAYOUT,
    Tables,
    check_tables,
)

__all__ = [
    "KEY_START",
    "N_LOWS",
    "PACKAGED_TABLES",
    "RANK_KEYS",
    "ROW_SHIFT_7",
    "SUIT_SHIFT",
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
