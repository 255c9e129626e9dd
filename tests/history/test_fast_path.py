"""The compiled fast path of ``analyze`` gives the existing path's frames, exactly.

Every check analyses the same files twice, with the fast path on and off
(``showdown.history.analyze.FAST_PATH``), and wants identical per-player and
per-hand frames (``assert_frame_equal``, exact), counts and skipped hands: on
the dataset sample, the PHH sample's no-limit hold'em hands, simulated histories
(their showdowns settled by the rules, or with hands unknown and the finishing
stacks deciding), randomly edited hands and hand-written corner cases. Each
also checks that the fast path really took hands (a test of an unused path
proves nothing).
"""

from __future__ import annotations

import importlib
import re
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import showdown
from showdown.history import analyze
from showdown.history.fast import scan_facts
from showdown.history.reader import BadHandError

from .helpers import DATASET, SHARED, edited_hands, phh

SEED = 20251202
# The module (the package exports its function under the same name).
analysis = importlib.import_module("showdown.history.analyze")


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _tables(texts: list[str]) -> str:
    return "".join(f"[{k}]\n{text}\n" for k, text in enumerate(texts, start=1))


def _both(monkeypatch: pytest.MonkeyPatch, paths: list[Path], **options) -> Any:
    """Analyse ``paths`` with the fast path on and off; both must agree exactly."""
    monkeypatch.setattr(analysis, "FAST_PATH", False)
    slow = analyze(paths, **options)
    monkeypatch.setattr(analysis, "FAST_PATH", True)
    fast = analyze(paths, **options)
    pd.testing.assert_frame_equal(fast.players, slow.players, check_exact=True)
    pd.testing.assert_frame_equal(fast.hands, slow.hands, check_exact=True)
    assert fast.counts == slow.counts
    assert [str(bad) for bad in fast.bad] == [str(bad) for bad in slow.bad]
    return fast


def _taken(paths: list[Path]) -> int:
    """Hands the kernel takes in ``paths`` (the rest go through the existing path)."""
    return sum(int(scan_facts(path.read_bytes()).taken.sum()) for path in paths)


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is absent")
def test_the_dataset_sample_is_analysed_as_the_existing_path_does(monkeypatch):
    paths = sorted(DATASET.rglob("*.phhs"))
    result = _both(monkeypatch, paths)
    assert result.counts["hands_read"] == 131 and result.counts["adjusted"] > 0
    # Every hand analysed was taken by the kernel but one the rules refuse.
    assert _taken(paths) == result.counts["hands_analysed"]


@pytest.mark.skipif(not (SHARED / "phh-sample").is_dir(), reason="the PHH sample is absent")
def test_the_phh_samples_no_limit_holdem_hands(monkeypatch, tmp_path):
    texts = [
        path.read_text(encoding="utf-8") for path in sorted((SHARED / "phh-sample").rglob("*.phh"))
    ]
    holdem = [text for text in texts if re.search(r"^variant\s*=\s*['\"]NT['\"]", text, re.M)]
    path = tmp_path / "sample.phhs"
    path.write_text(_tables(holdem), encoding="utf-8")
    _both(monkeypatch, [path])
    assert _taken([path]) > len(holdem) // 2


def _simulated(seed: int, hands: int) -> list[str]:
    simulated = showdown.simulate(
        "nlhe", ["random", "call", "strength", "random"], hands=hands, seed=seed,
        starting_stack=15, record_histories=True, engine="python",
    )  # fmt: skip
    assert simulated.histories is not None
    return list(simulated.histories)


def _hidden(history: str) -> str:
    """``history`` with the hole cards of p2 unknown and the shows dropped: the finishing
    stacks decide its showdowns (or nothing does, when the file had no winnings)."""
    history = re.sub(r'"d dh p2 \S+"', '"d dh p2 ????"', history)
    return re.sub(r'\s*"p\d+ sm[^"]*",?', "", history)


def test_simulated_histories_settled_by_the_rules_or_the_finishing_stacks(monkeypatch, tmp_path):
    histories = _simulated(7, 120)
    plain, hidden = tmp_path / "plain.phhs", tmp_path / "hidden.phhs"
    plain.write_text(_tables(histories), encoding="utf-8")
    hidden.write_text(_tables([_hidden(text) for text in histories]), encoding="utf-8")
    result = _both(monkeypatch, [plain, hidden])
    assert _taken([plain]) == len(histories)
    assert _taken([hidden]) > len(histories) // 2
    origins = set(result.hands["result_from"])
    assert {"replay", "finishing_stacks"} <= origins and result.counts["adjusted"] > 0
    # Without finishing stacks, hidden showdowns cannot be known: skipped by both paths.
    bare = tmp_path / "bare.phhs"
    bare.write_text(re.sub(r"finishing_stacks = .*\n", "", hidden.read_text()), encoding="utf-8")
    assert _both(monkeypatch, [bare]).counts["hands_skipped"] > 0


