"""Threading layer: fork after kernel calls, concurrent Python threads, compile notices."""

from __future__ import annotations

import contextlib
import multiprocessing
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import showdown
from showdown import _jit
from showdown.evaluator import category_counts, evaluate, evaluate_omaha_hilo

BIG = 60_000  # above the evaluator's parallel threshold, so the parallel path runs


def _hands(seed: int, count: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :7].astype(np.uint8)


def _child_strengths(seed: int) -> list[int]:
    return evaluate(_hands(seed, BIG), threads=2)[:5].tolist()


def test_fork_after_parallel_kernel_calls_completes() -> None:
    """multiprocessing with the fork start method after kernels ran (used to hang)."""
    hands = [_hands(seed, BIG) for seed in range(3)]
    expected = [evaluate(batch, threads=2)[:5].tolist() for batch in hands]
    category_counts(5, threads=2)
    context = multiprocessing.get_context("fork")
    with context.Pool(2) as pool:
        result = pool.map_async(_child_strengths, range(3))
        assert result.get(timeout=120) == expected


def test_fork_in_a_fresh_process_after_a_call() -> None:
    """The same in a process of its own, so no earlier test can hide the problem."""
    script = textwrap.dedent(
        """
        import multiprocessing, numpy as np, showdown
        hands = np.tile(np.arange(7, dtype=np.uint8), (100_000, 1))
        first = showdown.evaluate(hands, threads=2)
        def child(_):
            return int(showdown.evaluate(hands, threads=2)[0])
        if __name__ == "__main__":
            with multiprocessing.get_context("fork").Pool(2) as pool:
                print(pool.map_async(child, range(4)).get(timeout=120) == [int(first[0])] * 4)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def test_concurrent_python_threads_get_correct_answers() -> None:
    batches = [_hands(seed, BIG) for seed in range(4)]
    expected = [evaluate(batch, threads=1) for batch in batches]
    holes = [batch[:, :4] for batch in batches]
    boards = [np.argsort(np.random.default_rng(9).random((BIG, 52)), axis=1)[:, :5]]
    problems: list[str] = []

    def worker(index: int) -> None:
        try:
            for _ in range(5):
                got = evaluate(batches[index], threads=2)
                if not np.array_equal(got, expected[index]):
                    problems.append(f"thread {index}: wrong strengths")
                # Random boards may share a card with a hole: the check still ran.
                with contextlib.suppress(ValueError):
                    evaluate_omaha_hilo(holes[index], boards[0].astype(np.uint8), threads=2)
            if category_counts(5, threads=2)["Straight Flush"] != 40:
                problems.append(f"thread {index}: wrong category counts")
        except BaseException as error:  # pragma: no cover - reported below
            problems.append(f"thread {index}: {error!r}")

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    assert problems == []


def test_parallel_kernels_run_on_the_chosen_layer() -> None:
    import numba

    evaluate(_hands(1, BIG), threads=2)
    assert numba.threading_layer() == _jit.THREADING_LAYER


def test_user_choice_of_layer_is_kept() -> None:
    script = (
        "import numba, showdown._jit as j; print(numba.config.THREADING_LAYER, j.THREADING_LAYER)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**__import__("os").environ, "NUMBA_THREADING_LAYER": "safe"},
    )
    assert done.stdout.split() == ["safe", "workqueue"]


def test_locked_kernel_exposes_the_dispatcher() -> None:
    from showdown.evaluator import _kernels

    kernel = _kernels.evaluate_kernel
    assert kernel.__name__ == "evaluate_kernel"
    assert callable(kernel.py_func)
    assert kernel.signatures  # compiled above


# ------------------------------------------------------------------ compile notices
def test_compile_notice_fires_once_on_a_real_compile_and_never_on_cache_load(tmp_path) -> None:
    script = textwrap.dedent(
        """
        import numpy as np, showdown
        from showdown._jit import compile_notice
        seen = []
        with compile_notice(seen.append) as compiled:
            showdown.evaluate(np.tile(np.arange(7, dtype=np.uint8), (60_000, 1)))
            showdown.evaluate_low8("As2d3c4h5s")
        print(seen, compiled())
        """
    )
    environment = {**__import__("os").environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
            env=environment,
        ).stdout.strip()
        for _ in range(2)
    ]
    assert runs == ["['evaluate_kernel'] True", "[] False"]


def test_compile_message_and_estimates() -> None:
    assert (
        _jit.estimate_compile_seconds(["evaluate_kernel"])
        == _jit.COMPILE_SECONDS["evaluate_kernel"]
    )
    # A kernel with no recorded figure counts the documented default (a table value, no clock).
    assert _jit.estimate_compile_seconds(["no such kernel"]) == _jit.UNKNOWN_COMPILE_SECONDS
    line = _jit.compile_message("the hold'em equity kernels", 12.4)
    assert line == (
        "showdown: compiling the hold'em equity kernels once (about 12 s); later runs start at once"
    )


def test_compile_notice_ignores_other_threads() -> None:
    seen: list[str] = []
    with _jit.compile_notice(seen.append):
        import numba

        def other() -> None:
            numba.njit(lambda x: x + 1)(1)

        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert seen == []
    with _jit.compile_notice(seen.append):
        numba.njit(lambda x: x + 2)(1)
    assert seen == ["<lambda>"]


@pytest.mark.parametrize("threads", [np.int64(2), np.int32(1), 2, None])
def test_thread_limit_accepts_integral_values(threads) -> None:
    with _jit.thread_limit(threads) as used:
        assert 1 <= used <= _jit.max_threads()
    assert showdown.evaluate("AsKsQsJsTs", threads=threads) == 36873
