"""Hi-lo result columns, each counted deal by deal from the naive evaluator.

Every column of a hi-lo result says something different:

- ``scoop``: the whole pot, alone;
- ``win_high`` / ``win_low``: the best high hand alone (the high half, or the
  whole pot when no low qualifies) / the best qualifying low alone;
- ``split``: a part of the pot but not all of it;
- ``high_equity`` / ``low_equity``: the expected share of each half.

The oracle below enumerates the spot with ``itertools`` and the plain-Python
evaluator of ``tests/reference`` and counts each column from each deal's
winners, sharing no code with the engine.
"""

from __future__ import annotations

import warnings
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from reference.naive_evaluator import (
    best_high,
    best_low8,
    cards_from_text,
    omaha_high,
    omaha_low8,
)
from showdown.equity import equity


def naive_columns(highs_and_lows):
    """Counts of each column (and exact half shares) over deals given as (highs, lows) lists."""
    n = len(highs_and_lows[0][0])
    counts = {name: [0] * n for name in ("scoop", "win_high", "win_low", "split")}
    high_share = [Fraction(0)] * n
    low_share = [Fraction(0)] * n
    for highs, lows in highs_and_lows:
        high_winners = [p for p in range(n) if highs[p] == max(highs)]
        qualifying = [low for low in lows if low is not None]
        low_winners = (
            [p for p in range(n) if lows[p] is not None and lows[p] == max(qualifying)]
            if qualifying
            else high_winners  # no low: the low half goes to the high hand too
        )
        for p in range(n):
            high = Fraction(int(p in high_winners), len(high_winners))
            low = Fraction(int(p in low_winners), len(low_winners))
            high_share[p] += high
            low_share[p] += low
            pot = (high + low) / 2
            counts["scoop"][p] += pot == 1
            counts["split"][p] += 0 < pot < 1
            counts["win_high"][p] += high_winners == [p]
            counts["win_low"][p] += bool(qualifying) and low_winners == [p]
    return counts, high_share, low_share, len(highs_and_lows)


def omaha_deals(holes, board, dead=()):
    used = {c for hole in holes for c in hole} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    for extra in combinations(deck, 5 - len(board)):
        full = list(board) + list(extra)
        yield [omaha_high(h, full) for h in holes], [omaha_low8(h, full) for h in holes]


def stud_deals(known):
    used = {c for hand in known for c in hand}
    deck = [c for c in range(52) if c not in used]
    needs = [7 - len(hand) for hand in known]
    assert needs == [1, 1]  # sixth street, two players: enough for this oracle
    for first in deck:
        for second in deck:
            if second != first:
                hands = [[*known[0], first], [*known[1], second]]
                yield [best_high(h) for h in hands], [best_low8(h) for h in hands]


SPOTS = [
    # Two hands on a flop: lows qualify on some runouts only.
    ("omaha-hilo", ["As2s3hKh", "KdKcQdJc"], "4h5c9d"),
    # Three hands with the same low draw: shared low halves (quartered pots).
    ("omaha-hilo", ["Ah2h3c4c", "Ad2d3s4s", "KcKsQhJh"], "5c6d9s"),
    # Turn: a few deals, some without a low.
    ("omaha-hilo", ["AsAh2c3c", "KhKd8s8c"], "KsQdJc9h"),
    ("stud-hilo", ["AsAhKd2c7d3h", "QcQdJs3s5c9h"], ""),
]


