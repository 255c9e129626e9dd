"""The fast hand reader gives read_phh's history (dataset conventions applied), or its error."""

from __future__ import annotations

import re

import pytest

from showdown.history.parse import _text_conventions, parse_hand
from showdown.simulator.phh import read_phh

from .helpers import SHARED, phh


def _slow(text: str):
    """The authority: the text conventions, then the simulator's reader."""
    rewritten, conventions = _text_conventions(text)
    return read_phh(rewritten), conventions


def _same_as_read_phh(text: str) -> None:
    try:
        expected = _slow(text)
    except ValueError as error:
        with pytest.raises(ValueError) as raised:
            parse_hand(text, "PHH text")
        assert str(raised.value) == str(error)
        return
    history, conventions = parse_hand(text, "PHH text")
    assert (history, conventions) == expected
    assert history.extra == expected[0].extra
    for name in ("starting_stacks", "antes", "blinds_or_straddles"):
        # 25 and 25.0 are equal but not the same reading (the scale differs).
        assert [type(v) for v in getattr(history, name)] == [
            type(v) for v in getattr(expected[0], name)
        ]


def _shared_texts() -> list[str]:
    texts = []
    for path in sorted(SHARED.rglob("*.phh*")):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".phhs":
            texts += [p for p in re.split(r"^\[\d+\][ \t]*$", text, flags=re.M) if p.strip()]
        else:
            texts.append(text)
    return texts


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared hand histories are not present")
def test_every_shared_hand_is_read_as_read_phh_reads_it():
    for text in _shared_texts():
        _same_as_read_phh(text)


BASE = phh(["d dh p1 ????", "d dh p2 ????", "p2 cbr 6 # a comment", "p1 f"], [100, 100],
           extra="winnings = [0, 3]\nhand = 7\n")  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("", ""),
        ("starting_stacks = [100, 100]", "starting_stacks = [inf, 100]"),
        ("starting_stacks = [100, 100]", "starting_stacks = [inf, inf]"),
        ("starting_stacks = [100, 100]", "starting_stacks = [-inf, 100]"),
        ("starting_stacks = [100, 100]", "starting_stacks = [nan, 100]"),
        ("starting_stacks = [100, 100]", "starting_stacks = [100]"),
        ("starting_stacks = [100, 100]", "starting_stacks = [100, -5]"),
        ("starting_stacks = [100, 100]", "starting_stacks = [100, true]"),
        ("starting_stacks = [100, 100]", "starting_stacks = [100, '5']"),
        ("starting_stacks = [100, 100]", "starting_stacks = 100"),
        ("starting_stacks = [100, 100]", ""),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [-1, 2]"),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, -2.5]"),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, 2, 3]"),
        ("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, 'x']"),
        ("antes = [0, 0]", ""),
        ("antes = [0, 0]", "antes = [0.25, 0.1]"),
        ("antes = [0, 0]", "antes = [0, 0, 0]"),
        ('variant = "NT"', "variant = 5"),
        ('variant = "NT"', 'variant = "XX"'),
        ('variant = "NT"', ""),
        ('players = ["P1", "P2"]', 'players = ["P1"]'),
        ('players = ["P1", "P2"]', 'players = ["P1", 2]'),
        ('players = ["P1", "P2"]', 'players = "P1"'),
        ("min_bet = 2", "min_bet = -2"),
        ("min_bet = 2", "min_bet = '2'"),
        ("min_bet = 2", "min_bet = true"),
        ("min_bet = 2", "min_bet = inf"),
        ("winnings = [0, 3]", "winnings = [0, 3, 4]"),
        ("hand = 7", "finishing_stacks = [97, 103]"),
        ("hand = 7", "finishing_stacks = [97]"),
        ("hand = 7", "ante_trimming_status = 1"),
        ("hand = 7", "ante_trimming_status = true"),
        ("hand = 7", "bring_in = 1"),
        ('"p1 f"', "5"),
        ('"p1 f"', '"  "'),
        ('"p1 f"', '"#only a comment"'),
        ("hand = 7", "hand = 'R5-1676558-1009'\ntime = 00:00:00\nday = 1"),
        ("hand = 7", 'note = "an \\"escaped\\" quote"'),
        ("hand = 7", "[table]\nx = 1"),
    ],
)
def test_edited_fields_are_read_or_refused_as_read_phh_does(old, new):
    assert old in BASE
    _same_as_read_phh(BASE.replace(old, new, 1))
