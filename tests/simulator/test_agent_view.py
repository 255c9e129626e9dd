"""Agents see a read-only view of their seat's information (issue 7 item 5)."""

from __future__ import annotations

import pytest

from showdown.simulator import (
    UNKNOWN,
    AgentError,
    CallingStation,
    HandState,
    SeatView,
    Stakes,
    Table,
    simulate,
)


def tight(hand, seat):
    """README's agent: raise with a pair, else check or fold."""
    cards = hand.hole_cards[seat]
    bounds = hand.raise_bounds()
    if cards[0] // 4 == cards[1] // 4 and bounds:
        return bounds[0]
    return "check" if hand.to_call == 0 else "fold"


def test_readme_agent_api_keeps_working():
    result = simulate("nlhe", [tight, "random"], hands=300, seed=1)
    assert sum(result.net) == 0 and result.hands == 300


class Recorder:
    """Calls, and remembers what it was shown."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def __call__(self, hand, seat):
        self.seen.append(hand)
        assert not isinstance(hand, HandState)
        assert hand.legal_actions().player == seat == hand.actor
        for other in range(hand.n):
            cards = hand.hole_cards[other]
            if other == seat:
                assert UNKNOWN not in cards
            elif not any(hand.up[other]):
                assert set(cards) == {UNKNOWN}
        return "bring_in" if hand.bring_in_due else "call"


@pytest.mark.parametrize("game", ["nlhe", "stud"])
def test_agents_see_their_own_cards_and_nothing_hidden(game):
    recorder = Recorder()
    table = Table(game, [recorder, CallingStation(), CallingStation()], seed=3)
    for _ in range(5):
        table.play_hand()
    assert recorder.seen


def test_face_up_stud_cards_are_visible():
    hand = HandState("stud", Stakes.stud(1, 2, 5), [100, 100, 100], seed=5)
    view = SeatView(hand, 0)
    door = hand.hole_cards[1][2]
    assert view.hole_cards[1] == (UNKNOWN, UNKNOWN, door)
    assert view.hole_cards[0] == tuple(hand.hole_cards[0])
    assert list(view.hole_cards)[2][:2] == (UNKNOWN, UNKNOWN)


def mutators():
    def add_chips(hand, seat):
        hand.stacks[seat] += 1000
        return "call"

    def rewrite_cards(hand, seat):
        hand.hole_cards[seat][0] = 51
        return "call"

    def append_card(hand, seat):
        hand.hole_cards[seat].append(51)
        return "call"

    def fold_others(hand, seat):
        hand.fold()
        return "call"

    def replace_stacks(hand, seat):
        hand.stacks = [10**6] * hand.n
        return "call"

    def fold_flag(hand, seat):
        hand.folded[(seat + 1) % hand.n] = True
        return "call"

    return [add_chips, rewrite_cards, append_card, fold_others, replace_stacks, fold_flag]


@pytest.mark.parametrize("agent", mutators(), ids=lambda agent: agent.__name__)
def test_mutating_agents_cannot_change_the_hand(agent):
    table = Table("nlhe", [agent, CallingStation(), CallingStation()], seed=2)
    hand = table.start_hand()
    before = (list(hand.stacks), [list(cards) for cards in hand.hole_cards], list(hand.folded))
    with pytest.raises(AgentError) as caught:
        table.run(hand)
    assert isinstance(caught.value.__cause__, (TypeError, AttributeError))
    after = (list(hand.stacks), [list(cards) for cards in hand.hole_cards], list(hand.folded))
    # Seat 0 acted first (button seat 2, blinds seats 0 and 1 -> seat 2 first, then 0).
    assert after[1] == before[1]
    assert sum(after[0]) + hand.pot == 600  # three default 200-chip stacks
    assert not any(hand.folded[1:])


def test_tampering_behind_the_view_is_caught():
    def sneaky(hand, seat):
        hand._hand.stacks[seat] += 1000  # reaching past the view
        return "call"

    table = Table("nlhe", [sneaky, CallingStation()], seed=2)
    with pytest.raises(AgentError, match=r"seat 0 \(agent 'sneaky'\) changed the hand"):
        table.play_hand()
