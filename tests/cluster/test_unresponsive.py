"""Schedulers that never answer: a silent peer, a frozen scheduler, a malformed address.

Each must end the call with a clear error within the stated timeouts
(``showdown.distributed.TIMEOUTS``), never hang it. Calls run under a
generous ceiling (:func:`.helpers.outcome_within`, or a subprocess timeout)
so a hang fails the test; no test asserts how long anything took.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import pytest

from showdown import _tasks, equity, simulate
from showdown.distributed import TIMEOUTS, ClusterError, SchedulerUnreachableError
from showdown.equity.sampling import montecarlo
from showdown.errors import InputError

from .helpers import outcome_within, scheduler_to_kill, silent_server

distributed = pytest.importorskip("distributed")

#: Ceiling for one call in these tests: far above the timeouts they set (1-2 s), so only
#: a hang reaches it.
CEILING = 240.0


def _equity(**cluster: Any) -> Any:
    return equity(["AsKs", "QQ"], board="2c7d9h", samples=40 * 32_768, seed=3, **cluster)


def _simulate(**cluster: Any) -> Any:
    return simulate("nlhe", ["call", "random"], hands=4_000, seed=5, tables=8, **cluster)


def _slow_block(seconds: float, index: int) -> int:
    time.sleep(seconds)
    return index


def _loop_threads() -> set[threading.Thread]:
    """Threads that would keep a client's event loop alive (the IO loop runner)."""
    return {thread for thread in threading.enumerate() if "IO loop" in thread.name}


# ----------------------------------------------------------------------------- a silent peer
@pytest.mark.parametrize("call", [_equity, _simulate], ids=["equity", "simulate"])
def test_a_peer_that_accepts_and_never_answers_is_given_up_on(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TCP connects, the Dask handshake never comes: the connect timeout still holds."""
    monkeypatch.setattr(TIMEOUTS, "connect", 1.0)
    before = _loop_threads()
    with silent_server() as address:
        error = outcome_within(CEILING, lambda: call(scheduler=address))
    assert isinstance(error, SchedulerUnreachableError), repr(error)
    assert isinstance(error, ClusterError) and isinstance(error, ValueError)
    assert str(error).startswith(f"scheduler: no Dask scheduler answered at {address!r} within 1 s")
    assert _loop_threads() <= before, "the half-started client's event loop was left running"


def test_the_command_line_gives_up_on_a_silent_peer_and_exits() -> None:
    """The whole process: one line on stderr, status 1, and an exit that does not wait."""
    with silent_server() as address:
        done = subprocess.run(
            [sys.executable, "-m", "showdown", "equity", "AsKs", "QQ", "--scheduler", address],
            capture_output=True,
            text=True,
            timeout=CEILING,
            check=False,
        )
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines() == [
        f"Error: --scheduler: no Dask scheduler answered at {address!r} within "
        f"{TIMEOUTS.connect:g} s (no answer: nothing speaking Dask's protocol there, or a "
        "frozen scheduler)"
    ]


# ----------------------------------------------------------------------------- a malformed address
@pytest.mark.parametrize("address", ["bogus::", "tcp://127.0.0.1:abc", "tcp://:8786", "nope://x:1"])
def test_a_malformed_address_is_refused_before_connecting(address: str) -> None:
    before = _loop_threads()
    for call in (_equity, _simulate):
        error = outcome_within(CEILING, lambda call=call: call(scheduler=address))
        # An input error naming the parameter, not an unreachable scheduler.
        assert type(error) is InputError and error.parameter == "scheduler", repr(error)
        assert str(error).startswith(f"scheduler: {address!r} is not a Dask scheduler address (")
    assert _loop_threads() <= before


@pytest.mark.parametrize(
    "command",
    [
        ["equity", "AsKs", "QQ"],
        ["simulate", "--game", "nlhe", "--hands", "100", "--seed", "1"],
    ],
    ids=["equity", "simulate"],
)
def test_the_command_line_refuses_a_malformed_address_in_one_line(command: list[str]) -> None:
    """Status 1 and exactly one line: no traceback from a client closed at exit."""
    done = subprocess.run(
        [sys.executable, "-m", "showdown", *command, "--scheduler", "bogus::"],
        capture_output=True,
        text=True,
        timeout=CEILING,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("Error: --scheduler: 'bogus::' is not a Dask scheduler address")


# ----------------------------------------------------------------------------- a frozen scheduler
def _freeze_on_first_report(server: subprocess.Popen[str]) -> Any:
    """A ``progress(done, total)`` callback that stops the scheduler's process once."""
    frozen: list[int] = []

    def freeze(done: int, total: int) -> None:
        if not frozen:
            os.kill(server.pid, signal.SIGSTOP)
            frozen.append(done)

    return freeze


@pytest.mark.parametrize("call", [_equity, _simulate], ids=["equity", "simulate"])
def test_a_scheduler_frozen_mid_run_raises_after_the_heartbeat_timeout(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGSTOP keeps the scheduler's connections open and silent: only the heartbeat sees it."""
    monkeypatch.setattr(montecarlo, "TASK_CHUNKS", 1)  # equity: many small blocks
    with (
        scheduler_to_kill() as (address, server),
        distributed.Client(address, timeout=60, set_as_default=False) as remote,
    ):
        # A first run at the default heartbeat loads the kernels in the worker, a thread of
        # the scheduler's process that holds the GIL while it imports and compiles.
        call(client=remote)
        monkeypatch.setattr(TIMEOUTS, "heartbeat", 2.0)
        freeze = _freeze_on_first_report(server)
        error = outcome_within(CEILING, lambda: call(client=remote, progress=freeze))
        assert isinstance(error, ClusterError), repr(error)
        assert f"did not answer for {TIMEOUTS.heartbeat:g} s (stopped, hung or cut off)" in str(
            error
        )
        os.kill(server.pid, signal.SIGCONT)


def test_a_frozen_scheduler_stops_a_runner_between_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The task layer alone: frozen while blocks are in flight, ClusterError saying how far
    it got; a runner made for a frozen scheduler raises at once."""
    with (
        scheduler_to_kill() as (address, server),
        distributed.Client(address, timeout=60, set_as_default=False) as remote,
    ):
        runner = _tasks.DaskRunner(remote)
        assert list(runner.map(_slow_block, 0.0, range(3))) == [0, 1, 2]  # the worker imports
        monkeypatch.setattr(TIMEOUTS, "heartbeat", 2.0)
        freeze = _freeze_on_first_report(server)
        error = outcome_within(
            CEILING, lambda: list(runner.map(_slow_block, 0.05, range(50), lambda i: freeze(i, 50)))
        )
        assert isinstance(error, ClusterError), repr(error)
        assert re.search(r"did not answer for 2 s .* after [1-9]\d* of 50 blocks", str(error))
        error = outcome_within(CEILING, lambda: _tasks.DaskRunner(remote))
        assert isinstance(error, ClusterError), repr(error)
        assert "before the run started" in str(error)
        os.kill(server.pid, signal.SIGCONT)
