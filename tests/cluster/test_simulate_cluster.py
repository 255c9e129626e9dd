"""simulate() on a Dask cluster: the local result, at any grouping, through a worker kill."""

from __future__ import annotations

import dataclasses
import os
import signal
from typing import Any

import pytest

from showdown import simulate
from showdown.simulator import SimulationResult
from showdown.simulator.compiled import tasks

pytest.importorskip("distributed")

GAME = "nlhe"
AGENTS = ["random", "call", "strength"]


def _session(**options: Any) -> SimulationResult:
    """A short session (the hold'em kernel only: every test here shares its compile)."""
    result = simulate(GAME, AGENTS, **{"hands": 3_001, "seed": 17, "tables": 12, **options})
    return dataclasses.replace(result, seconds=0.0, startup_seconds=0.0)


@pytest.fixture(scope="module")
def local() -> SimulationResult:
    return _session(threads=1)


def test_the_cluster_plays_the_local_session(client: Any, local: SimulationResult) -> None:
    reports: list[tuple[int, int]] = []
    got = _session(client=client, progress=lambda done, total: reports.append((done, total)))
    assert got == local
    assert _session(threads=2) == local
    done = [report[0] for report in reports]
    assert done == sorted(done) and reports[-1] == (3_001, 3_001)


@pytest.mark.parametrize("per_thread", [1, 5, 100])
def test_the_grouping_of_tables_changes_nothing(
    client: Any, local: SimulationResult, per_thread: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One group per worker, a few, or one table per task: the same result."""
    monkeypatch.setattr(tasks, "GROUPS_PER_WORKER_THREAD", per_thread)
    assert _session(client=client) == local


def test_a_scheduler_address_works_like_a_client(cluster: Any, local: SimulationResult) -> None:
    assert _session(scheduler=cluster.scheduler_address) == local


def test_without_a_seed_the_tables_still_agree(client: Any) -> None:
    """seed=None draws the tables' streams once, not once per task."""
    result = simulate(GAME, AGENTS, hands=600, tables=6, client=client)
    assert sum(result.net) == 0
    assert [seat.hands for seat in result.seats] == [600] * 3


def test_a_worker_killed_mid_session_changes_nothing(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Long enough (about a second of play) that the kill lands while tables are playing."""
    long = {"hands": 300_000, "seed": 3}
    expected = _session(threads=1, **long)
    monkeypatch.setattr(tasks, "GROUPS_PER_WORKER_THREAD", 6)  # one table per task
    victim = sorted(client.run(os.getpid).values())[-1]
    killed: list[int] = []

    def kill_once(done: int, total: int) -> None:
        if not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    assert _session(client=client, progress=kill_once, **long) == expected
    assert killed and killed[0] < 300_000 // 2
    client.wait_for_workers(2, timeout=120)


def test_sessions_the_cluster_cannot_play_are_refused_at_once(client: Any) -> None:
    with pytest.raises(ValueError, match=r"only the compiled engine .*record_histories"):
        simulate(GAME, AGENTS, hands=10, record_histories=True, client=client)
    with pytest.raises(ValueError, match=r"only the compiled engine .*engine='python'"):
        simulate(GAME, AGENTS, hands=10, engine="python", client=client)
    with pytest.raises(ValueError, match=r"client: expected a dask\.distributed\.Client"):
        simulate(GAME, AGENTS, hands=10, client="tcp://127.0.0.1:8786")
    with pytest.raises(ValueError, match="alternatives"):
        simulate(GAME, AGENTS, hands=10, client=client, scheduler="tcp://127.0.0.1:8786")
