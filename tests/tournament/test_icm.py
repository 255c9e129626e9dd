"""``icm()`` against brute force over finishing orders, published values and invariants."""

from __future__ import annotations

import math

import numpy as np
import pytest

from reference.icm_reference import icm_by_orders, icm_by_recursion
from showdown import icm
from showdown.errors import InputError
from showdown.tournament.icm import _icm


def _field(rng: np.random.Generator, players: int) -> tuple[list[int], list[int]]:
    # Stacks from 1 chip to a billion: the quadrature must follow any spread of rates.
    scale = 10 ** int(rng.integers(1, 10))
    stacks = [int(value) for value in rng.integers(1, scale + 1, players)]
    paid = int(rng.integers(1, players + 1))
    payouts = sorted((int(value) for value in rng.integers(0, 1000, paid)), reverse=True)
    return stacks, payouts


def test_published_values() -> None:
    assert np.round(icm([50, 30, 20], [70, 30]), 3).tolist() == [45.179, 32.25, 22.571]
    equity = icm([150_000, 98_750, 45_500, 13_250], [425, 280, 130, 75])
    assert np.round(equity, 2).tolist() == [323.2, 278.12, 195.79, 112.89]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_agrees_with_every_finishing_order_exactly(players: int) -> None:
    rng = np.random.default_rng(players)
    for _ in range(6):
        stacks, payouts = _field(rng, players)
        exact = np.array([float(value) for value in icm_by_orders(stacks, payouts)])
        found = icm(stacks, payouts)
        pool = max(sum(payouts), 1)
        assert np.max(np.abs(found - exact)) <= 1e-12 * pool, (stacks, payouts)


@pytest.mark.parametrize("players", [8, 9])
def test_agrees_with_the_recursion_over_who_is_left(players: int) -> None:
    rng = np.random.default_rng(100 + players)
    for _ in range(3):
        stacks, payouts = _field(rng, players)
        expected = np.array(icm_by_recursion(stacks, payouts))
        found = icm(stacks, payouts)
        assert np.max(np.abs(found - expected)) <= 1e-12 * max(sum(payouts), 1)


def test_the_two_brute_forces_agree() -> None:
    stacks, payouts = [7, 3, 11, 5, 1], [60, 30, 10]
    orders = [float(value) for value in icm_by_orders(stacks, payouts)]
    assert np.allclose(orders, icm_by_recursion(stacks, payouts), rtol=0, atol=1e-12)


def test_extreme_stack_ratios() -> None:
    stacks = [10**12, 1, 2, 3, 10**6, 10**6 + 1]
    payouts = [50, 25, 12, 8, 5]
    exact = np.array([float(value) for value in icm_by_orders(stacks, payouts)])
    assert np.max(np.abs(icm(stacks, payouts) - exact)) <= 1e-12 * 100


def test_a_finer_quadrature_changes_nothing_in_a_large_field() -> None:
    rng = np.random.default_rng(3)
    stacks = rng.gamma(0.7, 1.0, 300) * 1000
    stacks[:3] *= 1e4
    payouts = np.sort(rng.random(60))[::-1]
    fine = _icm(stacks, payouts, scale=0.4, order=20, own=30.0, longest=1.0)
    assert np.max(np.abs(icm(stacks, payouts) - fine)) <= 1e-12 * payouts.sum()


@pytest.mark.parametrize(("players", "paid"), [(10, 3), (200, 30), (1000, 150)])
def test_shares_sum_to_the_pool_and_equal_stacks_get_equal_shares(players: int, paid: int) -> None:
    rng = np.random.default_rng(players)
    payouts = np.sort(rng.random(paid) * 100)[::-1]
    equity = icm(np.full(players, 1500.0), payouts)
    assert np.allclose(equity, payouts.sum() / players, rtol=1e-12, atol=0)
    stacks = rng.integers(1, 10_000, players).astype(float)
    stacks[1] = stacks[0]
    equity = icm(stacks, payouts)
    assert math.isclose(equity.sum(), payouts.sum(), rel_tol=1e-12)
    assert math.isclose(equity[0], equity[1], rel_tol=1e-12)
    # More chips, more prize equity (for non-increasing prizes).
    order = np.argsort(stacks)
    assert np.all(np.diff(equity[order]) >= -1e-12)


def test_scale_free_and_order_free() -> None:
    stacks, payouts = [400, 250, 250, 100, 7], [50, 30, 20]
    base = icm(stacks, payouts)
    assert np.allclose(icm(np.array(stacks) * 1e-6, payouts), base, rtol=1e-13, atol=0)
    permutation = [3, 0, 4, 2, 1]
    shuffled = icm([stacks[index] for index in permutation], payouts)
    assert np.allclose(shuffled, base[permutation], rtol=1e-13, atol=0)


def test_players_with_no_chips_share_the_last_places() -> None:
    equity = icm([0, 60, 40, 0], [50, 30, 15, 5])
    assert equity[0] == equity[3] == pytest.approx(10.0)
    assert np.allclose(equity[1:3], icm([60, 40], [50, 30]))
    assert np.allclose(icm([0, 5], [7]), [0, 7])


def test_one_player_takes_first_prize_and_unpaid_fields_get_nothing() -> None:
    assert icm([123], [9]).tolist() == [9.0]
    assert icm([5, 3], []).tolist() == [0.0, 0.0]
    assert icm([5, 3], [0, 0]).tolist() == [0.0, 0.0]


@pytest.mark.parametrize(
    ("stacks", "payouts", "message"),
    [
        ([10, -1], [1], "stacks: entry 2 is -1"),
        ([10, float("nan")], [1], "stacks: entry 2 is nan"),
        ([10, 5], [1, float("inf")], "payouts: entry 2 is inf"),
        ([10, 5], [3, 2, 1], "payouts: 3 prizes for 2 players"),
        ([10, 5], [1, -2], "payouts: entry 2 is -2"),
        ([], [], "stacks: no players"),
        ([0, 0], [1], "every stack is 0"),
        ([[1, 2]], [1], "stacks: expected a flat list"),
        (["a", 1], [1], "stacks: expected a list of numbers"),
    ],
)
def test_bad_input_is_named(stacks, payouts, message) -> None:
    with pytest.raises(InputError, match=message) as caught:
        icm(stacks, payouts)
    # The library names the parameter, so the command line can name its option.
    assert caught.value.parameter is not None
    assert str(caught.value).startswith(caught.value.parameter + ": ")
