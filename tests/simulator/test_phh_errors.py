"""PHH errors name the file, field or action and the reason; nothing invalid is accepted."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from showdown.simulator import IllegalActionError, read_phh, replay
from showdown.simulator.phh import check_finishing_stacks
from showdown.simulator.phh.history import shown_name

HEADER = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
"""


def text_with(actions: str, header: str = HEADER) -> str:
    return header + f"actions = {actions}\n"


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ("[1, 2]", "PHH text: field 'actions': item 0 is 1, expected an action string"),
        ("5", "PHH text: field 'actions': expected a list of action strings, got 5"),
        ('["d dh p1 AsAd", [1]]', "field 'actions': item 1 is [1], expected an action string"),
    ],
)
def test_actions_of_the_wrong_type(actions, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_phh(text_with(actions))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "starting_stacks",
            "[1, 'a']",
            "field 'starting_stacks': item 1 is 'a', expected a number",
        ),
        ("starting_stacks", "5", "field 'starting_stacks': expected a list of numbers, got 5"),
        ("starting_stacks", "[]", "field 'starting_stacks': expected at least 2 players"),
        (
            "starting_stacks",
            "[100, -1]",
            "field 'starting_stacks': item 1 is -1, expected a number >= 0",
        ),
        ("starting_stacks", "[100, nan]", "field 'starting_stacks': item 1 is nan"),
        ("antes", "[1, 2, 3]", "field 'antes': expected 2 amounts, one per player, got 3"),
        ("blinds_or_straddles", "[[1, 2], 2]", "field 'blinds_or_straddles': item 0 is [1, 2]"),
        ("min_bet", "[1, 2]", "field 'min_bet': expected a number, got [1, 2]"),
        ("min_bet", "true", "field 'min_bet': expected a number, got True"),
        ("variant", "7", "field 'variant': expected a variant code string, got 7"),
        ("players", '["a"]', "field 'players': expected 2 names, one per player, got 1"),
        ("finishing_stacks", '["x", 1]', "field 'finishing_stacks': item 0 is 'x'"),
        ("ante_trimming_status", "3", "field 'ante_trimming_status': expected true or false"),
    ],
)
def test_fields_of_the_wrong_type_name_the_field(field, value, message):
    lines = [line for line in HEADER.strip().splitlines() if not line.startswith(field + " ")]
    text = "\n".join([*lines, f"{field} = {value}", 'actions = ["d dh p1 AsAd"]'])
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_phh(text)


def test_deep_nesting_is_a_clean_error():
    deep = "[" * 600 + "]" * 600
    with pytest.raises(ValueError, match="PHH text: not valid TOML: nested too deeply"):
        read_phh(text_with("[]") + f"deep = {deep}\n")


def test_text_and_paths_follow_one_rule(tmp_path: Path):
    # A str with '=' (every PHH text has "key = value") is text; a str without is a path.
    with pytest.raises(ValueError, match="cannot read the PHH file: File name too long"):
        read_phh("x" * 5000)
    missing = str(tmp_path / "missing.phh")
    shown = re.escape(shown_name(missing))
    with pytest.raises(ValueError, match=rf"^{shown}: cannot read the PHH"):
        read_phh(missing)
    path = tmp_path / "hand"
    path.write_text(text_with('["d dh p1 AsAd", "d dh p2 KsKd", "p1 f"]'))
    assert read_phh(str(path)).variant == read_phh(path).variant == "NT"
    with pytest.raises(ValueError, match="hand: field 'actions'"):
        path.write_text(text_with("5"))
        read_phh(path)
    with pytest.raises(ValueError, match="cannot read the PHH file"):
        read_phh(tmp_path)  # a directory


