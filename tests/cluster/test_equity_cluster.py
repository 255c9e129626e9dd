"""equity() on a Dask cluster: the local answer bit for bit, at any cut of tasks, through a kill."""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from showdown import _tasks, equity
from showdown.cli.main import main
from showdown.distributed import ClusterError
from showdown.equity.exact import driver as exact_module
from showdown.equity.exact import plan as plan_module
from showdown.equity.result import Counters, EquityResult
from showdown.equity.sampling import montecarlo
from showdown.equity.spot import cached_spot

from .helpers import scheduler_to_kill

pytest.importorskip("distributed")

RANGES = ["QQ+,AK", "22+,A2s+,KTo+", "random"]
FLOP = "Kd7c2h"


def assert_identical(got: EquityResult, expected: EquityResult) -> None:
    """Every field and every counter the same, floats to the last bit."""
    assert got.to_dict() == expected.to_dict()
    for name in ("equity", "stderr", "win", "tie"):
        assert np.array_equal(getattr(got, name), getattr(expected, name)), name
    _same_counters(got._counters, expected._counters)
    mine, theirs = got._counters.by_combo, expected._counters.by_combo
    assert (mine is None) == (theirs is None)
    if mine is not None and theirs is not None:
        assert mine.keys() == theirs.keys()
        for player, breakdown in mine.items():
            assert np.array_equal(breakdown.cards, theirs[player].cards)
            _same_counters(breakdown.counters, theirs[player].counters)


def _same_counters(got: Counters, expected: Counters) -> None:
    for name in ("counts", "scoop", "share_any", "sum_squares", "categories"):
        first, second = getattr(got, name), getattr(expected, name)
        assert first.dtype == second.dtype and np.array_equal(first, second), name
    assert np.array_equal(got.trials, expected.trials)


# ----------------------------------------------------------------------------- Monte Carlo
@pytest.fixture(scope="module")
def sampled() -> EquityResult:
    """Ten chunks and a bit, three ranges, per-combo counters: the local answer."""
    return equity(RANGES, board=FLOP, samples=10 * 32_768 + 999, seed=5, threads=1, combos=True)


