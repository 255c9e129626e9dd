"""Equity against peer libraries: poker-equity (exact enumeration) and eval7.

poker-equity enumerates run-outs for hold'em, Omaha and Omaha hi-lo (ranges,
dead cards, multiway), so exact spots must agree count for count. eval7 has
exact hand-vs-range equity on a complete board only, and a Monte Carlo that we
check against our exact answer within a few standard errors. Each peer is
optional: its tests skip when it is not installed.

Conventions that differ (checked here so a reader need not rediscover them):
poker-equity writes a random hold'em hand as ``**``, boards with spaces, game
names with underscores, and its ``low_equity`` is the pot share won through
the low half only (half of our low-half share counts), whereas our
``low_equity`` also gives the low half to the high hand when no low qualifies.
eval7's ``HandRange`` accepts weights (``40%(AKs)``), but its equity functions
ignore them, so weighted ranges are not compared with it.
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown.equity import equity

pytestmark = [
    pytest.mark.peers,
    # eval7's range parser calls a deprecated pyparsing name; that is not our concern.
    pytest.mark.filterwarnings("ignore:'parseString' deprecated"),
]

#: (game, players, board, dead) in showdown's notation; every one is exact in both libraries.
EXACT_SPOTS = [
    pytest.param("holdem", ["AcAs", "KhKd"], "", "", id="holdem-preflop-reference"),
    pytest.param("holdem", ["AhKh", "QsQd"], "", "Ac2s", id="holdem-preflop-dead"),
    pytest.param("holdem", ["QhQs", "8c7c", "random"], "Jc9h2d", "", id="holdem-3way-flop"),
    pytest.param("holdem", ["AA", "KK"], "2c7d9h", "", id="ranges-flop"),
    pytest.param("holdem", ["QQ+, AKs", "T9s-76s", "AhKd"], "Ts8s2d", "", id="ranges-3way-flop"),
    pytest.param("holdem", ["QQ+, AKs", "T9s-76s"], "Ts8s2d", "Qs9c", id="ranges-flop-dead"),
    pytest.param("holdem", ["JJ-99", "AKo, AQs", "random"], "Kh8d3c7s", "", id="ranges-3way-turn"),
    pytest.param("omaha", ["AsAhKsKh", "JdTd9c8c"], "2c7d9h", "", id="omaha-flop"),
    pytest.param("omaha", ["AsAhKsKh", "JdTd9c8c", "QhQd7s6s"], "2c7d9h", "", id="omaha-3way"),
    pytest.param(
        "omaha", ["AsAhKsKh", "JdTd9c8c", "QhQd7s6s"], "", "2c", id="omaha-3way-preflop-dead"
    ),
    pytest.param("omaha5", ["As2s3hKhQc", "KdKcQdJc9s"], "4d7h9c", "", id="omaha5-flop"),
    pytest.param("omaha-hilo", ["As2s3hKh", "KdKcQdJc"], "4d7h9c", "", id="hilo-flop"),
    pytest.param(
        "omaha-hilo", ["As2s3hKh", "Ad2d5c6c", "KdKcQdJc"], "4d7h9c", "", id="hilo-3way-flop"
    ),
    pytest.param(
        "omaha-hilo", ["As2s3hKh", "Ad2d5c6c", "KdKcQdJc"], "4d7h9cTs", "", id="hilo-3way-turn"
    ),
    pytest.param("omaha-hilo", ["AsAh2c3c", "KhKd8s8c"], "KsQdJc9h9d", "", id="hilo-no-low"),
]

PEER_GAMES = {
    "holdem": "holdem",
    "omaha": "omaha",
    "omaha5": "omaha_five",
    "omaha-hilo": "omaha_hi_lo",
}


def _peer_text(game: str, players: list[str], board: str, dead: str) -> tuple[list[str], str, str]:
    """The same spot in poker-equity's notation."""
    random_hand = "**" if game == "holdem" else "*" * (5 if game == "omaha5" else 4)
    hands = [random_hand if player == "random" else player for player in players]

    def spaced(cards: str) -> str:
        return " ".join(cards[index : index + 2] for index in range(0, len(cards), 2))

    return hands, spaced(board), spaced(dead)


@pytest.fixture(scope="module")
def poker_equity():
    return pytest.importorskip("poker_equity")


@pytest.fixture(scope="module")
def eval7():
    return pytest.importorskip("eval7")


def whole_pots_alone(result):
    """Deals won whole and alone (hi-lo results call these scoops)."""
    return result.scoop_count if result.hilo else result.win_count


def shared_pots(result):
    """Deals with a part of the pot but not all of it (hi-lo results call these splits)."""
    return result.split_count if result.hilo else result.tie_count


