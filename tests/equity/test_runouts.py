"""``runouts()``: every next card's row equals ``equity()`` with that card on the board."""

from __future__ import annotations

import numpy as np
import pytest

from showdown import equity, runouts
from showdown.equity.exact.driver import ExactTooSlowError


@pytest.mark.parametrize(
    ("players", "board", "dead", "game"),
    [
        (["AhKh", "QsQd"], "2c7d9h", "", "holdem"),
        (["AsKs", "QQ+", "random"], "Kd7c2h", "", "holdem"),
        (["AsKs", "QQ+, AK"], "Kd7c2h8s", "2s", "holdem"),
        (["As2s3hKh", "KdKcQdJc"], "4h5c9d", "", "omaha-hilo"),
    ],
)
def test_each_card_is_exactly_equity_with_the_card_on_the_board(players, board, dead, game):
    frame = runouts(players, board, dead=dead, game=game)
    columns = frame.attrs["players"]
    dealt = equity(players, board=board, dead=dead, game=game, exact=True)
    cards_left = 52 - len(board) // 2 - len(dead) // 2
    held = sum(len(text) // 2 for text in players if len(text) in (4, 8))  # fixed hands only
    assert len(frame) == cards_left - held
    for card in frame.index:
        after = equity(players, board=board + card, dead=dead, game=game, exact=True)
        assert frame.loc[card, columns].to_numpy(float).tolist() == after.equity.tolist(), card
        # The card's share of deals, dealt in order (turn, then river): a deal of the
        # spot brings each of its missing board cards next in one of their orders.
        missing = 5 - len(board) // 2
        share = after.trials / (dealt.trials * missing)
        assert frame.loc[card, "share"] == pytest.approx(share, rel=1e-12)
    assert frame["share"].sum() == pytest.approx(1.0, abs=1e-12)
    assert frame.attrs["equity"] == pytest.approx(dealt.equity.tolist(), abs=1e-12)


def test_weighted_ranges_match_equity_per_card_closely():
    players = ["AA:0.5, KK, AKs:0.25", "AK, QQ:0.75"]
    frame = runouts(players, "Kd7c2h")
    for card in frame.index[::5]:
        after = equity(players, board="Kd7c2h" + card, exact=True)
        got = frame.loc[card, frame.attrs["players"]].to_numpy(float)
        assert np.allclose(got, after.equity, rtol=0, atol=1e-12), card
    assert frame.attrs["equity"] == pytest.approx(
        equity(players, board="Kd7c2h", exact=True).equity.tolist(), abs=1e-12
    )


def test_cards_the_ranges_hold_come_less_often():
    frame = runouts(["AA", "KK"], "2c7d9h")
    # An ace is in the first range's hands half the time: it comes less often than a deuce.
    assert frame.loc["As", "share"] < frame.loc["2d", "share"]
    assert frame["share"].sum() == pytest.approx(1.0, abs=1e-12)


def test_repeated_player_texts_get_their_seat_in_the_column_name():
    frame = runouts(["AhKh", "QQ", "QQ"], "2c7d9h8s")
    assert frame.attrs["players"] == ["AhKh", "QQ (2)", "QQ (3)"]
    assert list(frame.columns) == ["share", "AhKh", "QQ (2)", "QQ (3)"]
    assert frame["QQ (2)"].to_numpy() == pytest.approx(frame["QQ (3)"].to_numpy(), abs=1e-12)
    # No queen can come: both players hold two of the four.
    assert not any(card.startswith("Q") for card in frame.index) and len(frame) == 46 - 4


@pytest.mark.parametrize(
    ("board", "game", "message"),
    [
        ("", "holdem", "flop or a turn"),
        ("2c7d9hTsJs", "holdem", "flop or a turn"),
        ("", "stud", "board game"),
    ],
)
def test_boards_that_have_no_next_card_are_refused(board, game, message):
    with pytest.raises(ValueError, match=message):
        runouts(["AhKh", "QsQd"], board, game=game)


def test_hopeless_enumerations_are_refused_with_an_estimate():
    with pytest.raises(ExactTooSlowError, match=r"would take about \d.* evaluations"):
        runouts(["random", "random", "random", "random"], "2c7d9h")
