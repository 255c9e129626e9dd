"""A two-worker Dask ``LocalCluster`` against local runs: speed-up and cost per task.

Run with ``pytest benchmarks/test_bench_distributed.py`` (needs
``pip install 'showdown[dask]'``). The cluster has two worker processes of one
thread each, on the same machine as the client, so on two cores the best
possible speed-up over one local thread is 2x, and local threads (no
serialisation, no scheduler) are the bar to meet. Measured side by side:

- a large Monte Carlo equity (three ranges on a flop, 30 M deals; tasks of
  ``montecarlo.TASK_CHUNKS`` chunks, the default and a smaller and a larger one);
- a large compiled simulation (6-max hold'em, 64 tables in groups);
- the cost of one task: a no-op block mapped over many tasks;
- lazy evaluation of a Dask array of hands against one numpy call.

Each test stores its throughput in ``extra_info`` (and the task size chosen);
``conftest.py`` prints the table. Workers get this process's cache
directories, so they load the kernels warmed up here instead of compiling.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from showdown import equity, evaluate, simulate
from showdown._tasks import DaskRunner, ThreadRunner
from showdown.equity.sampling import montecarlo
from showdown.simulator.compiled import tasks as simulator_tasks

distributed = pytest.importorskip("distributed")
dask_array = pytest.importorskip("dask.array")

SEED = 20261129
SIMULATED_HANDS = 2_000_000
SIMULATED_TABLES = 64
NO_OP_TASKS = 400
EVALUATED_HANDS = 20_000_000
EVALUATED_CHUNK = 2_000_000
EQUITY_PLAYERS = ["QQ+,AK", "22+,A2s+,KTo+", "random"]
EQUITY_BOARD = "Kd7c2h"
EQUITY_DEALS = 30_000_000


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """Two worker processes, one thread each, sharing this process's caches."""
    environment = {
        name: os.environ[name]
        for name in ("NUMBA_CACHE_DIR", "SHOWDOWN_CACHE_DIR")
        if name in os.environ
    }
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
            env=environment,
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as connected,
    ):
        connected.wait_for_workers(2, timeout=120)
        yield connected


# ----------------------------------------------------------------------------- simulation
def _simulate(**options: Any) -> int:
    result = simulate(
        "nlhe",
        ["random", "call"],
        hands=SIMULATED_HANDS,
        players=6,
        seed=SEED,
        tables=SIMULATED_TABLES,
        **options,
    )
    assert sum(result.net) == 0
    return result.hands


@pytest.mark.parametrize("threads", [1, 2])
def test_simulate_locally(benchmark: Any, throughputs: Any, threads: int) -> None:
    simulate("nlhe", ["random", "call"], hands=2_000, players=6, seed=SEED)  # load the kernel
    benchmark.pedantic(_simulate, kwargs={"threads": threads}, rounds=3, warmup_rounds=0)
    throughputs.record(
        benchmark, f"simulate nlhe 6-max, local, {threads} thread(s)", SIMULATED_HANDS
    )


def test_simulate_on_two_workers(benchmark: Any, throughputs: Any, client: Any) -> None:
    groups = simulator_tasks.table_groups(SIMULATED_TABLES, 2)
    _simulate(client=client)  # workers load the kernel
    benchmark.pedantic(_simulate, kwargs={"client": client}, rounds=3, warmup_rounds=0)
    benchmark.extra_info["tasks"] = len(groups)
    benchmark.extra_info["tables_per_task"] = SIMULATED_TABLES / len(groups)
    label = "simulate nlhe 6-max, 2-worker LocalCluster"
    throughputs.record(benchmark, label, SIMULATED_HANDS, target="<= 2x one thread")
    throughputs.compare(label, "simulate nlhe 6-max, local, 1 thread(s)")
    throughputs.compare(label, "simulate nlhe 6-max, local, 2 thread(s)")


# ----------------------------------------------------------------------------- equity
def _equity(**options: Any) -> float:
    result = equity(EQUITY_PLAYERS, board=EQUITY_BOARD, samples=EQUITY_DEALS, seed=SEED, **options)
    assert result.trials == EQUITY_DEALS
    return float(result.equity[0])


