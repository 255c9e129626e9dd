"""Results of a simulation: per-seat statistics, win-rate intervals, chip bounds.

Both engines report a :class:`SimulationResult` with one :class:`SeatResult`
per seat. Per-hand results are summarised without overflow: the Python engine
keeps exact integer sums (Python ints do not overflow) and the compiled engine
keeps float64 running means and sums of squared deviations (Welford), merged
across tables and chunks with :meth:`PayoffMoments.merge`.

Chips are integers. :data:`MAX_CHIPS` bounds every stack and forced bet that
:func:`~showdown.simulator.session.simulate` accepts, on either engine, so
that no chip count of a compiled table (pots, per-chunk net results) can reach
the int64 limit; larger values are refused with a ``ValueError``.

Examples
--------
>>> bb_per_100_interval(total=10, squares=50, count=2, big_blind=1)
(500.0, 500.0, 500.0)
>>> moments = PayoffMoments.of([4, -2, 10])
>>> moments.count, moments.mean
(3, 4.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "MAX_CHIPS",
    "Z_95",
    "PayoffMoments",
    "SeatResult",
    "SimulationResult",
    "bb_per_100_interval",
    "check_chips",
    "seat_result",
]

#: Largest stack or forced bet ``simulate`` accepts (2**40, about 1.1e12 chips).
#: A 10-seat compiled table then holds at most 2**44 chips, and a seat's net result
#: over one kernel call (at most 16,384 hands per table) stays below 2**58.
MAX_CHIPS = 2**40

#: z of a two-sided 95% normal interval.
Z_95 = 1.959963984540054


def check_chips(value: object, name: str, *, minimum: int = 1) -> int:
    """``value`` as an int in ``minimum..MAX_CHIPS``, else a ``ValueError`` naming ``name``.

    Examples
    --------
    >>> check_chips(200, "starting_stack")
    200
    >>> check_chips(2**63, "stack")
    Traceback (most recent call last):
    ...
    ValueError: stack: at most 1099511627776 chips (2**40) are supported, got 9223372036854775808
    """
    import numpy as np

    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name}: expected an int number of chips, got {value!r}")
    chips = int(value)
    if chips < minimum:
        kind = {0: "a non-negative", 1: "a positive"}.get(minimum, f"at least {minimum} as an")
        raise ValueError(f"{name}: expected {kind} int number of chips, got {chips}")
    if chips > MAX_CHIPS:
        raise ValueError(f"{name}: at most {MAX_CHIPS} chips (2**40) are supported, got {chips}")
    return chips


def bb_per_100_interval(
    total: float, squares: float, count: int, big_blind: float
) -> tuple[float, float, float]:
    """Win rate in big blinds per 100 hands with its 95% interval, from per-hand sums.

    Uses the normal approximation: mean ± 1.96 · s / √n with the sample standard
    deviation ``s`` (n - 1 in the denominator), scaled by ``100 / big_blind``.
    With integer sums the variance is computed exactly (integer numerator, one
    rounding), so huge chip counts lose no precision.

    Parameters
    ----------
    total, squares
        Sum of the per-hand results (chips) and of their squares.
    count
        Number of hands.
    big_blind
        Chips in one big blind (the small bet in games without blinds).

    Returns
    -------
    tuple of float
        ``(bb_per_100, low, high)``; with fewer than two hands the interval is
        infinite.

    Examples
    --------
    >>> bb_per_100_interval(total=10, squares=50, count=2, big_blind=1)
    (500.0, 500.0, 500.0)
    >>> rate, low, high = bb_per_100_interval(0, 2 * 10**36, 2, 1)  # payoffs ±10**18
    >>> high > 1e20
    True
    """
    if count == 0:
        return 0.0, -math.inf, math.inf
    if isinstance(total, int) and isinstance(squares, int):
        # Exact: n·Σx² − (Σx)² is an integer; one correctly rounded division.
        mean = total / count
        if count < 2:
            return mean * 100.0 / big_blind, -math.inf, math.inf
        variance = max(0, count * squares - total * total) / (count * (count - 1))
        return _interval(mean, variance, count, big_blind)
    mean = total / count
    if count < 2:
        return mean * 100.0 / big_blind, -math.inf, math.inf
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    return _interval(mean, variance, count, big_blind)


def _interval(
    mean: float, variance: float, count: int, big_blind: float
) -> tuple[float, float, float]:
    scale = 100.0 / big_blind
    half = Z_95 * math.sqrt(variance / count)
    return mean * scale, (mean - half) * scale, (mean + half) * scale


@dataclass
class PayoffMoments:
    """Count, mean and sum of squared deviations of per-hand results (Welford).

    Float64 running moments never overflow and keep the variance accurate when
    the mean is large; two summaries merge exactly as if their hands had been
    added one by one (Chan et al.).

    Examples
    --------
    >>> a, b = PayoffMoments.of([1, 2]), PayoffMoments.of([3, 10])
    >>> merged = a.merge(b)
    >>> merged.count, merged.mean, merged.m2 == PayoffMoments.of([1, 2, 3, 10]).m2
    (4, 4.0, True)
    """

    count: int = 0
    mean: float = 0.0
    m2: float = 0.0

    @classmethod
    def of(cls, values: Iterable[float]) -> PayoffMoments:
        """Moments of ``values`` added one at a time."""
        moments = cls()
        for value in values:
            moments.add(value)
        return moments

    def add(self, value: float) -> None:
        """Add one hand's result."""
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)

    def merge(self, other: PayoffMoments) -> PayoffMoments:
        """The moments of both sets of hands together."""
        count = self.count + other.count
        if count == 0:
            return PayoffMoments()
        delta = other.mean - self.mean
        mean = self.mean + delta * other.count / count
        m2 = self.m2 + other.m2 + delta * delta * self.count * other.count / count
        return PayoffMoments(count, mean, m2)

    def bb_per_100(self, big_blind: float) -> tuple[float, float, float]:
        """``(bb_per_100, low, high)`` like :func:`bb_per_100_interval`."""
        if self.count == 0:
            return 0.0, -math.inf, math.inf
        if self.count < 2:
            return self.mean * 100.0 / big_blind, -math.inf, math.inf
        variance = max(0.0, self.m2 / (self.count - 1))
        return _interval(self.mean, variance, self.count, big_blind)


