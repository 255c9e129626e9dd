"""Tests for hold'em range parsing, weights, card removal and Omaha holdings.

The oracle is an independent classifier: every one of the 1,326 two-card
hands is named by its class ("AKs", "T9o", "QQ") here in the test, and a range
must equal the set of hands whose class the test lists by hand.
"""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pytest

import showdown
from showdown.cards import HandRange, parse_hand_or_range, parse_range

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
ALL_COMBOS = list(itertools.combinations(range(52), 2))


def card_name(code: int) -> str:
    return RANK_LETTERS[code // 4] + SUIT_LETTERS[code % 4]


def class_of(combo: tuple[int, int]) -> str:
    """Hand class of a combo written independently of the code under test."""
    first, second = sorted(combo, key=lambda code: code // 4, reverse=True)
    high, low = RANK_LETTERS[first // 4], RANK_LETTERS[second // 4]
    if high == low:
        return high + low
    return high + low + ("s" if first % 4 == second % 4 else "o")


def combos_of_classes(classes: set[str]) -> set[tuple[int, int]]:
    return {combo for combo in ALL_COMBOS if class_of(combo) in classes}


def as_set(hand_range: HandRange) -> set[tuple[int, int]]:
    return {(int(low), int(high)) for low, high in hand_range.combos}


def both(classes: list[str]) -> set[str]:
    """Both suitednesses: AK gives AKs and AKo."""
    return {name + suffix for name in classes for suffix in "so"}


# Each expected set is written out class by class, not computed from rules.
EXPECTED_CLASSES = {
    "22": {"22"},
    "QQ+": {"QQ", "KK", "AA"},
    "22-55": {"22", "33", "44", "55"},
    "55-22": {"22", "33", "44", "55"},
    "AK": {"AKs", "AKo"},
    "AKs": {"AKs"},
    "AKo": {"AKo"},
    "AJo+": {"AJo", "AQo", "AKo"},
    "A2s+": {f"A{kicker}s" for kicker in "23456789TJQK"},
    "KTo+": {"KTo", "KJo", "KQo"},
    "KT+": both(["KT", "KJ", "KQ"]),
    "T9s-76s": {"T9s", "98s", "87s", "76s"},
    "76s-T9s": {"T9s", "98s", "87s", "76s"},
    "KJo-T8o": {"KJo", "QTo", "J9o", "T8o"},
    "A9s-A5s": {"A9s", "A8s", "A7s", "A6s", "A5s"},
    "A5s-A9s": {"A9s", "A8s", "A7s", "A6s", "A5s"},
    "K9-K7": both(["K9", "K8", "K7"]),
    "AA,AK": {"AA", "AKs", "AKo"},
    "AA,AA": {"AA"},
    "QQ+,KK,AKs,A2s+": {"QQ", "KK", "AA"} | {f"A{kicker}s" for kicker in "23456789TJQK"},
    "AK+": {"AKs", "AKo"},
    "KA": {"AKs", "AKo"},
}


@pytest.mark.parametrize(("text", "classes"), EXPECTED_CLASSES.items())
def test_range_equals_hand_listed_classes(text: str, classes: set[str]) -> None:
    assert as_set(parse_range(text)) == combos_of_classes(classes)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        # REFERENCE.md and the issue.
        ("22", 6),
        ("AJo+", 36),
        ("A9s-A5s", 20),
        ("QQ+", 18),
        ("A2s+", 48),
        ("KTo+", 36),
        ("T9s-76s", 16),
        ("random", 1326),
        ("AA,AK", 22),
        ("AA,AA", 6),
        ("AK", 16),
        ("AKs", 4),
        ("AKo", 12),
        ("22+", 78),
    ],
)
def test_published_combo_counts(text: str, count: int) -> None:
    hand_range = parse_range(text)
    assert len(hand_range) == count
    assert hand_range.combos.shape == (count, 2)
    assert hand_range.weights.shape == (count,)


def test_specific_combos_any_case_and_unicode() -> None:
    expected = {(46, 50)}  # Kh = 11*4+2, Ah = 12*4+2
    for text in ["AhKh", "KhAh", "ahkh", "AHKH", "A♥K♥", " Ah Kh ", "10h9h"]:
        hand_range = parse_range(text)
        assert len(hand_range) == 1
        if text != "10h9h":
            assert as_set(hand_range) == expected, text
    assert as_set(parse_range("10h9h")) == {(30, 34)}


@pytest.mark.parametrize("word", ["random", "RANDOM", "any", "*", " random "])
def test_random_words_give_every_hand(word: str) -> None:
    hand_range = parse_range(word)
    assert hand_range.is_random
    assert as_set(hand_range) == set(ALL_COMBOS)


def test_whitespace_and_case_do_not_matter() -> None:
    reference = as_set(parse_range("QQ+,AKs,T9s-76s,A2o+"))
    for text in [
        "qq+, aks, t9s-76s, a2o+",
        " Q Q + , A K s ,T9S - 76S,\tA2O+ \n",
        "QQ+,AKS,T9S-76S,A2O+",
    ]:
        assert as_set(parse_range(text)) == reference


def test_ten_written_as_10() -> None:
    assert as_set(parse_range("10 10")) == as_set(parse_range("TT"))
    assert as_set(parse_range("A10s+")) == combos_of_classes({"ATs", "AJs", "AQs", "AKs"})


def test_combo_array_layout_is_canonical() -> None:
    hand_range = parse_range("T9s-76s, 22-55, AhKh, KK+, A5o")
    combos = hand_range.combos
    assert combos.dtype == np.uint8
    assert combos.ndim == 2 and combos.shape[1] == 2
    assert np.all(combos[:, 0] < combos[:, 1]), "each combo sorted, no repeated card"
    rows = [tuple(row) for row in combos.tolist()]
    assert rows == sorted(set(rows)), "rows unique and in lexicographic order"
    assert hand_range.weights.dtype == np.float64


def test_order_of_items_does_not_change_the_arrays() -> None:
    first = parse_range("AA, KK, T9s-76s, AhKh")
    second = parse_range("AhKh, 76s-T9s, KK, AA")
    np.testing.assert_array_equal(first.combos, second.combos)
    np.testing.assert_array_equal(first.weights, second.weights)


def test_weights_apply_to_their_item_only() -> None:
    hand_range = parse_range("QQ+:0.5, AKs, 22:0.25")
    weight_of = {
        class_of((int(low), int(high))): float(weight)
        for (low, high), weight in zip(hand_range.combos, hand_range.weights, strict=True)
    }
    assert weight_of == {"QQ": 0.5, "KK": 0.5, "AA": 0.5, "AKs": 1.0, "22": 0.25}
    assert float(hand_range.weights.sum()) == pytest.approx(18 * 0.5 + 4 + 6 * 0.25)


def test_last_weight_wins_for_a_repeated_combo() -> None:
    overridden = parse_range("QQ+:0.5, AA")
    weights = dict(zip(map(tuple, overridden.combos.tolist()), overridden.weights, strict=True))
    aces = combos_of_classes({"AA"})
    queens_kings = combos_of_classes({"QQ", "KK"})
    assert all(weights[combo] == 1.0 for combo in aces)
    assert all(weights[combo] == 0.5 for combo in queens_kings)
    reversed_order = parse_range("AA, QQ+:0.5")
    assert set(reversed_order.weights.tolist()) == {0.5}
    assert len(overridden) == len(reversed_order) == 18


def test_weight_one_is_allowed_and_equals_no_weight() -> None:
    np.testing.assert_array_equal(parse_range("AK:1").weights, parse_range("AK").weights)
    assert parse_range("AK:1.0").weights.tolist() == [1.0] * 16


BAD_INPUTS = [
    ("AKx", "AKx"),
    ("QQ++", "QQ++"),
    ("T9s-76o", "T9s-76o"),
    ("A5s-A9o", "A5s-A9o"),
    ("2-3", "2-3"),
    ("AA-KQ", "AA-KQ"),
    ("KQs-J9s", "KQs-J9s"),
    ("QQ+:0", "QQ+:0"),
    ("QQ+:1.5", "QQ+:1.5"),
    ("QQ+:-0.5", "QQ+:-0.5"),
    ("QQ+:nan", "QQ+:nan"),
    ("QQ+:abc", "QQ+:abc"),
    ("AA:", "AA:"),
    ("QQs", "QQs"),
    ("A", "A"),
    ("AKQ", "AKQ"),
    ("XX", "XX"),
    ("AhAh", "Ah"),
    ("AhKhQh", "AhKhQh"),
    ("AK-AQ+", "AK-AQ+"),
    ("22-33-44", "22-33-44"),
    ("AKs-", "AKs-"),
    ("QQ+ AKx", "AKx"),
    ("AKſ", "AKſ"),
    ("A\u212as", "A\u212as"),
    ("QQ+:\u0661", "QQ+:\u0661"),
    ("Ah", "Ah"),
    ("AA, KK, 7x", "7x"),
]


@pytest.mark.parametrize(("text", "token"), BAD_INPUTS)
def test_malformed_input_names_the_bad_token(text: str, token: str) -> None:
    with pytest.raises(ValueError, match=re.escape(token)):
        parse_range(text)


@pytest.mark.parametrize("text", ["", "   ", "AA,,KK", "AA,", ",AA"])
def test_empty_range_or_item_is_rejected(text: str) -> None:
    with pytest.raises(ValueError, match="empty"):
        parse_range(text)


def test_error_message_uses_the_given_name() -> None:
    with pytest.raises(ValueError, match=r"^villain: "):
        parse_range("AKx", name="villain")


def test_non_string_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        parse_range(["AA"])  # type: ignore[arg-type]


def test_dead_cards_remove_combos() -> None:
    hand_range = parse_range("AA, AKs", dead="As Kh 2c")
    remaining = as_set(hand_range)
    # AA loses the three combos holding As; AKs loses the spade and heart suits.
    assert len(remaining) == 3 + 2
    assert all(51 not in combo and 46 not in combo for combo in remaining)
    assert remaining == combos_of_classes({"AA", "AKs"}) - {
        combo for combo in ALL_COMBOS if {51, 46} & set(combo)
    }


def test_remove_returns_a_new_range_and_keeps_weights() -> None:
    original = parse_range("AA:0.5, KK")
    smaller = original.remove("AsKs")
    assert len(original) == 12, "the original is unchanged"
    assert len(smaller) == 6
    kept = dict(zip(map(tuple, smaller.combos.tolist()), smaller.weights.tolist(), strict=True))
    for combo, weight in kept.items():
        assert weight == (0.5 if class_of(combo) == "AA" else 1.0)
    assert smaller.dead_mask == (1 << 51) | (1 << 47)


def test_remove_is_the_same_as_dead_at_parse_time() -> None:
    later = parse_range("QQ+, AK, T9s-76s").remove("Qh 9s 2d")
    upfront = parse_range("QQ+, AK, T9s-76s", dead="Qh9s2d")
    np.testing.assert_array_equal(later.combos, upfront.combos)
    assert later.dead_mask == upfront.dead_mask


def test_dead_cards_may_be_codes_or_several_hands() -> None:
    by_codes = parse_range("AA", dead=[51, 50])
    by_hands = parse_range("AA", dead=["AsKd", "Ah2c"])
    assert len(by_codes) == len(by_hands) == 1


def test_removal_that_empties_the_range_raises() -> None:
    with pytest.raises(ValueError, match="AhKh"):
        parse_range("AhKh", dead="Kh")
    with pytest.raises(ValueError, match="no hand"):
        parse_range("AKs").remove("AcAdAhAs")


def test_bad_dead_card_is_rejected() -> None:
    with pytest.raises(ValueError, match="Zz"):
        parse_range("AA", dead="Zz")


def test_random_with_dead_cards() -> None:
    hand_range = parse_range("random", dead="AsKsQs")
    assert len(hand_range) == math.comb(49, 2)
    assert hand_range.is_random
    combos = hand_range.combos
    assert combos.shape == (math.comb(49, 2), 2)
    assert not np.isin(combos, [51, 47, 43]).any()


def test_is_random_only_for_the_full_live_deck_at_weight_one() -> None:
    assert parse_range("random").is_random
    assert parse_range("22+, random").is_random, "the union is still every hand"
    assert not parse_range("random:0.5").is_random
    assert not parse_range("random, AA:0.5").is_random
    assert not parse_range("QQ+").is_random
    assert parse_range("random").remove("2c").is_random


def test_random_range_is_lazy() -> None:
    hand_range = parse_hand_or_range("random", 4)
    assert len(hand_range) == 270_725
    assert hand_range.is_random and hand_range.hole_size == 4
    # len() and the flags must not build the 270,725 x 4 array.
    assert hand_range._combos is None
    smaller = hand_range.remove("AsKd")
    assert len(smaller) == math.comb(50, 4)
    assert smaller._combos is None


def test_random_omaha_combos_when_asked() -> None:
    # Forty dead cards leave twelve live ones: C(12, 4) = 495 hands.
    dead = list(range(40))
    hand_range = parse_hand_or_range("any", 4, dead=dead)
    combos = hand_range.combos
    assert combos.shape == (495, 4)
    assert {tuple(row) for row in combos.tolist()} == set(itertools.combinations(range(40, 52), 4))
    assert np.all(np.diff(combos.astype(int), axis=1) > 0)
    assert hand_range.weights.shape == (495,)
    assert np.all(hand_range.weights == 1.0)


def test_omaha_specific_hand() -> None:
    hand_range = parse_hand_or_range("AsAhKsKh", 4)
    assert len(hand_range) == 1 and hand_range.hole_size == 4
    assert hand_range.combos.tolist() == [[46, 47, 50, 51]]
    assert not hand_range.is_random
    assert hand_range.to_strings() == ["AsAhKsKh"]
    assert parse_hand_or_range("as ah ks kh 2c 3d", 6).combos.shape == (1, 6)


def test_omaha_errors() -> None:
    with pytest.raises(ValueError, match="expected 4 cards"):
        parse_hand_or_range("AsAhKs", 4)
    with pytest.raises(ValueError, match="duplicate card As"):
        parse_hand_or_range("AsAsKsKh", 4)
    with pytest.raises(ValueError, match="dead"):
        parse_hand_or_range("AsAhKsKh", 4, dead="Kh")
    with pytest.raises(ValueError, match="hole_size"):
        parse_hand_or_range("random", 0)
    with pytest.raises(ValueError, match="hole_size"):
        parse_hand_or_range("random", 8)
    with pytest.raises(ValueError, match="no 5-card hand"):
        parse_hand_or_range("random", 5, dead=list(range(48)))


def test_two_card_holdings_are_ranges() -> None:
    as_range = parse_hand_or_range("QQ+, AKs", 2, dead="Qs")
    assert as_set(as_range) == as_set(parse_range("QQ+, AKs", dead="Qs"))


def test_masks_match_the_combos() -> None:
    hand_range = parse_range("AKs, 22")
    for (low, high), mask in zip(
        hand_range.combos.tolist(), hand_range.masks.tolist(), strict=True
    ):
        assert mask == (1 << low) | (1 << high)


def test_to_strings_and_repr() -> None:
    assert parse_range("AKs").to_strings() == ["AcKc", "AdKd", "AhKh", "AsKs"]
    text = repr(parse_range("QQ+:0.5, AA", dead="2c"))
    assert "'QQ+:0.5, AA'" in text and "combos=18" in text and "weight=12" in text
    assert "dead='2c'" in text
    assert "random" in repr(parse_hand_or_range("*", 5))


def test_arrays_are_read_only() -> None:
    hand_range = parse_range("AA")
    with pytest.raises(ValueError):
        hand_range.combos[0, 0] = 0
    with pytest.raises(ValueError):
        hand_range.weights[0] = 0.5


def test_top_level_export() -> None:
    assert showdown.parse_range is parse_range
    assert len(showdown.parse_range("AA")) == 6


def test_space_separated_items_are_accepted() -> None:
    assert as_set(parse_range("QQ+ AKs")) == as_set(parse_range("QQ+, AKs"))
    assert as_set(parse_range("QQ+  AKs\tT9s-76s")) == as_set(parse_range("QQ+,AKs,T9s-76s"))
    assert as_set(parse_range("Ah Kh QQ")) == as_set(parse_range("AhKh, QQ"))
    assert as_set(parse_range("22 - 55 AKs : 0.5")) == as_set(parse_range("22-55, AKs:0.5"))
    weights = parse_range("QQ+ AKs:0.5")
    assert sorted(set(weights.weights.tolist())) == [0.5, 1.0]


def test_errors_name_the_token_the_user_typed() -> None:
    with pytest.raises(ValueError, match=r"bad token 'AKx'") as raised:
        parse_range("QQ+ AKx")
    assert "QQ+AKs" not in str(raised.value)
    # The message says what is valid.
    for example in ("AKs", "QQ+", "JJ-", "T9s-76s", "AhKh", "random"):
        assert example in str(raised.value)


def test_pair_and_below() -> None:
    assert as_set(parse_range("JJ-")) == as_set(parse_range("22-JJ"))
    assert as_set(parse_range("22-")) == as_set(parse_range("22"))
    assert as_set(parse_range("AA-")) == as_set(parse_range("22+"))
    assert as_set(parse_range("JJ- AKs")) == as_set(parse_range("22-JJ, AKs"))
    # Found by the fuzz suite: "JJ- AA" is JJ and below plus AA, not the run JJ-AA.
    assert as_set(parse_range("JJ- AA")) == as_set(parse_range("22-JJ, AA"))
    assert as_set(parse_range("JJ - AA")) == as_set(parse_range("JJ-AA"))
    with pytest.raises(ValueError, match="for pairs only"):
        parse_range("K9s-")


@pytest.mark.parametrize("text", ["AKſ", "A\u212as", "\u212a\u212a", "ſ"])
def test_unicode_look_alikes_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(text))):
        parse_range(text)
