"""Agents that raise, and bad clocks or time limits."""

from __future__ import annotations

import math

import pytest

from showdown.simulator import AgentError, CallingStation, Table, TimeLimit, simulate


class Tight:
    """Raises on its third decision."""

    name = "tight"

    def __init__(self) -> None:
        self.decisions = 0

    def __call__(self, hand, seat):
        self.decisions += 1
        if self.decisions == 3:
            raise ValueError("no idea what to do")
        return "call"


def test_an_agent_that_raises_is_named_with_the_original_chained():
    agents = [CallingStation(), CallingStation(), CallingStation(), Tight()]
    table = Table("nlhe", agents, starting_stack=100, seed=4)
    stacks_before = list(table.stacks)
    with pytest.raises(AgentError) as caught:
        for _ in range(10):
            table.play_hand()
    message = str(caught.value)
    assert message == "seat 3 (agent 'tight') raised ValueError: no idea what to do"
    assert isinstance(caught.value.__cause__, ValueError)
    assert isinstance(caught.value, ValueError)  # a documented ValueError subclass
    # The table is left consistent: the failed hand changed nothing; play goes on.
    assert sum(table.stacks) == sum(stacks_before)
    played = table.hands_played
    table.play_hand()
    assert table.hands_played == played + 1 and sum(table.stacks) == 400


def test_simulate_reports_the_agent_error():
    def broken(hand, seat):
        return 1 / 0

    with pytest.raises(AgentError, match=r"seat 0 \(agent 'broken'\) raised ZeroDivisionError"):
        simulate("nlhe", [broken, "call"], hands=10, seed=1)


BAD_LIMITS = [-1, 0, math.nan, math.inf, "30", True]


@pytest.mark.parametrize("limit", BAD_LIMITS)
def test_bad_time_limits_are_refused_up_front(limit):
    with pytest.raises(ValueError, match="time_limit"):
        Table("nlhe", [CallingStation()] * 2, time_limit=limit)
    # Refused before any hand is played, on either engine (all-call tables run compiled).
    for agents in (["call", "call"], ["call", lambda hand, seat: "call"]):
        with pytest.raises(ValueError, match="time_limit"):
            simulate("nlhe", agents, hands=5, time_limit=limit)


@pytest.mark.parametrize(
    "fields",
    [
        {"base": -1},
        {"base": 0, "countdown": 0},
        {"countdown": math.nan},
        {"reconnect_bonus": -5},
        {"base": "10"},
        {"reconnections": -1},
        {"reconnections": 1.5},
    ],
)
def test_bad_time_limit_fields(fields):
    with pytest.raises(ValueError, match="time_limit"):
        TimeLimit(**fields)


@pytest.mark.parametrize("clock", [None, 5, lambda: "now", lambda: math.nan])
def test_bad_clocks_are_refused_up_front(clock):
    with pytest.raises(ValueError, match="clock"):
        Table("nlhe", [CallingStation()] * 2, clock=clock)
    with pytest.raises(ValueError, match="clock"):
        simulate("nlhe", ["call", "call"], hands=5, clock=clock)


def test_no_time_limit_still_needs_no_clock_checks_to_fail():
    table = Table("nlhe", [CallingStation()] * 2, time_limit=None)
    assert table.time_limit is None
    assert TimeLimit(base=0, countdown=5).total == 5