@pytest.mark.parametrize("task_chunks", [1, 4, 32])
def test_sampling_on_the_cluster_is_the_local_run(
    client: Any, sampled: EquityResult, task_chunks: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(montecarlo, "TASK_CHUNKS", task_chunks)
    reports: list[tuple[int, int]] = []
    got = equity(
        RANGES,
        board=FLOP,
        samples=10 * 32_768 + 999,
        seed=5,
        combos=True,
        client=client,
        progress=lambda done, total: reports.append((done, total)),
    )
    assert_identical(got, sampled)
    done = [report[0] for report in reports]
    assert done == sorted(done) and reports[-1] == (sampled.trials, sampled.trials)


def test_a_standard_error_target_stops_at_the_local_deal(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tasks run ahead of the rounds; the run still stops after the same round."""
    options: dict[str, Any] = {"target_stderr": 2e-3, "seed": 11}
    expected = equity(["AsKs", "QQ"], threads=2, **options)
    monkeypatch.setattr(montecarlo, "TASK_CHUNKS", 5)
    got = equity(["AsKs", "QQ"], client=client, **options)
    assert_identical(got, expected)
    assert got.target_met and got.trials < 20 * 32_768  # stopped early, not at the cap


# ----------------------------------------------------------------------------- exact
@pytest.fixture()
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cheap spots cut into many blocks, and sent to the cluster although they are quick."""
    monkeypatch.setattr(exact_module, "LOCAL_SECONDS", 0.0)
    monkeypatch.setattr(plan_module, "BLOCK_SECONDS", 0.02)


@pytest.mark.parametrize(
    ("players", "board", "game", "method"),
    [
        (["QQ+,AK", "22+,A2s+", "random"], "Kd7c2h5s", "holdem", "join"),
        (["AsKsQdJd", "8h8d6c6d", "random"], "Kd7c2h5s9c", "omaha", "classes"),
        (["AsAd2c3d4h", "KsKd5c6d7h"], "", "stud", "deals"),
    ],
    ids=["join", "omaha classes", "stud deals"],
)
@pytest.mark.usefixtures("small_blocks")
def test_exact_runs_on_the_cluster_give_the_local_counts(
    client: Any, players: list[str], board: str, game: str, method: str
) -> None:
    combos = game != "stud"  # per-combo counters come back from the blocks too
    expected = equity(players, board=board, game=game, exact=True, threads=2, combos=combos)
    blocks: list[int] = []
    got = equity(
        players,
        board=board,
        game=game,
        exact=True,
        threads=2,
        combos=combos,
        client=client,
        progress=lambda done, total: blocks.append(total),
    )
    assert_identical(got, expected)
    plan = exact_module.cached_plan(cached_spot(players, board, None, game), 2, True)
    assert plan.method == method  # the path the test is named after
    assert blocks and 3 <= blocks[-1] <= 100, blocks[-1]  # several blocks went to the cluster


def test_quick_spots_run_here_even_with_a_client(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The preflop table, known hands and small ranges take milliseconds: no task is sent."""

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("a quick spot was sent to the cluster")

    monkeypatch.setattr(_tasks.DaskRunner, "map", refuse)
    for players, board in ((["AhKh", "QsQd"], ""), (["AsKs", "QQ"], ""), (["AsKs", "QQ+"], FLOP)):
        assert_identical(equity(players, board=board, client=client), equity(players, board=board))


# ----------------------------------------------------------------------------- failures
def test_a_worker_killed_mid_run_changes_nothing(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Omaha deals in one-chunk tasks: the kill lands while tasks are running."""
    options: dict[str, Any] = {"game": "omaha", "samples": 60 * 32_768, "seed": 2}
    players = ["AsKsQdJd", "random"]
    expected = equity(players, threads=1, **options)
    monkeypatch.setattr(montecarlo, "TASK_CHUNKS", 1)
    victim = sorted(client.run(os.getpid).values())[-1]
    killed: list[int] = []

    def kill_once(done: int, total: int) -> None:
        if done > 0 and not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    assert_identical(equity(players, client=client, progress=kill_once, **options), expected)
    assert killed and killed[0] < options["samples"] // 2
    client.wait_for_workers(2, timeout=120)  # the nanny restarts it for later tests


def test_a_lost_scheduler_raises_instead_of_hanging(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scheduler dies mid-run: ClusterError, not a wait for blocks that never come."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(montecarlo, "TASK_CHUNKS", 1)
    with (
        scheduler_to_kill() as (address, server),
        distributed.Client(address, timeout=60, set_as_default=False) as remote,
    ):

        def stop_scheduler(done: int, total: int) -> None:
            if done > 0:
                server.kill()

        with pytest.raises(ClusterError, match="lost the Dask scheduler"):
            equity(
                ["AsKs", "QQ"], samples=400 * 32_768, seed=1, client=remote, progress=stop_scheduler
            )


def test_without_dask_the_message_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    with pytest.raises(ImportError, match=r"pip install -e '\.\[dask\]'"):
        equity(["AsKs", "QQ"], scheduler="tcp://127.0.0.1:8786")


def test_bad_cluster_arguments_are_refused_before_any_work(client: Any) -> None:
    with pytest.raises(ValueError, match="client= and scheduler= are alternatives"):
        equity(["AsKs", "QQ"], client=client, scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(ValueError, match=r"client: expected a dask\.distributed\.Client"):
        equity(["AsKs", "QQ"], client="tcp://127.0.0.1:8786")


# ----------------------------------------------------------------------------- command line
EQUITY = ("equity", "AsKs", "QQ+", "random", "--board", FLOP, "--samples", "70000", "--seed", "3")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_command_on_the_cluster_prints_the_local_answer(cluster: Any) -> None:
    code, local, err = run(*EQUITY, "--json")
    assert code == 0, err
    code, remote, err = run(*EQUITY, "--json", "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    assert json.loads(remote) == json.loads(local)
    code, text, _ = run("equity", "--help")
    assert code == 0 and "--scheduler ADDRESS" in text


def test_command_errors_name_the_scheduler_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_tasks.TIMEOUTS, "connect", 1.0)
    code, _, err = run(*EQUITY, "--scheduler", "tcp://127.0.0.1:9")
    assert code == 1
    assert "Error: --scheduler: no Dask scheduler answered at 'tcp://127.0.0.1:9'" in err
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    code, _, err = run(*EQUITY, "--scheduler", "tcp://127.0.0.1:9")
    assert code == 1
    assert "Error: --scheduler: client=/scheduler= needs Dask: pip install -e '.[dask]'" in err


def _process_of_block(_shared: object, _item: int) -> int:
    return os.getpid()


def test_blocks_are_spread_over_the_workers(client: Any) -> None:
    """Not all queued on the worker holding the shared object (Dask's default placement)."""
    shared = np.zeros(1 << 20, np.uint8)  # big enough that moving it looks costly to Dask
    ran_in = set(_tasks.DaskRunner(client).map(_process_of_block, shared, range(8)))
    assert ran_in == set(client.run(os.getpid).values())
