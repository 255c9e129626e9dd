"""Exact equity: every deal counted, most of them without being dealt.

Why boards fall into classes (hold'em and Omaha)
------------------------------------------------
Fix every player's hole cards, the known board and the dead cards. A board
completion decides the showdown through each player's best hand, which is
either made of ranks alone (pairs, straights...) or a flush. Ranks alone
depend only on the multiset of ranks the completion deals. A flush in suit
``s`` needs five cards of ``s`` among a hold'em player's seven (so at least
``5 - max_p held_p(s)`` on the board, three or more since a player holds at
most two) or, in Omaha, two suited hole cards and three suited board cards.
Two suits cannot both have three cards on a five-card board, so at most one
suit is *active* on a given board, and the flush then depends only on the
ranks of that suit's board cards. So boards with the same rank multiset and
the same active-suit ranks give the same showdown, and there are far fewer of
those classes than boards (AhKh v QsQd preflop: 1,712,304 boards, 41,404
classes, 34,177 once the diamonds and spades are seen to be interchangeable).
Each class is scored once with its number of boards, a product of binomial
coefficients, so the integer counters equal those of enumerating every board.

Joint holdings that are the same up to suits and seat order are enumerated
once (``holdings``); complete boards with wide ranges are joined instead
(``_join_kernels``); heads-up hold'em preflop is read from a shipped table
(``preflop_table``); stud and draw deal every card (``_deal_kernels``).

Every method works in blocks of roughly a tenth of a second, so
``progress(done, total)`` is called steadily and Ctrl-C (or an exception from
the callback) stops a run within a block. Blocks are pure module-level tasks
(``class_block``, ``join_block``, ``deal_block``) on a ``showdown._tasks``
runner: threads here, or a Dask cluster; results come back in block order.
Each block's work goes to a ``guard.WorkGuard``, which stops a run that
overruns its estimate by far (``equity()`` then samples).

Weighted ranges: the kernels count integers per joint holding; the methods
add them up times each holding's weight and put the sums in deals once, at
the end (``weighting``: one definition of a weighted count for every method).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import numba
import numpy as np
from numpy.typing import NDArray

from ..._tasks import Runner, ThreadRunner, report_blocks, runner_for
from ...evaluator import get_tables
from ..guard import ExactOverrunError, ExactTooSlowError, WorkGuard, guarded, out_of_memory
from ..result import Counters
from ..spot import Spot, count_deals
from ..weighting import in_deals
from . import plan as planning
from ._class_common import class_tables, holding_outputs
from .holdings import (
    CanonicalHoldings,
    cached_joint_holdings,
    canonical_holdings,
    suit_symmetries,
)
from .plan import ExactPlan

__all__ = [
    "MAX_EXACT_SECONDS",
    "ExactOverrunError",
    "ExactPlan",
    "ExactTooSlowError",
    "TooManyAssignmentsError",
    "cached_plan",
    "plan_exact",
    "run_exact",
]

#: ``exact=True`` refuses runs estimated to take longer than this (seconds).
MAX_EXACT_SECONDS = 60.0
#: Most joint holdings in one kernel call (bounds the per-holding output arrays).
MAX_BLOCK_HOLDINGS = planning.MAX_BLOCK_HOLDINGS
#: With a Dask client, runs estimated under this (seconds, one thread) still run
#: locally: a task's round trip costs milliseconds.
LOCAL_SECONDS = 0.1

Progress = Callable[[int, int], None] | None


#: The name this refusal had before estimates replaced the joint-holdings cap.
TooManyAssignmentsError = ExactTooSlowError


def plan_exact(
    spot: Spot,
    *,
    use_tables: bool = True,
    method: str | None = None,
    canonical: bool | None = None,
) -> ExactPlan:
    """How :func:`run_exact` would compute ``spot`` and an estimate of its cost.

    Uses as many threads as numba is currently set to (``equity()`` sets
    them from ``threads=``). Never raises for size. ``method`` and
    ``canonical`` force a choice (see ``plan.plan_exact``).

    Examples
    --------
    >>> from showdown.equity.spot import build_spot
    >>> plan = plan_exact(build_spot(["AsAh", "KsKh", "QsQh"], "", "", "holdem"))
    >>> plan.method, plan.estimated_seconds < 0.1
    ('classes', True)
    """
    return planning.plan_exact(
        spot,
        threads=numba.get_num_threads(),
        use_tables=use_tables,
        method=method,
        canonical=canonical,
    )


def cached_plan(spot: Spot, threads: int, use_tables: bool) -> ExactPlan:
    """:func:`plan_exact` for ``threads`` threads, kept with the (never changed, cached) spot.

    A plan depends only on the spot, the thread count and ``use_tables``;
    repeated calls on one spot plan once.
    """
    key = f"plan, {threads} threads, tables {use_tables}"
    plan = spot.derived.get(key)
    if not isinstance(plan, ExactPlan):
        plan = planning.plan_exact(spot, threads=threads, use_tables=use_tables)
        spot.derived[key] = plan
    return plan


def refusal_message(plan: ExactPlan) -> str:
    """Why ``exact=True`` refuses a plan, with the estimate and how to sample instead."""
    if plan.method == "deals":
        what = f"{plan.estimated_evaluations / plan.details['players']:.3g} deals"
    else:
        what = f"{plan.joint_holdings:.3g} joint holdings"
    return (
        f"exact enumeration would take {plan.describe()} over {what}; sample instead: "
        "samples=/target_stderr= in Python, --samples/--stderr on the command line"
    )


def runs_exactly(plan: ExactPlan, limit: float) -> bool:
    """Whether ``plan`` may run: estimated at most ``limit`` seconds, and within memory."""
    return plan.estimated_seconds <= limit and plan.fits_in_memory


def run_exact(
    spot: Spot,
    plan: ExactPlan,
    progress: Progress = None,
    *,
    combos: bool = False,
    client: Any = None,
) -> Counters:
    """Exact counters of ``spot`` by the method ``plan`` chose, in deals (integers
    for unweighted spots; see ``weighting``).

    With ``combos`` the counters also hold every player's per-combo counters
    (``Counters.by_combo``), counted by the same run. With a Dask ``client``
    the blocks run on its cluster (the counters are the same), except for runs
    estimated under :data:`LOCAL_SECONDS`, which run here.

    Raises
    ------
    ExactOverrunError
        When the run overran its estimate by far (``guard``) or ran out of
        memory; nothing is returned.
    """
    try:
        return _run_exact(spot, plan, progress, combos, client)
    except MemoryError:
        raise out_of_memory() from None


def _run_exact(
    spot: Spot, plan: ExactPlan, progress: Progress, combos: bool, client: Any
) -> Counters:
    if client is not None and plan.estimated_seconds * max(plan.threads, 1) < LOCAL_SECONDS:
        client = None  # a few blocks' worth: the round trips would cost more than the work
    runner = runner_for(client, plan.threads, label="equity")
    if combos and plan.method == "join" and spot.game.hilo:
        # The hi-lo join counts no per-combo counters: board classes do.
        plan = planning.plan_exact(spot, threads=plan.threads, method="classes")
    if plan.method == "classes" and spot.all_fixed:
        # One joint holding, the common small spot: one kernel call, nothing to share out.
        counters = _run_fixed(spot, plan, progress)
    elif plan.method == "classes":
        counters = _run_classes(spot, plan, progress, combos, runner)
    elif plan.method == "join":
        from .join import run_join

        counters = run_join(spot, plan, progress, runner, combos=combos)
    elif plan.method == "table":
        from .preflop_table import table_counters

        counters = table_counters(spot, combos=combos)
        if progress is not None:
            progress(1, 1)
    elif plan.method == "deals":
        if combos:
            raise ValueError(
                "combos: per-combo breakdowns are for board games (hold'em and Omaha hands)"
            )
        from .deals import run_deals

        counters = run_deals(spot, plan, progress, runner)
    else:
        raise ValueError(f"unknown exact method {plan.method!r}")
    if combos:
        _add_fixed_breakdowns(spot, counters)
    return counters


def _add_fixed_breakdowns(spot: Spot, counters: Counters) -> None:
    """One-row breakdowns (their totals) for the players who hold one known hand."""
    from ..breakdown import fixed_breakdown

    found = counters.by_combo if counters.by_combo is not None else {}
    for index, player in enumerate(spot.players):
        if index not in found:
            assert spot.is_fixed(index), "a ranged player's combos were not counted"
            found[index] = fixed_breakdown(player.fixed_cards, counters, index)
    counters.by_combo = found


# ----------------------------------------------------------------------------- blocks
def _run_blocks(tasks: list[Callable[[], Any]], threads: int, progress: Progress) -> Iterator[Any]:
    """Run ``tasks`` (closures of kernel calls that release the GIL), results in order.

    A :class:`~showdown._tasks.ThreadRunner` runs them; ``progress(done,
    len(tasks))`` follows each completion; an exception there (Ctrl-C
    included) cancels what has not started.
    """
    return ThreadRunner(threads).map(_call, None, tasks, report_blocks(progress, len(tasks)))


def _call(_shared: None, task: Callable[[], Any]) -> Any:
    return task()


# ----------------------------------------------------------------------------- classes
def _holdings_to_run(spot: Spot, plan: ExactPlan, combos: bool) -> tuple[CanonicalHoldings, Any]:
    """Joint holdings for the class kernels (canonical ones when that pays), and with
    ``combos`` a :class:`~showdown.equity.breakdown.ComboSums` to fill (else ``None``)."""
    canonical = bool(plan.details.get("canonical", False))
    key = f"groups, canonical {canonical}, combos {combos}"
    cards, weights, combo = cached_joint_holdings(spot, expected=plan.joint_holdings)
    groups = spot.derived.get(key)
    if not isinstance(groups, CanonicalHoldings):
        symmetries = suit_symmetries(spot.board, spot.dead)
        if canonical:
            groups = canonical_holdings(cards, weights, symmetries, keep_originals=combos)
        else:
            groups = _identity_groups(cards, weights)
            if combos:
                groups.original_holding = groups.holding
                groups.original_seats = np.asarray(groups.seats)
        if "joint holdings" in spot.derived:  # small enough to keep: keep the groups too
            spot.derived[key] = groups
    if not combos:
        return groups, None
    from ..breakdown import ComboSums

    sizes = [len(player.hand_range) for player in spot.players if player.hand_range is not None]
    return groups, ComboSums(combo, weights, sizes, count_deals(spot))


def _identity_groups(cards: NDArray[np.uint8], weights: NDArray[np.float64]) -> CanonicalHoldings:
    n_holdings, n_players = cards.shape[:2]
    if weights.min() == weights.max():
        distinct, index = weights[:1].copy(), np.zeros(n_holdings, np.int64)
    else:
        distinct, index = np.unique(weights, return_inverse=True)
    return CanonicalHoldings(
        cards=cards,
        holding=np.arange(n_holdings),
        seats=np.broadcast_to(np.arange(n_players), (n_holdings, n_players)),
        weight_group=index.reshape(-1),
        multiplicity=np.ones(n_holdings, np.int64),
        weights=distinct,
        identity=True,
    )


def _class_kernel(spot: Spot) -> Any:
    """The class kernel of the spot's game (a hold'em run never imports the Omaha one)."""
    return _class_kernel_of(spot.game.omaha)


def _class_kernel_of(omaha: bool) -> Any:
    """The Omaha or hold'em class kernel (importing only the one asked for)."""
    if omaha:
        from ._omaha_class_kernels import omaha_class_kernel

        return omaha_class_kernel
    from ._holdem_class_kernels import holdem_class_kernel

    return holdem_class_kernel


