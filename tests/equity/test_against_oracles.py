"""Exact results against the brute-force oracle; sampled results against exact ones."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from reference.naive_equity import board_equity, deal_equity
from reference.naive_evaluator import cards_from_text as cards
from showdown import equity


def assert_equal_fractions(result, fractions: list[Fraction]) -> None:
    for value, expected in zip(result.equity, fractions, strict=True):
        assert value == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize(
    ("holes", "board", "dead"),
    [
        (["AsKs", "QdQh"], "2s7s9d", ""),
        (["AsKs", "QdQh", "JcTc"], "2s7s9dKc", "3h"),
        (["7c7d", "8h9h"], "6h5hKs", "Ah2c"),
        (["AdAc", "AhKh", "2c3c"], "AsKsQd", ""),
    ],
)
def test_holdem_exact_matches_oracle(holes, board, dead) -> None:
    result = equity(holes, board=board, dead=dead, exact=True)
    expected, deals = board_equity([cards(h) for h in holes], cards(board), cards(dead))
    assert result.trials == deals
    assert_equal_fractions(result, expected)


@pytest.mark.parametrize(
    ("game", "holes", "board", "hilo"),
    [
        ("omaha", ["AsAhKsKh", "JdTd9c8c"], "2s7s9d", False),
        ("omaha-hilo", ["As2s3hKh", "KdKcQdJc"], "4h5c9d", True),
        ("omaha-hilo", ["AsAh2c3c", "4d5d6h7h", "8s8c9c9s"], "Ad2dKcQh", True),
        ("omaha5", ["AsAhKsKhQd", "JdTd9c8c7c"], "2s7s9d", False),
        ("omaha6-hilo", ["As2s3hKhQdJd", "KdKc4c5c6c7c"], "8h9h2d", True),
    ],
)
def test_omaha_exact_matches_oracle(game, holes, board, hilo) -> None:
    result = equity(holes, board=board, game=game, exact=True)
    expected, deals = board_equity(
        [cards(h) for h in holes], cards(board), [], omaha=True, hilo=hilo
    )
    assert result.trials == deals
    assert_equal_fractions(result, expected)


@pytest.mark.parametrize(
    ("game", "hands", "dead", "hilo"),
    [
        ("stud", ["AsAhKd7c2d3h", "QcQdJs9h3s5c"], "", False),
        ("stud-hilo", ["As2h3d7c8dTc", "KcKdJs9h3s4d"], "4h", True),
        ("stud", ["AsAhKd7c2d8s", "QcQdJs9h3s5c", "2c2s5d6d7h9c"], "Th", False),
        ("stud-hilo", ["As2h3d7cKhQh5s", "KcKdJs9h3s4c", "2c2s5d6d7h9c"], "", True),
    ],
)
def test_stud_exact_matches_oracle(game, hands, dead, hilo) -> None:
    result = equity(hands, dead=dead, game=game, exact=True)
    known = [cards(h) for h in hands]
    expected, deals = deal_equity(known, [7 - len(k) for k in known], cards(dead), hilo=hilo)
    assert result.trials == deals
    assert_equal_fractions(result, expected)


def test_draw_exact_matches_oracle() -> None:
    result = equity(["AsKsQsJs2c/2c", "7h7d7c3s2s", "9d9c4h4d5h/5h"], game="draw", exact=True)
    known = [cards("AsKsQsJs"), cards("7h7d7c3s2s"), cards("9d9c4h4d")]
    # Discards are out of the deck: pass them as dead cards to the oracle.
    expected, deals = deal_equity(known, [1, 0, 1], cards("2c5h"))
    assert result.trials == deals
    assert_equal_fractions(result, expected)


# Spots small enough to enumerate in about a second, one or more per game (compiled: as
# Python, with the JIT off, the Omaha and stud ones take minutes).
AS_PYTHON_FOR_MINUTES = pytest.mark.needs_jit
SAMPLED_SPOTS = [
    ("holdem", ["AsKs", "QQ", "JTs"], "", ""),
    ("holdem", ["22+,A2s+:0.5", "KQo"], "Kd7c2h", "3s"),
    pytest.param("omaha", ["AsAhKsKh", "JdTd9c8c"], "", "", marks=AS_PYTHON_FOR_MINUTES),
    pytest.param(
        "omaha-hilo",
        ["As2s3hKh", "KdKcQdJc", "7h8h9dTd"],
        "2c5d9h",
        "",
        marks=AS_PYTHON_FOR_MINUTES,
    ),
    pytest.param("stud", ["AsAhKd7c2d", "QcQdJs9h3s"], "", "2s", marks=AS_PYTHON_FOR_MINUTES),
    pytest.param("stud-hilo", ["As2h3d7c8d", "KcKdJs9h3s"], "", "", marks=AS_PYTHON_FOR_MINUTES),
    ("draw", ["AsKsQsJs2c/2c", "7h7d7c3s2s/3s2s"], "", ""),
]


@pytest.mark.parametrize(("game", "players", "board", "dead"), SAMPLED_SPOTS)
def test_sampled_agrees_with_exact(game, players, board, dead) -> None:
    exact = equity(players, board=board, dead=dead, game=game, exact=True)
    sampled = equity(players, board=board, dead=dead, game=game, samples=400_000, seed=9)
    assert exact.exact and not sampled.exact
    assert sampled.trials == 400_000
    assert np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.stderr)
    assert sampled.equity.sum() == pytest.approx(1.0)
    assert exact.equity.sum() == pytest.approx(1.0)


def test_overlapping_ranges_are_sampled_without_bias() -> None:
    # AA,AK vs AK: card removal makes some joint holdings impossible; a biased
    # sampler (e.g. drawing player 1 first and then player 2 from what is left)
    # would weight the joint holdings wrongly.
    exact = equity(["AA,AK", "AK"], board="Kd7c2h", exact=True)
    sampled = equity(["AA,AK", "AK"], board="Kd7c2h", samples=2_000_000, seed=123)
    assert abs(sampled.equity[0] - exact.equity[0]) <= 4 * sampled.stderr[0]


def test_same_seed_same_answer_at_any_thread_count() -> None:
    players = ["QQ+,AKs", "random", "T9s"]
    one = equity(players, samples=300_000, seed=77, threads=1)
    two = equity(players, samples=300_000, seed=77, threads=2)
    again = equity(players, samples=300_000, seed=77)
    assert one.equity.tolist() == two.equity.tolist() == again.equity.tolist()
    assert one.win_count.tolist() == two.win_count.tolist()
    other = equity(players, samples=300_000, seed=78)
    assert other.equity.tolist() != one.equity.tolist()


def test_target_stderr_stops_sampling() -> None:
    result = equity(["AsKs", "QQ"], target_stderr=0.002, seed=1, exact=False)
    assert result.stderr.max() <= 0.002
    assert result.trials < 1_000_000
