"""Exact equity by joining ranges on each complete board (see ``_join_kernels``).

Omaha runs the same blocks with its own kernel (``omaha_join``).

The kernel counts integers, so weighted ranges are joined once per mix of
weights (one distinct weight of each player) and the mixes' counters added
times their weights, then put in deals (``weighting``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..._tasks import Runner, report_blocks
from ...evaluator import get_tables
from ..guard import WorkGuard, guarded
from ..result import Counters
from ..spot import Spot
from ..weighting import WeightedTotal
from . import plan as plan_module
from ._join_kernels import join_combos_kernel, join_kernel
from .plan import JOIN_STEP, ExactPlan, items_per_block

#: The plain join kernel's per-combo deals argument (never read).
_NO_DEALS = np.zeros(1, np.int64)


def complete_boards(spot: Spot) -> NDArray[np.uint8]:
    """Every completion of the known board from the deck, ``(B, 5)``."""
    missing = spot.board_missing
    chosen = list(itertools.combinations(spot.deck.tolist(), missing))
    extra = np.array(chosen, np.uint8).reshape(len(chosen), missing)
    known = np.broadcast_to(spot.board, (extra.shape[0], spot.board.size))
    return np.ascontiguousarray(np.concatenate([known, extra], axis=1), np.uint8)


def _weight_classes(
    spot: Spot,
) -> list[tuple[float, list[NDArray[np.uint8]], list[NDArray[np.int64]]]]:
    """(product weight, each player's combos of that weight, their rows in the player's range)
    for every mix of weights."""
    per_player = []
    for player in spot.players:
        hand_range = player.hand_range
        assert hand_range is not None
        weights = hand_range.weights
        per_player.append(
            [
                (float(w), hand_range.combos[weights == w], np.flatnonzero(weights == w))
                for w in np.unique(weights)
            ]
        )
    mixes = []
    for choice in itertools.product(*per_player):
        weight = float(np.prod([w for w, _, _ in choice]))
        mixes.append((weight, [combos for _, combos, _ in choice], [rows for _, _, rows in choice]))
    return mixes


class JoinJob(NamedTuple):
    """What every block of a join run shares (the evaluator tables are looked up where it runs)."""

    boards: NDArray[np.uint8]
    #: Per mix of weights: every player's combos one after the other, and where each starts.
    rows: list[tuple[NDArray[np.uint8], NDArray[np.int64]]]
    largest: int
    size: int  # boards per block
    combos: bool


def join_block(
    job: JoinJob, item: tuple[int, int, int, int]
) -> tuple[tuple[NDArray[Any], ...], int, int]:
    """Counters of one mix of weights on boards ``start ..`` (a pure task).

    ``item`` is ``(mix, start, low, high)``: the first looped player's combos
    ``low .. high - 1`` only (a board too long for one block is split there).
    Returns the counters, the deals counted and the join steps taken.
    """
    mix, start, low, high = item
    rows, starts = job.rows[mix]
    n_players = starts.size - 1
    counts = np.zeros((n_players, 3, n_players + 1), np.int64)
    categories = np.zeros((n_players, 10), np.int64)
    arguments = (
        job.boards,
        start,
        min(start + job.size, len(job.boards)),
        rows,
        starts,
        job.largest,
        low,
        high,
        get_tables(),
        counts,
        categories,
    )
    if not job.combos:
        deals, steps = join_kernel(*arguments, counts, _NO_DEALS)  # stand-ins, unread
        return (counts, categories), deals, steps
    combo_counts = np.zeros((len(rows), 3, n_players + 1), np.int64)
    combo_deals = np.zeros(len(rows), np.int64)
    deals, steps = join_combos_kernel(*arguments, combo_counts, combo_deals)
    return (counts, categories, combo_counts, combo_deals), deals, steps


def run_join(
    spot: Spot,
    plan: ExactPlan,
    progress: Callable[[int, int], None] | None,
    runner: Runner,
    *,
    combos: bool = False,
) -> Counters:
    """Every complete board, every joint holding, counted against the largest range.

    With ``combos``, the kernel counts per combo as well (``join_combos_kernel``).
    Blocks of boards run on ``runner``.
    """
    if combos and spot.game.omaha and spot.game.hilo:
        # The driver sends such runs to board classes.
        raise ValueError("combos: the Omaha hi-lo join counts no per-combo counters")
    n_players = spot.n_players
    largest = int(plan.details["largest"])
    boards = complete_boards(spot)
    mixes = _weight_classes(spot)
    one_thread = min(plan.estimated_seconds * max(plan.threads, 1), plan.kernel_seconds)
    size = items_per_block(one_thread, len(boards) * len(mixes))
    # A board that alone takes longer than a block is split over the first
    # looped player's holdings, so every kernel call stays short.
    per_board = one_thread / (len(boards) * len(mixes))
    splits = max(1, int(np.ceil(per_board / plan_module.BLOCK_SECONDS))) if size == 1 else 1
    omaha = spot.game.omaha
    first_looped = 1 if largest == 0 else 0
    if omaha:  # split over the longest looped range (the hero's one hand would not split)
        sizes = [len(p.hand_range) if p.hand_range is not None else 0 for p in spot.players]
        first_looped = max((p for p in range(n_players) if p != largest), key=sizes.__getitem__)

    rows_by_mix = []
    items = []
    for mix, (_, ranges, _) in enumerate(mixes):
        rows = np.ascontiguousarray(np.concatenate(ranges), np.uint8)
        starts = np.cumsum([0] + [len(r) for r in ranges]).astype(np.int64)
        rows_by_mix.append((rows, starts))
        low, high = int(starts[first_looped]), int(starts[first_looped + 1])
        edges = np.linspace(low, high, splits + 1).round().astype(int)
        for start in range(0, len(boards), size):
            for split in zip(edges[:-1].tolist(), edges[1:].tolist(), strict=True):
                items.append((mix, start, *split))
    job: Any = JoinJob(boards, rows_by_mix, largest, size, combos)
    block: Any = join_block
    if omaha:
        from .omaha_join import OmahaJoinJob, omaha_join_block, omaha_join_inputs

        looped = [p != largest and not spot.is_fixed(p) for p in range(n_players)]
        inputs = [omaha_join_inputs(ranges, largest, looped) for _, ranges, _ in mixes]
        job = OmahaJoinJob(boards, inputs, largest, first_looped, size, combos, spot.game.hilo)
        block = omaha_join_block

    def work(index: int, steps: int) -> float:
        # What the kernel did for item ``index``: every combo of its mix valued on each of
        # its boards, and ``steps`` joint holdings of the others counted.
        mix, start = items[index][:2]
        n_boards = min(start + size, len(boards)) - start
        return float(n_boards * len(rows_by_mix[mix][0]) + JOIN_STEP * (n_players - 1) * steps)

    total = WeightedTotal(n_players)
    weighted = len({weight for weight, _, _ in mixes}) > 1
    combo_sums = _ComboTotals(spot, weighted) if combos else None
    # Per-combo counters cost more (the Omaha plan says how much).
    seconds = plan.estimated_seconds + (plan.details.get("combo_seconds", 0.0) if combos else 0.0)
    guard = WorkGuard(plan.estimated_evaluations, seconds)
    evaluations = 0.0
    blocks = runner.map(block, job, items, report_blocks(progress, len(items)))
    for index, (outputs, deals, steps) in enumerate(
        guarded(blocks, guard, lambda index, block: work(index, block[2]))
    ):
        weight, ranges, range_rows = mixes[items[index][0]]
        part = Counters.empty(n_players)
        part.counts += outputs[0]
        part.categories += outputs[1]
        part.trials = deals
        if len(outputs) == 5:  # hi-lo: the split pots' scoops, shares and squared shares
            part.scoop += outputs[2]
            part.share_any += outputs[3]
            part.sum_squares += outputs[4]
        total.add(part, weight)
        evaluations += work(index, steps)
        if combo_sums is not None:
            combo_sums.add(weight, range_rows, outputs[2], outputs[3])
    if total.deals == 0:
        raise ValueError("players: the hands and ranges share cards in every combination")
    result = total.counters()
    if combo_sums is not None:
        result.by_combo = combo_sums.breakdowns(total.factor)
    plan.details["evaluations"] = evaluations
    return result


class _ComboTotals:
    """Each player's per-combo counters, added up from the join's per-row ones."""

    def __init__(self, spot: Spot, weighted: bool) -> None:
        self.spot = spot
        n_players = spot.n_players
        self.weighted = weighted
        dtype = np.float64 if self.weighted else np.int64
        self.counts: list[NDArray[Any]] = []
        self.deals: list[NDArray[Any]] = []
        for player in spot.players:
            size = len(player.hand_range) if player.hand_range is not None else 0
            self.counts.append(np.zeros((size, 3, n_players + 1), dtype))
            self.deals.append(np.zeros(size, dtype))

    def add(
        self,
        weight: float,
        range_rows: list[NDArray[np.int64]],
        counts: NDArray[Any],
        deals: NDArray[Any],
    ) -> None:
        """Add one task's ``counts``/``deals`` per row (players' rows in order) times ``weight``
        (when the weights differ)."""
        first = 0
        for player, rows in enumerate(range_rows):
            last = first + rows.size
            scale = weight if self.weighted else 1  # integers stay integers
            self.counts[player][rows] += scale * counts[first:last]
            self.deals[player][rows] += scale * deals[first:last]
            first = last

    def breakdowns(self, factor: float = 1.0) -> dict[int, Any]:
        """Each player's :class:`~showdown.equity.breakdown.ComboBreakdown`, in deals
        (``factor``: what the run's totals were scaled by, ``weighting.in_deals``)."""
        from ..breakdown import ComboBreakdown

        found = {}
        for player, (counts, deals) in enumerate(zip(self.counts, self.deals, strict=True)):
            hand_range = self.spot.players[player].hand_range
            assert hand_range is not None
            size = deals.size
            counters = Counters(
                counts,
                np.zeros(size, counts.dtype),
                np.zeros(size, counts.dtype),
                np.zeros(size),
                np.zeros((size, 10), counts.dtype),
                deals,
            )
            scale = factor if self.weighted else 1.0
            found[player] = ComboBreakdown(hand_range.combos, counters, scale)
        return found