# --- poker-equity: exact ------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "board", "dead"), EXACT_SPOTS)
def test_exact_agrees_with_poker_equity(poker_equity, game, players, board, dead):
    hands, peer_board, peer_dead = _peer_text(game, players, board, dead)
    theirs = poker_equity.exact_from_text(PEER_GAMES[game], hands, peer_board, peer_dead)
    assert theirs is not None and theirs["exact"], "poker-equity did not enumerate this spot"
    ours = equity(players, board=board, dead=dead, game=game, exact=True)
    assert ours.exact
    assert ours.trials == theirs["samples"] == theirs["weight_sum"]
    assert ours.equity == pytest.approx([p["equity"] for p in theirs["players"]], abs=1e-12)
    # Whole-pot wins and shared pots, deal for deal (hi-lo: scoops and splits).
    assert whole_pots_alone(ours).tolist() == theirs["win_count"]
    assert shared_pots(ours).tolist() == theirs["tie_count"]
    if ours.hilo:
        assert ours.scoop is not None
        assert ours.scoop == pytest.approx([p["scoop"] for p in theirs["players"]], abs=1e-12)
        # poker-equity's low_equity: the pot won through the low half alone.
        ways = np.arange(len(players) + 1, dtype=np.float64)
        ways[0] = 1.0
        low_half = (ours.share_counts[:, 2, :] / ways).sum(axis=1) / ours.trials
        expected_low = [p["low_equity"] for p in theirs["players"]]
        assert 0.5 * low_half == pytest.approx(expected_low, abs=1e-12)


def test_omaha_hilo_preflop_agrees_with_poker_equity(poker_equity):
    # REFERENCE.md: 57.1175 / 42.8825, scoop 41.1240 / 26.8890 over 1,086,008 boards.
    spot = ["As2s3hKh", "KdKcQdJc"]
    theirs = poker_equity.exact_from_text("omaha_hi_lo", spot)
    ours = equity(spot, game="omaha-hilo", exact=True)
    assert ours.trials == theirs["samples"] == 1_086_008
    assert whole_pots_alone(ours).tolist() == theirs["win_count"]
    assert shared_pots(ours).tolist() == theirs["tie_count"]
    assert ours.equity == pytest.approx([p["equity"] for p in theirs["players"]], abs=1e-12)


# --- poker-equity: sampled ranges ---------------------------------------------------------------


def test_sampled_ranges_agree_with_poker_equity(poker_equity):
    players = ["QQ+, AKs", "T9s-76s", "random"]
    theirs = poker_equity.chunk_from_text(
        "holdem", ["QQ+, AKs", "T9s-76s", "**"], samples=400_000, seed=5, threads=1
    )
    ours = equity(players, samples=400_000, seed=5)
    for index, player in enumerate(theirs["players"]):
        spread = np.hypot(player["std_error"], float(ours.stderr[index]))
        assert abs(player["equity"] - float(ours.equity[index])) < 5 * spread


# --- eval7 ----------------------------------------------------------------------------------------


def _cards(eval7, text: str) -> list:
    return [eval7.Card(text[index : index + 2]) for index in range(0, len(text), 2)]


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AhKh", "QQ+, AKs, 87s", "QhJd7h2c3s"),
        ("AhKh", "22+, A2s+, KTo+", "Th9h2c5d8s"),
        ("7c7d", "JJ-22, AJs-A9s, KQo", "7h8h9hTc2d"),
        ("AsKd", "QQ", "2c3c4c5c6c"),
    ],
)
def test_river_exact_agrees_with_eval7(eval7, hero, villain, board):
    theirs = eval7.py_hand_vs_range_exact(
        _cards(eval7, hero), eval7.HandRange(villain), _cards(eval7, board)
    )
    ours = equity([hero, villain], board=board, exact=True)
    assert float(ours.equity[0]) == pytest.approx(theirs, abs=1e-6)  # eval7 returns float32


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AhKh", "QsQd", ""),
        ("AhKh", "QQ+, AKs, 87s", "QhJd7h"),
        ("8s7s", "TT+, AQs+", "9s6d2s"),
        ("AcQc", "random", "Kc7h2d4s"),
    ],
)
def test_monte_carlo_agrees_with_eval7(eval7, hero, villain, board):
    samples = 200_000
    eval7.xorshift_rand.seed(7)
    theirs = eval7.py_hand_vs_range_monte_carlo(
        _cards(eval7, hero),
        eval7.HandRange("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32")
        if villain == "random"
        else eval7.HandRange(villain),
        _cards(eval7, board),
        samples,
    )
    ours = equity([hero, villain], board=board, exact=True)
    # A share's standard deviation is at most 0.5, so 4 standard errors are at most 2/sqrt(N).
    assert abs(theirs - float(ours.equity[0])) < 2 / np.sqrt(samples)
