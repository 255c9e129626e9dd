"""Five-card draw at no limit (``nl5d``, PHH ``N5D``) and pot limit (``pl5d``, ``P5D``).

Card rooms deal these games with blinds: the first round keeps the blinds and opens
after the big blind, the draw and the second round start left of the button. The
amounts offered are checked against pots counted by hand here; whole sessions against
the other engine, chip conservation and their own hand histories.
"""

from __future__ import annotations

from collections import Counter

import pytest

from showdown.games import canonical_name, find_game, play_game
from showdown.simulator import (
    GAMES,
    HandState,
    SimulationResult,
    Stakes,
    read_phh,
    replay,
    simulate,
)
from showdown.simulator.compiled import family_of, kernel_name
from showdown.simulator.phh import write_phh
from showdown.simulator.table import default_stakes

from .helpers import cards

STAKES = Stakes.blinds(1, 2)


def test_the_registry_entries_play_draw_with_blinds_at_their_structure():
    for name, betting, code in (("nl5d", "no", "N5D"), ("pl5d", "pot", "P5D")):
        variant = GAMES[name]
        assert (variant.betting, variant.phh_code, variant.blinds) == (betting, code, True)
        assert variant.raise_cap is None and variant.has_draw and variant.max_players == 9
        assert [street.opener for street in variant.streets] == ["blinds", "button"]
        assert find_game(code).play == name and play_game(name).hand_type == "draw"
        assert default_stakes(variant) == STAKES
        assert family_of(variant) == "draw" and kernel_name(variant) == "play_draw"
    assert GAMES["nl5d"].title == "No-limit five-card draw"
    assert canonical_name("No Limit 5 Card Draw") == "nl5d"
    assert canonical_name("pot-limit draw") == "pl5d"
    # The hand type still plays at fixed limit, an ante game.
    assert play_game("draw").name == "draw" and not GAMES["draw"].blinds
    assert canonical_name("limit draw") == "draw"


def test_pot_limit_bounds_are_the_current_bet_plus_the_pot_after_calling():
    hand = HandState("pl5d", STAKES, [200] * 4, seed=1)
    # Blinds 1 and 2 (seats 0, 1): seat 2 opens. Calling makes the pot 5, so at most 2 + 5.
    assert hand.actor == 2 and hand.pot == 3
    assert hand.raise_bounds() == (4, 7)
    hand.bet_raise_to(7, 2)
    # Seat 3 faces 7: pot 1 + 2 + 7, calling adds 7 -> 17, so at most 7 + 17 = 24; at
    # least 7 plus the last raise (5).
    assert hand.raise_bounds() == (12, 24)
    hand.check_call(3)
    hand.fold(0)
    # The big blind: pot 1 + 2 + 7 + 7 = 17, calls 5 -> 22, so at most 7 + 22 = 29.
    assert hand.raise_bounds() == (12, 29)
    hand.check_call(1)
    assert hand.status == "drawing" and hand.actor == 1  # left of the button, folded seat 0
    for seat in (1, 2, 3):
        hand.discard((), seat)
    # After the draw the first bet is at least the big blind, at most the pot (22).
    assert hand.pot == 22 and hand.actor == 1
    assert hand.raise_bounds() == (2, 22)
    hand.bet_raise_to(10, 1)
    # Facing 10: pot 22 + 10, calling adds 10 -> 42, so at most 52; at least 20.
    assert hand.raise_bounds() == (20, 52)


