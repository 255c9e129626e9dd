"""Per-combo breakdowns: each row equals a run with that combo fixed, for every method."""

from __future__ import annotations

import numpy as np
import pytest

from showdown import equity
from showdown.equity.exact.driver import cached_plan
from showdown.equity.spot import cached_spot

#: Half of the live cards, out of play: a random Omaha hand has a few hundred combos.
OMAHA_DEAD = "2d3d6d7d8dJdQdKdAd6h7h8hJhQh6c7c8cJcQc3s6s7s8sJsQs"


def method_of(players, board="", dead="", game="holdem", use_tables=True) -> str:
    return cached_plan(cached_spot(players, board, dead, game), 1, use_tables).method


def fixed_run(players, player, combo, **options):
    """The same spot with ``player``'s range replaced by ``combo``."""
    fixed = list(players)
    fixed[player] = combo
    return equity(fixed, **options)


def check_rows_exactly(result, players, player, step=1, **options) -> None:
    """Every ``step``-th row equals a separate exact run with that combo, bit for bit."""
    frame = result.combos(player)
    for combo in frame.index[::step]:
        alone = fixed_run(players, player, combo, exact=True, **options)
        row = frame.loc[combo]
        assert row["deals"] == alone.trials, combo
        for name, values in alone.column_values().items():  # hi-lo: scoop, win_high, ...
            assert row[name] == values[player], (combo, name)


def check_recombines(result) -> None:
    """Weights sum to 1 and weight the combos' equities back to each player's equity."""
    for player in range(len(result.players)):
        frame = result.combos(player)
        assert frame["weight"].sum() == pytest.approx(1.0, abs=1e-12)
        assert float((frame["weight"] * frame["equity"]).sum()) == pytest.approx(
            float(result.equity[player]), abs=1e-12
        )
        assert float(frame["deals"].sum()) == pytest.approx(float(result.trials), rel=1e-12)


@pytest.mark.parametrize(
    ("players", "board", "dead", "method", "use_tables", "step"),
    [
        (["AsKs", "QQ+"], "Kd7c2h", "", "classes", True, 1),
        (["AK", "QQ+, AJs"], "", "", "classes", False, 5),
        (["AK", "QQ+, AJs"], "", "", "table", True, 3),
        (["QQ+", "AK, AQ", "random"], "Ks8d4c2h", "", "join", True, 50),
        (["random", "random", "AK"], "4hAd3c4c7c", "6h", "join", True, 150),
    ],
)
def test_every_method_counts_each_combo_like_a_run_with_it_fixed(
    players, board, dead, method, use_tables, step
) -> None:
    assert method_of(players, board, dead, use_tables=use_tables) == method
    options = {"board": board, "dead": dead, "use_tables": use_tables}
    result = equity(players, exact=True, combos=True, **options)
    plain = equity(players, exact=True, **options)
    assert result.equity.tolist() == plain.equity.tolist()  # asking costs no exactness
    for player in range(len(players)):
        check_rows_exactly(result, players, player, step=step, **options)
    check_recombines(result)


def test_omaha_hilo_combos_of_a_random_hand_split_halves_like_fixed_runs() -> None:
    players = ["As2s3hKh", "random"]
    options = {"board": "4h5c9dTs", "dead": OMAHA_DEAD, "game": "omaha-hilo"}
    result = equity(players, exact=True, combos=True, **options)
    frame = result.combos(1)
    assert len(frame) > 100 and set(result.column_names) <= set(frame.columns)
    check_rows_exactly(result, players, 1, step=40, **options)
    check_recombines(result)


def test_weighted_ranges_recombine_and_match_fixed_runs_closely() -> None:
    players = ["AA:0.5, KK, AKs:0.25", "AK, QQ:0.75", "random"]
    board = "Ks8d4c2h"
    result = equity(players, board=board, exact=True, combos=True)
    check_recombines(result)
    for player in (0, 1):
        frame = result.combos(player)
        for combo in frame.index[::4]:
            alone = fixed_run(players, player, combo, board=board, exact=True)
            assert frame.loc[combo, "equity"] == pytest.approx(alone.equity[player], abs=1e-12)


def test_a_player_with_one_hand_has_one_row_with_their_totals() -> None:
    result = equity(["AhKh", "QsQd"], board="2c7d9h", combos=True)
    frame = result.combos(0)
    assert frame.index.tolist() == ["AhKh"]
    assert frame["equity"].iloc[0] == result.equity[0]
    assert frame["deals"].iloc[0] == result.trials == 990
    assert "stderr" not in frame.columns


def test_sampled_combos_are_within_four_standard_errors_of_exact_fixed_runs() -> None:
    players = ["AK, QQ", "JJ+, AQs", "random"]
    board = "Ks8d4c"
    result = equity(players, board=board, combos=True, samples=300_000, seed=5, threads=1)
    check_recombines(result)
    for player in range(3):
        frame = result.combos(player)
        # A combo whose every sampled deal went the same way has no spread.
        still = frame[frame["stderr"] == 0]
        assert still["equity"].isin([0.0, 1.0]).all()
        spread = frame[frame["stderr"] > 0]
        for combo in spread.index[:: max(1, len(spread) // 4)]:
            alone = fixed_run(players, player, combo, board=board, exact=True)
            row = frame.loc[combo]
            assert abs(row["equity"] - alone.equity[player]) <= 4 * row["stderr"], combo


def test_sampled_combos_are_the_same_at_any_thread_count() -> None:
    players = ["AK, QQ", "random"]
    one = equity(players, combos=True, samples=200_000, seed=9, threads=1).combos(1)
    two = equity(players, combos=True, samples=200_000, seed=9, threads=2).combos(1)
    assert one.equals(two)


def test_combos_without_asking_or_for_a_bad_player_are_refused() -> None:
    result = equity(["AhKh", "QQ"], board="2c7d9h")
    with pytest.raises(ValueError, match=r"combos=True"):
        result.combos(0)
    asked = equity(["AhKh", "QQ"], board="2c7d9h", combos=True)
    for bad in (2, -1, "1", True, 1.0):
        with pytest.raises(ValueError, match="player"):
            asked.combos(bad)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (["AsAhKd", "QcQdJs"], {"game": "stud"}, "board games"),
        (["AsKsQsJs2c", "random"], {"game": "draw"}, "board games"),
        (["AsAhKsKh", "random"], {"game": "omaha", "samples": 1000}, "player 2 is random"),
        (["AK", "QQ"], {"combos": "yes"}, "True or False"),
    ],
)
def test_combos_where_they_cannot_be_counted_are_refused(players, options, message) -> None:
    options.setdefault("combos", True)
    with pytest.raises(ValueError, match=message):
        equity(players, **options)


def test_cli_style_sorting_keeps_every_combo() -> None:
    frame = equity(["AsKs", "QQ+"], board="Kd7c2h", combos=True).combos(1)
    ordered = frame.sort_values("equity", ascending=False)
    assert ordered.index[0] == "KhKc" and sorted(ordered.index) == sorted(frame.index)
    assert np.all(np.diff(ordered["equity"].to_numpy()) <= 0)
