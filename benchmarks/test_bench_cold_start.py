"""First-answer times: every command a new user types first, on empty caches and warm.

Each command runs in a fresh subprocess. *Cold* means empty ``NUMBA_CACHE_DIR`` and
``SHOWDOWN_CACHE_DIR`` (a new user's machine: every kernel the command needs is compiled);
it is measured in CPU seconds (user + sys of the process and its children) so that other
load on the machine does not blur it. *Warm* runs the same command again with the caches
the cold run left and is measured in wall seconds, which is what a user waits.

Run with ``pytest benchmarks/test_bench_cold_start.py`` (several minutes: each cold run
compiles). Nothing here fails on speed; the table at the end lists each figure next to its
target.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

#: (label, showdown arguments, cold CPU target in s, warm wall target in s)
COMMANDS = [
    ("README main job", ["equity", "AsKs", "QQ+", "--board", "Kd7c2h"], 5.0, 0.6),
    ("eval", ["eval", "AsKsQsJsTs"], 8.0, 0.6),
    ("equity preflop, exact", ["equity", "AhKh", "QsQd"], 8.0, 0.6),
    (
        "equity ranges, Monte Carlo",
        ["equity", "QQ+", "AK", "random", "--samples", "200000"],
        8.0,
        0.6,
    ),
    (
        "equity omaha-hilo",
        ["equity", "As2s3hKh", "KdKcQdJc", "--game", "omaha-hilo", "--board", "Qh7c2d"],
        8.0,
        0.6,
    ),
    (
        "equity stud",
        ["equity", "AsAhKd", "QcQdJs", "--game", "stud", "--samples", "100000"],
        8.0,
        0.6,
    ),
    ("simulate nlhe", ["simulate", "--game", "nlhe", "--hands", "1000", "--seed", "1"], 15.0, None),
]


def _run(arguments: list[str], environment: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds of the child, wall seconds) of ``python -m showdown.cli.main ARGS``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "showdown.cli.main", *arguments],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert completed.returncode == 0, completed.stderr
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


@pytest.mark.parametrize(
    ("label", "arguments", "cold_target", "warm_target"),
    COMMANDS,
    ids=[command[0] for command in COMMANDS],
)
def test_first_answer(cold_starts, label, arguments, cold_target, warm_target):
    with tempfile.TemporaryDirectory() as scratch:
        environment = dict(os.environ)
        environment["NUMBA_CACHE_DIR"] = str(Path(scratch) / "numba")
        environment["SHOWDOWN_CACHE_DIR"] = str(Path(scratch) / "showdown")
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        cold_cpu, _ = _run(arguments, environment)
        warm = [_run(arguments, environment) for _ in range(3)]
    warm_wall = sorted(wall for _, wall in warm)[1]
    cold_starts.append((label, " ".join(arguments), cold_cpu, cold_target, warm_wall, warm_target))
