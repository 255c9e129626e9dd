"""The shipped heads-up preflop table: canonical codes, lookups, integrity, a rebuild."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.cards import format_cards
from showdown.equity import equity
from showdown.equity.exact import preflop_table
from showdown.equity.exact.driver import plan_exact, run_exact
from showdown.equity.exact.holdings import canonical_holdings, suit_symmetries
from showdown.equity.spot import build_spot


def test_matchup_codes_partition_like_brute_force_canonical_forms() -> None:
    # Two matchups share a code exactly when some suit permutation and seat
    # order maps one onto the other (checked by trying all 24 permutations).
    first, second = preflop_table.all_matchups()
    picked = np.random.default_rng(5).choice(len(first), 4000, replace=False)
    hands = np.stack([first[picked], second[picked]], axis=1)
    codes = preflop_table.matchup_codes(hands[:, 0], hands[:, 1]).code
    brute = canonical_holdings(hands, np.ones(len(hands)), suit_symmetries())
    holding_of = np.empty(len(hands), np.int64)
    # Groups list (holding, seats); recover each matchup's holding by its canonical cards.
    brute_codes = preflop_table.matchup_codes(brute.cards[:, 0], brute.cards[:, 1]).code
    lookup = dict(zip(brute_codes.tolist(), range(len(brute_codes)), strict=True))
    holding_of[:] = [lookup[code] for code in codes.tolist()]
    assert len(set(codes.tolist())) == len(brute.cards)
    for code, holding in zip(codes.tolist(), holding_of.tolist(), strict=True):
        assert brute_codes[holding] == code


def test_the_table_holds_every_canonical_matchup() -> None:
    table = preflop_table.load_table()
    assert table is not None
    codes, rows = table
    assert len(codes) == 47_008  # heads-up matchups up to suits and seats
    assert rows.shape == (47_008, preflop_table.COLUMNS)
    # Every matchup's boards: won by one, won by the other or tied.
    assert np.all(rows[:, :3].sum(axis=1) == preflop_table.BOARDS)
    assert np.all(rows[:, 3:12].sum(axis=1) == preflop_table.BOARDS)


@pytest.mark.parametrize("seed", range(12))
def test_lookups_equal_computed_results(seed: int) -> None:
    generator = np.random.default_rng(seed)
    cards = generator.permutation(52)
    players = [format_cards(cards[:2]), format_cards(cards[2:4])]
    read = equity(players, exact=True)
    computed = equity(players, exact=True, use_tables=False)
    assert read.share_counts.tolist() == computed.share_counts.tolist()
    assert read.categories.tolist() == computed.categories.tolist()
    assert read.trials == computed.trials == preflop_table.BOARDS


@pytest.mark.parametrize(
    "players", [["AhKh", "random"], ["QQ+, AKs", "JJ-99, AQs"], ["AA:0.5, KK", "QQ+, AK"]]
)
def test_range_lookups_equal_computed_results(players) -> None:
    spot = build_spot(players, "", "", "holdem")
    table_plan = plan_exact(spot)
    assert table_plan.method == "table"
    computed_plan = plan_exact(spot, use_tables=False)
    assert computed_plan.method == "classes"
    read = run_exact(spot, table_plan)
    computed = run_exact(spot, computed_plan)
    np.testing.assert_allclose(read.counts, computed.counts, rtol=1e-12)
    np.testing.assert_allclose(read.categories, computed.categories, rtol=1e-12)
    assert read.trials == pytest.approx(computed.trials, rel=1e-12)


def test_an_altered_table_is_not_used(monkeypatch) -> None:
    monkeypatch.setattr(preflop_table, "TABLE_SHA256", "0" * 64)
    preflop_table.load_table.cache_clear()
    try:
        with pytest.warns(RuntimeWarning, match="does not match its recorded hash"):
            assert not preflop_table.table_available()
        spot = build_spot(["AhKh", "QsQd"], "", "", "holdem")
        assert plan_exact(spot).method == "classes"
        assert equity(["AcAs", "KhKd"], exact=True).win_count.tolist() == [1_388_072, 317_694]
    finally:
        preflop_table.load_table.cache_clear()


@pytest.mark.slow
def test_a_sample_of_the_table_rebuilds_identically() -> None:
    from showdown.equity.exact._class_common import class_tables, suit_permutations
    from showdown.equity.exact._holdem_class_kernels import holdem_class_kernel
    from showdown.equity.exact.driver import holding_outputs
    from showdown.evaluator import get_tables

    table = preflop_table.load_table()
    assert table is not None
    codes, rows = table
    first, second = preflop_table.all_matchups()
    matchups = preflop_table.matchup_codes(first, second)
    distinct, index = np.unique(matchups.code, return_index=True)
    assert np.array_equal(distinct, codes)
    picked = np.random.default_rng(7).choice(len(codes), 400, replace=False)
    hands = np.stack([first[index[picked]], second[index[picked]]], axis=1)
    swap = matchups.swapped[index[picked]]
    hands[swap] = hands[swap][:, ::-1]
    outputs = holding_outputs(len(picked), 2)
    holdem_class_kernel(
        np.ascontiguousarray(hands, np.uint8),
        np.zeros((1, 0), np.uint8),
        np.uint64(0),
        suit_permutations(),
        False,
        get_tables(),
        class_tables(),
        *outputs,
    )
    assert np.array_equal(preflop_table.table_rows(outputs[0], outputs[4]), rows[picked])