def _spot_inputs(spot: Spot) -> tuple[Any, ...]:
    """The class kernels' spot arguments: board, dead mask, suit symmetries, hi-lo, tables.

    Worked out once and kept with the (never changed, cached) spot.
    """
    kept = spot.derived.get("class inputs")
    if kept is None:
        dead_mask = np.uint64(sum(1 << int(card) for card in spot.dead))
        board = np.ascontiguousarray(spot.board, np.uint8).reshape(1, -1)  # one board for all
        perms = suit_symmetries(spot.board, spot.dead)
        kept = (board, dead_mask, perms, spot.game.hilo, get_tables(), class_tables())
        spot.derived["class inputs"] = kept
    return kept


def _run_fixed(spot: Spot, plan: ExactPlan, progress: Progress) -> Counters:
    """One joint holding (every hand known), the common small spot: no grouping, no blocks.

    Everything but the counters is worked out on the first call and kept with
    the (never changed, cached) spot, so a repeated call is the kernel and
    little else.
    """
    fixed = spot.derived.get("fixed_run")
    if fixed is None:
        cards = np.array([[p.fixed_cards for p in spot.players]], np.uint8)
        fixed = (_class_kernel(spot), (cards, *_spot_inputs(spot)), count_deals(spot))
        spot.derived["fixed_run"] = fixed
    kernel, inputs, deals = fixed
    outputs = holding_outputs(1, spot.n_players)
    kernel(*inputs, *outputs)
    plan.details["evaluations"] = int(outputs[5][0])
    if progress is not None:
        progress(1, 1)
    counts, scoop, share_any, sum_squares, categories, _ = outputs
    return Counters(counts[0], scoop[0], share_any[0], sum_squares[0], categories[0], deals)


