"""Helpers for the distributed tests (a conftest holds fixtures only)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

#: The directory pytest puts on ``sys.path`` for the test packages.
TESTS_DIRECTORY = Path(__file__).resolve().parents[1]
#: Environment the worker processes must share with this one.
SHARED_ENVIRONMENT = ("NUMBA_CACHE_DIR", "SHOWDOWN_CACHE_DIR", "NUMBA_THREADING_LAYER")


def worker_environment() -> dict[str, str]:
    """Environment for worker processes: the caches (and a chosen threading layer) of this
    process, and the tests directory on the path so block functions defined in test
    modules are found by name, as pytest finds them here."""
    environment = {name: os.environ[name] for name in SHARED_ENVIRONMENT if name in os.environ}
    paths = [str(TESTS_DIRECTORY), *filter(None, [os.environ.get("PYTHONPATH")])]
    environment["PYTHONPATH"] = os.pathsep.join(paths)
    return environment


@contextlib.contextmanager
def scheduler_to_kill() -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """A one-worker cluster in a child process: its scheduler's address, and the process
    (kill it to lose the scheduler mid-run, stop it to freeze it). Killed on exit whatever
    happened, stopped or not."""
    script = textwrap.dedent(
        """
        import time
        from distributed import LocalCluster
        cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                               protocol="tcp", dashboard_address=":0")
        print(cluster.scheduler_address, flush=True)
        time.sleep(600)
        """
    )
    environment = {**os.environ, **worker_environment()}
    server = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=environment
    )
    try:
        assert server.stdout is not None
        yield server.stdout.readline().strip(), server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(server.pid, signal.SIGCONT)
        server.kill()
        server.wait()


@contextlib.contextmanager
def silent_server() -> Iterator[str]:
    """The address of a loopback server that accepts connections and never sends a byte
    (a wrong service, or a scheduler frozen before it could answer)."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []

    def accept() -> None:
        with contextlib.suppress(OSError):  # the listener closed
            while True:
                accepted.append(listener.accept()[0])

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for connection in accepted:
            connection.close()


def outcome_within(seconds: float, call: Callable[[], Any]) -> BaseException | None:
    """The exception ``call()`` raised (``None`` if it returned), failing if it is still
    running after ``seconds``: a hang fails the test instead of blocking the run. The
    limit is a generous ceiling, not a measurement."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:
            outcome.append(error)
        else:
            outcome.append(None)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"still waiting after {seconds:g} s: the call hangs"
    return outcome[0]
