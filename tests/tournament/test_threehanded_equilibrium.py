"""Three-handed push/fold equilibria, checked by best responses written out here (slow).

The class-triple tables are checked against brute force over combos and
against the exact equity engine; the equilibria against a best response
computed with numpy from chip payoffs written out by hand (not from the
module's pot settlement nor its compiled pass).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from showdown.equity import equity
from showdown.equity.analysis.matrix import HAND_CLASSES
from showdown.tournament import push_fold_3way
from showdown.tournament.headsup import BOARDS, HAND_CLASS, HANDS, combo_outcomes
from showdown.tournament.threehanded import DECISIONS, _strengths_of_code
from showdown.tournament.threeway import (
    SAMPLES,
    pair_outcomes,
    sorted_slots,
    threeway_counts,
    triple_weights,
)

pytestmark = pytest.mark.slow

TOLERANCE_BB = 1e-3
STACK = 10.0


def _class(name: str) -> int:
    return HAND_CLASSES.index(name)


# ----------------------------------------------------------------------------- tables


@pytest.mark.parametrize(
    "names", [("AA", "KK", "QQ"), ("AKs", "AKo", "72o"), ("AA", "AKs", "KQs"), ("T9s", "T9s", "99")]
)
def test_exact_sums_against_brute_force(names):
    wins, ties = combo_outcomes()
    first, middle, third = (np.flatnonzero(np.equal(HAND_CLASS, _class(name))) for name in names)
    count = 0
    won = 0.0
    tied = 0.0
    for i, j, k in itertools.product(first, middle, third):
        cards = set(HANDS[i]) | set(HANDS[j]) | set(HANDS[k])
        if len(cards) < 6:
            continue
        count += 1
        won += wins[i, k] / BOARDS
        tied += ties[i, k] / BOARDS
    index = tuple(_class(name) for name in names)
    pair_wins, pair_ties = pair_outcomes()
    assert triple_weights()[index] == count
    assert pair_wins[index] == pytest.approx(won, rel=1e-12)
    assert pair_ties[index] == pytest.approx(tied, rel=1e-12)


def test_every_compatible_triple_counted_once():
    assert int(triple_weights().sum()) == 1326 * 1225 * 1128


def _position_shares(counts_row):
    """Each sorted position's expected share of a three-way pot from ordering counts."""
    shares = np.zeros(3)
    for code, seen in enumerate(counts_row):
        if seen:
            strengths = np.array(_strengths_of_code(code))
            best = strengths == strengths.max()
            shares += seen * best / best.sum()
    return shares / counts_row.sum()


def test_threeway_table_against_exact_equity():
    counts = threeway_counts()
    slots = sorted_slots()
    squared = []
    for names in (
        ("AA", "KK", "QQ"),
        ("AKs", "QQ", "JTs"),
        ("22", "AKs", "T9s"),
        ("KQs", "88", "A5s"),
    ):
        classes = sorted(_class(name) for name in names)
        ordered = [HAND_CLASSES[index] for index in classes]
        # The equity engine's own sampler, 1,000 times the deals (exact enumeration of three
        # ranges is beyond the engine's work guard); its error is added in.
        reference = equity(list(ordered), samples=256_000, seed=11)
        estimate = _position_shares(counts[slots[tuple(classes)]])
        share = reference.equity
        spread = np.sqrt(np.maximum(share * (1 - share), 1e-4) / SAMPLES + reference.stderr**2)
        squared.extend(((estimate - share) / spread) ** 2)
    # Sampling errors about one standard error each (a mean far above 1 is a bias).
    assert np.mean(squared) < 4.0


# ----------------------------------------------------------------------------- best responses


def _seat_shares():
    """Each seat's share of a three-way pot, for every ordered triple (numpy, stable positions)."""
    counts = threeway_counts().astype(np.float64)
    codes = [code for code in range(27) if _strengths_of_code(code) is not None]
    position_shares = np.zeros((counts.shape[0], 3))
    totals = counts.sum(axis=1)
    for code in codes:
        strengths = np.array(_strengths_of_code(code))
        best = strengths == strengths.max()
        position_shares += counts[:, code : code + 1] * (best / best.sum())[None, :]
    position_shares /= np.maximum(totals, 1.0)[:, None]
    grid = np.array(list(itertools.product(range(169), repeat=3)))
    order = np.argsort(grid, axis=1, kind="stable")
    position = np.argsort(order, axis=1, kind="stable")
    rows = sorted_slots().reshape(-1)
    shares = position_shares[rows[:, None], position]
    return shares.T.reshape(3, 169, 169, 169)