class ClassJob(NamedTuple):
    """What every block of a class run shares (tables are looked up where it runs)."""

    omaha: bool
    cards: NDArray[np.uint8]  # (distinct holdings, players, hole cards)
    board: NDArray[np.uint8]
    dead_mask: np.uint64
    perms: NDArray[Any]
    hilo: bool
    size: int  # holdings per block


def class_block(job: ClassJob, start: int) -> tuple[int, tuple[NDArray[Any], ...]]:
    """Per-holding counters of holdings ``start .. start + job.size - 1`` (a pure task)."""
    block = job.cards[start : start + job.size]
    outputs = holding_outputs(block.shape[0], block.shape[1])
    kernel = _class_kernel_of(job.omaha)
    kernel(block, job.board, job.dead_mask, job.perms, job.hilo, get_tables(), class_tables(),
           *outputs)  # fmt: skip
    return start, outputs


def _run_classes(
    spot: Spot, plan: ExactPlan, progress: Progress, combos: bool, runner: Runner
) -> Counters:
    """Board classes for each distinct joint holding, added back with multiplicities.

    With ``combos``, each original joint holding's counters (its canonical
    holding's, players in its own order) also go to each player's combo.
    """
    n_players = spot.n_players
    board, dead_mask, perms, hilo, _, _ = _spot_inputs(spot)
    groups, combo_sums = _holdings_to_run(spot, plan, combos)
    original_holding = groups.original_holding
    original_seats = groups.original_seats
    if combo_sums is not None:
        assert original_holding is not None and original_seats is not None
        by_holding = np.argsort(original_holding, kind="stable")
        sorted_holding = original_holding[by_holding]
    n_distinct = groups.cards.shape[0]
    one_thread = min(plan.estimated_seconds * max(plan.threads, 1), plan.kernel_seconds)
    size = planning.items_per_block(one_thread, n_distinct, MAX_BLOCK_HOLDINGS)
    starts = list(range(0, n_distinct, size))
    job = ClassJob(spot.game.omaha, groups.cards, board, dead_mask, perms, hilo, size)

    # Each group's counters count times its scale: its multiplicity, times its weight when
    # the weights differ (then floats, put in deals at the end).
    weighted = groups.weights.size > 1
    scale: NDArray[Any] = groups.multiplicity
    if weighted:
        scale = groups.weights[groups.weight_group] * groups.multiplicity
    total = Counters.empty(n_players, np.float64 if weighted else np.int64)
    guard = WorkGuard(plan.estimated_evaluations, plan.estimated_seconds)
    evaluations = 0
    blocks = runner.map(class_block, job, starts, report_blocks(progress, len(starts)))
    for start, outputs in guarded(blocks, guard, lambda _, block: float(block[1][5].sum())):
        first, last = np.searchsorted(groups.holding, [start, start + size])
        _add_groups(total, groups, first, last, start, outputs, scale)
        evaluations += int(outputs[5].sum())
        if combo_sums is not None:
            assert original_holding is not None and original_seats is not None
            low, high = np.searchsorted(sorted_holding, [start, start + size])
            originals = by_holding[low:high]
            rows = original_holding[originals] - start
            combo_sums.add(originals, rows, original_seats[originals], outputs)
    deals = count_deals(spot)
    plan.details["evaluations"] = evaluations
    plan.details["holdings_done"] = n_distinct
    all_deals = int(groups.multiplicity.sum()) * deals
    factor = in_deals(total, all_deals, float(np.sum(scale)) * deals)
    if combo_sums is not None:
        ranges = [player.hand_range for player in spot.players]
        total.by_combo = combo_sums.breakdowns([r.combos for r in ranges if r is not None], factor)
    return total


