"""Seven-card stud rules (the "7 card stud" rules and the decisions in docs/rules.md)."""

from __future__ import annotations

import pytest

from showdown.simulator import GAMES, HandState, IllegalActionError, Stakes

from .conftest import cards, check_down, stud_deck

STAKES = Stakes.stud(ante=1, bring_in=2, small_bet=5)


def test_antes_and_three_cards_two_down_one_up() -> None:
    hand = HandState("stud", STAKES, [100] * 4, seed=1)
    assert hand.pot == 4 and hand.stacks == [99] * 4
    assert all(len(h) == 3 for h in hand.hole_cards)
    assert all(flags == [False, False, True] for flags in hand.up)


@pytest.mark.parametrize(
    ("doors", "bring_in_seat"),
    [
        (["2d", "2c"], 1),  # same rank: clubs is the lowest suit
        (["2h", "2s", "2d"], 2),  # diamonds below hearts and spades
        (["3c", "Ah", "2s"], 2),  # rank first; the ace is high
    ],
)
def test_bring_in_by_lowest_door_card_ties_by_suit(doors: list[str], bring_in_seat: int) -> None:
    fillers = ["9c9d", "TcTd", "JcJd"]
    third = [fillers[i] + doors[i] for i in range(len(doors))]
    hand = HandState("stud", STAKES, [100] * len(doors), deck=stud_deck([third]))
    assert hand.actor == bring_in_seat
    options = hand.legal_actions()
    assert options.bring_in == 2 and options.complete_to == 5 and not options.fold
    with pytest.raises(IllegalActionError, match="forced"):
        hand.fold()


def test_bring_in_may_complete_and_others_may_complete_over_it() -> None:
    third = ["9c9d2c", "TcTdKs", "JcJdQs"]
    hand = HandState("stud", STAKES, [100] * 3, deck=stud_deck([third]))
    hand.bring_in()
    options = hand.legal_actions()  # seat 1, left of the bring-in
    assert options.call == 2 and options.complete_to == 5 and options.raise_min_to == 5
    hand.complete()
    assert hand.current_bet == 5
    assert hand.legal_actions().raise_min_to == 10  # raises are a small bet more

    # The bring-in player may complete instead of bringing in.
    hand = HandState("stud", STAKES, [100] * 3, deck=stud_deck([third]))
    hand.complete()
    assert hand.bets == [5, 0, 0] and hand.legal_actions().raise_min_to == 10


def test_later_streets_highest_showing_hand_acts_first() -> None:
    # Fourth street: seat 2 shows a pair of fives, the highest showing hand.
    streets = [["9c9d2c", "TcTdKs", "JcJd5s"], ["Ah", "Qh", "5h"], ["3h", "4h", "6h"]]
    hand = HandState("stud", STAKES, [100] * 3, deck=stud_deck(streets))
    hand.bring_in()
    hand.check_call()
    hand.check_call()
    assert hand.street == "fourth" and hand.actor == 2


def test_showing_hand_ties_broken_by_highest_cards_suit() -> None:
    # Both show A-K: the ace of spades beats the ace of hearts.
    streets = [["2c2d3c", "4c4dAh", "5c5dAs"], ["7d", "Kd", "Kc"]]
    hand = HandState("stud", STAKES, [100] * 3, deck=stud_deck(streets))
    hand.bring_in()
    hand.check_call()
    hand.check_call()
    assert hand.street == "fourth" and hand.actor == 2


def test_fourth_street_open_pair_allows_the_big_bet() -> None:
    streets = [["9c9d2c", "TcTdKs"], ["Ah", "Kh"]]  # seat 1 shows a pair of kings
    hand = HandState("stud", STAKES, [100] * 2, deck=stud_deck(streets))
    hand.bring_in()
    hand.check_call()
    assert hand.street == "fourth" and hand.actor == 1
    options = hand.legal_actions()
    assert (options.raise_min_to, options.raise_max_to) == (5, 10)
    with pytest.raises(IllegalActionError):
        hand.bet_raise_to(7)
    hand.bet_raise_to(10)
    assert hand.legal_actions().raise_min_to == 20  # raises follow the big bet

    # Switched off: only the small bet on fourth street.
    no_double = GAMES["stud"].with_options(open_pair_big_bet=False)
    hand = HandState(no_double, STAKES, [100] * 2, deck=stud_deck(streets))
    hand.bring_in()
    hand.check_call()
    options = hand.legal_actions()
    assert (options.raise_min_to, options.raise_max_to) == (5, 5)


def test_big_bet_from_fifth_street_and_seventh_card_down() -> None:
    hand = HandState("stud", STAKES, [100] * 2, seed=4)
    hand.bring_in()
    hand.check_call()
    for street in ("fourth", "fifth", "sixth", "seventh"):
        assert hand.street == street
        expected = 5 if street == "fourth" else 10
        assert hand.legal_actions().raise_min_to == expected
        hand.check_call()
        hand.check_call()
    assert hand.status == "complete"
    assert hand.up[0] == [False, False, True, True, True, True, False]
    # Another player's view shows only the four face-up cards.
    view = hand.view(1)
    assert len(view.up_cards[0]) == 4