def _naive_seat_gains(strategies, stack):
    """Each seat's best-response gain (bb per hand), equal stacks, no ante, in chips."""
    weights = triple_weights()
    wins, ties = pair_outcomes()
    losses = weights - wins - ties
    x, y, z1, z2, p, q = strategies

    def pair(won, tied, lost, win, tie, lose):
        return won * win + tied * tie + lost * lose

    # Heads-up showdowns as [a, b, c] (button, small blind, big blind).
    sb_bb = [array.transpose(1, 0, 2) for array in (wins, ties, losses)]  # SB vs BB, button out
    btn_bb = [wins, ties, losses]  # button vs BB, small blind folded 0.5
    btn_sb = [array.transpose(0, 2, 1) for array in (wins, ties, losses)]  # BB folded 1
    shares = _seat_shares()
    three = [weights * (shares[seat] * 3 * stack - stack) for seat in range(3)]

    def contract(tensor, first, second, free):
        spec = {0: "abc,b,c->a", 1: "abc,a,c->b", 2: "abc,a,b->c"}[free]
        return np.einsum(spec, tensor, first, second)

    one = np.ones(169)
    gains = np.zeros((6, 169))
    # Button: shove minus fold.
    shove = (
        contract(weights * 1.5, 1 - y, 1 - z1, 0)
        + contract(pair(*btn_bb, stack + 0.5, 0.25, -stack), 1 - y, z1, 0)
        + contract(pair(*btn_sb, stack + 1.0, 0.5, -stack), y, 1 - z2, 0)
        + contract(three[0], y, z2, 0)
    )
    gains[0] = shove  # folding costs the button nothing without an ante
    # Small blind facing the shove: call minus fold.
    called = contract(pair(*btn_sb, -stack, 0.5, stack + 1.0), x, 1 - z2, 1) + contract(
        three[1], x, z2, 1
    )
    gains[1] = called - contract(weights * -0.5, x, one, 1)
    # Big blind against the button alone, against both.
    gains[2] = contract(pair(*btn_bb, -stack, 0.25, stack + 0.5), x, 1 - y, 2) - contract(
        weights * -1.0, x, 1 - y, 2
    )
    gains[3] = contract(three[2], x, y, 2) - contract(weights * -1.0, x, y, 2)
    # Small blind after the button folds: shove minus fold.
    gains[4] = (
        contract(weights * 1.0, 1 - x, 1 - q, 1)
        + contract(pair(*sb_bb, stack, 0.0, -stack), 1 - x, q, 1)
        - contract(weights * -0.5, 1 - x, one, 1)
    )
    gains[5] = contract(pair(*sb_bb, -stack, 0.0, stack), 1 - x, p, 2) - contract(
        weights * -1.0, 1 - x, p, 2
    )
    improvement = (np.maximum(gains, 0) - strategies * gains).sum(axis=1) / weights.sum()
    return np.array([improvement[0], improvement[1] + improvement[4], improvement[[2, 3, 5]].sum()])


@pytest.fixture(scope="module")
def chips():
    return push_fold_3way([STACK, STACK, STACK])


def test_no_seat_gains_by_deviating(chips):
    strategies = chips.grids.reshape(6, 169)
    naive = _naive_seat_gains(strategies, STACK)
    assert np.all(naive <= TOLERANCE_BB)
    assert naive == pytest.approx(chips.gains, abs=1e-7)
    assert chips.exploitability <= TOLERANCE_BB
    # Chips are zero-sum.
    assert sum(chips.values) == pytest.approx(0.0, abs=1e-9)


def test_aces_always_shoved_and_called(chips):
    aces = _class("AA")
    for name in DECISIONS:
        assert chips.grid(name).reshape(-1)[aces] == 1.0, name
        assert "AhAs" in chips.ranges[name]


def test_stable_when_iterations_double(chips):
    doubled = push_fold_3way([STACK, STACK, STACK], iterations=2 * chips.iterations)
    difference = np.abs(doubled.grids - chips.grids)
    assert difference.mean() < 0.01
    assert np.allclose(doubled.values, chips.values, atol=2e-3)
    for name in DECISIONS:
        first, second = chips.ranges[name], doubled.ranges[name]
        assert abs(first.fraction - second.fraction) < 0.01, name


def test_icm_calls_tighter_than_chips():
    payouts = [0.5, 0.3, 0.2]
    spot = push_fold_3way([12, 6, 9], payouts=payouts)
    chips = push_fold_3way([12, 6, 9])
    assert spot.exploitability <= 1e-4 * sum(payouts)
    assert sum(spot.values) == pytest.approx(sum(payouts), abs=1e-9)
    for name in DECISIONS:
        assert spot.grid(name)[0, 0] == 1.0, name  # AA
    # Risk of busting costs prize equity: the big blind calls the button less often.
    assert (
        spot.ranges["big_blind_call_button"].fraction
        < chips.ranges["big_blind_call_button"].fraction
    )
