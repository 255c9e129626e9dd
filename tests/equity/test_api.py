"""The public face of the equity engine: names, results and bad input."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import showdown
from showdown.equity import EquityResult, equity


def test_showdown_equity_is_callable_however_imported() -> None:
    import showdown.equity as package  # reads the name showdown.equity: the function

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
        (dict(players=["AsAhKsKh", "QdQc"], game="omaha"), "player 2"),
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


# --- options -------------------------------------------------------------------------------


def test_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        equity(["AsKs", "QdQh"], "2c7d9h")  # type: ignore[misc]


def test_board_and_dead_none_mean_no_cards() -> None:
    assert equity(["AsKs", "QdQh"], board=None, dead=None).trials == 1_712_304
    assert equity(["AsKs", "QdQh"], board=None, dead="2c").trials == math.comb(47, 5)


def test_numpy_integers_are_accepted_as_counts() -> None:
    result = equity(
        ["AsKs", "QdQh"],
        samples=np.int64(20_000),
        seed=np.uint32(3),
        threads=np.int64(2),
        max_samples=np.int32(50_000),
    )
    assert result.trials == 20_000 and result.seed == 3 and isinstance(result.seed, int)
    with pytest.raises(ValueError, match="threads"):
        equity(["AsKs", "QdQh"], threads=np.int64(0))
    with pytest.raises(ValueError, match="seed"):
        equity(["AsKs", "QdQh"], samples=10, seed=True)


@pytest.mark.parametrize("progress", [5, "bar", object()])
def test_a_progress_that_cannot_be_called_is_refused_before_any_work(monkeypatch, progress):
    from showdown.equity import api

    monkeypatch.setattr(api, "cached_spot", lambda *args: pytest.fail("work started"))
    with pytest.raises(ValueError, match=r"progress: expected True, False, None or a callable"):
        equity(["AsKs", "QdQh"], samples=1_000, progress=progress)


def test_stderr_target_missed_at_the_cap_is_flagged_and_warned() -> None:
    with pytest.warns(RuntimeWarning, match=r"target_stderr=1e-09 not reached.*max_samples"):
        missed = equity(["AsKs", "QQ"], target_stderr=1e-9, max_samples=70_000, seed=1)
    assert missed.target_met is False and missed.trials == 70_000
    assert missed.to_dict()["target_met"] is False
    assert "not reached" in repr(missed)
    met = equity(["AsKs", "QQ"], target_stderr=0.01, seed=1)
    assert met.target_met is True and met.stderr.max() <= 0.01
    assert equity(["AsKs", "QQ"], samples=1_000, seed=1).target_met is None
    assert equity(["AsKs", "QQ"], board="2c7d9h").target_met is None  # exact


def test_with_samples_too_the_run_stops_at_samples_without_warning(recwarn) -> None:
    result = equity(["AsKs", "QQ"], samples=5_000, target_stderr=1e-9, seed=2)
    assert result.trials == 5_000 and result.target_met is False
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


def test_players_are_shown_as_canonical_text() -> None:
    result = equity(["10s10h", "qq+ , ako:0.5", "Random"], board="2c7d9h", samples=1_000, seed=1)
    assert result.players == ["TsTh", "QQ+, AKo:0.5", "random"]
    omaha = equity(["as ah ks kh", "random"], board="2c7d9h3s", game="omaha", samples=100)
    assert omaha.players == ["AsAhKsKh", "random"]
    stud = equity(["as ah kd", "10c"], game="stud", samples=1_000, seed=1)
    assert stud.players == ["AsAhKd", "Tc"]
    draw = equity(["askSqsjs2c / 2c", "7h7d7c3s2s"], game="draw")
    assert draw.players == ["AsKsQsJs2c/2c", "7h7d7c3s2s"]


def test_draw_players_may_be_random_and_bad_text_says_what_is_valid() -> None:
    # A pair of kings standing pat against five unknown cards that draw: ahead, not a lock.
    result = equity(["KsKd7c4h2s", "random"], game="draw", samples=20_000, seed=1)
    assert result.players[1] == "random" and 0.5 < result.equity[0] < 0.95
    with pytest.raises(ValueError, match=r"HAND/DISCARDS, random .*or random/pat"):
        equity(["AsKsQsJs2c", "rubbish"], game="draw")


def test_repeated_calls_reuse_the_parsed_spot_but_never_freeze_the_callers_arrays() -> None:
    board = np.array([0, 21, 30], np.uint8)
    first = equity(["AsKs", "QdQh"], board=board)
    assert board.flags.writeable
    board[0] = 1  # the caller may change it; the next call sees the new board
    second = equity(["AsKs", "QdQh"], board=board)
    assert first.board == "2c7d9h" and second.board == "2d7d9h"
    again = equity(["AsKs", "QdQh"], board="2c7d9h")
    assert again.equity.tolist() == first.equity.tolist()


@pytest.mark.parametrize("options", [dict(samples=40_000, seed=1), dict(board="2c7d9h")])
def test_progress_true_draws_a_bar_on_stderr(capsys, options) -> None:
    result = equity(["AsKs", "QdQh"], progress=True, **options)
    assert result.trials > 0
    assert "equity" in capsys.readouterr().err  # the bar's label
    equity(["AsKs", "QdQh"], progress=False, **options)
    assert capsys.readouterr().err == ""
