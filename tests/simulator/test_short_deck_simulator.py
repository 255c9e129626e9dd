"""Short-deck (6+) hold'em in the simulator: deck, forced bets, showdown, PHH ``NS``."""

from __future__ import annotations

import pytest

from showdown.simulator import (
    GAMES,
    HandState,
    Stakes,
    default_stakes,
    get_variant,
    read_phh,
    replay,
    simulate,
    write_phh,
)

from .helpers import cards

SIX = 16  # the code of the lowest short-deck card (6c)


def _deck(*hands: str, rest: str = "") -> list[int]:
    """A stacked short deck: ``hands`` in deal order, then every other short-deck card."""
    front = cards("".join(hands) + rest)
    return front + [card for card in range(SIX, 52) if card not in front]


def test_every_name_plays_no_limit_short_deck_with_antes_and_a_button_blind():
    for name in ("shortdeck", "nlsd", "6+", "Short Deck", "NS", "six plus"):
        variant = get_variant(name)
        assert variant is GAMES["nlsd"]
    variant = GAMES["nlsd"]
    assert variant.betting == "no" and variant.hands == ("shortdeck_high",)
    assert variant.deck == tuple(range(SIX, 52)) and variant.button_blind
    assert default_stakes(variant) == Stakes.button_blind(ante=1, blind=1)


def test_everyone_antes_the_button_posts_the_blind_and_the_next_seat_opens():
    hand = HandState("nlsd", Stakes.button_blind(1, 2), [100, 100, 100, 100], seed=4)
    assert hand.button == 3
    assert hand.antes == [1, 1, 1, 1] and hand.blinds == [0, 0, 0, 2]
    assert hand.stacks == [99, 99, 99, 97]
    assert hand.actor == 0  # left of the button, the only blind
    assert hand.legal_actions().raise_min_to == 4
    dealt = [card for hole in hand.hole_cards for card in hole]
    assert min(dealt) >= SIX


def test_random_hands_deal_only_the_short_deck():
    for seed in range(30):
        hand = HandState("nlsd", Stakes.button_blind(1, 2), [50] * 6, seed=seed)
        while hand.status == "betting":
            hand.check_call()
        assert hand.is_complete
        seen = [card for hole in hand.hole_cards for card in hole] + hand.board
        assert len(set(seen)) == 17 and min(seen) >= SIX
        assert sum(hand.stacks) == 300


def test_showdown_ranks_a_flush_above_a_full_house():
    # Heads-up: seat 0 (left of the button) gets the first two cards, the button the next.
    deck = _deck("AhJh", "7c7s", rest="KhKd7h" + "9h" + "6c")
    hand = HandState("nlsd", Stakes.button_blind(1, 1), [100, 100], deck=deck)
    assert hand.hole_cards == [cards("AhJh"), cards("7c7s")]
    while hand.status == "betting":
        hand.check_call()
    assert hand.board == cards("KhKd7h9h6c")
    assert hand.stacks == [102, 98]  # the flush takes the antes and the blinds


def test_a_stacked_deck_below_six_and_a_dealt_five_are_refused():
    with pytest.raises(ValueError, match="deck: nlsd deals only the cards of its deck"):
        HandState("nlsd", Stakes.button_blind(1, 2), [100, 100], deck=list(range(52)))
    text = """
    variant = "NS"
    antes = [1, 1]
    blinds_or_straddles = [0, 1]
    min_bet = 1
    starting_stacks = [100, 100]
    actions = ["d dh p1 As5s"]
    """
    with pytest.raises(ValueError, match="5s is not in the deck of nlsd"):
        replay(read_phh(text))


def test_simulate_plays_and_records_ns_histories_that_replay():
    result = simulate(
        "shortdeck", ["random", "call", "strength"], hands=20, seed=5, record_histories=True
    )
    assert result.game == "nlsd"
    assert len(result.histories) == 20
    for text in result.histories:
        history = read_phh(text)
        assert history.variant == "NS"
        hand = replay(history, strict=True)  # finishing stacks checked too
        assert hand.is_complete
        again = read_phh(write_phh(history))
        assert again == history


def test_heads_up_histories_keep_the_button_blind_on_the_button():
    hand = HandState("nlsd", Stakes.button_blind(2, 5), [100, 80], seed=2)
    while hand.status == "betting":
        hand.check_call()
    history = read_phh(write_phh(hand))
    assert history.blinds_or_straddles == [0, 5] and history.antes == [2, 2]
    assert replay(history, strict=True).stacks == [hand.stacks[s] for s in (0, 1)]


def test_the_compiled_engine_plays_short_deck_as_the_python_engine_does():
    # Both engines deal the same cards for a seed; agents that decide from their cards
    # (calling stations, hand-strength agents) then play every hand the same way.
    agents = ["call", "strength", "strength", "call", "strength"]
    compiled = simulate("nlsd", agents, hands=400, seed=1, engine="compiled")
    python = simulate("nlsd", agents, hands=400, seed=1, engine="python")
    assert [seat.net for seat in compiled.seats] == [seat.net for seat in python.seats]
    assert compiled.showdown_rate == python.showdown_rate
    assert sum(seat.net for seat in compiled.seats) == 0


def test_the_strength_agent_scores_hands_by_short_deck_rules():
    from showdown.simulator import HandStrengthAgent

    def river(deck: list[int]) -> HandState:
        hand = HandState("nlsd", Stakes.button_blind(1, 1), [100, 100], deck=deck)
        while hand.status == "betting":
            hand.check_call()
        return hand

    agent = HandStrengthAgent()
    # A-6-7-8-9 is a straight (the full deck's ranking calls it ace high)...
    hand = river(_deck("As9d", "QcJc", rest="6c7h8s" + "Kd" + "Qd"))
    straight = agent.strength(hand, 0)
    assert straight > agent.strength(hand, 1) > 0.0  # ... above a pair of queens
    # ... and a flush outscores a full house.
    hand = river(_deck("AhJh", "7c7s", rest="KhKd7h" + "9h" + "6c"))
    assert agent.strength(hand, 0) > agent.strength(hand, 1) > straight
