"""Short deck in the one game registry: its names, its deck and its ranking are data."""

from __future__ import annotations

import pytest

from showdown.equity import get_game
from showdown.evaluator import describe, evaluate_short_deck
from showdown.evaluator.short_deck import SHORT_DECK_NAMES, is_short_deck_game
from showdown.games import ALIASES, HAND_TYPES, PLAY_GAMES, find_game, squash_name


@pytest.mark.parametrize("name", ["shortdeck", "short deck", "6+", "6+ hold'em", "six plus", "NS"])
def test_short_deck_names_find_the_hand_type_and_its_no_limit_game(name: str):
    assert find_game(name).hand_type == "shortdeck"
    assert find_game(name).play == "nlsd"


def test_the_hand_type_states_the_deck_and_the_ranking():
    hand = HAND_TYPES["shortdeck"]
    assert (hand.kind, hand.cards, hand.omaha, hand.hilo) == ("board", 2, False, False)
    assert (hand.ranking, hand.lowest_rank, hand.deck_size) == ("shortdeck", 4, 36)
    assert HAND_TYPES["holdem"].deck_size == 52
    game = PLAY_GAMES["nlsd"]
    assert (game.betting, game.phh_code, game.forced_bets) == ("no", "NS", "button-blind")
    assert get_game("6+").lowest_rank == 4 and get_game("holdem").lowest_rank == 0


def test_the_evaluator_reads_its_short_deck_names_from_the_registry():
    registry = {"shortdeck", "nlsd", "NS"} | {
        alias for alias, target in ALIASES.items() if target in ("shortdeck", "nlsd")
    }
    assert {squash_name(name) for name in registry} == SHORT_DECK_NAMES
    assert all(is_short_deck_game(name) for name in registry)
    assert not is_short_deck_game("holdem") and not is_short_deck_game("nlhe")
    strength = evaluate_short_deck("As6d", board="7c8h9sKdKh")
    assert describe(strength, game="nlsd") == "Straight, Nine high"
