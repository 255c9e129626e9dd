"""``push_fold()``: the heads-up push/fold equilibrium, in chips or in prize equity (ICM).

The game
--------
The small blind posts 0.5 bb and the big blind 1 bb (each also posts
``ante`` bb when there is one); the small blind then either goes all in or
folds, and the big blind calls the all-in or folds. Stacks are counted before
the blinds and antes; the effective stack ``stack_bb`` is the smaller one, and
all in means both put in ``stack_bb`` in total. The small blind's result, in
bb:

- fold: ``-(0.5 + ante)``;
- shove, big blind folds: ``+(1 + ante)``;
- shove and call: ``+stack_bb`` on a win, ``0`` on a tie, ``-stack_bb`` on
  a loss, on a board dealt at random.

With ``stacks`` and ``payouts`` the players value each outcome by their
prize equity (:func:`~showdown.tournament.icm.icm` of everyone's stacks after
the hand) instead of their chips; a win, a tie and a loss count separately,
since prize equity is not linear in chips.

Exactness
---------
Strategies are per starting-hand class (169, suits are symmetric), valued
against every combo of the other player's class that shares no card with
yours: exact card removal, from the exact all-in outcomes of every pair of
hands (:mod:`~showdown.tournament.headsup`). The equilibrium is found by
CFR+ (:mod:`~showdown.tournament.solver`) and its exploitability is measured
exactly: ``PushFoldResult.shover_gain`` and ``caller_gain`` are what each side
would gain per hand by switching to its best response.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..cards import Range
from ..errors import InputError
from .headsup import ClassOutcomes, class_outcomes
from .icm import _icm, check_field
from .solver import BinaryGame, Solution, solve

__all__ = ["PushFoldResult", "headsup_game", "push_fold"]

#: Default largest gain either side may have against the result (bb per hand).
TOLERANCE_BB = 1e-6
#: Default tolerance under ICM, as a share of the prize pool per hand.
TOLERANCE_POOL = 1e-7
#: Largest effective stack accepted (bb): push/fold makes no sense far beyond.
MAX_STACK_BB = 1000.0


@dataclass(frozen=True)
class Outcomes:
    """A player's value of each way the hand can end (bb or prize)."""

    fold: float  # the small blind folds
    steal: float  # the small blind shoves, the big blind folds
    win: float  # called, the small blind wins
    tie: float
    lose: float  # called, the small blind loses


