"""Five- and six-card Omaha orderings: ``15%``, ``5%-10%`` and ``Range.top`` in those games.

The kernel that measured them is checked against the four-card builder's
reading of the same deals (the evaluator's Omaha function and the engine's
showdown rule), on few deals so the default run stays fast.
"""

from __future__ import annotations

import math
import time
from types import SimpleNamespace

import numpy as np
import pytest

from showdown.cards import Range, format_cards, parse_cards
from showdown.cards import omaha56_order as order56
from showdown.cards.hand_table import hand_cards, hand_index
from showdown.cards.omaha_order import ORDERED_GAMES, class_order, hand_rank, top_hands
from showdown.cards.suit_classes import class_keys, class_of, representatives
from showdown.equity.analysis._build_omaha56_order import (
    CODE_SCALE,
    build_counters,
    card_masks,
    draw_deals,
    equity_codes,
)
from showdown.equity.analysis._build_omaha_order import class_counters
from showdown.evaluator import evaluate_omaha_hilo

GAMES = ("omaha5", "omaha5-hilo", "omaha6", "omaha6-hilo")


def names(game: str, classes: np.ndarray) -> list[str]:
    size = ORDERED_GAMES[game]
    return [format_cards(representatives(size)[index][::-1]) for index in classes]


def ranks_of(name: str) -> str:
    return name[::2]


def suits_of(name: str) -> list[int]:
    """Cards per suit, most first."""
    return sorted((name[1::2].count(suit) for suit in "shdc"), reverse=True)


# Counting 1,500 deals for 16 classes as Python takes minutes (JIT off).
@pytest.mark.needs_jit
@pytest.mark.parametrize("size", [5, 6])
def test_the_kernel_scores_like_the_engine(size: int) -> None:
    deals, seed = 1500, 11
    cards = draw_deals(size, deals, seed)
    boards, opponents = np.ascontiguousarray(cards[:, :5]), np.ascontiguousarray(cards[:, 5:])
    high, low = evaluate_omaha_hilo(opponents, boards, threads=1)
    shared = SimpleNamespace(
        boards=boards, high=high.astype(np.int64), low=low.astype(np.int64), masks=card_masks(cards)
    )
    keys, _ = class_keys(size)
    chosen = np.random.default_rng(size).choice(len(keys), 12, replace=False)
    # Hands with lows, with pairs, with flush cards: classes of hands named on purpose too.
    named = ["As2s3h4h5d6d", "AsAhKsKhQdJd", "9s8s7h6h5d4c", "2s2h2d7c8c9s"]
    chosen = np.concatenate(
        [chosen, class_of(np.array([parse_cards(n[: 2 * size]) for n in named]))]
    )
    counters = build_counters(size, deals, seed, classes=chosen)
    for index, row in zip(chosen.tolist(), counters.tolist(), strict=True):
        assert class_counters(representatives(size)[index], shared) == tuple(row)


def test_equity_codes_round_the_exact_ratio() -> None:
    counters = np.array([[7, 3, 28], [10_000, 19_999, 20_001], [3, 6, 5]])
    high, hilo = equity_codes(counters)
    expected = np.round(counters[:, 1:] / (4 * counters[:, :1]) * CODE_SCALE)
    assert high.tolist() == expected[:, 0].tolist() and hilo.tolist() == expected[:, 1].tolist()
    assert high.dtype == np.uint16


@pytest.mark.parametrize("game", GAMES)
def test_every_class_is_ordered_once(game: str) -> None:
    order = class_order(game)
    assert np.array_equal(np.sort(order), np.arange(len(class_keys(ORDERED_GAMES[game])[0])))
    equity = order56.class_equity(game)
    assert np.all(np.diff(equity[order]) <= 0)
    # Over every hand, equity against a random hand averages one half exactly.
    sizes = class_keys(ORDERED_GAMES[game])[1]
    assert abs(float(sizes @ equity) / sizes.sum() - 0.5) < 0.003
    best = order[:10]
    assert hand_rank(representatives(ORDERED_GAMES[game])[best], game).tolist() == list(range(10))


