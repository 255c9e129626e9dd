"""How exact equity will be computed, and what it will cost, decided before any work.

:func:`plan_exact` picks a method for a validated spot and estimates its
cost in evaluations (one player's hand valued once) and seconds, from the
formulas of each method and per-evaluation costs measured on a 2-core x86
machine (single thread, see ``docs/equity.md``):

- ``table``: heads-up hold'em preflop with nothing dead: sums of the shipped
  table of every canonical matchup (``preflop_table``).
- ``classes``: board classes (``_holdem_class_kernels``,
  ``_omaha_class_kernels``) for every canonical joint holding.
- ``join``: complete boards, one at a time: each holding of each player
  valued once, joint holdings scored by counting (``_join_kernels``).
  Hold'em only.
- ``deals``: stud and draw, every deal (``_deal_kernels``).

Planning never fails for size: a hopeless spot gets a plan with a huge
estimate, which ``equity()`` turns into a refusal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .holdings import estimate_joint_holdings, suit_symmetries
from .spot import Spot, count_deals

#: Seconds per evaluation, single thread, by method (measured; see the module docstring).
SECONDS_PER_EVALUATION = {
    "table": 2.0e-7,
    "holdem-classes": 2.5e-8,
    "omaha-classes": 1.0e-7,
    "join": 3.0e-8,
    "deals": 3.0e-8,
}
#: Python work around any exact run (seconds).
RUN_OVERHEAD = 2e-4
#: Target duration of one kernel call by the cost model (seconds): progress reports and
#: Ctrl-C happen between calls. Every exact method cuts its work with :func:`items_per_block`.
BLOCK_SECONDS = 0.15
#: Fixed cost of one joint holding in the class kernels (set-up, suit symmetry), in evaluations.
HOLDING_OVERHEAD = 100.0
#: A join step (one joint holding of the other players counted against the largest
#: range on one board) costs about this many evaluations per other player.
JOIN_STEP = 8.0
#: Each holding valued on a board costs about this many evaluations (sorting, lists).
JOIN_HOLDING = 3.0
#: Below this many board-by-board evaluations a spot is planned without sampling holdings.
SMALL_WORK = 3e5
#: Joint holdings listed while planning (beyond this the count is estimated).
LIST_LIMIT = 200_000
#: Canonicalising joint holdings pays only above this many estimated evaluations.
CANONICAL_MIN_WORK = 2e5


@dataclass
class ExactPlan:
    """A method for exact enumeration and its estimated cost.

    Attributes
    ----------
    method
        ``"table"``, ``"classes"``, ``"join"`` or ``"deals"``.
    estimated_seconds
        Single-thread estimate, divided by the threads that will run it.
    estimated_evaluations
        Player-hand evaluations (or table lookups) the method will do.
    joint_holdings
        Joint holdings of the players (estimated when too many to list).
    threads
        Threads the run will use.
    """

    method: str
    estimated_seconds: float
    estimated_evaluations: float
    joint_holdings: float
    threads: int = 1
    #: What the runner reuses (listed joint holdings, the join's largest range...).
    details: dict[str, Any] = field(default_factory=dict, repr=False)

    def describe(self) -> str:
        """Human summary of the estimate, e.g. ``about 3 h (4.1e12 evaluations)``."""
        evaluations = f"{self.estimated_evaluations:.2g} evaluations"
        return f"about {_duration(self.estimated_seconds)} ({evaluations})"


def _duration(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1e3:.0f} ms"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} h"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365 * 86400):.2g} years"


# ----------------------------------------------------------------------------- class counts
def class_count(
    hole_suits: list[list[int]],
    board_suits: list[int],
    live_suits: list[int],
    n_missing: int,
    omaha: bool,
) -> int:
    """Board classes of one joint holding (an upper bound: suit symmetry ignored).

    ``hole_suits[p][s]``: player ``p``'s cards of suit ``s``; ``board_suits``
    the known board's; ``live_suits`` the cards of each suit a board may still
    draw. Rank multisets of the missing cards plus, per suit that can make a
    flush, its classes: ``j`` suited cards (a subset of the live ones) and a
    multiset of the other ``n_missing - j`` ranks.

    Examples
    --------
    >>> class_count([[0, 0, 2, 0], [0, 1, 0, 1]], [0, 0, 0, 0], [13, 12, 11, 12], 5, False)
    41696
    """
    classes = math.comb(12 + n_missing, n_missing)
    for suit in range(4):
        if omaha:
            if max(counts[suit] for counts in hole_suits) < 2:
                continue
            needed = max(0, 3 - board_suits[suit])
        else:
            needed = max(0, 5 - max(counts[suit] for counts in hole_suits) - board_suits[suit])
        for suited in range(needed, min(n_missing, live_suits[suit]) + 1):
            rest = n_missing - suited
            classes += math.comb(live_suits[suit], suited) * math.comb(12 + rest, rest)
    return classes


def _sample_holdings(spot: Spot, count: int) -> list[list[np.ndarray]]:
    """Up to ``count`` joint holdings drawn at random (fixed seed), for cost estimates."""
    generator = np.random.default_rng(0)
    found: list[list[np.ndarray]] = []
    for _ in range(count * 20):
        used = 0
        holding = []
        for player in spot.players:
            hand_range = player.hand_range
            assert hand_range is not None
            if hand_range.is_random:
                live = [c for c in range(52) if not hand_range.dead_mask >> c & 1]
                combo = np.sort(generator.choice(live, hand_range.hole_size, replace=False))
            else:
                combo = hand_range.combos[generator.integers(len(hand_range))]
            mask = sum(1 << int(card) for card in combo)
            if used & mask:
                break
            used |= mask
            holding.append(combo)
        else:
            found.append(holding)
            if len(found) == count:
                break
    return found


def classes_per_holding(spot: Spot) -> float:
    """Average board classes of a joint holding (over a few sampled ones)."""
    board = [int(card) for card in spot.board]
    dead = [int(card) for card in spot.dead]
    samples = _sample_holdings(spot, 1 if _all_fixed(spot) else 12)
    if not samples:
        return 1.0
    total = 0
    for holding in samples:
        taken = set(board) | set(dead) | {int(card) for hand in holding for card in hand}
        total += class_count(
            [
                [sum(1 for card in hand if card & 3 == suit) for suit in range(4)]
                for hand in holding
            ],
            [sum(1 for card in board if card & 3 == suit) for suit in range(4)],
            [sum(1 for card in range(suit, 52, 4) if card not in taken) for suit in range(4)],
            spot.board_missing,
            spot.game.mode == 1,
        )
    return total / len(samples)


def _all_fixed(spot: Spot) -> bool:
    return spot.all_fixed


# ----------------------------------------------------------------------------- planning
def plan_exact(spot: Spot, *, threads: int = 1, use_tables: bool = True) -> ExactPlan:
    """Choose the exact method for ``spot`` and estimate its cost (never raises for size)."""
    if spot.game.kind != "board":
        deals = float(count_deals(spot))
        evaluations = deals * spot.n_players
        seconds = evaluations * SECONDS_PER_EVALUATION["deals"]
        return ExactPlan(
            "deals",
            seconds / _speedup(threads, seconds),
            evaluations,
            1.0,
            threads,
            details={"players": spot.n_players},
        )
    joint = 1.0 if _all_fixed(spot) else estimate_joint_holdings(spot)
    if use_tables and _table_applies(spot):
        seconds = RUN_OVERHEAD + joint * SECONDS_PER_EVALUATION["table"]
        return ExactPlan("table", seconds, joint, joint, 1)
    deals = float(count_deals(spot))
    if joint * deals * spot.n_players <= SMALL_WORK:
        # Small: at most one class per board; not worth sampling holdings or listing symmetries.
        n_missing = spot.board_missing
        per_holding = min(deals, 2.0 * math.comb(12 + n_missing, n_missing)) * spot.n_players
        plan = _classes_plan(spot, joint, joint, per_holding, {"canonical": False})
    else:
        plans = [_plan_classes(spot, joint)]
        if spot.game.mode == 0 and not _all_fixed(spot):
            plans.append(_plan_join(spot))
        plan = min(plans, key=lambda plan: plan.estimated_seconds)
    plan.threads = threads
    plan.estimated_seconds /= _speedup(threads, plan.estimated_seconds)
    plan.estimated_seconds += RUN_OVERHEAD
    return plan


def _speedup(threads: int, seconds: float) -> float:
    # Work is cut into blocks of about a tenth of a second; shorter runs use one thread.
    return float(max(1, min(threads, int(seconds / 0.1))))


def _table_applies(spot: Spot) -> bool:
    from .preflop_table import table_available

    return (
        spot.game.name == "holdem"
        and spot.n_players == 2
        and spot.board.size == 0
        and spot.dead.size == 0
        and table_available()
    )


def _plan_classes(spot: Spot, joint: float) -> ExactPlan:
    """Board classes per canonical joint holding."""
    per_holding = classes_per_holding(spot) * spot.n_players
    symmetry = suit_symmetries(
        spot.board, spot.dead, *(p.fixed_cards for p in spot.players if p.fixed_cards.size)
    )
    seat_swaps = _seat_swaps(spot)
    # Orbits are smaller than the group where a holding is its own image; a
    # factor of two covers that on the spots measured (docs/equity.md).
    reduction = max(1.0, symmetry.shape[0] * seat_swaps / 2.0)
    details: dict[str, Any] = {}
    details["canonical"] = joint * per_holding > CANONICAL_MIN_WORK
    distinct = max(1.0, joint / reduction) if details["canonical"] else joint
    return _classes_plan(spot, joint, distinct, per_holding, details)


def _classes_plan(
    spot: Spot, joint: float, distinct: float, per_holding: float, details: dict[str, Any]
) -> ExactPlan:
    evaluations = distinct * per_holding
    kind = "omaha-classes" if spot.game.mode == 1 else "holdem-classes"
    cost = SECONDS_PER_EVALUATION[kind]
    seconds = (evaluations + distinct * HOLDING_OVERHEAD) * cost
    return ExactPlan("classes", seconds, evaluations, joint, details=details)


def _seat_swaps(spot: Spot) -> float:
    """Seat orders that map the ranges onto themselves (players with equal ranges)."""
    groups: dict[tuple[bytes, bytes], int] = {}
    for player in spot.players:
        hand_range = player.hand_range
        assert hand_range is not None
        key = (
            (b"random" + hand_range.dead_mask.to_bytes(7, "little"))
            if hand_range.is_random
            else hand_range.combos.tobytes(),
            b"" if hand_range.is_random else hand_range.weights.tobytes(),
        )
        groups[key] = groups.get(key, 0) + 1
    return float(math.prod(math.factorial(size) for size in groups.values()))


def _plan_join(spot: Spot) -> ExactPlan:
    """Complete boards one at a time; the largest range is counted, the others looped."""
    sizes = [len(p.hand_range) for p in spot.players if p.hand_range is not None]
    largest = int(np.argmax(sizes))
    others = [p for index, p in enumerate(spot.players) if index != largest]
    boards = float(math.comb(_live_for_boards(spot), spot.board_missing))
    if len(others) == 1:
        steps = float(sizes[1 - largest])
    else:
        steps = estimate_joint_holdings(Spot(spot.game, others, spot.board, spot.dead, spot.deck))
    evaluations = boards * (sum(sizes) + JOIN_STEP * len(others) * steps)
    seconds = boards * JOIN_HOLDING * sum(sizes) * SECONDS_PER_EVALUATION["join"]
    seconds += evaluations * SECONDS_PER_EVALUATION["join"]
    return ExactPlan(
        "join", seconds, evaluations, estimate_joint_holdings(spot), details={"largest": largest}
    )


def _live_for_boards(spot: Spot) -> int:
    """Cards a board completion may draw: the deck less every fixed player's cards."""
    return int(spot.deck.size)


def items_per_block(seconds: float, items: int, most: int | None = None) -> int:
    """How many of ``items`` (together ``seconds`` of work by the cost model) make a block.

    About :data:`BLOCK_SECONDS` of work, at least one item, at most ``most``.

    Examples
    --------
    >>> items_per_block(3.0, 1000), items_per_block(3.0, 1000, most=20), items_per_block(9.0, 2)
    (50, 20, 1)
    """
    per_item = seconds / max(items, 1)
    size = max(1, int(BLOCK_SECONDS / max(per_item, 1e-9)))
    return size if most is None else min(most, size)
