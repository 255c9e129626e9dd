"""Heads-up push/fold: exact all-in outcomes, and equilibria checked by best responses per combo.

The best-response checks do not reuse the solver's class-level game: they
value every combo against every combo of the other player with the
1326 x 1326 outcome matrices, in chips (or prize equity) written out here.
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown import icm, push_fold
from showdown.cards import parse_cards
from showdown.equity import equity
from showdown.equity.analysis.matrix import HAND_CLASSES
from showdown.errors import InputError
from showdown.tournament.headsup import (
    BOARDS,
    HAND_CLASS,
    HANDS,
    class_outcomes,
    combo_outcomes,
    disjoint,
)

TOLERANCE = 0.001  # bb per hand: the most either side may gain by deviating


def _index(text: str) -> int:
    return int(np.flatnonzero((np.sort(parse_cards(text)) == HANDS).all(axis=1))[0])


@pytest.fixture(scope="module")
def combos():
    wins, ties = combo_outcomes()
    fits = disjoint()
    return wins / BOARDS, ties / BOARDS, fits.astype(np.float64)


# ----------------------------------------------------------------------------- outcomes


@pytest.mark.parametrize(
    ("hero", "villain"), [("AsKs", "QhQd"), ("7c2d", "7h2s"), ("Ts9s", "Ac8s")]
)
def test_combo_outcomes_equal_exact_equity_computed_without_the_table(hero, villain) -> None:
    wins, ties = combo_outcomes()
    computed = equity([hero, villain], exact=True, use_tables=False)
    first, second = _index(hero), _index(villain)
    assert computed.trials == BOARDS
    assert wins[first, second] == computed.win_count[0]
    assert wins[second, first] == computed.win_count[1]
    assert ties[first, second] == ties[second, first] == computed.tie_count[0]


@pytest.mark.peers
@pytest.mark.parametrize(("hero", "villain"), [("AcAs", "KhKd"), ("5d4d", "AhKc")])
def test_combo_outcomes_agree_with_poker_equity(hero, villain) -> None:
    poker_equity = pytest.importorskip("poker_equity")
    theirs = poker_equity.exact_from_text("holdem", [hero, villain])
    wins, ties = combo_outcomes()
    first, second = _index(hero), _index(villain)
    assert [wins[first, second], wins[second, first]] == theirs["win_count"]
    assert ties[first, second] == theirs["tie_count"][0]


def test_outcomes_are_complete_and_zero_where_cards_clash(combos) -> None:
    wins, ties, fits = combos
    assert np.allclose((wins + wins.T + ties) * fits, fits, rtol=0, atol=1e-12)
    assert not np.any((wins + ties)[fits == 0])
    assert fits.sum() == 1326 * 1225


def test_class_sums_are_the_combo_sums(combos) -> None:
    wins, ties, fits = combos
    outcomes = class_outcomes()
    rng = np.random.default_rng(0)
    for first, second in rng.integers(0, 169, (20, 2)):
        rows = first == HAND_CLASS
        columns = second == HAND_CLASS
        assert outcomes.pairs[first, second] == fits[np.ix_(rows, columns)].sum()
        assert outcomes.wins[first, second] == pytest.approx(wins[np.ix_(rows, columns)].sum())
        assert outcomes.ties[first, second] == pytest.approx(ties[np.ix_(rows, columns)].sum())


# ----------------------------------------------------------------------------- best responses


def _per_combo(grid: np.ndarray) -> np.ndarray:
    return grid.reshape(-1)[HAND_CLASS]


def _gains(result, utilities, combos) -> tuple[float, float]:
    """Best-response gains per hand from combo-level values.

    ``utilities``: the small blind's and the big blind's value of (fold, steal, win,
    tie, lose), named from the small blind's side.
    """
    wins, ties, fits = combos
    losses = fits - wins - ties
    small, big = utilities
    shove = _per_combo(result.shove_grid)
    call = _per_combo(result.call_grid)
    # The small blind's value of shoving and of folding each combo (rows: small blind).
    called = wins * small[2] + ties * small[3] + losses * small[4]
    shove_value = (called * call[None, :] + fits * small[1] * (1 - call)[None, :]).sum(axis=1)
    fold_value = fits.sum(axis=1) * small[0]
    # The big blind facing a shove (columns: big blind).
    answered = wins * big[2] + ties * big[3] + losses * big[4]
    call_value = (shove[:, None] * answered).sum(axis=0)
    pass_value = (shove[:, None] * fits * big[1]).sum(axis=0)
    deals = fits.sum()
    played = shove * shove_value + (1 - shove) * fold_value
    small_gain = (np.maximum(shove_value, fold_value) - played).sum() / deals
    answered_now = call * call_value + (1 - call) * pass_value
    big_gain = (np.maximum(call_value, pass_value) - answered_now).sum() / deals
    return small_gain, big_gain


def _chips(stack: float, ante: float):
    small = (-(0.5 + ante), 1 + ante, stack, 0.0, -stack)
    return small, tuple(-value for value in small)


@pytest.mark.parametrize(
    ("stack", "ante"), [(1.5, 0.0), (4.0, 0.0), (10.0, 0.0), (17.5, 0.0), (25.0, 0.0), (8.0, 0.125)]
)
def test_neither_side_gains_by_deviating_in_chips(combos, stack, ante) -> None:
    result = push_fold(stack, ante=ante)
    small_gain, big_gain = _gains(result, _chips(stack, ante), combos)
    assert small_gain <= TOLERANCE and big_gain <= TOLERANCE
    # The reported exploitability is the same measurement (to rounding).
    assert small_gain == pytest.approx(result.shover_gain, abs=1e-9)
    assert big_gain == pytest.approx(result.caller_gain, abs=1e-9)
    assert result.unit == "bb"


def test_a_bad_strategy_is_caught_by_the_same_check(combos) -> None:
    # The check can fail: calling with everything against the 10 bb shoving range loses.
    result = push_fold(10)
    loose = type(result)(**{**result.__dict__, "call_grid": np.ones((13, 13))})
    assert _gains(loose, _chips(10, 0), combos)[1] > 0.05


@pytest.mark.parametrize("stack", [1.0, 2.0, 6.0, 12.0, 25.0])
def test_aces_are_always_shoved_and_called(stack) -> None:
    result = push_fold(stack)
    assert result.shove is not None and result.call is not None
    assert all(combo in result.shove and combo in result.call for combo in ("AsAh", "AdAc"))
    assert result.shove_grid[0, 0] == result.call_grid[0, 0] == 1.0


def test_ranges_tighten_as_stacks_grow() -> None:
    fractions = [push_fold(stack).shove.fraction for stack in (2, 5, 10, 20)]
    calls = [push_fold(stack).call.fraction for stack in (2, 5, 10, 20)]
    assert fractions == sorted(fractions, reverse=True)
    assert calls == sorted(calls, reverse=True)


def test_everything_is_shoved_and_called_at_one_big_blind() -> None:
    # Calling costs nothing more, so the big blind calls all; then every hand shoves.
    result = push_fold(1)
    assert np.all(result.call_grid == 1) and np.all(result.shove_grid == 1)


def test_doubling_the_iterations_changes_little() -> None:
    once = push_fold(12, iterations=4000)
    twice = push_fold(12, iterations=8000)
    assert once.exploitability <= TOLERANCE and twice.exploitability <= once.exploitability * 2
    assert np.max(np.abs(once.shove_grid - twice.shove_grid)) < 0.05
    assert np.max(np.abs(once.call_grid - twice.call_grid)) < 0.05
    assert once.value == pytest.approx(twice.value, abs=1e-5)


def test_mixed_frequencies_appear_only_where_the_equilibrium_mixes() -> None:
    result = push_fold(10)
    mixed = (result.shove_grid > 0) & (result.shove_grid < 1)
    assert mixed.sum() <= 2
    # A mixed class is a class that is (nearly) indifferent: check it in the range text.
    for row, column in zip(*np.nonzero(mixed), strict=True):
        name = HAND_CLASSES[row * 13 + column]
        assert f"{name}:" in str(result.shove)


# ----------------------------------------------------------------------------- ICM


def test_two_player_icm_is_chips() -> None:
    # With two players prize equity is linear in chips: the same equilibrium.
    chips = push_fold(8)
    prizes = push_fold(8, stacks=[8, 22], payouts=[70, 30])
    assert prizes.unit == "prize"
    assert np.max(np.abs(chips.shove_grid - prizes.shove_grid)) < 0.05
    assert np.max(np.abs(chips.call_grid - prizes.call_grid)) < 0.05


def _icm_utilities(stacks, payouts, ante):
    small, big = stacks[0], stacks[1]
    stake = min(small, big)
    values = []
    for move in (-(0.5 + ante), 1 + ante, stake, 0.0, -stake):
        after = np.array(stacks, float)
        after[0], after[1] = small + move, big - move
        values.append(icm(after, payouts)[:2])
    return tuple(v[0] for v in values), tuple(v[1] for v in values)


@pytest.mark.parametrize(
    ("stacks", "payouts"),
    [([10, 10, 10], [50, 30, 20]), ([6, 15, 30, 2], [50, 30, 20]), ([20, 12, 40], [65, 35])],
)
def test_icm_equilibria_are_best_responses(combos, stacks, payouts) -> None:
    stack = min(stacks[:2])
    result = push_fold(stack, stacks=stacks, payouts=payouts)
    small_gain, big_gain = _gains(result, _icm_utilities(stacks, payouts, 0.0), combos)
    # Gains in prize units; 0.001 bb is about 1e-5 of the pool at these stacks.
    pool = sum(payouts)
    assert small_gain <= 1e-5 * pool and big_gain <= 1e-5 * pool
    assert small_gain == pytest.approx(result.shover_gain, abs=1e-9 * pool)


def test_the_bubble_makes_calls_tighter_than_chips() -> None:
    chips = push_fold(10)
    bubble = push_fold(10, stacks=[10, 10, 10, 10], payouts=[50, 30, 20])
    assert bubble.call.fraction < chips.call.fraction


# ----------------------------------------------------------------------------- input


@pytest.mark.parametrize(
    ("arguments", "options", "message"),
    [
        ((0.5,), {}, "stack_bb: the effective stack must be from"),
        ((float("nan"),), {}, "stack_bb: expected a finite number"),
        (("10",), {}, "stack_bb: expected a number"),
        ((1.05,), {"ante": 0.1}, "stack_bb: the effective stack must be from"),
        ((10,), {"ante": -1}, "ante: must be >= 0"),
        ((10,), {"stacks": [10, 20]}, "payouts: give both stacks and payouts"),
        ((10,), {"stacks": [12, 20], "payouts": [1]}, "stack_bb: 10 is not the effective stack"),
        ((10,), {"stacks": [10], "payouts": [1]}, "need the small blind's and the big blind's"),
        ((10,), {"stacks": [10, 20], "payouts": [1, 1, 1]}, "payouts: 3 prizes for 2 players"),
        ((10,), {"iterations": 0}, "iterations: expected a positive integer"),
        ((10,), {"tolerance": 0}, "tolerance: must be > 0"),
    ],
)
def test_bad_input_is_named(arguments, options, message) -> None:
    with pytest.raises(InputError, match=message) as caught:
        push_fold(*arguments, **options)
    # The library names the parameter, so the command line can name its option.
    assert caught.value.parameter is not None
    assert str(caught.value).startswith(caught.value.parameter + ": ")
