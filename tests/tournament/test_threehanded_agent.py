"""The push/fold agent at a three-handed table: which decision of the three-handed game it plays.

Finding the spot needs no solve (fast); the match against the other agents
solves the 10/10/10 bb game once and is slow.
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown.simulator import HandState, Stakes, simulate
from showdown.simulator.pushfold_agent import (
    BIG_CALL_BOTH,
    BIG_CALL_BUTTON,
    BIG_CALL_SMALL,
    BUTTON_SHOVE,
    SMALL_CALL,
    SMALL_SHOVE,
    PushFoldAgent,
)


def _hand(stacks=(16, 24, 20), ante=0) -> HandState:
    # Seats 0, 1, 2: the small blind, the big blind, the button (the last seat by default).
    stakes = Stakes.blinds(1, 2) if not ante else Stakes.blinds(1, 2, ante=ante)
    return HandState("nlhe", stakes, list(stacks))


def _spot(hand):
    return PushFoldAgent._three_handed_spot(hand, hand.actor)


def _shove(hand) -> None:
    hand.act("raise", hand.raise_bounds()[1])


def test_the_button_opens_first() -> None:
    hand = _hand()
    button, small, big = hand.button, (hand.button + 1) % 3, (hand.button + 2) % 3
    assert (button, small, big) == (2, 0, 1)
    assert hand.actor == button
    # Stacks in whole bb, button first: 10, 8 and 12 bb, the 12 playing as 10.
    assert _spot(hand) == ((10, 8, 10), 0, BUTTON_SHOVE)
    hand.act("fold")
    assert hand.actor == small
    assert _spot(hand) == ((10, 8, 10), 0, SMALL_SHOVE)
    _shove(hand)
    assert hand.actor == big
    assert _spot(hand) == ((10, 8, 10), 0, BIG_CALL_SMALL)


def test_the_blinds_facing_the_button() -> None:
    hand = _hand()
    _shove(hand)
    assert _spot(hand)[2] == SMALL_CALL
    hand.act("fold")
    assert _spot(hand)[2] == BIG_CALL_BUTTON
    hand = _hand()
    _shove(hand)
    hand.act("call")
    assert _spot(hand)[2] == BIG_CALL_BOTH


def test_spots_outside_the_game_fall_back() -> None:
    hand = _hand()
    hand.act("call")  # the button limps: not a push/fold spot
    assert _spot(hand) is None
    assert _spot(HandState("nlhe", Stakes.blinds(1, 2), [20, 20])) is None  # heads-up
    assert _spot(HandState("nlhe", Stakes.blinds(1, 2), [20, 20, 20, 20])) is None


def test_deep_stacks_are_capped() -> None:
    # The button's 100 bb play as the big blind's 12 (nobody can win more from it) ...
    assert _spot(_hand((16, 24, 200)))[0] == (12, 8, 12)
    # ... and every stack as at most 25 bb.
    assert _spot(_hand((60, 70, 200)))[0] == (25, 25, 25)


@pytest.mark.slow
def test_it_beats_the_other_agents_three_handed() -> None:
    # Every hand starts at 10/10/10 bb (one hand per call: a session's stacks would drift and
    # each new stack triple costs a solve), and the agents rotate through the seats.
    agents = ["pushfold", "strength", "random"]
    nets = []
    for hand in range(3000):
        shift = hand % 3
        order = agents[shift:] + agents[:shift]
        result = simulate("nlhe", order, hands=1, seed=1000 + hand, starting_stack=20)
        nets.append(result.seats[order.index("pushfold")].net / 2)  # big blind: 2 chips
    bb_per_100 = 100 * np.asarray(nets)
    low = bb_per_100.mean() - 1.96 * bb_per_100.std(ddof=1) / np.sqrt(len(nets))
    assert low > 0, (bb_per_100.mean(), low)
