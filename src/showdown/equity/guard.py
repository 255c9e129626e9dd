"""Exact runs that would cost too much: refused up front, or stopped between blocks.

The planner (``plan``) estimates every exact run before it starts, and
``equity()`` samples (or, with ``exact=True``, refuses) when the estimate is
too large in time or memory. An estimate can still be wrong, so every
blocked exact run also reports its work as blocks finish to a
:class:`WorkGuard`: once the work done passes :data:`OVERRUN_FACTOR` times the
estimate (or the time :data:`OVERRUN_TIME_FACTOR` times the estimated time),
the run stops there with :class:`ExactOverrunError`, and ``equity()`` samples
the spot instead, saying so in the result's ``note``. Running out of memory
is reported the same way, never as a raw ``MemoryError``.

Work is the run's own counter (player-hand evaluations; deals times players
for stud and draw), so a test can make a run overrun without reading a
clock: give its plan a tiny estimate.

With the JIT off (``NUMBA_DISABLE_JIT=1``) runs are not stopped on time:
estimates are of compiled kernels, which Python runs tens to hundreds of
times more slowly, so an exact run of a second or so compiled would pass
the time limit and be sampled where the compiled run enumerates, another
answer (without a seed, another one every time). The work limit, which no
clock decides, still applies.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from typing import Any

from .._jit import JIT_DISABLED
from ..errors import InputError

__all__ = [
    "OVERRUN_FACTOR",
    "ExactOverrunError",
    "ExactTooSlowError",
    "WorkGuard",
    "guarded",
]

#: An exact run stops once its work passes this many times the estimate ...
OVERRUN_FACTOR = 10.0
#: ... and this many evaluations (a few hundredths of a second: small runs never stop).
OVERRUN_MIN_WORK = 5e6
#: It also stops once its time passes this many times the estimated time ...
OVERRUN_TIME_FACTOR = 20.0
#: ... and this many seconds (a busy machine alone never stops a run that is on track).
OVERRUN_MIN_SECONDS = 30.0


class ExactTooSlowError(InputError):
    """Exact enumeration of this spot would take too long; sample instead."""


class ExactOverrunError(ExactTooSlowError):
    """An exact run stopped before the end: it overran its estimate by far, or memory ran out.

    Attributes
    ----------
    note
        One sentence for a result that was sampled instead.
    """

    def __init__(self, message: str, note: str) -> None:
        super().__init__(message)
        self.note = note


#: How to sample instead, in Python and on the command line.
SAMPLE_HINT = (
    "sample instead: samples=/target_stderr= in Python, --samples/--stderr on the command line"
)


def stopped(why: str, what: str = "exact enumeration") -> ExactOverrunError:
    """The error for a run stopped early (``why``: what it had done), with its note."""
    return ExactOverrunError(
        f"{what} stopped: {why}; {SAMPLE_HINT}",
        f"{what} stopped ({why}), so this result was sampled instead",
    )


def out_of_memory(what: str = "exact enumeration") -> ExactOverrunError:
    """The error for a run that ran out of memory (raised instead of ``MemoryError``)."""
    return ExactOverrunError(
        f"{what} ran out of memory; {SAMPLE_HINT}",
        f"{what} ran out of memory, so this result was sampled instead",
    )


class WorkGuard:
    """Follows an exact run's work block by block; stops it when far over its estimate.

    Parameters
    ----------
    estimated_work
        The plan's estimate of the run's work (evaluations).
    estimated_seconds
        The plan's estimated duration.
    what
        What is running, for messages (``"exact enumeration"``, ``"runouts"``).
    clock
        Seconds, monotonic (tests may pass their own).
    timed
        Whether a run is stopped on time too (``None``: unless the JIT is off;
        the module docstring says why).

    Notes
    -----
    Time is counted from the end of the first block, not from the start: the
    first block of a run compiles its kernels when the cache is cold, and
    that is not the run overrunning its estimate.
    """

    def __init__(
        self,
        estimated_work: float,
        estimated_seconds: float,
        what: str = "exact enumeration",
        clock: Callable[[], float] = time.monotonic,
        timed: bool | None = None,
    ) -> None:
        self.estimated_work = float(estimated_work)
        self.work_limit = max(OVERRUN_FACTOR * self.estimated_work, OVERRUN_MIN_WORK)
        self.estimated_seconds = float(estimated_seconds)
        if timed is None:
            timed = not JIT_DISABLED
        self.time_limit = (
            max(OVERRUN_TIME_FACTOR * self.estimated_seconds, OVERRUN_MIN_SECONDS)
            if timed
            else math.inf
        )
        self.what = what
        self.clock = clock
        # The clock starts when the first block is done: that block pays for compiling the
        # kernels (a minute on a busy machine, after any edit or upgrade), which is no sign
        # of an estimate gone wrong.
        self.started: float | None = None
        self.done = 0.0

    def add(self, work: float) -> None:
        """Count ``work`` done by a finished block; raise :class:`ExactOverrunError` if too much."""
        self.done += float(work)
        if self.done > self.work_limit:
            self._stop(
                f"{self.done:.3g} evaluations done, over {OVERRUN_FACTOR:g} times the "
                f"estimate of {self.estimated_work:.3g}"
            )
        if self.started is None:
            self.started = self.clock()
            return
        elapsed = self.clock() - self.started
        if elapsed > self.time_limit:
            self._stop(
                f"{elapsed:.0f} s spent, over {OVERRUN_TIME_FACTOR:g} times the "
                f"estimate of {self.estimated_seconds:.2g} s"
            )

    def _stop(self, why: str) -> None:
        raise stopped(why, self.what)


def guarded(
    blocks: Iterator[Any], guard: WorkGuard, work: Callable[[int, Any], float]
) -> Iterator[Any]:
    """Yield ``blocks``' results, telling ``guard`` each one's ``work(index, result)``.

    When the guard stops the run, the blocks not yet started are cancelled
    (the runner's iterator is closed) before the error propagates.
    """
    try:
        for index, result in enumerate(blocks):
            guard.add(work(index, result))
            yield result
    finally:
        close = getattr(blocks, "close", None)
        if close is not None:
            close()