@dataclass
class SeatResult:
    """One seat's (one agent's) results over a simulation.

    Attributes
    ----------
    agent
        The agent's name.
    net
        Chips won (negative: lost) over every hand.
    hands
        Hands the seat was dealt in.
    bb_per_100, bb_per_100_low, bb_per_100_high
        Win rate in big blinds per 100 hands and its 95% interval.
    vpip, pfr
        Share of hands with chips put in voluntarily / raised in the first round.
    aggression
        Bets and raises per call (``inf`` when it never called but bet).
    went_to_showdown, won_at_showdown
        Share of hands that reached a showdown; share of those that won chips.
    folds, timeouts, disconnects, rebuys, tournaments_won
        Counts.
    """

    agent: str
    net: int
    hands: int
    bb_per_100: float
    bb_per_100_low: float
    bb_per_100_high: float
    vpip: float
    pfr: float
    aggression: float
    went_to_showdown: float
    won_at_showdown: float
    folds: int
    timeouts: int
    disconnects: int
    rebuys: int
    tournaments_won: int


def seat_result(
    agent: str, counts: Mapping[str, int], net: int, interval: tuple[float, float, float]
) -> SeatResult:
    """One seat's :class:`SeatResult` from its counters (both engines count alike).

    ``counts`` holds the counters named in ``table.STAT_NAMES`` (missing ones are
    0); ``interval`` is ``(bb_per_100, low, high)``.

    Examples
    --------
    >>> seat = seat_result("call", {"hands": 10, "vpip": 8, "calls": 9}, 40, (200.0, -1.0, 401.0))
    >>> seat.vpip, seat.aggression, seat.folds
    (0.8, 0.0, 0)
    """
    hands = counts.get("hands", 0)
    calls, bets = counts.get("calls", 0), counts.get("bets", 0)
    showdowns = counts.get("showdowns", 0)
    rate, low, high = interval
    return SeatResult(
        agent=agent,
        net=int(net),
        hands=hands,
        bb_per_100=rate,
        bb_per_100_low=low,
        bb_per_100_high=high,
        vpip=counts.get("vpip", 0) / hands if hands else 0.0,
        pfr=counts.get("pfr", 0) / hands if hands else 0.0,
        aggression=bets / calls if calls else (math.inf if bets else 0.0),
        went_to_showdown=showdowns / hands if hands else 0.0,
        won_at_showdown=counts.get("showdowns_won", 0) / showdowns if showdowns else 0.0,
        folds=counts.get("folds", 0),
        timeouts=counts.get("timeouts", 0),
        disconnects=counts.get("disconnects", 0),
        rebuys=counts.get("rebuys", 0),
        tournaments_won=counts.get("tournaments_won", 0),
    )


