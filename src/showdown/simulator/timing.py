"""Time limits of agents' decisions: the rule's numbers and their checks.

:class:`TimeLimit` holds the seconds a decision may take and the reconnection
bonus; :func:`time_rules` checks a table's ``time_limit`` and ``clock`` before
any hand is dealt. How a :class:`~showdown.simulator.table.Table` applies them
is in its module docstring.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["DEFAULT_TIME_LIMIT", "TimeLimit", "seconds", "time_rules"]


def seconds(value: object, name: str, *, minimum: float) -> float:
    """``value`` as finite float seconds ``>= minimum``, else a ``ValueError`` naming ``name``.

    Examples
    --------
    >>> seconds(30, "time_limit", minimum=0.0)
    30.0
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a finite number of seconds, got {value!r}")
    if not math.isfinite(value) or value < minimum:
        raise ValueError(f"{name} must be a finite number of seconds >= {minimum:g}, got {value!r}")
    return float(value)


@dataclass(frozen=True)
class TimeLimit:
    """Time an agent has per decision, and the reconnection bonus.

    Parameters
    ----------
    base, countdown
        Seconds before the countdown starts, and of the countdown; a decision
        times out after their sum (which must be positive).
    reconnect_bonus
        Seconds added when a disconnected player reconnects in time.
    reconnections
        Reconnections a player may make per hand; a further disconnection in the
        same hand leaves the player all-in for the rest of it.

    Raises
    ------
    ValueError
        For a value that is not a finite non-negative number of seconds (or a
        non-negative int of reconnections), or a zero total.

    Examples
    --------
    >>> TimeLimit().total
    30.0
    >>> TimeLimit(base=-1)
    Traceback (most recent call last):
    ...
    ValueError: time_limit: base must be a finite number of seconds >= 0, got -1
    """

    base: float = 10.0
    countdown: float = 20.0
    reconnect_bonus: float = 20.0
    reconnections: int = 1

    def __post_init__(self) -> None:
        for name in ("base", "countdown", "reconnect_bonus"):
            seconds(getattr(self, name), f"time_limit: {name}", minimum=0.0)
        if self.base + self.countdown <= 0:
            raise ValueError("time_limit: base + countdown must be positive seconds, got 0")
        count = self.reconnections
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"time_limit: reconnections must be an int >= 0, got {count!r}")

    @property
    def total(self) -> float:
        """Seconds before a decision times out."""
        return self.base + self.countdown


DEFAULT_TIME_LIMIT = TimeLimit()
"""The rule's default: 10 s plus a 20 s countdown, 20 s more after a reconnection."""


def time_rules(
    time_limit: TimeLimit | float | None, clock: Callable[[], float]
) -> TimeLimit | None:
    """Validate a table's ``time_limit`` and ``clock`` up front (before any hand is dealt).

    A number is a total in seconds (no countdown); ``None`` times nothing. The
    clock must be a callable returning finite seconds; it is called once here.

    Examples
    --------
    >>> import time
    >>> time_rules(12, time.perf_counter).total
    12.0
    >>> time_rules("30", time.perf_counter)
    Traceback (most recent call last):
    ...
    ValueError: time_limit: expected a TimeLimit, positive seconds or None, got '30'
    """
    if time_limit is not None and not isinstance(time_limit, TimeLimit):
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise ValueError(
                f"time_limit: expected a TimeLimit, positive seconds or None, got {time_limit!r}"
            )
        total = seconds(time_limit, "time_limit", minimum=0.0)
        if total <= 0:
            raise ValueError(f"time_limit: expected positive seconds, got {time_limit!r}")
        time_limit = TimeLimit(base=total, countdown=0.0)
    if not callable(clock):
        raise ValueError(f"clock: expected a callable returning seconds, got {clock!r}")
    try:
        now = clock()
    except Exception as error:
        raise ValueError(f"clock: calling it raised {type(error).__name__}: {error}") from error
    seconds(now, "clock: the time it returns", minimum=-math.inf)
    return time_limit
