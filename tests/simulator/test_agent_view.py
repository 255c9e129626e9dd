"""Agents see a snapshot of their seat's information that leads nowhere; the table stops
any agent that changes the hand behind it."""

from __future__ import annotations

import copy
import gc
import pickle
import sys
import types

import pytest

from showdown.simulator import (
    GAMES,
    UNKNOWN,
    AgentError,
    CallingStation,
    HandState,
    HandStrengthAgent,
    IllegalActionError,
    RandomAgent,
    SeatView,
    Stakes,
    Table,
    default_stakes,
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


# ------------------------------------------------------------------ cheats of the old view


def _move_chips_through_the_view(hand, seat):
    """The old cheat: the view's private ``_hand`` was the live hand."""
    live = hand._hand
    other = (seat + 1) % hand.n
    taken = min(20, live.stacks[other])
    live.stacks[other] -= taken
    live.stacks[seat] += taken
    return "check" if hand.to_call == 0 else "call"


def _peek_through_the_view(hand, seat):
    """The old cheat: read every opponent's hole cards through ``_hand``."""
    seen = [list(cards) for cards in hand._hand.hole_cards]
    assert all(UNKNOWN not in cards for cards in seen)
    return "check" if hand.to_call == 0 else "call"


@pytest.mark.parametrize("cheat", [_move_chips_through_the_view, _peek_through_the_view])
def test_the_view_has_no_way_back_to_the_hand(cheat):
    # With the live hand behind ``_hand`` both cheats played on silently (chips moved
    # between stacks keep their sum, so the old check saw nothing).
    table = Table("nlhe", [cheat, CallingStation(), CallingStation()], seed=2)
    with pytest.raises(
        AgentError, match=rf"seat 0 \(agent '{cheat.__name__}'\) raised AttributeError"
    ):
        for _ in range(20):
            table.play_hand()
    assert sum(table.stacks) == 600


def _live_hand():
    """The HandState being played, found by walking the caller's frames (what Python allows
    any code to do; the table catches whatever the agent then changes)."""
    frame = sys._getframe(1)
    while frame is not None:
        for value in frame.f_locals.values():
            if isinstance(value, HandState):
                return value
        frame = frame.f_back
    raise AssertionError("no hand on the stack")


def _frame_cheats():
    def move_chips(hand, seat):
        live = _live_hand()
        other = (seat + 1) % live.n
        live.stacks[other] -= 10
        live.stacks[seat] += 10
        return "call"

    def print_chips(hand, seat):
        _live_hand().stacks[seat] += 1000
        return "call"

    def lower_own_start(hand, seat):  # a bigger payoff without touching a chip
        _live_hand().starting_stacks[seat] -= 100
        return "call"

    def stack_the_deck(hand, seat):
        deck = _live_hand()._deck
        deck.reverse()
        return "call"

    def swap_cards(hand, seat):
        live = _live_hand()
        other = (seat + 1) % live.n
        live.hole_cards[seat][0], live.hole_cards[other][0] = (
            live.hole_cards[other][0],
            live.hole_cards[seat][0],
        )
        return "call"

    def fold_someone(hand, seat):
        live = _live_hand()
        live.folded[(seat + 1) % live.n] = True
        return "call"

    def rebind_bet(hand, seat):
        _live_hand().current_bet = 0
        return "check"

    def drop_attribute(hand, seat):  # falls back to the class default
        del _live_hand().current_bet
        return "check"

    def new_attribute(hand, seat):
        _live_hand().cheat = True
        return "call"

    return [
        move_chips, print_chips, lower_own_start, stack_the_deck, swap_cards, fold_someone,
        rebind_bet, drop_attribute, new_attribute,
    ]  # fmt: skip


@pytest.mark.parametrize("cheat", _frame_cheats(), ids=lambda cheat: cheat.__name__)
def test_changes_made_behind_the_view_stop_the_table(cheat):
    table = Table("nlhe", [CallingStation(), cheat, CallingStation()], seed=3, button=0)
    stacks = list(table.stacks)
    with pytest.raises(AgentError) as caught:
        table.play_hand()
    message = str(caught.value)
    assert message.startswith(f"seat 1 (agent '{cheat.__name__}') ")
    assert "changed the hand it was shown" in message or "created or destroyed chips" in message
    assert message.endswith("agents must return an action and leave the hand alone")
    # The failed hand did not count.
    assert table.stacks == stacks and table.hands_played == 0


def test_the_message_says_what_changed():
    move_chips, print_chips = _frame_cheats()[:2]
    table = Table("nlhe", [move_chips, CallingStation()], seed=1)
    with pytest.raises(AgentError, match=r"changed the hand it was shown \(stacks\)"):
        table.play_hand()
    table = Table("nlhe", [print_chips, CallingStation()], seed=1)
    with pytest.raises(AgentError, match=r"created or destroyed chips \(1,400 in play, 400 before"):
        table.play_hand()


def test_an_honest_agent_walking_frames_to_read_is_not_stopped():
    # Reading changes nothing, so the table cannot tell (see the view module's docstring).
    def reader(hand, seat):
        _live_hand()
        return "check" if hand.to_call == 0 else "call"

    result = simulate("nlhe", [reader, "call"], hands=20, seed=4, engine="python")
    assert sum(result.net) == 0


# ------------------------------------------------------------------ what the view holds


def _reachable(root):
    """Every object reachable from ``root`` through references (``gc.get_referents``),
    classes, modules and code aside (those lead to the whole interpreter, not to a hand)."""
    seen = {id(root): root}
    todo = [root]
    while todo:
        for child in gc.get_referents(todo.pop()):
            if isinstance(child, (type, types.ModuleType, types.FunctionType, types.CodeType)):
                continue
            if id(child) not in seen:
                seen[id(child)] = child
                todo.append(child)
    return list(seen.values())


@pytest.mark.parametrize("game", ["nlhe", "stud", "draw", "plo8"])
def test_nothing_in_the_view_leads_to_the_hand(game):
    found = []

    def inspector(hand, seat):
        live = _live_hand()
        forbidden = {id(live), id(live.__dict__), id(live._deck), id(live.hole_cards)}
        forbidden |= {id(cards) for cards in live.hole_cards}
        forbidden |= {id(value) for value in vars(live).values() if isinstance(value, list)}
        for given in (hand, hand.legal_actions(), hand.view(), hand.hole_cards):
            for item in _reachable(given):
                assert id(item) not in forbidden, f"{type(item).__name__} reachable"
                assert not isinstance(item, (HandState, Table))
        assert not hasattr(hand, "__dict__") and type(hand).__slots__ == ()
        # Other seats' hidden cards are not in the view at all: only the seat's own,
        # face-up and shown cards appear.
        own = set(live.hole_cards[seat])
        visible = own | {
            c
            for s in range(live.n)
            for c, up in zip(live.hole_cards[s], live.up[s], strict=False)
            if up
        }
        assert {card for cards in hand.hole_cards for card in cards} - {UNKNOWN} <= visible
        found.append(seat)
        return "bring_in" if hand.bring_in_due else () if hand.status == "drawing" else "call"

    table = Table(game, [inspector, CallingStation(), CallingStation()], seed=6)
    for _ in range(3):
        table.play_hand()
    assert found


def test_the_view_is_immutable_and_copies_like_a_value():
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100, 100], seed=9)
    view = SeatView(hand, hand.actor)
    for name in ("stacks", "seat", "hole_cards", "pot"):
        with pytest.raises(AttributeError):
            setattr(view, name, None)
    with pytest.raises(AttributeError):
        view.anything = 1
    with pytest.raises(TypeError):
        view.hole_cards[0] = (1, 2)
    assert copy.deepcopy(view) == view and pickle.loads(pickle.dumps(view)) == view
    assert repr(view).startswith(f"SeatView(seat={hand.actor}, nlhe, street=preflop")
    # A snapshot: acting on the hand does not change it.
    before = view.stacks
    hand.check_call()
    assert view.stacks == before != tuple(hand.stacks)