@pytest.mark.parametrize("game", ["omaha5", "omaha6"])
def test_the_top_is_aces_double_suited_and_the_bottom_trips_and_quads(game: str) -> None:
    order = class_order(game)
    top = names(game, order[:20])
    assert all(ranks_of(name).startswith("AA") for name in top), top
    assert all(suits_of(name)[1] >= 2 for name in top), top  # at least two suits paired up
    bottom = names(game, order[-200:])
    # The weakest: never two aces; the very weakest hold trips or quads (cards that play dead).
    assert not any(ranks_of(name).count("A") >= 2 for name in bottom), bottom[:10]
    assert all(max(ranks_of(name).count(r) for r in ranks_of(name)) >= 3 for name in bottom[-20:])


@pytest.mark.parametrize("size", [5, 6])
def test_hi_lo_puts_ace_deuce_hands_first(size: int) -> None:
    high, hilo = class_order(f"omaha{size}"), class_order(f"omaha{size}-hilo")
    assert not np.array_equal(high, hilo)
    top = names(f"omaha{size}-hilo", hilo[:50])
    # An ace and two more wheel cards in every one of them.
    assert all("A" in name and sum(r in "2345" for r in ranks_of(name)) >= 2 for name in top), top
    # Among the top 500 classes, ace-deuce hands are far more common in hi-lo's order.
    share_high = np.mean([set("A2") <= set(ranks_of(n)) for n in names(f"omaha{size}", high[:500])])
    share_hilo = np.mean(
        [set("A2") <= set(ranks_of(n)) for n in top + names(f"omaha{size}-hilo", hilo[50:500])]
    )
    assert share_hilo > share_high + 0.3


@pytest.mark.parametrize("game", ["omaha5", "omaha5-hilo"])
def test_percent_ranges_take_the_nearest_share(game: str) -> None:
    total = math.comb(52, 5)
    fifteen = Range("15%", game=game)
    largest_class = 24
    assert abs(len(fifteen) - 0.15 * total) <= largest_class / 2
    assert Range.top(0.15, game=game) == fifteen
    assert np.array_equal(np.sort(top_hands(0.15, game)), top_hands(0.15, game))
    # Whole classes: every member of a class is in or out together.
    classes = class_of(fifteen.combos)
    assert len(np.unique(classes)) == len(order56.top_classes(0.15, game))


def test_a_slice_and_a_filter_combine_as_sets() -> None:
    game = "omaha5"

    def hands(text: str) -> np.ndarray:
        return np.sort(hand_index(5, Range(text, game=game).combos))

    five, ten = hands("5%"), hands("10%")
    assert np.array_equal(hands("5%-10%"), np.setdiff1d(ten, five))
    expected = np.intersect1d(hands("15%"), hands("$ds"))
    assert len(expected) and np.array_equal(hands("15%:$ds"), expected)


def test_six_card_percent_ranges() -> None:
    started = time.perf_counter()
    five = Range("5%", game="omaha6")
    seconds = time.perf_counter() - started
    assert abs(len(five) - 0.05 * math.comb(52, 6)) <= 12
    assert Range.top(0.05, game="omaha6-hilo") == Range("5%", game="omaha6-hilo")
    print(f"Range('5%', game='omaha6'): {len(five):,} hands in {seconds:.1f} s")


def test_hand_rank_reads_any_hand_of_the_class() -> None:
    cards = hand_cards(5, np.random.default_rng(3).choice(math.comb(52, 5), 1000, replace=False))
    places = hand_rank(cards, "omaha5")
    order = class_order("omaha5")
    assert np.array_equal(order[places], class_of(cards))
    with pytest.raises(ValueError, match="omaha6 hands hold 6 cards, got 5"):
        order56.hand_rank(cards, "omaha6")


def test_unknown_games_are_refused() -> None:
    with pytest.raises(ValueError, match="'omaha' has no five- or six-card ordering"):
        order56.class_order("omaha")
