"""``analyze(paths, client=...)``: one task per file on a Dask cluster, the local result.

The cluster here is in-process (``LocalCluster(processes=False)``, two workers of
one thread): the tasks run the same code the local path runs, so what is
checked is the split by file and the putting together (hand numbers, counts,
bad hands, categories, a hand store among the files, strict mode).
"""

from __future__ import annotations

import logging
import warnings

import pytest

from showdown.history import BadHandError, BadHandWarning, analyze

from .helpers import DATASET, phh

pytest.importorskip("pandas")

import pandas as pd

distributed = pytest.importorskip("distributed")

ALLIN = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc", "d db 2c3c4c", "d db Kh", "d db 9s"]
FOLD = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"]


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0",
        silence_logs=logging.CRITICAL,
    ) as cluster, distributed.Client(cluster, set_as_default=False) as connected:  # fmt: skip
        yield connected


@pytest.fixture
def folder(tmp_path):
    """Three files: good hands, a bad hand between good ones, an all-in."""
    (tmp_path / "a.phhs").write_text(f"[1]\n{phh(FOLD, [100, 100])}\n[2]\n{phh(ALLIN, [100, 100])}")
    bad = phh(["p9 f"], [100, 100])
    (tmp_path / "b.phhs").write_text(f"[1]\n{phh(FOLD, [50, 80])}\n[2]\n{bad}\n[3]\n"
                                     f"{phh(ALLIN, [100, 100], players=['Cy', 'P1'])}")  # fmt: skip
    (tmp_path / "c.phh").write_text(phh(ALLIN, [100, 200], players=["P2", "Cy"]))
    return tmp_path


def _same(left, right) -> None:
    pd.testing.assert_frame_equal(left.hands, right.hands)
    pd.testing.assert_frame_equal(left.players, right.players)
    assert left.counts == right.counts and left.bad == right.bad


def _warned(function, *arguments, **options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = function(*arguments, **options)
    return result, sorted(str(w.message) for w in caught if w.category is BadHandWarning)


def test_the_cluster_result_is_the_local_result(client, folder):
    (local, local_warnings), (remote, remote_warnings) = (
        _warned(analyze, folder), _warned(analyze, folder, client=client),
    )  # fmt: skip
    _same(local, remote)
    assert local.counts["files"] == 3 and local.counts["hands_skipped"] == 1
    assert local.counts["adjusted"] == 3
    # Hands numbered across files, as one run reads them: 1..5 (the bad one skipped).
    assert sorted(set(remote.hands["hand"])) == [1, 2, 3, 4, 5]
    assert local_warnings == remote_warnings and len(remote_warnings) == 1
    _same(_warned(analyze, folder, "Cy")[0], _warned(analyze, folder, "Cy", client=client)[0])


def test_progress_is_told_of_every_file_in_order(client, folder):
    seen: list[tuple[int, int]] = []
    _warned(analyze, folder, client=client, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is absent")
def test_the_dataset_sample_and_a_store_among_the_files(client, tmp_path):
    pytest.importorskip("pyarrow")
    from showdown.history.store import write_store

    files = sorted(DATASET.rglob("*.phhs"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_store(files[:2], tmp_path / "store")
        paths = [tmp_path / "store", *files[2:]]
        local, remote = analyze(paths), analyze(paths, client=client)
    _same(local, remote)
    assert remote.counts["hands_analysed"] > 50 and remote.counts["adjusted"] > 0


def test_strict_raises_the_first_bad_hand_in_file_order(client, folder):
    with pytest.raises(BadHandError, match=r"b\.phhs \[2\]"):
        analyze(folder, strict=True, client=client)


def test_bad_cluster_arguments_are_named(folder, client):
    with pytest.raises(ValueError, match="client"):
        analyze(folder, client="tcp://nowhere:1")
    with pytest.raises(ValueError, match="alternatives"):
        analyze(folder, client=client, scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(ValueError, match="scheduler"):
        analyze(folder, scheduler=8786)  # type: ignore[arg-type]


def test_the_command_runs_on_a_scheduler_and_names_a_bad_address(client, folder):
    import json

    from click.testing import CliRunner

    from showdown.cli.main import main

    address = client.scheduler.address
    runs = [
        CliRunner().invoke(main, ["analyze", str(folder), "--json", *extra])
        for extra in ([], ["--scheduler", address])
    ]
    assert runs[0].exit_code == runs[1].exit_code == 0, runs[1].output
    assert json.loads(runs[0].stdout) == json.loads(runs[1].stdout)
    bad = CliRunner().invoke(main, ["analyze", str(folder), "--scheduler", "nowhere:port"])
    assert bad.exit_code == 1 and "Error: --scheduler:" in bad.output
