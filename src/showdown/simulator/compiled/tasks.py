"""The compiled engine on a Dask cluster: groups of tables as tasks.

Tables never interact: each has its own random streams (column ``k`` of
:func:`.cards.table_streams` for table ``k``), stacks and button, and plays a number
of hands fixed by the session (``hands // tables``, one more for the first
``hands % tables``). So a group of consecutive tables is a pure task: given
the session, it plays its tables to the end and returns their counters. The
groups' counters are put back in table order and merged exactly as a local
run merges its tables (integer counts and chips summed, payoff moments merged
table by table in table order), so the :class:`SimulationResult` is the same
at any number of workers, and the same as a local run with the same seed.

Tables, not hands, are the unit: a table's hands follow one another. A run of
``hands`` hands on ``tables`` tables is cut into at most
:data:`GROUPS_PER_WORKER_THREAD` groups per worker thread of the cluster, so
a cluster needs ``tables`` of at least a few times its worker threads to be
kept busy (``simulate(tables=...)``; the default, 64, suits small clusters).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from ..._tasks import DaskRunner
from . import layout
from .prepare import (
    Session,
    evaluators,
    new_records,
    new_results,
    new_state,
    per_table_hands,
    session_kernel,
)

__all__ = ["GROUPS_PER_WORKER_THREAD", "GroupRun", "play_group", "run_on_cluster"]

#: Groups of tables per worker thread: enough to balance the load, few enough
#: that each task lasts long next to the scheduler's overhead (~1 ms a task).
GROUPS_PER_WORKER_THREAD = 4


class SessionJob(NamedTuple):
    """What every group task shares: the session, its length and the hands per kernel call
    (the engine's, passed in: the engine sits above this module)."""

    session: Session
    hands: int
    chunk_hands: int


class GroupRun(NamedTuple):
    """Results of tables ``first .. first + len(showdowns) - 1`` after the whole session."""

    first: int
    counters: np.ndarray  # int64 (group, players, N_COUNTERS)
    moments: np.ndarray  # float64 (group, players, 2)
    showdowns: np.ndarray  # int64 (group,)
    net: list[int]  # chips won per seat over the group, exact
    stacks: np.ndarray  # int64 (group, players): stacks after the last hand


def play_group(job: SessionJob, group: tuple[int, int]) -> GroupRun:
    """Play tables ``group[0] .. group[1] - 1`` through the whole session (a pure task).

    The calls cut the session as a local run without progress does (whole
    rounds of ``job.chunk_hands`` hands); how it is cut changes nothing, since a
    table's hands follow one another whatever the call boundaries.
    """
    session, hands, chunk_hands = job
    first, last = group
    tables, rules = session.tables, session.rules
    kernel = session_kernel(session)
    state = new_state(session)
    results = new_results(session)
    records = new_records(session, 0)
    scratch = layout.new_scratch(rules.players, rules.hole_count)
    evaluator = evaluators(session.short_deck)
    chunk = max(tables, chunk_hands // tables * tables)
    net = [0] * rules.players
    done = 0
    while done < hands:
        size = min(chunk, hands - done)
        per_table = per_table_hands(tables, size)
        kernel(
            first,
            last,
            per_table,
            rules,
            session.seats,
            state,
            results,
            records,
            scratch,
            evaluator,
        )
        # Per-call int64 net results are bounded (results.MAX_CHIPS); the sum is a Python int.
        for seat, chips in enumerate(results.net[first:last].sum(axis=0).tolist()):
            net[seat] += chips
        results.net[first:last] = 0
        done += size
    return GroupRun(
        first=first,
        counters=results.counters[first:last].copy(),
        moments=results.moments[first:last].copy(),
        showdowns=results.showdowns[first:last].copy(),
        net=net,
        stacks=state.stacks[first:last].copy(),
    )


def table_groups(tables: int, slots: int) -> list[tuple[int, int]]:
    """Consecutive groups of tables, :data:`GROUPS_PER_WORKER_THREAD` per slot at most.

    Examples
    --------
    >>> table_groups(10, 1)
    [(0, 2), (2, 5), (5, 7), (7, 10)]
    """
    count = max(1, min(tables, GROUPS_PER_WORKER_THREAD * slots))
    edges = np.linspace(0, tables, count + 1).astype(np.int64).tolist()
    return [(edges[k], edges[k + 1]) for k in range(count)]


def run_on_cluster(
    session: Session,
    *,
    hands: int,
    client: Any,
    chunk_hands: int,
    progress: Callable[[int, int], object] | None = None,
) -> tuple[layout.Results, list[int], np.ndarray]:
    """Play the session as group tasks on ``client``'s cluster; the same run as locally.

    Returns every table's results, the exact chips won per seat and the final
    stacks, which the engine turns into its run (``engine.finish_run``).
    ``progress(hands_done, hands)`` is called as each group finishes.
    """
    runner = DaskRunner(client, label="simulate")
    groups = table_groups(session.tables, runner.slots)
    table_hands = per_table_hands(session.tables, hands)
    group_hands = [int(table_hands[first:last].sum()) for first, last in groups]
    finished = [0]

    def on_done(index: int) -> None:
        finished[0] += group_hands[index]
        if progress is not None:
            progress(finished[0], hands)

    results = new_results(session)
    stacks = new_state(session).stacks
    net = [0] * session.rules.players
    job = SessionJob(session, hands, chunk_hands)
    for run in runner.map(play_group, job, groups, on_done):
        last = run.first + run.showdowns.size
        results.counters[run.first : last] = run.counters
        results.moments[run.first : last] = run.moments
        results.showdowns[run.first : last] = run.showdowns
        stacks[run.first : last] = run.stacks
        net = [total + chips for total, chips in zip(net, run.net, strict=True)]
    return results, net, stacks
