"""Exact stud and draw equity: every deal, in blocks of prefixes (see ``_deal_kernels``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..._tasks import Runner, report_blocks
from ...evaluator import get_tables
from ..guard import WorkGuard, guarded
from ..result import Counters
from ..spot import Spot, count_deals
from ._deal_kernels import deal_kernel
from .plan import ExactPlan, items_per_block

#: Prefixes per run, at least (more blocks than threads, steady progress).
MIN_PREFIXES = 256


def deal_prefixes(slot_player: NDArray[np.int64], deck_size: int, depth: int) -> NDArray[np.int64]:
    """Deck positions of the first ``depth`` slots of every deal, in kernel order.

    A player's slots take increasing positions; other players' slots any
    position not yet taken.

    Examples
    --------
    >>> deal_prefixes(np.array([0, 0, 1]), 4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    >>> deal_prefixes(np.array([0, 1]), 3, 2).tolist()
    [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]]
    """
    rows: list[list[int]] = []

    def extend(prefix: list[int]) -> None:
        slot = len(prefix)
        if slot == depth:
            rows.append(list(prefix))
            return
        same = slot > 0 and slot_player[slot - 1] == slot_player[slot]
        start = prefix[-1] + 1 if same else 0
        for position in range(start, deck_size):
            if position not in prefix:
                extend([*prefix, position])

    extend([])
    if depth == 0:
        return np.zeros((1, 0), np.int64)
    return np.array(rows, np.int64).reshape(-1, depth)


class DealJob(NamedTuple):
    """What every block of a deal run shares (the evaluator tables are looked up where it runs)."""

    hilo: bool
    known: NDArray[np.uint8]
    known_length: NDArray[np.int64]
    slot_player: NDArray[np.int64]
    deck: NDArray[np.uint8]
    prefixes: NDArray[np.int64]
    size: int  # prefixes per block


def deal_block(job: DealJob, start: int) -> tuple[tuple[NDArray[Any], ...], int]:
    """Counters of every deal under prefixes ``start .. start + job.size - 1`` (a pure task)."""
    outputs = Counters.chunk_arrays(1, job.known.shape[0])
    deals = deal_kernel(
        job.hilo,
        job.known,
        job.known_length,
        job.slot_player,
        job.deck,
        job.prefixes,
        start,
        min(start + job.size, len(job.prefixes)),
        get_tables(),
        tuple(array[0] for array in outputs),
    )
    return outputs, deals


def run_deals(
    spot: Spot, plan: ExactPlan, progress: Callable[[int, int], None] | None, runner: Runner
) -> Counters:
    """Every deal of a stud or draw spot, in blocks run by ``runner``."""
    n_players = spot.n_players
    width = spot.game.hole_size
    known = np.zeros((n_players, width), np.uint8)
    known_length = np.zeros(n_players, np.int64)
    slots: list[int] = []
    for index, player in enumerate(spot.players):
        assert player.known is not None
        known[index, : player.known.size] = player.known
        known_length[index] = player.known.size
        slots += [index] * player.need
    slot_player = np.array(slots, np.int64)
    deck = np.ascontiguousarray(spot.deck, np.uint8)
    depth = 0
    prefixes = deal_prefixes(slot_player, deck.size, 0)
    while depth < slot_player.size and len(prefixes) < MIN_PREFIXES:
        depth += 1
        prefixes = deal_prefixes(slot_player, deck.size, depth)
    one_thread = min(plan.estimated_seconds * max(plan.threads, 1), plan.kernel_seconds)
    size = items_per_block(one_thread, len(prefixes))
    job = DealJob(spot.game.hilo, known, known_length, slot_player, deck, prefixes, size)
    starts = list(range(0, len(prefixes), size))
    total = Counters.empty(n_players)
    dealt = 0
    guard = WorkGuard(plan.estimated_evaluations, plan.estimated_seconds)
    blocks = runner.map(deal_block, job, starts, report_blocks(progress, len(starts)))
    for outputs, deals in guarded(blocks, guard, lambda _, block: float(block[1] * n_players)):
        total.add(Counters.from_chunks(outputs, 0))
        dealt += deals
    assert dealt == count_deals(spot)
    total.trials = dealt
    plan.details["evaluations"] = dealt * n_players
    return total
