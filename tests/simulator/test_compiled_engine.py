"""The compiled simulator engine against the Python ``HandState`` engine.

Every recorded compiled hand is replayed through ``HandState`` (same stacks,
button and deck, then the recorded actions): at every decision the kernel's
raise range must equal ``HandState.raise_bounds()``, every action must be
legal, and the hand must end with the same stacks. Whole sessions must conserve
chips, repeat by seed at any thread count, and match the Python engine's
statistics within sampling error.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from showdown.cards import parse_cards
from showdown.evaluator import HandCategory, evaluate_short_deck, hand_category
from showdown.simulator import GAMES, HandState, SimulationResult, Stakes, Variant, simulate
from showdown.simulator import compiled as compiled_module
from showdown.simulator.agents import HandStrengthAgent
from showdown.simulator.compiled import (
    HandRecords,
    compiled_agent_kinds,
    family_of,
    ineligibility,
    run_compiled,
    supports_variant,
)
from showdown.simulator.compiled.layout import BET_RAISE, BRING_IN, CHECK_CALL, DISCARD, FOLD
from showdown.simulator.table import default_stakes

#: Every built-in game the compiled engine plays (all of them).
ALL_GAMES = sorted(name for name, variant in GAMES.items() if supports_variant(variant))

#: (agents, starting stack, stakes or None for the default): deep and short stacks,
#: heads-up, a full table with antes and odd blinds (short all-in blinds).
SESSIONS = [
    (["random", "call"] * 3, 200, None),
    (["random"] * 6, 30, None),
    (["random", "random"], 41, None),
    (["random"] * 7 + ["call"], 7, "antes"),
]


class Cautious(HandStrengthAgent):
    """A subclass of a built-in agent: its behaviour may differ, so it stays on Python."""


def _cards(mask: int) -> list[int]:
    return [card for card in range(52) if mask >> card & 1]


def replay(
    variant: Variant,
    stakes: Stakes,
    records: HandRecords,
    hand: int,
    decide: object = None,
) -> HandState:
    """Play one recorded hand through ``HandState``, checking every decision.

    Draw hands are dealt by hand (``manual_dealing``) with the recorded cards, since
    a reshuffled muck comes from the kernel's random stream. ``decide(state, seat,
    kind, amount)`` is called before each action (to ask a Python agent).
    """
    draw = family_of(variant) == "draw"
    starts = records.starts[hand].tolist()
    button = int(records.buttons[hand])
    # The deck's cards come first (a short deck's 36); the rest are never dealt.
    deck = records.decks[hand, : 52 - 4 * variant.lowest_rank].tolist()
    if draw:
        state = HandState(variant, stakes, starts, button=button, manual_dealing=True)
        n = len(starts)
        for step in range(n):
            state.deal_hole((button + 1 + step) % n, deck[5 * step : 5 * step + 5])
    else:
        state = HandState(variant, stakes, starts, button=button, deck=deck, record=False)
    for seat, kind, amount, low, high in records.actions_of(hand):
        where = f"hand {hand}: seat {seat} kind {kind} amount {amount}"
        assert state.actor == seat, f"{where}: seat {state.actor} was to act"
        if decide is not None:
            decide(state, seat, kind, amount)  # type: ignore[operator]
        if kind == DISCARD:
            assert state.status == "drawing", where
            discarded = _cards(amount)
            state.discard(discarded)
            if discarded:
                state.deal_hole(seat, _cards(int(records.drawn[hand, seat])))
            continue
        # The kernel offered exactly the raise range HandState offers.
        expected = None if low < 0 else (low, high)
        assert state.raise_bounds() == expected, f"{where}: bounds {expected}"
        if kind == FOLD:
            state.fold()
        elif kind == CHECK_CALL:
            state.check_call()
        elif kind == BRING_IN:
            state.bring_in()
        else:
            assert kind == BET_RAISE, where
            state.bet_raise_to(amount)
    assert state.status == "complete", f"hand {hand}: ended in status {state.status}"
    return state


def _stakes(variant: Variant, spec: object) -> Stakes:
    if spec is None:
        return default_stakes(variant)
    if variant.bring_in:
        return Stakes.stud(ante=1, bring_in=2, small_bet=3)
    if not variant.blinds:
        return Stakes.antes(ante=1, small_bet=3)
    return Stakes.blinds(1, 3, ante=1)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_compiled_hands_replay_through_handstate(game):
    variant = GAMES[game]
    replayed = decisions = 0
    for index, (agents, stack, spec) in enumerate(SESSIONS):
        agents = agents[: variant.max_players]
        stakes = _stakes(variant, spec)
        hands = 900 if index == 0 else 300
        run = run_compiled(
            variant, stakes, agents, stack, hands=hands, tables=7, seed=100 + index, record=True
        )
        records = run.records
        assert records is not None
        assert int(records.counts.max()) <= records.actions.shape[1]
        for hand in range(hands):
            state = replay(variant, stakes, records, hand)
            assert state.stacks == records.finals[hand].tolist(), (
                f"{game} session {index} hand {hand}: {records.actions_of(hand)}"
            )
            # Chips are conserved within every hand.
            assert records.finals[hand].sum() == records.starts[hand].sum()
        replayed += hands
        decisions += int(records.counts.sum())
        assert sum(run.net) == 0
    assert replayed == 1800 and decisions > 5000


def test_short_all_in_readings_replay_through_handstate():
    # Pot limit, 30 big blinds: many short all-ins, some adding up to a full raise.
    stakes = Stakes.blinds(1, 2)
    bounds = []
    for cumulative in (True, False):
        variant = GAMES["plhe"].with_options(cumulative_all_ins=cumulative)
        run = run_compiled(
            variant, stakes, ["random"] * 6, 60, hands=1200, tables=6, seed=31, record=True
        )
        records = run.records
        assert records is not None
        for hand in range(1200):
            assert replay(variant, stakes, records, hand).stacks == records.finals[hand].tolist()
        bounds.append(records.bounds)
    # The two readings met spots where they offer different raise ranges.
    assert (bounds[0] != bounds[1]).any()


def test_stud_options_replay_through_handstate():
    # Fourth-street open pairs with the big bet switched off, and a raise cap of one.
    for options in ({"open_pair_big_bet": False}, {"raise_cap": 1}):
        variant = GAMES["stud8"].with_options(**options)
        stakes = default_stakes(variant)
        run = run_compiled(
            variant, stakes, ["random"] * 8, 40, hands=400, tables=4, seed=3, record=True
        )
        assert run.records is not None
        for hand in range(400):
            assert (
                replay(variant, stakes, run.records, hand).stacks
                == run.records.finals[hand].tolist()
            )


def test_short_deck_deals_its_deck_and_ranks_by_its_rules():
    # The hold'em kernel plays short deck with its deck, button blind and evaluator as
    # data. Calling stations: every hand goes to the showdown, one pot, no all-ins.
    variant = GAMES["nlsd"]
    stakes = default_stakes(variant)  # everyone antes 1, the button posts the blind of 1
    hands = 4000
    run = run_compiled(
        variant, stakes, ["call"] * 6, 200, hands=hands, tables=4, seed=5, record_hands=True
    )
    log = run.hand_log
    assert log is not None
    pockets = log.cards[:, :, :2].astype(np.uint8)
    assert (log.cards[:, :, 2:] == -1).all() and log.showed.all()
    dealt = np.concatenate([pockets.reshape(hands, -1), log.board.astype(np.uint8)], axis=1)
    assert dealt.min() >= 16  # six to ace
    assert all(len(set(row)) == 17 for row in dealt.tolist())
    # Each seat paid its ante and one blind's worth (the button's blind, called): 2 chips.
    assert ((log.net == -2) | log.won).all() and (log.net.sum(axis=1) == 0).all()
    boards = np.repeat(log.board.astype(np.uint8), 6, axis=0)
    strengths = evaluate_short_deck(
        np.concatenate([pockets.reshape(-1, 2), boards], axis=1)
    ).reshape(hands, 6)
    # The pot went to the best hands by short-deck rules (the evaluator is the oracle).
    assert (log.won == (strengths == strengths.max(axis=1, keepdims=True))).all()
    categories = hand_category(strengths.ravel(), game="shortdeck").reshape(hands, 6)
    winners = np.where(log.won, categories, 0).max(axis=1)
    losers = np.where(log.won, 0, categories).max(axis=1)
    flush_over_full_house = (winners == HandCategory.FLUSH) & (losers == HandCategory.FULL_HOUSE)
    assert flush_over_full_house.sum() > 0
    # The lowest straight, ace to nine, came up and ranked as the lowest straight.
    low_straight = evaluate_short_deck(parse_cards("Ah6c7d8s9h").reshape(1, 5))[0]
    straights = strengths[categories == HandCategory.STRAIGHT]
    assert (straights == low_straight).sum() > 0 and straights.min() == low_straight


def test_records_follow_the_sessions_table_order():
    variant = GAMES["nlhe"]
    run = run_compiled(variant, Stakes.blinds(1, 2), ["call"] * 3, 100, hands=10, tables=4, seed=1)
    recorded = run_compiled(
        variant, Stakes.blinds(1, 2), ["call"] * 3, 100, hands=10, tables=4, seed=1, record=True
    )
    records = recorded.records
    assert records is not None
    # Tables 0 and 1 play 3 hands, tables 2 and 3 two; table k starts on button k - 1.
    # Rows follow the session's rounds: round r of table k is row r * tables + k.
    assert records.buttons.tolist() == [2, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert (records.starts >= 100).all()  # topped up to 100 before every hand
    assert run.net == recorded.net


@pytest.mark.parametrize("game", ["nlhe", "plo8", "stud8", "draw"])
def test_sessions_conserve_chips_and_count_every_hand(game):
    result = simulate(game, ["random", "call", "random"], hands=3000, seed=4, engine="compiled")
    assert sum(result.net) == 0
    assert [seat.hands for seat in result.seats] == [3000] * 3
    assert result.hands == 3000
    variant = GAMES[game]
    run = run_compiled(
        variant, default_stakes(variant), ["random"] * 4, 60, hands=3001, tables=13, seed=9
    )
    assert sum(run.net) == 0
    assert int(run.counters[:, 0].sum()) == 4 * 3001
    assert sum(moments.mean * moments.count for moments in run.moments) == pytest.approx(
        0, abs=1e-6
    )


@pytest.mark.parametrize("game", ["plhe", "stud", "draw"])
def test_same_seed_same_result_any_thread_count(game):
    variant = GAMES[game]
    stakes = default_stakes(variant)
    first = run_compiled(variant, stakes, ["random"] * 6, 200, hands=3000, tables=16, seed=12)
    again = run_compiled(
        variant, stakes, ["random"] * 6, 200, hands=3000, tables=16, seed=12, threads=2
    )
    three = run_compiled(
        variant, stakes, ["random"] * 6, 200, hands=3000, tables=16, seed=12, threads=3
    )
    other = run_compiled(variant, stakes, ["random"] * 6, 200, hands=3000, tables=16, seed=13)
    for run in (again, three):
        assert first.net == run.net
        assert np.array_equal(first.counters, run.counters)
        assert np.array_equal(first.final_stacks, run.final_stacks)
    assert first.net != other.net
    one = simulate(game, ["random", "call"], hands=2000, seed=5, threads=1)
    two = simulate(game, ["random", "call"], hands=2000, seed=5, threads=2)
    assert one.net == two.net and one.seats == two.seats


def test_threads_are_checked():
    for bad in (0, -1, 1.5, "2", True):
        with pytest.raises(ValueError, match="threads"):
            simulate("nlhe", ["call", "call"], hands=5, threads=bad)
    assert simulate("nlhe", ["call", "call"], hands=5, threads=np.int64(2)).hands == 5


def test_chunked_runs_equal_one_run(monkeypatch):
    variant, stakes = GAMES["flo"], Stakes.blinds(1, 2)
    whole = run_compiled(variant, stakes, ["random"] * 5, 100, hands=4000, tables=8, seed=3)
    monkeypatch.setattr(compiled_module.engine, "CHUNK_HANDS", 96)
    chunked = run_compiled(variant, stakes, ["random"] * 5, 100, hands=4000, tables=8, seed=3)
    calls: list[tuple[int, int]] = []
    reported = run_compiled(
        variant,
        stakes,
        ["random"] * 5,
        100,
        hands=4000,
        tables=8,
        seed=3,
        progress=lambda done, total: calls.append((done, total)),
    )
    for run in (chunked, reported):
        assert whole.net == run.net
        assert np.array_equal(whole.counters, run.counters)
    # Progress after every kernel call (whole rounds of tables, CHUNK_HANDS at most).
    assert calls == [(done, 4000) for done in [*range(96, 4000, 96), 4000]]


def test_auto_engine_picks_compiled_only_when_eligible(monkeypatch):
    used: list[str] = []
    original = compiled_module.run_compiled

    def spy(*args, **kwargs):
        used.append(args[0].name)
        return original(*args, **kwargs)

    monkeypatch.setattr(compiled_module, "run_compiled", spy)
    simulate("nlhe", ["random", "call"], hands=50, seed=8)
    simulate("stud", ["random", "strength"], hands=50, seed=8)
    simulate("draw", ["random", "call"], hands=50, seed=8)
    assert used == ["nlhe", "stud", "draw"]

    def folder(hand, seat):
        return "check" if hand.to_call == 0 else "fold"

    # Hand histories and the hand log do not change the engine.
    simulate("nlhe", ["random", "call"], hands=20, seed=8, record_histories=True)
    simulate("nlhe", ["random", "call"], hands=20, seed=8, record_hands=True)
    assert used == ["nlhe", "stud", "draw", "nlhe", "nlhe"]

    used.clear()
    simulate("nlhe", [folder, "call"], hands=50, seed=8)
    simulate("nlhe", ["random", "call"], hands=50, seed=8, mode="tournament")
    simulate("nlhe", ["random", "call"], hands=50, seed=8, engine="python")
    assert used == []


def test_engine_argument_is_checked():
    with pytest.raises(ValueError, match="engine"):
        simulate("nlhe", ["random"], hands=10, engine="fast")
    odd = GAMES["nlhe"].with_options(streets=GAMES["nlhe"].streets[:3])
    with pytest.raises(ValueError, match="compiled engine cannot run this: variant nlhe"):
        simulate(odd, ["random"], hands=10, engine="compiled")
    with pytest.raises(ValueError, match="agent"):
        simulate("nlhe", ["random", Cautious()], hands=10, engine="compiled")
    with pytest.raises(ValueError, match="cash"):
        simulate("nlhe", ["random"], hands=10, engine="compiled", mode="tournament")


def test_eligibility_rules():
    assert all(supports_variant(variant) for variant in GAMES.values())
    assert "nlsd" in ALL_GAMES
    assert {family_of(GAMES[name]) for name in ALL_GAMES} == {"board", "stud", "draw"}
    assert supports_variant(GAMES["flhe"].with_options(raise_cap=None))
    assert not supports_variant(GAMES["stud"].with_options(streets=GAMES["stud"].streets[:4]))
    assert compiled_agent_kinds(["random", "call", "strength"]) == [0, 1, 2]
    assert compiled_agent_kinds(["random", Cautious()]) is None  # a subclass may differ
    assert ineligibility(GAMES["plo"], ["call"], "tournament") is not None
    assert ineligibility(GAMES["plo"], ["call", "random"], "cash") is None
    # A deck the showdown's evaluator does not rank, or a button blind outside short deck.
    for odd in (
        GAMES["nlhe"].with_options(lowest_rank=4),
        GAMES["nlsd"].with_options(lowest_rank=0),
        GAMES["nlhe"].with_options(button_blind=True),
    ):
        assert not supports_variant(odd)
        assert "deck" in str(ineligibility(odd, ["call", "random"], "cash"))


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
    ("game", "agents", "hands"),
    [
        ("nlhe", ["random"] * 6, 20_000),
        ("plo8", ["random", "call", "random"], 20_000),
        ("flhe", ["strength", "random", "call", "strength"], 20_000),
        ("stud8", ["random", "call", "strength", "random"], 8_000),
        ("draw", ["strength", "random", "call"], 8_000),
        # Short deck plays the hold'em kernel (no compile of its own): checked in the
        # default run by the replay and strength-agent tests; this one takes ~10 s.
        pytest.param(
            "nlsd",
            ["random", "strength", "call", "random", "strength"],
            20_000,
            marks=pytest.mark.slow,
        ),
    ],
)
def test_statistics_match_the_python_engine(game, agents, hands):
    compiled = simulate(game, agents, hands=hands, seed=21, engine="compiled")
    python = simulate(game, agents, hands=hands, seed=22, engine="python")
    # Shares are proportions over 8-20k hands: sampling sd at most ~0.0055.
    assert _close(compiled.showdown_rate, python.showdown_rate, 0.025)
    for ours, theirs in zip(compiled.seats, python.seats, strict=True):
        assert _close(ours.vpip, theirs.vpip, 0.025)
        assert _close(ours.pfr, theirs.pfr, 0.025)
        assert _close(ours.went_to_showdown, theirs.went_to_showdown, 0.025)
        assert _close(ours.won_at_showdown, theirs.won_at_showdown, 0.05)
        assert _close(ours.folds / hands, theirs.folds / hands, 0.035)
        assert math.isclose(ours.aggression, theirs.aggression, rel_tol=0.1)
    # The bb/100 interval width measures the spread of per-hand results (pot sizes);
    # one seat's width varies by ~10% between seeds (all-in pots), the seats' mean less.
    assert math.isclose(_mean_width(compiled), _mean_width(python), rel_tol=0.15)


def _mean_width(result: SimulationResult) -> float:
    return sum(seat.bb_per_100_high - seat.bb_per_100_low for seat in result.seats) / len(
        result.seats
    )


@pytest.mark.parametrize("game", ALL_GAMES)
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
        python_agent = HandStrengthAgent()

        def ask(state, seat, kind, amount, python_agent=python_agent, hand=hand):
            nonlocal decisions
            if agents[seat] != "strength":
                return
            answer = python_agent(state, seat)
            if kind == DISCARD:
                assert set(answer) == set(_cards(amount)), f"hand {hand}, seat {seat}"
            elif kind == BRING_IN:
                assert answer == "bring_in", f"hand {hand}, seat {seat}"
            elif kind == FOLD:
                assert answer == "fold", f"hand {hand}, seat {seat}"
            elif kind == CHECK_CALL:
                assert answer == ("call" if state.to_call else "check"), f"hand {hand}, seat {seat}"
            elif state.bring_in_due:
                assert answer == "complete", f"hand {hand}, seat {seat}"
            else:
                assert answer == amount, f"hand {hand}, seat {seat}"
            decisions += 1

        state = replay(variant, stakes, records, hand, decide=ask)
        assert state.stacks == records.finals[hand].tolist()
    assert decisions > 300


FORK_SCRIPT = """
import multiprocessing, sys
from showdown.simulator import simulate

def child(queue):
    queue.put(simulate("stud", ["random", "call"], hands=200, seed=2).net)

if __name__ == "__main__":
    parent = simulate("stud", ["random", "call"], hands=200, seed=2).net
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    process = context.Process(target=child, args=(queue,))
    process.start()
    result = queue.get(timeout=120)
    process.join(timeout=120)
    sys.exit(0 if result == parent and process.exitcode == 0 else 1)
"""


def test_fork_after_a_compiled_session(tmp_path):
    # The kernels are serial (threads come from a Python pool): a forked child can play.
    import subprocess
    import sys

    script = tmp_path / "fork_check.py"
    script.write_text(FORK_SCRIPT)
    completed = subprocess.run([sys.executable, str(script)], timeout=300, capture_output=True)
    assert completed.returncode == 0, completed.stderr.decode()[-2000:]
