"""The task layer: ordered results locally and on a cluster, failures, the optional extra."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from typing import Any

import numpy as np
import pytest

from showdown import _tasks
from showdown._tasks import ClusterError, DaskRunner, ThreadRunner, cluster_client, runner_for
from showdown.evaluator import evaluate

from .helpers import scheduler_to_kill


def _block_sum(seed: int, index: int) -> tuple[int, int]:
    """A pure block: the sum of the strengths of 2,000 seeded random hands."""
    rng = np.random.default_rng([seed, index])
    hands = np.argsort(rng.random((2_000, 52)), axis=1)[:, :7].astype(np.uint8)
    return index, int(evaluate(hands, threads=1).astype(np.int64).sum())


def _slow_block(seconds: float, index: int) -> int:
    time.sleep(seconds)
    return index


def _failing_block(bad: int, index: int) -> int:
    if index == bad:
        raise ValueError(f"block {index} refused")
    return index


# ----------------------------------------------------------------------------- local
def test_thread_runner_yields_in_block_order_and_reports_each_block() -> None:
    reports: list[int] = []
    results = list(ThreadRunner(2).map(_block_sum, 7, range(9), reports.append))
    assert results == [_block_sum(7, index) for index in range(9)]
    assert reports == list(range(9))


def test_thread_runner_passes_a_block_error_on() -> None:
    with pytest.raises(ValueError, match="block 3 refused"):
        list(ThreadRunner(2).map(_failing_block, 3, range(8)))


def test_cluster_arguments_are_checked_before_any_work() -> None:
    with pytest.raises(ValueError, match="alternatives"):
        _tasks.check_cluster_arguments(object(), "tcp://127.0.0.1:8786")
    with pytest.raises(ValueError, match="scheduler: expected an address"):
        _tasks.check_cluster_arguments(None, "  ")
    pytest.importorskip("distributed")
    with pytest.raises(ValueError, match=r"client: expected a dask\.distributed\.Client, got str"):
        _tasks.check_cluster_arguments("tcp://127.0.0.1:8786", None)


def test_without_dask_the_message_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    with pytest.raises(ImportError, match=r"-e '\.\[dask\]'"):
        _tasks.check_cluster_arguments(None, "tcp://127.0.0.1:8786")
    with pytest.raises(ImportError, match=r"-e '\.\[dask\]'"), cluster_client(object(), None):
        pass


def test_import_showdown_never_imports_dask() -> None:
    script = textwrap.dedent(
        """
        import sys
        import showdown
        showdown.evaluate("AsKsQsJsTs")
        showdown.equity(["AsAh", "KsKh"], board="2c7d9h")
        print(sorted(name for name in sys.modules if name.split(".")[0] in ("dask", "distributed")))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_an_unreachable_scheduler_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(_tasks.TIMEOUTS, "connect", 1.0)
    with (
        pytest.raises(ValueError, match=r"scheduler: no Dask scheduler answered at 'tcp://127"),
        cluster_client(None, "tcp://127.0.0.1:9"),
    ):
        pass


# ----------------------------------------------------------------------------- on a cluster
def test_dask_runner_matches_threads_in_block_order(client: Any) -> None:
    expected = list(ThreadRunner(2).map(_block_sum, 11, range(12)))
    reports: list[int] = []
    runner = runner_for(client, 1)
    assert isinstance(runner, DaskRunner)
    assert runner.slots == 2
    got = list(runner.map(_block_sum, 11, range(12), reports.append))
    assert got == expected
    assert sorted(reports) == list(range(12))


def test_dask_runner_passes_a_block_error_on(client: Any) -> None:
    with pytest.raises(ValueError, match="block 5 refused"):
        list(DaskRunner(client).map(_failing_block, 5, range(10)))


def test_closing_early_cancels_the_blocks_in_flight(client: Any) -> None:
    results = DaskRunner(client, label="early").map(_slow_block, 0.2, range(40))
    assert next(results) == 0
    results.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        left = client.run_on_scheduler(
            lambda dask_scheduler: sum(key.startswith("early-") for key in dask_scheduler.tasks)
        )
        if left == 0:
            break
        time.sleep(0.1)
    assert left == 0


def test_cluster_client_keeps_a_given_client_open(client: Any) -> None:
    with cluster_client(client, None) as chosen:
        assert chosen is client
    assert client.status == "running"


def test_a_worker_killed_mid_run_costs_nothing(client: Any) -> None:
    """Kill one worker process after a few blocks: the answer is complete and identical."""
    expected = list(ThreadRunner(2).map(_block_sum, 23, range(40)))
    victim = sorted(client.run(os.getpid).values())[0]
    killed: list[int] = []

    finished: list[int] = []

    def kill_once(index: int) -> None:
        finished.append(index)
        if len(finished) >= 4 and not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(index)

    got = list(DaskRunner(client).map(_block_sum, 23, range(40), kill_once))
    assert killed, "the run ended before a worker could be killed"
    assert got == expected
    client.wait_for_workers(2, timeout=120)  # the nanny restarts it for later tests
    assert victim not in client.run(os.getpid).values()


def test_a_lost_scheduler_raises_instead_of_hanging() -> None:
    """A scheduler that dies mid-run ends the run with ClusterError."""
    distributed = pytest.importorskip("distributed")
    with (
        scheduler_to_kill() as (address, server),
        distributed.Client(address, timeout=60, set_as_default=False) as remote,
    ):

        def stop_scheduler(index: int) -> None:
            server.kill()

        with pytest.raises(
            ClusterError, match=r"lost the Dask scheduler .* after \d+ of 30 blocks"
        ):
            list(DaskRunner(remote).map(_slow_block, 0.05, range(30), stop_scheduler))
        with pytest.raises(ClusterError), cluster_client(remote, None):
            pass
