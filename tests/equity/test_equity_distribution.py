"""Equity distributions: every combo's equity, weight and percentile against independent oracles.

The oracle for a combo is a separate ``equity()`` run with that combo in place of the range; its
weight is the combo's range weight times the deals that run counts (card removal by the board, the
dead cards and the other players), and percentiles and buckets are recomputed here in plain Python.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from showdown import equity as equity_once
from showdown import equity_distribution as distribution_once
from showdown.equity.analysis.distribution import EquityDistribution, PlayerDistribution
from showdown.equity.guard import ExactOverrunError


def again_if_stopped(function):
    """``function``, called a second time if its exact run was stopped by the time guard.

    The guard's clock starts before the first block, so a kernel compiled in that block (a cold
    cache: any edit of the package's sources) counts as run time, and on a busy machine its
    tens of seconds pass the 30 s floor. The second call runs the kernel this process compiled.
    """

    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except ExactOverrunError:
            return function(*args, **kwargs)

    return call


equity = again_if_stopped(equity_once)
equity_distribution = again_if_stopped(distribution_once)


def solo_runs(players, player, combos, **spot):
    """Each combo's (equity, deals) from its own exact run against the same opponents."""
    found = {}
    for combo in combos:
        fixed = list(players)
        fixed[player] = combo
        result = equity(fixed, exact=True, **spot)
        found[combo] = (float(result.equity[player]), float(result.trials))
    return found


def plain_percentiles(equities, weights):
    """Share of the weight with equity at most each combo's (a double loop, no numpy)."""
    total = sum(weights)
    return [
        sum(w for e, w in zip(equities, weights, strict=True) if e <= mine + 1e-12) / total
        for mine in equities
    ]


def check_against_solo_runs(found: PlayerDistribution, players, range_weights, **spot):
    """Equity, weight and percentile of every combo of ``found`` against solo runs."""
    runs = solo_runs(players, found.player, found.combos, **spot)
    assert len(found.combos) == len(set(found.combos))
    raw = [range_weights(combo) * runs[combo][1] for combo in found.combos]
    weights = [value / sum(raw) for value in raw]
    equities = [runs[combo][0] for combo in found.combos]
    np.testing.assert_allclose(found.equity, equities, rtol=0, atol=1e-12)
    np.testing.assert_allclose(found.weight, weights, rtol=0, atol=1e-12)
    np.testing.assert_allclose(found.percentile, plain_percentiles(equities, weights), atol=1e-12)
    assert list(found.equity) == sorted(found.equity)  # weakest first
    assert found.percentile[-1] == 1.0


def holdem_weight(combo: str) -> float:
    """The range weight of ``AA:0.5, QQ, AKs`` (an ace pair is half weight)."""
    return 0.5 if combo[0] == combo[2] == "A" else 1.0


def test_holdem_weighted_range_matches_a_run_per_combo_with_dead_cards() -> None:
    players = ["AA:0.5, QQ, AKs", "AsKs"]
    spot = {"board": "Kd7c2h", "dead": "Qh"}
    spread = equity_distribution(players, exact=True, **spot)
    assert [found.player for found in spread.distributions] == [0, 1]
    ranged = spread[0]
    # AA without As: 3 combos; QQ without Qh: 3; AKs without As, Ks, Kd: AhKh, AcKc.
    assert len(ranged.combos) == 8
    check_against_solo_runs(ranged, players, holdem_weight, **spot)
    # Weights put back together give the player's overall equity.
    assert float(ranged.weight @ ranged.equity) == pytest.approx(
        float(spread.result.equity[0]), abs=1e-12
    )
    # A single hand is a one-row distribution at percentile 1.
    known = spread[1]
    assert known.combos == ["AsKs"] and known.weight.tolist() == [1.0]
    assert known.percentile.tolist() == [1.0]
    assert known.equity[0] == pytest.approx(float(spread.result.equity[1]), abs=1e-12)


def test_multiway_chosen_player_matches_a_run_per_combo() -> None:
    players = ["JJ", "AsKs", "QQ, AKs"]
    spread = equity_distribution(players, board="Kd7c2h", player=2, exact=True)
    assert len(spread) == 1 and spread.distributions[0].player == 2
    check_against_solo_runs(spread[2], players, lambda combo: 1.0, board="Kd7c2h")
    with pytest.raises(ValueError, match="player"):
        spread[0]
    assert [found.player for found in spread] == [2]


