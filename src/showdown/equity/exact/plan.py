"""How exact equity will be computed, and what it will cost, decided before any work.

:func:`plan_exact` picks a method for a validated spot and estimates its
cost from the work the method will really do: evaluations (one player's hand
valued once), joint holdings listed and canonicalised, kernel calls, and the
memory all of that holds at once. Per-item costs were measured on a 2-core
x86 machine (single thread, see ``docs/equity.md``):

- ``table``: heads-up hold'em preflop with nothing dead: sums of the shipped
  table of every canonical matchup (``preflop_table``).
- ``classes``: board classes (``_holdem_class_kernels``,
  ``_omaha_class_kernels``) for every joint holding, or every canonical one
  when suit and seat symmetry save more than canonicalising costs.
- ``join``: complete boards, one at a time: each holding of each player
  valued once, joint holdings scored by counting (``_join_kernels``), once
  per mix of weights (one distinct weight of each player). Hold'em, and Omaha
  high with ranges (``omaha_join``, its own cost model).
- ``deals``: stud and draw, every deal (``_deal_kernels``).

What the estimate rests on: the joint holdings after card removal (exact
for random hands and two ranges, never 0 while the ranges can fit), the
players' distinct weights, the board classes of sampled holdings. Planning
never fails for size: a hopeless spot gets a plan with a huge estimate (or
one over :data:`MAX_EXACT_BYTES`), which ``equity()`` turns into sampling or
a refusal; a run that still overruns its estimate by far is stopped between
blocks (``exact.WorkGuard``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..spot import Spot, count_deals
from .holdings import estimate_joint_holdings, suit_symmetries
from .omaha_join_cost import COMBO_ENTRY_SECONDS, join_refusal, join_seconds, omaha_join_work

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
#: Fixed cost of one joint holding in the class kernels (set-up, suit symmetry, seconds;
#: measured with runouts, whose items are holdings of one or two classes).
HOLDING_SECONDS = 1.4e-6
#: A join step (one joint holding of the other players counted against the largest
#: range on one board) costs about this many evaluations per other player.
JOIN_STEP = 8.0
#: Each holding valued on a board costs about this many evaluations (sorting, lists).
JOIN_HOLDING = 3.0
#: Below this many board-by-board evaluations a spot is planned without sampling holdings.
SMALL_WORK = 3e5
#: Listing joint holdings (``holdings.indexed_joint_holdings``): seconds per holding and player.
LIST_SECONDS = 1.5e-7
#: Canonical forms (``holdings.canonical_holdings``): seconds per joint holding, plus this
#: per holding, suit permutation and card held.
CANONICAL_SECONDS = 8e-7
CANONICAL_CARD_SECONDS = 6e-8
#: Adding one group of joint holdings' counters back (numpy, per group and player).
GROUP_SECONDS = 5e-8
#: Python work around one kernel call (task, output arrays, adding its counters).
CALL_SECONDS = 1e-4
#: Canonical holdings number about the joint holdings over the symmetry group's size
#: (suit permutations times seat orders) times this: some holdings are their own images.
ORBIT_SLACK = 1.5
#: Most joint holdings in one class-kernel call (bounds the per-holding output arrays).
MAX_BLOCK_HOLDINGS = 20_000
#: Exact runs that would hold more than this many bytes at once are not planned to run:
#: ``equity()`` samples (or, with ``exact=True``, refuses) instead.
MAX_EXACT_BYTES = 2 * 2**30


@dataclass
class ExactPlan:
    """A method for exact enumeration and its estimated cost.

    Attributes
    ----------
    method
        ``"table"``, ``"classes"``, ``"join"`` or ``"deals"``.
    estimated_seconds
        Estimated duration: the kernels' single-thread time divided by the
        threads that will run it, plus the Python work around them.
    estimated_evaluations
        Player-hand evaluations (or table lookups) the method will do: the
        work counter a run reports in ``details["evaluations"]``.
    joint_holdings
        Joint holdings of the players (estimated when too many to list).
    threads
        Threads the run will use.
    estimated_bytes
        Memory the run holds at its peak (joint holdings and their
        canonical forms, mostly); a plan over :data:`MAX_EXACT_BYTES` does
        not run.
    """

    method: str
    estimated_seconds: float
    estimated_evaluations: float
    joint_holdings: float
    threads: int = 1
    #: What the runner reuses (listed joint holdings, the join's largest range...).
    details: dict[str, Any] = field(default_factory=dict, repr=False)
    estimated_bytes: float = 0.0

    @property
    def fits_in_memory(self) -> bool:
        """Whether the run's estimated peak memory is within :data:`MAX_EXACT_BYTES`."""
        return self.estimated_bytes <= MAX_EXACT_BYTES

    @property
    def kernel_seconds(self) -> float:
        """Single-thread seconds of the kernel calls alone (what blocks are cut from)."""
        return float(self.details.get("kernel_seconds", self.estimated_seconds * self.threads))

    def describe(self) -> str:
        """Human summary of the estimate, e.g. ``about 3 h (4.1e12 evaluations)``
        (and the memory, when over :data:`MAX_EXACT_BYTES`)."""
        evaluations = f"{self.estimated_evaluations:.2g} evaluations"
        text = f"about {duration_text(self.estimated_seconds)} ({evaluations}"
        if not self.fits_in_memory:
            text += (
                f", {size_text(self.estimated_bytes)} of memory, over the "
                f"{size_text(MAX_EXACT_BYTES)} allowed"
            )
        return text + ")"


