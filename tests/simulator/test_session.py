"""simulate() and SimulationResult: conservation, determinism, statistics, histories, errors."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import showdown
from showdown.simulator import (
    GAMES,
    HandState,
    SimulationResult,
    Stakes,
    bb_per_100_interval,
    read_phh,
    replay,
    simulate,
)


def test_top_level_exports():
    assert showdown.simulate is simulate
    assert showdown.SimulationResult is SimulationResult


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("mode", ["cash", "tournament"])
def test_chips_are_conserved_over_a_session(game: str, mode: str):
    # Tournaments on one table with short stacks, so a few of them finish.
    tables = 1 if mode == "tournament" else None
    stack = 20 if mode == "tournament" else 80
    players = ["random", "call", "strength"]
    result = simulate(
        game, players, hands=300, seed=4, mode=mode, starting_stack=stack, tables=tables
    )
    assert result.hands == 300
    assert sum(result.net) == 0
    assert sum(seat.hands for seat in result.seats) == 3 * 300 or mode == "tournament"
    if mode == "tournament":
        assert sum(seat.tournaments_won for seat in result.seats) > 0


@settings(max_examples=15, deadline=None)
@given(
    game=st.sampled_from(sorted(GAMES)),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    stack=st.integers(3, 400),
)
def test_random_sessions_conserve_chips_and_never_go_negative(
    game: str, players: int, seed: int, stack: int
):
    from showdown.simulator import RandomAgent, Table

    agents = [RandomAgent(seed=seed + seat) for seat in range(players)]
    table = Table(game, agents, starting_stack=stack, mode="tournament", seed=seed)
    chips = stack * players
    for _ in range(60):
        hand = table.play_hand()
        assert min(hand.stacks) >= 0
        assert sum(hand.stacks) == sum(hand.starting_stacks)
        assert sum(table.stacks) == chips
    assert sum(table.net) == 0


def test_same_seed_same_result():
    first = simulate("nlhe", ["random", "strength", "call"], hands=400, seed=99, players=6)
    second = simulate("nlhe", ["random", "strength", "call"], hands=400, seed=99, players=6)
    third = simulate("nlhe", ["random", "strength", "call"], hands=400, seed=100, players=6)
    assert first.net == second.net
    assert first.to_dict()["seats"] == second.to_dict()["seats"]
    assert first.net != third.net


def test_agents_repeat_to_fill_the_seats():
    result = simulate("nlhe", ["random", "call"], hands=10, players=5, seed=1)
    assert [seat.agent for seat in result.seats] == ["random", "call", "random", "call", "random"]
    assert simulate("flhe", "call", hands=5, seed=1).players == 6


def test_custom_callable_agents():
    def folder(hand: HandState, seat: int) -> str:
        return "check" if hand.to_call == 0 else "fold"

    result = simulate("nlhe", [folder, "call"], hands=200, seed=3, tables=1)
    assert result.seats[0].agent == "folder"
    assert result.seats[0].vpip == 0.0
    assert result.seats[0].net < 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "holdem"}, "game: unknown variant 'holdem'"),
        ({"agents": ["random", "fish"]}, "agents: unknown agent 'fish'"),
        ({"players": 9, "game": "stud"}, "players: stud is played by 2-8 players, got 9"),
        ({"players": 1}, "players: nlhe is played by 2-10 players, got 1"),
        ({"hands": 0}, "hands: expected a positive number of hands, got 0"),
        ({"mode": "league"}, "mode: expected 'cash' or 'tournament'"),
        ({"starting_stack": -5}, "starting_stack: expected a positive int number of chips, got -5"),
        ({"agents": ["call"] * 4, "players": 3}, "agents: 4 agents for 3 players"),
        ({"agents": []}, "agents: give at least one agent"),
    ],
)
def test_bad_input_names_the_input(kwargs: dict, message: str):
    arguments = {"game": "nlhe", "agents": ["random", "call"], "hands": 10, "seed": 1}
    arguments.update(kwargs)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        simulate(**arguments)


def test_interval_math_on_constructed_data():
    results = [5, -3, 12, 0, -7, 2, 2, -1, 9, -4]
    rate, low, high = bb_per_100_interval(sum(results), sum(r * r for r in results), 10, 2)
    mean = statistics.fmean(results)
    half = 1.959963984540054 * statistics.stdev(results) / math.sqrt(10)
    assert rate == pytest.approx(mean * 50)
    assert low == pytest.approx((mean - half) * 50)
    assert high == pytest.approx((mean + half) * 50)
    # Constant results: no spread.
    assert bb_per_100_interval(30, 300, 3, 10) == (100.0, 100.0, 100.0)
    # Too few hands for an interval.
    assert bb_per_100_interval(4, 16, 1, 2)[1:] == (-math.inf, math.inf)
    assert bb_per_100_interval(0, 0, 0, 2) == (0.0, -math.inf, math.inf)


def test_statistics_are_sane():
    result = simulate("nlhe", ["call", "random", "strength"], hands=600, seed=8, players=3)
    call, random_seat, strength = result.seats
    for seat in result.seats:
        assert 0 <= seat.pfr <= seat.vpip <= 1
        assert 0 <= seat.won_at_showdown <= 1 and 0 <= seat.went_to_showdown <= 1
        assert seat.bb_per_100_low <= seat.bb_per_100 <= seat.bb_per_100_high
        assert seat.bb_per_100 == pytest.approx(seat.net / seat.hands * 100 / 2)
        assert seat.hands == 600
    assert call.pfr == 0 and call.aggression == 0 and call.folds == 0
    assert random_seat.pfr > 0.1 and random_seat.aggression > 0
    assert strength.vpip < random_seat.vpip
    assert 0 < result.showdown_rate <= 1
    data = result.to_dict()
    assert data["seats"][0]["agent"] == "call" and data["hands"] == 600
    assert "seat" in result.table() and "bb/100" in result.table()


def test_stud_and_draw_use_the_small_bet_as_the_big_blind():
    result = simulate("stud", "random", hands=20, players=4, seed=1)
    assert result.big_blind == 5
    result = simulate("flhe", "random", hands=20, players=4, seed=1, stakes=Stakes.blinds(5, 10))
    assert result.big_blind == 10


def test_progress_is_reported_per_round():
    calls: list[tuple[int, int]] = []
    simulate(
        "nlhe",
        "call",
        hands=150,
        players=3,
        seed=1,
        tables=64,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls == [(64, 150), (128, 150), (150, 150)]


@pytest.mark.parametrize("game", ["nlhe", "plo8", "stud", "draw"])
def test_recorded_histories_replay_to_the_same_stacks(game: str):
    result = simulate(game, ["random", "strength", "call"], hands=40, seed=6, record_histories=True)
    assert result.histories is not None and len(result.histories) == 40
    for text in result.histories:
        history = read_phh(text)
        assert history.finishing_stacks is not None
        assert replay(history).stacks == history.finishing_stacks


def test_no_histories_unless_asked():
    assert simulate("nlhe", "call", hands=5, players=2, seed=1).histories is None


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_bad_seeds_are_refused_up_front(seed):
    for engine in ("python", "compiled"):
        with pytest.raises(ValueError, match=r"^seed: expected None or an int >= 0"):
            simulate("nlhe", ["call", "call"], hands=5, seed=seed, engine=engine)


def test_numpy_seeds_are_accepted():
    import numpy as np

    one = simulate("nlhe", ["random", "call"], hands=50, seed=np.int64(3))
    two = simulate("nlhe", ["random", "call"], hands=50, seed=3)
    assert one.net == two.net


@pytest.mark.parametrize("progress", [5, "bar", object()])
def test_bad_progress_is_refused_before_any_work(progress):
    calls = []

    def agent(hand, seat):
        calls.append(seat)
        return "call"

    with pytest.raises(ValueError, match="progress: expected a callable"):
        simulate("nlhe", [agent, "call"], hands=5, seed=1, progress=progress)
    assert calls == []


def test_discards_may_be_numpy_arrays():
    import numpy as np

    def drawer(hand, seat):
        if hand.status == "drawing":
            return np.array(hand.hole_cards[seat][:2])
        return "bring_in" if hand.bring_in_due else "call"

    result = simulate("draw", [drawer, "call"], hands=20, seed=2)
    assert result.hands == 20 and sum(result.net) == 0

    def bad_shape(hand, seat):
        if hand.status == "drawing":
            return np.array([hand.hole_cards[seat][:2]])
        return "call"

    with pytest.raises(ValueError, match="discard: expected a flat sequence of card codes"):
        simulate("draw", [bad_shape, "call"], hands=5, seed=2)
