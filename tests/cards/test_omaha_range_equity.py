"""Omaha players given as generic ranges, through equity() and the command line."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from showdown import equity
from showdown.cards import format_cards
from showdown.cards.ranges import parse_hand_or_range
from showdown.cli.main import main

HERO, BOARD = "AsAhKd9d", "Ks7d2c5h"


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("omaha", "AA:xxyy@2, KK@1"),
        # Exact hi-lo equity over this range takes minutes as Python (JIT off).
        pytest.param("omaha-hilo", "RR:$W$W, 3456", marks=pytest.mark.needs_jit),
    ],
)
def test_range_equity_is_the_weighted_mean_of_its_combos(game: str, text: str) -> None:
    villain = parse_hand_or_range(text, 4, dead=HERO + BOARD)
    whole = equity([HERO, text], board=BOARD, game=game, exact=True)
    # With the hero's hand and the board fixed every combo has the same runouts,
    # so the range's equity is the weight-averaged equity of its combos.
    per_combo = [
        equity([HERO, format_cards(row)], board=BOARD, game=game, exact=True).equity
        for row in villain.combos
    ]
    expected = np.average(np.array(per_combo), axis=0, weights=villain.weights)
    assert np.allclose(whole.equity, expected, rtol=0, atol=1e-12)
    assert whole.players[1] == " ".join(text.split())


def test_sampled_omaha_range_agrees_with_exact() -> None:
    players = [HERO, "AA:xxyy, KK"]
    sampled = equity(players, board=BOARD, game="omaha", samples=100_000, seed=1)
    exact = equity(players, board=BOARD, game="omaha", exact=True)
    assert np.all(np.abs(sampled.equity - exact.equity) < 4 * sampled.stderr)


def test_command_line_shows_a_caret_under_a_bad_token() -> None:
    result = CliRunner().invoke(
        main, ["equity", HERO, "AA:xxyy,, KK", "--game", "omaha", "--board", BOARD]
    )
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert "position 9" in lines[0]
    assert lines[1].strip() == "AA:xxyy,, KK"
    assert lines[2] == "  " + " " * 8 + "^"
