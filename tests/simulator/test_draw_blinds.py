"""Five-card draw as the sites deal it: blinds posted in a game whose rules have none, and
a replayed opponent's unseen discards."""

from __future__ import annotations

import pytest

from showdown.simulator import HandState, Stakes
from showdown.simulator.hand import UNKNOWN, IllegalActionError


def _draw_with_blinds(stacks: list[int], blinds: list[int]) -> HandState:
    state = HandState(
        "draw", Stakes.antes(ante=0, small_bet=10), stacks, manual_dealing=True, blinds=blinds
    )
    for seat in range(len(stacks)):
        state.deal_hole(seat, [UNKNOWN] * 5)
    return state


def test_posted_blinds_are_live_and_the_first_round_opens_after_the_big_blind():
    # Seats 0 and 1 post 5 and 10; the button (seat 3) is last.
    state = _draw_with_blinds([500] * 4, [5, 10, 0, 0])
    assert state.actor == 2 and state.current_bet == 10 and state.bets == [5, 10, 0, 0]
    state.check_call(2)
    state.check_call(3)
    state.check_call(0)  # the small blind completes: 5 more, not 10
    assert state.totals == [10, 10, 10, 10] and state.actor == 1
    state.bet_raise_to(20, 1)  # the big blind's option
    for seat in (2, 3, 0):
        state.check_call(seat)
    assert state.status == "drawing" and state.actor == 0  # the draw starts left of the button


def test_heads_up_the_button_posts_the_small_blind_and_acts_first():
    state = _draw_with_blinds([100, 100], [10, 5])
    assert state.actor == 1
    state.check_call(1)
    assert state.actor == 0  # the big blind's option
    state.check_call(0)
    assert state.status == "drawing" and state.actor == 0


def test_an_ante_game_still_opens_left_of_the_button():
    state = HandState("draw", Stakes.antes(ante=1, small_bet=2), [50, 50, 50], seed=1)
    assert state.actor == 0 and state.current_bet == 0 and state.bets == [0, 0, 0]


def test_unseen_discards_may_repeat_up_to_the_unseen_cards_held():
    state = HandState("draw", Stakes.antes(ante=1, small_bet=2), [50, 50], manual_dealing=True)
    state.deal_hole(0, [UNKNOWN] * 5)
    state.deal_hole(1, [UNKNOWN] * 5)
    state.check_call(0)
    state.check_call(1)
    state.discard([UNKNOWN] * 3, 0)
    state.deal_hole(0, [UNKNOWN] * 3)
    with pytest.raises(IllegalActionError, match="does not hold all of"):
        state.discard([UNKNOWN] * 6, 1)
    state.discard([UNKNOWN] * 5, 1)
    assert state.discards == [3, 5]
