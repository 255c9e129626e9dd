"""CFR+ for push/fold games between two players, each with one yes/no decision per hand class.

The first player (the shover) picks, for each class ``A``, a probability
``x[A]`` of going all in; the second (the caller) facing the shove picks
``y[B]``. Card removal and every outcome's value are folded into two
matrices, so each player's *gain* from the aggressive action over folding is
linear in the other's strategy:

    shover's gain[A] = base[A] + (shover_matrix @ y)[A]
    caller's gain[B] = (x @ caller_matrix)[B]

(summed over the compatible combo pairs: divide by :attr:`BinaryGame.deals`
for an amount per deal). The game need not be zero-sum: under ICM the two
players' prizes do not add up to a constant.

CFR+ (regret matching with regrets floored at zero, alternating updates,
linearly weighted averages) converges to an equilibrium of a zero-sum game;
on the ICM games it converges in practice, and in every case the result is
*measured*: :func:`exploitability` is what each player gains by switching to
a best response against the other's returned strategy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ._kernels import cfr_plus_kernel

__all__ = ["BinaryGame", "Solution", "exploitability", "solve"]

#: Decimals kept in the returned frequencies.
FREQUENCY_DIGITS = 3


@dataclass(frozen=True)
class BinaryGame:
    """One push/fold game: gains are linear in the opponent's strategy (see the module)."""

    base: NDArray[np.float64]  # (C,)
    shover_matrix: NDArray[np.float64]  # (C, C)
    caller_matrix: NDArray[np.float64]  # (C, C)
    deals: float  # pairs of combos the sums run over

    def shover_gain(self, call: NDArray[np.float64]) -> NDArray[np.float64]:
        gain: NDArray[np.float64] = self.base + self.shover_matrix @ call
        return gain

    def caller_gain(self, shove: NDArray[np.float64]) -> NDArray[np.float64]:
        gain: NDArray[np.float64] = shove @ self.caller_matrix
        return gain


@dataclass(frozen=True)
class Solution:
    """Strategies and what each player could still gain against the other (per deal)."""

    shove: NDArray[np.float64]
    call: NDArray[np.float64]
    shover_gain: float
    caller_gain: float
    iterations: int


def exploitability(
    game: BinaryGame, shove: NDArray[np.float64], call: NDArray[np.float64]
) -> tuple[float, float]:
    """Per deal: (shover's best-response gain over ``shove``, caller's over ``call``)."""
    shover = game.shover_gain(call)
    caller = game.caller_gain(shove)
    shover_gain = float(np.maximum(shover, 0.0).sum() - shove @ shover) / game.deals
    caller_gain = float(np.maximum(caller, 0.0).sum() - call @ caller) / game.deals
    return max(shover_gain, 0.0), max(caller_gain, 0.0)


def solve(
    game: BinaryGame,
    *,
    tolerance: float,
    iterations: int | None = None,
    check_every: int = 64,
    max_iterations: int = 1_000_000,
) -> Solution:
    """Run CFR+ until neither player gains more than ``tolerance / 4`` per deal.

    ``iterations`` fixes the number of iterations instead (for stability
    checks); either way the strategies are then tidied (:func:`_tidy`) where
    that keeps them within ``tolerance``, and rounded to
    :data:`FREQUENCY_DIGITS` decimals.
    """
    size = game.base.size
    shove_sum = np.zeros(size)
    call_sum = np.zeros(size)
    done = cfr_plus_kernel(
        np.ascontiguousarray(game.base, np.float64),
        np.ascontiguousarray(game.shover_matrix, np.float64),
        np.ascontiguousarray(game.caller_matrix, np.float64),
        float(game.deals),
        int(iterations if iterations is not None else max_iterations),
        int(check_every),
        0.0 if iterations is not None else tolerance / 4,
        shove_sum,
        call_sum,
    )
    weight_total = done * (done + 1) / 2.0
    mean_shove, mean_call = _tidy(
        game, shove_sum / weight_total, call_sum / weight_total, tolerance
    )
    # Frequencies to FREQUENCY_DIGITS decimals (readable ranges, "43s:0.704"); the gains
    # reported are those of the rounded strategies.
    mean_shove = np.round(mean_shove, FREQUENCY_DIGITS)
    mean_call = np.round(mean_call, FREQUENCY_DIGITS)
    gains = exploitability(game, mean_shove, mean_call)
    return Solution(mean_shove, mean_call, gains[0], gains[1], int(done))


def _tidy(
    game: BinaryGame, shove: NDArray[np.float64], call: NDArray[np.float64], tolerance: float
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Make pure the classes whose averages are pure up to the solver's drift.

    An average that reads 0.9996 (or 3e-7) is a pure action still converging;
    an equilibrium mixes only where a class is (nearly) indifferent. Classes
    within ``0.01`` of 0 or 1 are rounded one at a time, nearest first, each
    kept when the pair stays within ``tolerance`` (or no more exploitable
    than before; the solver stops at a quarter of it); a rounding that would
    cost more is left as it was, so a true mixture keeps its frequency.
    """
    limit = max(max(exploitability(game, shove, call)), tolerance)
    strategies = [shove.copy(), call.copy()]
    candidates: list[tuple[float, int, int, float]] = []
    for side in (0, 1):
        values = strategies[side]
        for found in np.flatnonzero((values > 0) & (values < 0.01)):
            candidates.append((float(values[found]), side, int(found), 0.0))
        for found in np.flatnonzero((values < 1) & (values > 0.99)):
            candidates.append((float(1 - values[found]), side, int(found), 1.0))
    for _, side, index, rounded_to in sorted(candidates):
        previous = float(strategies[side][index])
        strategies[side][index] = rounded_to
        if max(exploitability(game, strategies[0], strategies[1])) > limit:
            strategies[side][index] = previous
    return strategies[0], strategies[1]
