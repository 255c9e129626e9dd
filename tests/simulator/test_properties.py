"""Property tests: many random legal hands of every variant conserve chips and never go negative."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.simulator import GAMES, HandState, Stakes, settle_showdowns


def _stakes_for(name: str) -> Stakes:
    variant = GAMES[name]
    if variant.bring_in:
        return Stakes.stud(ante=1, bring_in=2, small_bet=5)
    if not variant.blinds:
        return Stakes.antes(ante=1, small_bet=5)
    return Stakes.blinds(1, 2, ante=1 if name == "plo" else 0)


def _play(hand: HandState, choose: random.Random) -> None:
    """Random legal actions, with time-outs and disconnects thrown in."""
    for _ in range(500):
        if hand.status != "betting" and hand.status not in ("drawing", "showdown"):
            return
        roll = choose.random()
        if roll < 0.02 and hand.status == "betting":
            hand.disconnect(choose.randrange(hand.n))
            continue
        if roll < 0.04:
            hand.time_out()
            continue
        options = hand.legal_actions()
        if hand.status == "drawing":
            held = hand.hole_cards[options.player]
            hand.discard(choose.sample(held, choose.randint(0, len(held))))
        elif hand.status == "showdown":
            hand.muck() if options.muck and roll < 0.5 else hand.show()
        elif options.bring_in is not None:
            hand.complete() if options.complete_to is not None and roll > 0.7 else hand.bring_in()
        elif options.raise_min_to is not None and roll < 0.35:
            low, high = options.raise_min_to, options.raise_max_to
            assert high is not None
            choices = (
                [low, high] if hand.variant.betting == "fixed" else [low, high, (low + high) // 2]
            )
            hand.bet_raise_to(choose.choice(choices))
        elif not options.check and roll < 0.5:
            hand.fold()
        else:
            hand.check_call()
    raise AssertionError("hand did not finish in 500 actions")


def _check_chips(hand: HandState) -> None:
    start = sum(hand.starting_stacks)
    assert min(hand.stacks) >= 0
    assert all(bet >= 0 for bet in hand.totals)
    if hand.odd_chips == "exact":
        assert hand.exact_stacks is not None
        assert sum(hand.exact_stacks) == Fraction(start)
    else:
        assert sum(hand.stacks) + hand.house_chips == start


@pytest.mark.parametrize("hands", [150, pytest.param(5000, marks=pytest.mark.slow, id="5000-slow")])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_hands_conserve_chips(name: str, hands: int) -> None:
    variant = GAMES[name]
    choose = random.Random(name)
    rng = np.random.default_rng(len(name))
    deferred: list[HandState] = []
    for index in range(hands):
        n = choose.randint(variant.min_players, variant.max_players)
        stacks = [choose.randint(1, 150) for _ in range(n)]
        hand = HandState(
            variant,
            _stakes_for(name),
            stacks,
            rng=rng,
            button=choose.randrange(n),
            manual_showdown=choose.random() < 0.4,
            defer_showdown=index % 3 == 0,
            odd_chips=choose.choice(["standard", "standard", "exact", "house"]),
        )
        _play(hand, choose)
        if hand.status == "evaluating":
            deferred.append(hand)
            continue
        assert hand.is_complete
        _check_chips(hand)
    settle_showdowns(deferred)
    for hand in deferred:
        assert hand.is_complete
        _check_chips(hand)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 2**32 - 1),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=8),
)
def test_hypothesis_hands_conserve_chips(name: str, seed: int, stacks: list[int]) -> None:
    stacks = stacks[: GAMES[name].max_players]
    hand = HandState(name, _stakes_for(name), stacks, seed=seed)
    _play(hand, random.Random(seed))
    assert hand.is_complete
    _check_chips(hand)
