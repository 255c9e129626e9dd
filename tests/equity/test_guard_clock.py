"""The exact-run guard times a run from the end of its first block (which compiles kernels),
and not at all with the JIT off (estimates are of compiled kernels)."""

from __future__ import annotations

import pytest

from showdown.equity import guard as guard_module
from showdown.equity.guard import ExactOverrunError, WorkGuard


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_slow_first_block_compiling_kernels_does_not_stop_the_run():
    clock = FakeClock()
    guard = WorkGuard(estimated_work=1e6, estimated_seconds=0.5, clock=clock, timed=True)
    clock.now = 600.0  # the first block compiled for ten minutes
    guard.add(1e5)
    for _ in range(9):
        clock.now += 0.05  # the other blocks keep to the estimate
        guard.add(1e5)
    assert guard.done == pytest.approx(1e6)


def test_later_blocks_that_overrun_the_time_still_stop_the_run():
    clock = FakeClock()
    guard = WorkGuard(estimated_work=1e6, estimated_seconds=0.5, clock=clock, timed=True)
    guard.add(1e5)
    clock.now += 10 * guard.time_limit
    with pytest.raises(ExactOverrunError, match="s spent"):
        guard.add(1e5)


def test_work_over_the_estimate_stops_the_run_at_its_first_block():
    guard = WorkGuard(estimated_work=1e6, estimated_seconds=0.5, clock=FakeClock())
    with pytest.raises(ExactOverrunError, match="evaluations done"):
        guard.add(guard.work_limit + 1)


@pytest.mark.parametrize("jit_disabled", [False, True])
def test_runs_are_stopped_on_time_unless_the_jit_is_off(monkeypatch, jit_disabled):
    # Kernels run as Python take far longer than the compiled estimate: stopping them on
    # time would sample where the compiled run enumerates, another answer.
    monkeypatch.setattr(guard_module, "JIT_DISABLED", jit_disabled)
    clock = FakeClock()
    guard = WorkGuard(estimated_work=1e6, estimated_seconds=0.5, clock=clock)
    guard.add(1e5)
    clock.now += 3600.0  # an hour for the second block
    if jit_disabled:
        guard.add(1e5)
        assert guard.done == pytest.approx(2e5)
        with pytest.raises(ExactOverrunError, match="evaluations done"):
            guard.add(guard.work_limit)  # the work limit still applies
    else:
        with pytest.raises(ExactOverrunError, match="s spent"):
            guard.add(1e5)
