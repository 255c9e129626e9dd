"""Text columns of the fast path joined without looking their texts up.

A file's hand sources (``"<file> [<number>]"``, one per hand) can be in no other
file's column, so their parts are joined by shifting codes instead of hashing
every text again (:attr:`~showdown.history.columns.Coded.origin`). Checked
against the general join, and on a file given twice (same origin: looked up).
"""

from __future__ import annotations

import importlib
import warnings

import numpy as np
import pandas as pd

from showdown.history import analyze
from showdown.history.columns import Coded, coded_categorical, join_coded

from .helpers import phh

# The module (the package exports its function under the same name).
analysis = importlib.import_module("showdown.history.analyze")


def _texts(*texts: str) -> np.ndarray:
    return np.array(texts, dtype=object)


def _general(parts: list[Coded]) -> Coded:
    """The same parts without their origins: the general join."""
    return join_coded([Coded(part.codes, part.categories, part.ordered) for part in parts])


def test_parts_of_other_origins_join_as_the_general_join_does():
    parts = [
        Coded(np.array([0, 0, 1, -1, 2]), _texts("a [1]", "a [2]", "a [3]"), True, "a"),
        Coded(np.array([-1, 0, 1, 1]), _texts("b [1]", "b [2]"), True, "b"),
        Coded(np.array([], dtype=np.int64), _texts(), True, "c"),
        Coded(np.array([1, 0]), _texts("d [2]", "d [1]"), False, "d"),
    ]
    joined, general = join_coded(parts), _general(parts)
    assert joined.ordered is general.ordered is False
    left, right = coded_categorical(joined), coded_categorical(general)
    pd.testing.assert_series_equal(pd.Series(left), pd.Series(right))
    assert list(left.categories) == ["a [1]", "a [2]", "a [3]", "b [1]", "b [2]", "d [1]", "d [2]"]
    ordered = join_coded(parts[:3])
    assert ordered.ordered and ordered.codes.tolist() == [0, 0, 1, -1, 2, -1, 3, 4, 4]


def test_parts_of_one_origin_are_looked_up():
    parts = [
        Coded(np.array([0, 1]), _texts("a [1]", "a [2]"), True, "a"),
        Coded(np.array([1, 0]), _texts("a [1]", "a [2]"), True, "a"),
    ]
    joined = join_coded(parts)
    assert list(joined.categories) == ["a [1]", "a [2]"]
    assert joined.codes.tolist() == [0, 1, 1, 0]


def test_a_file_given_twice_gives_the_existing_paths_frame(monkeypatch, tmp_path):
    hand = phh(["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"], [100, 100])
    path = tmp_path / "twice.phhs"
    path.write_text("".join(f"[{k}]\n{hand}\n" for k in range(1, 4)))
    frames = []
    for fast in (False, True):
        monkeypatch.setattr(analysis, "FAST_PATH", fast)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            frames.append(analyze([path, path]).hands)
    pd.testing.assert_frame_equal(frames[1], frames[0], check_exact=True)
    sources = frames[1]["source"]
    assert len(sources.cat.categories) == 3 and len(sources) == 12
