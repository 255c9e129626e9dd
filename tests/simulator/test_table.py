"""Table mechanics: button, blinds, antes, busting, top-ups, the clock and disconnects."""

from __future__ import annotations

import pytest

from showdown.simulator import (
    TIMEOUT,
    CallingStation,
    Disconnect,
    HandState,
    IllegalActionError,
    RandomAgent,
    Stakes,
    Table,
)


class FakeClock:
    """A clock that only moves when an agent says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def callers(n: int) -> list[CallingStation]:
    return [CallingStation() for _ in range(n)]


def test_button_moves_one_seat_per_hand_and_blinds_follow():
    table = Table("nlhe", callers(4), Stakes.blinds(1, 2), starting_stack=100, seed=1)
    buttons = []
    for _ in range(6):
        button = table.button
        hand = table.start_hand()
        # Every seat plays: hand seats are table seats.
        assert hand.button == button
        assert hand.blinds[(button + 1) % 4] == 1 and hand.blinds[(button + 2) % 4] == 2
        assert sum(hand.blinds) == 3
        table.run(hand)
        if hand.status == "evaluating":
            from showdown.simulator import settle_showdowns

            settle_showdowns([hand])
        table.finish_hand(hand)
        buttons.append(button)
    assert buttons == [3, 0, 1, 2, 3, 0]


def test_first_button_can_be_chosen():
    table = Table("nlhe", callers(3), starting_stack=100, seed=1, button=1)
    hand = table.play_hand()
    assert hand.button == 1
    assert table.button == 2


def test_heads_up_when_the_table_goes_down_to_two():
    table = Table("nlhe", callers(3), Stakes.blinds(1, 2), starting_stack=100, mode="tournament")
    table.stacks = [100, 0, 200]  # seat 1 is out
    table.button = 2
    hand = table.start_hand()
    assert hand.n == 2
    # Seats 0 and 2 play; the table button (seat 2) is hand seat 1 and posts the small blind.
    assert hand.button == 1
    assert hand.blinds == [2, 1]
    assert hand.actor == 1  # heads-up: the button acts first pre-flop
    table.run(hand)
    if hand.status == "evaluating":
        from showdown.simulator import settle_showdowns

        settle_showdowns([hand])
    table.finish_hand(hand)
    assert table.stacks[1] == 0
    assert table.button in (0, 2)  # the button skips the busted seat


def test_tournament_busts_players_until_one_has_every_chip():
    agents = [RandomAgent(seed=seat) for seat in range(5)]
    table = Table(
        "nlhe", agents, Stakes.blinds(5, 10), starting_stack=100, mode="tournament", seed=2
    )
    dealt_counts = []
    for _ in range(2000):
        hand = table.play_hand()
        dealt_counts.append(hand.n)
        assert all(stack >= 0 for stack in table.stacks)
        if table.counts["tournaments_won"] != [0] * 5:
            break
    else:
        pytest.fail("the tournament did not finish")
    winner = table.counts["tournaments_won"].index(1)
    # The last hand was between the final two; the table reset for a new tournament.
    assert dealt_counts[0] == 5 and dealt_counts[-1] == 2
    assert dealt_counts == sorted(dealt_counts, reverse=True)
    assert table.stacks == [100] * 5
    assert table.net[winner] == 400 and sum(table.net) == 0


def test_cash_tops_up_short_stacks_before_each_hand():
    agents = [RandomAgent(seed=seat) for seat in range(3)]
    table = Table("nlhe", agents, Stakes.blinds(1, 2), starting_stack=50, seed=5)
    for _ in range(200):
        hand = table.play_hand()
        assert hand.starting_stacks == [max(50, chips) for chips in hand.starting_stacks]
    assert sum(table.counts["rebuys"]) > 0
    assert sum(table.net) == 0
    assert table.counts["hands"] == [200, 200, 200]


def test_antes_are_posted_by_every_seat():
    table = Table("nlhe", callers(4), Stakes.blinds(1, 2, ante=1), starting_stack=100, seed=3)
    hand = table.start_hand()
    assert hand.ante_paid == [1, 1, 1, 1]
    assert hand.pot == 4 + 3
    stud = Table("stud", callers(3), starting_stack=100, seed=3).start_hand()
    assert stud.ante_paid == [1, 1, 1]


def test_player_count_and_mode_are_checked():
    with pytest.raises(ValueError, match="players: stud is played by 2-8 players, got 9"):
        Table("stud", callers(9))
    with pytest.raises(ValueError, match="mode"):
        Table("nlhe", callers(2), mode="league")
    with pytest.raises(ValueError, match="starting_stack"):
        Table("nlhe", callers(2), starting_stack=0)


# --------------------------------------------------------------------- clock


class SlowAgent:
    """Takes ``seconds`` on the fake clock for every decision, then calls."""

    def __init__(self, clock: FakeClock, seconds: float) -> None:
        self.clock, self.seconds, self.decisions = clock, seconds, 0

    def __call__(self, hand: HandState, seat: int) -> object:
        self.decisions += 1
        self.clock.now += self.seconds
        return "call"


def test_a_late_decision_folds_when_facing_a_bet():
    clock = FakeClock()
    # Three-handed: seat 0 is on the button and acts first, facing the big blind.
    slow = SlowAgent(clock, 31.0)
    table = Table("nlhe", [slow, CallingStation(), CallingStation()], clock=clock, seed=1)
    table.button = 0
    hand = table.start_hand()
    assert hand.actor == 0
    table.run(hand)
    assert hand.folded[0]
    assert table.counts["timeouts"][0] == 1
    assert table.counts["calls"][0] == 0


def test_a_late_decision_checks_when_checking_is_free():
    clock = FakeClock()
    slow = SlowAgent(clock, 30.5)
    # Seat 2 is the big blind (button seat 0 -> blinds 1 and 2); it may check pre-flop.
    table = Table("nlhe", [CallingStation(), CallingStation(), slow], clock=clock, seed=1)
    table.button = 0
    hand = table.start_hand()
    table.run(hand)
    assert not hand.folded[2]
    assert table.counts["timeouts"][2] >= 1
    assert table.counts["folds"][2] == 0


def test_within_the_time_limit_the_action_stands():
    clock = FakeClock()
    slow = SlowAgent(clock, 29.0)
    table = Table("nlhe", [slow, CallingStation()], clock=clock, seed=1)
    table.play_hand()
    assert table.counts["timeouts"] == [0, 0]
    assert table.counts["calls"][0] + table.counts["checks"][0] == slow.decisions


def test_the_time_limit_is_configurable_and_can_be_off():
    clock = FakeClock()
    slow = SlowAgent(clock, 5.0)
    table = Table("nlhe", [slow, CallingStation()], clock=clock, seed=1, time_limit=4)
    table.play_hand()
    assert table.counts["timeouts"][0] >= 1
    untimed = Table("nlhe", [SlowAgent(clock, 1e6), CallingStation()], seed=1, time_limit=None)
    untimed.play_hand()
    assert untimed.counts["timeouts"] == [0, 0]


def test_timeout_sentinel_folds_or_checks():
    def patient(hand: HandState, seat: int) -> object:
        return TIMEOUT

    table = Table("nlhe", [patient, CallingStation()], seed=1)
    hand = table.play_hand()
    # Heads-up the button (seat 1) is the small blind; seat 0 is the big blind and may check.
    assert hand.status == "complete"
    assert table.counts["timeouts"][0] >= 1


class Disconnecting:
    """Disconnects on its first decision (coming back after ``back`` seconds), then calls."""

    def __init__(self, clock: FakeClock, back: float | None) -> None:
        self.clock, self.back, self.asked = clock, back, 0

    def __call__(self, hand: HandState, seat: int) -> object:
        self.asked += 1
        if self.asked == 1:
            return Disconnect(reconnect_after=self.back)
        self.clock.now += 25.0  # uses part of the reconnection bonus
        return "call"


def test_disconnect_is_all_in_for_the_chips_already_in():
    clock = FakeClock()
    gone = Disconnecting(clock, back=None)
    agents = [gone, CallingStation(), CallingStation()]
    table = Table("nlhe", agents, Stakes.blinds(1, 2), starting_stack=100, clock=clock, seed=7)
    table.button = 0  # seat 0 acts first pre-flop with nothing in
    hand = table.start_hand()
    table.run(hand)
    assert hand.disconnected[0] and not hand.folded[0]
    assert gone.asked == 1
    assert table.counts["disconnects"][0] == 1
    if hand.status == "evaluating":
        from showdown.simulator import settle_showdowns

        settle_showdowns([hand])
    table.finish_hand(hand)
    # Nothing in, so nothing to win: the seat keeps its stack.
    assert table.stacks[0] == 100
    assert sum(table.stacks) == 300


def test_disconnected_player_keeps_its_claim_on_the_main_pot():
    clock = FakeClock()
    gone = Disconnecting(clock, back=None)
    # Seat 2 is the big blind (2 chips in) and disconnects when first asked.
    agents = [CallingStation(), CallingStation(), gone]
    wins = 0
    for seed in range(40):
        table = Table("nlhe", agents, starting_stack=100, clock=clock, seed=seed)
        table.button = 0
        gone.asked = 0
        hand = table.play_hand()
        assert hand.disconnected[2]
        assert sum(table.stacks) == 300
        assert table.stacks[2] <= 98 + 6  # at most the main pot of three 2-chip bets
        wins += table.stacks[2] > 98
    assert wins > 0


def test_reconnecting_in_time_gets_the_bonus_and_acts():
    clock = FakeClock()
    back = Disconnecting(clock, back=10.0)
    table = Table("nlhe", [back, CallingStation(), CallingStation()], clock=clock, seed=7)
    table.button = 0
    hand = table.start_hand()
    table.run(hand)
    # Away 10 s, then 25 s to act: 35 s is over 30 s, within 30 + 20 s after reconnecting.
    assert not hand.disconnected[0]
    assert table.counts["timeouts"][0] == 0
    assert back.asked >= 2


def test_reconnecting_too_late_stays_disconnected():
    clock = FakeClock()
    late = Disconnecting(clock, back=31.0)
    table = Table("nlhe", [late, CallingStation(), CallingStation()], clock=clock, seed=7)
    table.button = 0
    hand = table.start_hand()
    table.run(hand)
    assert hand.disconnected[0]
    assert late.asked == 1


def test_an_illegal_action_names_the_agent_and_seat():
    def bad(hand: HandState, seat: int) -> object:
        return "check"

    table = Table("nlhe", [bad, CallingStation(), CallingStation()], seed=1)
    table.button = 0
    with pytest.raises(IllegalActionError, match="agent 'bad' at seat 0: check: there is a bet"):
        table.play_hand()

    def nonsense(hand: HandState, seat: int) -> object:
        return "dance"

    table = Table("nlhe", [nonsense, CallingStation()], seed=1)
    with pytest.raises(IllegalActionError, match="unknown action 'dance'"):
        table.play_hand()


def test_string_enum_actions_are_accepted():
    import enum

    class Move(str, enum.Enum):
        CALL = "call"

    def caller(hand: HandState, seat: int) -> object:
        return Move.CALL

    table = Table("nlhe", [caller, CallingStation()], seed=1)
    hand = table.play_hand()
    assert hand.status == "complete" and table.counts["calls"][0] + table.counts["checks"][0] > 0
