"""numba's compiled cache: a damaged entry is discarded and rebuilt, a missing directory tolerated.

Each run is a fresh process with its own ``NUMBA_CACHE_DIR`` (under
``tmp_path``), ranking the same seeded 7-card hands; the answer is checked
against the naive evaluator, whatever the state of the cache.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from reference.naive_evaluator import best_high
from showdown import _jit_cache
from showdown.evaluator import _kernels

HANDS = 150
#: A small call that compiles (or loads) one kernel: ``evaluate_kernel``.
SCRIPT = textwrap.dedent(
    f"""
    import json
    import numpy as np
    import showdown
    rng = np.random.default_rng(2024)
    hands = np.argsort(rng.random(({HANDS}, 52)), axis=1)[:, :7].astype(np.uint8)
    print(json.dumps([hands.tolist(), showdown.evaluate(hands).tolist()]))
    """
)
NOTE = "showdown: discarded the damaged compiled cache of evaluate_kernel"


def _run(cache: Path, **environment: str) -> tuple[list[list[int]], list[int], list[str]]:
    """Hands, strengths and stderr lines of the script in a process using ``cache``."""
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={
            **{key: value for key, value in os.environ.items() if key != "NUMBA_DISABLE_JIT"},
            "NUMBA_CACHE_DIR": str(cache),
            **environment,
        },
    )
    assert done.returncode == 0, done.stderr
    hands, strengths = json.loads(done.stdout)
    return hands, strengths, done.stderr.splitlines()


def _assert_right(hands: list[list[int]], strengths: list[int]) -> None:
    """Strengths order and tie the hands exactly as the naive evaluator's keys do."""
    keys = [best_high(hand) for hand in hands]
    assert len(strengths) == len(hands) == HANDS
    for first, second in combinations(range(HANDS), 2):
        assert (strengths[first] < strengths[second]) == (keys[first] < keys[second])
        assert (strengths[first] == strengths[second]) == (keys[first] == keys[second])


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache directory holding the compiled ``evaluate_kernel`` (a first, cold run)."""
    cache = tmp_path_factory.mktemp("numba") / "cache"
    hands, strengths, errors = _run(cache)
    _assert_right(hands, strengths)
    assert not [line for line in errors if line.startswith("showdown: discarded")]
    return cache


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _garble(path: Path) -> None:
    noise = np.random.default_rng(7).integers(0, 256, path.stat().st_size, dtype=np.uint8)
    path.write_bytes(noise.tobytes())


@pytest.mark.parametrize(
    ("suffix", "damage"),
    [(".nbi", _truncate), (".nbi", _empty), (".nbc", _truncate), (".nbc", _garble)],
    ids=["index-truncated", "index-empty", "data-truncated", "data-garbled"],
)
def test_a_damaged_cache_entry_is_discarded_and_compiled_again(
    warm_cache: Path, tmp_path: Path, suffix: str, damage: Callable[[Path], None]
) -> None:
    cache = tmp_path / "cache"
    shutil.copytree(warm_cache, cache)
    [entry] = [path for path in cache.rglob(f"*evaluate_kernel*{suffix}")]
    damage(entry)
    hands, strengths, errors = _run(cache)
    _assert_right(hands, strengths)
    assert not [line for line in errors if "Traceback" in line or "Error" in line.split(":")[0]]
    notes = [line for line in errors if line.startswith("showdown: discarded")]
    assert len(notes) == 1 and notes[0].startswith(NOTE), errors
    # The entry was saved again: the next process loads it without a word.
    hands, strengths, errors = _run(cache)
    _assert_right(hands, strengths)
    assert not [line for line in errors if line.startswith("showdown:")], errors


def test_without_a_writable_cache_directory_kernels_run_uncached(tmp_path: Path) -> None:
    """The cache folder would be under a regular file: kernels compile, uncached."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    hands, strengths, errors = _run(blocker / "cache")
    _assert_right(hands, strengths)
    notes = [line for line in errors if line.startswith("showdown:")]
    assert len(notes) == 1, errors
    assert notes[0].startswith("showdown: compiled kernels are not cached (")
    assert "set NUMBA_CACHE_DIR to a writable directory" in notes[0]


def test_a_cache_directory_that_does_not_exist_is_created(tmp_path: Path) -> None:
    cache = tmp_path / "not" / "yet" / "there"
    hands, strengths, errors = _run(cache)
    _assert_right(hands, strengths)
    assert not [line for line in errors if line.startswith("showdown: discarded")]
    assert list(cache.rglob("*evaluate_kernel*.nbi"))


def test_kernels_use_the_healing_cache() -> None:
    """Every decorator of ``_jit`` goes through it (numba's own cache would fail on damage)."""
    assert isinstance(_kernels.evaluate_kernel.dispatcher._cache, _jit_cache.HealingCache)
    assert isinstance(_kernels.flush_rank_mask._cache, _jit_cache.HealingCache)
