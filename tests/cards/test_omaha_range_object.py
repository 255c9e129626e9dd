"""``Range(..., game="omaha")``: combos, weights, operations, text, views, against brute force."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from reference.omaha_structure_reference import (
    all_hands,
    double_suited,
    pairing,
    rank_count,
    suits,
)
from showdown import equity
from showdown.cards import Range, parse_cards
from showdown.cards.omaha_range import OmahaRange
from showdown.cards.omaha_view import pairing_codes, suit_codes
from showdown.cards.range_text import MAX_PAIRS
from showdown.cards.ranges import parse_hand_or_range

A, K, Q, J = 12, 11, 10, 9


@pytest.fixture(scope="module")
def omaha_hands() -> list[tuple[int, ...]]:
    return all_hands(4)


def weight_map(hand_range: Range) -> dict[tuple[int, ...], float]:
    return {
        tuple(row): weight
        for row, weight in zip(hand_range.combos.tolist(), hand_range.weights.tolist(), strict=True)
    }


def round_trips(hand_range: Range) -> bool:
    return Range(str(hand_range), game=hand_range.game) == hand_range


def test_a_range_holds_what_a_brute_force_filter_finds(omaha_hands) -> None:
    made = Range("AA:xxyy, KK", game="omaha")
    expected = {
        hand
        for hand in omaha_hands
        if (rank_count(hand, A) >= 2 and double_suited(hand)) or rank_count(hand, K) >= 2
    }
    assert isinstance(made, OmahaRange) and isinstance(made, Range)
    assert set(weight_map(made)) == expected
    assert len(made) == len(expected) and made.combo_weight == len(expected)
    assert made.fraction == pytest.approx(len(expected) / 270_725)
    assert made.game == "omaha" and made.hole_size == 4
    # Rows ascending, rows sorted: the order of every range.
    assert np.all(np.diff(made.combos.astype(int), axis=1) > 0)
    assert [tuple(row) for row in made.combos.tolist()] == sorted(expected)


def test_set_operations_agree_with_weight_dictionaries(omaha_hands) -> None:
    left = Range("AA@2, KK@1, QQ:xxyy@1", game="omaha")
    right = Range("AAKK:0.75, KK:xxyy:0.25, JJ", game="omaha")
    mine, theirs = weight_map(left), weight_map(right)
    # The relative weights: aces at 1, kings and suited queens at 0.5.
    assert set(mine.values()) == {1.0, 0.5}
    assert all(weight == 1.0 for hand, weight in mine.items() if rank_count(hand, A) >= 2)
    union = {hand: max(mine.get(hand, 0), theirs.get(hand, 0)) for hand in mine | theirs}
    common = {hand: min(mine[hand], theirs[hand]) for hand in mine if hand in theirs}
    rest = {hand: weight for hand, weight in mine.items() if hand not in theirs}
    assert weight_map(left | right) == union
    assert weight_map(left & right) == common
    assert weight_map(left - right) == rest
    assert weight_map(right - left) == {h: w for h, w in theirs.items() if h not in mine}
    for result in (left | right, left & right, left - right, right - left, right & left):
        assert round_trips(result), str(result)
    # A string is read in the left side's game, on either side.
    assert weight_map("JJ" | left) == weight_map(left | Range("JJ", game="omaha"))
    assert "JJ" - left == Range("JJ", game="omaha") - left


def test_card_removal_against_brute_force_and_its_text(omaha_hands) -> None:
    made = Range("AA:xxyy, KK:0.5", game="omaha")
    dead = set(parse_cards("Ks7d2c").tolist())
    removed = made.remove("Ks 7d 2c")
    expected = {hand: w for hand, w in weight_map(made).items() if not dead & set(hand)}
    assert weight_map(removed) == expected
    assert str(removed) == "(AA:xxyy)!(Ks, 7d, 2c), KK!(Ks, 7d, 2c):0.5"
    assert round_trips(removed)
    assert Range("AA:xxyy, KK:0.5", game="omaha", dead="Ks7d2c") == removed
    assert removed.dead_mask == sum(1 << card for card in dead)
    # Removing cards already removed changes nothing, text included.
    assert str(removed.remove("Ks")) == str(removed)
    with pytest.raises(ValueError, match="no hand of"):
        Range("AsAhKsKh", game="omaha").remove("As")


def test_text_is_normalised_and_reads_back() -> None:
    assert str(Range("  AA : xxyy ,KK ", game="omaha")) == "AA:xxyy, KK"
    assert str(Range("AA@2, KK@1", game="omaha")) == "AA, KK:0.5"
    assert str(Range("As Ah Ks Kh", game="omaha")) == "AsAhKsKh"
    assert str(Range("random", game="omaha")) == "random"
    weighted = Range("AA@3, KK@2, QQ@1", game="omaha")
    other = Range("AAKK:0.5, xxyy:0.25, AAQQ", game="omaha")
    assert round_trips(weighted & other)  # pairs of members at the smaller weight
    chained = ((weighted | "JJ") - "AAA").remove("Qs") & Range("$ds", game="omaha")
    assert round_trips(chained)


def test_listings_when_no_expression_fits() -> None:
    listed = Range.from_combos(["AsAhKsKh", "AdAcKdKc", "QsQhJsJh"], [1, 0.5, 1], game="omaha")
    assert str(listed) == "AsAhKsKh, QsQhJsJh, AdAcKdKc:0.5"
    assert round_trips(listed)
    many = ", ".join(f"AA{rank}{rank}@{weight}" for weight, rank in enumerate("KQJT98765", 1))
    wide = Range(many, game="omaha")
    narrow = Range(", ".join(f"AA{rank}:xxyy:0.5" for rank in "KQJT9876"), game="omaha")
    assert len(wide._members) * len(narrow._members) > MAX_PAIRS
    both = wide & narrow
    assert "," in str(both) and round_trips(both)


def test_different_games_do_not_mix() -> None:
    omaha = Range("AA", game="omaha")
    with pytest.raises(ValueError, match="different games"):
        omaha | Range("AA", game="omaha-hilo")
    with pytest.raises(ValueError, match="different games"):
        Range("AA") | omaha
    with pytest.raises(ValueError, match="different games"):
        omaha & Range("AA")
    assert omaha != Range("AA", game="omaha-hilo")
    converted = Range(omaha, game="plo8")
    assert converted.game == "omaha-hilo" and np.array_equal(converted.combos, omaha.combos)
    with pytest.raises(ValueError, match="4-card range does not fit omaha5"):
        Range(omaha, game="omaha5")
    with pytest.raises(ValueError, match="not stud"):
        Range("AA", game="stud")
    with pytest.raises(ValueError, match="unknown game"):
        Range("AA", game="omaha7")
    with pytest.raises(ValueError, match="two-card"):
        Range(parse_hand_or_range("AA:xxyy", 4))  # a hold'em Range unless the game says
    with pytest.raises(ValueError, match="holds no hand"):
        omaha - "AA"
    with pytest.raises(ValueError, match="holds no hand"):
        omaha & "KKKK"


def test_hand_ranges_of_every_omaha_size_convert() -> None:
    hand_range = parse_hand_or_range("AA:xxyy", 4, dead="Ks")
    made = Range(hand_range, game="omaha")
    assert weight_map(made) == weight_map(Range("AA:xxyy", game="omaha", dead="Ks"))
    assert round_trips(made)
    # Four named cards in a five-card game: a typo for a hand, so an error...
    with pytest.raises(ValueError, match="expected 5 cards"):
        Range("AsAhKsKh", game="omaha5")
    # ...while a pattern with a wildcard is every hand holding them.
    five = Range("AsAhKsKh*", game="omaha5")
    assert len(five) == 48 and five.game == "omaha5" and round_trips(five - "Q")
    six = Range("AsAhKsKhQs*", game="omaha6-hilo")
    assert len(six) == 47 and "AsAhKsKhQs2c" in six and "AsAhKsKhQs" not in six


def test_membership_equality_hash_pickle_and_immutability() -> None:
    made = Range("AA:xxyy, KK", game="omaha")
    assert "AsAhKsKh" in made and "As Ah Kd 2c" not in made and "AhKh" not in made
    assert "nonsense" not in made
    again = Range("KK, AA:xxyy", game="omaha")
    assert made == again and hash(made) == hash(again) and len({made, again}) == 1
    assert pickle.loads(pickle.dumps(made)) == made
    assert str(pickle.loads(pickle.dumps(made))) == str(made)
    with pytest.raises(AttributeError, match="immutable"):
        made.text = "AA"  # type: ignore[misc]
    with pytest.raises(ValueError):
        made.combos[0, 0] = 1


def test_structures_count_the_published_totals() -> None:
    table = Range("random", game="omaha").summary(by="combos")
    columns, rows = table.sum(axis=0), table.sum(axis=1)
    assert columns.to_dict() == {
        "double-suited": 36_504,
        "single-suited": 158_184,
        "rainbow": 28_561,
        "3-1": 44_616,
        "monotone": 2_860,
    }
    assert rows.to_dict() == {
        "no pair": 183_040,
        "one pair": 82_368,
        "two pair": 2_808,
        "trips": 2_496,
        "quads": 13,
    }


@pytest.mark.parametrize("size", [4, 5, 6])
def test_structure_names_agree_with_a_counter_reading(size: int) -> None:
    rng = random.Random(size)
    hands = [tuple(sorted(rng.sample(range(52), size))) for _ in range(3000)]
    # Make sure the rare shapes are there: quads, trips, monotone.
    hands += [tuple(range(size)), tuple(range(0, 4 * size, 4)), (0, 1, 2, 3, 4, 5)[:size]]
    combos = np.array(hands, dtype=np.uint8)
    from showdown.cards.omaha_view import PAIRINGS, SUIT_SHAPES

    assert [PAIRINGS[size][code] for code in pairing_codes(combos)] == list(map(pairing, hands))
    assert [SUIT_SHAPES[size][code] for code in suit_codes(combos)] == list(map(suits, hands))


def test_to_pandas_summary_and_the_notebook_view() -> None:
    made = Range("AA:xxyy, KK:0.5", game="omaha")
    frame = made.to_pandas()
    assert list(frame.columns) == ["combo", "weight", "pairing", "suits"]
    assert len(frame) == len(made) and frame["weight"].sum() == made.combo_weight
    hands = [tuple(sorted(parse_cards(text).tolist())) for text in frame["combo"].head(200)]
    assert frame["pairing"].head(200).tolist() == list(map(pairing, hands))
    assert frame["suits"].head(200).tolist() == list(map(suits, hands))
    shares = made.summary(by="share")
    assert shares.to_numpy().sum() == pytest.approx(1.0)
    weights = made.summary()
    assert weights.to_numpy().sum() == pytest.approx(made.combo_weight)
    page = made._repr_html_()
    for text in ("double-suited", "one pair", "AsAh", "AA:xxyy, KK:0.5", "omaha"):
        assert text in page
    # The heaviest hands come first: 864 ace hands at weight 1 before any kings at 0.5.
    listing = page.split("top 12 hands")[1]
    assert listing.count("<td>1</td>") == 12 and "<td>0.5</td>" not in listing
    light = Range("AA:xxyy:0.5, KKQQ", game="omaha")._repr_html_().split("top 12 hands")[1]
    assert light.count("<td>1</td>") == 12  # the 36 KKQQ hands lead
    with pytest.raises(ValueError, match="13x13 grid is for hold'em"):
        made.grid()
    with pytest.raises(ValueError, match="summary"):
        made.plot()
    with pytest.raises(ValueError, match="by must be"):
        made.summary(by="rows")


# Exact Omaha equity against 3,900 hands, twice, takes over a minute as Python (JIT off).
@pytest.mark.needs_jit
def test_equity_takes_an_omaha_range_as_its_text() -> None:
    made = Range("AA:xxyy, KK", game="omaha")
    by_range = equity(["AsAhKd9d", made], game="omaha", board="Ks7d2c", exact=True)
    by_text = equity(["AsAhKd9d", "AA:xxyy, KK"], game="omaha", board="Ks7d2c", exact=True)
    assert by_range.equity.tolist() == by_text.equity.tolist()
    assert by_range.trials == by_text.trials


def test_holdem_ranges_are_unchanged() -> None:
    assert Range("AA", game="holdem") == Range("AA") and Range("AA").game == "holdem"
    assert type(Range("QQ+, AKs")) is Range and type(Range("AA", game="nlhe")) is Range
    assert str(Range.from_combos(["AhKh"])) == "AhKh"


def test_range_stats_reads_an_omaha_range_in_its_game() -> None:
    from showdown.equity.analysis.range_stats import range_stats

    stats = range_stats(Range("AA:xxyy", game="omaha"), board="Ks7d2c")
    assert stats.attrs["game"] == "omaha"
    assert stats.attrs["combos"] == len(Range("AA:xxyy", game="omaha").remove("Ks7d2c"))
