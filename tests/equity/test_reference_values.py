"""Every row of ../shared/REFERENCE.md: exact rows to the count, sampled rows within 4 SE."""

from __future__ import annotations

import pytest

from showdown import equity


def close(value: float, expected_percent: float, places: int = 4) -> bool:
    return abs(100 * value - expected_percent) <= 0.5 * 10**-places + 1e-12


@pytest.mark.parametrize(
    ("players", "wins", "losses", "ties", "percent"),
    [
        (["AcAs", "KhKd"], 1_388_072, 317_694, 6_538, 81.2555),
        (["AcAs", "KcKs"], 1_410_336, 292_660, 9_308, 82.6366),
    ],
)
def test_holdem_preflop_counts(players, wins, losses, ties, percent) -> None:
    result = equity(players, exact=True)
    assert result.exact and result.trials == 1_712_304
    assert result.win_count[0] == wins
    assert result.win_count[1] == losses
    assert result.tie_count[0] == ties
    assert close(result.equity[0], percent)
    assert result.stderr.tolist() == [0.0, 0.0]


def test_aa_vs_kk_ranges_counts() -> None:
    result = equity(["AA", "KK"])
    assert result.exact and result.trials == 61_642_944
    assert (int(result.win_count[0]), int(result.win_count[1]), int(result.tie_count[0])) == (
        50_371_344,
        10_986_372,
        285_228,
    )
    assert close(result.equity[0], 81.9461)


@pytest.mark.parametrize(
    ("players", "board", "trials", "percents"),
    [
        (["QQ", "87s"], "", 41_095_296, [78.2594]),
        (["AhKh", "QsQd"], "", 1_712_304, [46.2145]),
        (["QhQs", "8c7c", "random"], "Jc9h2d", 893_970, [66.3427, 19.7377, 13.9195]),
        (["AhAd", "KsKc"], "2c7d9h", 990, [91.6162]),
    ],
)
def test_holdem_exact_equities(players, board, trials, percents) -> None:
    result = equity(players, board=board, exact=True)
    assert result.trials == trials
    for value, percent in zip(result.equity, percents, strict=False):
        assert close(value, percent)


@pytest.mark.parametrize(
    ("hand", "percent", "places"),
    [("AA", 85.2037, 4), ("22", 50.3340, 4), ("32o", 32.30, 2)],
)
def test_hand_vs_random_sampled(hand, percent, places) -> None:
    result = equity([hand, "random"], samples=1_000_000, seed=2024)
    tolerance = 4 * result.stderr[0] + 0.5 * 10**-places / 100
    assert abs(result.equity[0] - percent / 100) <= tolerance


@pytest.mark.slow
def test_aces_vs_random_exact() -> None:
    # One suit combination stands for AA: every AA combo has the same equity.
    result = equity(["AcAs", "random"], exact=True)
    assert close(result.equity[0], 85.2037)


def test_omaha_preflop_exact() -> None:
    result = equity(["AsAhKsKh", "JdTd9c8c"], game="omaha", exact=True)
    assert result.trials == 1_086_008
    assert close(result.equity[0], 61.4813) and close(result.equity[1], 38.5187)


def test_omaha_hilo_preflop_exact() -> None:
    result = equity(["As2s3hKh", "KdKcQdJc"], game="omaha-hilo", exact=True)
    assert result.trials == 1_086_008
    assert close(result.equity[0], 57.1175) and close(result.equity[1], 42.8825)
    assert close(result.scoop[0], 41.1240) and close(result.scoop[1], 26.8890)
    assert result.equity == pytest.approx((result.high_equity + result.low_equity) / 2)


def test_omaha_hilo_without_low_scoops() -> None:
    result = equity(["AsAh2c3c", "KhKd8s8c"], board="KsQdJc9h9d", game="omaha-hilo")
    assert result.exact and result.trials == 1
    assert result.equity.tolist() == [0.0, 1.0]
    assert result.scoop.tolist() == [0.0, 1.0]


def test_stud_sixth_street_exact() -> None:
    result = equity(["AsAhKd7c2d3h", "QcQdJs9h3s5c"], game="stud", exact=True)
    assert result.trials == 1_560
    assert close(result.equity[0], 76.7949) and close(result.equity[1], 23.2051)


def test_stud_third_street_sampled() -> None:
    result = equity(["AsAhKd", "QcQdJs"], game="stud", samples=1_000_000, seed=5)
    assert abs(result.equity[0] - 0.6485) <= 4 * result.stderr[0] + 0.00005 + 0.0002
