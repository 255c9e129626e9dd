"""``push_fold_chart()``: for each hand, the largest stack at which it is shoved and called.

Push/fold charts summarise the heads-up equilibrium over stacks: solve it at
every stack of a grid (1 to 25 bb in steps of 0.1 by default) and write, in
each cell of the 13x13 hand grid, the largest stack at which the hand is
still shoved (small blind) or called (big blind); a hand counts as played at
a stack when the equilibrium plays it at least :data:`PLAYED` (1 %) of the
time: mixed frequencies count, because near the edge of a range a marginal
hand is often mixed and its frequency moves with the other player's range
("at least half the time" would make the edges flicker), while traces below
1 % are what the solver's tolerance leaves. A hand played
at every stack of the grid reads as the top of the grid ("25+" in tables),
one never played is blank.

A largest stack alone hides the *gaps*: some hands are shoved at small
stacks and again at larger ones but not in between (their value against
the caller's range changes as that range changes with the stack).
:meth:`PushFoldChart.gaps` lists those hands with the stack intervals where
they are played, and plots mark them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._jit import resolve_threads
from ..cards.range_grid import GRID_LABELS
from ..errors import InputError
from .pushfold import _number, check_spot, chip_outcomes, headsup_game
from .solver import Solution, solve

__all__ = ["PushFoldChart", "push_fold_chart"]

#: Gains either side may keep at each stack of a chart (bb per hand).
CHART_TOLERANCE_BB = 1e-6
#: A hand is played at a stack when its equilibrium frequency is at least this.
PLAYED = 0.01

SIDES = ("shove", "call")


@dataclass(frozen=True)
class PushFoldChart:
    """Heads-up push/fold equilibria over a grid of stacks.

    Attributes
    ----------
    stacks
        ``(S,)`` effective stacks solved (bb, ascending).
    ante
        Ante each player posts (bb).
    shove, call
        ``(S, 13, 13)`` equilibrium frequencies at each stack.
    exploitability
        ``(S,)`` the larger best-response gain at each stack (bb per hand).
    """

    stacks: NDArray[np.float64]
    ante: float
    shove: NDArray[np.float64] = field(repr=False)
    call: NDArray[np.float64] = field(repr=False)
    exploitability: NDArray[np.float64] = field(repr=False)

    def _side(self, side: str) -> NDArray[np.float64]:
        if side not in SIDES:
            raise InputError(f"expected 'shove' or 'call', got {side!r}", parameter="side")
        frequencies: NDArray[np.float64] = self.shove if side == "shove" else self.call
        return frequencies

    def largest(self, side: str = "shove") -> NDArray[np.float64]:
        """13x13 largest stack at which each hand is played (NaN: at none).

        Examples
        --------
        >>> chart = push_fold_chart(stack_range=(1, 3), step=1)
        >>> float(chart.largest("shove")[0, 0]), float(chart.largest("call")[0, 0])  # AA
        (3.0, 3.0)
        """
        played = self._side(side) >= PLAYED
        found = np.full((13, 13), np.nan)
        for index in range(self.stacks.size):
            found[played[index]] = self.stacks[index]
        return found

    def intervals(self, hand: str, side: str = "shove") -> list[tuple[float, float]]:
        """Stack intervals ``(first, last)`` of the grid where ``hand`` (a class) is played."""
        cell = _cell(hand)
        played = self._side(side)[:, cell[0], cell[1]] >= PLAYED
        found = []
        start: float | None = None
        for index, flag in enumerate(played):
            if flag and start is None:
                start = float(self.stacks[index])
            if start is not None and (not flag or index == played.size - 1):
                end = self.stacks[index if flag else index - 1]
                found.append((start, float(end)))
                start = None
        return found

    def gaps(self, side: str = "shove") -> dict[str, list[tuple[float, float]]]:
        """Hands played in more than one stretch of stacks, with their intervals."""
        found = {}
        for row in range(13):
            for column in range(13):
                name = GRID_LABELS[row][column]
                stretches = self.intervals(name, side)
                if len(stretches) > 1:
                    found[name] = stretches
        return found

    def table(self, side: str = "shove") -> list[list[str]]:
        """13x13 cell texts: the largest stack (``"25+"`` at the top, blank if never, ``*`` gap)."""
        largest = self.largest(side)
        gaps = self.gaps(side)
        top = float(self.stacks[-1])
        texts = []
        for row in range(13):
            line = []
            for column in range(13):
                value = largest[row, column]
                if math.isnan(value):
                    text = ""
                elif value >= top:
                    text = f"{_stack_text(top)}+"
                else:
                    text = _stack_text(value)
                if GRID_LABELS[row][column] in gaps:
                    text += "*"
                line.append(text)
            texts.append(line)
        return texts

    def text(self, side: str = "shove") -> str:
        """The table as aligned text, ranks along the top and down the side."""
        from ..cards.range_grid import GRID_RANKS

        cells = self.table(side)
        width = max(4, *(len(text) for line in cells for text in line))
        lines = ["   " + " ".join(rank.rjust(width) for rank in GRID_RANKS)]
        for rank, line in zip(GRID_RANKS, cells, strict=True):
            lines.append(f"{rank}  " + " ".join(text.rjust(width) for text in line))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: largest stacks per side (null: never), gaps and the solver's figures."""
        document: dict[str, Any] = {
            "stacks": self.stacks.tolist(),
            "ante": self.ante,
            "played_from_frequency": PLAYED,
            "max_exploitability_bb": float(self.exploitability.max()),
        }
        for side in SIDES:
            largest = self.largest(side)
            document[f"largest_{side}"] = {
                GRID_LABELS[row][column]: (
                    None if math.isnan(largest[row, column]) else float(largest[row, column])
                )
                for row in range(13)
                for column in range(13)
            }
            document[f"{side}_gaps"] = {
                name: [list(pair) for pair in stretches]
                for name, stretches in self.gaps(side).items()
            }
        return document

    def plot(self, **options: Any) -> Any:
        """Both tables as heatmaps (matplotlib); returns the two Axes."""
        from .plot import plot_push_fold_chart

        return plot_push_fold_chart(self, **options)