def duration_text(seconds: float) -> str:
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


def size_text(size: float) -> str:
    """Bytes as text, e.g. ``3.5 GiB``.

    Examples
    --------
    >>> size_text(3.5 * 2**30), size_text(121.3 * 2**30), size_text(2e5)
    ('3.5 GiB', '121 GiB', '0.191 MiB')
    """
    if size >= 2**30:
        return f"{size / 2**30:.3g} GiB"
    return f"{size / 2**20:.3g} MiB"


# ----------------------------------------------------------------------------- class counts
def class_count(
    hole_suits: list[list[int]],
    board_suits: list[int],
    live_suits: list[int],
    n_missing: int,
    omaha: bool,
    live_ranks: list[int] | None = None,
    orbits: list[int] | None = None,
) -> int:
    """Board classes of one joint holding (about what the class kernel walks).

    ``hole_suits[p][s]``: player ``p``'s cards of suit ``s``; ``board_suits``
    the known board's; ``live_suits`` the cards of each suit a board may still
    draw; ``live_ranks`` those of each rank (default: any multiset of ranks);
    ``orbits[s]`` the suit whose flush classes stand for suit ``s``'s (suits
    interchangeable by symmetry are walked once; default: each its own).
    Rank multisets of the missing cards that the live cards can make, plus,
    per suit that can make a flush, its classes: ``j`` suited cards (a subset
    of the live ones) and a multiset of the other ``n_missing - j`` ranks.

    Examples
    --------
    AhKh v QsQd preflop (the kernel walks 41,404 classes, 34,177 once the
    diamonds and spades are seen to be interchangeable):

    >>> holes, board, live = [[0, 0, 2, 0], [0, 1, 0, 1]], [0, 0, 0, 0], [13, 12, 11, 12]
    >>> class_count(holes, board, live, 5, False)  # any rank multiset
    41696
    >>> class_count(holes, board, live, 5, False, [4] * 10 + [2, 3, 3])  # Q, K, A: 2, 3, 3 live
    41569
    >>> class_count(holes, board, live, 5, False, [4] * 10 + [2, 3, 3], orbits=[0, 1, 2, 1])
    34342
    """
    classes = _multisets(n_missing, live_ranks)
    for suit in range(4):
        if orbits is not None and orbits[suit] != suit:
            continue
        if omaha:
            if max(counts[suit] for counts in hole_suits) < 2:
                continue
            needed = max(0, 3 - board_suits[suit])
        else:
            needed = max(0, 5 - max(counts[suit] for counts in hole_suits) - board_suits[suit])
        for suited in range(needed, min(n_missing, live_suits[suit]) + 1):
            rest = n_missing - suited
            classes += math.comb(live_suits[suit], suited) * _multisets(rest, live_ranks)
    return classes


def _multisets(size: int, live_ranks: list[int] | None) -> int:
    """Multisets of ``size`` ranks, each rank at most as often as it has live cards.

    Examples
    --------
    >>> _multisets(2, None), _multisets(2, [4] * 13), _multisets(2, [1, 1, 0] + [0] * 10)
    (91, 91, 1)
    """
    if live_ranks is None:
        return math.comb(12 + size, size)
    ways = [1] + [0] * size  # ways[k]: multisets of k cards from the ranks so far
    for limit in live_ranks:
        ways = [sum(ways[k - used] for used in range(min(limit, k) + 1)) for k in range(size + 1)]
    return ways[size]


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