def _naive_view(hand, seat):
    """What ``seat`` may see, written out plainly from the hand's lists."""
    cards = []
    for other in range(hand.n):
        if other == seat or hand.shown[other]:
            cards.append(tuple(hand.hole_cards[other]))
        else:
            flags = list(hand.up[other]) + [False] * len(hand.hole_cards[other])
            cards.append(
                tuple(c if flags[k] else UNKNOWN for k, c in enumerate(hand.hole_cards[other]))
            )
    seat_to_act = hand.actor
    owed = hand.current_bet - hand.bets[seat_to_act] if seat_to_act is not None else 0
    to_call = min(owed, hand.stacks[seat_to_act]) if hand.status == "betting" and owed > 0 else 0
    return {
        "hole_cards": tuple(cards),
        "stacks": tuple(hand.stacks),
        "bets": tuple(hand.bets),
        "totals": tuple(hand.totals),
        "pot": sum(hand.totals),
        "board": tuple(hand.board),
        "folded": tuple(hand.folded),
        "to_call": to_call,
        "street": hand.street,
        "raise_bounds": hand.raise_bounds(),
        "legal": hand.legal_actions(),
    }


@pytest.mark.parametrize("game", ["nlhe", "plo", "flo8", "stud", "stud8", "draw"])
def test_the_view_matches_the_hand_in_every_spot(game):
    spots = 0
    for seed in range(25):
        variant = GAMES[game]
        players = 2 + seed % (min(6, variant.max_players) - 1)
        hand = HandState(
            game, default_stakes(variant), [20 + 7 * k for k in range(players)], seed=seed
        )
        agent = RandomAgent(seed=seed)
        while hand.status in ("betting", "drawing"):
            seat = hand.actor
            view = SeatView(hand, seat)
            expected = _naive_view(hand, seat)
            got = {
                name: getattr(view, name)
                for name in expected
                if name not in ("raise_bounds", "legal")
            }
            got["raise_bounds"], got["legal"] = view.raise_bounds(), view.legal_actions()
            assert got == expected
            spots += 1
            hand_action = agent(hand, seat)
            if isinstance(hand_action, tuple):
                hand.discard(hand_action)
            elif isinstance(hand_action, int):
                hand.bet_raise_to(hand_action)
            else:
                hand.act(hand_action)
        with pytest.raises(IllegalActionError):
            SeatView(hand, 0).legal_actions()
        assert SeatView(hand, 0).raise_bounds() is None and SeatView(hand, 0).to_call == 0
    assert spots > 50


def test_user_agents_decide_as_the_built_in_ones_do():
    # Built-in agents decide on the hand itself; the same classes, subclassed, are user
    # agents and get snapshots. Same seed, same decisions: the snapshot says the same.
    class Random(RandomAgent):
        pass

    class Strength(HandStrengthAgent):
        pass

    for game in ("nlhe", "stud", "draw"):
        built_in = simulate(
            game,
            [RandomAgent(seed=1), HandStrengthAgent(), "random"],
            hands=150,
            seed=8,
            engine="python",
        )
        user = simulate(
            game, [Random(seed=1), Strength(), "random"], hands=150, seed=8, engine="python"
        )
        assert user.net == built_in.net
        assert [seat.vpip for seat in user.seats] == [seat.vpip for seat in built_in.seats]
