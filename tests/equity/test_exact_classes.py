"""Class-counting exact equity against the board-by-board kernels it replaced.

Every counter (wins and ties per number of winners, scoops, categories,
trials) must be the same integer as when every board is dealt; ``sum_squares``
(a float sum of squared shares, unused by exact results) agrees to rounding.
Spots are random but seeded: hold'em and Omaha (high and hi-lo), fixed hands
and small ranges, 2 to 6 players, known boards of 0 to 5 cards, dead cards.
"""

from __future__ import annotations

import numpy as np
import pytest

from reference.board_by_board import board_game_counters
from reference.weighted_deals import reference_in_deals
from showdown.cards import format_cards
from showdown.equity import equity
from showdown.equity.exact.driver import plan_exact, run_exact
from showdown.equity.result import Counters
from showdown.equity.spot import build_spot

SMALL_RANGES = ["QQ+", "AKs", "AK", "JJ", "T9s", "A5s-A2s", "KQo", "77,88", "AhKh,AdKd", "22"]
OMAHA_GAMES = ["omaha", "omaha-hilo", "omaha5", "omaha5-hilo", "omaha6", "omaha6-hilo"]


def assert_same_counters(new: Counters, old: Counters) -> None:
    assert new.trials == old.trials
    np.testing.assert_array_equal(new.counts, old.counts)
    np.testing.assert_array_equal(new.scoop, old.scoop)
    np.testing.assert_array_equal(new.share_any, old.share_any)
    np.testing.assert_array_equal(new.categories, old.categories)
    np.testing.assert_allclose(new.sum_squares, old.sum_squares, rtol=1e-12, atol=1e-9)


def random_spot(seed: int, game: str, board_sizes: tuple[int, ...], max_players: int):
    """Fixed hands (and sometimes small ranges) dealt from a seeded shuffle."""
    generator = np.random.default_rng(seed)
    hole = {"holdem": 2, "omaha": 4, "omaha5": 5, "omaha6": 6}[game.split("-")[0]]
    n_players = int(generator.integers(2, max_players + 1))
    board_size = int(generator.choice(board_sizes))
    n_dead = int(generator.integers(0, 4))
    deck = generator.permutation(52).astype(np.uint8)
    players: list[str] = []
    for index in range(n_players):
        if game == "holdem" and board_size >= 3 and generator.random() < 0.3:
            players.append(str(generator.choice(SMALL_RANGES)))
        else:
            players.append(format_cards(deck[index * hole : (index + 1) * hole]))
    used = n_players * hole
    board = format_cards(deck[used : used + board_size])
    dead = format_cards(deck[used + board_size : used + board_size + n_dead])
    return players, board, dead


def check(players, board, dead, game) -> None:
    try:
        spot = build_spot(players, board, dead, game)
    except ValueError:
        return  # a range emptied by card removal: nothing to compare
    plan = plan_exact(spot, use_tables=False)
    plan.method = "classes"
    old = board_game_counters(spot)
    if old.trials == 0:
        with pytest.raises(ValueError, match="share cards"):
            run_exact(spot, plan)
        return
    assert_same_counters(run_exact(spot, plan), old)


@pytest.mark.parametrize("seed", range(400))
def test_holdem_postflop_matches_board_by_board(seed: int) -> None:
    check(*random_spot(seed, "holdem", (3, 4, 5), 6), "holdem")


@pytest.mark.parametrize("seed", range(100))
@pytest.mark.parametrize("game", OMAHA_GAMES)
def test_omaha_postflop_matches_board_by_board(seed: int, game: str) -> None:
    max_players = 6 if game.startswith("omaha-") or game == "omaha" else 4
    check(*random_spot(seed, game, (3, 4, 5), max_players), game)


@pytest.mark.parametrize("seed", range(4))
def test_holdem_preflop_matches_board_by_board(seed: int) -> None:
    check(*random_spot(1000 + seed, "holdem", (0,), 4), "holdem")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_holdem_preflop_many(seed: int) -> None:
    check(*random_spot(2000 + seed, "holdem", (0,), 6), "holdem")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo", "omaha6-hilo"])
def test_omaha_preflop_matches_board_by_board(seed: int, game: str) -> None:
    check(*random_spot(3000 + seed, game, (0,), 2), game)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3000))
def test_holdem_postflop_many(seed: int) -> None:
    check(*random_spot(10_000 + seed, "holdem", (3, 4, 5), 6), "holdem")


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["QQ+, AKs", "JJ-99, AQs", "AhKh"], "2c7d9h"),
        (["AA, KK", "AK", "random"], "Ks8d4c2h"),
        (["AsKs", "QQ+"], "Kd7c2h"),
        (["88", "88", "AA"], "2h3h4h"),
        (["AK, AQ", "AK, AQ"], "AhKd2c3s"),
    ],
)
def test_canonical_joint_holdings_give_the_same_counters(players, board) -> None:
    # Suit-permuted and seat-swapped joint holdings are computed once and
    # mapped back; the sums must equal those of every joint holding.
    spot = build_spot(players, board, "", "holdem")
    plan = plan_exact(spot, use_tables=False)
    plan.method = "classes"
    plan.details["canonical"] = True
    assert_same_counters(run_exact(spot, plan), board_game_counters(spot))


