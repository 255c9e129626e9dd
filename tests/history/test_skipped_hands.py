"""``analyze`` tells of a file's skipped hands by one warning, and lists every one.

A file where many hands cannot be analysed (a site that logs no cards at a
showdown) gave a ``BadHandWarning`` per hand: the output flooded, and warning
cost more than analysing. Now each file gives one: a lone hand's own message,
else how many were skipped and the first few (number and reason);
``Analysis.bad`` still lists every one, and ``strict=True`` still stops at the
first. Both paths of ``analyze`` (the compiled fast path and the existing one)
are checked.
"""

from __future__ import annotations

import importlib
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

from showdown.history import BadHandError, BadHandWarning, analyze
from showdown.history.base import NAMED_SKIPPED
from showdown.history.fast import scan_facts

from .helpers import phh

# The module (the package exports its function under the same name).
analysis = importlib.import_module("showdown.history.analyze")

_GOOD = phh(["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc", "d db 2c3c4c", "d db Kh",
             "d db 9s"], [100, 100])  # fmt: skip
# All in with a live hand unknown: its result cannot be known, so it is skipped.
_UNKNOWN = _GOOD.replace("AsAd", "????")
# A key given twice: the reader refuses it (the scanner leaves it to the existing path).
_BROKEN = _GOOD + 'players = "Ann"\n'


def _tables(texts: list[str]) -> str:
    return "".join(f"[{k}]\n{text}\n" for k, text in enumerate(texts, start=1))


def _warned(paths: list[Path], fast: bool, monkeypatch: pytest.MonkeyPatch) -> tuple:
    """The analysis of ``paths`` and the messages of its bad-hand warnings."""
    monkeypatch.setattr(analysis, "FAST_PATH", fast)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = analyze(paths)
    return result, [str(w.message) for w in caught if issubclass(w.category, BadHandWarning)]


@pytest.mark.parametrize("fast", [True, False])
def test_one_warning_per_file_with_the_count_and_the_first_hands(monkeypatch, tmp_path, fast):
    texts = [_GOOD, _UNKNOWN, _GOOD, _UNKNOWN, _UNKNOWN, _GOOD, _UNKNOWN, _UNKNOWN]
    many = tmp_path / "many.phhs"
    many.write_text(_tables(texts))
    lone = tmp_path / "lone.phhs"
    lone.write_text(_tables([_GOOD, _GOOD, _UNKNOWN]))
    clean = tmp_path / "clean.phhs"
    clean.write_text(_tables([_GOOD]))
    result, messages = _warned([many, lone, clean], fast, monkeypatch)
    skipped = [k for k, text in enumerate(texts, start=1) if text is _UNKNOWN]
    # Every skipped hand is still listed and counted, in file order.
    assert [(bad.file, bad.hand) for bad in result.bad] == [
        *((str(many), number) for number in skipped),
        (str(lone), 3),
    ]
    assert result.counts["hands_skipped"] == len(skipped) + 1
    assert result.counts["hands_analysed"] == 3 + 2 + 1
    # One warning per file with skipped hands: none for the clean file.
    assert len(messages) == 2
    summary, single = messages
    reason = result.bad[0].reason
    assert summary.startswith(f"{many}: {len(skipped)} hands skipped (")
    first = "; ".join(f"[{number}] {reason}" for number in skipped[:NAMED_SKIPPED])
    assert first in summary
    assert f"{len(skipped) - NAMED_SKIPPED} more" in summary
    # Hands past the first few are not named.
    assert not re.search(rf"\[{skipped[-1]}\]", summary)
    # A lone skipped hand keeps its own message.
    assert single == str(result.bad[-1]) == f"{lone} [3]: {result.bad[-1].reason}"


def test_both_paths_list_and_warn_alike(monkeypatch, tmp_path):
    """Hands the fast path refuses in bulk and hands the existing reader refuses,
    interleaved: the same list, in file order, and the same warning."""
    path = tmp_path / "mixed.phhs"
    path.write_text(_tables([_UNKNOWN, _GOOD, _BROKEN] * 4))
    fast, fast_messages = _warned([path], True, monkeypatch)
    slow, slow_messages = _warned([path], False, monkeypatch)
    assert fast_messages == slow_messages and len(fast_messages) == 1
    assert "8 hands skipped" in fast_messages[0]
    assert fast.bad == slow.bad and [bad.hand for bad in fast.bad] == [1, 3, 4, 6, 7, 9, 10, 12]
    assert "TOML" in fast.bad[1].reason and fast.bad[0].reason != fast.bad[1].reason
    # The fast path did refuse the unknown hands itself (else this proves nothing).
    assert int(np.count_nonzero(scan_facts(path.read_bytes()).skipped)) == 4


@pytest.mark.parametrize("fast", [True, False])
def test_strict_still_stops_at_the_first_skipped_hand(monkeypatch, tmp_path, fast):
    path = tmp_path / "strict.phhs"
    path.write_text(_tables([_GOOD, _GOOD, _UNKNOWN, _UNKNOWN]))
    monkeypatch.setattr(analysis, "FAST_PATH", fast)
    with pytest.raises(BadHandError, match=r"strict\.phhs \[3\]: "):
        analyze(path, strict=True)


def test_warnings_as_errors_stop_at_the_file(monkeypatch, tmp_path):
    """The warning is a real ``BadHandWarning``: a filter can make it an error."""
    path = tmp_path / "bad.phhs"
    path.write_text(_tables([_UNKNOWN, _UNKNOWN]))
    with warnings.catch_warnings():
        warnings.simplefilter("error", BadHandWarning)
        with pytest.raises(BadHandWarning, match=r"bad\.phhs: 2 hands skipped \(\[1\] .*; \[2\] "):
            analyze(path)
