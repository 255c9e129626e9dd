"""Fuzzing the table with misbehaving agents: every run is a result or a documented error.

A chaos agent mostly plays legal actions but also returns illegal actions and
wrong types (``None``, floats, huge ints, dicts, numpy values and arrays),
raises exceptions, tries to mutate the hand it is shown (and the live hand, found
through the interpreter's frames), takes too long on a
fake clock, disconnects with good and bad ``reconnect_after`` values (storms
of them), and lets its time run out. A documented outcome is a
``SimulationResult`` whose chips add up, or an ``IllegalActionError`` /
``AgentError`` (both ``ValueError``) naming the seat and agent. Anything else,
or a run that does not finish, is a bad outcome. Hypothesis is seeded
(``derandomize``) and bounded; ``-m slow`` runs more examples. Each test
prints its counts (``pytest -s`` shows them).
"""

from __future__ import annotations

import collections
import math
import random
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from showdown.simulator import (
    GAMES,
    TIMEOUT,
    AgentError,
    Disconnect,
    HandState,
    IllegalActionError,
    SimulationResult,
    simulate,
)

FAST = settings(
    max_examples=120,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
SLOW = settings(FAST, max_examples=2000)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


WRONG_TYPES = [
    None, 3.5, -5, 0, 10**30, True, [1, 2], {"a": 1}, object(), b"call", "raise", "", "CALL",
    "bring_in", "complete", "check", np.float64(2.0), np.array([1, 2]), np.int64(-3), math.nan,
]  # fmt: skip

RECONNECTS = [None, 0, 0.0, 1, 5, 29.9, 30, 100, -1, -1e9, math.nan, math.inf, "x", True]


class Chaos:
    """Plays legally most of the time; misbehaves with probability ``misbehave``."""

    name = "chaos"

    def __init__(self, seed: int, clock: FakeClock, misbehave: float, storm: float) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        self.misbehave = misbehave
        self.storm = storm

    def legal(self, hand, seat):
        if hand.status == "drawing":
            held = list(hand.hole_cards[seat])
            return tuple(self.rng.sample(held, self.rng.randint(0, len(held))))
        if hand.bring_in_due:
            # Completing is legal only when the raise range allows it (a short stack cannot).
            completes = self.rng.random() >= 0.7 and hand.raise_bounds() is not None
            return "complete" if completes else "bring_in"
        bounds = hand.raise_bounds()
        roll = self.rng.random()
        if bounds and roll < 0.3:
            return self.rng.choice(bounds)
        if roll < 0.45 and hand.to_call:
            return "fold"
        return "call"

    def __call__(self, hand, seat):
        rng = self.rng
        if rng.random() < self.storm:
            return Disconnect(reconnect_after=rng.choice(RECONNECTS[:6]))
        if rng.random() >= self.misbehave:
            if rng.random() < 0.1:
                self.clock.now += rng.choice([0.5, 15.0, 29.0, 31.0, 1000.0])
            return self.legal(hand, seat)
        kind = rng.randrange(7)
        if kind == 0:
            return rng.choice(WRONG_TYPES)
        if kind == 1:
            raise rng.choice([ValueError, KeyError, RuntimeError, ZeroDivisionError])("chaos")
        if kind == 2:  # mutation attempts through the view and behind it
            attempt = rng.randrange(7)
            if attempt == 5:  # the live hand, reached through the frames: chips moved
                live = _live_hand()
                live.stacks[seat] += 1
                live.stacks[(seat + 1) % live.n] -= 1
            elif attempt == 6:  # ... or the next card swapped for the last one
                deck = _live_hand()._deck
                deck[-1], deck[len(deck) // 2] = deck[len(deck) // 2], deck[-1]
            elif attempt == 0:
                hand.stacks[seat] += 1000
            elif attempt == 1:
                hand.hole_cards[seat][0] = 51
            elif attempt == 2:
                hand.fold()
            elif attempt == 3:
                hand.stacks = [0] * hand.n
            else:
                hand.legal_actions().call = 10**6  # a fresh copy: harmless
                return self.legal(hand, seat)
        if kind == 3:
            return Disconnect(reconnect_after=rng.choice(RECONNECTS))
        if kind == 4:
            return TIMEOUT
        if kind == 5 and hand.status == "drawing":  # bad discards
            held = list(hand.hole_cards[seat])
            return rng.choice([(52,), (held[0], held[0]), np.array([held]), ("As",), [1.5]])
        self.clock.now += rng.choice([30.5, 1e6])  # far too slow
        return self.legal(hand, seat)


def _live_hand() -> HandState:
    """The hand being played, found on the caller's frames."""
    frame = sys._getframe(1)
    while frame is not None:
        for value in frame.f_locals.values():
            if isinstance(value, HandState):
                return value
        frame = frame.f_back
    raise AssertionError("no hand on the stack")


def play(seed: int, misbehave: float, storm: float, counts: collections.Counter[str]) -> None:
    rng = random.Random(seed)
    game = rng.choice(sorted(GAMES))
    variant = GAMES[game]
    players = rng.randint(2, min(6, variant.max_players))
    clock = FakeClock()
    chaos = Chaos(seed, clock, misbehave, storm)
    others = [rng.choice(["random", "call", "strength"]) for _ in range(players - 1)]
    agents = [chaos, *others]
    rng.shuffle(agents)
    hands = rng.randint(1, 25)
    counts["inputs"] += 1
    try:
        result = simulate(
            game,
            agents,
            hands=hands,
            seed=seed,
            players=players,
            tables=rng.randint(1, 3),
            mode=rng.choice(["cash", "tournament"]),
            starting_stack=rng.choice([None, 7, 40, 300]),
            clock=clock,
        )
    except (IllegalActionError, AgentError) as error:
        message = str(error)
        assert "chaos" in message and "seat" in message, message
        counts["clean errors"] += 1
        return
    assert isinstance(result, SimulationResult)
    assert result.hands == hands
    assert sum(result.net) == 0, "chips created or lost"
    counts["results"] += 1


AGENT_COUNTS: collections.Counter[str] = collections.Counter()


@FAST
@given(seed=st.integers(0, 2**32 - 1), misbehave=st.sampled_from([0.0, 0.01, 0.05, 0.3]))
def test_fuzz_misbehaving_agents(seed, misbehave):
    play(seed, misbehave, storm=0.0, counts=AGENT_COUNTS)


STORM_COUNTS: collections.Counter[str] = collections.Counter()


@FAST
@given(seed=st.integers(0, 2**32 - 1), storm=st.sampled_from([0.2, 0.6, 1.0]))
def test_fuzz_disconnect_storms(seed, storm):
    # Valid disconnections only: every run must finish with a result.
    counts: collections.Counter[str] = collections.Counter()
    play(seed, misbehave=0.0, storm=storm, counts=counts)
    assert counts["results"] == 1
    STORM_COUNTS.update(counts)


def test_fuzz_agents_report():
    for name, counts in (("misbehaving agents", AGENT_COUNTS), ("disconnect storms", STORM_COUNTS)):
        if counts["inputs"]:
            print(
                f"\nagent fuzz ({name}): {counts['inputs']} simulations, "
                f"{counts['results']} results, {counts['clean errors']} clean errors, "
                "0 bad outcomes"
            )
            assert counts["results"] + counts["clean errors"] == counts["inputs"]


@pytest.mark.slow
@SLOW
@given(
    seed=st.integers(0, 2**32 - 1),
    misbehave=st.sampled_from([0.0, 0.01, 0.05, 0.3]),
    storm=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_fuzz_agents_slow(seed, misbehave, storm):
    play(seed, misbehave, storm, collections.Counter())
