"""The shipped Omaha ordering, rebuilt: a sample of classes by the build script, others by the
Monte Carlo equity engine on independent deals, each where the shipped order puts it."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from showdown import equity
from showdown.cards import format_cards
from showdown.cards.omaha_order import _counters, class_equity, class_order, suit_classes
from showdown.equity.analysis._build_omaha_order import DEALS, SEED, SharedDeals, class_counters

GAMES = ("omaha", "omaha-hilo")
COLUMNS = {"omaha": "high_quarters", "omaha-hilo": "hilo_quarters"}


def shipped_stderr(index: int, game: str) -> float:
    """An upper bound of a shipped equity's standard error: shares lie in [0, 1]."""
    mean = class_equity(game)[index]
    return math.sqrt(mean * (1 - mean) / _counters()["deals"][index])


@pytest.mark.slow
def test_the_build_script_gives_the_shipped_counters_again() -> None:
    _, representatives, _ = suit_classes()
    columns = _counters()
    shared = SharedDeals(DEALS, SEED)
    sample = np.random.default_rng(7).choice(len(representatives), 40, replace=False)
    for index in sample.tolist():
        dealt, high, hilo = class_counters(representatives[index], shared)
        assert (dealt, high, hilo) == (
            columns["deals"][index],
            columns["high_quarters"][index],
            columns["hilo_quarters"][index],
        ), format_cards(representatives[index][::-1])


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_engine_finds_sampled_classes_where_the_order_puts_them(game: str) -> None:
    _, representatives, _ = suit_classes()
    order = class_order(game)
    # Classes spread over the whole order, strongest to weakest.
    places = np.linspace(0, len(order) - 1, 12).astype(int)
    chosen = order[places]
    measured, errors = [], []
    for seed, index in enumerate(chosen.tolist()):
        hand = format_cards(representatives[index][::-1])
        result = equity([hand, "random"], game=game, samples=400_000, seed=seed + 1)
        measured.append(float(result.equity[0]))
        errors.append(math.hypot(float(result.stderr[0]), shipped_stderr(index, game)))
        assert abs(measured[-1] - class_equity(game)[index]) < 4 * errors[-1], hand
    # Classes the shipped order tells apart by more than the sampling error keep their order.
    for (a, first), (b, second) in itertools.combinations(enumerate(chosen.tolist()), 2):
        gap = class_equity(game)[first] - class_equity(game)[second]
        if gap > 4 * math.hypot(errors[a], errors[b]):
            assert measured[a] > measured[b]
