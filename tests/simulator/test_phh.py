"""PHH hand histories: replay every sample hand of our variants, read/write round trips, errors."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import tomllib

from showdown.simulator import (
    GAMES,
    HandState,
    IllegalActionError,
    Stakes,
    UnsupportedVariantError,
    read_phh,
    replay,
    write_phh,
)

from .helpers import phh_sample_dir

SAMPLE = phh_sample_dir() or Path("shared") / "phh-sample"
OUR_CODES = {"NT", "PT", "FT", "PO", "FO", "PO/8", "FO/8", "F7S", "F7S/8", "F5D", "NS"}
OTHER_CODES = {"FR", "F2L3D", "N2L1D", "FB"}


def _sample_files() -> list[Path]:
    if not (SAMPLE / "data").is_dir():
        return []
    return sorted((SAMPLE / "data").rglob("*.phh"))


def _variant(path: Path) -> str:
    with path.open("rb") as handle:
        return str(tomllib.load(handle)["variant"])


FILES = _sample_files()
OURS = [path for path in FILES if _variant(path) in OUR_CODES]
OTHERS = [path for path in FILES if _variant(path) not in OUR_CODES]
skip_without_sample = pytest.mark.skipif(not FILES, reason=f"PHH sample folder {SAMPLE} is absent")


def _label(path: Path) -> str:
    return str(path.relative_to(SAMPLE / "data"))


def _is_fractional(values: list[float | int]) -> bool:
    return any(Fraction(str(value)).denominator != 1 for value in values)


@skip_without_sample
@pytest.mark.parametrize("path", OURS, ids=[_label(p) for p in OURS])
def test_replay_sample_reaches_the_recorded_finishing_stacks(path: Path) -> None:
    history = read_phh(path)
    expected = history.finishing_stacks
    # Pluribus logs split odd chips fractionally: replay those with the exact-split policy.
    policy = "exact" if expected is not None and _is_fractional(list(expected)) else "standard"
    hand = replay(history, odd_chips=policy)
    assert hand.is_complete
    if expected is None:  # the historical hands record no finishing stacks
        assert sum(hand.stacks) + hand.house_chips <= sum(hand.starting_stacks)
        return
    assert hand.final_stacks == [Fraction(str(value)) for value in expected]


@skip_without_sample
def test_sample_histories_survive_a_write_read_round_trip() -> None:
    for path in OURS:
        history = read_phh(path)
        again = read_phh(write_phh(history))
        assert again == history, path
        assert (
            replay(again, odd_chips="exact").final_stacks
            == replay(history, odd_chips="exact").final_stacks
        )


@skip_without_sample
def test_sample_covers_every_variant_we_replay() -> None:
    codes = {_variant(path) for path in OURS}
    assert {"NT", "FT", "PO", "FO/8", "F7S", "F7S/8"} <= codes


@skip_without_sample
def test_fractional_pluribus_split_with_whole_chips_gives_the_odd_chip_left_of_button() -> None:
    history = read_phh(SAMPLE / "data" / "pluribus" / "102" / "0.phh")
    hand = replay(history)  # standard policy
    # Recorded 10112.5 / 10112.5: whole chips give 10113 to the first winner left of the button.
    assert hand.stacks == [10113, 9775, 10000, 10000, 10112, 10000]


@skip_without_sample
@pytest.mark.parametrize("path", OTHERS, ids=[_label(p) for p in OTHERS])
def test_other_variants_raise_a_clear_error(path: Path) -> None:
    history = read_phh(path)
    with pytest.raises(UnsupportedVariantError, match=history.variant.replace("/", ".")):
        replay(history)


def test_read_text_with_comments_and_unknown_cards() -> None:
    text = """
    variant = "NT"
    antes = [0, 0, 0]
    blinds_or_straddles = [1, 2, 0]
    min_bet = 2
    starting_stacks = [100, 100, 100]
    actions = [
      "d dh p1 AsKs",  # hero
      "d dh p2 ????",
      "d dh p3 ????",
      "p3 f",
      "p1 cbr 6 # a raise",
      "p2 f",
    ]
    """
    history = read_phh(text)
    assert history.actions[4] == "p1 cbr 6"
    assert replay(history).stacks == [102, 98, 100]


def test_heads_up_blinds_are_applied_reversed() -> None:
    text = """
    variant = "FT"
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    small_bet = 2
    big_bet = 4
    starting_stacks = [50, 60]
    actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]
    """
    hand = replay(read_phh(text))
    # p1 posted the big blind (2), the button p2 the small blind (1) and acted first.
    assert hand.stacks == [51, 59]


def test_illegal_history_raises() -> None:
    text = """
    variant = "NT"
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [100, 100]
    actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p1 cc"]
    """
    with pytest.raises(IllegalActionError, match="out of turn"):
        replay(read_phh(text))
    with pytest.raises(ValueError, match="missing required field"):
        read_phh('variant = "NT"\nactions = []')
    with pytest.raises(ValueError, match="TOML"):
        read_phh("variant = = 'NT'")
    with pytest.raises(UnsupportedVariantError, match="'FR'"):
        replay(read_phh('variant = "FR"\nstarting_stacks = [1, 2]\nactions = []'))


def _stakes_for(name: str) -> Stakes:
    variant = GAMES[name]
    if variant.bring_in:
        return Stakes.stud(1, 2, 5)
    if not variant.blinds:
        return Stakes.antes(1, 5)
    return Stakes.blinds(1, 2)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_written_history_replays_to_the_same_stacks(name: str) -> None:
    rng = np.random.default_rng(list(sorted(GAMES)).index(name))
    for _ in range(15):
        n = int(rng.integers(2, min(GAMES[name].max_players, 6) + 1))
        stacks = [int(x) for x in rng.integers(5, 120, size=n)]
        hand = HandState(name, _stakes_for(name), stacks, rng=rng, manual_showdown=True)
        while not hand.is_complete:
            options = hand.legal_actions()
            roll = rng.random()
            if hand.status == "drawing":
                hand.discard(hand.hole_cards[options.player][: int(rng.integers(0, 6))])
            elif hand.status == "showdown":
                hand.muck() if options.muck and roll < 0.5 else hand.show()
            elif options.bring_in is not None:
                hand.bring_in()
            elif options.raise_min_to is not None and roll < 0.3:
                hand.bet_raise_to(options.raise_max_to if roll < 0.1 else options.raise_min_to)
            elif not options.check and roll < 0.45:
                hand.fold()
            else:
                hand.check_call()
        text = write_phh(hand)
        again = replay(read_phh(text))
        assert again.stacks == hand.stacks, text
        assert write_phh(again) == text


def test_write_to_path(tmp_path: Path) -> None:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=1)
    hand.fold()
    target = tmp_path / "hand.phh"
    text = write_phh(hand, target)
    assert target.read_text() == text
    assert read_phh(target).finishing_stacks == [101, 99]  # the button folded its small blind


@pytest.mark.parametrize("players", [2, 5])
def test_written_history_uses_position_order_for_any_button(players: int) -> None:
    hand = HandState(
        "nlhe", Stakes.blinds(1, 2), [100 + 10 * s for s in range(players)], button=0, seed=9
    )
    while not hand.is_complete:
        hand.check_call()
    history = read_phh(write_phh(hand))
    order = [(hand.button + 1 + k) % players for k in range(players)]  # p1 = left of the button
    assert history.starting_stacks == [hand.starting_stacks[s] for s in order]
    assert replay(history).stacks == [hand.stacks[s] for s in order]
