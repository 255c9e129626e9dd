"""The one showdown rule (``_scoring``) against a plain-Python statement of the rule."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from showdown.equity._scoring import BATCH, score_outcomes


def naive_scores(highs, lows, weights, hilo):
    """Counters by the rule as players state it, one outcome at a time (exact fractions)."""
    n_players, n_outcomes = highs.shape
    counts = np.zeros((n_players, 3, n_players + 1), np.int64)
    scoop = np.zeros(n_players, np.int64)
    share_any = np.zeros(n_players, np.int64)
    squares = [Fraction(0)] * n_players
    categories = np.zeros((n_players, 10), np.int64)
    for i in range(n_outcomes):
        weight = int(weights[i])
        high = [int(value) for value in highs[:, i]]
        low = [int(value) for value in lows[:, i]] if hilo else [0] * n_players
        for p in range(n_players):
            categories[p, high[p] >> 12] += weight
        high_winners = [p for p in range(n_players) if high[p] == max(high)]
        low_winners = [p for p in range(n_players) if max(low) > 0 and low[p] == max(low)]
        if not low_winners:  # no qualifying low: the whole pot to the best high hands
            for p in high_winners:
                counts[p, 0, len(high_winners)] += weight
            continue
        for p in range(n_players):
            share = Fraction(0)
            if p in high_winners:
                counts[p, 1, len(high_winners)] += weight
                share += Fraction(1, 2 * len(high_winners))
            if p in low_winners:
                counts[p, 2, len(low_winners)] += weight
                share += Fraction(1, 2 * len(low_winners))
            if share:
                share_any[p] += weight
                squares[p] += weight * share * share
                scoop[p] += weight * (share == 1)
    return counts, scoop, share_any, np.array([float(s) for s in squares]), categories


@pytest.mark.parametrize("hilo", [False, True])
@pytest.mark.parametrize("n_players", [2, 3, 6])
def test_score_outcomes_follows_the_rule(hilo: bool, n_players: int) -> None:
    generator = np.random.default_rng(n_players + 10 * hilo)
    n_outcomes = BATCH - 6
    # Few distinct strengths, so ties of every size happen; lows of 0 do not qualify.
    highs = np.zeros((n_players, BATCH), np.int64)
    lows = np.zeros((n_players, BATCH), np.int64)
    highs[:, :n_outcomes] = (generator.integers(1, 10, (n_players, n_outcomes)) << 12) + 5
    lows[:, :n_outcomes] = generator.integers(0, 4, (n_players, n_outcomes))
    weights = np.zeros(BATCH, np.int64)
    weights[:n_outcomes] = generator.integers(1, 1000, n_outcomes)
    got = (
        np.zeros((n_players, 3, n_players + 1), np.int64),
        np.zeros(n_players, np.int64),
        np.zeros(n_players, np.int64),
        np.zeros(n_players),
        np.zeros((n_players, 10), np.int64),
    )
    scratch = np.zeros((3, BATCH), np.int64)
    score_outcomes((highs, lows, weights, scratch), np.int64(n_outcomes), hilo, got)
    expected = naive_scores(highs[:, :n_outcomes], lows[:, :n_outcomes], weights, hilo)
    for name, mine, theirs in zip(
        ["counts", "scoop", "share_any", "sum_squares", "categories"], got, expected, strict=True
    ):
        assert np.allclose(mine, theirs, rtol=1e-12, atol=0), name
