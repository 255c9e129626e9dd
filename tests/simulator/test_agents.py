"""Built-in agents: always legal in every variant, and their characters."""

from __future__ import annotations

import pytest

from showdown.simulator import (
    GAMES,
    CallingStation,
    HandState,
    HandStrengthAgent,
    RandomAgent,
    Stakes,
    Table,
    make_agent,
    settle_showdowns,
)

from .helpers import stacked_deck


@pytest.mark.parametrize("game", sorted(GAMES))
def test_agents_always_act_legally(game: str):
    # Any illegal action raises from Table.run; short stacks force all-ins and busts.
    agents = [RandomAgent(seed=1), CallingStation(), HandStrengthAgent(), RandomAgent(seed=2)]
    table = Table(game, agents, starting_stack=60, mode="tournament", seed=11)
    for _ in range(150):
        hand = table.play_hand()
        assert hand.status == "complete"
        assert sum(hand.stacks) == sum(hand.starting_stacks)


def test_calling_station_never_folds_or_raises():
    table = Table("nlhe", [CallingStation(), RandomAgent(seed=4)], seed=3)
    for _ in range(100):
        table.play_hand()
    assert table.counts["folds"][0] == 0 and table.counts["bets"][0] == 0
    assert table.counts["calls"][0] > 0


def test_random_agent_uses_every_kind_of_action():
    table = Table("nlhe", [RandomAgent(seed=9), CallingStation(), CallingStation()], seed=3)
    for _ in range(200):
        table.play_hand()
    counts = table.counts
    assert counts["folds"][0] and counts["calls"][0] and counts["bets"][0] and counts["checks"][0]


def test_random_agent_is_reproducible_by_seed():
    def run(seed: int) -> list[int]:
        table = Table("plo", [RandomAgent(seed=seed), RandomAgent(seed=seed + 1)], seed=0)
        return [table.play_hand().stacks[0] for _ in range(30)]

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_strength_agent_raises_aces_and_folds_trash_to_a_raise():
    agent = HandStrengthAgent()
    deck = stacked_deck(["7c2h", "AsAd"])  # heads-up: seat 1 is the button and acts first
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], deck=deck)
    action = agent(hand, 1)
    assert isinstance(action, int) and action >= 4
    hand.bet_raise_to(action)
    assert agent(hand, 0) == "fold"


def test_strength_agent_uses_the_evaluator_after_the_flop():
    agent = HandStrengthAgent()
    deck = stacked_deck(["7c7d", "AsKd"], board="7h7s2c")
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], deck=deck)
    hand.check_call()
    hand.check_call()
    assert len(hand.board) == 3
    assert agent.strength(hand, 0) > 0.9  # quads
    assert agent.strength(hand, 1) < agent.strength(hand, 0)
    assert isinstance(agent(hand, hand.actor), int) or hand.actor == 1


def test_strength_agent_keeps_pairs_at_the_draw():
    discards = HandStrengthAgent._discards([48, 49, 0, 13, 30])  # Ac Ad 2c 5d 9h
    assert sorted(discards) == [0, 13, 30]
    assert HandStrengthAgent._discards([0, 5, 10, 15, 51]) == (0, 5, 10, 15)


def test_make_agent_names_and_errors():
    assert isinstance(make_agent("random", seed=1), RandomAgent)
    assert isinstance(make_agent("strength"), HandStrengthAgent)
    with pytest.raises(ValueError, match="unknown agent 'shark'"):
        make_agent("shark")
    with pytest.raises(ValueError, match="expected an agent name or a callable"):
        make_agent(42)  # type: ignore[arg-type]


def test_settled_together_equals_settled_alone():
    # The same seeds played on two tables, settled in one batch or one by one.
    def hands(batch: bool) -> list[list[int]]:
        tables = [
            Table("nlhe", [CallingStation()] * 4, seed=s, defer_showdown=True) for s in range(8)
        ]
        played = []
        for table in tables:
            hand = table.start_hand()
            table.run(hand)
            played.append(hand)
        if batch:
            settle_showdowns(played)
        else:
            for hand in played:
                settle_showdowns([hand])
        return [hand.stacks for hand in played]

    assert hands(True) == hands(False)
