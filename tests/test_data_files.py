"""Shipped data files: each is recorded with its SHA-256 and never used when damaged.

Every file under ``showdown/*/data/`` is damaged on a copy (truncated, one
byte flipped, rows reordered, emptied, deleted, re-encoded) and each reader is
pointed at the copy: the evaluator tables warn and come from elsewhere, the
heads-up preflop table warns and is not used, the preflop order raises an
error naming the file. No damaged file gives a traceback or a wrong answer.
"""

from __future__ import annotations

import fnmatch
import hashlib
import io
import re
import shutil
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from showdown import _data_files
from showdown._data_files import DATA_SHA256, PACKAGE_ROOT, DataFileError, read_data_file
from showdown.cards import Range
from showdown.cards import omaha56_order as order56
from showdown.cards import preflop_order as order_module
from showdown.equity.exact import preflop_table
from showdown.evaluator import tables as tables_module

REPOSITORY = Path(__file__).resolve().parent.parent
ORDER = "cards/data/preflop_order.csv"
HEADSUP = "equity/data/preflop_headsup.npz"
TABLES = "evaluator/data/tables-v2.npz"


def shipped_files() -> list[str]:
    """Every file in a ``data`` folder of the package, relative to it."""
    return sorted(
        path.relative_to(PACKAGE_ROOT).as_posix()
        for path in PACKAGE_ROOT.rglob("*")
        if path.is_file() and path.parent.name == "data" and "__pycache__" not in path.parts
    )


def test_every_shipped_data_file_is_recorded_and_matches() -> None:
    assert shipped_files() == sorted(DATA_SHA256)
    for name, expected in DATA_SHA256.items():
        data = read_data_file(name)
        # An independent hash of the installed bytes.
        assert hashlib.sha256((PACKAGE_ROOT / name).read_bytes()).hexdigest() == expected
        assert len(data) > 0


def test_every_recorded_file_is_package_data() -> None:
    """pyproject's package-data globs ship each recorded file (and so the check is not moot)."""
    text = (REPOSITORY / "pyproject.toml").read_text("utf-8")
    section = text.split("[tool.setuptools.package-data]", 1)[1]
    patterns = re.findall(r'"([^"]+)"', re.search(r"showdown\s*=\s*\[([^\]]*)\]", section)[1])
    for name in DATA_SHA256:
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


def test_the_readers_use_the_recorded_hashes() -> None:
    assert DATA_SHA256[HEADSUP] == preflop_table.TABLE_SHA256
    assert preflop_table.TABLE_PATH == PACKAGE_ROOT / HEADSUP
    assert tables_module.PACKAGED_TABLES == PACKAGE_ROOT / TABLES
    assert order_module.PREFLOP_ORDER_PATH == PACKAGE_ROOT / ORDER


def test_an_unrecorded_name_is_refused() -> None:
    with pytest.raises(ValueError, match=r"'cards/data/other\.csv' is not a shipped data file"):
        read_data_file("cards/data/other.csv")


# ------------------------------------------------------------------ damages
def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _flip_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 3] ^= 0x01
    path.write_bytes(bytes(data))


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _delete(path: Path) -> None:
    path.unlink()


def _reorder_rows(path: Path) -> None:
    """Same content, other order: CSV lines swapped, or npz arrays re-saved in reverse."""
    if path.suffix == ".csv":
        header, *rows = path.read_text("utf-8").splitlines(keepends=True)
        rows[0], rows[-1] = rows[-1], rows[0]
        path.write_text(header + "".join(rows), "utf-8")
        return
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in reversed(stored.files)}
    if "rows" in arrays:  # the heads-up table: swap two of its rows too
        arrays["rows"] = arrays["rows"][[1, 0, *range(2, len(arrays["rows"]))]]
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    path.write_bytes(buffer.getvalue())


def _windows_line_ends(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data.replace(b"\n", b"\r\n") if path.suffix == ".csv" else data + b"\r\n")


DAMAGES: dict[str, Callable[[Path], None]] = {
    "truncated": _truncate,
    "byte flipped": _flip_byte,
    "rows reordered": _reorder_rows,
    "emptied": _empty,
    "deleted": _delete,
    "line ends": _windows_line_ends,
}


