"""Percent ranges for Omaha: the 16,432 suit classes, the shipped ordering, ``15%`` and ``top``."""

from __future__ import annotations

import itertools
import random
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from showdown import equity
from showdown._data_files import PACKAGE_ROOT, DataFileError
from showdown.cards import Range, format_cards, parse_cards
from showdown.cards import omaha_order as order_module
from showdown.cards.hand_table import hand_index
from showdown.cards.omaha_order import class_equity, class_order, suit_classes, top_hands

ORDER = "cards/data/preflop_order_omaha.csv"


def relabellings(hand: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every hand a permutation of the suits makes of ``hand`` (plain Python)."""
    return {
        tuple(sorted(card // 4 * 4 + permutation[card % 4] for card in hand))
        for permutation in itertools.permutations(range(4))
    }


def place_of(game: str) -> dict[str, int]:
    """Each class's place in the ordering, by its representative's text."""
    _, representatives, _ = suit_classes()
    order = class_order(game)
    return {format_cards(representatives[index][::-1]): place for place, index in enumerate(order)}


def test_classes_are_the_suit_relabellings() -> None:
    classes, representatives, sizes = suit_classes()
    assert len(representatives) == 16_432 and int(sizes.sum()) == 270_725
    assert sorted(set(sizes.tolist())) == [1, 4, 6, 12, 24]
    rng = random.Random(4)
    for _ in range(300):
        hand = tuple(sorted(rng.sample(range(52), 4)))
        images = sorted(relabellings(hand))
        found = classes[hand_index(4, np.array(images, dtype=np.uint8))]
        # Every relabelling is in the hand's class, and the class holds nothing else.
        assert len(set(found.tolist())) == 1 and sizes[found[0]] == len(images)
        representative = tuple(representatives[found[0]].tolist())
        assert representative in images
        # The representative gives the highest cards the highest suits: the largest mask.
        assert sum(1 << card for card in representative) == max(
            sum(1 << card for card in image) for image in images
        )


def test_the_ordering_puts_the_strongest_classes_first() -> None:
    high, hilo = place_of("omaha"), place_of("omaha-hilo")
    # Double-suited aces with a pair: the best hands against a random one.
    assert high["AsAhKsKh"] < 10 and high["AsAhKsKh"] < high["AsAhKdKc"]
    assert high["2s2h2d2c"] == 16_431 and high["AsAhAdAc"] > 4_000  # quads play no two cards
    # Hi-lo prefers aces with wheel cards: AA23 double-suited leads it, far behind in high.
    assert hilo["AsAh3s2h"] < 5 and high["AsAh3s2h"] > 50
    equity_high = class_equity("omaha")
    assert np.all(np.diff(equity_high[class_order("omaha")]) <= 0)
    assert 0.05 < equity_high.min() < 0.2 and 0.65 < equity_high.max() < 0.75


def test_fifteen_percent_is_a_prefix_of_whole_classes() -> None:
    classes, _, sizes = suit_classes()
    for game in ("omaha", "omaha-hilo"):
        top = Range("15%", game=game)
        assert abs(top.combo_weight - 0.15 * 270_725) <= sizes.max() / 2
        assert np.all(top.weights == 1.0)
        chosen = hand_index(4, top.combos)
        taken = np.unique(classes[chosen])
        assert int(sizes[taken].sum()) == len(top)  # whole classes only
        order = class_order(game)
        assert set(taken.tolist()) == set(order[: len(taken)].tolist())  # the strongest ones
        assert Range.top(0.15, game=game) == top
        assert np.array_equal(np.sort(chosen), top_hands(0.15, game))
    assert Range("15%", game="omaha") != Range("15%", game="omaha-hilo")
    assert "AsAhKsKh" in Range("1%", game="omaha")
    assert "AsAh3s2h" in Range("1%", game="omaha-hilo")


def test_percent_slices_and_ranges_built_from_them() -> None:
    ten, five = Range("10%", game="omaha"), Range("5%", game="omaha")
    assert Range("5%-10%", game="omaha") == ten - five
    assert Range("10%-5%", game="omaha") == ten - five
    assert len(Range("15%:$ds", game="omaha")) == len(Range("15%", game="omaha") & "$ds")
    assert str(Range.top(0.15, game="omaha")) == "15%"
    assert str(Range.top(1e-7, game="omaha")) == "0.00001%"  # one class: the best
    smallest = Range.top(1e-7, game="omaha")
    classes, _, sizes = suit_classes()
    best = class_order("omaha")[0]
    assert set(classes[hand_index(4, smallest.combos)].tolist()) == {best}
    assert len(smallest) == sizes[best] and smallest == Range.top(1e-6, game="omaha")
    assert Range("100%", game="omaha") == Range("random", game="omaha")
    # Converting a percent range to another game keeps its hands, not its text.
    converted = Range(five, game="omaha-hilo")
    assert np.array_equal(converted.combos, five.combos) and "%" not in str(converted)


def test_five_and_six_card_games_have_orderings_too() -> None:
    # They had none at first (an error naming the game); tests/cards/test_omaha56_order.py
    # checks the orderings themselves.
    for game in ("omaha5", "omaha6-hilo"):
        assert Range.top(0.01, game=game) == Range("1%", game=game)
    result = equity(["AsAhKsKhQs", "1%"], game="omaha5", board="2c3d4h", samples=2000, seed=1)
    assert 0 < result.equity[0] < 1


# Exact Omaha equity against a 5% range as Python takes minutes (JIT off).
@pytest.mark.needs_jit
def test_equity_reads_percent_in_the_players_game() -> None:
    high = equity(["AsAhKd9d", "5%"], game="omaha", board="Ks7d2c", exact=True)
    by_range = equity(
        ["AsAhKd9d", Range("5%", game="omaha")], game="omaha", board="Ks7d2c", exact=True
    )
    assert high.equity.tolist() == by_range.equity.tolist()
    hilo = equity(["AsAhKd9d", "5%"], game="omaha-hilo", board="Ks7d2c", exact=True)
    by_hilo_range = equity(
        ["AsAhKd9d", Range("5%", game="omaha-hilo")], game="omaha-hilo", board="Ks7d2c", exact=True
    )
    assert hilo.equity.tolist() == by_hilo_range.equity.tolist()


def test_the_notebook_view_lists_the_strongest_hands_first() -> None:
    page = Range("AA", game="omaha")._repr_html_()
    listing = page.split("top 12 hands")[1]
    assert re.search(r"<td>(\w+)</td>", listing).group(1) == "AsAhJsJh"  # the best AA class


@pytest.fixture
def order_read_from(monkeypatch):
    def point(path: Path) -> None:
        monkeypatch.setattr(order_module, "OMAHA_ORDER_PATH", path)
        order_module._counters.cache_clear()
        order_module.class_order.cache_clear()

    yield point
    order_module._counters.cache_clear()
    order_module.class_order.cache_clear()


def test_a_damaged_order_is_refused_naming_the_file(tmp_path, order_read_from) -> None:
    copy = tmp_path / "preflop_order_omaha.csv"
    shutil.copyfile(PACKAGE_ROOT / ORDER, copy)
    lines = copy.read_text("utf-8").splitlines(keepends=True)
    # A plausible edit: the worst class takes the counters of the best.
    rows = {line.split(",", 1)[0]: line for line in lines}
    best, worst = rows["AsAhJsJh"].split(","), rows["2s2h2d2c"].split(",")
    edited = ",".join(worst[:2] + best[2:])
    copy.write_text("".join(lines).replace(rows["2s2h2d2c"], edited), "utf-8")
    order_read_from(copy)
    with pytest.raises(DataFileError, match=re.escape(str(copy))):
        Range("1%", game="omaha")
    with pytest.raises(DataFileError, match="does not match its recorded hash"):
        Range.top(0.01, game="omaha-hilo")
    # The notebook view falls back to the highest cards first; it never reads a wrong order.
    assert "AsAhKsKh" in Range("AAKK", game="omaha")._repr_html_()
    order_read_from(PACKAGE_ROOT / ORDER)
    assert "2s2h2d2c" not in Range("1%", game="omaha")


def test_representatives_read_as_their_cards() -> None:
    _, representatives, _ = suit_classes()
    texts = [format_cards(row[::-1]) for row in representatives[:50]]
    for text, row in zip(texts, representatives[:50], strict=True):
        assert sorted(parse_cards(text).tolist()) == row.tolist()