@dataclass(frozen=True)
class PushFoldResult:
    """A heads-up push/fold equilibrium.

    Attributes
    ----------
    stack_bb, ante
        The spot (bb).
    shove, call
        The small blind's shoving range and the big blind's calling range
        (``None`` when empty), with mixed weights where the equilibrium mixes.
    shove_grid, call_grid
        The same as 13x13 frequencies (rows and columns A..2, suited above
        the diagonal).
    shover_gain, caller_gain
        Exploitability: what the small blind (the big blind) would gain per
        hand with a best response against the other's strategy, in
        :attr:`unit`.
    value
        The small blind's expected result per hand at the equilibrium, in
        :attr:`unit`: the change in chips (bb), or under ICM the prize equity
        after the hand.
    unit
        ``"bb"`` or ``"prize"``.
    iterations
        CFR+ iterations run.
    """

    stack_bb: float
    ante: float
    shove: Range | None
    call: Range | None
    shove_grid: NDArray[np.float64] = field(repr=False)
    call_grid: NDArray[np.float64] = field(repr=False)
    shover_gain: float
    caller_gain: float
    value: float
    unit: str
    iterations: int

    @property
    def exploitability(self) -> float:
        """The larger of the two best-response gains."""
        return max(self.shover_gain, self.caller_gain)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ranges as text, grids as nested lists."""
        return {
            "stack_bb": self.stack_bb,
            "ante": self.ante,
            "shove": "" if self.shove is None else str(self.shove),
            "call": "" if self.call is None else str(self.call),
            "shove_fraction": _fraction(self.shove),
            "call_fraction": _fraction(self.call),
            "shover_gain": self.shover_gain,
            "caller_gain": self.caller_gain,
            "value": self.value,
            "unit": self.unit,
            "iterations": self.iterations,
            "shove_grid": self.shove_grid.tolist(),
            "call_grid": self.call_grid.tolist(),
        }

    def plot(self, **options: Any) -> Any:
        """Draw the two ranges side by side (matplotlib); returns the two Axes."""
        from .plot import plot_push_fold

        return plot_push_fold(self, **options)


def _fraction(hand_range: Range | None) -> float:
    return 0.0 if hand_range is None else hand_range.fraction


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InputError(f"expected a number, got {value!r}", parameter=name)
    number = float(value)
    if not math.isfinite(number):
        raise InputError(f"expected a finite number, got {value!r}", parameter=name)
    return number


def check_spot(stack_bb: object, ante: object) -> tuple[float, float]:
    """Validated ``(stack_bb, ante)``."""
    ante_value = _number(ante, "ante")
    if ante_value < 0:
        raise InputError(f"must be >= 0 bb, got {ante!r}", parameter="ante")
    stack = _number(stack_bb, "stack_bb")
    if not 1.0 + ante_value <= stack <= MAX_STACK_BB:
        raise InputError(
            f"the effective stack must be from the big blind plus the ante "
            f"({1.0 + ante_value:g} bb) to {MAX_STACK_BB:g} bb, got {stack_bb!r}",
            parameter="stack_bb",
        )
    return stack, ante_value


def chip_outcomes(stack: float, ante: float) -> tuple[Outcomes, Outcomes]:
    """(small blind's, big blind's) chip results of each outcome, in bb."""
    small = Outcomes(-(0.5 + ante), 1.0 + ante, stack, 0.0, -stack)
    big = Outcomes(0.5 + ante, -(1.0 + ante), -stack, 0.0, stack)
    return small, big


def icm_outcomes(
    field_stacks: NDArray[np.float64], payouts: NDArray[np.float64], ante: float
) -> tuple[Outcomes, Outcomes]:
    """(small blind's, big blind's) prize equity after each outcome.

    ``field_stacks`` in bb, the small blind first and the big blind second.
    """
    small, big = float(field_stacks[0]), float(field_stacks[1])
    stake = min(small, big)
    moves = {
        "fold": -(0.5 + ante),
        "steal": 1.0 + ante,
        "win": stake,
        "tie": 0.0,
        "lose": -stake,
    }
    values: dict[str, tuple[float, float]] = {}
    for name, move in moves.items():
        after = np.array(field_stacks, dtype=np.float64)
        after[0] = small + move
        after[1] = big - move
        equity = _icm(after, payouts)
        values[name] = (float(equity[0]), float(equity[1]))
    return (
        Outcomes(*(values[name][0] for name in moves)),
        Outcomes(*(values[name][1] for name in moves)),
    )


def headsup_game(
    small: Outcomes, big: Outcomes, outcomes: ClassOutcomes | None = None
) -> BinaryGame:
    """The class-level push/fold game for these outcome values (see ``solver``)."""
    if outcomes is None:
        outcomes = class_outcomes()
    pairs, wins, ties, losses = outcomes.pairs, outcomes.wins, outcomes.ties, outcomes.losses
    # Shover: called minus stolen, for each caller class; plus stolen minus folded.
    called = wins * small.win + ties * small.tie + losses * small.lose
    shover_matrix = called - pairs * small.steal
    base = pairs.sum(axis=1) * (small.steal - small.fold)
    # Caller (rows: the shover's class): called minus folding to the shove.
    answered = wins * big.win + ties * big.tie + losses * big.lose
    caller_matrix = answered - pairs * big.steal
    return BinaryGame(base, shover_matrix, caller_matrix, float(pairs.sum()))


def game_value(
    game: BinaryGame, small: Outcomes, shove: NDArray[np.float64], call: NDArray[np.float64]
) -> float:
    """The small blind's expected value per hand (in the outcomes' unit)."""
    return small.fold + float(shove @ game.shover_gain(call)) / game.deals


def push_fold(
    stack_bb: float,
    *,
    ante: float = 0.0,
    stacks: ArrayLike | None = None,
    payouts: ArrayLike | None = None,
    tolerance: float | None = None,
    iterations: int | None = None,
) -> PushFoldResult:
    """The heads-up push/fold equilibrium at an effective stack of ``stack_bb``.

    Parameters
    ----------
    stack_bb
        Effective stack in big blinds, before the blinds and antes (at
        least ``1 + ante``).
    ante
        Ante each player posts, in bb (part of the stack).
    stacks, payouts
        Play for prize equity (ICM) instead of chips: ``stacks`` are every
        player's stack in bb, the small blind first, the big blind second,
        then the rest of the field (not in this hand); ``payouts`` the
        prizes. ``stack_bb`` must then be ``min(stacks[0], stacks[1])``.
    tolerance
        Largest gain either side may have by deviating, per hand (default
        ``1e-6`` bb in chips, ``1e-7`` of the prize pool under ICM).
    iterations
        Run exactly this many CFR+ iterations instead of stopping at
        ``tolerance`` (the result still reports its exploitability).

    Returns
    -------
    PushFoldResult

    Examples
    --------
    >>> from showdown import push_fold
    >>> spot = push_fold(10)
    >>> spot.exploitability < 1e-4, "AhAs" in spot.shove, "AhAs" in spot.call
    (True, True, True)
    >>> round(spot.shove.fraction, 2), round(spot.call.fraction, 2)
    (0.58, 0.37)
    """
    stack, ante_value = check_spot(stack_bb, ante)
    if (stacks is None) != (payouts is None):
        raise InputError(
            "give both stacks and payouts (for ICM) or neither (for chips)", parameter="payouts"
        )
    if stacks is not None:
        field_stacks, prizes = check_field(stacks, payouts)  # type: ignore[arg-type]
        if field_stacks.size < 2:
            raise InputError(
                "need the small blind's and the big blind's stacks", parameter="stacks"
            )
        effective = float(min(field_stacks[0], field_stacks[1]))
        if not math.isclose(effective, stack, rel_tol=1e-9, abs_tol=1e-9):
            raise InputError(
                f"{stack_bb!r} is not the effective stack of stacks "
                f"(small blind {field_stacks[0]:g}, big blind {field_stacks[1]:g}: "
                f"{effective:g})",
                parameter="stack_bb",
            )
        small, big = icm_outcomes(field_stacks, prizes, ante_value)
        unit = "prize"
        default_tolerance = TOLERANCE_POOL * max(float(prizes.sum()), 1e-300)
    else:
        small, big = chip_outcomes(stack, ante_value)
        unit = "bb"
        default_tolerance = TOLERANCE_BB
    limit = _tolerance(tolerance, default_tolerance)
    iteration_count = _iterations(iterations)
    game = headsup_game(small, big)
    solution = solve(game, tolerance=limit, iterations=iteration_count)
    return _result(stack, ante_value, game, small, solution, unit)


def _tolerance(value: float | None, default: float) -> float:
    if value is None:
        return default
    number = _number(value, "tolerance")
    if number <= 0:
        raise InputError(f"must be > 0, got {value!r}", parameter="tolerance")
    return number


def _iterations(value: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise InputError(f"expected a positive integer, got {value!r}", parameter="iterations")
    return int(value)


def _result(
    stack: float,
    ante: float,
    game: BinaryGame,
    small: Outcomes,
    solution: Solution,
    unit: str,
) -> PushFoldResult:
    shove_grid = solution.shove.reshape(13, 13)
    call_grid = solution.call.reshape(13, 13)
    return PushFoldResult(
        stack_bb=stack,
        ante=ante,
        shove=_range(shove_grid, "shove"),
        call=_range(call_grid, "call"),
        shove_grid=shove_grid,
        call_grid=call_grid,
        shover_gain=solution.shover_gain,
        caller_gain=solution.caller_gain,
        value=game_value(game, small, solution.shove, solution.call),
        unit=unit,
        iterations=solution.iterations,
    )


def _range(grid: NDArray[np.float64], name: str) -> Range | None:
    if not np.any(grid > 0):
        return None
    return Range.from_grid(np.clip(grid, 0.0, 1.0), name=name)
