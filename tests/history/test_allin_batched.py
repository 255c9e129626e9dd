"""All-in EV of many spots at once: the same answers as spot by spot, to the last bit."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from showdown import equity
from showdown.cards import format_card
from showdown.history.allin import (
    SEED,
    _batched_shares,
    allin_ev,
    allin_evs,
    forget_shares,
)
from showdown.history.replayed import AllInSpot

from .helpers import DATASET, SHARED


def _deal(rng: np.random.Generator, players: int, board: int) -> tuple[list[list[int]], list[int]]:
    cards = [int(card) for card in rng.permutation(52)[: 2 * players + board]]
    return [cards[2 * k : 2 * k + 2] for k in range(players)], cards[2 * players :]


def _text(cards: list[int]) -> str:
    return "".join(format_card(card) for card in cards)


def _matchups() -> list[tuple[str, tuple[str, ...], str, str]]:
    """Random heads-up matchups before the flop, on the flop and on the turn, three to
    five hands on the flop and the turn, and some that tie often (the board plays, the
    same hand in two suits)."""
    rng = np.random.default_rng(20261202)
    keys = []
    for board in (0, 3, 3, 4, 4):
        for _ in range(8):
            hands, cards = _deal(rng, 2, board)
            keys.append(("holdem", (_text(hands[0]), _text(hands[1])), _text(cards), ""))
    for players, board in ((3, 3), (3, 4), (4, 3), (5, 4)):
        for _ in range(4):
            hands, cards = _deal(rng, players, board)
            keys.append(("holdem", tuple(_text(hand) for hand in hands), _text(cards), ""))
    keys += [
        ("holdem", ("2c3d", "2h3s", "4c5d"), "AsKsQsJs", ""),
        ("holdem", ("2c3d", "2h3s", "4c2d"), "AhKsQsJs", ""),
        ("holdem", ("AsKd", "AhKc"), "", ""),
        ("holdem", ("2c3d", "2h3s"), "AsKsQs", ""),
        ("holdem", ("2c3d", "4h2s"), "AsKsQsJs", ""),
        ("holdem", ("7c7d", "7h7s"), "", ""),
    ]
    return keys


def test_batched_shares_are_the_equity_engines_to_the_last_bit():
    keys = _matchups()
    found = _batched_shares(keys)
    assert set(found) == set(keys)
    for key in keys:
        game, holdings, board, _ = key
        engine = equity(list(holdings), board=board or None, game=game, seed=SEED, threads=1)
        assert engine.exact
        assert found[key] == (tuple(float(value) for value in engine.equity), True), key


def _spot(rng: np.random.Generator, players: int, board: int) -> AllInSpot:
    hands, cards = _deal(rng, players, board)
    wagers = [int(value) for value in rng.integers(10, 200, players)]
    live = [True] * players
    if players > 2:
        live[int(rng.integers(players))] = False  # a folded player's chips stay in the pots
    return AllInSpot(["preflop", "", "", "flop", "turn"][board], cards, hands, wagers,
                     int(rng.integers(0, 4)), live)  # fmt: skip


def test_many_spots_at_once_are_each_spot_alone():
    rng = np.random.default_rng(7)
    spots = [
        (_spot(rng, players, board), "holdem", int(rng.integers(0, 5)))
        for players in (2, 3, 4)
        for board in (0, 3, 4)
        for _ in range(3)
    ]
    # The same spot twice, and one of another game: computed once, and by the engine.
    spots.append(spots[0])
    omaha = AllInSpot("flop", [0, 5, 10], [[1, 2, 3, 4], [6, 7, 8, 9]], [50, 50], 0, [True, True])
    spots.append((omaha, "omaha", 0))
    forget_shares()
    alone = [allin_ev(spot, game, rake=rake) for spot, game, rake in spots]
    forget_shares()
    together = allin_evs(spots)
    assert together == alone
    # Side pots of three or more players were priced by the batch where two contest them.
    pairs = zip(spots, alone, strict=True)
    assert any(len(spot.live) > 2 and ev.pots > 1 for (spot, _, _), ev in pairs)


def test_the_engine_prices_them_without_the_preflop_table(monkeypatch):
    from showdown.equity.exact import preflop_table

    key = ("holdem", ("AsAd", "KsKd"), "", "")
    monkeypatch.setattr(preflop_table, "load_table", lambda: None)
    assert _batched_shares([key]) == {}
    forget_shares()
    spot = AllInSpot("preflop", [], [[51, 50], [47, 46]], [100, 100], 0, [True, True])
    assert allin_evs([(spot, "holdem", 0)])[0].equity[0] == pytest.approx(0.82, abs=0.01)


def test_analysis_prices_blocks_of_hands_as_hand_by_hand(tmp_path, monkeypatch):
    """analyze() prices the all-ins of a block of hands together: the frames are those of
    pricing each hand alone with allin_ev, whatever the block size; a store is the same."""
    pd = pytest.importorskip("pandas")
    from showdown.history import analyze
    from showdown.history.store import write_store

    from .helpers import phh

    hands = [
        phh(["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc", "d db 2c3c4c", "d db Kh",
             "d db 9s"], [100, 100], extra="winnings = [197, 0]\n"),
        phh(["d dh p1 AhAc", "d dh p2 KhKc", "d dh p3 QhQc", "p3 cbr 150", "p1 cc", "p2 cc",
             "d db 2s7d9c", "d db 3s", "d db 4d"], [50, 150, 150], blinds=[1, 2, 0]),
        phh(["d dh p1 AsKs", "d dh p2 QhQd", "d dh p3 JcTc", "p3 cc", "p1 cc", "p2 cc",
             "d db 2s7s9h", "p1 cbr 40", "p2 cbr 98", "p3 cc", "p1 cc", "d db 3d", "d db 4c"],
            [100, 100, 100], blinds=[1, 2, 0]),
        phh(["d dh p1 AsKs", "d dh p2 QhQd", "p2 cc", "p1 cc", "d db 2s7s9h", "p1 cc", "p2 cc",
             "d db 3d", "p1 cbr 98", "p2 cc", "d db 4c"], [100, 100]),
        phh(["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"], [100, 100]),
    ]  # fmt: skip
    # The module, not the function of the same name that the package exports.
    analyze_module = importlib.import_module("showdown.history.analyze")
    path = tmp_path / "hands.phhs"
    path.write_text("".join(f"[{k}]\n{text}\n" for k, text in enumerate(hands * 3, start=1)))
    forget_shares()
    batched = analyze(path)
    assert batched.counts["adjusted"] == 12 and set(batched.hands["all_in_street"].dropna()) == {
        "preflop", "flop", "turn"}  # fmt: skip
    monkeypatch.setattr(analyze_module, "BLOCK_HANDS", 2)
    forget_shares()
    small_blocks = analyze(path)
    monkeypatch.setattr(
        analyze_module,
        "allin_evs",
        lambda spots: [allin_ev(spot, game, rake=rake) for spot, game, rake in spots],
    )
    forget_shares()
    one_by_one = analyze(path)
    write_store(path, tmp_path / "store")
    for other in (small_blocks, one_by_one, analyze(tmp_path / "store")):
        pd.testing.assert_frame_equal(other.hands, batched.hands, check_exact=True)
        pd.testing.assert_frame_equal(other.players, batched.players, check_exact=True)
        assert other.counts == batched.counts


@pytest.mark.parametrize(
    "sample",
    [
        pytest.param(DATASET, id="dataset-sample"),
        pytest.param(SHARED / "phh-sample", id="phh-sample", marks=pytest.mark.slow),
    ],
)
def test_samples_priced_in_blocks_are_priced_hand_by_hand(sample, monkeypatch):
    """The real samples (every variant of the PHH sample): the batched all-in EV changes
    no frame, counts or skipped hand."""
    pd = pytest.importorskip("pandas")
    if not sample.is_dir():
        pytest.skip("the sample is not present")
    import warnings

    from showdown.history import analyze

    analyze_module = importlib.import_module("showdown.history.analyze")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        forget_shares()
        batched = analyze(sample)
        monkeypatch.setattr(
            analyze_module,
            "allin_evs",
            lambda spots: [allin_ev(spot, game, rake=rake) for spot, game, rake in spots],
        )
        forget_shares()
        alone = analyze(sample)
    assert batched.counts["adjusted"] > 0
    pd.testing.assert_frame_equal(alone.hands, batched.hands, check_exact=True)
    pd.testing.assert_frame_equal(alone.players, batched.players, check_exact=True)
    assert alone.counts == batched.counts and alone.bad == batched.bad
