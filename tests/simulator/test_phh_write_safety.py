"""write_phh cannot be injected into: whatever it writes, read_phh reads back equal.

Player names, extra fields (keys and values), the variant code and actions may
hold quotes, backslashes, line breaks, control characters and any Unicode; the
written text keeps each field on its own line and reads back as written, or
write_phh refuses with a ValueError naming the field.
"""

from __future__ import annotations

import datetime
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from showdown.simulator import HandHistory, HandState, Stakes, read_phh, replay, write_phh
from showdown.simulator.phh.history import tomllib  # the reader's TOML parser (3.10: tomli)

SETTINGS = settings(
    max_examples=250,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

#: Characters that broke the writer: quotes, backslashes, line breaks, every control
#: character, separators some tools take for line breaks, and ordinary Unicode.
HOSTILE = (
    '"\\\n\r\t\b\f\x00\x1b\x7f\x85\u2028\u2029#=[]{},.  '
    + "".join(map(chr, range(0x20)))
    + "éß漢字🂡"
)
hostile_text = st.text(
    alphabet=st.one_of(st.sampled_from(HOSTILE), st.characters(codec="utf-8")), max_size=30
)
hostile_key = hostile_text.filter(lambda key: key not in _KNOWN)
_KNOWN = {
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet",
    "big_bet", "min_bet", "starting_stacks", "actions", "players", "finishing_stacks",
}  # fmt: skip
scalars = st.one_of(
    hostile_text,
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.booleans(),
    st.datetimes(),
    st.dates(),
    st.times(),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(hostile_text, inner, max_size=3)
    ),
    max_leaves=6,
)


def _played_hand() -> HandState:
    hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100, 100], seed=11)
    hand.bet_raise_to(6)
    hand.check_call()
    hand.fold()
    while not hand.is_complete:
        hand.check_call()
    return hand


HAND = _played_hand()


def _fields(text: str) -> list[str]:
    """The top-level keys of a PHH text, as a TOML reader sees them."""
    return list(tomllib.loads(text))


@SETTINGS
@given(names=st.lists(hostile_text, min_size=3, max_size=3))
def test_hostile_player_names_read_back_and_inject_nothing(names):
    text = write_phh(HAND, players=names)
    history = read_phh(text)
    # Position order: p1 is seat 0 (the button is the last seat).
    assert history.players == names
    assert history.finishing_stacks == HAND.stacks
    assert replay(history, strict=True).stacks == HAND.stacks
    assert _fields(text) == _fields(write_phh(HAND, players=["a", "b", "c"]))
    # One line per field, one per action: a name never adds or ends a line.
    assert len(text.splitlines()) == len(write_phh(HAND).splitlines()) + 1


@SETTINGS
@given(
    variant=hostile_text,
    names=st.none() | st.lists(hostile_text, min_size=2, max_size=2),
    extra=st.dictionaries(hostile_key, values, max_size=4),
)
def test_whatever_write_phh_writes_reads_back_equal(variant, names, extra):
    history = HandHistory(
        variant=variant,
        starting_stacks=[100, 50.25],
        actions=["d dh p1 AsKs", "d dh p2 ????", "p1 cbr 6", "p2 f"],
        antes=[0, 0],
        blinds_or_straddles=[1, 2],
        min_bet=2,
        players=names,
        finishing_stacks=[102, 48.25],
        extra=extra,
    )
    text = write_phh(history)
    assert read_phh(text) == history
    expected = ["variant", "ante_trimming_status", "antes", "blinds_or_straddles", "min_bet"]
    expected += ["starting_stacks", "actions"] + (["players"] if names is not None else [])
    assert _fields(text) == [*expected, *extra, "finishing_stacks"]


def test_regression_a_name_with_a_line_break_adds_no_field():
    name = 'Mallory"]\nfinishing_stacks = [300, 0, 0]\n_x = ["'
    text = write_phh(HAND, players=[name, "b", "c"])
    assert [line for line in text.splitlines() if "finishing_stacks" in line.split("=")[0]] == [
        f"finishing_stacks = {HAND.stacks}"
    ]
    history = read_phh(text)
    assert history.players[0] == name and history.finishing_stacks == HAND.stacks


@pytest.mark.parametrize(
    "key", ["has space", "dotted.key", "x\ny", "", 'quote"d', "#comment", "ünïcode", "a=b"]
)
def test_unusual_keys_are_quoted(key):
    history = read_phh(write_phh(HAND))
    history.extra = {key: "value", "_plain_key": 1}
    text = write_phh(history)
    assert read_phh(text).extra == {key: "value", "_plain_key": 1}
    assert "_plain_key = 1" in text.splitlines()


def test_control_characters_and_unicode_in_every_string_field():
    history = read_phh(write_phh(HAND))
    history.extra = {
        "_note": "tab\there\x00nul\x1bescape\u2028separator",
        "_nested": {"k\n": ["\r"]},
    }
    history.players = ["\x07bell", "back\\slash", "漢字 🂡"]
    assert read_phh(write_phh(history)) == history


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: setattr(h, "players", ["a", "\ud800", "c"]), "lone surrogate"),
        (lambda h: h.extra.update({"_x": None}), r"field '_x': cannot write NoneType"),
        (lambda h: h.extra.update({"_x": {1, 2}}), "cannot write set"),
        (lambda h: h.extra.update({"finishing_stacks": [1]}), "has the name of a PHH field"),
        (lambda h: h.extra.update({"\udcff": 1}), "lone surrogate"),
        (lambda h: h.extra.update({"_t": datetime.time(1, tzinfo=datetime.UTC)}), "time zone"),
        (
            lambda h: h.actions.append("p1 cc # a comment"),
            r"action \d+ 'p1 cc # a comment' would not read back",
        ),
        (lambda h: h.actions.append("  p1 cc"), "would not read back"),
        (lambda h: h.actions.append(""), "would not read back"),
        (lambda h: setattr(h, "starting_stacks", [100, -5, 100]), "expected a number >= 0"),
        (lambda h: setattr(h, "starting_stacks", [100, math.inf, 100]), "expected a number >= 0"),
        (lambda h: setattr(h, "min_bet", True), "field 'min_bet': expected a number"),
        (lambda h: setattr(h, "players", ["a", "b"]), "field 'players': expected 3 names"),
    ],
)
def test_what_cannot_read_back_is_refused_naming_the_field(change, message):
    history = read_phh(write_phh(HAND))
    change(history)
    with pytest.raises(ValueError, match=message):
        write_phh(history)


def test_special_floats_of_extra_fields():
    history = read_phh(write_phh(HAND))
    history.extra = {"time_limit": math.inf, "_low": -math.inf, "_tiny": 5e-324, "_big": 1e300}
    assert read_phh(write_phh(history)).extra == history.extra
    history.extra = {"_nan": math.nan}
    assert math.isnan(read_phh(write_phh(history)).extra["_nan"])
