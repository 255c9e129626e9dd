"""The hand store: analyze(store) is analyze(text); hands(store) gives the histories back."""

from __future__ import annotations

import json
import warnings

import pytest

from showdown.history import analyze, hands
from showdown.history.reader import STORE_MANIFEST

from .helpers import DATASET, SHARED, phh

pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

import pandas as pd

from showdown.history.store import read_store, write_store

ALLIN = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc", "d db 2c3c4c", "d db Kh", "d db 9s"]
FOLD = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"]


def _quiet(function, *arguments, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*arguments, **options)


def _same_analysis(left, right) -> None:
    pd.testing.assert_frame_equal(left.hands, right.hands)
    pd.testing.assert_frame_equal(left.players, right.players)
    assert left.counts == right.counts and left.bad == right.bad


@pytest.fixture
def text_hands(tmp_path):
    path = tmp_path / "hands.phhs"
    bad = phh(["p9 f"], [100, 100])
    extra = 'time = 00:00:00\nday = 2009-07-01\nhand = \'R5-1\'\nnote = "with \\"quotes\\""\n'
    path.write_text(
        f"[1]\n{phh(ALLIN, [100, 100], extra=extra)}\n[2]\n{bad}\n[3]\n{phh(FOLD, [100, 100])}"
    )
    return path


def test_analysis_of_the_store_is_the_analysis_of_the_text(tmp_path, text_hands):
    counts = _quiet(write_store, text_hands, tmp_path / "store")
    text, stored = _quiet(analyze, text_hands), analyze(tmp_path / "store")
    _same_analysis(text, stored)
    assert counts == text.counts and counts["hands_skipped"] == 1
    assert stored.bad[0].hand == 2 and "p9" in stored.bad[0].reason
    for name in ("P1", "P2"):
        _same_analysis(_quiet(analyze, text_hands, name), analyze(tmp_path / "store", name))


def test_histories_come_back_exactly(tmp_path, text_hands):
    _quiet(write_store, text_hands, tmp_path / "store")
    original = _quiet(lambda: list(hands(text_hands)))
    again = list(hands(tmp_path / "store"))
    assert again == original
    assert [h.extra for h in again] == [h.extra for h in original]
    assert [h.source for h in again] == [h.source for h in original]
    assert [[type(v) for v in h.starting_stacks] for h in again] == [
        [type(v) for v in h.starting_stacks] for h in original
    ]


def test_stores_and_text_mix_in_order(tmp_path, text_hands):
    _quiet(write_store, text_hands, tmp_path / "store")
    mixed = _quiet(analyze, [tmp_path / "store", text_hands])
    assert mixed.counts["hands_analysed"] == 4 and mixed.counts["files"] == 2
    assert list(mixed.hands["hand"].drop_duplicates()) == [1, 2, 3, 4]
    doubled = _quiet(analyze, [text_hands, text_hands])
    pd.testing.assert_frame_equal(
        mixed.hands.drop(columns="source"), doubled.hands.drop(columns="source")
    )


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is not present")
def test_dataset_sample_store_is_the_same_analysis(tmp_path):
    _quiet(write_store, DATASET, tmp_path / "store")
    _same_analysis(_quiet(analyze, DATASET), analyze(tmp_path / "store"))
    assert list(hands(tmp_path / "store")) == _quiet(lambda: list(hands(DATASET)))
    # The action table: one row per action, split into actor, verb and argument.
    import pyarrow.parquet as pq

    actions = pq.read_table(tmp_path / "store" / "actions.parquet").to_pandas()
    assert len(actions) == sum(len(h.actions) for h in hands(tmp_path / "store"))
    raises = actions[actions["verb"] == "cbr"]
    assert (raises["actor"].str.match(r"p\d+$")).all() and raises["argument"].notna().all()
    deals = actions[actions["actor"] == "d"]
    assert set(deals["verb"]) <= {"dh", "db"}


@pytest.mark.skipif(not (SHARED / "phh-sample").is_dir(), reason="the PHH sample is not present")
def test_every_variant_of_the_phh_sample_comes_back(tmp_path):
    _quiet(write_store, SHARED / "phh-sample", tmp_path / "store")
    assert list(hands(tmp_path / "store")) == _quiet(lambda: list(hands(SHARED / "phh-sample")))


def test_output_directory_rules(tmp_path, text_hands):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="not empty and is not a hand store"):
        write_store(text_hands, tmp_path / "full")
    assert (tmp_path / "full" / "notes.txt").read_text() == "mine"
    _quiet(write_store, text_hands, tmp_path / "store")
    with pytest.raises(ValueError, match="already there"):
        write_store(text_hands, tmp_path / "store")
    _quiet(write_store, text_hands, tmp_path / "store", overwrite=True)
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="not a directory"):
        write_store(text_hands, tmp_path / "file")


def test_a_store_of_another_version_is_refused(tmp_path, text_hands):
    _quiet(write_store, text_hands, tmp_path / "store")
    manifest = tmp_path / "store" / STORE_MANIFEST
    data = json.loads(manifest.read_text())
    manifest.write_text(json.dumps(dict(data, version=0)))
    with pytest.raises(ValueError, match=r"version 0.*write it again"):
        read_store(tmp_path / "store")
    manifest.write_text("{not json")
    with pytest.raises(ValueError, match="cannot read the hand store's manifest"):
        analyze(tmp_path / "store")


def test_player_statistics_of_stores_read_only_their_columns(tmp_path, text_hands, monkeypatch):
    """analyze(store) sums the players up from the columns they are made of; the whole
    per-hand frame is read only when asked for, and is then the text's frame."""
    from showdown.history import _store_reading as store_module  # what analyze reads with
    from showdown.history.stats import PLAYER_INPUTS

    _quiet(write_store, text_hands, tmp_path / "one")
    _quiet(write_store, [text_hands, text_hands], tmp_path / "two")
    whole_reads: list[str] = []
    read_whole = store_module.read_store

    def counted(path):
        whole_reads.append(str(path))
        return read_whole(path)

    monkeypatch.setattr(store_module, "read_store", counted)
    stores = [tmp_path / "one", tmp_path / "two"]
    for player in (None, "P2"):
        stored = analyze(stores, player)
        assert whole_reads == []
        text = _quiet(analyze, [text_hands, text_hands, text_hands], player)
        pd.testing.assert_frame_equal(stored.players, text.players, check_exact=True)
        assert stored.counts == text.counts and stored.bad == text.bad
        pd.testing.assert_frame_equal(
            stored.hands.drop(columns="source"), text.hands.drop(columns="source")
        )
        assert len(whole_reads) == 2
        whole_reads.clear()
    # The arrays are the whole frame's columns, row for row.
    frame, _, _ = read_whole(tmp_path / "two")
    names, codes, columns, adjusted, counts, bad = store_module.read_store_players(tmp_path / "two")
    assert list(names[codes]) == list(frame["player"])
    assert list(adjusted) == list(frame["all_in"] == "adjusted")
    assert set(columns) == set(PLAYER_INPUTS) - {"player", "all_in"}
    for name, values in columns.items():
        assert values.tolist() == frame[name].tolist()
    assert counts["hands_analysed"] == 4 and len(bad) == 2
    with pytest.raises(ValueError, match="'P7' is in none of the hands"):
        analyze(stores, "P7")
