"""Tests for card codes: parsing, formatting and validation of card arrays.

Expected codes are computed here from the documented layout
(``rank * 4 + suit``, ranks 2..A, suits c, d, h, s), not read from the module.
"""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from showdown.cards import (
    as_card_array,
    check_distinct,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
NAMES = [rank + suit for rank in RANK_LETTERS for suit in SUIT_LETTERS]


def code_of(name: str) -> int:
    return RANK_LETTERS.index(name[0].upper()) * 4 + SUIT_LETTERS.index(name[1].lower())


def test_documented_layout() -> None:
    assert parse_card("2c") == 0
    assert parse_card("2s") == 3
    assert parse_card("3c") == 4
    assert parse_card("As") == 51
    assert [parse_card(name) for name in NAMES] == list(range(52))


@pytest.mark.parametrize("code", range(52))
def test_round_trip_every_card(code: int) -> None:
    name = NAMES[code]
    assert format_card(code) == name
    assert parse_card(name) == code
    assert parse_card(format_card(code)) == code


@pytest.mark.parametrize(
    "text",
    [
        "AsKd",
        "As Kd",
        "as kd",
        "AS KD",
        "aSkD",
        "As,Kd",
        "[As Kd]",
        "  As\tKd\n",
        "A♠K♦",
        "A♤ K♢",
        "a♠ k♦",
    ],
)
def test_accepted_forms(text: str) -> None:
    assert parse_cards(text).tolist() == [51, 45]


def test_ten_may_be_written_10() -> None:
    assert parse_cards("10s").tolist() == [code_of("Ts")]
    assert parse_cards("10h 10c Td").tolist() == [code_of("Th"), code_of("Tc"), code_of("Td")]
    assert parse_cards("10♥9♥").tolist() == [code_of("Th"), code_of("9h")]


def test_unicode_suits_for_every_card() -> None:
    for name in NAMES:
        assert parse_card(name[0] + SUIT_SYMBOLS[name[1]]) == code_of(name)


def test_parse_whole_deck_in_any_order() -> None:
    shuffled = np.random.default_rng(5).permutation(52)
    text = " ".join(NAMES[code] for code in shuffled)
    codes = parse_cards(text)
    assert codes.dtype == np.uint8
    assert codes.tolist() == shuffled.tolist()
    assert format_cards(codes, separator=" ") == text


def test_empty_string_is_no_cards() -> None:
    codes = parse_cards("")
    assert codes.shape == (0,) and codes.dtype == np.uint8


def test_format_cards() -> None:
    assert format_cards([51, 45]) == "AsKd"
    assert format_cards(np.array([0, 1, 2, 3], dtype=np.uint8), separator=" ") == "2c 2d 2h 2s"
    assert format_cards([]) == ""


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Ax", "Ax"),
        ("1s", "1s"),
        ("Zz", "Zz"),
        ("AsK", "K"),
        ("As Kd 7", "7"),
        ("11s", "11"),
        ("Asx", "x"),
    ],
)
def test_unknown_card_is_named(text: str, bad: str) -> None:
    with pytest.raises(ValueError, match=f"unknown card '{bad}"):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "duplicate"), [("AsAs", "As"), ("2c 3d 2c", "2c"), ("Th10h", "Th")]
)
def test_duplicate_card_is_named(text: str, duplicate: str) -> None:
    with pytest.raises(ValueError, match=f"duplicate card {duplicate}"):
        parse_cards(text)


def test_error_messages_use_the_given_name() -> None:
    with pytest.raises(ValueError, match=r"^board: "):
        parse_cards("Qx", name="board")
    with pytest.raises(ValueError, match=r"^hole: "):
        as_card_array([60], name="hole")


def test_parse_card_wants_exactly_one() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        parse_card("AsKd")
    with pytest.raises(ValueError, match="exactly one"):
        parse_card("")


def test_non_string_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        parse_cards(51)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [52, 53, 255, -1, 1000])
def test_format_card_out_of_range(code: int) -> None:
    with pytest.raises(ValueError, match=str(code)):
        format_card(code)


# ---------------------------------------------------------------- as_card_array


def test_strings_lists_and_arrays_agree() -> None:
    expected = [[51, 45], [0, 4]]
    as_strings = as_card_array(["AsKd", "2c3c"])
    as_lists = as_card_array(expected)
    as_array = as_card_array(np.array(expected, dtype=np.int64))
    for array in (as_strings, as_lists, as_array):
        assert array.dtype == np.uint8
        assert array.tolist() == expected
    assert as_card_array(["As", "Kd"]).tolist() == [51, 45], "one hand written card by card"
    assert as_card_array(("As", "Kd")).tolist() == [51, 45]
    assert as_card_array("AsKd").tolist() == [51, 45]


def test_every_integer_dtype_is_accepted() -> None:
    for dtype in (np.uint8, np.int8, np.uint16, np.int16, np.int32, np.uint32, np.int64, np.uint64):
        array = as_card_array(np.array([0, 51], dtype=dtype))
        assert array.dtype == np.uint8 and array.tolist() == [0, 51]