@pytest.mark.parametrize(("game", "players", "board"), SPOTS)
def test_hilo_columns_follow_their_definitions_deal_by_deal(game, players, board) -> None:
    hands = [cards_from_text(text) for text in players]
    if game == "stud-hilo":
        deals = list(stud_deals(hands))
    else:
        deals = list(omaha_deals(hands, cards_from_text(board)))
    counts, high_share, low_share, n_deals = naive_columns(deals)

    result = equity(players, board=board, game=game, exact=True)
    assert result.exact and result.trials == n_deals
    assert result.scoop_count.tolist() == counts["scoop"]
    assert result.split_count.tolist() == counts["split"]
    assert result.win_high_count.tolist() == counts["win_high"]
    assert result.win_low_count.tolist() == counts["win_low"]
    for name in ("scoop", "split", "win_high", "win_low"):
        expected = [count / n_deals for count in counts[name]]
        assert getattr(result, name).tolist() == pytest.approx(expected, abs=1e-15), name
    assert result.high_equity.tolist() == pytest.approx(
        [float(s / n_deals) for s in high_share], abs=1e-15
    )
    assert result.low_equity.tolist() == pytest.approx(
        [float(s / n_deals) for s in low_share], abs=1e-15
    )


def test_hilo_relations_between_the_columns() -> None:
    result = equity(["Ah2h3c4c", "Ad2d3s4s", "KcKsQhJh"], board="5c6d9s", game="omaha-hilo")
    # A scoop is the best high alone, so never more frequent than it.
    assert np.all(result.scoop <= result.win_high)
    # Every deal with a share is either a scoop or a split.
    shares = result.scoop_count + result.split_count
    assert np.all(shares <= result.trials)
    assert result.equity == pytest.approx((result.high_equity + result.low_equity) / 2)
    # With shared halves, no two columns are the same numbers (the old win and scoop were).
    columns = [tuple(getattr(result, name).tolist()) for name in result.column_names]
    assert len(set(columns)) == len(columns)


def test_hilo_table_json_and_frame_show_the_same_columns() -> None:
    result = equity(["As2s3hKh", "KdKcQdJc"], board="4h5c9d", game="omaha-hilo")
    names = ["equity", "scoop", "win_high", "win_low", "split", "high_equity", "low_equity"]
    assert result.column_names == names
    header = result.table().splitlines()[0].split("  ")
    header = [cell.strip() for cell in header if cell.strip()]
    assert header == ["player", "hand", "equity", "scoop", "win high", "win low", "split",
                      "high equity", "low equity"]  # fmt: skip
    row = result.to_dict()["players"][0]
    assert [key for key in row if key in names] == names
    assert "win" not in row and "tie" not in row  # old names: deprecated in hi-lo, not shown
    frame = result.to_pandas()
    for name in names:
        assert frame[name].tolist() == pytest.approx(getattr(result, name).tolist(), abs=1e-14)


def test_old_names_in_hilo_warn_and_keep_their_meaning() -> None:
    result = equity(["As2s3hKh", "KdKcQdJc"], board="4h5c9d", game="omaha-hilo")
    with pytest.warns(DeprecationWarning, match="scoop"):
        win = result.win
    with pytest.warns(DeprecationWarning, match="split"):
        tie = result.tie
    with pytest.warns(DeprecationWarning, match="scoop_count"):
        win_count = result.win_count
    with pytest.warns(DeprecationWarning, match="split_count"):
        tie_count = result.tie_count
    assert win.tolist() == result.scoop.tolist()
    assert tie.tolist() == result.split.tolist()
    assert win_count.tolist() == result.scoop_count.tolist()
    assert tie_count.tolist() == result.split_count.tolist()


def test_high_only_games_keep_win_and_tie_without_warnings() -> None:
    result = equity(["AsKs", "QdQh"], board="2c7d9h")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert result.column_names == ["equity", "win", "tie"]
        assert result.win_count.sum() + result.tie_count[0] == result.trials
    assert result.scoop is None and result.win_high is None and result.split is None
    assert set(result.to_dict()["players"][0]) >= {"win", "tie"}


def test_per_combo_frames_of_hilo_use_the_same_columns() -> None:
    players = ["As2s3hKh", "KdKcQdJc"]
    result = equity(players, board="4h5c9d", game="omaha-hilo", combos=True)
    frame = result.combos(0)
    assert list(frame.columns) == ["weight", "deals", *result.column_names]
    for name in result.column_names:
        assert frame[name].iloc[0] == pytest.approx(float(getattr(result, name)[0]), abs=1e-15)
