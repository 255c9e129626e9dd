"""Simulator throughput: hands per second of whole games, and pokerkit on the same workload.

Run with ``pytest benchmarks/test_bench_simulator.py``. The headline workload
is a 6-max no-limit hold'em cash table where seats alternate a random-legal
agent and a calling station (``simulate("nlhe", ["random", "call"], players=6)``):
every hand is dealt, bet street by street, shown down and paid, on one thread
(``threads=1``). pokerkit plays the same table with the same policy, one
``State`` per hand, in the same run. Every variant is timed on the same mix, on
the compiled engine (every built-in variant compiles) and on the Python
``HandState`` engine (``engine="python"``). The first call of each benchmark
loads (or compiles) the kernels.

Also measured: the 1 -> 2 thread speed-up of the compiled engine (hold'em and
stud), the compiled engine writing every hand's PHH history, ``HandState``
alone (random legal actions, no table or agents: the engine's own speed), and
the cold start: a fresh process on empty caches running the first
``showdown simulate``, its CPU seconds (user + sys) against the 15 s target.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile

import numpy as np
import pytest

from showdown.simulator import GAMES, HandState, simulate
from showdown.simulator.table import default_stakes

#: The benchmarks' shared seed (conftest.SEED): the same hands every run.
SEED = 20261129
N_HANDS = 20_000
#: The compiled engine plays ~0.3-1 M hands/s: enough hands for a timing above the noise.
N_COMPILED_HANDS = 500_000
N_VARIANT_HANDS = 5_000
N_POKERKIT_HANDS = 300
MIX = ["random", "call"]


def _run(
    game: str, hands: int, agents: list[str] = MIX, engine: str = "auto", threads: int = 1
) -> int:
    result = simulate(
        game, agents, hands=hands, players=6, seed=SEED, engine=engine, threads=threads
    )
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


def test_simulate_nlhe_6max_two_threads(benchmark, throughputs):
    _run("nlhe", 2_000, threads=2)
    benchmark.pedantic(
        _run, args=("nlhe", N_COMPILED_HANDS), kwargs={"threads": 2}, rounds=5, warmup_rounds=1
    )
    throughputs.record(benchmark, "simulate nlhe 6-max, random/call, 2 threads", N_COMPILED_HANDS)
    throughputs.compare(
        "simulate nlhe 6-max, random/call, 2 threads", "simulate nlhe 6-max, random/call"
    )


def test_simulate_stud_two_threads(benchmark, throughputs):
    # Stud's hands cost twice hold'em's: the same thread pool over longer kernel calls.
    hands = N_COMPILED_HANDS // 5
    _run("stud", 2_000, threads=2)
    benchmark.pedantic(_run, args=("stud", hands), kwargs={"threads": 2}, rounds=3, warmup_rounds=1)
    throughputs.record(benchmark, "simulate stud 6-max, random/call, 2 threads", hands)
    throughputs.compare(
        "simulate stud 6-max, random/call, 2 threads", "simulate stud 6-max, random/call"
    )


def _run_with_histories(game: str, hands: int) -> int:
    texts: list[str] = []
    result = simulate(
        game, MIX, hands=hands, players=6, seed=SEED, threads=1,
        on_history=lambda _, text: texts.append(text),
    )  # fmt: skip
    assert len(texts) == hands
    return result.hands


def test_simulate_nlhe_6max_histories(benchmark, throughputs):
    # Every hand replayed through HandState and written as PHH text (on_history): the
    # compiled engine with histories, next to the Python engine playing without them.
    _run_with_histories("nlhe", 200)
    benchmark.pedantic(_run_with_histories, args=("nlhe", N_HANDS), rounds=3, warmup_rounds=1)
    throughputs.record(benchmark, "simulate nlhe 6-max, random/call, PHH histories", N_HANDS)
    throughputs.compare(
        "simulate nlhe 6-max, random/call, PHH histories",
        "simulate nlhe 6-max, random/call, python engine",
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
    hands = N_COMPILED_HANDS // 5
    _run(game, 500)
    benchmark.pedantic(_run, args=(game, hands), rounds=3, warmup_rounds=1)
    target = ">= 300 k hands/s" if game in ("stud", "stud8", "draw") else ""
    throughputs.record(benchmark, f"simulate {game} 6-max, random/call", hands, target=target)


@pytest.mark.parametrize("game", [name for name in GAMES if name != "nlhe"])
def test_simulate_every_variant_python_engine(benchmark, throughputs, game: str):
    _run(game, 500, engine="python")
    benchmark.pedantic(
        _run, args=(game, N_VARIANT_HANDS), kwargs={"engine": "python"}, rounds=3, warmup_rounds=1
    )
    throughputs.record(
        benchmark, f"simulate {game} 6-max, random/call, python engine", N_VARIANT_HANDS
    )


def _handstate_hands(game: str, hands: int) -> int:
    """``hands`` hands of ``HandState`` alone: random legal actions, no table or agents."""
    variant = GAMES[game]
    stakes = default_stakes(variant)
    rng = np.random.default_rng(SEED)
    choose = random.Random(SEED)
    for _ in range(hands):
        hand = HandState(variant, stakes, [200] * 6, rng=rng, record=False)
        while hand.status in ("betting", "drawing"):
            if hand.status == "drawing":
                hand.discard(())
                continue
            if hand.bring_in_due:
                hand.bring_in()
                continue
            bounds = hand.raise_bounds()
            roll = choose.random()
            if bounds and roll < 0.2:
                hand.bet_raise_to(bounds[0])
            elif roll < 0.35 and hand.to_call:
                hand.fold()
            else:
                hand.check_call()
    return hands


@pytest.mark.parametrize("game", ["nlhe", "plo8", "stud", "draw"])
def test_handstate_alone(benchmark, throughputs, game: str):
    _handstate_hands(game, 50)
    benchmark.pedantic(_handstate_hands, args=(game, 2_000), rounds=3, warmup_rounds=1)
    throughputs.record(benchmark, f"HandState {game} 6-max, random legal actions", 2_000)


def _cold_start_cpu() -> float:
    """CPU seconds (user + sys) of a fresh ``showdown simulate`` on empty caches."""
    with tempfile.TemporaryDirectory() as numba_cache, tempfile.TemporaryDirectory() as tables:
        environment = dict(os.environ, NUMBA_CACHE_DIR=numba_cache, SHOWDOWN_CACHE_DIR=tables)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        command = [sys.executable, "-m", "showdown.cli.main", "simulate", "--hands", "10000"]
        subprocess.run(command, env=environment, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def test_cold_start_simulate(benchmark, throughputs):
    seconds = benchmark.pedantic(_cold_start_cpu, rounds=1, iterations=1)
    benchmark.extra_info["cpu_seconds"] = seconds
    benchmark.extra_info["target"] = "<= 15 s CPU"
    throughputs.record(benchmark, "first showdown simulate, empty caches", 1, unit="run")


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