def test_no_limit_minimum_raise_and_a_short_all_in_that_does_not_reopen():
    hand = HandState("nl5d", STAKES, [100, 100, 16], manual_dealing=True)
    hand.deal_hole(0, cards("AsAhAdAc2c"))
    hand.deal_hole(1, cards("KsKhKdKc3c"))
    hand.deal_hole(2, cards("QsQhQdQc4c"))
    # Seat 2 (the button, first pre-draw at three seats): at least twice the big blind.
    assert hand.actor == 2 and hand.raise_bounds() == (4, 16)
    hand.bet_raise_to(9, 2)  # a raise of 7
    assert hand.raise_bounds() == (16, 100)  # 9 + 7
    hand.bet_raise_to(30, 0)  # a raise of 21
    assert hand.raise_bounds() == (51, 100)  # 30 + 21
    hand.check_call(1)
    hand.check_call(2)  # all-in for 16: 14 short of the call
    assert hand.all_in[2] and hand.status == "drawing"
    for seat in (0, 1, 2):
        hand.discard((), seat)
    # After the draw the two players with chips bet: at least the big blind.
    assert hand.actor == 0 and hand.raise_bounds() == (2, 70)
    hand.bet_raise_to(10, 0)
    assert hand.raise_bounds() == (20, 70)
    hand.check_call(1)
    assert hand.status == "complete" and hand.winnings[0] == 16 * 3 + 2 * 14 + 2 * 10
    # A short all-in raise does not reopen the betting for the player who already acted.
    short = HandState("nl5d", STAKES, [100, 100, 100, 15], seed=2, button=3)
    # Seats 0 and 1 post; seat 2 opens.
    short.bet_raise_to(10, 2)  # a raise of 8
    short.bet_raise_to(15, 3)  # all-in, a raise of 5: not a full raise
    short.check_call(0)
    assert short.raise_bounds() == (23, 100)  # the big blind has not acted: 15 + 8
    short.check_call(1)
    assert short.actor == 2 and short.raise_bounds() is None  # only calls or folds


def test_an_all_in_side_pot_goes_to_the_best_hand_eligible():
    hand = HandState("nl5d", STAKES, [15, 100, 100], manual_dealing=True)
    hand.deal_hole(0, cards("AsAhAdKcKd"))  # a full house: wins the main pot
    hand.deal_hole(1, cards("7s7h7d2c3d"))  # trips: wins the side pot
    hand.deal_hole(2, cards("9s9hTcJd4s"))
    hand.bet_raise_to(10, 2)
    hand.bet_raise_to(15, 0)  # the small blind is all-in
    hand.check_call(1)
    hand.check_call(2)
    for seat in (0, 1, 2):
        hand.discard((), seat)
    hand.bet_raise_to(20, 1)
    hand.check_call(2)
    assert hand.status == "complete"
    # Main pot 3 x 15 = 45 to seat 0; side pot 2 x 20 = 40 to seat 1.
    assert hand.winnings == [45, 40, 0]
    assert hand.stacks == [45, 105, 65] and sum(hand.stacks) == 215


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_draw():
    hand = HandState("nl5d", STAKES, [100, 100], seed=4)
    assert hand.blinds == [2, 1] and hand.actor == 1  # the button (seat 1)
    hand.check_call(1)
    assert hand.actor == 0  # the big blind's option
    hand.check_call(0)
    assert hand.status == "drawing" and hand.actor == 0  # after the draw: the big blind first


def _counters(result: SimulationResult) -> list[tuple[object, ...]]:
    """Every counter of every seat (the intervals' last float digits aside)."""
    return [
        (s.agent, s.net, s.hands, s.vpip, s.pfr, s.aggression, s.folds, s.went_to_showdown,
         s.won_at_showdown)
        for s in result.seats
    ]  # fmt: skip


@pytest.mark.parametrize("game", ["nl5d", "pl5d"])
def test_both_engines_play_the_same_hands_to_the_same_nets(game):
    # Strength agents and calling stations decide from their cards alone: the same seed
    # deals both engines the same cards, so every counter agrees.
    agents = ["strength", "call", "strength"]
    compiled = simulate(game, agents, players=5, hands=150, seed=3, engine="compiled")
    python = simulate(game, agents, players=5, hands=150, seed=3, engine="python")
    assert python.net == compiled.net and sum(compiled.net) == 0
    assert _counters(python) == _counters(compiled)
    assert python.showdown_rate == compiled.showdown_rate


@pytest.mark.parametrize("game", ["nl5d", "pl5d"])
def test_histories_round_trip_replay_and_add_up_to_the_nets(game):
    result = simulate(
        game, ["random", "call", "strength", "random"], hands=100, seed=7, starting_stack=40,
        record_histories=True,
    )  # fmt: skip
    assert result.histories is not None and sum(result.net) == 0
    won: Counter[str] = Counter()
    codes = set()
    raises = 0
    for text in result.histories:
        history = read_phh(text)
        codes.add(history.variant)
        assert write_phh(history) == text
        assert replay(history, strict=True).stacks == history.finishing_stacks
        raises += sum(" cbr " in action for action in history.actions)
        for name, start, end in zip(
            history.players, history.starting_stacks, history.finishing_stacks, strict=True
        ):
            won[name] += end - start
    assert codes == {GAMES[game].phh_code} and raises > 30
    names = ["random-0", "call", "strength", "random-3"]
    assert [won[name] for name in names] == result.net
