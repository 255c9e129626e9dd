"""``push_fold_3way()``: three-handed push/fold (button, small blind, big blind), chips or ICM.

The game
--------
Everyone posts ``ante`` bb, the small blind 0.5 bb and the big blind 1 bb
more, from stacks counted before posting. The button shoves or folds. If
the button folds, the small blind shoves or folds and the big blind calls
or folds (heads-up between the blinds, the button's ante dead in the pot).
If the button shoves, the small blind calls or folds, then the big blind
calls or folds knowing whether the small blind called: the big blind has
two calling ranges, against the button alone and against both. Six
decisions in all, each a frequency per starting-hand class.

All in, everyone puts in at most what the largest other live stack covers;
the pot is split in layers (a main pot everyone live contested and a side
pot between the two bigger stacks), each going to the best live hand that
paid into it, ties splitting (:func:`settle`). Results are valued in chips
(change of stack, bb) or, with ``payouts``, as prize equity under ICM of
the stacks after the hand (:func:`~showdown.tournament.icm.icm`); players
busted in the same hand finish in the order of their stacks before it.

Card removal and equities
-------------------------
Every value is summed over the compatible combo triples of the three
players' classes (:mod:`~showdown.tournament.threeway`): folded hands still
thin the others' ranges. Two-way showdowns use exact heads-up outcomes;
three-way all-ins use a Monte Carlo table of hand orderings per class
triple (:data:`~showdown.tournament.threeway.SAMPLES` deals each), cached
on disk after its first build.

Solver
------
CFR+ with simultaneous updates and linearly weighted averages, over one
compiled pass per iteration through all 169**3 class triples. Each seat acts
at most once on any path, so a seat's best response is chosen decision by
decision, and :attr:`ThreeHandedResult.gains` (each seat's best-response
gain against the others' returned strategies) is exact for the game
defined by these tables.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..cards import Range
from ..errors import InputError
from ._threeway_kernels import ORDERING_CODES, gains_kernel, threeway_utility_kernel
from .icm import _icm, check_field
from .pushfold import MAX_STACK_BB, _iterations, _number, _tolerance
from .threeway import (
    CLASSES,
    SAMPLES,
    pair_outcomes,
    sorted_slots,
    threeway_counts,
    triple_weights,
)

__all__ = ["DECISIONS", "SEATS", "ThreeHandedResult", "push_fold_3way", "settle"]

#: The three seats, in the order of ``stacks_bb``.
SEATS = ("button", "small_blind", "big_blind")
#: The six decisions, in the order of :attr:`ThreeHandedResult.grids`.
DECISIONS = (
    "button_shove",
    "small_blind_call",
    "big_blind_call_button",
    "big_blind_call_both",
    "small_blind_shove",
    "big_blind_call_small_blind",
)
#: Which seat makes each decision.
DECIDER = (0, 1, 2, 2, 1, 2)
#: Default largest best-response gain of any seat (bb per hand).
TOLERANCE_BB = 1e-3
#: Default under ICM, as a share of the prize pool per hand.
TOLERANCE_POOL = 1e-5
#: Iterations between exploitability checks.
CHECK_EVERY = 16
#: Default cap on iterations when solving to a tolerance.
MAX_ITERATIONS = 1000
#: Decimals kept in the returned frequencies.
FREQUENCY_DIGITS = 3
FOLDED = -1


def settle(
    stacks: NDArray[np.float64], paid: NDArray[np.float64], strengths: Sequence[int]
) -> NDArray[np.float64]:
    """Stacks after the hand: pay every layer of the pot to the best live hand in it.

    ``paid[i]`` is what player ``i`` put in (posts, or the whole stack all
    in), ``strengths[i]`` their hand's rank (larger wins, equal splits) or
    ``-1`` when folded. Each layer between two consecutive amounts paid goes
    to the best live hand among those who paid up to it (a layer only one
    live player paid into is returned to them); the chips are conserved.

    Examples
    --------
    >>> import numpy as np
    >>> # Button 10 bb shoves, small blind 20 calls, big blind 6 calls; the big
    >>> # blind wins the main pot (3 x 6), the button the side pot (2 x 4).
    >>> settle(np.array([10.0, 20, 6]), np.array([10.0, 10, 6]), [1, 0, 2]).tolist()
    [8.0, 10.0, 18.0]
    """
    final = np.asarray(stacks, np.float64) - paid
    levels = sorted(set(float(amount) for amount in paid))
    previous = 0.0
    for level in levels:
        layer = float(np.sum(np.minimum(paid, level) - np.minimum(paid, previous)))
        live = [i for i in range(len(paid)) if paid[i] >= level and strengths[i] != FOLDED]
        if not live:  # nobody live paid this much: back to who paid it
            live = [i for i in range(len(paid)) if paid[i] >= level]
        best = max(strengths[i] for i in live)
        winners = [i for i in live if strengths[i] == best]
        for winner in winners:
            final[winner] += layer / len(winners)
        previous = level
    return final


def _prize_equity(
    start: NDArray[np.float64], final: NDArray[np.float64], payouts: NDArray[np.float64]
) -> NDArray[np.float64]:
    """ICM of the stacks after the hand; players busted in it place by their stacks before it."""
    busted = [i for i in range(final.size) if final[i] <= 1e-12 < start[i]]
    if len(busted) < 2:
        return _icm(np.maximum(final, 0.0), payouts)
    prizes = np.zeros(final.size)
    prizes[: payouts.size] = payouts
    alive = np.flatnonzero(final > 1e-12)
    equity = np.zeros(final.size)
    equity[alive] = _icm(final[alive], prizes[: alive.size])
    place = alive.size
    for _, group in itertools.groupby(sorted(busted, key=lambda i: -start[i]), lambda i: start[i]):
        members = list(group)
        share = prizes[place : place + len(members)].sum() / len(members)
        equity[members] = share
        place += len(members)
    return equity


@dataclass(frozen=True)
class _Spot:
    stacks: NDArray[np.float64]
    ante: float
    payouts: NDArray[np.float64] | None

    def posts(self) -> NDArray[np.float64]:
        return np.array([self.ante, 0.5 + self.ante, 1.0 + self.ante])

    def values(self, paid: NDArray[np.float64], strengths: Sequence[int]) -> NDArray[np.float64]:
        """Every player's value of one ending: chips won (bb) or prize equity."""
        final = settle(self.stacks, paid, strengths)
        if self.payouts is None:
            return final - self.stacks
        return _prize_equity(self.stacks, final, self.payouts)

    def paid(self, live: Sequence[int]) -> NDArray[np.float64]:
        """Amounts put in when the players ``live`` are all in and the rest folded."""
        paid = self.posts()
        for seat in live:
            paid[seat] = self.stacks[seat]
        return paid


