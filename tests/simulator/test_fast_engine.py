"""The compiled simulator engine against the Python ``HandState`` engine.

Every recorded compiled hand is replayed through ``HandState`` (same stacks,
button and deck, then the recorded actions) and must end with the same stacks;
whole sessions must conserve chips, repeat by seed, and match the Python
engine's statistics within sampling error.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from showdown.simulator import GAMES, HandState, SimulationResult, Stakes, Variant, simulate
from showdown.simulator import fast as fast_module
from showdown.simulator._kernel_parts import BET_RAISE, CHECK_CALL, FOLD
from showdown.simulator.agents import HandStrengthAgent
from showdown.simulator.fast import (
    HandRecords,
    compiled_agent_kinds,
    ineligibility,
    run_compiled,
    supports_variant,
)
from showdown.simulator.table import default_stakes

COMPILED_GAMES = ["nlhe", "plhe", "flhe", "plo", "flo", "plo8", "flo8"]

#: (agents, starting stack, stakes or None for the default): deep and short stacks,
#: heads-up, a full ten-handed table with antes and odd blinds (short all-in blinds).
SESSIONS = [
    (["random", "call"] * 3, 200, None),
    (["random"] * 6, 30, None),
    (["random", "random"], 41, None),
    (["random"] * 9 + ["call"], 7, Stakes.blinds(1, 3, ante=1)),
]


class Cautious(HandStrengthAgent):
    """A subclass of a built-in agent: its behaviour may differ, so it stays on Python."""


def replay(variant: Variant, stakes: Stakes, records: HandRecords, hand: int) -> list[int]:
    """Play one recorded hand through ``HandState``; returns its final stacks."""
    state = HandState(
        variant,
        stakes,
        records.starts[hand].tolist(),
        button=int(records.buttons[hand]),
        deck=records.decks[hand].tolist(),
        record=False,
    )
    for seat, kind, amount in records.actions_of(hand):
        assert state.actor == seat, f"hand {hand}: seat {seat} acted, {state.actor} was to act"
        if kind == FOLD:
            state.fold()
        elif kind == CHECK_CALL:
            state.check_call()
        else:
            assert kind == BET_RAISE
            state.bet_raise_to(amount)
    assert state.status == "complete", f"hand {hand}: ended in status {state.status}"
    return state.stacks


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_compiled_hands_replay_through_handstate(game):
    variant = GAMES[game]
    replayed = 0
    for index, (agents, stack, stakes) in enumerate(SESSIONS):
        stakes = stakes or default_stakes(variant)
        hands = 1500 if index == 0 else 500
        run = run_compiled(
            variant, stakes, agents, stack, hands=hands, tables=7, seed=100 + index, record=True
        )
        records = run.records
        assert records is not None
        assert int(records.counts.max()) <= records.actions.shape[1]
        for hand in range(hands):
            assert replay(variant, stakes, records, hand) == records.finals[hand].tolist(), (
                f"{game} session {index} hand {hand}: {records.actions_of(hand)}"
            )
            # Chips are conserved within every hand.
            assert records.finals[hand].sum() == records.starts[hand].sum()
        replayed += hands
        assert sum(run.net) == 0
    assert replayed == 3000


def test_short_all_in_readings_replay_through_handstate():
    # Short stacks in pot limit: many short all-ins, some adding up to a full raise.
    stakes = Stakes.blinds(1, 2)
    actions = []
    for cumulative in (True, False):
        variant = GAMES["plhe"].with_options(cumulative_all_ins=cumulative)
        run = run_compiled(
            variant, stakes, ["random"] * 6, 15, hands=1200, tables=6, seed=31, record=True
        )
        records = run.records
        assert records is not None
        for hand in range(1200):
            assert replay(variant, stakes, records, hand) == records.finals[hand].tolist()
        actions.append(records.actions)
    # The two readings met a spot where they differ (a reopened raise was taken).
    assert (actions[0] != actions[1]).any()


def test_records_follow_the_sessions_table_order():
    variant = GAMES["nlhe"]
    run = run_compiled(variant, Stakes.blinds(1, 2), ["call"] * 3, 100, hands=10, tables=4, seed=1)
    recorded = run_compiled(
        variant, Stakes.blinds(1, 2), ["call"] * 3, 100, hands=10, tables=4, seed=1, record=True
    )
    records = recorded.records
    assert records is not None
    # Tables 0 and 1 play 3 hands, tables 2 and 3 two; table k starts on button k - 1.
    assert records.buttons.tolist() == [2, 0, 1, 0, 1, 2, 1, 2, 2, 0]
    assert (records.starts >= 100).all()  # topped up to 100 before every hand
    assert run.net == recorded.net


@pytest.mark.parametrize("game", ["nlhe", "plo8"])
def test_sessions_conserve_chips_and_count_every_hand(game):
    result = simulate(game, ["random", "call", "random"], hands=5000, seed=4, engine="compiled")
    assert sum(result.net) == 0
    assert [seat.hands for seat in result.seats] == [5000] * 3
    assert result.hands == 5000
    run = run_compiled(
        GAMES[game], default_stakes(GAMES[game]), ["random"] * 4, 60, hands=3001, tables=13, seed=9
    )
    assert sum(run.net) == 0
    assert int(run.counters[:, 0].sum()) == 4 * 3001
    assert sum(moments.mean * moments.count for moments in run.moments) == pytest.approx(
        0, abs=1e-6
    )


def test_same_seed_same_result_any_thread_count():
    variant, stakes = GAMES["plhe"], Stakes.blinds(1, 2)
    first = run_compiled(variant, stakes, ["random"] * 6, 200, hands=3000, tables=16, seed=12)
    again = run_compiled(
        variant, stakes, ["random"] * 6, 200, hands=3000, tables=16, seed=12, threads=2
    )
    other = run_compiled(variant, stakes, ["random"] * 6, 200, hands=3000, tables=16, seed=13)
    assert first.net == again.net
    assert np.array_equal(first.counters, again.counters)
    assert np.array_equal(first.final_stacks, again.final_stacks)
    assert first.net != other.net
    one = simulate("nlhe", ["random", "call"], hands=2000, seed=5)
    two = simulate("nlhe", ["random", "call"], hands=2000, seed=5)
    assert one.net == two.net and one.seats == two.seats


def test_chunked_runs_equal_one_run(monkeypatch):
    variant, stakes = GAMES["flo"], Stakes.blinds(1, 2)
    whole = run_compiled(variant, stakes, ["random"] * 5, 100, hands=4000, tables=8, seed=3)
    monkeypatch.setattr(fast_module, "CHUNK_HANDS", 96)
    chunked = run_compiled(variant, stakes, ["random"] * 5, 100, hands=4000, tables=8, seed=3)
    calls: list[tuple[int, int]] = []
    per_round = run_compiled(
        variant,
        stakes,
        ["random"] * 5,
        100,
        hands=4000,
        tables=8,
        seed=3,
        progress=lambda done, total: calls.append((done, total)),
    )
    for run in (chunked, per_round):
        assert whole.net == run.net
        assert np.array_equal(whole.counters, run.counters)
    # Progress after every round of tables, like the Python engine.
    assert calls == [(done, 4000) for done in range(8, 4008, 8)]


def test_auto_engine_picks_compiled_only_when_eligible(monkeypatch):
    used: list[str] = []
    original = fast_module.run_compiled

    def spy(*args, **kwargs):
        used.append("compiled")
        return original(*args, **kwargs)

    monkeypatch.setattr(fast_module, "run_compiled", spy)
    auto = simulate("nlhe", ["random", "call"], hands=300, seed=8)
    assert used == ["compiled"]
    simulate("plo8", ["random", "call", HandStrengthAgent(raise_at=0.8)], hands=300, seed=8)
    assert used == ["compiled", "compiled"]
    compiled = simulate("nlhe", ["random", "call"], hands=300, seed=8, engine="compiled")
    assert auto.net == compiled.net

    def folder(hand, seat):
        return "check" if hand.to_call == 0 else "fold"

    used.clear()
    simulate("nlhe", [folder, "call"], hands=50, seed=8)
    simulate("stud", ["random", "call"], hands=50, seed=8)
    simulate("draw", ["random", "call"], hands=50, seed=8)
    simulate("nlhe", ["random", "call"], hands=50, seed=8, mode="tournament")
    simulate("nlhe", ["random", "call"], hands=20, seed=8, record_histories=True)
    simulate("nlhe", ["random", "call"], hands=50, seed=8, engine="python")
    assert used == []


def test_engine_argument_is_checked():
    with pytest.raises(ValueError, match="engine"):
        simulate("nlhe", ["random"], hands=10, engine="fast")
    with pytest.raises(ValueError, match="compiled engine cannot run this: variant stud"):
        simulate("stud", ["random"], hands=10, engine="compiled")
    with pytest.raises(ValueError, match="agent"):
        simulate("nlhe", ["random", Cautious()], hands=10, engine="compiled")
    with pytest.raises(ValueError, match="cash"):
        simulate("nlhe", ["random"], hands=10, engine="compiled", mode="tournament")


def test_eligibility_rules():
    assert [name for name, variant in GAMES.items() if supports_variant(variant)] == COMPILED_GAMES
    assert supports_variant(GAMES["flhe"].with_options(raise_cap=None))
    assert compiled_agent_kinds(["random", "call", "strength"]) == [0, 1, 2]
    assert compiled_agent_kinds(["random", Cautious()]) is None  # a subclass may differ
    assert ineligibility(GAMES["plo"], ["call"], "cash", True) is not None


def test_compiled_result_has_the_python_fields():
    compiled = simulate("flhe", ["random", "call"], hands=400, seed=2, players=4)
    python = simulate("flhe", ["random", "call"], hands=400, seed=2, players=4, engine="python")
    assert type(compiled) is type(python)
    assert [seat.agent for seat in compiled.seats] == [seat.agent for seat in python.seats]
    assert compiled.to_dict().keys() == python.to_dict().keys()
    assert compiled.mode == "cash" and compiled.histories is None
    assert compiled.seats[1].vpip > 0.8 and compiled.seats[1].pfr == 0.0
    assert compiled.table().splitlines()[0] == python.table().splitlines()[0]


def _close(compiled: float, python: float, tolerance: float) -> bool:
    return math.isclose(compiled, python, abs_tol=tolerance)


@pytest.mark.parametrize(
    ("game", "agents"),
    [
        ("nlhe", ["random"] * 6),
        ("plo8", ["random", "call", "random"]),
        ("flhe", ["strength", "random", "call", "strength"]),
    ],
)
def test_statistics_match_the_python_engine(game, agents):
    hands = 20_000
    compiled = simulate(game, agents, hands=hands, seed=21, engine="compiled")
    python = simulate(game, agents, hands=hands, seed=22, engine="python")
    # Showdown shares are proportions over 20k hands: sampling sd ~0.0035.
    assert _close(compiled.showdown_rate, python.showdown_rate, 0.02)
    for ours, theirs in zip(compiled.seats, python.seats, strict=True):
        assert _close(ours.vpip, theirs.vpip, 0.02)
        assert _close(ours.pfr, theirs.pfr, 0.02)
        assert _close(ours.went_to_showdown, theirs.went_to_showdown, 0.02)
        assert _close(ours.won_at_showdown, theirs.won_at_showdown, 0.04)
        assert _close(ours.folds / hands, theirs.folds / hands, 0.03)
        assert math.isclose(ours.aggression, theirs.aggression, rel_tol=0.08)
    # The bb/100 interval width measures the spread of per-hand results (pot sizes);
    # one seat's width varies by ~10% between seeds (all-in pots), the seats' mean less.
    assert math.isclose(_mean_width(compiled), _mean_width(python), rel_tol=0.12)


def _mean_width(result: SimulationResult) -> float:
    return sum(seat.bb_per_100_high - seat.bb_per_100_low for seat in result.seats) / len(
        result.seats
    )


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_compiled_strength_agent_decides_like_the_python_one(game):
    """Replay compiled hands and ask the Python HandStrengthAgent at each of its turns."""
    variant = GAMES[game]
    stakes = default_stakes(variant)
    agents = ["strength", "random", "call", "strength"]
    run = run_compiled(variant, stakes, agents, 60, hands=300, tables=3, seed=31, record=True)
    records = run.records
    assert records is not None
    decisions = 0
    for hand in range(300):
        state = HandState(
            variant,
            stakes,
            records.starts[hand].tolist(),
            button=int(records.buttons[hand]),
            deck=records.decks[hand].tolist(),
            record=False,
        )
        python_agent = HandStrengthAgent()
        for seat, kind, amount in records.actions_of(hand):
            if agents[seat] == "strength":
                compiled = {FOLD: "fold", CHECK_CALL: "call" if state.to_call else "check"}.get(
                    kind, amount
                )
                assert python_agent(state, seat) == compiled, f"hand {hand}, seat {seat}"
                decisions += 1
            if kind == FOLD:
                state.fold()
            elif kind == CHECK_CALL:
                state.check_call()
            else:
                state.bet_raise_to(amount)
        assert state.stacks == records.finals[hand].tolist()
    assert decisions > 500