#: Per game: a known hand and a small range (specific hands) for the solo-run oracle.
OMAHA_SPOTS = {
    "omaha": ("AsAhKd9d", "KhKc2h2d, AdAc3c2d, QhQd8s8d, JcTc9h8h"),
    "omaha-hilo": ("AsAhKd9d", "KhKc2h2d, AdAc3c2d, QhQd8s8d, JcTc9h8h"),
    "omaha5": ("AsAhKd9d5s", "KhKc2h2d3h, AdAc3c2d4d, JcTc9h8h6h"),
    "omaha6-hilo": ("AsAhKd9d5s4s", "KhKc2h2d3h3d, AdAc3c2d4d5d"),
}


def card_set(text: str) -> frozenset[str]:
    """A hand's cards, whatever their order in the text."""
    return frozenset(text[i : i + 2] for i in range(0, len(text), 2))


@pytest.mark.parametrize("game", list(OMAHA_SPOTS))
def test_omaha_range_matches_a_run_per_combo(game) -> None:
    hand, hands = OMAHA_SPOTS[game]
    players = [hand, hands]
    spread = equity_distribution(players, board="Ks7d2c", game=game, player=1, exact=True)
    found = spread[1]
    assert len(found.combos) == len(hands.split(", "))
    assert set(map(card_set, found.combos)) == set(map(card_set, hands.split(", ")))
    check_against_solo_runs(found, players, lambda combo: 1.0, board="Ks7d2c", game=game)
    if game.endswith("-hilo"):
        # A hi-lo combo's equity is its share of the whole pot: the mean of the halves.
        assert found.high_equity is not None and found.low_equity is not None
        np.testing.assert_allclose(
            found.equity, (found.high_equity + found.low_equity) / 2, atol=1e-12
        )
    else:
        assert found.high_equity is None


def fake(equities, weights) -> PlayerDistribution:
    """A distribution with chosen numbers (sorted as the real ones are)."""
    order = np.argsort(equities, kind="stable")
    e = np.asarray(equities, float)[order]
    w = np.asarray(weights, float)[order]
    w = w / w.sum()
    percentile = np.array(plain_percentiles(list(e), list(w)))
    return PlayerDistribution(0, "x", [f"c{i}" for i in order], w, e, percentile)


def plain_buckets(equities, weights, edges):
    total = sum(weights)
    shares = []
    for index in range(len(edges) - 1):
        low, high = edges[index], edges[index + 1]
        last = index == len(edges) - 2
        shares.append(
            sum(
                w
                for e, w in zip(equities, weights, strict=True)
                if low <= e and (e <= high if last else e < high)
            )
            / total
        )
    return shares


@pytest.mark.parametrize("edges", [(0, 0.33, 0.5, 0.75, 1), (0, 0.5, 1), (0.2, 0.9)])
def test_buckets_nut_share_and_quantiles_match_plain_python(edges) -> None:
    rng = np.random.default_rng(5)
    equities = [*rng.random(40).tolist(), 0.5, 0.5, 1.0, 0.0, 0.95]
    weights = (rng.random(len(equities)) + 0.1).tolist()
    found = fake(equities, weights)
    np.testing.assert_allclose(
        found.buckets(edges), plain_buckets(equities, weights, edges), atol=1e-12
    )
    for threshold in (0.0, 0.5, 0.95, 1.0):
        expected = sum(w for e, w in zip(equities, weights, strict=True) if e >= threshold)
        assert found.nut_share(threshold) == pytest.approx(expected / sum(weights), abs=1e-12)
    # The equity at percentile q: the smallest equity whose share at or below reaches q.
    pairs = sorted(zip(equities, weights, strict=True))
    for level in (0.0, 0.1, 0.25, 0.5, 0.9, 1.0):
        reached = next(
            e
            for e, _ in pairs
            if sum(w for f, w in pairs if f <= e) / sum(weights) >= level - 1e-12
        )
        assert found.quantiles([level])[0] == reached


def test_buckets_of_a_real_range_sum_to_one_and_match_plain_python() -> None:
    spread = equity_distribution(["AsKs", "QQ+, AK"], board="Kd7c2h", exact=True)
    found = spread[1]
    edges = (0, 0.33, 0.5, 0.75, 1)
    shares = spread.buckets(edges)
    assert shares.shape == (2, 4)
    np.testing.assert_allclose(shares.sum(axis=1), 1.0, atol=1e-12)
    expected = plain_buckets(found.equity.tolist(), found.weight.tolist(), edges)
    np.testing.assert_allclose(shares[1], expected, atol=1e-12)
    assert spread.nut_share(0.95)[1] == pytest.approx(
        sum(w for e, w in zip(found.equity, found.weight, strict=True) if e >= 0.95)
    )
    # The CLI's tables name the buckets and percentiles.
    text = spread.tables()
    assert "0-33%" in text and "75-100%" in text and "95%+" in text and "p50" in text
    assert "<table>" in spread._repr_html_()