def classes_per_holding(spot: Spot, next_card: bool = False) -> float:
    """Average board classes of a joint holding (over a few sampled ones).

    With ``next_card``, of a joint holding and one more board card drawn from
    what it leaves live (the items of ``runouts``).
    """
    board = [int(card) for card in spot.board]
    dead = [int(card) for card in spot.dead]
    samples = _sample_holdings(spot, 1 if _all_fixed(spot) and not next_card else 12)
    if not samples:
        return 1.0
    generator = np.random.default_rng(1)
    total = 0
    for holding in samples:
        held = [int(card) for hand in holding for card in hand]
        known = list(board)
        if next_card:
            left = sorted(set(int(card) for card in spot.deck) - set(held))
            if not left:
                continue
            known.append(int(generator.choice(left)))
        taken = set(known) | set(dead) | set(held)
        total += class_count(
            [
                [sum(1 for card in hand if card & 3 == suit) for suit in range(4)]
                for hand in holding
            ],
            [sum(1 for card in known if card & 3 == suit) for suit in range(4)],
            [sum(1 for card in range(suit, 52, 4) if card not in taken) for suit in range(4)],
            spot.board_missing - (1 if next_card else 0),
            spot.game.omaha,
            [sum(1 for card in range(4 * rank, 4 * rank + 4) if card not in taken)
             for rank in range(13)],
            _suit_orbits([*(list(map(int, hand)) for hand in holding), known, dead]),
        )  # fmt: skip
    return total / len(samples)


def _suit_orbits(card_sets: list[list[int]]) -> list[int]:
    """For each suit, the first suit interchangeable with it (same ranks in every card set).

    Examples
    --------
    >>> _suit_orbits([[0, 1], [48]])  # 2c 2d, and Ac: diamonds, hearts... differ from clubs
    [0, 1, 2, 2]
    """
    signature = [
        tuple(frozenset(card >> 2 for card in cards if card & 3 == suit) for cards in card_sets)
        for suit in range(4)
    ]
    return [signature.index(signature[suit]) for suit in range(4)]


def _all_fixed(spot: Spot) -> bool:
    return spot.all_fixed


# ----------------------------------------------------------------------------- memory
def holding_bytes(n_players: int, hole: int, *, canonical: bool, combos: bool = False) -> float:
    """Peak bytes per joint holding of a class run (measured with ``tracemalloc``).

    Listing keeps the cards, a mask, a weight and each player's combo index,
    and briefly twice that; canonical forms add codes, seat orders and sort
    keys; per-combo counters an index and its sort order.
    """
    listed = 2.0 * (n_players * hole + 8 * n_players + 16) + 16
    if canonical:
        listed += n_players * hole + 64 * n_players + 66
    if combos:
        listed += 24
    return listed