@pytest.mark.parametrize(
    ("actions", "error", "message"),
    [
        (
            '["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr abc"]',
            ValueError,
            r"action 2 'p2 cbr abc': amount 'abc' is not a number",
        ),
        (
            '["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 1e999"]',
            ValueError,
            r"action 2 'p2 cbr 1e999': amount '1e999' is not a number",
        ),
        (
            '["d dh p1 AsAd", "d dh p2 KsKd", "p1 cbr 10"]',
            IllegalActionError,
            r"action 2 'p1 cbr 10': bet_raise_to: out of turn",
        ),
        (
            '["d dh p1 AsAd", "d dh p2 KsKd", "p2 f", "p2 sm QcQd"]',
            IllegalActionError,
            r"action 3 'p2 sm QcQd': the hand is over",
        ),
        (
            '["d dh p1 AsAd", "d dh p2 KsKd", "p2 f", "p1 cc"]',
            IllegalActionError,
            r"action 3 'p1 cc': check_call: the hand is over",
        ),
        (
            '["d dh p1 AsAd", "d dh p9 KsKd"]',
            ValueError,
            r"action 1 'd dh p9 KsKd': unknown player 'p9'",
        ),
        (
            '["d dh p1 AsAd", "d dh p2 KsKd", "p2 cc", "p1 f", "p1 sm AsAd"]',
            IllegalActionError,
            r"action 4 'p1 sm AsAd': the hand is over",
        ),
    ],
)
def test_action_errors_name_the_action(actions, error, message):
    history = read_phh(text_with(actions))
    with pytest.raises(error, match=r"^PHH text: " + message):
        replay(history)


def test_show_by_a_folded_player_is_refused():
    header = HEADER.replace("[0, 0]", "[0, 0, 0]").replace("[1, 2]", "[1, 2, 0]")
    header = header.replace("[100, 100]", "[100, 100, 100]")
    actions = (
        '["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7c2h", "p3 f", "p1 cc", "p2 cc",'
        ' "d db 2c3d4h", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jd",'
        ' "p1 cc", "p2 cc", "p3 sm 7c2h", "p1 sm AsAd", "p2 sm KsKd"]'
    )
    with pytest.raises(
        IllegalActionError, match=r"action 15 'p3 sm 7c2h': player p3 is not at the"
    ):
        replay(read_phh(text_with(actions, header)))


def test_unknown_board_card_at_an_omaha_showdown():
    header = HEADER.replace('"NT"', '"PO"')
    actions = (
        '["d dh p1 AsAdKcKd", "d dh p2 7c7d8c8d", "p2 cc", "p1 cc", "d db ??????",'
        ' "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jd", "p1 cc", "p2 cc"]'
    )
    with pytest.raises(ValueError, match=r"PHH text: at the showdown: .*board holds unknown"):
        replay(read_phh(text_with(actions, header)))


DRAW_HEADER = """
variant = "F5D"
antes = [1, 1]
blinds_or_straddles = [0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
"""


def test_a_draw_player_is_not_dealt_back_their_own_discard():
    actions = (
        '["d dh p1 2c3c4c5c7d", "d dh p2 AsAhAdKsKh", "p1 cc", "p2 cc", "p1 sd 7d", "d dh p1 7d"]'
    )
    with pytest.raises(IllegalActionError, match=r"action 5 'd dh p1 7d': .*discarded"):
        replay(read_phh(text_with(actions, DRAW_HEADER)))
    fine = actions.replace('"d dh p1 7d"]', '"d dh p1 6c", "p2 sd", "p1 cc", "p2 cc"]')
    assert replay(read_phh(text_with(fine, DRAW_HEADER))).is_complete


FOLDED = '["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"]'


def test_contradicting_finishing_stacks_are_flagged():
    good = read_phh(text_with(FOLDED) + "finishing_stacks = [101, 99]\n")
    state = replay(good, strict=True)
    assert check_finishing_stacks(good, state) is None
    bad = read_phh(text_with(FOLDED) + "finishing_stacks = [100, 100]\n")
    state = replay(bad)  # not strict: the replay stands, the check says why it differs
    message = check_finishing_stacks(bad, state)
    assert message == ("PHH text: finishing_stacks [100, 100] differ from the replay's [101, 99]")
    with pytest.raises(ValueError, match=r"finishing_stacks \[100, 100\] differ"):
        replay(bad, strict=True)
    assert state.final_stacks == [101, 99]
    assert [Fraction(v) for v in state.final_stacks] == [101, 99]
