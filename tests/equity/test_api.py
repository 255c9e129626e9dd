"""The public face of the equity engine: names, results and bad input."""

from __future__ import annotations

import json

import numpy as np
import pytest

import showdown
from showdown.equity import EquityResult, equity


def test_showdown_equity_is_callable_however_imported() -> None:
    import showdown.equity as package  # binds showdown.equity to the subpackage

    first = showdown.equity(["AsKs", "QdQh"], board="2c7d9h")
    second = package(["AsKs", "QdQh"], board="2c7d9h")
    third = equity(["AsKs", "QdQh"], board="2c7d9h")
    assert first.equity.tolist() == second.equity.tolist() == third.equity.tolist()
    assert isinstance(first, EquityResult)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(players=["AsKs", "AsQd"]), "card As appears twice"),
        (dict(players=["AsKs", "QQ"], board="Ks7c2h"), "card Ks appears twice"),
        (dict(players=["AsKs", "QQ"], dead="Ks"), "card Ks appears twice"),
        (dict(players=["AsKs", "QQ"], board="QhQsQd"), "no hand of 'QQ' is left"),
        (dict(players=["AsKs", "AA"], board="AdAc2c"), "no hand of 'AA' is left"),
        (dict(players=["AsKs"]), "at least 2 players"),
        (dict(players="AsKs QQ"), "expected a list"),
        (dict(players=["random"] * 24), "only"),
        (dict(players=["AsKs", "QQ"], game="razz"), "unknown game 'razz'"),
        (dict(players=["AsKs", "QQ"], board="Ks7c"), "0, 3, 4 or 5 cards, got 2"),
        (dict(players=["AsKs", "QQ++"]), "QQ\\+\\+"),
        (dict(players=["AsKs", "QQ"], samples=0), "samples"),
        (dict(players=["AsKs", "QQ"], samples=1.5), "samples"),
        (dict(players=["AsKs", "QQ"], target_stderr=-1), "target_stderr"),
        (dict(players=["AsKs", "QQ"], seed=-3), "seed"),
        (dict(players=["AsKs", "QQ"], exact=True, samples=10), "exact=True"),
        (dict(players=["AsKs", "QQ"], threads=0), "threads"),
        (dict(players=["AsKsQd", "QQ"]), "player 1"),
        (dict(players=["AsAhKsKh", "QQ"], game="omaha"), "player 2"),
        (dict(players=["AsAhKsKh", "JdTd9c8c"], game="omaha", board="2c3c"), "got 2"),
        (dict(players=["AsAhKd", "QcQdJs"], game="stud", board="2c2d2h"), "no board"),
        (dict(players=["AsAhKdQcJs2d3d4d", "QcQdJs"], game="stud"), "at most 7"),
        (dict(players=["AsAhKd"] + ["random"] * 7, game="stud"), "only"),
        (dict(players=["AsKsQsJs2c/3c", "7h7d7c3s2s"], game="draw"), "discard 3c"),
        (dict(players=["AsKsQsJs", "7h7d7c3s2s"], game="draw"), "5 cards"),
    ],
)
def test_bad_input_raises_a_clear_error(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        equity(**kwargs)


def test_ranges_that_never_fit_together_fail_fast() -> None:
    with pytest.raises(ValueError, match=r"share cards|never fit"):
        equity(["AsAh,AsAd", "AsAc,AsKs"])
    with pytest.raises(ValueError, match=r"share cards|never fit"):
        equity(["AsAh,AsAd", "AsAc,AsKs"], exact=False, samples=1000)


def test_properties_sum_permutation_single_combo_and_dead_cards() -> None:
    players = ["AsKs", "QQ", "T9s"]
    result = equity(players, board="Qs7s2d", exact=True)
    assert result.equity.sum() == pytest.approx(1.0)
    swapped = equity([players[2], players[0], players[1]], board="Qs7s2d", exact=True)
    assert swapped.equity.tolist() == pytest.approx(result.equity[[2, 0, 1]].tolist())
    # A range narrowed to one combo equals that hand.
    narrowed = equity(["AsKs", "QdQh", "Td9d"], board="Qs7s2d", exact=True)
    as_range = equity(["AsKs", "QdQh", "Td9d, 22"], board="Qs7s2d2c2h", exact=True)
    fixed = equity(["AsKs", "QdQh", "Td9d"], board="Qs7s2d2c2h", exact=True)
    assert narrowed.exact
    assert as_range.equity.tolist() == pytest.approx(fixed.equity.tolist())
    # Dead cards are simply gone from the deck: the 8h being dead equals averaging
    # over every turn except the 8h.
    with_dead = equity(["AsKs", "QdQh"], board="Qs7s2d", dead="8h", exact=True)
    assert with_dead.trials == 44 * 43 // 2


def test_weighted_range_is_the_weighted_mixture() -> None:
    mixed = equity(["AA:0.25,KK", "QQ"], board="2c7d9h", exact=True)
    aces = equity(["AA", "QQ"], board="2c7d9h", exact=True)
    kings = equity(["KK", "QQ"], board="2c7d9h", exact=True)
    # Joint holdings: AA (6 combos) x QQ (6) and KK x QQ, each 990 boards.
    weight_aces, weight_kings = 0.25 * 36, 1.0 * 36
    expected = (weight_aces * aces.equity[0] + weight_kings * kings.equity[0]) / (
        weight_aces + weight_kings
    )
    assert mixed.equity[0] == pytest.approx(expected)


def test_result_exports() -> None:
    result = equity(["As2s3hKh", "KdKcQdJc"], board="4h5c9d", game="omaha-hilo")
    document = json.loads(json.dumps(result.to_dict()))
    assert document["game"] == "omaha-hilo" and document["exact"] is True
    assert [row["hand"] for row in document["players"]] == ["As2s3hKh", "KdKcQdJc"]
    assert {"scoop", "high_equity", "low_equity"} <= set(document["players"][0])
    assert sum(document["players"][0]["categories"].values()) == pytest.approx(1.0)
    text = repr(result)
    assert "omaha-hilo" in text and "As2s3hKh" in text and "scoop" in text
    assert "<table>" in result._repr_html_()
    pandas = pytest.importorskip("pandas")
    frame = result.to_pandas()
    assert isinstance(frame, pandas.DataFrame) and list(frame["hand"]) == result.players
    assert np.allclose(result.categories.sum(axis=1), 1.0)


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    equity(["AsKs", "QQ"], samples=100_000, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1] == (100_000, 100_000)
    calls.clear()
    equity(["AsKs", "QQ"], exact=True, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1][0] == calls[-1][1]


def test_draw_with_every_player_pat_is_one_deal() -> None:
    result = equity(["AsKsQsJs2c", "7h7d7c3s2s"], game="draw")
    assert result.exact and result.trials == 1
    assert result.equity.tolist() == [0.0, 1.0]


def test_many_random_players_fall_back_to_sampling_without_exhausting_memory() -> None:
    result = equity(["random", "random", "random"], samples=50_000, seed=4)
    assert not result.exact
    with pytest.raises(ValueError, match="joint holdings"):
        equity(["random", "random", "random"], exact=True)
