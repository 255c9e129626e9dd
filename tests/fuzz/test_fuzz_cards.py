"""Fuzz card strings (any unicode text) and range strings."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown.cards import format_cards, parse_cards, parse_range

from ._harness import EXAMPLE_COUNTS, fuzz_settings, outcome_of

# Pieces that make valid-looking card text, mixed with arbitrary unicode so
# both the accepting and the refusing paths are explored.
CARD_PIECES = st.sampled_from(
    [
        *"23456789TJQKAtjqka",
        "10",
        *"cdhsCDHS",
        *"♣♦♥♠♧♢♡♤",
        " ",
        ",",
        "[",
        "]",
        "-",
        "ſ",
        "K",
        "Ａ",
        "ѕ",
        "1",
        "0",
        "x",
        "\xa0",
    ]
)
VALID_TOKENS = st.builds(
    lambda rank, suit: rank + suit,
    st.sampled_from([*"23456789TJQKAtjqka", "10"]),
    st.sampled_from([*"cdhsCDHS♣♦♥♠"]),
)
SEPARATORS = st.sampled_from(["", " ", ",", ", ", "  ", "-", "[", "]"])
CARD_TEXT = st.one_of(
    st.text(max_size=24),
    st.lists(CARD_PIECES, max_size=16).map("".join),
    st.lists(st.tuples(VALID_TOKENS, SEPARATORS), max_size=8).map(
        lambda pairs: "".join(token + separator for token, separator in pairs)
    ),
)

# Oracle: what an ASCII-only reader of rank+suit tokens accepts.
_SEPARATORS = re.compile(r"[\s,\[\]\(\)\-]+")
_SUITS = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_SUITS.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


def oracle_cards(text: str) -> list[int] | None:
    compact = _SEPARATORS.sub("", text)
    codes: list[int] = []
    position = 0
    while position < len(compact):
        if compact.startswith("10", position):
            rank, position = 8, position + 2
        elif compact[position].upper() in "23456789TJQKA" and compact[position].isascii():
            rank, position = "23456789TJQKA".index(compact[position].upper()), position + 1
        else:
            return None
        if position >= len(compact):
            return None
        suit_char = compact[position]
        suit = _SUITS.get(suit_char.lower() if suit_char.isascii() else suit_char)
        if suit is None:
            return None
        codes.append(rank * 4 + suit)
        position += 1
    return codes if len(set(codes)) == len(codes) else None


@pytest.mark.parametrize("examples", EXAMPLE_COUNTS)
def test_parse_cards_on_any_text(examples: int) -> None:
    @fuzz_settings(examples)
    @given(CARD_TEXT)
    def run(text: str) -> None:
        expected = oracle_cards(text)

        def check(codes: np.ndarray) -> None:
            assert codes.dtype == np.uint8
            assert codes.tolist() == expected, (text, codes.tolist(), expected)
            assert parse_cards(format_cards(codes)).tolist() == codes.tolist()

        result = outcome_of(
            "parse_cards", lambda: parse_cards(text), names=[repr(text)], check=check
        )
        if result is None:
            assert expected is None, f"refused valid text {text!r}"

    run()


RANGE_PIECES = st.sampled_from(
    [
        "AA",
        "KK",
        "QQ+",
        "JJ-",
        "22-55",
        "AK",
        "AKs",
        "AKo",
        "A2s+",
        "KTo+",
        "T9s-76s",
        "A9s-A5s",
        "AhKh",
        "Ah Kh",
        "random",
        "any",
        "*",
        ":0.5",
        ":1",
        ":0",
        ":2",
        ",",
        " ",
        "  ",
        "-",
        "+",
        "AKx",
        "ſ",
        "K",
        "10",
        "s",
        "o",
        "QQs",
        "٠.٥",
        "Ａ",
        "nan",
        ":",
        ",,",
    ]
)
RANGE_TEXT = st.one_of(st.text(max_size=20), st.lists(RANGE_PIECES, max_size=8).map("".join))


@pytest.mark.parametrize("examples", EXAMPLE_COUNTS)
def test_parse_range_on_any_text(examples: int) -> None:
    @fuzz_settings(examples)
    @given(RANGE_TEXT)
    def run(text: str) -> None:
        def check(hand_range) -> None:
            combos = hand_range.combos
            assert combos.ndim == 2 and combos.shape[1] == 2 and len(combos) >= 1
            assert np.all(combos[:, 0] < combos[:, 1]) and int(combos.max()) < 52
            rows = [tuple(row) for row in combos.tolist()]
            assert rows == sorted(set(rows))
            weights = hand_range.weights
            assert np.all((weights > 0) & (weights <= 1))
            # No letter outside ASCII (a look-alike) was read as a rank or suit.
            assert all(ch.isascii() or not ch.isalpha() for ch in text), text

        # Errors name the range: "range: ..." and the token or the text.
        outcome_of("parse_range", lambda: parse_range(text), names=["range"], check=check)

    run()


VALID_ITEMS = st.sampled_from(
    [
        "AA",
        "KK",
        "QQ+",
        "JJ-",
        "22-55",
        "AK",
        "AKs",
        "AKo",
        "A2s+",
        "KTo+",
        "T9s-76s",
        "A9s-A5s",
        "AhKh",
        "2c2d",
        "T9",
        "random",
    ]
)


@pytest.mark.parametrize("examples", EXAMPLE_COUNTS)
def test_range_lists_equal_the_union_of_their_items(examples: int) -> None:
    """Comma or space separated, a list is the union of its items parsed alone."""

    @fuzz_settings(examples)
    @given(
        st.lists(
            st.tuples(VALID_ITEMS, st.sampled_from([",", " ", ", ", "  ,  "])),
            min_size=1,
            max_size=6,
        )
    )
    def run(pairs: list[tuple[str, str]]) -> None:
        text = "".join(item + separator for item, separator in pairs[:-1]) + pairs[-1][0]
        expected = set()
        for item, _ in pairs:
            expected |= {tuple(row) for row in parse_range(item).combos.tolist()}

        def check(hand_range) -> None:
            assert {tuple(row) for row in hand_range.combos.tolist()} == expected, text

        outcome_of("parse_range (lists)", lambda: parse_range(text), names=[], check=check)

    run()