@pytest.fixture
def damaged_copy(tmp_path: Path) -> Callable[[str, str], Path]:
    """A copy of a shipped file with one damage applied (``"none"``: intact)."""

    def make(name: str, damage: str) -> Path:
        copy = tmp_path / "showdown" / name
        copy.parent.mkdir(parents=True)
        shutil.copyfile(PACKAGE_ROOT / name, copy)
        if damage != "none":
            DAMAGES[damage](copy)
        return copy

    return make


@pytest.mark.parametrize("damage", sorted(DAMAGES))
@pytest.mark.parametrize("name", sorted(DATA_SHA256))
def test_a_damaged_copy_is_refused_naming_the_file(name: str, damage: str, damaged_copy) -> None:
    copy = damaged_copy(name, damage)
    reason = "cannot be read" if damage == "deleted" else "does not match its recorded hash"
    with pytest.raises(DataFileError, match=reason) as raised:
        read_data_file(name, copy)
    assert str(raised.value).startswith(f"{copy}: ") and name in str(raised.value)


@pytest.mark.parametrize("name", sorted(DATA_SHA256))
def test_an_intact_copy_is_accepted(name: str, damaged_copy) -> None:
    assert read_data_file(name, damaged_copy(name, "none")) == (PACKAGE_ROOT / name).read_bytes()


# ------------------------------------------------------------------ the preflop order
@pytest.fixture
def order_read_from(monkeypatch) -> Iterator[Callable[[Path], None]]:
    def point(path: Path) -> None:
        monkeypatch.setattr(order_module, "PREFLOP_ORDER_PATH", path)
        order_module._exact_equities.cache_clear()
        order_module.preflop_order.cache_clear()

    yield point
    order_module._exact_equities.cache_clear()
    order_module.preflop_order.cache_clear()


def _swap_counters(path: Path, first: str, second: str) -> None:
    """A plausible edit: two classes' counters traded, the file still well formed."""
    lines = path.read_text("utf-8").splitlines()
    by_class = {line.split(",", 1)[0]: index for index, line in enumerate(lines)}
    a, b = by_class[first], by_class[second]
    head_a, tail_a = lines[a].split(",", 2)[:2], lines[a].split(",", 2)[2]
    head_b, tail_b = lines[b].split(",", 2)[:2], lines[b].split(",", 2)[2]
    lines[a] = ",".join([*head_a, tail_b])
    lines[b] = ",".join([*head_b, tail_a])
    path.write_text("\n".join(lines) + "\n", "utf-8")


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_range_top_refuses_a_damaged_order(damage: str, damaged_copy, order_read_from) -> None:
    copy = damaged_copy(ORDER, damage)
    order_read_from(copy)
    with pytest.raises(DataFileError, match=re.escape(str(copy))):
        Range.top(0.01)
    with pytest.raises(DataFileError, match=re.escape(str(copy))):
        order_module.preflop_equity()


def test_range_top_is_never_silently_wrong(damaged_copy, order_read_from) -> None:
    # KK's counters given to 32o: read without the hash check, the top 1 % was "AA, 32o".
    copy = damaged_copy(ORDER, "none")
    _swap_counters(copy, "KK", "32o")
    order_read_from(copy)
    with pytest.raises(DataFileError, match="does not match its recorded hash"):
        Range.top(0.01)
    order_read_from(PACKAGE_ROOT / ORDER)
    assert str(Range.top(0.01)) == "KK+"


# ------------------------------------------------------------------ five- and six-card Omaha
@pytest.fixture
def big_order_read_from(monkeypatch) -> Iterator[Callable[[int, Path], None]]:
    def point(size: int, path: Path) -> None:
        monkeypatch.setitem(order56.ORDER_PATHS, size, path)
        order56._codes.cache_clear()
        order56.class_order.cache_clear()

    yield point
    order56._codes.cache_clear()
    order56.class_order.cache_clear()


def test_the_big_omaha_readers_use_the_recorded_files() -> None:
    for size, name in order56.ORDER_FILES.items():
        assert order56.ORDER_PATHS[size] == PACKAGE_ROOT / "cards" / name
        assert "cards/" + name in DATA_SHA256


