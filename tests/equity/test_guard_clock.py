"""The exact-run guard times a run from the end of its first block (which compiles kernels)."""

from __future__ import annotations

import pytest

from showdown.equity.guard import ExactOverrunError, WorkGuard


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_slow_first_block_compiling_kernels_does_not_stop_the_run():
    clock = FakeClock()
    guard = WorkGuard(estimated_work=1e6, estimated_seconds=0.5, clock=clock)
    clock.now = 600.0  # the first block compiled for ten minutes
    guard.add(1e5)
    for _ in range(9):
        clock.now += 0.05  # the other blocks keep to the estimate
        guard.add(1e5)
    assert guard.done == pytest.approx(1e6)


def test_later_blocks_that_overrun_the_time_still_stop_the_run():
    clock = FakeClock()
    guard = WorkGuard(estimated_work=1e6, estimated_seconds=0.5, clock=clock)
    guard.add(1e5)
    clock.now += 10 * guard.time_limit
    with pytest.raises(ExactOverrunError, match="s spent"):
        guard.add(1e5)


def test_work_over_the_estimate_stops_the_run_at_its_first_block():
    guard = WorkGuard(estimated_work=1e6, estimated_seconds=0.5, clock=FakeClock())
    with pytest.raises(ExactOverrunError, match="evaluations done"):
        guard.add(guard.work_limit + 1)
