"""Three-handed push/fold, the fast part: pot settlement, payoffs, orderings and input checks.

These need neither the class-triple tables nor a solve; the equilibrium
checks (best responses recomputed here, stability, card removal against the
exact equity engine) are in ``test_threehanded_equilibrium.py`` (slow).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from showdown import icm
from showdown.errors import InputError
from showdown.tournament._threeway_kernels import threeway_utility_kernel
from showdown.tournament.threehanded import (
    FOLDED,
    _prize_equity,
    _Spot,
    _strengths_of_code,
    push_fold_3way,
    settle,
)
from showdown.tournament.threeway import _sorted_triples, build_threeway_counts, class_combos

# ----------------------------------------------------------------------------- side pots


def test_side_pots_by_hand():
    # Button 12 bb shoves, small blind 5 bb calls (all in), big blind 8 bb calls (all in).
    # Main pot: 3 x 5 = 15 (all three); side pot: 2 x 3 = 6 (button and big blind);
    # the button's last 4 bb are uncalled and come back.
    stacks = np.array([12.0, 5.0, 8.0])
    paid = np.array([12.0, 5.0, 8.0])
    # Small blind best, big blind second: SB takes 15, BB takes the side pot 6.
    assert settle(stacks, paid, [0, 2, 1]).tolist() == [4.0, 15.0, 6.0]
    # Button best: takes 15 + 6 + its 4 back.
    assert settle(stacks, paid, [2, 1, 0]).tolist() == [25.0, 0.0, 0.0]
    # Big blind best: 15 + 6 = 21; button keeps its uncalled 4.
    assert settle(stacks, paid, [1, 0, 2]).tolist() == [4.0, 0.0, 21.0]
    # Small blind and big blind tie for best: main pot split 7.5 each, side pot to BB.
    assert settle(stacks, paid, [0, 2, 2]).tolist() == [4.0, 7.5, 13.5]
    # Everyone ties: each gets back what was contested, button its 4 too.
    assert settle(stacks, paid, [1, 1, 1]).tolist() == [12.0, 5.0, 8.0]


def test_folded_blind_is_dead_money():
    # Button (10) shoves, small blind folds its 0.5 + 0.1 ante, big blind (7) calls.
    stacks = np.array([10.0, 9.0, 7.0])
    paid = np.array([10.0, 0.6, 7.0])
    after = settle(stacks, paid, [1, FOLDED, 0])
    assert after.tolist() == pytest.approx([17.6, 8.4, 0.0])
    assert after.sum() == pytest.approx(stacks.sum())
    # The steal: everyone folds to the shove, the button wins the posts.
    after = settle(stacks, np.array([10.0, 0.6, 1.1]), [0, FOLDED, FOLDED])
    assert after.tolist() == pytest.approx([11.7, 8.4, 5.9])


def test_settlement_conserves_chips_everywhere():
    rng = np.random.default_rng(3)
    for _ in range(200):
        stacks = rng.uniform(1.0, 30.0, 3)
        paid = np.minimum(stacks, rng.uniform(0.0, 30.0, 3))
        strengths = [int(value) for value in rng.integers(-1, 3, 3)]
        if all(value == FOLDED for value in strengths):
            continue
        after = settle(stacks, paid, strengths)
        assert after.sum() == pytest.approx(stacks.sum())
        assert np.all(after >= -1e-12)


# ----------------------------------------------------------------------------- payoffs


def test_chip_payoff_is_the_change_of_stack():
    spot = _Spot(np.array([10.0, 8.0, 12.0]), 0.0, None)
    values = spot.values(spot.paid((0, 1, 2)), [2, 1, 0])
    # Button covers the small blind: wins 3 x 8 main and 2 x 2 side, BB keeps 2.
    assert values.tolist() == [18.0, -8.0, -10.0]


def test_icm_payoff_agrees_with_icm():
    payouts = np.array([0.5, 0.3, 0.2])
    spot = _Spot(np.array([10.0, 8.0, 12.0]), 0.125, payouts)
    for live, strengths in (
        ((0, 2), [1, FOLDED, 0]),
        ((1, 2), [FOLDED, 0, 1]),
        ((0,), [0, FOLDED, FOLDED]),
        ((0, 1, 2), [2, 1, 0]),  # the button covers the small blind and busts it
    ):
        paid = spot.paid(live)
        after = settle(spot.stacks, paid, strengths)
        assert spot.values(paid, strengths) == pytest.approx(icm(after, payouts), abs=1e-12)


def test_players_busted_together_place_by_their_stacks_before():
    payouts = np.array([0.5, 0.3, 0.2])
    start = np.array([10.0, 8.0, 12.0])
    after = np.array([30.0, 0.0, 0.0])
    # The big blind started bigger than the small blind: second place, not a shared 2nd/3rd.
    assert _prize_equity(start, after, payouts).tolist() == [0.5, 0.2, 0.3]
    # Equal starting stacks share the two places.
    equal = _prize_equity(np.array([10.0, 10.0, 10.0]), after, payouts)
    assert equal.tolist() == pytest.approx([0.5, 0.25, 0.25])
    # One bust: exactly icm() of the stacks after the hand.
    one = np.array([18.0, 0.0, 12.0])
    assert _prize_equity(start, one, payouts) == pytest.approx(icm(one, payouts), abs=1e-14)


# ----------------------------------------------------------------------------- orderings


def _code(strengths):
    def compare(first, second):
        return 0 if first < second else 1 if first == second else 2

    s0, s1, s2 = strengths
    return 9 * compare(s0, s1) + 3 * compare(s0, s2) + compare(s1, s2)


def test_thirteen_orderings_of_three_hands():
    possible = [code for code in range(27) if _strengths_of_code(code) is not None]
    assert len(possible) == 13  # 6 strict orders, 3 + 3 with a tie, 1 three-way tie
    for code in possible:
        assert _code(_strengths_of_code(code)) == code


def test_table_sampler_deals_every_possible_triple_and_no_impossible_one():
    # One deal per class triple (the real table has 256): compiles the sampling kernel in
    # the default run. A triple is impossible exactly when it needs a rank more than four
    # times (three aces in AA + AKs...); each possible one gets its deal on a possible order.
    table = build_threeway_counts(1)
    triples = _sorted_triples()
    combos, _ = class_combos()
    demand = np.zeros((len(combos), 13), np.int64)
    for klass, (first, second) in enumerate(combos[:, 0] // 4):
        demand[klass, first] += 1
        demand[klass, second] += 1
    impossible = (demand[triples].sum(axis=1) > 4).any(axis=1)
    totals = table.sum(axis=1)
    assert impossible.sum() == 325
    assert np.array_equal(totals == 0, impossible)
    assert set(np.unique(totals)) == {0, 1}
    possible_codes = [code for code in range(27) if _strengths_of_code(code) is not None]
    assert table[:, possible_codes].sum() == totals.sum()
    # Deterministic: the same seed gives the same table.
    assert np.array_equal(build_threeway_counts(1), table)


def test_utility_kernel_maps_sorted_counts_to_every_seat_order():
    # Two classes (0 and 1): sorted triples (0,0,0), (0,0,1), (0,1,1), (1,1,1).
    sorted_triples = list(itertools.combinations_with_replacement(range(2), 3))
    slot = np.empty((2, 2, 2), np.int32)
    for row, triple in enumerate(sorted_triples):
        for order in itertools.permutations(triple):
            slot[order] = row
    rng = np.random.default_rng(7)
    # counts[row, code] in sorted-position order; only possible codes get deals.
    possible = [code for code in range(27) if _strengths_of_code(code) is not None]
    counts = np.zeros((len(sorted_triples), 27), np.uint16)
    for row in range(len(sorted_triples)):
        for code in possible:
            counts[row, code] = rng.integers(0, 50)
    weights = rng.uniform(1.0, 5.0, (2, 2, 2))
    values = rng.normal(size=(3, 27))
    utility = np.empty((3, 2, 2, 2))
    threeway_utility_kernel(counts, slot, weights, values, utility)
    for seats in itertools.product(range(2), repeat=3):
        # Stable sort of the seats by class: seat -> position in the sorted triple.
        order = sorted(range(3), key=lambda seat: seats[seat])
        position = {seat: index for index, seat in enumerate(order)}
        row = slot[seats]
        expected = np.zeros(3)
        for code in possible:
            sorted_strengths = _strengths_of_code(code)
            seat_strengths = [sorted_strengths[position[seat]] for seat in range(3)]
            expected += counts[row, code] * values[:, _code(seat_strengths)]
        expected *= weights[seats] / counts[row].sum()
        assert utility[(slice(None), *seats)] == pytest.approx(expected, rel=1e-12)


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("stacks", "options", "message"),
    [
        ([10, 10], {}, "expected three stacks"),
        ([10, 10, 10, 10], {}, "expected three stacks"),
        ([10, -5, 10], {}, "small blind's stack"),
        ([10, math.nan, 10], {}, r"stacks_bb\[1\]: expected a finite number"),
        ([10, 10, math.inf], {}, r"stacks_bb\[2\]: expected a finite number"),
        ([10, 10, "x"], {}, r"stacks_bb\[2\]: expected a number"),
        ("10 10 10", {}, "expected three stacks"),
        (12, {}, "expected three stacks"),
        ([0.9, 10, 10], {}, "button's stack"),
        ([10, 10, 10], {"ante": -1}, "ante: must be >= 0"),
        ([10, 10, 10], {"ante": math.nan}, "ante: expected a finite number"),
        ([10, 10, 10], {"payouts": [0.5, -0.3]}, "payouts: entry 2"),
        ([10, 10, 10], {"payouts": [0.5, 0.3, 0.1, 0.1]}, "payouts: 4 prizes for 3 players"),
        ([10, 10, 10], {"payouts": [0, 0]}, "payouts: at least one prize"),
        ([10, 10, 10], {"tolerance": 0}, "tolerance: must be > 0"),
        ([10, 10, 10], {"iterations": 0}, "iterations: expected a positive integer"),
    ],
)
def test_bad_input_names_the_input(stacks, options, message):
    with pytest.raises(InputError, match=message) as caught:
        push_fold_3way(stacks, **options)
    # The library names the parameter, so the command line can name its option.
    assert caught.value.parameter is not None
    assert str(caught.value).startswith(caught.value.parameter + ": ")
