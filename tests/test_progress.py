"""The progress facility: bars, callbacks, heartbeats, compile notices; eval's compile line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading

import numba
import pytest

from showdown._progress import Progress, check_progress, compiling


@pytest.mark.parametrize("bad", [5, "yes", 1.0, [], object()])
def test_bad_progress_values_are_refused_before_any_work(bad) -> None:
    with pytest.raises(ValueError, match="progress: expected True, False, None or a callable"):
        check_progress(bad)
    with pytest.raises(ValueError, match="progress: expected"):
        Progress(bad, total=10)


@pytest.mark.parametrize("good", [None, False, True, print])
def test_good_progress_values_pass(good) -> None:
    assert check_progress(good) is good


def test_callback_gets_start_every_step_and_the_end() -> None:
    calls: list[tuple[int, int]] = []
    with Progress(lambda done, total: calls.append((done, total)), total=5) as progress:
        assert calls == [(0, 5)]  # before any work: the caller can show something at once
        progress.advance(2)
        progress.update_to(5)
    assert calls == [(0, 5), (2, 5), (5, 5)]


def test_nothing_happens_for_none_and_false() -> None:
    for value in (None, False):
        progress = Progress(value, total=3)
        assert not progress.active
        progress.advance()
        progress.note("x")
        with progress.heartbeat(interval=0.001):
            pass
        progress.close()


def test_heartbeat_keeps_calling_while_the_caller_is_busy() -> None:
    calls: list[tuple[int, int]] = []
    enough = threading.Event()

    def callback(done: int, total: int) -> None:
        calls.append((done, total))
        if len(calls) >= 4:
            enough.set()

    progress = Progress(callback, total=9)
    with progress.heartbeat(interval=0.001):
        # The main thread does nothing to report; only the heartbeat calls back.
        assert enough.wait(timeout=60)
    assert calls[:4] == [(0, 9)] * 4


def test_callback_error_in_the_heartbeat_reaches_the_caller() -> None:
    def callback(done: int, total: int) -> None:
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("stop here")

    progress = Progress(callback, total=1)
    with pytest.raises(RuntimeError, match="stop here"), progress.heartbeat(interval=0.001):
        threading.Event().wait(0.2)


def test_tqdm_bar_on_the_given_stream() -> None:
    pytest.importorskip("tqdm")
    stream = io.StringIO()
    with Progress(True, total=4, description="equity", stream=stream) as progress:
        progress.note("compiling once, about 3 s")
        progress.advance(4)
    text = stream.getvalue()
    assert "equity" in text and "4/4" in text and "compiling once" in text


def test_text_bar_without_tqdm(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # import fails as if not installed
    stream = io.StringIO()
    with Progress(True, total=2, description="simulate", stream=stream) as progress:
        progress.advance()
        progress.note("compiling")
        progress.advance()
    text = stream.getvalue()
    assert "simulate: [" in text and "2/2" in text and "compiling" in text
    assert text.endswith("\n")
    transient = io.StringIO()
    with Progress(True, total=1, stream=transient, transient=True) as progress:
        progress.advance()
    assert transient.getvalue().endswith("\r")


def test_compiling_announces_a_real_compile_once() -> None:
    lines: list[str] = []
    calls: list[tuple[int, int]] = []
    progress = Progress(lambda done, total: calls.append((done, total)), total=1)
    fresh = numba.njit(lambda x: x * 3)  # never cached: compiles here
    with compiling(
        "the test kernels", ["omaha_kernel"], progress=progress, notify=lines.append
    ) as compiled:
        assert fresh(2) == 6
        numba.njit(lambda x: x * 4)(2)  # a second compile in the same block: no second line
    assert compiled()
    assert lines == [
        "showdown: compiling the test kernels once (about 4 s); later runs start at once"
    ]
    with compiling("the test kernels", ["omaha_kernel"], notify=lines.append) as compiled:
        fresh(3)  # already compiled: silent
    assert not compiled()
    assert len(lines) == 1


def test_eval_prints_the_compile_line_once_then_never(tmp_path) -> None:
    """First run on an empty numba cache says so on stderr; a warm run says nothing."""
    environment = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "showdown", "eval", "--low", "AsKsQsJsTs"]
    runs = [
        subprocess.run(
            command, capture_output=True, text=True, timeout=300, check=True, env=environment
        )
        for _ in range(2)
    ]
    first, second = runs
    assert first.stderr.splitlines() == [
        "showdown: compiling the evaluator kernels once (about 1 s); later runs start at once"
    ]
    assert second.stderr == ""
    assert first.stdout == second.stdout
