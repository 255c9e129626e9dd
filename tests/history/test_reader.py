"""Reading hands: .phh and .phhs files, directories, globs, bad hands reported and counted."""

from __future__ import annotations

import warnings

import pytest

from showdown.history import BadHandError, BadHandWarning, ReadReport, hands

from .helpers import DATASET, phh

FOLD = phh(["d dh p1 ????", "d dh p2 ????", "p2 f"], [100, 100])


def test_phhs_hands_come_one_by_one_with_their_number(tmp_path):
    (tmp_path / "a.phhs").write_text(f"[1]\n{FOLD}\n[2]\n{FOLD}\n[3]\n{FOLD}")
    (tmp_path / "b.phh").write_text(FOLD)
    report = ReadReport()
    sources = [h.source for h in hands(tmp_path, report=report)]
    assert [s.rsplit("/", 1)[-1] for s in sources] == [
        "a.phhs [1]",
        "a.phhs [2]",
        "a.phhs [3]",
        "b.phh",
    ]
    assert (report.files, report.hands, report.skipped) == (2, 4, 0)


def test_a_bad_hand_is_reported_with_file_number_and_field_then_skipped(tmp_path):
    bad = FOLD.replace("starting_stacks = [100, 100]", "starting_stacks = [100, 100, 5]")
    path = tmp_path / "x.phhs"
    path.write_text(f"[1]\n{FOLD}\n[2]\n{bad}\n[3]\n{FOLD}")
    report = ReadReport()
    with pytest.warns(BadHandWarning, match=r"x\.phhs \[2\]: field 'players'"):
        read = list(hands(path, report=report))
    assert len(read) == 2 and report.skipped == 1
    assert (report.bad[0].file, report.bad[0].hand) == (str(path), 2)
    with pytest.raises(BadHandError, match=r"x\.phhs \[2\]: field 'players'"):
        list(hands(path, strict=True))


def test_generator_reads_lazily(tmp_path):
    (tmp_path / "a.phhs").write_text(f"[1]\n{FOLD}\n[2]\nnot toml [[[")
    iterator = hands(tmp_path / "a.phhs", strict=True)
    assert next(iterator).variant == "NT"  # the bad second hand is not read yet
    with pytest.raises(BadHandError, match=r"\[2\]: not valid TOML"):
        next(iterator)


def test_globs_and_missing_paths(tmp_path):
    (tmp_path / "one.phh").write_text(FOLD)
    (tmp_path / "two.phh").write_text(FOLD)
    assert len(list(hands(str(tmp_path / "*.phh")))) == 2
    with pytest.raises(ValueError, match=r"nowhere\.phh: no such file"):
        list(hands(tmp_path / "nowhere.phh"))
    with pytest.raises(ValueError, match="matches no file"):
        list(hands(str(tmp_path / "*.phhs")))


def test_unknown_stacks_and_dead_blinds_are_read(tmp_path):
    text = FOLD.replace("[100, 100]", "[inf, inf]").replace("[1, 2]", "[-1, 2]")
    (tmp_path / "q.phh").write_text(text)
    report = ReadReport()
    (history,) = hands(tmp_path / "q.phh", report=report)
    assert history.extra["stacks_unknown"] and history.extra["dead_blinds"]
    assert list(history.blinds_or_straddles) == [0, 2] and list(history.antes) == [1, 0]
    assert min(history.starting_stacks) > 100
    assert report.conventions == {"stacks_unknown": 1, "dead_blinds": 1}


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is not present")
def test_every_hand_of_the_dataset_sample_loads():
    manifest = (DATASET / "MANIFEST.tsv").read_text().splitlines()
    expected = sum(int(line.split("\t")[5]) for line in manifest[2:] if line.strip())
    report = ReadReport()
    with warnings.catch_warnings():
        warnings.simplefilter("error", BadHandWarning)
        count = sum(1 for _ in hands(DATASET, report=report))
    assert count == expected == report.hands and report.skipped == 0
