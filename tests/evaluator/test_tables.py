"""Tables: shipped as verified package data, rebuilt identically, never trusted when damaged."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
import textwrap
import warnings
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from reference.naive_evaluator import best_high, cards_from_text, category_of
from showdown.evaluator import tables as tables_module
from showdown.evaluator.build import build_tables
from showdown.evaluator.categories import CATEGORY_SIZES, class_strengths, rank_multisets


@pytest.fixture(scope="module")
def rebuilt() -> tables_module.Tables:
    """One fresh build per module: building costs a few seconds."""
    return build_tables()


@pytest.mark.needs_jit
def test_rebuild_matches_the_packaged_file(rebuilt) -> None:
    shipped = tables_module.read_tables_file(tables_module.PACKAGED_TABLES)
    for name in tables_module.Tables._fields:
        np.testing.assert_array_equal(getattr(shipped, name), getattr(rebuilt, name), err_msg=name)
    assert tables_module.table_digest(rebuilt) == tables_module.TABLES_SHA256


def test_category_sizes_match_the_classes() -> None:
    counts = [0] * 9
    for strength in class_strengths().values():
        counts[(strength >> 12) - 1] += 1
    assert tuple(counts) == CATEGORY_SIZES


@pytest.mark.needs_jit
def test_digest_covers_dtype_shape_and_bytes(rebuilt) -> None:
    digest = tables_module.table_digest(rebuilt)
    as_int64 = rebuilt._replace(flush=rebuilt.flush.astype(np.int64))
    assert tables_module.table_digest(as_int64) != digest
    reshaped = rebuilt._replace(flush=rebuilt.flush.reshape(64, 128))
    assert tables_module.table_digest(reshaped) != digest
    changed = rebuilt.flush.copy()
    changed[-1] ^= 1
    assert tables_module.table_digest(rebuilt._replace(flush=changed)) != digest


# ------------------------------------------------------------------ damaged files
def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _flip_bit(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 3] ^= 0x10
    path.write_bytes(bytes(data))


def _zero_length(path: Path) -> None:
    path.write_bytes(b"")


def _rewrite(path: Path, **changes: np.ndarray) -> None:
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in stored.files}
    arrays.update(changes)
    path.unlink()
    np.savez(path, **arrays)


def _royal_flush_4096(path: Path) -> None:
    with np.load(path) as stored:
        flush = stored["flush"].copy()
    flush[0b1111100000000] = 4096  # a valid strength, a wrong answer
    _rewrite(path, flush=flush)


def _wrong_shape(path: Path) -> None:
    with np.load(path) as stored:
        values = stored["values7"][:1000].copy()
    _rewrite(path, values7=values)


def _wrong_dtype(path: Path) -> None:
    with np.load(path) as stored:
        flush = stored["flush"].astype(np.int64)
    _rewrite(path, flush=flush)


def _missing_field(path: Path) -> None:
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in stored.files if name != "omaha_ranks"}
    path.unlink()
    np.savez(path, **arrays)


def _pickled_object(path: Path) -> None:
    with np.load(path) as stored:
        arrays = {name: stored[name] for name in stored.files}
    arrays["flush"] = np.array([{"not": "a table"}], dtype=object)
    path.unlink()
    np.savez(path, **arrays)


def _not_a_zip(path: Path) -> None:
    path.write_bytes(b"not a zip at all")


def _deleted(path: Path) -> None:
    path.unlink()


DAMAGES: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (_truncate, "cannot be read"),
    "bit flipped": (_flip_bit, "cannot be read|content hash"),
    "zero length": (_zero_length, "cannot be read"),
    "royal flush 4096": (_royal_flush_4096, "content hash"),
    "wrong shape": (_wrong_shape, "shape"),
    "wrong dtype": (_wrong_dtype, "dtype"),
    "missing field": (_missing_field, "wrong fields"),
    "pickled object": (_pickled_object, "cannot be read"),
    "not a zip": (_not_a_zip, "cannot be read"),
    "missing file": (_deleted, "cannot be read"),
}


@pytest.fixture
def damaged_install(tmp_path, monkeypatch, rebuilt) -> Iterator[tuple[Path, list[int]]]:
    """A copy of the packaged file the loader reads instead; builds reuse ``rebuilt``."""
    copy = tmp_path / "package" / tables_module.PACKAGED_TABLES.name
    copy.parent.mkdir()
    shutil.copyfile(tables_module.PACKAGED_TABLES, copy)
    builds: list[int] = []

    def counted_build() -> tables_module.Tables:
        builds.append(1)
        return rebuilt

    import showdown.evaluator.build as build_module

    monkeypatch.setattr(build_module, "build_tables", counted_build)
    monkeypatch.setattr(tables_module, "PACKAGED_TABLES", copy)
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path / "cache"))
    tables_module.clear_table_cache()
    yield copy, builds
    tables_module.clear_table_cache()


@pytest.mark.needs_jit
@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_file_is_refused_with_a_reason(damage, damaged_install) -> None:
    path, _ = damaged_install
    apply, reason = DAMAGES[damage]
    apply(path)
    with pytest.raises(ValueError, match=reason):
        tables_module.read_tables_file(path)


@pytest.mark.needs_jit
@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_package_file_is_rebuilt_with_one_warning(damage, damaged_install) -> None:
    from showdown import describe, evaluate, evaluate_omaha

    path, builds = damaged_install
    DAMAGES[damage][0](path)
    with pytest.warns(tables_module.TableFileWarning, match=str(path.name)) as caught:
        tables = tables_module.get_tables()
        assert tables_module.get_tables() is tables
    assert sum(w.category is tables_module.TableFileWarning for w in caught) == 1
    assert builds == [1]
    assert tables_module.table_digest(tables) == tables_module.TABLES_SHA256
    assert describe(evaluate("AsKsQsJsTs")) == "Straight Flush, Ace high (Royal Flush)"
    for hand in ("AsKsQsJsTs", "2c3d4h5s7c", "AcAdAhKsKd"):
        assert int(evaluate(hand)) >> 12 == category_of(best_high(cards_from_text(hand))) + 1
    assert (
        describe(evaluate_omaha("AsAhKdQc", "Ad7c2h9s3d")) == "Three of a Kind, Aces, 9-7 kickers"
    )
    # The verified copy is saved and used by the next load (still one warning: the package is bad).
    tables_module.clear_table_cache()
    with pytest.warns(tables_module.TableFileWarning, match="using the verified copy"):
        tables_module.get_tables()
    assert builds == [1]


@pytest.mark.needs_jit
def test_damaged_cache_copy_is_rebuilt_too(damaged_install) -> None:
    path, builds = damaged_install
    _truncate(path)
    cached = tables_module.cache_file()
    cached.parent.mkdir(parents=True)
    shutil.copyfile(path, cached)  # damaged as well
    with pytest.warns(tables_module.TableFileWarning, match="the cached copy .* cannot be read"):
        tables_module.get_tables()
    assert builds == [1]
    assert tables_module.read_tables_file(cached) is not None


@pytest.mark.needs_jit
def test_good_package_file_gives_no_warning(damaged_install) -> None:
    _, builds = damaged_install
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tables_module.get_tables()
    assert builds == []


@pytest.mark.needs_jit
def test_read_only_cache_says_so_once_per_process(tmp_path) -> None:
    """End to end in a fresh process: damaged package, unwritable cache, real rebuild."""
    package = tmp_path / "tables.npz"
    shutil.copyfile(tables_module.PACKAGED_TABLES, package)
    _flip_bit(package)
    blocker = tmp_path / "a-file"
    blocker.write_text("the cache folder cannot be created below a file")
    script = textwrap.dedent(
        f"""
        import warnings
        from pathlib import Path
        from showdown.evaluator import tables
        tables.PACKAGED_TABLES = Path({str(package)!r})
        import showdown
        print(showdown.describe(showdown.evaluate("AsKsQsJsTs")))
        print(int(showdown.evaluate_low8("As2d3c4h5s")), int(showdown.evaluate("2c3d4h5s7c")))
        showdown.evaluate("AsKsQsJs9s")
        """
    )
    environment = {"SHOWDOWN_CACHE_DIR": str(blocker / "cache"), "PYTHONWARNINGS": "always"}
    completed = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, **environment},
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines() == [
        "Straight Flush, Ace high (Royal Flush)",
        "56 4096",
    ]
    assert completed.stderr.count("TableFileWarning") == 1, completed.stderr
    assert "could not save a copy" in completed.stderr
    assert str(package) in completed.stderr


def test_zip_of_the_packaged_file_has_only_the_table_fields() -> None:
    with zipfile.ZipFile(tables_module.PACKAGED_TABLES) as archive:
        names = sorted(name.removesuffix(".npy") for name in archive.namelist())
    assert names == sorted(tables_module.Tables._fields)


# ------------------------------------------------------------------ range checks
@pytest.mark.needs_jit
@pytest.mark.parametrize(
    ("field", "change", "message"),
    [
        ("values7", lambda a: _set(a, 5, 10 << 12), "strength no hand has"),
        ("flush", lambda a: _set(a, 31, 5373), "strength no hand has"),
        ("omaha_ranks", lambda a: _set(a, 3, 11052), "strength no hand has"),
        ("low8", lambda a: _set(a, 0, 57), "low above 56"),
        ("offsets7", lambda a: _set(a, 0, 10**6), "outside values7"),
        ("omaha_triple_index", lambda a: _set(a, 0, 10**6), "outside omaha_ranks"),
        ("card_key", lambda a: _set(a, 0, 7), "card_key"),
        ("card_bit", lambda a: _set(a, 0, 7), "card_bit"),
        ("low_bit", lambda a: _set(a, 0, 7), "low_bit"),
        ("values7", lambda a: a[:-1], "shape"),
    ],
)
def test_range_checks(rebuilt, field, change, message) -> None:
    broken = rebuilt._replace(**{field: change(getattr(rebuilt, field))})
    with pytest.raises(ValueError, match=message):
        tables_module.check_tables(broken)


@pytest.mark.needs_jit
def test_rank_sum_check_catches_a_bad_offset(rebuilt) -> None:
    keys = np.array(rank_multisets(5, 7), dtype=np.int64) @ tables_module.RANK_KEYS.astype(np.int64)
    tables_module.check_tables(rebuilt, rank_sums=keys)
    offsets = rebuilt.offsets7.copy()
    offsets[keys[0] >> tables_module.ROW_SHIFT_7] += 1
    with pytest.raises(ValueError, match=r"empty slot|outside"):
        tables_module.check_tables(rebuilt._replace(offsets7=offsets), rank_sums=keys)


def _set(array: np.ndarray, index: int, value: int) -> np.ndarray:
    changed = array.copy()
    changed[index] = value
    return changed


# ------------------------------------------------------------------ constants
def test_rank_keys_give_distinct_sums_up_to_seven_cards() -> None:
    multisets = np.array(rank_multisets(0, 7), dtype=np.int64)
    sums = multisets @ tables_module.RANK_KEYS.astype(np.int64)
    assert np.unique(sums).size == len(sums)
    # Sums stay below bit 32, where the suit counters start.
    assert sums.max() < 1 << tables_module.SUIT_SHIFT


def test_tables_are_read_only() -> None:
    tables = tables_module.get_tables()
    for array in tables:
        with pytest.raises(ValueError):
            array[0] = 1


def test_every_card_key_counts_one_suit() -> None:
    tables = tables_module.get_tables()
    for code in range(52):
        suit_part = int(tables.card_key[code]) >> tables_module.SUIT_SHIFT
        assert suit_part == 1 << (4 * (code % 4))
    for a, b in itertools.combinations(range(52), 2):
        assert tables.card_bit[a] != tables.card_bit[b]


@pytest.mark.slow
def test_rank_key_search_rederives_the_constants() -> None:
    from showdown.evaluator._build_kernels import search_rank_keys

    keys = search_rank_keys(7, 1 << 26)
    assert keys.tolist() == tables_module.RANK_KEYS.astype(np.int64).tolist()