@dataclass
class SimulationResult:
    """The outcome of :func:`~showdown.simulator.session.simulate`.

    Attributes
    ----------
    game, mode, players, hands, seed
        What was played.
    big_blind
        Chips per big blind used for bb/100 (the small bet in stud and draw).
    seats
        Per-seat results (:class:`SeatResult`), seat ``i`` = agent ``i``.
    showdown_rate
        Share of hands that ended with a showdown.
    seconds
        Wall time of the simulation.
    histories
        PHH text of every hand when ``record_histories`` was set, else ``None``.
    """

    game: str
    mode: str
    players: int
    hands: int
    seed: int | None
    big_blind: int
    seats: list[SeatResult]
    showdown_rate: float
    seconds: float
    histories: list[str] | None = field(default=None, repr=False)

    @property
    def net(self) -> list[int]:
        """Net chips per seat."""
        return [seat.net for seat in self.seats]

    @property
    def bb_per_100(self) -> list[float]:
        """Win rate per seat in big blinds per 100 hands."""
        return [seat.bb_per_100 for seat in self.seats]

    @property
    def hands_per_second(self) -> float:
        """Simulation speed."""
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dictionary (infinite values become ``None``; histories left out)."""

        def clean(value: Any) -> Any:
            if isinstance(value, float) and not math.isfinite(value):
                return None
            return value

        data = {key: value for key, value in asdict(self).items() if key != "histories"}
        data["seats"] = [{k: clean(v) for k, v in seat.items()} for seat in data["seats"]]
        data["hands_per_second"] = clean(self.hands_per_second)
        return data

    def table(self) -> str:
        """The per-seat results as a plain-text table.

        Examples
        --------
        >>> from showdown.simulator import simulate
        >>> result = simulate("nlhe", ["call", "call"], hands=20, seed=3)
        >>> result.table().splitlines()[0].split()[:3]
        ['seat', 'agent', 'net']
        """
        header = (
            f"{'seat':>4}  {'agent':<10} {'net':>9} {'bb/100':>9} {'95% interval':>19} "
            f"{'VPIP':>5} {'PFR':>5} {'AF':>5} {'WTSD':>5} {'W$SD':>5}"
        )
        lines = [header]
        for index, seat in enumerate(self.seats):
            low, high = seat.bb_per_100_low, seat.bb_per_100_high
            interval = f"[{low:.1f}, {high:.1f}]" if math.isfinite(low) else "-"
            aggression = f"{seat.aggression:.2f}" if math.isfinite(seat.aggression) else "inf"
            lines.append(
                f"{index:>4}  {seat.agent:<10} {seat.net:>9} {seat.bb_per_100:>9.1f} "
                f"{interval:>19} {seat.vpip:>5.0%} {seat.pfr:>5.0%} {aggression:>5} "
                f"{seat.went_to_showdown:>5.0%} {seat.won_at_showdown:>5.0%}"
            )
        lines.append(
            f"{self.hands} hands of {self.game} ({self.mode}), showdowns {self.showdown_rate:.0%}, "
            f"{self.hands_per_second:,.0f} hands/s"
        )
        return "\n".join(lines)
