"""Betting rules, one test per paragraph of the rule documents (quoted in docs/rules.md)."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.simulator import GAMES, HandState, IllegalActionError, Stakes

from .conftest import holdem


def test_blinds_left_of_button_and_first_to_act_left_of_big_blind() -> None:
    # holdem-limit: "the two players directly to the left of the dealer button must post blinds";
    # "Betting begins with the player immediately to the left of the big blind".
    hand = HandState("flhe", Stakes.blinds(5, 10), [100] * 5, button=1, seed=1)
    assert hand.bets == [0, 0, 5, 10, 0]
    assert hand.actor == 4
    # After the flop the first player left of the button still in the hand opens.
    check_down_to_flop = [hand.check_call() for _ in range(5)]
    assert len(check_down_to_flop) == 5 and hand.street == "flop"
    assert hand.actor == 2


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], button=0, seed=2)
    assert hand.bets == [1, 2]
    assert hand.actor == 0  # button first pre-flop
    hand.check_call()
    assert hand.actor == 1  # the big blind has the option
    hand.check_call()
    assert hand.street == "flop" and hand.actor == 1  # button acts last after the flop


def test_limit_bet_sizes_small_then_big() -> None:
    # "bets are $10 in the first two rounds and $20 in the last two".
    hand = HandState("flhe", Stakes.blinds(5, 10), [500] * 3, seed=3)
    assert hand.legal_actions().raise_min_to == 20
    for _ in range(3):
        hand.check_call()
    assert hand.street == "flop" and hand.legal_actions().raise_min_to == 10
    for _ in range(3):
        hand.check_call()
    assert hand.street == "turn" and hand.legal_actions().raise_min_to == 20


def test_limit_cap_one_bet_and_three_raises() -> None:
    # "There can be one bet and three raises in each round"; the big blind is the bet pre-flop.
    hand = HandState("flhe", Stakes.blinds(5, 10), [500] * 3, seed=4)
    for target in (20, 30, 40):
        hand.bet_raise_to(target)
    options = hand.legal_actions()
    assert options.raise_min_to is None and options.call is not None
    with pytest.raises(IllegalActionError, match="capped"):
        hand.bet_raise_to(50)
    hand.check_call()
    hand.check_call()
    assert hand.street == "flop"
    for target in (10, 20, 30, 40):
        hand.bet_raise_to(target)
    assert hand.legal_actions().raise_min_to is None


def test_draw_table_caps_at_five_raises() -> None:
    # five-card-draw: "fixed 20/40 chip betting rules, with a 5-raises-per-round limit".
    hand = HandState("draw", Stakes.antes(1, 20), [1000] * 3, seed=5)
    assert hand.pot == 3  # "Each player antes one chip"
    for target in (20, 40, 60, 80, 100, 120):
        hand.bet_raise_to(target)
    assert hand.legal_actions().raise_min_to is None
    with pytest.raises(IllegalActionError):
        hand.bet_raise_to(140)


def test_pot_limit_maximum_is_the_documents_80_dollar_example() -> None:
    # "if the pot is $50, the first player bets $10 and the second player calls $10, the third
    # player can raise up to $80 ($50 in the main pot + $20 from past bets in the round + $10 of
    # the player's own call)": a raise BY $80, i.e. to $90 (current bet + pot after calling).
    hand = HandState("plhe", Stakes.blinds(5, 10), [1000] * 5, seed=6)
    for _ in range(5):
        hand.check_call()
    assert hand.street == "flop" and hand.pot == 50
    hand.bet_raise_to(10)
    hand.check_call()
    options = hand.legal_actions()
    assert options.call == 10
    assert options.raise_max_to == 90
    assert options.raise_max_to - options.call == 80
    # "The minimum raise amount is the previous bet or raise": a raise of $10, to $20.
    assert options.raise_min_to == 20
    with pytest.raises(IllegalActionError, match="pot-limit maximum"):
        hand.bet_raise_to(91)
    hand.bet_raise_to(90)
    assert hand.pot == 50 + 10 + 10 + 90


def test_pot_limit_preflop_maximum_counts_the_blinds() -> None:
    hand = HandState("plo", Stakes.blinds(1, 2), [100] * 4, seed=7)
    # 2 to call + pot after calling (1 + 2 + 2) = raise to 7.
    assert hand.legal_actions().raise_max_to == 7


def test_no_limit_minimum_raise_is_the_previous_raise() -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [1000] * 3, seed=8)
    assert hand.legal_actions().raise_min_to == 4
    hand.bet_raise_to(10)  # a raise of 8
    assert hand.legal_actions().raise_min_to == 18
    with pytest.raises(IllegalActionError, match="below the minimum"):
        hand.bet_raise_to(17)
    assert hand.legal_actions().raise_max_to == 1000  # no maximum but the stack


def test_no_limit_short_all_in_raise_does_not_reopen() -> None:
    # Seat 2 (button) raises to 100; seat 0 goes all-in for 150, less than a full raise.
    hand = HandState("nlhe", Stakes.blinds(1, 2), [150, 1000, 1000], seed=9)
    hand.bet_raise_to(100)
    hand.bet_raise_to(150)
    assert hand.all_in[0]
    # The big blind has not acted since the full raise: may raise (by the last full raise, 98).
    assert hand.legal_actions().raise_min_to == 248
    hand.check_call()
    # The original raiser already acted: only call or fold.
    options = hand.legal_actions()
    assert options.player == 2 and options.call == 50 and options.raise_min_to is None
    with pytest.raises(IllegalActionError, match="may not raise"):
        hand.bet_raise_to(400)


@pytest.mark.parametrize(("short_stack", "reopens"), [(26, True), (24, False)])
def test_limit_all_in_for_half_a_bet_or_more_counts_as_a_raise(
    short_stack: int, reopens: bool
) -> None:
    hand = HandState("flhe", Stakes.blinds(5, 10), [short_stack, 1000, 1000], seed=10)
    hand.bet_raise_to(20)  # seat 2 raises
    hand.bet_raise_to(short_stack)  # seat 0 all-in: 6 over (a full raise) or 4 over (not)
    big_blind = hand.legal_actions()
    assert big_blind.raise_min_to == (short_stack + 10 if reopens else 30)
    hand.check_call()
    assert (hand.legal_actions().raise_min_to is not None) is reopens


def test_short_all_in_blind_still_sets_the_full_blind() -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 1, 100], seed=11)
    assert hand.bets == [1, 1, 0] and hand.all_in[1]
    assert hand.legal_actions().call == 2
    assert hand.legal_actions().raise_min_to == 4


def test_single_player_left_with_chips_cannot_raise() -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [50, 100], seed=12)
    hand.bet_raise_to(100)  # the button (seat 1) moves all-in
    options = hand.legal_actions()
    assert options.call == 48 and options.raise_min_to is None  # all-in for less to call


def test_everyone_all_in_runs_the_board_out() -> None:
    hand = holdem(["AsAd", "KsKd"], "2c3c4d5h9s", stacks=[50, 80])
    hand.bet_raise_to(50)  # the button (seat 1) raises to 50, the big blind calls all-in
    hand.check_call()
    assert hand.status == "complete"
    assert len(hand.board) == 5
    assert hand.stacks == [100, 30]


def test_uncalled_bet_is_returned() -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=13)
    hand.bet_raise_to(60)
    hand.fold()
    assert hand.stacks == [98, 102]


def test_cheap_queries_agree_with_legal_actions() -> None:
    rng = np.random.default_rng(3)
    for game in ("nlhe", "plo", "flhe", "stud", "draw"):
        stakes = (
            Stakes.stud(1, 2, 5)
            if game == "stud"
            else (Stakes.antes(1, 5) if game == "draw" else Stakes.blinds(1, 2))
        )
        for _ in range(20):
            hand = HandState(game, stakes, [int(x) for x in rng.integers(3, 80, size=4)], rng=rng)
            while not hand.is_complete:
                if hand.status == "drawing":
                    hand.discard(())
                    continue
                options = hand.legal_actions()
                assert hand.to_call == (options.call or 0)
                bounds = hand.raise_bounds()
                expected = (
                    None
                    if options.raise_min_to is None
                    else (options.raise_min_to, options.raise_max_to)
                )
                assert bounds == expected
                if options.bring_in is not None:
                    hand.bring_in()
                elif bounds is not None and rng.random() < 0.3:
                    hand.bet_raise_to(bounds[0])
                else:
                    hand.check_call()


def test_after_the_flop_first_player_left_of_button_still_in_opens() -> None:
    # "the action begins with the first player to the left of the dealer button who is still in".
    hand = HandState("flhe", Stakes.blinds(5, 10), [100] * 4, button=0, seed=21)
    assert hand.actor == 3  # left of the big blind (seat 2)
    hand.check_call()  # seat 3
    hand.check_call()  # button (seat 0)
    hand.fold()  # small blind (seat 1) folds
    hand.check_call()  # big blind checks
    assert hand.street == "flop" and hand.actor == 2


def _cumulative_spot(game: str = "nlhe", **options: object) -> HandState:
    """The issue's spot: limp round, then A bets 100, B all-in 150, C all-in 200, D calls."""
    variant = GAMES[game].with_options(**options) if options else game
    hand = HandState(variant, Stakes.blinds(1, 2), [1000, 152, 202, 1000], seed=1)
    check_down_round = hand.street_index
    while hand.street_index == check_down_round:
        hand.check_call()
    assert hand.actor == 0 and hand.street == "flop"
    hand.bet_raise_to(100)
    hand.bet_raise_to(150)  # seat 1 all-in: 50 more, short of a full raise
    hand.bet_raise_to(200)  # seat 2 all-in: 50 more, short again
    hand.check_call()  # seat 3 calls 200
    assert hand.actor == 0
    return hand


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    hand = _cumulative_spot()
    options = hand.legal_actions()
    # Seat 0 faces 100 more: a full raise in total (TDA), so it may raise again.
    assert options.call == 100
    assert options.raise_min_to == 300
    hand.bet_raise_to(300)
    assert hand.actor == 3 and hand.legal_actions().call == 100


def test_single_all_in_reading_keeps_the_betting_closed():
    hand = _cumulative_spot(cumulative_all_ins=False)
    options = hand.legal_actions()
    assert options.call == 100 and options.raise_min_to is None


def test_a_player_facing_less_than_a_full_raise_in_total_stays_closed():
    hand = HandState("nlhe", Stakes.blinds(1, 2), [1000, 152, 1000, 172], seed=1)
    while hand.street == "preflop":
        hand.check_call()
    hand.bet_raise_to(100)  # seat 0
    hand.bet_raise_to(150)  # seat 1 all-in (short)
    hand.check_call()  # seat 2 calls 150
    hand.bet_raise_to(170)  # seat 3 all-in to 170 (short): seat 0 faces 70, seat 2 faces 20
    assert hand.actor == 0 and hand.legal_actions().raise_min_to is None
    hand.check_call()
    assert hand.actor == 2 and hand.legal_actions().raise_min_to is None
