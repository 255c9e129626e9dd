"""Range weights: a ``:weight`` belongs to one item and ends at the first space or comma.

Oracle: the combos of each item are listed here by class name (``class_of``,
written independently of the parser) with the weight the item reads as; the
parsed range must hold exactly those combos at those weights.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.test_range_object import weight_map
from cards.test_ranges import ALL_COMBOS, class_of
from showdown.cards import Range, parse_range

PAIRS_DOWN = "AKQJT98765432"


def classes_weighted(*parts: tuple[set[str], float]) -> dict[tuple[int, int], float]:
    """Combo -> weight for classes given as ``(names, weight)``, later parts winning."""
    expected: dict[tuple[int, int], float] = {}
    for names, weight in parts:
        for combo in ALL_COMBOS:
            name = class_of(combo)
            # "AK" names both AKs and AKo.
            if name in names or name[:2] in names:
                expected[combo] = weight
    return expected


QUOTED = {
    "AA:0.5 72": classes_weighted(({"AA"}, 0.5), ({"72"}, 1.0)),
    "QQ+:0.5 22": classes_weighted(({"QQ", "KK", "AA"}, 0.5), ({"22"}, 1.0)),
    "AK:0.5 10 10": classes_weighted(({"AK"}, 0.5), ({"TT"}, 1.0)),
    "T9s-76s:0.5 98": classes_weighted(({"T9s", "98s", "87s", "76s"}, 0.5), ({"98"}, 1.0)),
    "AA:.5 33": classes_weighted(({"AA"}, 0.5), ({"33"}, 1.0)),
    "random:0.8 97": classes_weighted(({class_of(c) for c in ALL_COMBOS}, 0.8), ({"97"}, 1.0)),
}


@pytest.mark.parametrize("text", sorted(QUOTED))
def test_a_weight_ends_at_the_first_space(text: str) -> None:
    assert weight_map(parse_range(text)) == QUOTED[text]
    # The same items separated by a comma read the same.
    assert Range(text) == Range(text.replace(" ", ", ", 1))


def test_counts_of_the_quoted_examples() -> None:
    # 6 aces + 16 seven-deuces; the old reading was 6 aces at weight 0.572.
    assert len(Range("AA:0.5 72")) == 22
    assert Range("AA:0.5 72").combo_weight == 6 * 0.5 + 16


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("AKs : 0.5 QQ", "AKs:0.5, QQ"),
        ("AKs: 0.5 QQ", "AKs:0.5, QQ"),
        ("AKs :0.5 QQ", "AKs:0.5, QQ"),
        ("Ah Kh:0.5 QQ", "AhKh:0.5, QQ"),
        ("22 - 55:0.25 66", "22-55:0.25, 66"),
        ("JJ-:0.5 AA", "JJ-:0.5, AA"),
        ("AA:0.5\tKK:0.25\nQQ", "AA:0.5, KK:0.25, QQ"),
        ("AA:5e-1 KK", "AA:0.5, KK"),
    ],
)
def test_spaces_around_the_colon_still_join(text: str, same_as: str) -> None:
    assert Range(text) == Range(same_as)


def test_equity_reads_the_items_the_text_shows() -> None:
    from showdown import equity

    spaced = equity(["AA:0.5 72", "KK"], exact=True)
    listed = equity(["AA:0.5, 72", "KK"], exact=True)
    assert spaced.equity.tolist() == listed.equity.tolist()
    glued = equity(["AA:0.572", "KK"], exact=True)
    assert spaced.equity.tolist() != glued.equity.tolist()


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("AA:0.5.3", "0.5.3"),
        ("AA:", "AA:"),
        ("AA:-1", "-1"),
        ("AA:nan", "nan"),
        ("AA:NaN", "NaN"),
        ("AA:inf", "inf"),
        ("AA:-inf", "-inf"),
        ("AA:1e-400", "1e-400"),
        ("AA:1e999", "1e999"),
        ("AA:0", "AA:0"),
        ("AA:1.5", "1.5"),
        ("AA:0.2_5", "0.2_5"),
        ("AA:+0.5", "+0.5"),
        ("AA:0x1", "0x1"),
        ("AA:0.5:0.3", "AA:0.5:0.3"),
        ("AA:0.5 :0.3", "AA:0.5:0.3"),
        ("AA:.", "AA:."),
        ("AA:e5", "e5"),
        ("AA:0.5 .3", ".3"),
        ("KK, AA:0.5.3", "0.5.3"),
    ],
)
def test_odd_weights_name_the_offending_token(text: str, token: str) -> None:
    with pytest.raises(ValueError, match=re.escape(token)) as raised:
        parse_range(text, name="villain")
    assert str(raised.value).startswith("villain: ")


# Items of every kind, some spelled with "10" or with spaces inside.
ITEMS = st.sampled_from(
    [
        "AA",
        "KK",
        "10 10",
        "QQ+",
        "JJ-",
        "22-55",
        "22 - 55",
        "AK",
        "AKs",
        "AKo",
        "A10s",
        "A2s+",
        "KTo+",
        "T9s-76s",
        "A9s-A5s",
        "AhKh",
        "Ah Kh",
        "2c2d",
        "T9",
        "72",
        "random",
    ]
)
WEIGHTS = st.sampled_from(["", ":0.5", ":.25", ":1", ":0.75", " : 0.5", ":5e-1", ":0.125"])


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.lists(st.tuples(ITEMS, WEIGHTS).map("".join), min_size=1, max_size=7))
def test_items_joined_by_spaces_or_commas_are_the_same_range(items: list[str]) -> None:
    by_comma = Range(", ".join(items))
    assert Range(" ".join(items)) == by_comma
    # And the range is the items applied in order, the last naming a combo setting its weight.
    expected: dict[tuple[int, int], float] = {}
    for item in items:
        expected.update(weight_map(parse_range(item)))
    assert weight_map(by_comma) == expected