def _strengths_of_code(code: int) -> list[int] | None:
    """Seat strengths (0..2) ordering as ``code`` (see ``_threeway_kernels``), or None."""
    for strengths in itertools.product(range(3), repeat=3):
        s0, s1, s2 = strengths
        found = 9 * _compare(s0, s1) + 3 * _compare(s0, s2) + _compare(s1, s2)
        if found == code:
            return list(strengths)
    return None


def _compare(first: int, second: int) -> int:
    return 0 if first < second else 1 if first == second else 2


def _payoff_tables(
    spot: _Spot,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """``(weights, utilities, constants)`` for ``gains_kernel`` (see there)."""
    weights = triple_weights()
    wins, ties = pair_outcomes()
    folded = [FOLDED] * 3
    constants = np.empty((3, 3))
    for node, (live, shover) in enumerate((((), 2), ((1,), 1), ((0,), 0))):
        strengths = list(folded)
        strengths[shover] = 0
        constants[:, node] = spot.values(spot.paid(live), strengths)
    utilities = np.empty((3, 4, CLASSES, CLASSES, CLASSES))
    # Heads-up showdowns: (first seat, second seat, that pair's win/tie sums as [a, b, c]).
    pairs = (
        (1, 2, wins.transpose(1, 0, 2), ties.transpose(1, 0, 2)),
        (0, 2, wins, ties),
        (0, 1, wins.transpose(0, 2, 1), ties.transpose(0, 2, 1)),
    )
    for node, (first, second, won, tied) in enumerate(pairs):
        paid = spot.paid((first, second))
        outcome_values = []
        for first_strength, second_strength in ((1, 0), (0, 0), (0, 1)):
            strengths = list(folded)
            strengths[first] = first_strength
            strengths[second] = second_strength
            outcome_values.append(spot.values(paid, strengths))
        for player in range(3):
            win_value, tie_value, loss_value = (values[player] for values in outcome_values)
            target = utilities[player, node]
            np.multiply(weights, loss_value, out=target)
            target += won * (win_value - loss_value)
            target += tied * (tie_value - loss_value)
    code_values = np.zeros((3, ORDERING_CODES))
    paid = spot.paid((0, 1, 2))
    for code in range(ORDERING_CODES):
        ordering = _strengths_of_code(code)
        if ordering is not None:
            code_values[:, code] = spot.values(paid, ordering)
    three = np.empty((3, CLASSES, CLASSES, CLASSES))
    threeway_utility_kernel(threeway_counts(), sorted_slots(), weights, code_values, three)
    utilities[:, 3] = three
    return weights, utilities, constants


class _Game:
    """The tables of one spot and the compiled pass over them."""

    def __init__(self, spot: _Spot) -> None:
        self.weights, self.utilities, self.constants = _payoff_tables(spot)
        self.deals = float(self.weights.sum())

    def gains(
        self, strategies: NDArray[np.float64]
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """``(gains (6, 169), values (3,))``: each decision's gain, each seat's value per deal."""
        button = np.empty(CLASSES)
        partial = np.zeros((5, CLASSES, CLASSES))
        values = np.empty((3, CLASSES))
        gains_kernel(
            self.weights,
            self.utilities,
            self.constants,
            np.ascontiguousarray(strategies, np.float64),
            button,
            partial,
            values,
        )
        gains = np.empty((6, CLASSES))
        gains[0] = button
        gains[1:] = partial.sum(axis=1)
        return gains, values.sum(axis=1) / self.deals

    def seat_gains(
        self, strategies: NDArray[np.float64]
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """``(best-response gain per seat, value per seat)``, per deal."""
        gains, values = self.gains(strategies)
        improvement = (np.maximum(gains, 0.0) - strategies * gains).sum(axis=1) / self.deals
        per_seat = np.zeros(3)
        for decision, seat in enumerate(DECIDER):
            per_seat[seat] += max(float(improvement[decision]), 0.0)
        return per_seat, values


def _solve(
    game: _Game, tolerance: float, iterations: int | None
) -> tuple[NDArray[np.float64], int]:
    current = np.full((6, CLASSES), 0.5)
    regret_act = np.zeros((6, CLASSES))
    regret_fold = np.zeros((6, CLASSES))
    total = np.zeros((6, CLASSES))
    limit = iterations if iterations is not None else MAX_ITERATIONS
    done = 0
    while done < limit:
        done += 1
        gains, _ = game.gains(current)
        regret_act = np.maximum(regret_act + (1.0 - current) * gains, 0.0)
        regret_fold = np.maximum(regret_fold - current * gains, 0.0)
        both = regret_act + regret_fold
        current = np.divide(regret_act, both, out=np.full_like(both, 0.5), where=both > 0)
        total += done * current
        if iterations is None and done % CHECK_EVERY == 0:
            average = total / (done * (done + 1) / 2.0)
            if game.seat_gains(average)[0].max() <= tolerance / 2:
                break
    return total / (done * (done + 1) / 2.0), done


def _tidy(game: _Game, strategies: NDArray[Any], tolerance: float) -> NDArray[np.float64]:
    """Make pure the frequencies that are pure up to the solver's drift, if that stays exact.

    A few hundred iterations leave averages such as 0.996 or 0.002 where the
    equilibrium plays a pure action; a class the equilibrium mixes is
    indifferent and sits well inside. Frequencies within ``margin`` of 0 or 1
    are snapped, trying the widest margin first, and kept only when no seat
    then gains more than the tolerance (or than before, if that was more).
    """
    current = np.asarray(strategies, np.float64)
    limit = max(tolerance, float(game.seat_gains(current)[0].max()))
    for margin in (0.05, 0.02, 0.01):
        snapped = np.where(current < margin, 0.0, np.where(current > 1 - margin, 1.0, current))
        if float(game.seat_gains(snapped)[0].max()) <= limit:
            return snapped
    return current


@dataclass(frozen=True)
class ThreeHandedResult:
    """A three-handed push/fold equilibrium (see the module for the game).

    Attributes
    ----------
    stacks_bb, ante, payouts
        The spot: stacks of the button, small blind and big blind (bb,
        before posting), the ante, and the prizes (``None``: chips).
    ranges
        Each decision of :data:`DECISIONS` to its range (``None`` when
        empty), with mixed weights where the equilibrium mixes.
    grids
        ``(6, 13, 13)`` frequencies, decisions in :data:`DECISIONS` order.
    gains
        Exploitability per seat (button, small blind, big blind): what the
        seat would gain per hand with a best response against the others'
        returned strategies, in :attr:`unit`.
    values
        Each seat's expected result per hand at the returned strategies:
        chips won (bb), or prize equity after the hand.
    unit
        ``"bb"`` or ``"prize"``.
    iterations, samples
        CFR+ iterations run; sampled deals per class triple of the three-way
        all-in table.
    """

    stacks_bb: tuple[float, float, float]
    ante: float
    payouts: tuple[float, ...] | None
    ranges: dict[str, Range | None]
    grids: NDArray[np.float64] = field(repr=False)
    gains: tuple[float, float, float]
    values: tuple[float, float, float]
    unit: str
    iterations: int
    samples: int

    @property
    def exploitability(self) -> float:
        """The largest of the seats' best-response gains."""
        return max(self.gains)

    def grid(self, decision: str) -> NDArray[np.float64]:
        """The 13x13 frequencies of one decision (a name of :data:`DECISIONS`)."""
        if decision not in DECISIONS:
            raise InputError(
                f"expected one of {', '.join(DECISIONS)}, got {decision!r}", parameter="decision"
            )
        found: NDArray[np.float64] = self.grids[DECISIONS.index(decision)]
        return found

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ranges as text, grids as nested lists."""
        return {
            "stacks_bb": list(self.stacks_bb),
            "ante": self.ante,
            "payouts": None if self.payouts is None else list(self.payouts),
            "unit": self.unit,
            "ranges": {
                name: "" if found is None else str(found) for name, found in self.ranges.items()
            },
            "fractions": {
                name: 0.0 if found is None else found.fraction
                for name, found in self.ranges.items()
            },
            "gains": dict(zip(SEATS, self.gains, strict=True)),
            "exploitability": self.exploitability,
            "values": dict(zip(SEATS, self.values, strict=True)),
            "iterations": self.iterations,
            "samples": self.samples,
            "grids": {name: self.grids[i].tolist() for i, name in enumerate(DECISIONS)},
        }

    def plot(self, **options: Any) -> Any:
        """Draw the six ranges on a 2x3 grid of Axes (matplotlib); returns the Axes."""
        return _plot(self, **options)


def _check_stacks(stacks_bb: object, ante: float) -> NDArray[np.float64]:
    if isinstance(stacks_bb, (str, bytes)) or not isinstance(stacks_bb, Sequence | np.ndarray):
        raise InputError(f"expected three stacks in bb, got {stacks_bb!r}", parameter="stacks_bb")
    if len(stacks_bb) != 3:
        raise InputError(
            f"expected three stacks (button, small blind, big blind), got {len(stacks_bb)}",
            parameter="stacks_bb",
        )
    values = np.array([_number(value, f"stacks_bb[{i}]") for i, value in enumerate(stacks_bb)])
    for seat, value in zip(SEATS, values, strict=True):
        if not 1.0 + ante <= value <= MAX_STACK_BB:
            raise InputError(
                f"the {seat.replace('_', ' ')}'s stack must be from the big blind "
                f"plus the ante ({1.0 + ante:g} bb) to {MAX_STACK_BB:g} bb, got {value:g}",
                parameter="stacks_bb",
            )
    return values


def push_fold_3way(
    stacks_bb: Sequence[float],
    *,
    ante: float = 0.0,
    payouts: ArrayLike | None = None,
    tolerance: float | None = None,
    iterations: int | None = None,
) -> ThreeHandedResult:
    """The three-handed push/fold equilibrium (button, small blind, big blind).

    Parameters
    ----------
    stacks_bb
        Stacks of the button, the small blind and the big blind, in bb
        before posting (each at least ``1 + ante``).
    ante
        Ante each player posts, in bb (part of the stack).
    payouts
        Play for prize equity (ICM) among these three players instead of
        chips: the prizes of first, second and third place (at most three).
    tolerance
        Stop once no seat gains more than this by deviating, per hand
        (default ``1e-3`` bb in chips, ``1e-5`` of the prize pool under ICM);
        the solver stops at half of it, or after 1,000 iterations (the
        result reports what it reached).
    iterations
        Run exactly this many CFR+ iterations instead.

    Returns
    -------
    ThreeHandedResult

    Notes
    -----
    Needs the three-way tables (:mod:`~showdown.tournament.threeway`):
    built on first use and cached on disk (a few minutes once), then a
    solve takes about a tenth of a second per iteration on two cores.
    """
    ante_value = _number(ante, "ante")
    if ante_value < 0:
        raise InputError(f"must be >= 0 bb, got {ante!r}", parameter="ante")
    stacks = _check_stacks(stacks_bb, ante_value)
    prizes = None
    if payouts is not None:
        _, prizes = check_field(stacks, payouts)
        if not np.any(prizes > 0):
            raise InputError("at least one prize must be positive", parameter="payouts")
    unit = "bb" if prizes is None else "prize"
    default = TOLERANCE_BB if prizes is None else TOLERANCE_POOL * float(prizes.sum())
    limit = _tolerance(tolerance, default)
    iteration_count = _iterations(iterations)
    game = _Game(_Spot(stacks, ante_value, prizes))
    average, done = _solve(game, limit, iteration_count)
    strategies = _tidy(game, np.round(np.clip(average, 0.0, 1.0), FREQUENCY_DIGITS), limit)
    gains, values = game.seat_gains(strategies)
    grids = strategies.reshape(6, 13, 13)
    return ThreeHandedResult(
        stacks_bb=(float(stacks[0]), float(stacks[1]), float(stacks[2])),
        ante=ante_value,
        payouts=None if prizes is None else tuple(float(prize) for prize in prizes),
        ranges={name: _range(grids[i], name) for i, name in enumerate(DECISIONS)},
        grids=grids,
        gains=(float(gains[0]), float(gains[1]), float(gains[2])),
        values=(float(values[0]), float(values[1]), float(values[2])),
        unit=unit,
        iterations=done,
        samples=SAMPLES,
    )


def _range(grid: NDArray[np.float64], name: str) -> Range | None:
    if not np.any(grid > 0):
        return None
    return Range.from_grid(grid, name=name)


def _plot(result: ThreeHandedResult, *, axes: Any = None) -> Any:
    from ..cards.plot import plot_range

    if axes is None:
        from .._plotting import pyplot

        _, axes = pyplot().subplots(2, 3, figsize=(18, 11))
    flat = list(np.asarray(axes).reshape(-1))
    if len(flat) != len(DECISIONS):
        raise InputError(f"expected {len(DECISIONS)} Axes, got {len(flat)}", parameter="axes")
    stacks = "/".join(f"{stack:g}" for stack in result.stacks_bb)
    unit = "bb" if result.unit == "bb" else "bb, ICM"
    for ax, name, grid in zip(flat, DECISIONS, result.grids, strict=True):
        plot_range(
            grid,
            ax=ax,
            colorbar_label="frequency",
            title=f"{name.replace('_', ' ')} ({stacks} {unit})",
        )
    return axes
