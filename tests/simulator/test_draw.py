"""Five-card draw (docs/rules.md): ante, bet, discard 0-5 and draw, bet, showdown."""

from __future__ import annotations

import pytest

from showdown.simulator import HandState, IllegalActionError, Stakes

from .conftest import check_down

STAKES = Stakes.antes(ante=1, small_bet=20)


def test_ante_deal_bet_draw_bet() -> None:
    hand = HandState("draw", STAKES, [300] * 3, seed=1)
    assert hand.pot == 3 and all(len(h) == 5 for h in hand.hole_cards)
    assert hand.actor == 0  # left of the button opens
    assert hand.legal_actions().raise_min_to == 20  # 20 in the first round
    check_down(hand)
    assert hand.status == "drawing" and hand.actor == 0
    assert hand.legal_actions().discard_max == 5
    kept = hand.hole_cards[0][:3]
    thrown = hand.hole_cards[0][3:]
    hand.discard(thrown)
    assert hand.hole_cards[0][:3] == kept and len(hand.hole_cards[0]) == 5
    assert not set(thrown) & set(hand.hole_cards[0])
    hand.discard(())  # stand pat
    hand.discard(hand.hole_cards[2])  # all five
    # "The other players are told how many cards their opponents discard".
    assert hand.view(1).discards == [2, 0, 5]
    assert hand.status == "betting" and hand.legal_actions().raise_min_to == 40  # 40 after
    check_down(hand)
    assert hand.status == "complete" and sum(hand.stacks) == 900


def test_discard_must_be_own_cards_and_in_turn() -> None:
    hand = HandState("draw", STAKES, [300] * 2, seed=2)
    check_down(hand)
    with pytest.raises(IllegalActionError, match="does not hold"):
        hand.discard(hand.hole_cards[1][:1])
    with pytest.raises(IllegalActionError, match="out of turn"):
        hand.discard((), player=1)
    with pytest.raises(IllegalActionError, match="no betting"):
        hand.check_call()


def test_discards_are_not_dealt_again_and_the_muck_is_reshuffled() -> None:
    # Nine players draw five each: 45 dealt, 7 left. From the second drawer on the deck runs out
    # and the muck (earlier discards, never the drawing player's own) is shuffled and dealt.
    hand = HandState("draw", STAKES, [300] * 9, seed=3)
    check_down(hand)
    own_discards: dict[int, list[int]] = {}
    while hand.status == "drawing":
        seat = hand.actor
        assert seat is not None
        own_discards[seat] = list(hand.hole_cards[seat])
        hand.discard(own_discards[seat])
        assert not set(own_discards[seat]) & set(hand.hole_cards[seat])
    every_card = [card for h in hand.hole_cards for card in h]
    assert len(every_card) == len(set(every_card)) == 45
    # The first drawer got fresh cards from the deck, not discards.
    first_new = set(hand.hole_cards[0])
    assert not first_new & {c for s, d in own_discards.items() if s != 0 for c in d}
    check_down(hand)
    assert sum(hand.stacks) == 2700


def test_time_out_on_the_draw_stands_pat() -> None:
    hand = HandState("draw", STAKES, [300] * 2, seed=4)
    check_down(hand)
    before = list(hand.hole_cards[0])
    hand.time_out()
    assert hand.hole_cards[0] == before and hand.discards[0] == 0