@pytest.mark.parametrize("threads", [1, 2])
def test_equity_locally(benchmark: Any, throughputs: Any, threads: int) -> None:
    equity(EQUITY_PLAYERS, board=EQUITY_BOARD, samples=1_000, seed=SEED)  # load the kernel
    benchmark.pedantic(_equity, kwargs={"threads": threads}, rounds=3, warmup_rounds=0)
    label = f"equity 3 ranges on a flop, 30 M deals, local, {threads} thread(s)"
    throughputs.record(benchmark, label, EQUITY_DEALS, "deals")


@pytest.mark.parametrize("task_chunks", [8, 32, 128])
def test_equity_on_two_workers(
    benchmark: Any, throughputs: Any, client: Any, task_chunks: int, monkeypatch: Any
) -> None:
    """Tasks of ``task_chunks`` chunks of 32,768 deals (32, about 1 M deals, is the default)."""
    monkeypatch.setattr(montecarlo, "TASK_CHUNKS", task_chunks)
    expected = _equity(threads=1)
    assert _equity(client=client) == expected  # workers load the kernel; the local answer
    benchmark.pedantic(_equity, kwargs={"client": client}, rounds=3, warmup_rounds=0)
    benchmark.extra_info["deals_per_task"] = task_chunks * montecarlo.CHUNK_DEALS
    benchmark.extra_info["tasks"] = -(-EQUITY_DEALS // (task_chunks * montecarlo.CHUNK_DEALS))
    label = (
        f"equity 3 ranges on a flop, 30 M deals, 2-worker LocalCluster, {task_chunks} chunks/task"
    )
    throughputs.record(benchmark, label, EQUITY_DEALS, "deals", target="<= 2x one thread")
    throughputs.compare(label, "equity 3 ranges on a flop, 30 M deals, local, 1 thread(s)")
    throughputs.compare(label, "equity 3 ranges on a flop, 30 M deals, local, 2 thread(s)")


# ----------------------------------------------------------------------------- cost of a task
def _no_op(shared: int, item: int) -> int:
    return shared + item


def test_task_overhead_on_two_workers(benchmark: Any, throughputs: Any, client: Any) -> None:
    """Round trip of a block doing nothing: the cost a task must outweigh."""

    def run() -> None:
        assert sum(DaskRunner(client).map(_no_op, 0, range(NO_OP_TASKS))) == sum(range(NO_OP_TASKS))

    run()
    benchmark.pedantic(run, rounds=3, warmup_rounds=0)
    rate = throughputs.record(benchmark, "no-op tasks, 2-worker LocalCluster", NO_OP_TASKS, "tasks")
    if rate is not None:
        benchmark.extra_info["seconds_per_task"] = 1 / rate.per_second


def test_task_overhead_on_threads(benchmark: Any, throughputs: Any) -> None:
    benchmark.pedantic(
        lambda: list(ThreadRunner(2).map(_no_op, 0, range(NO_OP_TASKS))), rounds=3, warmup_rounds=0
    )
    throughputs.record(benchmark, "no-op tasks, 2 local threads", NO_OP_TASKS, "tasks")


# ----------------------------------------------------------------------------- dask arrays
@pytest.fixture(scope="module")
def stored_hands(deal: Any) -> np.ndarray:
    """Random 7-card hands, as a file of hands would hold them."""
    return deal(EVALUATED_HANDS, 7)


def test_evaluate_numpy(benchmark: Any, throughputs: Any, stored_hands: np.ndarray) -> None:
    evaluate(stored_hands[:1_000])
    benchmark.pedantic(evaluate, args=(stored_hands,), rounds=3, warmup_rounds=0)
    throughputs.record(benchmark, "evaluate 7 cards, numpy, all threads", EVALUATED_HANDS)


def test_evaluate_dask_array(benchmark: Any, throughputs: Any, stored_hands: np.ndarray) -> None:
    lazy = evaluate(dask_array.from_array(stored_hands, chunks=(EVALUATED_CHUNK, 7)))
    benchmark.pedantic(lazy.compute, rounds=3, warmup_rounds=0)
    benchmark.extra_info["hands_per_chunk"] = EVALUATED_CHUNK
    label = "evaluate 7 cards, dask array (threads)"
    throughputs.record(benchmark, label, EVALUATED_HANDS)
    throughputs.compare(label, "evaluate 7 cards, numpy, all threads")