# ----------------------------------------------------------------------------- planning
def plan_exact(
    spot: Spot,
    *,
    threads: int = 1,
    use_tables: bool = True,
    method: str | None = None,
    canonical: bool | None = None,
) -> ExactPlan:
    """Choose the exact method for ``spot`` and estimate its cost (never raises for size).

    Of the methods that fit in :data:`MAX_EXACT_BYTES`, the fastest by the
    estimate; when none fits, the one needing least memory (it will not run).
    ``method`` (``"classes"``, ``"join"``, ``"table"``) and ``canonical``
    (class runs: canonical joint holdings or not) force a choice, with the
    estimate of that choice (tests compare methods).
    """
    if spot.game.kind != "board":
        deals = float(count_deals(spot))
        evaluations = deals * spot.n_players
        seconds = evaluations * SECONDS_PER_EVALUATION["deals"]
        return ExactPlan(
            "deals",
            seconds / _speedup(threads, seconds) + RUN_OVERHEAD,
            evaluations,
            1.0,
            threads,
            details={"players": spot.n_players, "kernel_seconds": seconds},
        )
    joint = 1.0 if _all_fixed(spot) else estimate_joint_holdings(spot)
    n_players = spot.n_players
    if (method == "table" or (method is None and use_tables)) and _table_applies(spot):
        seconds = RUN_OVERHEAD + joint * (SECONDS_PER_EVALUATION["table"] + 2 * LIST_SECONDS)
        plan = ExactPlan("table", seconds, joint, joint, 1)
        plan.estimated_bytes = joint * holding_bytes(2, 2, canonical=False)
        return plan
    deals = float(count_deals(spot))
    plans = []
    if joint * deals * n_players <= SMALL_WORK and method is None and canonical is None:
        # Small: at most one class per board; not worth sampling holdings or listing symmetries.
        n_missing = spot.board_missing
        per_holding = min(deals, 2.0 * math.comb(12 + n_missing, n_missing)) * n_players
        plans.append(_classes_plan(spot, joint, 1.0, per_holding, canonical=False))
    else:
        if method in (None, "classes"):
            per_holding = classes_per_holding(spot) * n_players
            if not canonical:
                plans.append(_classes_plan(spot, joint, 1.0, per_holding, canonical=False))
            reduction = _symmetry_reduction(spot)
            if canonical or (canonical is None and reduction > 1.0 and not _all_fixed(spot)):
                plans.append(_classes_plan(spot, joint, reduction, per_holding, canonical=True))
        if spot.game.omaha:
            refusal = join_refusal(spot)
            if method == "join" or (method is None and refusal is None):
                if refusal is not None:
                    raise ValueError(f"method: {method!r} cannot run this spot: {refusal}")
                plans.append(_plan_omaha_join(spot))
        elif method == "join" or (method is None and not spot.game.omaha and not _all_fixed(spot)):
            plans.append(_plan_join(spot))
    if not plans:
        raise ValueError(f"method: {method!r} cannot run this spot")
    for plan in plans:
        kernel = plan.details["kernel_seconds"]
        plan.threads = threads
        plan.estimated_seconds = (
            kernel / _speedup(threads, kernel) + plan.details["serial_seconds"] + RUN_OVERHEAD
        )
        # Blocks in flight hold their outputs: up to two per thread, and one being added.
        plan.estimated_bytes += (2 * threads + 1) * plan.details.get("block_bytes", 0.0)
    fitting = [plan for plan in plans if plan.fits_in_memory]
    if fitting:
        return min(fitting, key=lambda plan: plan.estimated_seconds)
    return min(plans, key=lambda plan: plan.estimated_bytes)


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


def _symmetry_reduction(spot: Spot) -> float:
    """About how many joint holdings share a canonical form (1: canonicalising saves nothing)."""
    symmetry = suit_symmetries(
        spot.board, spot.dead, *(p.fixed_cards for p in spot.players if p.fixed_cards.size)
    )
    return max(1.0, symmetry.shape[0] * _seat_swaps(spot) / ORBIT_SLACK)


def _classes_plan(
    spot: Spot, joint: float, reduction: float, per_holding: float, *, canonical: bool
) -> ExactPlan:
    """Board classes for each joint holding (each canonical one, ``canonical``)."""
    n_players, hole = spot.n_players, spot.game.hole_size
    distinct = max(1.0, joint / reduction) if canonical else joint
    evaluations = distinct * per_holding
    kind = "omaha-classes" if spot.game.omaha else "holdem-classes"
    kernel = evaluations * SECONDS_PER_EVALUATION[kind] + distinct * HOLDING_SECONDS
    # Python and numpy around the kernels: listing the joint holdings (every one, even for
    # one known hand each: the kernel's input), canonical forms, adding groups back.
    serial = joint * n_players * LIST_SECONDS if not _all_fixed(spot) else 0.0
    if canonical:
        perms = suit_symmetries(spot.board, spot.dead).shape[0]
        serial += joint * (CANONICAL_SECONDS + CANONICAL_CARD_SECONDS * perms * n_players * hole)
    serial += joint * n_players * GROUP_SECONDS
    serial += CALL_SECONDS * max(1.0, kernel / BLOCK_SECONDS)
    plan = ExactPlan(
        "classes",
        kernel + serial,
        evaluations,
        joint,
        details={"canonical": canonical, "kernel_seconds": kernel, "serial_seconds": serial},
    )
    plan.estimated_bytes = joint * holding_bytes(n_players, hole, canonical=canonical)
    plan.details["holdings"] = distinct
    per_holding_seconds = kernel / max(distinct, 1.0)
    per_block = min(distinct, MAX_BLOCK_HOLDINGS, BLOCK_SECONDS / max(per_holding_seconds, 1e-12))
    plan.details["block_bytes"] = per_block * output_bytes(n_players)
    return plan


