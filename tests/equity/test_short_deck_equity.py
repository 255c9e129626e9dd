"""Short-deck (6+) hold'em equity against a brute-force count over the 36-card deck."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from showdown import equity
from showdown.cards import format_cards, parse_cards, parse_range
from showdown.errors import InputError
from showdown.evaluator import evaluate_short_deck

SHORT_DECK = list(range(16, 52))  # six (rank code 4) to ace


def _reference(
    holdings: list[str], board: str = "", dead: str = ""
) -> tuple[np.ndarray, int, np.ndarray]:
    """Pot shares, deals and sole wins of known hands, every board of the short deck.

    Straight from the definition: all rests of the board from the cards nobody holds,
    one evaluator call for all of them, the best strength wins, a k-way tie gives 1/k.
    """
    holes = [parse_cards(hand).tolist() for hand in holdings]
    known = parse_cards(board).tolist() if board else []
    used = set(known).union(*holes, parse_cards(dead).tolist() if dead else [])
    live = [card for card in SHORT_DECK if card not in used]
    rests = np.array(list(itertools.combinations(live, 5 - len(known))), np.uint8)
    rests = rests.reshape(-1, 5 - len(known))
    boards = np.hstack([np.tile(np.array(known, np.uint8), (len(rests), 1)), rests])
    strengths = np.array(
        [
            evaluate_short_deck(np.hstack([np.tile(hole, (len(boards), 1)), boards]))
            for hole in holes
        ]
    ).astype(np.int64)
    best = strengths.max(axis=0)
    winners = strengths == best
    ways = winners.sum(axis=0)
    shares = (winners / ways).sum(axis=1)
    sole = (winners & (ways == 1)).sum(axis=1)
    return shares, len(boards), sole


def test_known_hands_preflop_match_every_board_of_the_short_deck():
    result = equity(["AsKs", "QhQd"], game="shortdeck")
    shares, deals, sole = _reference(["AsKs", "QhQd"])
    assert result.exact and result.trials == deals == math.comb(32, 5)
    assert result.win_count.tolist() == sole.tolist()
    np.testing.assert_allclose(result.equity, shares / deals, rtol=0, atol=1e-12)


def test_three_players_on_a_flop_and_dead_cards():
    players = ["AsKs", "QhQd", "Tc9c"]
    result = equity(players, game="6+", board="Qs7h6d", dead="8c")
    shares, deals, sole = _reference(players, "Qs7h6d", "8c")
    assert result.trials == deals == math.comb(36 - 10, 2)
    assert result.win_count.tolist() == sole.tolist()
    np.testing.assert_allclose(result.equity, shares / deals, atol=1e-12)


def test_flush_beats_full_house_in_the_equity_engine():
    # AhJh makes a flush, 77 a full house (sevens full of kings): the flush wins in short deck.
    result = equity(["AhJh", "7c7s"], game="shortdeck", board="KhKd7h9h6c")
    assert result.equity.tolist() == [1.0, 0.0]
    assert result.categories[0, 5] == 1.0  # the flush column (categories start at high card)


def test_weighted_ranges_match_the_sum_over_joint_holdings():
    players = ["QQ+, AKs:0.5", "JJ"]
    board = "Kd7c6h"
    result = equity(players, game="shortdeck", board=board)
    ranges = [parse_range(text).remove(parse_cards(board)) for text in players]
    won = np.zeros(2)
    weight = 0.0
    for (first, w1), (second, w2) in itertools.product(
        *[zip(r.to_strings(), r.weights.tolist(), strict=True) for r in ranges]
    ):
        if set(parse_cards(first).tolist()) & set(parse_cards(second).tolist()):
            continue
        shares, deals, _ = _reference([first, second], board)
        won += w1 * w2 * shares
        weight += w1 * w2 * deals
    assert result.exact
    np.testing.assert_allclose(result.equity, won / weight, atol=1e-12)


def test_sampled_equity_is_within_four_standard_errors_of_exact():
    players = ["AsKs", "QQ+, AKo", "Tc9c"]
    exact = equity(players, game="shortdeck", board="Qs7h6d", exact=True)
    sampled = equity(players, game="shortdeck", board="Qs7h6d", samples=40_000, seed=3)
    assert not sampled.exact and sampled.trials == 40_000
    assert np.all(sampled.stderr > 0)
    assert np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.stderr)
    again = equity(players, game="shortdeck", board="Qs7h6d", samples=40_000, seed=3)
    assert again.equity.tolist() == sampled.equity.tolist()


def test_ranges_lose_the_combos_below_six():
    result = equity(["22+", "AKs"], game="shortdeck", board="Kd7c6h")
    assert result.players == ["22+", "AKs"]
    low_pairs = equity(["66+", "AKs"], game="shortdeck", board="Kd7c6h")
    np.testing.assert_allclose(result.equity, low_pairs.equity, atol=1e-12)


@pytest.mark.parametrize(
    ("players", "board", "dead", "message"),
    [
        (["As5s", "QQ"], None, None, "player 1: 5s is not in the deck of shortdeck"),
        (["AsKs", "QQ"], "2c7d8h", None, "board: 2c is not in the deck"),
        (["AsKs", "QQ"], None, "4h", "dead: 4h is not in the deck"),
        (["AsKs", "22-55"], None, None, "player 2: no hand of '22-55' is in the deck"),
    ],
)
def test_a_card_below_six_is_an_error_naming_it(players, board, dead, message):
    with pytest.raises(InputError, match=message):
        equity(players, game="shortdeck", board=board, dead=dead)


def test_options_short_deck_does_not_count_are_refused():
    with pytest.raises(InputError, match="combos"):
        equity(["AsKs", "QQ"], game="shortdeck", combos=True)
    with pytest.raises(InputError, match="exact: exact=True"):
        equity(["random"] * 4, game="shortdeck", exact=True)


def test_sampling_overlapping_ranges_redraws_clashing_deals_without_bias():
    # Both ranges hold kings and aces: joint holdings that share a card must be redrawn whole.
    players = ["QQ+", "KK+, AQs"]
    exact = equity(players, game="shortdeck", board="Qs7h6d", exact=True)
    sampled = equity(players, game="shortdeck", board="Qs7h6d", samples=40_000, seed=11)
    assert np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.stderr)


def test_breakdowns_built_for_the_full_deck_refuse_short_deck():
    from showdown.equity import range_stats
    from showdown.equity.analysis.by_card import runout_table

    with pytest.raises(InputError, match="game: runouts are not counted for shortdeck"):
        runout_table(["AsKs", "QhQd"], "Qs7h6d", game="shortdeck")
    with pytest.raises(InputError, match="game: range statistics are for the 52-card deck"):
        range_stats("QQ+", "Qs7h6d", game="6+")


def test_sampling_draws_weighted_combos_in_proportion_to_their_weight():
    players = ["QQ+:0.25, AKs", "JJ, 98s:0.5"]
    exact = equity(players, game="shortdeck", board="Kd7c6h", exact=True)
    sampled = equity(players, game="shortdeck", board="Kd7c6h", samples=40_000, seed=5)
    assert np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.stderr)


@pytest.mark.slow
def test_a_hand_against_random_preflop_matches_every_holding_and_board():
    result = equity(["AsKs", "random"], game="shortdeck", exact=True)
    won = np.zeros(2)
    deals = 0
    held = set(parse_cards("AsKs").tolist())
    for first, second in itertools.combinations(SHORT_DECK, 2):
        if first in held or second in held:
            continue
        shares, count, _ = _reference(["AsKs", format_cards([first, second])])
        won += shares
        deals += count
    assert result.trials == deals == math.comb(34, 2) * math.comb(32, 5)
    np.testing.assert_allclose(result.equity, won / deals, atol=1e-12)