def _add_groups(
    total: Counters,
    groups: CanonicalHoldings,
    first: int,
    last: int,
    start: int,
    outputs: tuple[NDArray[Any], ...],
    scale: NDArray[Any],
) -> None:
    """Add the counters of groups ``first:last`` (their holdings start at ``start``),
    each times its ``scale`` (multiplicity, or weight times multiplicity)."""
    counts, scoop, share_any, sum_squares, categories, _ = outputs
    times = scale[first:last]
    if groups.identity:
        # Group k is holding k as it is (multiplicity 1): its rows in order.
        picked: tuple[NDArray[Any], ...] = (counts, scoop, share_any, sum_squares, categories)
        if times.dtype.kind in "iu":
            sums = [array.sum(axis=0) for array in picked]
        else:
            sums = [np.tensordot(times, array, axes=1) for array in picked]
    else:
        rows = (groups.holding[first:last] - start)[:, None]
        seats = groups.seats[first:last]
        # Original player p gets the canonical holding's counters at seat seats[k, p].
        picked = (
            counts[rows, seats],
            scoop[rows, seats],
            share_any[rows, seats],
            sum_squares[rows, seats],
            categories[rows, seats],
        )
        sums = [np.tensordot(times, array, axes=1) for array in picked]
    total.counts += sums[0]
    total.scoop += sums[1]
    total.share_any += sums[2]
    total.sum_squares += sums[3]
    total.categories += sums[4]