@pytest.mark.parametrize("canonical", [False, True])
def test_weighted_ranges_equal_the_weighted_sums_in_deals(canonical: bool) -> None:
    players = ["QQ+:0.5, AKs", "JJ:0.25, AQs:0.75", "AhKh"]
    spot = build_spot(players, "2c7d9h", "", "holdem")
    plan = plan_exact(spot, use_tables=False)
    plan.method = "classes"
    plan.details["canonical"] = canonical
    new = run_exact(spot, plan)
    old = reference_in_deals(spot, board_game_counters(spot))
    assert isinstance(new.trials, int) and new.trials == old.trials  # whole deals
    for name in ("counts", "scoop", "share_any", "categories", "sum_squares"):
        np.testing.assert_allclose(getattr(new, name), getattr(old, name), rtol=1e-12)


def test_equity_reports_the_same_as_before_through_the_public_call() -> None:
    result = equity(["AsAh", "KsKh", "QsQh"], exact=True)
    old = board_game_counters(build_spot(["AsAh", "KsKh", "QsQh"], "", "", "holdem"))
    assert result.trials == old.trials == 1_370_754
    ways = np.arange(4.0)
    ways[0] = 1.0
    expected = (old.counts[:, 0, :] / ways).sum(axis=1) / old.trials
    assert result.equity.tolist() == expected.tolist()


JOIN_SPOTS = [
    (["22+,A2s+:0.5", "KQo"], "Kd7c2h", "3s"),
    (["AsKs", "random", "QQ+, JTs", "99"], "2c3d4h5s", ""),
    (["AK", "random"], "Ks8d4c2h", "5c"),
    (["random", "JTs", "AhKh"], "Ks8d4cQh2h", ""),
]
BIG_JOIN_SPOTS = [
    (["random", "random", "AK"], "4hAd3c4c7c", "6h"),
    (["QQ+", "AK, AQ", "random"], "Ks8d4c2h", ""),
    (["AA,KK", "random"], "Ks8d4c", ""),
]


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [*JOIN_SPOTS, *(pytest.param(*spot, marks=pytest.mark.slow) for spot in BIG_JOIN_SPOTS)],
)
def test_join_matches_board_by_board(players, board, dead) -> None:
    spot = build_spot(players, board, dead, "holdem")
    plan = plan_exact(spot, use_tables=False)
    plan.method = "join"
    plan.details["largest"] = int(np.argmax([len(p.hand_range) for p in spot.players]))
    new = run_exact(spot, plan)
    old = board_game_counters(spot)
    if new.counts.dtype.kind == "i":
        assert_same_counters(new, old)
    else:
        old = reference_in_deals(spot, old)
        assert isinstance(new.trials, int) and new.trials == old.trials
        for name in ("counts", "categories"):
            np.testing.assert_allclose(getattr(new, name), getattr(old, name), rtol=1e-12)


@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        (["AsAhKsKh", "random"], "2c7d9hTdJs", "omaha"),
        (["As2s3hKh", "random"], "2c7d9hTd4h", "omaha-hilo"),
    ],
)
def test_random_omaha_hands_enumerate_like_board_by_board(players, board, game) -> None:
    # Random Omaha hands were refused before; their joint holdings are
    # canonicalised (suits and seats) and counted by classes.
    spot = build_spot(players, board, "", game)
    old = board_game_counters(spot)
    plan = plan_exact(spot)
    assert plan.method == "classes"
    assert_same_counters(run_exact(spot, plan), old)
    plan.details["canonical"] = True
    assert_same_counters(run_exact(spot, plan), old)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 600))
@pytest.mark.parametrize("game", OMAHA_GAMES)
def test_omaha_postflop_many(seed: int, game: str) -> None:
    max_players = 6 if game.startswith("omaha-") or game == "omaha" else 4
    check(*random_spot(seed, game, (3, 4, 5), max_players), game)


def test_class_tables_list_every_rank_multiset_in_index_order() -> None:
    # The kernels walk multisets by position and find one by multiset_index: both must agree.
    import itertools

    from showdown.equity.exact._class_common import class_tables, multiset_index

    tables = class_tables()
    for size in range(6):
        block = tables.multisets[tables.offsets[size] : tables.offsets[size + 1], :size]
        ranks = [tuple(int(rank) for rank in row) for row in block]
        assert [multiset_index(row) for row in ranks] == list(range(len(ranks)))
        assert sorted(ranks) == sorted(itertools.combinations_with_replacement(range(13), size))