def test_output_is_contiguous_and_batch_shape_kept() -> None:
    batch = np.arange(2 * 3 * 5, dtype=np.int64).reshape(2, 3, 5)
    array = as_card_array(batch[:, :, ::-1])
    assert array.shape == (2, 3, 5)
    assert array.flags.c_contiguous
    np.testing.assert_array_equal(array, batch[:, :, ::-1])


def test_scalar_becomes_one_card() -> None:
    assert as_card_array(np.int64(7)).tolist() == [7]
    assert as_card_array(7).tolist() == [7]


@pytest.mark.parametrize(
    "cards",
    [
        np.array([52]),
        np.array([-1]),
        np.array([255], dtype=np.uint8),
        np.array([0, 1, 60], dtype=np.int16),
        np.array([-1], dtype=np.int8),
        np.array([2**63], dtype=np.uint64),
        [52],
        [[0, 1], [2, 99]],
    ],
)
def test_code_out_of_range(cards: object) -> None:
    with pytest.raises(ValueError, match="out of range"):
        as_card_array(cards)


@pytest.mark.parametrize(
    "cards",
    [
        np.array([1.5, 2.0]),
        np.array([np.nan]),
        np.array([np.inf]),
        np.array([True, False]),
        [True, False],
        np.array(["As", "Kd"]),
        np.array([b"As"]),
        np.array([1, 2], dtype=object),
        np.array([1 + 0j]),
        [2**70],
        None,
    ],
)
def test_wrong_dtype(cards: object) -> None:
    with pytest.raises(ValueError, match="expected integer card codes"):
        as_card_array(cards)  # type: ignore[arg-type]


def test_mixed_string_and_int_list_is_rejected() -> None:
    with pytest.raises(ValueError, match="cards"):
        as_card_array(["AsKd", 5])


def test_ragged_batch_is_rejected_with_the_name() -> None:
    with pytest.raises(ValueError, match=r"^hole: .*same number"):
        as_card_array([[1, 2], [3]], name="hole")
    with pytest.raises(ValueError, match=r"^hole: .*same number"):
        as_card_array(["AsKd", "2c"], name="hole")


@pytest.mark.parametrize(
    ("cards", "lengths"),
    [
        ("AsKd7c", [2]),
        (["AsKd7c", "2c3c4c"], [2]),
        (np.arange(12).reshape(4, 3), [5, 6, 7]),
        ("", [2]),
    ],
)
def test_wrong_count(cards: object, lengths: list[int]) -> None:
    with pytest.raises(ValueError, match="cards per hand"):
        as_card_array(cards, lengths=lengths)  # type: ignore[arg-type]


def test_allowed_counts() -> None:
    assert as_card_array("AsKd", lengths=[2]).shape == (2,)
    assert as_card_array(np.arange(14).reshape(2, 7), lengths=[5, 6, 7]).shape == (2, 7)


def test_duplicates_in_arrays() -> None:
    with pytest.raises(ValueError, match="duplicate card 2d"):
        as_card_array([1, 1])
    with pytest.raises(ValueError, match="duplicate card 3c"):
        as_card_array([[0, 1, 2], [4, 5, 4]])
    with pytest.raises(ValueError, match="duplicate card Ah"):
        as_card_array(["AsKd", "AhAh"])
    # The same card in two different hands of a batch is fine.
    assert as_card_array([[0, 1], [0, 1]]).shape == (2, 2)
    assert as_card_array([3, 3], distinct=False).tolist() == [3, 3]


def test_check_distinct_finds_the_first_duplicate_anywhere() -> None:
    rng = np.random.default_rng(11)
    hands = np.array([rng.choice(52, size=7, replace=False) for _ in range(50)])
    check_distinct(hands)  # no duplicate: no error
    hands[37, 5] = hands[37, 2]
    with pytest.raises(ValueError, match=f"duplicate card {NAMES[hands[37, 2]]}"):
        check_distinct(hands, name="hands")
    check_distinct(np.zeros((3, 1), dtype=np.uint8))  # one card per hand cannot repeat
    check_distinct(np.zeros((0, 2), dtype=np.uint8))


def test_all_pairs_of_distinct_cards_are_valid() -> None:
    pairs = np.array(list(itertools.combinations(range(52), 2)))
    array = as_card_array(pairs, lengths=[2])
    assert array.shape == (1326, 2)


@pytest.mark.parametrize(
    "text",
    ["AsKſ", "A\u212as", "\u212as", "Aſ", "Ａs", "A\u0455", "2\u0441"],
)
def test_unicode_look_alikes_are_unknown_cards(text: str) -> None:
    with pytest.raises(ValueError, match=r"unknown card .* in " + re.escape(repr(text))):
        parse_cards(text)


@pytest.mark.parametrize(
    "cards",
    [np.array([16.0, 1.0]), np.array([True, False]), np.array([1e20]), [np.nan], 16.0],
)
def test_non_integer_dtypes_are_refused(cards) -> None:
    with pytest.raises(ValueError, match="expected integer card codes, got dtype"):
        as_card_array(cards)


def test_masked_array_is_refused() -> None:
    with pytest.raises(ValueError, match="hand: masked arrays are not accepted"):
        as_card_array(np.ma.masked_array([1, 2], mask=[0, 1]), name="hand")


def test_empty_list_is_an_empty_hand() -> None:
    assert as_card_array([]).shape == (0,)
