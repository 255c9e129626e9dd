"""Showdown order, muck/show, time-outs, disconnects, views and batched settlement."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.simulator import HandState, IllegalActionError, Stakes, settle_showdowns

from .conftest import check_down, holdem

BOARD = "2c7h9d3sTc"
HOLES = ["AsAd", "KsKd", "QsQd"]


def _to_river(hand: HandState) -> None:
    while hand.street != "river":
        hand.check_call()


def test_the_first_bettor_shows_first() -> None:
    # Rule documents: the player who bet first (or checked first) reveals first.
    hand = holdem(HOLES, BOARD, manual_showdown=True)
    _to_river(hand)
    hand.check_call()  # seat 0 checks
    hand.bet_raise_to(10)  # seat 1 bets
    hand.check_call()
    hand.check_call()
    assert hand.status == "showdown" and hand.showdown_order == [1, 2, 0]


def test_a_raise_does_not_change_who_shows_first() -> None:
    hand = holdem(HOLES, BOARD, manual_showdown=True)
    _to_river(hand)
    hand.bet_raise_to(10)  # seat 0 bets first
    hand.bet_raise_to(30)  # seat 1 raises: the last aggressor
    hand.check_call()
    hand.check_call()
    assert hand.showdown_order == [0, 1, 2]
    # A first bettor who folds later: the order starts left of it.
    hand = holdem(HOLES, BOARD, manual_showdown=True)
    _to_river(hand)
    hand.bet_raise_to(10)  # seat 0
    hand.bet_raise_to(30)  # seat 1
    hand.check_call()  # seat 2
    hand.fold()  # seat 0
    assert hand.showdown_order == [1, 2]


def test_without_a_bet_the_first_to_act_shows_first() -> None:
    hand = holdem(HOLES, BOARD, manual_showdown=True)
    check_down(hand)
    assert hand.showdown_order == [0, 1, 2]


def test_first_hand_must_be_shown_then_losers_may_muck() -> None:
    hand = holdem(["KsKd", "AsAd", "QsQd"], BOARD, manual_showdown=True)
    check_down(hand)
    options = hand.legal_actions()
    assert options.show and not options.muck
    with pytest.raises(IllegalActionError, match="must be shown"):
        hand.muck()
    hand.show()
    hand.muck()  # seat 1 gives up its aces: a mucked hand cannot win
    hand.muck()
    assert hand.status == "complete"
    assert hand.stacks == [104, 98, 98]


def test_all_hands_are_shown_when_someone_is_all_in() -> None:
    hand = holdem(HOLES, BOARD, stacks=[50, 100, 100], manual_showdown=True)
    hand.check_call()
    hand.check_call()
    hand.check_call()  # flop: seat 0 to act
    hand.bet_raise_to(48)  # all-in
    hand.check_call()
    hand.check_call()
    check_down(hand)
    assert hand.status == "showdown"
    while hand.status == "showdown":
        assert not hand.legal_actions().muck
        hand.show()
    assert hand.stacks[0] == 150


def test_time_out_folds_or_checks_when_free() -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100] * 3, seed=1)
    hand.time_out()  # seat 2 faces the big blind: fold
    assert hand.folded[2]
    hand.check_call()
    hand.time_out()  # the big blind may check for free: check
    assert not hand.folded[1] and hand.street == "flop"


def test_disconnected_player_is_all_in_for_the_chips_already_in() -> None:
    hand = holdem(HOLES, BOARD)
    for _ in range(3):
        hand.check_call()
    assert hand.street == "flop" and hand.actor == 0
    hand.disconnect(0)
    assert hand.actor == 1 and hand.all_in[0]
    hand.bet_raise_to(50)
    hand.check_call()
    check_down(hand)
    # The aces win only the pot formed before the disconnect; the kings win the side pot.
    assert hand.stacks == [104, 148, 48]


def test_view_hides_other_players_down_cards_and_the_deck() -> None:
    hand = holdem(HOLES, BOARD)
    view = hand.view(1)
    assert view.hole_cards == hand.hole_cards[1]
    assert view.shown_cards[0] is None and view.shown_cards[2] is None
    assert view.board == [] and view.legal is None
    assert not hasattr(view, "deck")
    acting = hand.view(hand.actor or 0)
    assert acting.legal is not None and acting.legal.call == 2


def test_deferred_showdowns_settle_in_one_batch() -> None:
    rng = np.random.default_rng(5)
    immediate, deferred = [], []
    for _ in range(20):
        deck = rng.permutation(52).tolist()
        for bucket, defer in ((immediate, False), (deferred, True)):
            hand = HandState(
                "plo8", Stakes.blinds(1, 2), [100] * 4, deck=deck, defer_showdown=defer
            )
            check_down(hand)
            bucket.append(hand)
    assert all(hand.status == "evaluating" for hand in deferred)
    settle_showdowns(deferred)
    assert [h.stacks for h in deferred] == [h.stacks for h in immediate]


def test_acting_after_the_end_and_out_of_turn_are_errors() -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100] * 3, seed=2)
    with pytest.raises(IllegalActionError, match="out of turn"):
        hand.check_call(player=0)
    hand.fold()
    hand.fold()
    assert hand.is_complete
    for action in (hand.fold, hand.check_call, lambda: hand.bet_raise_to(10)):
        with pytest.raises(IllegalActionError, match="over"):
            action()
    with pytest.raises(IllegalActionError):
        hand.time_out()
    with pytest.raises(IllegalActionError, match="not at the showdown"):
        hand.show()


def test_bad_inputs_name_the_input() -> None:
    with pytest.raises(ValueError, match="stacks"):
        HandState("nlhe", Stakes.blinds(1, 2), [100, 0])
    with pytest.raises(ValueError, match="stacks"):
        HandState("nlhe", Stakes.blinds(1, 2), [100] * 11)
    with pytest.raises(ValueError, match="game"):
        HandState("omaha9", Stakes.blinds(1, 2), [100, 100])
    with pytest.raises(ValueError, match="button"):
        HandState("nlhe", Stakes.blinds(1, 2), [100, 100], button=5)
    with pytest.raises(ValueError, match="deck"):
        HandState("nlhe", Stakes.blinds(1, 2), [100, 100], deck=[1, 1, 2])
    with pytest.raises(ValueError, match="odd_chips"):
        HandState("nlhe", Stakes.blinds(1, 2), [100, 100], odd_chips="round")
    with pytest.raises(ValueError, match="small_bet"):
        Stakes(small_blind=1, big_blind=2)
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=3)
    with pytest.raises(IllegalActionError, match="int"):
        hand.bet_raise_to(5.5)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="unknown action"):
        hand.act("dance")
    with pytest.raises(IllegalActionError, match="bet to call"):
        hand.act("check")
    with pytest.raises(IllegalActionError, match="fixed limit"):
        limit = HandState("flhe", Stakes.blinds(1, 2), [100, 100], seed=3)
        limit.bet_raise_to(5)


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # "Players must use two pocket cards and three community cards": one spade in the hand
    # makes no flush on a four-spade board, so the pair of nines wins.
    hand = holdem(["Ts2c3c4c", "9h9d8h8d"], "AsKsQsJs5d", game="plo")
    check_down(hand)
    assert hand.stacks == [98, 102]
