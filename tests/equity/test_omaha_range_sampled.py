"""Monte Carlo equity of Omaha ranges: the same answers as exact enumeration, within noise.

Exact enumeration of Omaha ranges (the class kernels, an independent code
path) is the oracle on turns and flops with small ranges: every sampled
equity must fall within four standard errors of it. Preflop, where exact is
out of reach, a range's sampled equity is checked against the weighted mean
of its combos' equities, each sampled as a known hand (the sampler's
known-hand path, which does not use the range code).
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown import equity
from showdown.cards.ranges import parse_hand_or_range
from showdown.equity.guard import ExactOverrunError, ExactTooSlowError
from showdown.equity.result import EquityResult
from showdown.equity.sampling.montecarlo import Sampler
from showdown.equity.spot import build_spot

SAMPLES = 200_000


def exact_answer(players: list[str], **spot: object) -> EquityResult:
    """The exact result; asked twice if the first run was stopped for its time.

    The exact run's time limit (a few tens of seconds for these spots) counts
    the kernels' compilation, which on a busy machine with a cold cache can
    take longer: the second run finds them compiled.
    """
    try:
        return equity(players, exact=True, **spot)
    except ExactOverrunError:
        return equity(players, exact=True, **spot)


def assert_close_to_exact(players: list[str], **spot: object) -> None:
    sampled = equity(players, samples=SAMPLES, seed=11, **spot)
    exact = exact_answer(players, **spot)
    assert not sampled.exact and exact.exact
    assert sampled.trials == SAMPLES
    assert np.any(sampled.stderr > 0)
    # A player who never wins (or always does) has no spread: equal answers then.
    assert np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.stderr), (
        sampled.equity,
        exact.equity,
        sampled.stderr,
    )


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AsAhKd9d", "KK:xxyy"], "Ks7d2c"),  # a known hand v a range, on the flop
        (["AA:xxyy", "KQJT"], "9c8d2h3s"),  # range v range, on the turn
        (["JJ:xxyy", "T9:xxyy"], "Qc8d2h"),  # range v range, on the flop
    ],
)
def test_omaha_ranges_agree_with_exact(players: list[str], board: str) -> None:
    assert_close_to_exact(players, board=board, game="omaha")


def test_weighted_ranges_agree_with_exact() -> None:
    # Weights change the answer here (AA beats the hero's kings, KK mostly
    # splits with them): a sampler that ignored them would be far off.
    players = ["KsKhJd9d", "AA:xxyy@4, KK:xxyy@1"]
    assert_close_to_exact(players, board="Ts7d2c3h", game="omaha")
    spot = {"board": "Ts7d2c3h", "game": "omaha"}
    unweighted = exact_answer(["KsKhJd9d", "AA:xxyy, KK:xxyy"], **spot)
    weighted = exact_answer(players, **spot)
    assert abs(weighted.equity[1] - unweighted.equity[1]) > 0.01


def test_overlapping_ranges_agree_with_exact() -> None:
    # The same range twice: hands of one take cards from the other's.
    players = ["AA:xxyy, KK:xxyy", "AA:xxyy, KK:xxyy"]
    assert_close_to_exact(players, board="9c8d2h3s", game="omaha")


RANGES = ["AA:xxyy, KK:xxyy", "AK:xxyy, KQ:xxyy"]
HERO_AND_RANGE = ["AsAhKd9d", "AK:xxyy, KQ:xxyy"]


@pytest.mark.parametrize(
    ("players", "setting", "value", "tables", "row_decks"),
    [
        (RANGES, "OMAHA_JOIN_BYTES", 1 << 30, 1, False),  # one joint table of both ranges
        (RANGES, "OMAHA_JOIN_BYTES", 2_000, 2, False),  # a table each, clashes redrawn
        (HERO_AND_RANGE, "ROW_DECK_LIMIT", 1 << 16, 1, True),  # each row keeps its deck
        (HERO_AND_RANGE, "ROW_DECK_LIMIT", 0, 1, False),  # held cards moved out of a copy
    ],
)
def test_every_dealing_path_agrees_with_exact(
    monkeypatch, players: list[str], setting: str, value: int, tables: int, row_decks: bool
) -> None:
    # With a table each, a deal whose hands clash is redrawn whole, which must
    # give the joint table's law.
    from showdown.equity import spot as spot_module
    from showdown.equity.sampling import sample_inputs

    monkeypatch.setattr(sample_inputs, setting, value)
    # Spots are shared between calls and keep their sampler: start from a new one.
    spot_module._remembered_spot.cache_clear()
    spot = {"board": "9c8d2h3s", "game": "omaha"}
    sampler = Sampler(build_spot(players, spot["board"], None, "omaha"))
    assert sampler.n_tables == tables
    assert bool(sampler.inputs.use_row_decks) == row_decks
    assert_close_to_exact(players, **spot)


def test_dead_cards_agree_with_exact() -> None:
    assert_close_to_exact(["AA:xxyy", "KQJT"], board="9c8d2h3s", dead="AsKd", game="omaha")


def test_hilo_agrees_with_exact() -> None:
    players = ["A2:xxyy", "KK:xxyy"]
    spot = {"board": "3c4d9h", "game": "omaha-hilo"}
    assert_close_to_exact(players, **spot)
    sampled = equity(players, samples=SAMPLES, seed=11, **spot)
    exact = exact_answer(players, **spot)
    assert sampled.scoop is not None and exact.scoop is not None
    assert np.all(np.abs(sampled.scoop - exact.scoop) < 5 * np.sqrt(exact.scoop / SAMPLES) + 1e-3)


def test_three_players_agree_with_exact() -> None:
    assert_close_to_exact(["AsAhKd9d", "KK:xxyy", "QJ:xxyy"], board="Ks7d2c3h", game="omaha")


def test_three_players_with_a_random_hand_agree_with_exact() -> None:
    # On the river: exact enumeration of a random Omaha hand stays cheap. The
    # second player's 6-5 makes a straight in every combo: the aces never win,
    # the random hand sometimes ties it.
    players = ["AsAhJd9c", "KcKd65", "random"]
    assert_close_to_exact(players, board="8s7d2c3h4s", game="omaha")


def test_five_card_omaha_range_agrees_with_exact() -> None:
    assert_close_to_exact(["AsAhKd9d8c", "KK:xxyy"], board="Ks7d2c3h", game="omaha5")


def test_preflop_range_is_the_weighted_mean_of_its_combos() -> None:
    hero, text = "AsAhKd9d", "KsKcQdJd@3, QsQhJcTc@1, 8c7c6h5h@2"
    villain = parse_hand_or_range(text, 4, dead=hero)
    assert len(villain) == 3
    whole = equity([hero, text], game="omaha", samples=SAMPLES, seed=5)
    per_combo = [
        equity([hero, row], game="omaha", samples=SAMPLES // 4, seed=6 + index)
        for index, row in enumerate(_texts(villain.combos))
    ]
    weights = villain.weights / villain.weights.sum()
    pairs = list(zip(weights, per_combo, strict=True))
    expected = sum(w * r.equity[0] for w, r in pairs)
    noise = np.sqrt(whole.stderr[0] ** 2 + sum((w * r.stderr[0]) ** 2 for w, r in pairs))
    assert abs(whole.equity[0] - expected) < 4 * noise


def _texts(combos: np.ndarray) -> list[str]:
    from showdown.cards import format_cards

    return [format_cards(row) for row in combos]


def test_preflop_range_equity_is_sampled_when_exact_costs_too_much() -> None:
    # Neither exact= nor samples=: the planner finds enumeration far too slow.
    from showdown.equity.api import DEFAULT_TARGET_STDERR

    result = equity(["AA:xxyy", "15%"], game="omaha", seed=3)
    assert not result.exact
    assert result.stderr.max() <= DEFAULT_TARGET_STDERR
    # AA with two other suits beats a 15 % range well over half the time.
    assert 0.6 < result.equity[0] < 0.8
    with pytest.raises(ExactTooSlowError, match="sample instead"):
        equity(["AA:xxyy", "15%"], game="omaha", exact=True)


def test_same_seed_same_answer_at_any_thread_count() -> None:
    players, spot = ["AA:xxyy", "KK:xxyy", "QJT9"], {"game": "omaha", "board": "2c7d9h"}
    one = equity(players, samples=150_000, seed=8, threads=1, **spot)
    again = equity(players, samples=150_000, seed=8, threads=2, **spot)
    other = equity(players, samples=150_000, seed=9, threads=1, **spot)
    assert (one.share_counts == again.share_counts).all()
    assert not (one.share_counts == other.share_counts).all()


def test_sampled_combos_agree_with_exact_combos() -> None:
    players, spot = ["AsAhKd9d", "KK:xxyy, QJ:xxyy"], {"board": "Ks7d2c3h", "game": "omaha"}
    sampled = equity(players, samples=SAMPLES, seed=4, combos=True, **spot)
    exact = exact_answer(players, combos=True, **spot)
    mine, theirs = sampled.combos(1), exact.combos(1)
    assert mine.index.tolist() == theirs.index.tolist()
    assert abs(float((mine.weight * mine.equity).sum()) - sampled.equity[1]) < 1e-12
    # Every combo's share of the deals and its equity, within noise of exact.
    deals = mine["deals"].to_numpy()
    share = theirs["weight"].to_numpy()
    assert np.all(np.abs(deals / SAMPLES - share) < 5 * np.sqrt(share / SAMPLES) + 1e-9)
    # A combo is seen in about 150 deals: its own estimated standard error is
    # unreliable near 0 % and 100 %, so the exact equity gives the spread (an
    # upper bound: a deal's share lies in [0, 1]). The seed is fixed, so this
    # checks one run's 1,277 combos: none far off, and about one error each.
    share = theirs["equity"].to_numpy()
    spread = np.sqrt(share * (1 - share) / np.maximum(deals, 1))
    gap = np.abs(mine["equity"].to_numpy() - share)
    assert np.all(gap[spread == 0] == 0)  # sure wins and sure losses are never missed
    errors = gap[spread > 0] / spread[spread > 0]
    assert errors.max() < 6
    assert 0.5 < float(np.mean(errors**2)) < 1.5


@pytest.mark.parametrize(
    ("players", "game", "message"),
    [
        (["AsAhKd9d", "KK:xxyy"], "omaha-hilo", "hold'em and Omaha high"),
        (["KK:xxyy", "random"], "omaha", "player 2 is random"),
    ],
)
def test_combos_the_sampler_cannot_keep_are_refused(players, game, message) -> None:
    with pytest.raises(ValueError, match=message):
        equity(players, game=game, samples=1000, seed=1, combos=True)


def test_a_board_that_blocks_a_whole_range_names_the_player() -> None:
    with pytest.raises(ValueError, match="player 2: no hand of 'KK:xxyy' is left"):
        equity(["AsAhJd9d", "KK:xxyy"], board="KcKdKh", game="omaha", samples=1000)


def test_ranges_that_never_fit_together_get_a_clear_error() -> None:
    # Three players who each need two aces.
    with pytest.raises(ValueError, match="players: the hands and ranges share cards"):
        equity(["AAKK", "AAQQ", "AAJJ"], game="omaha", samples=1000, seed=1)