def output_bytes(n_players: int) -> float:
    """Bytes of one joint holding's counters from a class kernel (``holding_outputs``).

    Examples
    --------
    >>> output_bytes(2)
    360.0
    """
    return 8.0 * n_players * (3 * (n_players + 1) + 13) + 8.0


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


def distinct_weights(spot: Spot) -> list[int]:
    """How many distinct combo weights each player's range has (1 for a random hand)."""
    counts = []
    for player in spot.players:
        hand_range = player.hand_range
        assert hand_range is not None
        counts.append(1 if hand_range.is_random else int(np.unique(hand_range.weights).size))
    return counts


def _plan_join(spot: Spot) -> ExactPlan:
    """Complete boards one at a time; the largest range is counted, the others looped.

    The kernel counts integers, so it runs once per mix of weights (a weight
    of each player): each mix values its players' combos of those weights on
    every board, and counts each joint holding of the others once per weight
    of the largest range.
    """
    sizes = [len(p.hand_range) for p in spot.players if p.hand_range is not None]
    largest = int(np.argmax(sizes))
    others = [p for index, p in enumerate(spot.players) if index != largest]
    weights = distinct_weights(spot)
    mixes = float(math.prod(weights))
    boards = float(math.comb(_live_for_boards(spot), spot.board_missing))
    if len(others) == 1:
        steps = float(sizes[1 - largest])
    else:
        steps = estimate_joint_holdings(Spot(spot.game, others, spot.board, spot.dead, spot.deck))
    steps *= weights[largest]
    # A player's combos are spread over the mixes: each is in mixes / (its weights) of them.
    valued = sum(size * mixes / count for size, count in zip(sizes, weights, strict=True))
    per_board = JOIN_STEP * len(others) * steps * SECONDS_PER_EVALUATION["join"]
    # A board longer than a block is split over the first looped player's combos; every
    # part values all the mix's combos again.
    splits = max(1.0, math.ceil(per_board / mixes / BLOCK_SECONDS)) if mixes else 1.0
    evaluations = boards * (valued * splits + JOIN_STEP * len(others) * steps)
    kernel = boards * (JOIN_HOLDING * valued * splits * SECONDS_PER_EVALUATION["join"])
    kernel += evaluations * SECONDS_PER_EVALUATION["join"]
    calls = max(mixes * splits, kernel / BLOCK_SECONDS)
    serial = CALL_SECONDS * calls
    plan = ExactPlan(
        "join",
        kernel + serial,
        evaluations,
        estimate_joint_holdings(spot),
        details={
            "largest": largest,
            "kernel_seconds": kernel,
            "serial_seconds": serial,
            "calls": calls,
        },
    )
    # Boards, and per mix every player's combos (the kernel's arrays are small).
    plan.estimated_bytes = boards * 8.0 + mixes * 64.0 + sum(sizes) * 32.0
    return plan


def _plan_omaha_join(spot: Spot) -> ExactPlan:
    """The Omaha join, costed by ``omaha_join_cost`` (blocks and calls as :func:`_plan_join`)."""
    # The range counted is the one that makes the join cheapest (not always the largest:
    # a wide range's lists outgrow the caches).
    weights = distinct_weights(spot)
    ranged = [p for p in range(spot.n_players) if not spot.is_fixed(p)]
    work = min(
        (omaha_join_work(spot, weights, BLOCK_SECONDS, largest) for largest in ranged),
        key=join_seconds,
    )
    kernel = join_seconds(work)
    calls = max(work["mixes"] * work["splits"], kernel / BLOCK_SECONDS)
    serial = CALL_SECONDS * calls
    sizes = [len(p.hand_range) for p in spot.players if p.hand_range is not None]
    plan = ExactPlan(
        "join",
        kernel + serial,
        work["row"] + JOIN_STEP * work["step"] * (spot.n_players - 1),  # as the run counts
        estimate_joint_holdings(spot),
        details={
            "largest": int(work["largest"]),
            "kernel_seconds": kernel,
            "serial_seconds": serial,
            "calls": calls,
            # Per-combo counters add a pass over L's lists per board, per winner count.
            "combo_seconds": COMBO_ENTRY_SECONDS * work["entry"] * spot.n_players,
        },
    )
    # Per mix: every row's subsets and the largest range's lists.
    plan.estimated_bytes = work["mixes"] * sum(sizes) * (8.0 * (1 << spot.game.hole_size) + 64.0)
    return plan


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