def _stack_text(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else f"{int(value)}"


def _cell(hand: str) -> tuple[int, int]:
    for row, labels in enumerate(GRID_LABELS):
        if hand in labels:
            return row, labels.index(hand)
    raise InputError(
        f"expected a starting-hand class such as 'AKs', 'T9o' or '22', got {hand!r}",
        parameter="hand",
    )


def push_fold_chart(
    *,
    stack_range: tuple[float, float] = (1.0, 25.0),
    step: float = 0.1,
    ante: float = 0.0,
    tolerance: float = CHART_TOLERANCE_BB,
    threads: int | None = None,
) -> PushFoldChart:
    """Heads-up push/fold equilibria from ``stack_range[0]`` to ``stack_range[1]`` bb.

    Parameters
    ----------
    stack_range
        Smallest and largest effective stack (bb), both solved.
    step
        Distance between solved stacks (bb); 241 solves for the default
        1-25 bb in steps of 0.1 (about 30 s of CPU), cached per process.
    ante
        Ante each player posts (bb).
    tolerance
        Largest best-response gain left at each stack (bb per hand).
    threads
        Stacks solved at once (default: every core numba uses).

    Returns
    -------
    PushFoldChart

    Examples
    --------
    >>> chart = push_fold_chart(stack_range=(2, 20), step=2)
    >>> chart.largest("shove")[0, :2].tolist()  # AA and AKs: shoved at every stack
    [20.0, 20.0]
    >>> bool(chart.exploitability.max() < 1e-4)
    True
    """
    if not isinstance(stack_range, (tuple, list)) or len(stack_range) != 2:
        raise InputError(
            f"expected (smallest, largest) in bb, got {stack_range!r}", parameter="stack_range"
        )
    low = _number(stack_range[0], "stack_range")
    high = _number(stack_range[1], "stack_range")
    if high < low:
        raise InputError(
            f"the largest is below the smallest: {stack_range!r}", parameter="stack_range"
        )
    step_value = _number(step, "step")
    if step_value <= 0:
        raise InputError(f"must be > 0 bb, got {step!r}", parameter="step")
    count = math.floor((high - low) / step_value + 1e-9) + 1
    if count > 10_000:
        raise InputError(f"{count} stacks to solve; use a larger step", parameter="step")
    tolerance_value = _number(tolerance, "tolerance")
    if tolerance_value <= 0:
        raise InputError(f"must be > 0, got {tolerance!r}", parameter="tolerance")
    stacks = np.round(low + step_value * np.arange(count), 10)
    for value in (stacks[0], stacks[-1]):
        check_spot(float(value), ante)
    workers = resolve_threads(threads)
    return _chart(tuple(stacks.tolist()), float(ante), tolerance_value, workers)


@lru_cache(maxsize=8)
def _chart(stacks: tuple[float, ...], ante: float, tolerance: float, workers: int) -> PushFoldChart:
    from concurrent.futures import ThreadPoolExecutor

    shove = np.zeros((len(stacks), 13, 13))
    call = np.zeros_like(shove)
    exploitability = np.zeros(len(stacks))

    def one(stack: float) -> Solution:
        small, big = chip_outcomes(stack, ante)
        return solve(headsup_game(small, big), tolerance=tolerance)

    # The CFR+ kernel releases the GIL: stacks solve side by side on threads.
    with ThreadPoolExecutor(max_workers=workers) as pool:
        solutions = list(pool.map(one, stacks))
    for index, solution in enumerate(solutions):
        shove[index] = solution.shove.reshape(13, 13)
        call[index] = solution.call.reshape(13, 13)
        exploitability[index] = max(solution.shover_gain, solution.caller_gain)
    for array in (shove, call, exploitability):
        array.flags.writeable = False
    return PushFoldChart(np.array(stacks), ante, shove, call, exploitability)