def test_deck_running_out_deals_a_community_card() -> None:
    # Eight players see seventh street: 48 cards are out, 4 remain for 8 players.
    hand = HandState("stud", STAKES, [100] * 8, seed=7)
    hand.bring_in()
    check_down(hand)
    assert hand.status == "complete"
    assert len(hand.board) == 1
    assert all(len(h) == 6 for h in hand.hole_cards)
    assert sum(hand.stacks) == 800


def test_stud_showdown_best_five_of_seven() -> None:
    streets = [
        ["AsAd2c", "KsKd3c"],
        ["7h", "8h"],
        ["9c", "Jd"],
        ["Th", "Qs"],
        ["4d", "6s"],
    ]
    hand = HandState("stud", STAKES, [100] * 2, deck=stud_deck(streets))
    hand.bring_in()
    check_down(hand)
    assert hand.stacks == [103, 97]  # aces beat kings: the pot is 2 antes + 2 x 2
    assert hand.hole_cards[0] == cards("AsAd2c7h9cTh4d")


def test_short_bring_in_is_all_in_and_cannot_complete() -> None:
    third = ["9c9d2c", "TcTdKs"]
    hand = HandState("stud", STAKES, [3, 100], deck=stud_deck([third]))  # 2 chips after the ante
    options = hand.legal_actions()
    assert options.bring_in == 2 and options.complete_to is None and options.raise_min_to is None
    with pytest.raises(IllegalActionError, match="bring_in"):
        hand.complete()
    hand.bring_in()
    assert hand.all_in[0]
    options = hand.legal_actions()
    assert options.call == 2 and options.raise_min_to is None  # nobody left to raise against


def test_seventh_street_opener_is_sixth_streets() -> None:
    # "Seventh Street: The same player who started the last round starts the betting."
    hand = HandState("stud", STAKES, [100] * 4, seed=31)
    hand.bring_in()
    openers = {}
    while hand.status == "betting":
        if hand.street not in openers:
            openers[hand.street] = hand.actor
        hand.check_call()
    assert openers["seventh"] == openers["sixth"]


def test_disconnect_of_the_only_opponent_cancels_the_bring_in() -> None:
    third = ["9c9d2c", "TcTdKs"]
    hand = HandState("stud", STAKES, [100, 100], deck=stud_deck([third]))
    assert hand.actor == 0 and hand.legal_actions().bring_in == 2
    hand.disconnect(1)
    # Nobody is left to bet against: the hand runs out to the showdown with the antes only.
    assert hand.is_complete
    assert sum(hand.stacks) == 200 and hand.pot == 2


def test_packed_showing_rank_orders_like_the_tuple_key():
    import random

    from showdown.simulator.core import showing_rank

    from .reference import showing_key

    choose = random.Random(5)
    rank = showing_rank.py_func
    for _ in range(20_000):
        first = choose.sample(range(-1, 52), choose.randint(1, 4))
        second = choose.sample(range(-1, 52), choose.randint(1, 4))
        keys = showing_key(first), showing_key(second)
        ranks = rank(first, len(first)), rank(second, len(second))
        assert (keys[0] > keys[1]) == (ranks[0] > ranks[1])
        assert (keys[0] == keys[1]) == (ranks[0] == ranks[1])
    # The compiled function agrees with its Python source.
    import numpy as np

    cards = np.array([51, 47, 50, 3], np.int64)
    assert showing_rank(cards, 4) == rank(cards.tolist(), 4)


def test_bring_in_passes_over_a_player_all_in_from_the_ante() -> None:
    # Seat 0 shows the lowest door card (2c) but its ante took every chip.
    third = ["9c9d2c", "TcTd5s", "JcJd3d"]
    hand = HandState("stud", STAKES, [1, 100, 100], deck=stud_deck([third]))
    assert hand.all_in[0]
    assert hand.actor == 2  # 3d: the lowest door card among players who can act
    options = hand.legal_actions()
    assert options.bring_in == 2 and not options.check and not options.fold
    hand.bring_in()
    assert hand.actor == 1 and hand.legal_actions().call == 2


def test_no_bring_in_when_fewer_than_two_can_act() -> None:
    third = ["9c9d2c", "TcTd5s", "JcJd3d"]
    hand = HandState("stud", STAKES, [1, 1, 100], deck=stud_deck([third]))
    # Only seat 2 has chips behind: nobody to bring in against; the hand runs out.
    check_down(hand)
    assert hand.status == "complete"
    assert sum(hand.stacks) == 102


def test_bring_in_passes_when_its_player_disconnects_before_posting() -> None:
    third = ["9c9d2c", "TcTd5s", "JcJd3d"]
    hand = HandState("stud", STAKES, [100, 100, 100], deck=stud_deck([third]))
    assert hand.actor == 0 and hand.bring_in_due
    hand.disconnect(0)
    assert hand.actor == 2 and hand.bring_in_due  # 3d is next lowest
    hand.bring_in()
    assert hand.legal_actions().call == 2
    # A non-actor disconnecting leaves the due bring-in where it is.
    hand = HandState("stud", STAKES, [100, 100, 100], deck=stud_deck([third]))
    hand.disconnect(1)
    assert hand.actor == 0 and hand.bring_in_due
