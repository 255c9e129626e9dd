"""The shipped five- and six-card Omaha orderings, rebuilt: a sample of classes by the build
code (the same equity codes), others by the Monte Carlo equity engine on independent deals,
each where the shipped order puts it."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from showdown import equity
from showdown.cards import format_cards
from showdown.cards import omaha56_order as order56
from showdown.cards.suit_classes import representatives
from showdown.equity.analysis._build_omaha56_order import (
    DEALS,
    build_counters,
    equity_codes,
)

GAMES = ("omaha5", "omaha5-hilo", "omaha6", "omaha6-hilo")


def shipped_stderr(index: int, game: str) -> float:
    """An upper bound of a shipped equity's standard error (shares lie in [0, 1])."""
    size, _ = order56.ORDERED_GAMES[game]
    mean = order56.class_equity(game)[index]
    kept = DEALS[size] * math.comb(47 - size, size) / math.comb(52, size)
    return math.sqrt(mean * (1 - mean) / kept)


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6])
def test_the_build_code_gives_the_shipped_codes_again(size: int) -> None:
    count = len(representatives(size))
    sample = np.sort(np.random.default_rng(size).choice(count, 25, replace=False))
    # The strongest and the weakest classes too.
    ends = order56.class_order(f"omaha{size}")[[0, 1, -2, -1]]
    chosen = np.concatenate([sample, ends])
    high, hilo = equity_codes(build_counters(size, classes=chosen))
    codes = order56._codes(size)
    assert high.tolist() == codes["high"][chosen].tolist()
    assert hilo.tolist() == codes["hilo"][chosen].tolist()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_engine_finds_sampled_classes_where_the_order_puts_them(game: str) -> None:
    size, _ = order56.ORDERED_GAMES[game]
    order = order56.class_order(game)
    # Classes spread over the whole order, strongest to weakest.
    chosen = order[np.linspace(0, len(order) - 1, 8).astype(int)]
    shipped = order56.class_equity(game)
    measured, errors = [], []
    for seed, index in enumerate(chosen.tolist()):
        hand = format_cards(representatives(size)[index][::-1])
        result = equity([hand, "random"], game=game, samples=100_000, seed=seed + 1)
        measured.append(float(result.equity[0]))
        errors.append(math.hypot(float(result.stderr[0]), shipped_stderr(index, game)))
        assert abs(measured[-1] - shipped[index]) < 4 * errors[-1], hand
    # Classes the shipped order tells apart by more than the sampling error keep their order.
    for (a, first), (b, second) in itertools.combinations(enumerate(chosen.tolist()), 2):
        if shipped[first] - shipped[second] > 4 * math.hypot(errors[a], errors[b]):
            assert measured[a] > measured[b]
