"""Huge stacks: a documented bound, exact statistics, no int64 overflow."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from showdown.simulator import GAMES, Stakes, simulate
from showdown.simulator.compiled import compiled_result, run_compiled
from showdown.simulator.results import MAX_CHIPS, PayoffMoments, bb_per_100_interval


def exact_interval(payoffs: list[int], big_blind: int) -> tuple[float, float, float]:
    """The 95% interval from exact rational arithmetic (the oracle)."""
    count = len(payoffs)
    mean = Fraction(sum(payoffs), count)
    variance = sum((Fraction(x) - mean) ** 2 for x in payoffs) / (count - 1)
    half = 1.959963984540054 * math.sqrt(variance / count)
    scale = 100 / big_blind
    return float(mean) * scale, (float(mean) - half) * scale, (float(mean) + half) * scale


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_stacks_above_the_bound_are_refused(engine):
    with pytest.raises(ValueError, match=r"starting_stack: at most \d+ chips"):
        simulate(
            "nlhe", ["random", "call"], players=6, hands=20, seed=1,
            starting_stack=2**60, engine=engine,
        )  # fmt: skip
    with pytest.raises(ValueError, match="starting_stack"):
        simulate("nlhe", ["call"], players=2, hands=2, starting_stack=2**63, engine=engine)


def test_stakes_above_the_bound_are_refused():
    with pytest.raises(ValueError, match="stakes: big_blind"):
        simulate("nlhe", ["call"], players=2, hands=2, stakes=Stakes.blinds(1, 2**41))


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_largest_stacks_conserve_chips(engine):
    result = simulate(
        "nlhe", ["random", "call"], players=6, hands=300, seed=1,
        starting_stack=MAX_CHIPS, engine=engine,
    )  # fmt: skip
    assert sum(result.net) == 0
    for seat in result.seats:
        assert seat.bb_per_100_low < seat.bb_per_100 < seat.bb_per_100_high


def test_compiled_statistics_match_exact_payoffs_at_huge_stacks():
    # Heads-up, 10**8 chips: the sum of squared payoffs passes 2**63 within 3,000 hands.
    variant, stakes = GAMES["nlhe"], Stakes.blinds(1, 2)
    run = run_compiled(
        variant, stakes, ["random", "random"], 10**8, hands=3000, tables=3, seed=4, record=True
    )
    assert run.records is not None
    result = compiled_result(run, game="nlhe", names=["a", "b"], hands=3000, seed=4, big_blind=2)
    payoffs = (run.records.finals - run.records.starts).tolist()
    for seat in range(2):
        mine = [int(row[seat]) for row in payoffs]
        assert result.seats[seat].net == sum(mine)
        expected = exact_interval(mine, 2)
        got = result.seats[seat]
        assert got.bb_per_100_high - got.bb_per_100_low > 0
        for value, oracle in zip(
            (got.bb_per_100, got.bb_per_100_low, got.bb_per_100_high), expected, strict=True
        ):
            assert value == pytest.approx(oracle, rel=1e-9, abs=1e-6)


def test_integer_interval_is_exact_for_huge_payoffs():
    payoffs = [10**18, -(10**18), 3 * 10**17, 7]
    rate, low, high = bb_per_100_interval(
        sum(payoffs), sum(x * x for x in payoffs), len(payoffs), 1
    )
    assert (rate, low, high) == pytest.approx(exact_interval(payoffs, 1), rel=1e-12)


def test_moments_merge_like_one_stream():
    values = [5, -3, 10**12, -(10**12), 0, 7, 7]
    whole = PayoffMoments.of(values)
    merged = PayoffMoments.of(values[:3]).merge(PayoffMoments.of(values[3:]))
    assert merged.count == whole.count
    assert merged.mean == pytest.approx(whole.mean, abs=1e-3)  # values reach 1e12
    assert merged.m2 == pytest.approx(whole.m2, rel=1e-12)
    assert PayoffMoments().merge(PayoffMoments()).count == 0
