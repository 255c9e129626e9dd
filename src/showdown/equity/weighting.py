"""What a count means when ranges carry weights: one definition for every method.

A *deal* is one way the cards fall: a joint holding (a combo for each player)
and the rest of the board (stud and draw: the cards still to come). Its
*weight* is the product of the weights of the combos the players hold.

**Counts are in deals.** Every counter of a result (``trials``,
``win_count``, ``tie_count``, ``share_counts``, the hand categories, a
per-combo breakdown's ``deals`` and counts, each next card's deals in
``runouts``) counts each deal with its weight times ``N / W``, where ``N`` is
the number of deals counted (enumerated, or drawn by a sampled run) and
``W`` their total weight. So:

- ``trials`` is always ``N``, the whole number of deals;
- counts add up as counts do: a player's per-combo deals sum to ``trials``,
  and ``win_count / trials`` is the weighted share of deals won;
- only ratios of weights matter: a one-combo range counts the same at any
  weight, and so does a range whose combos all share one weight;
- without weights (or with one weight per range) every count is an integer,
  the plain number of deals, and is the same integer by every method;
- with unequal weights the counts are real numbers in deals, the same for
  every exact method (the heads-up table, board classes, the range join, the
  known-hands path, by-card and per-combo counts) up to float rounding.

A sampled run draws each deal with probability proportional to its weight
and counts it once: its counts are integers whose expectation is the exact
counts scaled to its own ``N``, the same definition.

The exact methods add up *weighted* counters (each joint holding's integer
counters times its weight) and call :func:`in_deals` once at the end.
"""

from __future__ import annotations

import numpy as np

from .result import Counters

__all__ = ["WeightedTotal", "in_deals", "scale_rows"]


def in_deals(weighted: Counters, deals: int, total_weight: float) -> float:
    """Put weighted counters in deals, in place; returns the factor ``deals / total_weight``.

    ``weighted`` holds sums of each deal's weight (its ``trials`` is the total
    weight, ignored); ``deals`` is how many deals they cover and
    ``total_weight`` the sum of their weights. Counters of unweighted runs
    (``total_weight == deals``, integers) are left as they are.

    Raises
    ------
    ValueError
        If no deal has any weight (every product of weights underflowed).

    Examples
    --------
    >>> counters = Counters.empty(2, np.float64)
    >>> counters.counts[0, 0, 1] = 0.75  # a deal of weight 0.75 won by player 1
    >>> in_deals(counters, deals=2, total_weight=1.0)  # ... and one of 0.25 won by player 2
    2.0
    >>> float(counters.counts[0, 0, 1]), counters.trials
    (1.5, 2)
    """
    deals = int(deals)
    if total_weight == deals and weighted.counts.dtype.kind in "iu":
        weighted.trials = deals
        return 1.0
    if not total_weight > 0:
        raise ValueError(
            "players: no deal has any weight: every product of the combos' weights is 0 "
            "as a float; bring the weights of the combos that fit together closer to 1"
        )
    factor = deals / float(total_weight)
    for name in ("counts", "scoop", "share_any", "sum_squares", "categories"):
        setattr(weighted, name, np.asarray(getattr(weighted, name), np.float64) * factor)
    weighted.trials = deals
    return factor


class WeightedTotal:
    """Adds integer counters of groups of equally weighted deals, then puts them in deals.

    Each :meth:`add` takes counters whose ``trials`` are their deals (an
    integer) and the weight of each of those deals. Integer arithmetic is
    kept while every weight seen is the same.

    Examples
    --------
    >>> total = WeightedTotal(2)
    >>> part = Counters.empty(2)
    >>> part.counts[0, 0, 1], part.trials = 3, 4  # 4 deals, player 1 wins 3
    >>> total.add(part, 0.5); total.add(part, 1.0)
    >>> result = total.counters()
    >>> result.trials, float(result.counts[0, 0, 1])
    (8, 6.0)
    """

    def __init__(self, n_players: int) -> None:
        self.total = Counters.empty(n_players)
        self.deals = 0
        self.weight = 0.0
        self.weights: set[float] = set()
        #: What :meth:`counters` scaled the weighted sums by (1 without weights).
        self.factor = 1.0

    def add(self, part: Counters, weight: float) -> None:
        """Add ``part`` (integer counters of ``part.trials`` deals, each of ``weight``)."""
        weight = float(weight)
        self.weights.add(weight)
        deals = int(part.trials)
        self.deals += deals
        self.weight += weight * deals
        if len(self.weights) == 1:
            # One weight so far: integers, scaled (if ever) at the end.
            self.total.add(part)
            return
        if self.total.counts.dtype.kind in "iu":
            self._to_float(next(iter(self.weights - {weight})))
        self.total.add(part, weight)

    def _to_float(self, earlier: float) -> None:
        """Turn the integer sums of the deals of weight ``earlier`` into weighted floats."""
        total = self.total
        for name in ("counts", "scoop", "share_any", "sum_squares", "categories"):
            setattr(total, name, np.asarray(getattr(total, name), np.float64) * earlier)

    def counters(self) -> Counters:
        """The sum, in deals (see :func:`in_deals`)."""
        result = self.total
        if len(self.weights) <= 1:
            result.trials = self.deals
            return result
        self.factor = in_deals(result, self.deals, self.weight)
        return result


def scale_rows(counters: Counters, factor: float) -> None:
    """Multiply per-combo (or per-card) counters and their deals by ``factor``, in place."""
    if factor == 1.0:
        return
    for name in ("counts", "scoop", "share_any", "sum_squares", "categories"):
        setattr(counters, name, np.asarray(getattr(counters, name), np.float64) * factor)
    counters.trials = np.asarray(counters.trials, np.float64) * factor
