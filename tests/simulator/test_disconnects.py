"""Disconnections: validated, bounded per hand, never a hang."""

from __future__ import annotations

import math

import pytest

from showdown.simulator import AgentError, CallingStation, Disconnect, Table, TimeLimit, simulate


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("seconds", [0, 0.0, 5, 29.5])
def test_always_disconnecting_agents_let_simulate_finish(seconds):
    def flaky(hand, seat):
        return Disconnect(reconnect_after=seconds)

    clock = FakeClock()
    result = simulate("nlhe", [flaky, "call", "random"], hands=60, seed=2, clock=clock)
    assert result.hands == 60 and sum(result.net) == 0
    # One reconnection per hand at most, then the seat is disconnected for the hand.
    assert 0 < result.seats[0].disconnects <= 60


def test_reconnections_are_bounded_per_hand():
    asked = []

    def flaky(hand, seat):
        asked.append(hand.street)
        return Disconnect(reconnect_after=1.0)

    table = Table("nlhe", [flaky, CallingStation(), CallingStation()], clock=FakeClock(), seed=1)
    table.button = 0  # seat 0 acts first pre-flop
    hand = table.start_hand()
    table.run(hand)
    assert hand.disconnected[0]
    assert len(asked) == 2  # asked, reconnected once, asked again, gone for the hand
    assert table.counts["disconnects"][0] == 1
    two = Table(
        "nlhe",
        [flaky, CallingStation(), CallingStation()],
        clock=FakeClock(),
        seed=1,
        time_limit=TimeLimit(reconnections=3),
    )
    two.button = 0
    asked.clear()
    two.run(two.start_hand())
    assert len(asked) == 4


@pytest.mark.parametrize("value", [-1, -1e9, math.nan, math.inf, "x", True, [1]])
def test_bad_reconnect_after_is_refused(value):
    with pytest.raises(ValueError, match="reconnect_after"):
        Disconnect(reconnect_after=value)

    def agent(hand, seat):
        return Disconnect(reconnect_after=value)

    with pytest.raises(AgentError, match=r"seat 0 \(agent 'agent'\) raised ValueError: "):
        simulate("nlhe", [agent, "call"], hands=5, seed=1)


def test_zero_and_none_are_valid():
    assert Disconnect(0).reconnect_after == 0
    assert Disconnect().reconnect_after is None
    assert Disconnect(2).reconnect_after == 2.0
