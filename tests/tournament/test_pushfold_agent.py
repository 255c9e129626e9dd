"""The push/fold agent: its decisions follow the equilibrium, and it beats the other agents."""

from __future__ import annotations

import pytest

from showdown import push_fold
from showdown.cards import format_cards, parse_cards
from showdown.equity.analysis.matrix import class_of_hands
from showdown.simulator import HandState, Stakes, simulate
from showdown.simulator.agents import AGENTS, make_agent
from showdown.simulator.pushfold_agent import PushFoldAgent, _class_index
from showdown.tournament.headsup import HAND_CLASS, HANDS


def _hand(small_blind: str, big_blind: str, stacks: list[int]) -> HandState:
    # Heads-up the big blind is dealt first, then the button (the small blind, first to act).
    deck = parse_cards(big_blind + small_blind).tolist()
    deck += [card for card in range(52) if card not in deck]
    return HandState("nlhe", Stakes.blinds(1, 2), stacks, deck=deck)


def format_pair(cards) -> str:
    return format_cards([int(card) for card in cards])


def test_class_index_matches_the_grid() -> None:
    for text in ("AsAh", "KsAs", "AhKs", "2c2d", "7c2h", "Td9d"):
        cards = parse_cards(text)
        expected = int(class_of_hands(cards[None])[0])
        assert _class_index(int(cards[0]), int(cards[1])) == expected, text


@pytest.mark.parametrize(
    ("small_blind", "shoves"), [("AsAd", True), ("7c2h", False), ("KdQc", True)]
)
def test_small_blind_shoves_its_range(small_blind, shoves) -> None:
    hand = _hand(small_blind, "3s4d", [20, 20])
    action = PushFoldAgent()(hand, hand.actor)
    assert action == (20 if shoves else "fold")


def test_big_blind_calls_its_range_and_folds_the_rest() -> None:
    result = push_fold(10)
    for big_blind in ("AhKh", "7d2c", "QsJs"):
        hand = _hand("AsAd", big_blind, [20, 20])
        hand.bet_raise_to(20)  # the small blind moves all in
        action = PushFoldAgent()(hand, hand.actor)
        cell = int(class_of_hands(parse_cards(big_blind)[None])[0])
        frequency = result.call_grid.reshape(-1)[cell]
        assert frequency in (0.0, 1.0)
        assert action == ("call" if frequency == 1.0 else "fold"), big_blind


def test_registered_by_name() -> None:
    assert AGENTS["pushfold"] is PushFoldAgent
    assert isinstance(make_agent("pushfold"), PushFoldAgent)


@pytest.mark.parametrize(
    ("opponent", "hands"), [("strength", 1500), ("call", 1500), ("random", 3000)]
)
def test_it_beats_the_other_agents_at_ten_big_blinds(opponent, hands) -> None:
    result = simulate("nlhe", ["pushfold", opponent], hands=hands, seed=7, starting_stack=20)
    seat = result.seats[0]
    assert seat.agent == "pushfold"
    # The whole 95 % interval is above zero: an edge, not luck.
    assert seat.bb_per_100_low > 0, (opponent, seat.bb_per_100, seat.bb_per_100_low)


def test_it_wins_more_heads_up_tournaments() -> None:
    result = simulate(
        "nlhe",
        ["pushfold", "strength"],
        hands=1500,
        seed=11,
        starting_stack=30,
        mode="tournament",
        tables=1,
    )
    won = [seat.tournaments_won for seat in result.seats]
    assert won[0] > won[1] > 0


@pytest.mark.parametrize("game", ["stud", "draw", "plo"])
def test_other_games_stay_legal(game) -> None:
    result = simulate(game, ["pushfold", "random", "strength"], hands=60, seed=5)
    assert result.hands == 60


def test_a_seeded_match_repeats_exactly() -> None:
    first = simulate("nlhe", ["pushfold", "random"], hands=200, seed=3, starting_stack=20)
    second = simulate("nlhe", ["pushfold", "random"], hands=200, seed=3, starting_stack=20)
    assert first.net == second.net


def test_a_mixed_class_is_split_over_its_combos() -> None:
    # At 10 bb the small blind mixes one class; the agent plays that share of its combos.
    result = push_fold(10)
    grid = result.shove_grid.reshape(-1)
    mixed = [index for index in range(169) if 0 < grid[index] < 1]
    assert mixed
    for index in mixed:
        combos = HANDS[index == HAND_CLASS]
        shoved = 0
        for combo in combos:
            others = [card for card in range(52) if card not in combo][:2]
            hand = _hand(format_pair(combo), format_pair(others), [20, 20])
            shoved += PushFoldAgent()(hand, hand.actor) == 20
        # A class has 4, 6 or 12 combos: the share is as close as that allows, give or take.
        assert abs(shoved / len(combos) - grid[index]) <= 0.5
