"""Simulator throughput: hands per second of whole games, and pokerkit on the same workload.

Run with ``pytest benchmarks/test_bench_simulator.py``. The headline workload
is a 6-max no-limit hold'em cash table where seats alternate a random-legal
agent and a calling station (``simulate("nlhe", ["random", "call"], players=6)``):
every hand is dealt, bet street by street, shown down and paid, single-threaded
(showdown batches stay far below the evaluator's parallel threshold). pokerkit
plays the same table with the same policy, one ``State`` per hand, in the same
run. Every variant is timed on the same mix. The first call of each benchmark
warms up the evaluator kernels (compiled or loaded from the cache).

``simulate`` picks its engine itself (``engine="auto"``): the compiled (numba)
engine for the hold'em/Omaha tables of built-in agents, the Python ``HandState``
engine for stud and draw. Rows labelled "python engine" force
``engine="python"`` on the same tables for comparison.
"""

from __future__ import annotations

import random

import pytest

from showdown.simulator import GAMES, simulate
from showdown.simulator.compiled import supports_variant

#: The benchmarks' shared seed (conftest.SEED): the same hands every run.
SEED = 20261129
N_HANDS = 20_000
#: The compiled engine plays ~1 M hands/s: enough hands for a timing well above the noise.
N_COMPILED_HANDS = 500_000
N_VARIANT_HANDS = 5_000
N_POKERKIT_HANDS = 300
MIX = ["random", "call"]


def _run(game: str, hands: int, agents: list[str] = MIX, engine: str = "auto") -> int:
    result = simulate(game, agents, hands=hands, players=6, seed=SEED, engine=engine)
    assert sum(result.net) == 0
    return result.hands


def test_simulate_nlhe_6max(benchmark, throughputs):
    _run("nlhe", 2_000)  # warm-up (loads the compiled kernel)
    hands = benchmark.pedantic(_run, args=("nlhe", N_COMPILED_HANDS), rounds=5, warmup_rounds=1)
    assert hands == N_COMPILED_HANDS
    throughputs.record(
        benchmark,
        "simulate nlhe 6-max, random/call",
        N_COMPILED_HANDS,
        target=">= 20 k hands/s",
    )


def test_simulate_nlhe_6max_python_engine(benchmark, throughputs):
    _run("nlhe", 2_000, engine="python")
    benchmark.pedantic(
        _run, args=("nlhe", N_HANDS), kwargs={"engine": "python"}, rounds=5, warmup_rounds=1
    )
    throughputs.record(benchmark, "simulate nlhe 6-max, random/call, python engine", N_HANDS)


def test_simulate_nlhe_6max_strength(benchmark, throughputs):
    agents = ["random", "call", "strength"]
    hands = N_COMPILED_HANDS // 5
    _run("nlhe", 1_000, agents)
    benchmark.pedantic(_run, args=("nlhe", hands, agents), rounds=3, warmup_rounds=1)
    throughputs.record(benchmark, "simulate nlhe 6-max, random/call/strength", hands)


def test_simulate_nlhe_6max_strength_python_engine(benchmark, throughputs):
    agents = ["random", "call", "strength"]
    _run("nlhe", 1_000, agents, engine="python")
    benchmark.pedantic(
        _run,
        args=("nlhe", N_HANDS, agents),
        kwargs={"engine": "python"},
        rounds=3,
        warmup_rounds=1,
    )
    throughputs.record(
        benchmark, "simulate nlhe 6-max, random/call/strength, python engine", N_HANDS
    )


@pytest.mark.parametrize("game", [name for name in GAMES if name != "nlhe"])
def test_simulate_every_variant(benchmark, throughputs, game: str):
    compiled = supports_variant(GAMES[game])
    hands = N_COMPILED_HANDS // 5 if compiled else N_VARIANT_HANDS
    _run(game, 500)
    benchmark.pedantic(_run, args=(game, hands), rounds=3, warmup_rounds=1)
    engine = "compiled" if compiled else "python engine"
    throughputs.record(benchmark, f"simulate {game} 6-max, random/call, {engine}", hands)


@pytest.mark.parametrize("game", [name for name in GAMES if supports_variant(GAMES[name])])
def test_simulate_every_variant_python_engine(benchmark, throughputs, game: str):
    if game == "nlhe":
        pytest.skip("timed by test_simulate_nlhe_6max_python_engine")
    _run(game, 500, engine="python")
    benchmark.pedantic(
        _run, args=(game, N_VARIANT_HANDS), kwargs={"engine": "python"}, rounds=3, warmup_rounds=1
    )
    throughputs.record(
        benchmark, f"simulate {game} 6-max, random/call, python engine", N_VARIANT_HANDS
    )


# --- pokerkit on the same workload ----------------------------------------------------------


def _pokerkit_hands(hands: int) -> int:
    """``hands`` 6-max hands in pokerkit: odd seats call, even seats play random-legal.

    The random policy is the built-in RandomAgent's: facing a bet fold, call or
    raise with equal chances; otherwise check or bet; the amount is the minimum
    half the time, else uniform up to the maximum. Stacks are reset each hand
    (100 big blinds), like the cash table's top-up.
    """
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    choose = random.Random(SEED)
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            automations, False, 0, (1, 2), 2, [200] * 6, 6, mode=Mode.CASH_GAME
        )
        while state.status:
            seat = state.actor_index
            if seat is None:
                break
            if seat % 2 == 1:
                state.check_or_call()
                continue
            roll = choose.random()
            facing = (state.checking_or_calling_amount or 0) > 0
            can_raise = state.can_complete_bet_or_raise_to()
            if facing and roll < 1 / 3:
                state.fold()
            elif (facing and roll < 2 / 3) or (not facing and roll < 0.5):
                state.check_or_call()
            elif not can_raise:
                state.fold() if facing and roll < 5 / 6 else state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                amount = low if choose.random() < 0.5 else choose.randint(low, high)
                state.complete_bet_or_raise_to(amount)
    return hands


def test_pokerkit_nlhe_6max(benchmark, throughputs):
    pytest.importorskip("pokerkit")
    _pokerkit_hands(20)
    benchmark.pedantic(_pokerkit_hands, args=(N_POKERKIT_HANDS,), rounds=3, warmup_rounds=0)
    throughputs.record(benchmark, "pokerkit nlhe 6-max, random/call", N_POKERKIT_HANDS)
    throughputs.compare(
        "simulate nlhe 6-max, random/call", "pokerkit nlhe 6-max, random/call", target=300
    )
    throughputs.compare(
        "simulate nlhe 6-max, random/call, python engine", "pokerkit nlhe 6-max, random/call"
    )
    throughputs.compare(
        "simulate nlhe 6-max, random/call", "simulate nlhe 6-max, random/call, python engine"
    )
