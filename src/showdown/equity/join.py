"""Exact hold'em equity by joining ranges on each complete board (see ``_join_kernels``)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..evaluator import get_tables
from ._join_kernels import join_kernel
from .plan import JOIN_STEP, ExactPlan
from .result import Counters
from .spot import Spot

#: Target seconds of one kernel call.
BLOCK_SECONDS = 0.15

RunBlocks = Callable[
    [list[Callable[[], Any]], int, Callable[[int, int], None] | None], Iterator[Any]
]


def complete_boards(spot: Spot) -> NDArray[np.uint8]:
    """Every completion of the known board from the deck, ``(B, 5)``."""
    missing = spot.board_missing
    chosen = list(itertools.combinations(spot.deck.tolist(), missing))
    extra = np.array(chosen, np.uint8).reshape(len(chosen), missing)
    known = np.broadcast_to(spot.board, (extra.shape[0], spot.board.size))
    return np.ascontiguousarray(np.concatenate([known, extra], axis=1), np.uint8)


def _weight_classes(spot: Spot) -> list[tuple[float, list[NDArray[np.uint8]]]]:
    """(product weight, each player's combos of that weight) for every mix of weights."""
    per_player = []
    for player in spot.players:
        hand_range = player.hand_range
        assert hand_range is not None
        weights = hand_range.weights
        per_player.append([(float(w), hand_range.combos[weights == w]) for w in np.unique(weights)])
    mixes = []
    for choice in itertools.product(*per_player):
        weight = float(np.prod([w for w, _ in choice]))
        mixes.append((weight, [combos for _, combos in choice]))
    return mixes


def run_join(
    spot: Spot, plan: ExactPlan, progress: Callable[[int, int], None] | None, run_blocks: RunBlocks
) -> Counters:
    """Every complete board, every joint holding, counted against the largest range."""
    tables = get_tables()
    n_players = spot.n_players
    largest = int(plan.details["largest"])
    boards = complete_boards(spot)
    mixes = _weight_classes(spot)
    per_board = plan.estimated_seconds * max(plan.threads, 1) / (len(boards) * len(mixes))
    size = max(1, int(BLOCK_SECONDS / max(per_board, 1e-9)))
    # A board that alone takes longer than a block is split over the first
    # looped player's holdings, so every kernel call stays short.
    splits = max(1, int(np.ceil(per_board / BLOCK_SECONDS))) if size == 1 else 1
    first_looped = 1 if largest == 0 else 0

    def task(
        combos: NDArray[np.uint8], starts: NDArray[np.int64], start: int, split: tuple[int, int]
    ) -> Callable[[], tuple[tuple[NDArray[Any], NDArray[Any]], int, int]]:
        def call() -> tuple[tuple[NDArray[Any], NDArray[Any]], int, int]:
            counts = np.zeros((n_players, 3, n_players + 1), np.int64)
            categories = np.zeros((n_players, 10), np.int64)
            deals, steps = join_kernel(
                boards,
                start,
                min(start + size, len(boards)),
                combos,
                starts,
                largest,
                split[0],
                split[1],
                tables,
                counts,
                categories,
            )
            return (counts, categories), deals, steps

        return call

    tasks = []
    task_weight = []
    for weight, ranges in mixes:
        combos = np.ascontiguousarray(np.concatenate(ranges), np.uint8)
        starts = np.cumsum([0] + [len(r) for r in ranges]).astype(np.int64)
        low, high = int(starts[first_looped]), int(starts[first_looped + 1])
        edges = np.linspace(low, high, splits + 1).round().astype(int)
        for start in range(0, len(boards), size):
            for split in zip(edges[:-1].tolist(), edges[1:].tolist(), strict=True):
                tasks.append(task(combos, starts, start, split))
                task_weight.append(weight)
    totals: dict[float, Counters] = {}
    evaluations = 0.0
    for index, ((counts, categories), deals, steps) in enumerate(
        run_blocks(tasks, plan.threads, progress)
    ):
        part = Counters.empty(n_players)
        part.counts += counts
        part.categories += categories
        part.trials = deals
        totals.setdefault(task_weight[index], Counters.empty(n_players)).add(part)
        evaluations += JOIN_STEP * (n_players - 1) * steps
    result = Counters.empty(n_players)
    for weight, total in totals.items():
        result.add(total, weight)
    if result.trials == 0:
        raise ValueError("players: the hands and ranges share cards in every combination")
    sizes = sum(len(p.hand_range) for p in spot.players if p.hand_range is not None)
    plan.details["evaluations"] = evaluations + len(boards) * sizes
    return result
