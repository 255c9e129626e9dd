"""Tables are deterministic: a fresh build equals the cached copy; the rank keys are sound."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from showdown.evaluator import tables as tables_module
from showdown.evaluator.categories import rank_multisets


def test_rebuild_matches_cache(tmp_path, monkeypatch) -> None:
    cached = tables_module.get_tables()
    rebuilt = tables_module.build_tables()
    for name, array in cached._asdict().items():
        np.testing.assert_array_equal(array, getattr(rebuilt, name), err_msg=name)
    # A cache written to a fresh folder reads back identical.
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    tables_module.get_tables.cache_clear()
    try:
        written = tables_module.get_tables()
        assert (tmp_path / f"tables-v{tables_module.TABLES_VERSION}.npz").exists()
        tables_module.get_tables.cache_clear()
        again = tables_module.get_tables()
        for name in written._fields:
            np.testing.assert_array_equal(getattr(written, name), getattr(again, name))
    finally:
        monkeypatch.undo()
        tables_module.get_tables.cache_clear()


def test_corrupt_cache_is_rebuilt(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path))
    (tmp_path / f"tables-v{tables_module.TABLES_VERSION}.npz").write_bytes(b"not a zip")
    tables_module.get_tables.cache_clear()
    try:
        tables = tables_module.get_tables()
        assert tables.flush.shape == (8192,)
    finally:
        monkeypatch.undo()
        tables_module.get_tables.cache_clear()


def test_rank_keys_give_distinct_sums_up_to_seven_cards() -> None:
    multisets = np.array(rank_multisets(0, 7), dtype=np.int64)
    sums = multisets @ tables_module.RANK_KEYS.astype(np.int64)
    assert np.unique(sums).size == len(sums)
    # Sums stay below bit 32, where the suit counters start.
    assert sums.max() < 1 << tables_module.SUIT_SHIFT


def test_tables_are_read_only() -> None:
    tables = tables_module.get_tables()
    with pytest.raises(ValueError):
        tables.flush[0] = 1


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
