"""Tests for ``showdown.Range``: canonical text, set algebra, grid, top-X %, equity input.

Oracles: Python dicts of combos -> weights built here from an independent
class naming (``class_of``), the grid cell of each class written out by hand
from the players' convention, exact published preflop equities, and the exact
identity that a hand class table averaged over all 1,326 hands is one half.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import showdown
from cards.test_ranges import ALL_COMBOS, RANK_LETTERS, card_name, class_of
from showdown.cards import HandRange, Range, parse_range
from showdown.cards.preflop_order import preflop_equity, preflop_order

CLASSES = sorted({class_of(combo) for combo in ALL_COMBOS})
CLASS_OF = {combo: class_of(combo) for combo in ALL_COMBOS}
CLASS_SIZE = {name: sum(1 for c in ALL_COMBOS if CLASS_OF[c] == name) for name in CLASSES}
SETTINGS = settings(max_examples=60, derandomize=True, deadline=None)


def weight_map(hand_range: HandRange) -> dict[tuple[int, int], float]:
    return {
        (int(low), int(high)): float(weight)
        for (low, high), weight in zip(hand_range.combos, hand_range.weights, strict=True)
    }


def expected_cell(name: str) -> tuple[int, int]:
    """Grid cell of a class, from the convention: A first, suited above the diagonal."""
    high, low = 12 - RANK_LETTERS.index(name[0]), 12 - RANK_LETTERS.index(name[1])
    if len(name) == 2 or name[2] == "s":
        return high, low
    return low, high


# A range as a dict, drawn from classes at a few weights plus loose combos.
weights_strategy = st.sampled_from([1.0, 1.0, 1.0, 0.5, 0.25, 0.75])
range_dicts = st.builds(
    lambda classes, loose, dead_weights: _build_dict(classes, loose, dead_weights),
    st.dictionaries(st.sampled_from(CLASSES), weights_strategy, max_size=40),
    st.dictionaries(st.sampled_from(ALL_COMBOS), weights_strategy, max_size=8),
    st.just(None),
)


def _build_dict(classes, loose, _unused) -> dict[tuple[int, int], float]:
    result = {combo: classes[CLASS_OF[combo]] for combo in ALL_COMBOS if CLASS_OF[combo] in classes}
    result.update(loose)
    return result


def from_dict(combos: dict[tuple[int, int], float]) -> Range:
    keys = sorted(combos)
    return Range.from_combos(np.array(keys, np.uint8), [combos[k] for k in keys])


# ------------------------------------------------------------------ text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("QQ+, AKs:0.5, T9s-76s", "QQ+, AKs:0.5, T9s-76s"),
        ("76s, AKs:0.5, KK, 98s, AA, 87s, QQ, T9s", "QQ+, AKs:0.5, T9s-76s"),
        ("AA, KK, QQ, JJ, TT, 99, 88, 77, 66, 55, 44, 33, 22", "22+"),
        ("22, 33, 44, 55", "55-"),
        ("TT, 99, 88", "TT-88"),
        ("AKs, AKo", "AK"),
        ("AQs, AKs, AJs, ATs", "ATs+"),
        ("A9s, A8s, A7s", "A9s-A7s"),
        ("KQo, KJo", "KJo+"),
        ("AKs, AQs, AKo", "AK, AQs"),
        ("random", "random"),
        ("ahkh", "AhKh"),
        ("KK, AA:0.5", "AA:0.5, KK"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    assert str(Range(text)) == canonical
    assert Range(text).text == canonical
    assert repr(Range(text)) == f"Range({canonical!r})"


@SETTINGS
@given(range_dicts)
def test_text_round_trips_exactly(combos: dict[tuple[int, int], float]) -> None:
    if not combos:
        return
    rng = from_dict(combos)
    again = Range(str(rng))
    assert weight_map(again) == combos
    assert again == rng and hash(again) == hash(rng)
    assert str(again) == str(rng)  # canonical: a fixed point
    # Never longer than naming every combo one by one.
    one_by_one = ", ".join(card_name(b) + card_name(a) + f":{w!r}" for (a, b), w in combos.items())
    assert len(str(rng)) <= len(one_by_one)


def test_equal_sets_give_equal_text_whatever_the_input_order() -> None:
    one = Range("T9s-76s, QQ+, AKs:0.5")
    two = Range("AKs:0.5, 76s, 87s, KK, 98s, AA, QQ, T9s")
    assert one == two and str(one) == str(two) and hash(one) == hash(two)


# ------------------------------------------------------------- set algebra


@SETTINGS
@given(range_dicts, range_dicts)
def test_set_algebra_matches_python_dicts(left: dict, right: dict) -> None:
    if not left or not right:
        return
    a, b = from_dict(left), from_dict(right)
    union = {
        key: max(left.get(key, 0.0), right.get(key, 0.0)) for key in left.keys() | right.keys()
    }
    assert weight_map(a | b) == union
    common = {key: min(left[key], right[key]) for key in left.keys() & right.keys()}
    difference = {key: left[key] for key in left.keys() - right.keys()}
    for operation, expected in ((lambda x, y: x & y, common), (lambda x, y: x - y, difference)):
        if expected:
            assert weight_map(operation(a, b)) == expected
        else:
            with pytest.raises(ValueError, match="holds no hand"):
                operation(a, b)


def test_operators_take_text_on_either_side() -> None:
    assert Range("AA") | "KK" == Range("KK+")
    assert "KK" | Range("AA") == Range("KK+")
    assert "QQ+" - Range("KK") == Range("AA, QQ")
    assert Range("QQ+") & "KK+" == Range("KK+")
    with pytest.raises(TypeError):
        Range("AA") | 3  # type: ignore[operator]


def test_remove_is_card_removal_and_minus_is_combo_removal() -> None:
    rng = Range("AK")
    assert len(rng - "AhKh") == 15
    removed = rng.remove("Ah Kh")
    assert len(removed) == 9 and isinstance(removed, Range)
    assert all("Ah" not in text and "Kh" not in text for text in removed.to_strings())
    assert Range("AK", dead="Ah Kh") == removed
    with pytest.raises(ValueError, match="no hand"):
        Range("AhKh").remove("Ah")


def test_contains() -> None:
    rng = Range("AKs, QQ")
    assert "AhKh" in rng and "KhAh" in rng and [51, 47] in rng
    assert "AhKd" not in rng and "As" not in rng and "garbage" not in rng


def test_immutable_hashable_and_picklable() -> None:
    rng = Range("QQ+, AKs:0.5")
    with pytest.raises(AttributeError, match="immutable"):
        rng.text = "AA"  # type: ignore[misc]
    with pytest.raises(ValueError):
        rng.combos[0, 0] = 3
    assert {rng, Range("AKs:0.5, QQ+")} == {rng}
    assert pickle.loads(pickle.dumps(rng)) == rng
    assert Range("AA") != "AA" and Range("AA") != parse_range("AA")


def test_construction_from_hand_ranges_and_errors() -> None:
    assert Range(parse_range("QQ+, AKs")) == Range("AKs, QQ+")
    assert Range(Range("AA"), dead="As") == Range("AA").remove("As")
    assert len(Range(parse_range("random"))) == 1326
    with pytest.raises(ValueError, match="two-card"):
        Range(showdown.cards.parse_hand_or_range("AsAhKsKh", 4))
    with pytest.raises(ValueError, match="expected range text"):
        Range(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bad token"):
        Range("AKx")
    with pytest.raises(ValueError, match="listed twice"):
        Range.from_combos(["AhKh", "KhAh"])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        Range.from_combos(["AhKh"], [1.5])
    with pytest.raises(ValueError, match="2 combos but 1 weights"):
        Range.from_combos(["AhKh", "AdKd"], [1.0])
    assert str(Range.from_combos(["AhKh", "AdKd"], [1.0, 0.0])) == "AhKh"


def test_weights_and_sizes() -> None:
    rng = Range("AA, KK:0.5")
    assert len(rng) == 12 and rng.combo_weight == 9.0
    assert rng.fraction == pytest.approx(9 / 1326)


# -------------------------------------------------------------------- grid


@SETTINGS
@given(range_dicts)
def test_grid_sums_weights_per_cell(combos: dict[tuple[int, int], float]) -> None:
    if not combos:
        return
    rng = from_dict(combos)
    expected = np.zeros((13, 13))
    size = CLASS_SIZE
    for combo, weight in combos.items():
        name = CLASS_OF[combo]
        expected[expected_cell(name)] += weight / size[name]
    np.testing.assert_allclose(rng.grid(), expected, rtol=0, atol=1e-12)


def test_grid_layout_and_frame() -> None:
    grid = Range("AKs").grid()
    assert grid[0, 1] == 1.0 and grid.sum() == 1.0  # row A, column K: suited above
    assert Range("AKo").grid()[1, 0] == 1.0
    assert Range("72o").grid()[12, 7] == 1.0  # offsuit: row = the low card (2), column = 7
    frame = Range("72o, T9s:0.5").grid(as_frame=True)
    assert list(frame.index) == list("AKQJT98765432") == list(frame.columns)
    assert frame.loc["2", "7"] == 1.0 and frame.loc["T", "9"] == 0.5
    assert frame.to_numpy().sum() == 1.5


def test_grid_counts_removed_combos_as_a_share() -> None:
    grid = Range("AA").remove("As").grid()
    assert grid[0, 0] == 0.5  # 3 of 6 combos left


@SETTINGS
@given(
    st.lists(st.sampled_from([0.0, 0.0, 0.0, 0.25, 0.5, 1.0]), min_size=169, max_size=169).filter(
        any
    )
)
def test_from_grid_round_trips(values: list[float]) -> None:
    grid = np.array(values).reshape(13, 13)
    rng = Range.from_grid(grid)
    np.testing.assert_array_equal(rng.grid(), grid)
    assert Range.from_grid(rng.grid()) == rng
    assert Range(str(rng)) == rng
    # Every combo of a cell carries the cell's value.
    for combo, weight in weight_map(rng).items():
        assert weight == grid[expected_cell(CLASS_OF[combo])]


def test_from_grid_errors() -> None:
    with pytest.raises(ValueError, match="13x13"):
        Range.from_grid(np.zeros((12, 13)))
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        Range.from_grid(np.full((13, 13), 2.0))
    with pytest.raises(ValueError, match="no hand"):
        Range.from_grid(np.zeros((13, 13)))


def test_to_pandas_and_html() -> None:
    frame = Range("AKs:0.5, 22").to_pandas()
    assert list(frame.columns) == ["combo", "hand_class", "weight"]
    assert sorted(set(frame.hand_class)) == ["22", "AKs"] and len(frame) == 10
    html = Range("AKs:0.5").remove("2c")._repr_html_()
    assert html.count("<td") == 169 and "rgba(214,39,40,0.500)" in html and "AKs" in html
    assert "dead 2c" in html


# ----------------------------------------------------------------- top X %


def test_preflop_table_is_consistent_exactly() -> None:
    equities = preflop_equity()
    assert list(equities) == [showdown.cards.range_grid.HAND_CLASSES[i] for i in range(169)]
    # Over all 1,326 hands, hero and a random opponent are exchangeable: the
    # combo-weighted mean equity against a random hand is exactly one half.
    from showdown.cards.preflop_order import _exact_equities

    exact = _exact_equities()
    size = CLASS_SIZE
    assert sum(size[name] * exact[name] for name in CLASSES) / 1326 == Fraction(1, 2)


def test_preflop_table_matches_published_values() -> None:
    equities = preflop_equity()
    assert round(100 * equities["AA"], 4) == 85.2037
    assert round(100 * equities["22"], 4) == 50.3340
    assert preflop_order()[-1] == "32o" and round(100 * equities["32o"], 2) == 32.30
    assert preflop_order()[0] == "AA"


@pytest.mark.parametrize("fraction", [0.001, 0.05, 0.15, 0.333, 0.5, 0.9, 1.0])
def test_top_takes_the_nearest_prefix_of_the_order(fraction: float) -> None:
    rng = Range.top(fraction)
    order = preflop_order()
    held = {class_of(combo) for combo in map(tuple, rng.combos.tolist())}
    size = CLASS_SIZE
    take = len(held)
    assert held == set(order[:take])  # a prefix
    assert len(rng) == sum(size[name] for name in order[:take])
    target = fraction * 1326
    for other in (take - 1, take + 1):
        if 1 <= other <= 169:
            other_count = sum(size[name] for name in order[:other])
            assert abs(len(rng) - target) <= abs(other_count - target)


def test_top_monotone_and_edges() -> None:
    sizes = [len(Range.top(f / 100)) for f in range(1, 101)]
    assert sizes == sorted(sizes)
    assert Range.top(1.0) == Range("random") and str(Range.top(1.0)) == "random"
    assert str(Range.top(0.0001)) == "AA"
    assert len(Range.top(0.2, dead="As")) < len(Range.top(0.2))
    for bad in (0, -0.1, 1.5, 15, float("nan"), True, "0.1"):
        with pytest.raises(ValueError, match="top"):
            Range.top(bad)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("hand_class", ["KK", "AKo", "T9s", "72o"])
def test_preflop_table_rows_recomputed_with_the_engine(hand_class: str) -> None:
    from showdown.cards.preflop_order import _exact_equities
    from showdown.equity.analysis._build_preflop_order import class_counters

    _, deals, wins, ties = class_counters(hand_class, threads=None)
    assert deals == 1225 * 1_712_304  # every opponent hand times every board
    assert Fraction(2 * wins + ties, 2 * deals) == _exact_equities()[hand_class]


# --------------------------------------------------------- equity takes it


def test_equity_accepts_a_range_like_its_text() -> None:
    rng = Range("QQ+, AKs:0.5")
    by_object = showdown.equity([rng, "AKo"], board="Kd7c2h")
    by_text = showdown.equity(["QQ+, AKs:0.5", "AKo"], board="Kd7c2h")
    np.testing.assert_array_equal(by_object.equity, by_text.equity)
    assert by_object.players[0] == "QQ+, AKs:0.5"
    sampled = showdown.equity([rng, Range("random")], samples=20_000, seed=3)
    again = showdown.equity(["QQ+, AKs:0.5", "random"], samples=20_000, seed=3)
    np.testing.assert_array_equal(sampled.equity, again.equity)


def test_combos_of_every_class_are_where_the_grid_says() -> None:
    for name in CLASSES:
        rng = Range(name)
        assert np.argwhere(rng.grid() > 0).tolist() == [list(expected_cell(name))]
        assert {class_of(c) for c in map(tuple, rng.combos.tolist())} == {name}
    assert len(CLASSES) == 169