def test_sampled_distribution_is_the_sampled_runs_combos() -> None:
    players = ["AsKs", "QQ, JJ"]
    spread = equity_distribution(players, board="Kd7c2h", samples=20_000, seed=3)
    same = equity(players, board="Kd7c2h", samples=20_000, seed=3, combos=True)
    frame = same.combos(1)
    found = spread[1]
    assert not spread.exact and spread.seed == 3 and found.stderr is not None
    for combo, value, share in zip(found.combos, found.equity, found.weight, strict=True):
        assert value == frame.loc[combo, "equity"]
        assert share == pytest.approx(frame.loc[combo, "weight"], abs=1e-12)
    assert float(found.weight @ found.equity) == pytest.approx(float(same.equity[1]), abs=1e-12)


def test_to_dict_is_json_and_to_pandas_has_the_table() -> None:
    spread = equity_distribution(["AsKs", "QQ"], board="Kd7c2h", exact=True)
    document = spread.to_dict()
    text = json.dumps(document, allow_nan=False)
    assert json.loads(text)["players"][1]["hand"] == "QQ"
    entry = document["players"][1]
    records = entry["combos"]
    assert [record["combo"] for record in records] == spread[1].combos
    assert set(records[0]) == {"combo", "weight", "equity", "percentile"}
    assert [b["share"] for b in entry["buckets"]] == pytest.approx(spread.buckets()[1].tolist())
    assert entry["nut_share"]["share"] == pytest.approx(float(spread.nut_share()[1]))
    assert [p["equity"] for p in entry["percentiles"]] == pytest.approx(
        spread.quantiles()[1].tolist()
    )
    frame = spread.to_pandas()
    assert list(frame.columns[:6]) == ["player", "hand", "combo", "weight", "equity", "percentile"]
    assert len(frame) == 1 + len(spread[1].combos)
    assert frame.groupby("player")["weight"].sum().tolist() == pytest.approx([1.0, 1.0])


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: equity_distribution(["AsAhKd", "random"], game="stud"), "game"),
        (lambda: equity_distribution(["AsKs", "QQ"], game="draw"), "game"),
        (lambda: equity_distribution(["AsKs", "QQ"], player=2), "player"),
        (lambda: equity_distribution(["AsKs", "QQ"], player=True), "player"),
        (lambda: equity_distribution(["AsKs", "QQ"], player=-1), "player"),
        (lambda: equity_distribution(["AsKs", "QQ"], board="Kd7c"), "board"),
        (lambda: equity_distribution(["AsKs", "QQ"], board="Kd7c2h", dead="Kd"), "Kd"),
        (lambda: equity_distribution(["AsKs", "QQ"], samples=0), "samples"),
        (lambda: equity_distribution(["AsKs", "QX"]), "QX"),
        (lambda: equity_distribution(["AsKs", "QQ"], game="chess"), "chess"),
    ],
)
def test_bad_input_names_the_input(call, name) -> None:
    with pytest.raises(ValueError, match=name):
        call()


@pytest.mark.parametrize(
    ("method", "argument", "name"),
    [
        ("buckets", (0.5,), "edges"),
        ("buckets", (0.5, 0.2), "edges"),
        ("buckets", (0, 1.5), "edges"),
        ("buckets", "01", "edges"),
        ("nut_share", 1.5, "threshold"),
        ("nut_share", float("nan"), "threshold"),
        ("quantiles", (0.5, -0.1), "levels"),
    ],
)
def test_bad_options_name_the_option(method, argument, name) -> None:
    spread = EquityDistribution(
        equity(["AsKs", "QQ"], board="Kd7c2h", exact=True, combos=True),
        [fake([0.2, 0.6], [1, 1])],
    )
    with pytest.raises(ValueError, match=name):
        getattr(spread, method)(argument)


def test_plot_draws_one_curve_per_player_on_one_axis() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    spread = equity_distribution(["AsKs", "QQ+, AK", "JJ"], board="Kd7c2h", exact=True)
    try:
        ax = spread.plot()
        assert len(ax.lines) == 3
        assert [line.get_label() for line in ax.lines] == ["1: AsKs", "2: QQ+, AK", "3: JJ"]
        # The curve of a range runs over its percentiles at its combos' equities.
        x, y = ax.lines[1].get_xdata(), ax.lines[1].get_ydata()
        assert x[0] == 0.0 and x[-1] == 1.0
        np.testing.assert_allclose(y[1:], spread[1].equity)
        # On given axes, next to other curves.
        _, other = plt.subplots()
        assert equity_distribution(["AsKs", "QQ"], board="Kd7c2h", player=1).plot(ax=other) is other
        assert len(other.lines) == 1
    finally:
        plt.close("all")
