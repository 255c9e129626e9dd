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

import html
import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import InputError
from .hand_log import HandLog

__all__ = [
    "JSON_DIGITS",
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
    >>> check_chips(2**63, "stack")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    showdown.errors.InputError: stack: at most 1099511627776 chips (2**40) are supported, got ...
    """
    import numpy as np

    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InputError(f"expected an int number of chips, got {value!r}", parameter=name)
    chips = int(value)
    if chips < minimum:
        kind = {0: "a non-negative", 1: "a positive"}.get(minimum, f"at least {minimum} as an")
        raise InputError(f"expected {kind} int number of chips, got {chips}", parameter=name)
    if chips > MAX_CHIPS:
        raise InputError(
            f"at most {MAX_CHIPS} chips (2**40) are supported, got {chips}", parameter=name
        )
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


#: Decimal places of the floats :meth:`SimulationResult.to_dict` gives (JSON): bb/100
#: to 0.01 big blind, shares and aggression to 0.0001, times to 0.1 ms, speed to one
#: hand per second. Rounded once there, they print without float noise (-358.15, not
#: -358.1499999999999); chip counts are ints, exact.
JSON_DIGITS = {
    "bb_per_100": 2,
    "bb_per_100_low": 2,
    "bb_per_100_high": 2,
    "vpip": 4,
    "pfr": 4,
    "aggression": 4,
    "went_to_showdown": 4,
    "won_at_showdown": 4,
    "showdown_rate": 4,
    "seconds": 4,
    "startup_seconds": 4,
    "hands_per_second": 0,
}


def _json_number(name: str, value: Any) -> Any:
    """``value`` as :meth:`SimulationResult.to_dict` gives it: floats rounded by
    :data:`JSON_DIGITS` (infinities become ``None``), ints unchanged.

    Examples
    --------
    >>> _json_number("bb_per_100", -358.1499999999999), _json_number("vpip", 1 / 3)
    (-358.15, 0.3333)
    >>> _json_number("hands_per_second", 881234.56), _json_number("net", -14326)
    (881235, -14326)
    """
    if not isinstance(value, float):
        return value
    if not math.isfinite(value):
        return None
    digits = JSON_DIGITS.get(name)
    if digits is None:
        return value
    return round(value) if digits == 0 else round(value, digits)


#: Column headings of the results table (after "seat" and "agent"): :meth:`SeatResult.cells`.
_HEADINGS = ("net", "bb/100", "95% interval", "VPIP", "PFR", "AF", "WTSD", "W$SD")


@dataclass(repr=False)
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

    Examples
    --------
    >>> interval = (-55.199999999999996, -90.0, -20.4)
    >>> seat = seat_result("call", {"hands": 10, "vpip": 8}, -11, interval)
    >>> repr(seat)[:71]
    "SeatResult(agent='call', net=-11, hands=10, bb/100=-55.2 [-90.0, -20.4]"
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

    def cells(self) -> dict[str, str]:
        """The seat's values as display text (rounded), keyed by column heading."""
        low, high = self.bb_per_100_low, self.bb_per_100_high
        interval = f"[{low:.1f}, {high:.1f}]" if math.isfinite(low) else "-"
        aggression = f"{self.aggression:.2f}" if math.isfinite(self.aggression) else "inf"
        return {
            "net": str(self.net),
            "bb/100": f"{self.bb_per_100:.1f}",
            "95% interval": interval,
            "VPIP": f"{self.vpip:.0%}",
            "PFR": f"{self.pfr:.0%}",
            "AF": aggression,
            "WTSD": f"{self.went_to_showdown:.0%}",
            "W$SD": f"{self.won_at_showdown:.0%}",
        }

    def __repr__(self) -> str:
        cells = self.cells()
        interval = cells["95% interval"]
        return (
            f"SeatResult(agent={self.agent!r}, net={self.net}, hands={self.hands}, "
            f"bb/100={cells['bb/100']} {interval}, VPIP {cells['VPIP']}, PFR {cells['PFR']}, "
            f"AF {cells['AF']}, WTSD {cells['WTSD']}, W$SD {cells['W$SD']})"
        )


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


def _duration(seconds: float) -> str:
    """A duration as short text: ``0.0123 s`` -> ``"0.012 s"``, ``12.34`` -> ``"12.3 s"``."""
    return f"{seconds:.3f} s" if seconds < 1 else f"{seconds:.1f} s"


@dataclass(repr=False)
class SimulationResult:
    """The outcome of :func:`~showdown.simulator.session.simulate`.

    Shown as a table (``repr``, HTML in Jupyter); :meth:`to_pandas` gives one row
    per seat, :meth:`hands_frame` one row per seat and hand, :meth:`plot` the
    running net per seat (the last two need ``record_hands=True``).

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
        Wall time of the play itself (:attr:`hands_per_second` divides by it).
    startup_seconds
        Wall time before the first hand: building the tables, compiling (first
        use) or loading the kernels.
    histories
        PHH text of every hand when ``record_histories`` was set, else ``None``.
    hand_log
        Every hand's results and cards when ``record_hands`` was set, else ``None``.
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
    startup_seconds: float = 0.0
    histories: list[str] | None = field(default=None)
    hand_log: HandLog | None = field(default=None)

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
        """Speed of the play itself (start-up excluded)."""
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dictionary: chip counts are exact ints, floats are rounded as
        :data:`JSON_DIGITS` says (bb/100 to 0.01, shares to 0.0001) and infinite values
        become ``None``; histories and the hand log are left out. :meth:`to_pandas` keeps
        full precision.

        Examples
        --------
        >>> from showdown.simulator import simulate
        >>> data = simulate("nlhe", ["call", "random"], hands=30, seed=1).to_dict()
        >>> seat = data["seats"][0]
        >>> isinstance(seat["net"], int), seat["bb_per_100"] == round(seat["bb_per_100"], 2)
        (True, True)
        """
        data: dict[str, Any] = {
            name: _json_number(name, getattr(self, name))
            for name in (
                "game", "mode", "players", "hands", "seed", "big_blind", "showdown_rate",
                "seconds", "startup_seconds",
            )
        }  # fmt: skip
        data["seats"] = [
            {name: _json_number(name, value) for name, value in asdict(seat).items()}
            for seat in self.seats
        ]
        data["hands_per_second"] = _json_number("hands_per_second", self.hands_per_second)
        return data

    def to_pandas(self) -> Any:
        """One row per seat (index ``seat``), every :class:`SeatResult` field as a column,
        at full precision (needs pandas).

        Examples
        --------
        >>> from showdown.simulator import simulate
        >>> frame = simulate("nlhe", ["call", "random"], hands=50, seed=1).to_pandas()
        >>> list(frame.columns[:4]), int(frame["net"].sum())
        (['agent', 'net', 'hands', 'bb_per_100'], 0)
        """
        try:
            import pandas as pd
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas() needs pandas: pip install pandas") from error
        frame = pd.DataFrame([asdict(seat) for seat in self.seats])
        frame.index.name = "seat"
        return frame

    def hands_frame(self) -> Any:
        """One row per seat and hand (needs pandas and ``simulate(..., record_hands=True)``).

        Columns (see :mod:`~showdown.simulator.hand_log`): ``hand`` (0-based, in the
        order dealt), ``table``, ``seat``, ``agent``, ``position`` (0: first seat left of
        the button, ``players - 1``: the button), ``hole_cards`` and ``board`` (text such
        as ``"AsKd"``), ``net`` (chips), ``net_bb``, ``showed_down``, ``won``.

        Examples
        --------
        >>> from showdown.simulator import simulate
        >>> result = simulate("nlhe", ["call", "random"], hands=40, seed=1, record_hands=True)
        >>> frame = result.hands_frame()
        >>> len(frame), frame.groupby("agent")["net"].sum().to_dict() == {
        ...     "call": result.net[0], "random": result.net[1]}
        (80, True)
        """
        return self._log("hands_frame").frame([seat.agent for seat in self.seats], self.big_blind)

    def plot(self, ax: Any = None) -> Any:
        """Running net of each seat in big blinds, hand by hand, with a 95 % band; returns
        the matplotlib Axes (needs ``showdown[plot]`` and ``record_hands=True``).

        The band after ``k`` hands is ``k * mean ± 1.96 * sd * √k``, ``mean`` and ``sd``
        being the seat's per-hand mean and standard deviation: where a player with the
        seat's measured win rate and spread lands 95 % of the time
        (:func:`showdown.plot.cumulative_net_chart`).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from showdown.simulator import simulate
        >>> result = simulate("nlhe", ["call", "random"], hands=30, seed=1, record_hands=True)
        >>> ax = result.plot()
        >>> [line.get_label() for line in ax.lines]
        ['seat 0: call', 'seat 1: random']
        """
        from .._plotting import cumulative_net_chart

        log = self._log("plot")
        labels = [f"seat {index}: {seat.agent}" for index, seat in enumerate(self.seats)]
        return cumulative_net_chart(
            log.net / self.big_blind,
            labels,
            ax=ax,
            title=f"{self.game}: {self.hands:,} hands",
        )

    def _log(self, caller: str) -> HandLog:
        if self.hand_log is None:
            raise ValueError(
                f"{caller}: the per-hand results were not kept; "
                "run simulate(..., record_hands=True)"
            )
        return self.hand_log

    # ------------------------------------------------------------------ display
    def summary(self) -> str:
        """One line: what was played, the showdown rate and the timings.

        The play's speed excludes the start-up (building the tables, compiling or
        loading the kernels), which is given apart.
        """
        seed = f", seed {self.seed}" if self.seed is not None else ""
        return (
            f"{self.hands:,} hands of {self.game} ({self.mode}, {self.players} players{seed}), "
            f"showdowns {self.showdown_rate:.0%}; played in {_duration(self.seconds)} "
            f"({self.hands_per_second:,.0f} hands/s), start-up {_duration(self.startup_seconds)}"
        )

    def table(self) -> str:
        """The per-seat results as a plain-text table, then :meth:`summary`.

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
            cells = seat.cells()
            lines.append(
                f"{index:>4}  {seat.agent:<10} {cells['net']:>9} {cells['bb/100']:>9} "
                f"{cells['95% interval']:>19} {cells['VPIP']:>5} {cells['PFR']:>5} "
                f"{cells['AF']:>5} {cells['WTSD']:>5} {cells['W$SD']:>5}"
            )
        lines.append(self.summary())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"SimulationResult({self.summary()})\n" + "\n".join(self.table().splitlines()[:-1])

    def _repr_html_(self) -> str:
        headings = ["seat", "agent", *_HEADINGS]
        head = "".join(f"<th>{html.escape(text)}</th>" for text in headings)
        rows = []
        for index, seat in enumerate(self.seats):
            cells = seat.cells()
            values = [str(index), seat.agent, *(cells[heading] for heading in _HEADINGS)]
            rows.append("<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in values) + "</tr>")
        caption = html.escape(self.summary())
        return f"<table><caption>{caption}</caption><tr>{head}</tr>{''.join(rows)}</table>"