def test_randomly_edited_hands(monkeypatch, tmp_path):
    """Edits of real and simulated hands: whatever each becomes (a hand the kernel
    takes, one it leaves, one the reader or the rules refuse), the frames agree."""
    hands = _simulated(11, 40)
    if DATASET.is_dir():
        for path in sorted(DATASET.rglob("*.phhs")):
            text = path.read_text(encoding="utf-8")
            hands += [part.strip("\n") for part in re.split(r"^\[\d+\]\s*$", text, flags=re.M)]
    hands = [text for text in hands if text.strip()]
    path = tmp_path / "edited.phhs"
    path.write_text(_tables(edited_hands(hands, 300, SEED)), encoding="utf-8")
    result = _both(monkeypatch, [path])
    assert result.counts["hands_skipped"] > 0 and _taken([path]) > 30


_HEADS_UP = phh(["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc", "d db 2c3c4c", "d db Kh",
                 "d db 9s"], [100, 100])  # fmt: skip
_THREE = phh(
    ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 cbr 18", "p3 cc",
     "d db 2c3c4c", "p2 cbr 20", "p3 f"],
    [200, 150.5, 80], players=["Ann", "Bob", "Cy"], extra="hand = 'R5-1'\n",
)  # fmt: skip


@pytest.mark.parametrize(
    "texts",
    [
        [_HEADS_UP, _THREE],
        # The uncalled bet logged as won back (taken off), rake, a show merged into a deal.
        [_THREE + "winnings = [0, 45.5, 0]\n", _THREE.replace('"p3 f"]', '"p3 f", "p3 sm AhAc"]')],
        [_HEADS_UP + "winnings = [195, 0]\n", _HEADS_UP.replace("100, 100", "inf, 100")],
        # A dead blind (an ante), a hand the rules refuse (out of turn), no result.
        [_HEADS_UP.replace("[1, 2]", "[-1, 2]"), _THREE.replace('"p1 f"', '"p2 f"'), _HEADS_UP],
        [_HEADS_UP.replace("AsAd", "????").replace("d db 9s", 'd db 9s", "p1 sm ????')],
        [_HEADS_UP.replace("\n", "\r\n"), _THREE.replace('"NT"', '"FT"')],
        # Histories that stop mid-hand: a player to act, cards owed.
        [_HEADS_UP.replace(', "p1 cc"', ""), _HEADS_UP.replace(', "d db Kh"', "")],
        [_THREE.replace(', "p2 cbr 20", "p3 f"', ""), _HEADS_UP.replace(', "d db 9s"', "")],
    ],
)
def test_hand_written_corner_cases(monkeypatch, tmp_path, texts):
    path = tmp_path / "hands.phhs"
    path.write_bytes(_tables(texts).encode())
    result = _both(monkeypatch, [path])
    assert result.counts["hands_read"] + result.counts["hands_skipped"] >= 1


def test_files_left_whole_to_the_existing_path_and_strict(monkeypatch, tmp_path):
    good = tmp_path / "a.phhs"
    good.write_text(_tables([_HEADS_UP, _THREE]))
    before = tmp_path / "b.phhs"
    before.write_text("junk\n" + _tables([_THREE]))
    lone = tmp_path / "c.phhs"
    lone.write_bytes(_tables([_THREE]).replace("\n", "\r").encode())
    single = tmp_path / "d.phh"
    single.write_text(_THREE)
    result = _both(monkeypatch, [good, before, lone, single], player="Ann")
    assert set(result.hands["player"]) == {"Ann"}
    bad = tmp_path / "e.phhs"
    bad.write_text(_tables([_HEADS_UP, _HEADS_UP.replace("AsAd", "????")]))
    for fast in (False, True):
        monkeypatch.setattr(analysis, "FAST_PATH", fast)
        with pytest.raises(BadHandError, match=r"e\.phhs \[2\]: live hands are unknown"):
            analyze(bad, strict=True)


def test_every_row_of_a_big_file_is_in_file_order(monkeypatch, tmp_path):
    """Hands the kernel leaves are put back among the others in file order."""
    texts = [_HEADS_UP, _THREE.replace('"NT"', '"FT"'), _THREE] * 30
    path = tmp_path / "mixed.phhs"
    path.write_text(_tables(texts))
    result = _both(monkeypatch, [path])
    numbers = result.hands["hand"].to_numpy()
    assert np.all(np.diff(numbers) >= 0) and numbers[-1] == result.counts["hands_analysed"] == 60
    assert result.counts["hands_skipped"] == 30
