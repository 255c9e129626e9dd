"""Monte Carlo sampling: joint tables, alias draws, every dealing path, against exact answers."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from showdown.cards import parse_range
from showdown.equity import EquityResult, equity
from showdown.equity.sampling import montecarlo, sample_inputs
from showdown.equity.sampling.sample_inputs import alias_table, join_ranges
from showdown.equity.spot import build_spot


def within(sampled, exact, spread: float = 4.0) -> bool:
    """Every sampled equity within ``spread`` standard errors of the exact one."""
    return bool(np.all(np.abs(sampled.equity - exact.equity) <= spread * sampled.stderr))


# --- joint tables --------------------------------------------------------------------------


def test_join_ranges_lists_exactly_the_compatible_holdings_with_product_weights() -> None:
    ranges = [parse_range("AK, QQ:0.5"), parse_range("AQ:0.25, KK"), parse_range("AA")]
    table = join_ranges([0, 1, 2], ranges)
    assert table is not None
    expected = {}
    for a, b, c in itertools.product(*(range(len(hand_range)) for hand_range in ranges)):
        picks = (a, b, c)
        cards = [card for k, i in enumerate(picks) for card in ranges[k].combos[i].tolist()]
        if len(set(cards)) == 6:
            expected[picks] = float(np.prod([ranges[k].weights[i] for k, i in enumerate(picks)]))
    got = {
        tuple(int(i) for i in row): float(weight)
        for row, weight in zip(table.rows, table.weights, strict=True)
    }
    assert got == pytest.approx(expected)
    for row, mask in zip(table.rows, table.masks, strict=True):
        cards = [card for k, i in enumerate(row) for card in ranges[k].combos[i].tolist()]
        assert int(mask) == sum(1 << card for card in cards)
    assert join_ranges([0, 1, 2], ranges, limit=len(expected) - 1) is None


@pytest.mark.parametrize(
    "weights",
    [np.ones(5), np.array([0.25, 1.0, 0.5, 0.5, 0.125, 1.0, 0.75]), np.array([1e-6, 1.0, 3.0])],
)
def test_alias_table_gives_each_row_its_weight(weights: np.ndarray) -> None:
    # Row i is kept with probability t_i / 2**32, else replaced by alias[i]; every
    # column is equally likely, so row j's chance is the sum of those parts / n.
    thresholds, alias = alias_table(weights)
    keep = thresholds.astype(np.float64) / 2.0**32
    chance = keep.copy()
    np.add.at(chance, alias, 1.0 - keep)
    assert chance / weights.size == pytest.approx(weights / weights.sum(), abs=1e-9)


# --- sampled against exact -----------------------------------------------------------------


def test_three_heavily_overlapping_ranges_agree_with_exact() -> None:
    # Every player wants the same few high cards: most independent picks clash.
    players = ["AK, AQ, KQ", "AK, AQ, AJ", "AK, KQ, QJ"]
    exact = equity(players, board="2c7d9h", exact=True)
    sampled = equity(players, board="2c7d9h", samples=400_000, seed=3, threads=1)
    assert within(sampled, exact)
    assert sampled.trials == 400_000


def test_weighted_overlapping_ranges_and_random_agree_with_exact() -> None:
    players = ["AA:0.25, KK, AKs:0.5", "AK, KQs:0.75", "random"]
    exact = equity(players, board="Kd7c2h8s", exact=True)
    sampled = equity(players, board="Kd7c2h8s", samples=300_000, seed=5, threads=1)
    assert within(sampled, exact)


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("ROW_DECK_LIMIT", 0),  # held cards moved out of a copy of the live deck
        ("JOIN_BYTES", 2_000),  # several tables: rows redrawn when tables clash
    ],
)
def test_every_dealing_path_agrees_with_exact(monkeypatch, setting: str, value: int) -> None:
    players = ["AK, AQ, KQ", "AK, AQ, AJ", "AK, KQ, QJ"]
    exact = equity(players, board="2c7d9h", exact=True)
    monkeypatch.setattr(sample_inputs, setting, value)
    sampler, result = fresh_sample(players, board="2c7d9h", samples=300_000, seed=8)
    if setting == "JOIN_BYTES":
        assert sampler.n_tables > 1
    else:
        assert sampler.n_tables == 1 and not sampler.inputs.use_row_decks
    assert within(result, exact)


def test_winner_masks_count_exactly_like_deal_by_deal_scoring(monkeypatch) -> None:
    players = ["AK, AQ", "random", "QQ+"]
    _, by_mask = fresh_sample(players, board="Ah7d2c", samples=60_000, seed=11)
    monkeypatch.setattr(sample_inputs, "MASK_PLAYERS", 0)
    _, each = fresh_sample(players, board="Ah7d2c", samples=60_000, seed=11)
    # Same seed, same deals: both ways of scoring must count the same.
    assert np.array_equal(by_mask.share_counts, each.share_counts)
    assert np.array_equal(by_mask.categories, each.categories)
    assert by_mask.stderr.tolist() == each.stderr.tolist()


# Small enough to enumerate: sampled answers are checked against exact ones.
DEAD_HALF_DECK = "2d3d4d5d6d7d8d9dTdJdQdKdAd2h3h4h5h6h7h8h"


@pytest.mark.parametrize(
    ("game", "players", "board", "dead"),
    [
        ("omaha", ["AsAhKsKh", "QdJdTc9c", "8h8s7c6c"], "2c7d9h", ""),
        ("omaha-hilo", ["As2s3hKh", "KdKcQdJc"], "4h5c9d", ""),
        ("stud-hilo", ["AsAhKd2c7d3h", "QcQdJs3s5c9h"], "", ""),
        ("draw", ["AsKsQsJs2c/2c", "random/pat"], "", DEAD_HALF_DECK),
    ],
)
def test_other_games_agree_with_exact(game: str, players: list[str], board: str, dead: str) -> None:
    exact = equity(players, board=board, dead=dead, game=game, exact=True)
    sampled = equity(players, board=board, dead=dead, game=game, samples=200_000, seed=2)
    assert within(sampled, exact)


@pytest.mark.parametrize("join_bytes", [sample_inputs.JOIN_BYTES, 2_000])
def test_same_seed_same_answer_at_any_thread_count(monkeypatch, join_bytes: int) -> None:
    monkeypatch.setattr(sample_inputs, "JOIN_BYTES", join_bytes)
    players = ["AK, AQ, KQ", "AK, AQ, AJ", "random"]
    _, one = fresh_sample(players, board="2c7d9h", samples=200_000, seed=4, threads=1)
    _, two = fresh_sample(players, board="2c7d9h", samples=200_000, seed=4, threads=2)
    assert np.array_equal(one.share_counts, two.share_counts)
    assert one.stderr.tolist() == two.stderr.tolist()


def test_ranges_that_fit_only_across_tables_fail_fast(monkeypatch) -> None:
    monkeypatch.setattr(sample_inputs, "JOIN_BYTES", 100)  # one player per table
    monkeypatch.setattr(sample_inputs, "MAX_FAILED_ATTEMPTS", 10_000)
    with pytest.raises(ValueError, match="never fit"):
        fresh_sample(["AsAh, AsAd", "AsAc, AsKs"], board="", samples=1_000, seed=1)


# --- progress -------------------------------------------------------------------------------


def test_progress_fires_during_the_run_not_once(monkeypatch) -> None:
    monkeypatch.setattr(montecarlo, "PROGRESS_INTERVAL", 0.0)
    calls: list[tuple[int, int]] = []
    total = 40 * montecarlo.CHUNK_DEALS
    equity(["AhKh", "QsQd"], samples=total, seed=1, threads=1, progress=lambda *a: calls.append(a))
    done = [call[0] for call in calls]
    batches = -(-total // (montecarlo.BATCH_CHUNKS * montecarlo.CHUNK_DEALS))
    assert len(calls) >= batches
    assert done == sorted(done) and done[0] < total
    assert calls[-1] == (total, total)


# --- helpers -------------------------------------------------------------------------------


def fresh_sample(players, *, board, samples, seed, threads=1, game="holdem"):
    """(sampler, result) from a newly built spot, so monkeypatched settings apply."""
    spot = build_spot(players, board, None, game)
    sampler = montecarlo.Sampler(spot)
    counters = montecarlo.sample(
        spot,
        seed=seed,
        samples=samples,
        target_stderr=None,
        max_samples=samples,
        threads=threads,
        sampler=sampler,
    )
    result = EquityResult(
        counters,
        players=spot.labels,
        game=spot.game.name,
        board=spot.board_text,
        dead=spot.dead_text,
        exact=False,
        hilo=spot.game.hilo,
        seed=seed,
    )
    return sampler, result


def test_small_samplers_stay_with_their_spot_and_big_ones_do_not(monkeypatch) -> None:
    small = build_spot(["AK", "AK", "AK"], None, None, "holdem")
    assert montecarlo.Sampler.for_spot(small) is montecarlo.Sampler.for_spot(small)
    monkeypatch.setattr(montecarlo, "KEEP_SAMPLER_BYTES", 1_000)
    big = build_spot(["AK", "AK", "AK"], None, None, "holdem")
    assert montecarlo.Sampler.for_spot(big) is not montecarlo.Sampler.for_spot(big)
    assert "sampler" not in big.derived