@pytest.mark.parametrize("damage", ["truncated", "rows reordered", "deleted"])
def test_percent_ranges_refuse_a_damaged_big_omaha_order(
    damage: str, damaged_copy, big_order_read_from
) -> None:
    copy = damaged_copy("cards/" + order56.ORDER_FILES[5], damage)
    big_order_read_from(5, copy)
    with pytest.raises(DataFileError, match=re.escape(str(copy))):
        Range("1%", game="omaha5")
    with pytest.raises(DataFileError, match=re.escape(str(copy))):
        Range.top(0.01, game="omaha5-hilo")


def test_a_big_omaha_order_with_swapped_codes_is_refused(damaged_copy, big_order_read_from) -> None:
    # The best and the worst class trade codes: a well-formed file with a wrong order.
    name = "cards/" + order56.ORDER_FILES[5]
    copy = damaged_copy(name, "none")
    with np.load(copy) as stored:
        arrays = {key: stored[key].copy() for key in stored.files}
    order = order56.class_order("omaha5")
    best, worst = order[0], order[-1]
    arrays["high"][[best, worst]] = arrays["high"][[worst, best]]
    np.savez_compressed(copy, **arrays)
    big_order_read_from(5, copy)
    with pytest.raises(DataFileError, match="does not match its recorded hash"):
        Range("1%", game="omaha5")


# ------------------------------------------------------------------ the heads-up table
@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_headsup_table_is_not_used(damage: str, damaged_copy, monkeypatch) -> None:
    copy = damaged_copy(HEADSUP, damage)
    monkeypatch.setattr(preflop_table, "TABLE_PATH", copy)
    preflop_table.load_table.cache_clear()
    try:
        with pytest.warns(RuntimeWarning, match=re.escape(str(copy))):
            assert preflop_table.load_table() is None
    finally:
        preflop_table.load_table.cache_clear()


# ------------------------------------------------------------------ the evaluator tables
@pytest.fixture
def tables_read_from(tmp_path, monkeypatch) -> Iterator[tuple[Callable[[Path], None], list[int]]]:
    """Point the loader at a file; a rebuild returns the verified installed tables, counted."""
    import showdown.evaluator.build as build_module

    verified = tables_module.read_tables_file(PACKAGE_ROOT / TABLES)
    builds: list[int] = []

    def counted_build() -> tables_module.Tables:
        builds.append(1)
        return verified

    def point(path: Path) -> None:
        monkeypatch.setattr(tables_module, "PACKAGED_TABLES", path)

    monkeypatch.setattr(build_module, "build_tables", counted_build)
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path / "cache"))
    tables_module.clear_table_cache()
    yield point, builds
    tables_module.clear_table_cache()


def test_tables_with_the_same_content_in_other_bytes_are_refused(
    damaged_copy, tables_read_from
) -> None:
    """The file hash is checked too: re-saved tables pass the content digest, yet are refused."""
    copy = damaged_copy(TABLES, "rows reordered")
    assert tables_module.table_digest(tables_module.read_tables_file(copy)) == (
        tables_module.TABLES_SHA256
    )
    point, builds = tables_read_from
    point(copy)
    with pytest.warns(tables_module.TableFileWarning, match="does not match its recorded hash"):
        tables_module.get_tables()
    assert builds == [1]


def test_tables_without_a_record_are_not_trusted(
    damaged_copy, tables_read_from, monkeypatch
) -> None:
    point, builds = tables_read_from
    point(damaged_copy(TABLES, "none"))
    monkeypatch.delitem(DATA_SHA256, TABLES)
    with pytest.warns(tables_module.TableFileWarning, match="has no recorded hash"):
        tables_module.get_tables()
    assert builds == [1]


def test_intact_tables_load_without_a_warning(damaged_copy, tables_read_from) -> None:
    point, builds = tables_read_from
    point(damaged_copy(TABLES, "none"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tables_module.get_tables()
    assert builds == []


def test_the_record_is_the_one_module_holding_hashes() -> None:
    """No other source file spells out a recorded hash (one source of truth)."""
    for path in PACKAGE_ROOT.rglob("*.py"):
        if path == Path(_data_files.__file__).resolve():
            continue
        text = path.read_text("utf-8")
        for digest in DATA_SHA256.values():
            assert digest not in text, path
