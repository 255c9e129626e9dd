"""Side pots, split pots and odd chips (holdem-limit-sidepots, betting-caps-allin, draw docs)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from showdown.simulator import HandState, Pot, Stakes, side_pots, split_amount

from .helpers import check_down, holdem, stud_deck


def test_side_pots_from_contribution_levels() -> None:
    pots = side_pots([10, 40, 40, 25], [True, True, True, True])
    assert pots == [Pot(40, (0, 1, 2, 3)), Pot(45, (1, 2, 3)), Pot(30, (1, 2))]
    # A folded player's chips count in the pots they reach but make nobody eligible.
    assert side_pots([30, 30, 10], [True, True, False]) == [Pot(70, (0, 1))]
    # Antes (dead money) belong to the main pot.
    assert side_pots([0, 20, 20], [True, True, True], dead=3) == [
        Pot(3, (0, 1, 2)),
        Pot(40, (1, 2)),
    ]


def test_several_all_ins_make_several_side_pots() -> None:
    # "When several players go All-in, multiple side pots are created ... Any all in player with
    # a winning hand can only win the pot or pots they are involved in."
    hand = holdem(["AsAd", "KsKd", "QsQd", "JsJd"], "2c7h9d3sTc", stacks=[20, 50, 100, 100])
    hand.bet_raise_to(100)  # seat 2 all-in
    hand.check_call()  # seat 3 calls all-in
    hand.check_call()  # seat 0 (small blind) all-in for 20
    hand.check_call()  # seat 1 (big blind) all-in for 50
    assert hand.status == "complete"
    # Main pot 4 x 20 to the aces, side pot 3 x 30 to the kings, last pot 2 x 50 to the queens.
    assert hand.stacks == [80, 90, 100, 0]
    assert sum(hand.stacks) == 270


def test_split_pot_odd_chip_goes_to_first_winner_left_of_button() -> None:
    # Royal flush on the board: the two remaining players split a pot of 5.
    hand = holdem(["2c3c", "4d5d", "6h7h"], "AsKsQsJsTs")
    hand.check_call()  # button calls
    hand.fold()  # small blind folds its 1 chip
    check_down(hand)
    assert hand.pot == 5
    assert hand.stacks == [99, 101, 100]  # seat 1 is the first winner left of the button (2)


def test_split_pot_exact_and_house_policies() -> None:
    for policy, expected in (("exact", [99, 100.5, 100.5]), ("house", [99, 100, 100])):
        hand = holdem(["2c3c", "4d5d", "6h7h"], "AsKsQsJsTs", odd_chips=policy)
        hand.check_call()
        hand.fold()
        check_down(hand)
        if policy == "exact":
            assert hand.final_stacks == [
                Fraction(x) for x in (99, Fraction(201, 2), Fraction(201, 2))
            ]
            assert [float(x) for x in hand.final_stacks] == expected
        else:
            assert hand.stacks == expected and hand.house_chips == 1


def test_split_amount_priority_order() -> None:
    assert split_amount(11, [3, 1, 2]) == ({3: 4, 1: 4, 2: 3}, None)
    with pytest.raises(ValueError, match="policy"):
        split_amount(3, [0, 1], policy="bogus")


def test_stud_odd_chip_to_highest_card_by_suit() -> None:
    # Both play A-K-Q-J-9; seat 0 holds the ace of spades, the highest card by suit.
    deck = stud_deck(
        [
            ["AsKd2h", "AhKc3d", "5c6d8h"],
            ["3c", "2s"],
            ["9s", "9c"],
            ["Jh", "Js"],
            ["Qc", "Qd"],
        ]
    )
    hand = HandState("stud", Stakes.stud(1, 2, 5), [100, 100, 100], deck=deck)
    assert hand.actor == 0  # 2h is the lowest door card
    hand.bring_in()
    hand.check_call()
    hand.fold()
    check_down(hand)
    assert hand.status == "complete"
    assert hand.stacks == [101, 100, 99]


def test_hi_lo_odd_chip_goes_to_the_high_half() -> None:
    hand = holdem(["2c3c4d5d", "KhQcJcTs", "Ac4h9s9d"], "2d3d7hKsKd", game="flo8")
    hand.check_call()
    hand.fold()
    check_down(hand)
    assert hand.pot == 5
    assert hand.stacks == [99, 101, 100]  # high (trip kings) 3, low (7-4-3-2-A) 2


def test_hi_lo_without_a_low_the_high_hand_scoops() -> None:
    hand = holdem(["2c3c4d5d", "KhQcJcTs", "Ac4h9s9d"], "KcQd9hKs5h", game="flo8")
    hand.check_call()
    hand.fold()
    check_down(hand)
    assert hand.stacks == [99, 103, 98]  # kings full scoop the pot of 5


def test_equal_low_hands_split_the_low_half() -> None:
    # "If the two or more Low hands are equal, the Low pot is split between them."
    hand = holdem(
        ["KhKdQcJs", "Ac2d9s9h", "Ad2c9d9c"], "3h4s8cKsTd", game="flo8", stakes=Stakes.blinds(2, 4)
    )
    hand.check_call()  # button calls 4
    hand.check_call()  # small blind completes
    check_down(hand)
    assert hand.pot == 12
    # Trip kings take the high half (6); the two 8-4-3-2-A lows share the low half (3 each).
    assert hand.stacks == [102, 99, 99]
