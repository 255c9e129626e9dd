"""The compiled ``.phhs`` scanner gives the columns the existing reader gives, or a fallback.

Every hand of the dataset sample, of the PHH sample (its no-limit hold'em hands)
and of simulated histories is read both ways: a hand the scanner reads must have
the reader's stacks, blinds, antes, winnings and finishing stacks in chips of the
reader's scale, its players and its actions; a hand the reader refuses must be a
fallback. The dataset sample (the workload the scanner is for) has no fallback.
"""

from __future__ import annotations

import re
import warnings
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import showdown
from showdown.cards import parse_card
from showdown.errors import InputError
from showdown.history._scan_kernels import FLAG_FINISHING_INEXACT, H_ID_START, H_ID_STOP
from showdown.history.ledger import _bet_chips, _chips
from showdown.history.parse import parse_hand
from showdown.history.reader import _HEADER
from showdown.history.scan import (
    A_ACTOR,
    A_AMOUNT,
    A_CARDS,
    A_VERB,
    FLAG_DEAD_BLINDS,
    FLAG_STACKS_UNKNOWN,
    H_FLAGS,
    H_MIN_BET,
    H_SCALE,
    S_ANTE,
    S_BLIND,
    S_FINISHING,
    S_STACK,
    S_WINNINGS,
    scan_phhs,
)
from showdown.simulator.hand import UNKNOWN

from .helpers import DATASET, SHARED, edited_hands, phh

SEED = 20240611

_VERBS = {"dh": 0, "db": 1, "f": 2, "cc": 3, "cbr": 4, "sm": 5}


def _cards(text: str) -> list[int]:
    return [
        UNKNOWN if text[k : k + 2] == "??" else parse_card(text[k : k + 2])
        for k in range(0, len(text), 2)
    ]


def _expected_actions(actions: list[str], scale: int) -> list[tuple[int, int, int, list[int]]]:
    rows = []
    for action in actions:
        tokens = action.split()
        if tokens[0] == "d":
            seat = int(tokens[2][1:]) - 1 if tokens[1] == "dh" else -1
            rows.append((seat, _VERBS[tokens[1]], 0, _cards(tokens[-1])))
            continue
        amount = _bet_chips(tokens[2], scale) if tokens[1] == "cbr" else 0
        cards = _cards(tokens[2]) if tokens[1] == "sm" and len(tokens) == 3 else []
        rows.append((int(tokens[0][1:]) - 1, _VERBS[tokens[1]], amount, cards))
    return rows


def _compare(data: bytes) -> tuple[int, int]:
    """Scan ``data`` and check every hand read against the reader: (read, fallback)."""
    scanned = scan_phhs(data)
    fallback = 0
    for hand in range(len(scanned.numbers)):
        body = scanned.body(hand)
        try:
            history, conventions = parse_hand(body, "hand")
        except ValueError:
            assert scanned.fallback[hand], body  # a hand the reader refuses is never read
            fallback += 1
            continue
        if scanned.fallback[hand]:
            fallback += 1
            continue
        scale = history.scale
        flags = int(scanned.hands[hand, H_FLAGS])
        assert history.variant == "NT"
        assert conventions == [
            name
            for name, flag in (("stacks_unknown", FLAG_STACKS_UNKNOWN),
                               ("dead_blinds", FLAG_DEAD_BLINDS))
            if flags & flag
        ]  # fmt: skip
        assert scanned.hands[hand, H_SCALE] == scale
        assert scanned.hands[hand, H_MIN_BET] == _chips(history.min_bet, scale)
        seats = scanned.seat_rows(hand)
        winnings = history.extra.get("winnings") or [0] * len(seats)
        finishing = history.finishing_stacks or [0] * len(seats)
        for column, values in (
            (S_STACK, history.starting_stacks), (S_ANTE, history.antes or [0] * len(seats)),
            (S_BLIND, history.blinds_or_straddles), (S_WINNINGS, winnings),
            (S_FINISHING, finishing),
        ):  # fmt: skip
            assert seats[:, column].tolist() == [_chips(v, scale) for v in values], body
        assert scanned.player_names(hand) == history.players
        # The hand's id, as analysis shows it (text of an integer or a string).
        start, stop = scanned.hands[hand, H_ID_START], scanned.hands[hand, H_ID_STOP]
        hand_id = scanned.data[start:stop].decode() if start >= 0 else None
        assert hand_id == (None if "hand" not in history.extra else str(history.extra["hand"]))
        inexact = any(_chips(v, scale) * Fraction(1) != Fraction(str(v)) * scale for v in finishing)
        assert bool(flags & FLAG_FINISHING_INEXACT) is inexact
        rows = scanned.action_rows(hand)
        expected = _expected_actions(history.actions, scale)
        assert len(rows) == len(expected)
        cards = scanned.hand_cards(hand).tolist()
        got = []
        for row in rows:
            count = int(row[A_CARDS])
            got.append((int(row[A_ACTOR]), int(row[A_VERB]), int(row[A_AMOUNT]), cards[:count]))
            cards = cards[count:]
        assert got == expected, body
    return len(scanned.numbers) - fallback, fallback


def _bounds(text: str) -> tuple[list[re.Match[str]], list[Any]]:
    """Each header of ``text`` and what ends its hand (the next header, or the end)."""
    headers = list(_HEADER.finditer(text))
    return headers, [*headers[1:], re.compile(r"\Z").search(text)]


def _tables(texts: list[str]) -> bytes:
    return "".join(f"[{k}]\n{text}\n" for k, text in enumerate(texts, start=1)).encode()


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is absent")
def test_the_dataset_sample_is_read_whole_and_as_the_reader_reads_it():
    total = 0
    for path in sorted(DATASET.rglob("*.phhs")):
        read, fallback = _compare(path.read_bytes())
        assert fallback == 0, path.name
        total += read
    assert total == 131


@pytest.mark.skipif(not (SHARED / "phh-sample").is_dir(), reason="the PHH sample is absent")
def test_the_phh_samples_no_limit_holdem_hands_match_the_reader():
    texts = [
        path.read_text(encoding="utf-8") for path in sorted((SHARED / "phh-sample").rglob("*.phh"))
    ]
    holdem = [text for text in texts if re.search(r"^variant\s*=\s*['\"]NT['\"]", text, re.M)]
    read, fallback = _compare(_tables(holdem))
    assert read + fallback == len(holdem) and read > 0
    # Every hand of another variant is a fallback.
    others = [text for text in texts if text not in holdem]
    assert _compare(_tables(others)) == (0, len(others))


def test_simulated_histories_match_the_reader():
    simulated = showdown.simulate(
        "nlhe", ["random", "call", "strength"], hands=150, seed=5, starting_stack=15,
        record_histories=True, engine="python",
    )  # fmt: skip
    assert simulated.histories is not None
    read, fallback = _compare(_tables(simulated.histories))
    assert (read, fallback) == (150, 0)


_PLAIN = phh(["d dh p1 AsKs", "d dh p2 ????", "p2 cbr 6.5", "p1 cc"], [100, 80.25])


@pytest.mark.parametrize(
    ("text", "is_read"),
    [
        (_PLAIN, True),
        (_PLAIN.replace("\n", "\r\n"), True),
        (_PLAIN.replace('"', "'") + "\n# a comment\nvenue = 'X' # trailing\n", True),
        (_PLAIN + "hand = 12345678901234567\ntime = 00:00:00\nseats = [2, 4]\n", True),
        (_PLAIN + "winnings = [0, 13.25]\nfinishing_stacks = [93.5, 87]\n", True),
        (_PLAIN.replace("100, 80.25", "inf, 80.25"), True),  # unknown stacks: a stand-in
        (_PLAIN.replace("100, 80.25", "-inf, 80.25"), False),
        (_PLAIN.replace("[1, 2]", "[1, -2.05]"), True),  # a dead blind: an ante
        (_PLAIN.replace("[1, 2]", "[1, 2]\nantes = [0.3, 0.25]"), False),  # antes twice
        (
            _PLAIN.replace("antes = [0, 0]", "antes = [0.3, 0.25]").replace("[1, 2]", "[1, -2.05]"),
            True,
        ),
        (_PLAIN.replace("antes = [0, 0]", "antes = [0, -1]"), False),
        (_PLAIN.replace("[1, 2]", "[1, inf]"), False),
        (_PLAIN.replace("antes = [0, 0]", "winnings = [0, inf]\nantes = [0, 0]"), False),
        (
            _PLAIN.replace("[1, 2]", "[1, -0.000000000001]").replace("[0, 0]", "[0, 123456789]"),
            False,
        ),  # a dead blind whose sum with the ante is beyond the scanner's integers
        (_PLAIN.replace('"NT"', '"FT"'), False),
        (_PLAIN.replace("6.5", "6.5e0"), False),
        (_PLAIN.replace("6.5", "06.5"), False),
        (_PLAIN.replace("6.5", "6.5000000000001"), False),
        (_PLAIN.replace("p1 cc", "p1 cc # why"), False),
        (_PLAIN.replace("p1 cc", "p3 cc"), False),
        (_PLAIN.replace('"p1 cc"', '"p1 cc", "p2 sm", "p1 sm AsKs"'), True),
        # Shown cards are merged by analysis only from " sm " with one space each side.
        (_PLAIN.replace('"p1 cc"', '"p1 cc", "p1  sm AsKs"'), True),
        (_PLAIN.replace('"p1 cc"', '"p1 cc", "p1\tsm AsKs"'), False),
        (_PLAIN.replace('"p1 cc"', '"p1 cc", "p1 sm\tAsKs"'), False),
        (_PLAIN + "hand = 'R5-1676558-1009'\n", True),
        (_PLAIN + "hand = 0012\n", False),
        (_PLAIN + "hand = 12.5\n", False),
        (_PLAIN + "hand = 1234567890123456789\n", False),  # 19 digits: the reader reads it
        (_PLAIN + "finishing_stacks = [93.125, 87]\n", True),  # finer than the scale: flagged
        (_PLAIN.replace("p1 cc", "p01 cc"), False),
        (_PLAIN.replace("AsKs", "AsXs"), False),
        (_PLAIN.replace('"P1"', '"P\\u0031"'), False),
        (_PLAIN.replace("starting_stacks = [100, ", "starting_stacks = [  # why\n100,\r\n "), True),
        (_PLAIN.replace("starting_stacks = [100, ", "starting_stacks = [\r100, "), False),
        (_PLAIN + "min_bet = 2\n", False),  # a key twice: TOML refuses it
        (_PLAIN + "venue = 'a'\nday = 2\nvenue = 'b'\n", False),
        (_PLAIN + "venue = 'a'\nvenu = 2\nvenues = 'b'\n", True),
        (_PLAIN + "small_bet = 2\n", False),
        (_PLAIN + "venue = 'unterminated\n", False),
        (_PLAIN + "time = 23:59:59\n", True),
        (_PLAIN + "time = 00:00:72\n", False),  # not a time: TOML refuses it
        (_PLAIN + "time = 24:00:00\n", False),
        (_PLAIN + "[table]\n", False),
    ],
)
def test_hand_written_hands_are_read_or_left_to_the_reader(text, is_read):
    scanned = scan_phhs(_tables([text]))
    assert bool(scanned.fallback[0]) is not is_read
    assert _compare(_tables([text])) == ((1, 0) if is_read else (0, 1))


_UNKNOWN_STACK = _PLAIN.replace("100, 80.25", "inf, 80.25")


@pytest.mark.parametrize(
    ("text", "is_read"),
    [
        (_UNKNOWN_STACK, True),
        (_UNKNOWN_STACK.replace("6.5", "123456.5"), True),  # the bet is the largest amount
        # Every "cbr " amount of the text counts, wherever it is (the reader's search).
        (_UNKNOWN_STACK + "table = 'cbr 123456789.5'\n", True),
        (_UNKNOWN_STACK + "venue = 'cbr 0007.25, cbr .5, cbr x'\n", True),
        (_UNKNOWN_STACK.replace("inf, 80.25", "inf, 0.25"), True),
        (_UNKNOWN_STACK.replace("inf, 80.25", "inf, inf"), True),
        # Too many digits for floats to keep: the reader says.
        (_UNKNOWN_STACK + "venue = 'cbr 1234567890.1234567'\n", False),
        # Not a number: the reader refuses the hand (the scanner used to raise here).
        (_UNKNOWN_STACK + "venue = 'cbr 1.2.3'\n", False),
        (_UNKNOWN_STACK + "venue = 'cbr .'\n", False),
        # A stand-in beyond 64-bit chips at the hand's scale (the scanner used to raise).
        (_UNKNOWN_STACK.replace("80.25", "80.01") + "venue = 'cbr 123456789012345'\n", False),
    ],
)
def test_unknown_stacks_get_the_readers_stand_in(text, is_read):
    scanned = scan_phhs(_tables([text]))
    assert bool(scanned.fallback[0]) is not is_read
    assert _compare(_tables([text])) == ((1, 0) if is_read else (0, 1))
    if is_read:
        assert scanned.hands[0, H_FLAGS] & FLAG_STACKS_UNKNOWN


def test_bodies_are_the_readers_hands_and_bad_input_is_named():
    data = _tables([_PLAIN, _PLAIN.replace('"NT"', '"FT"')]).replace(b"[2]", b"[7]  ")
    scanned = scan_phhs(data)
    assert scanned.numbers.tolist() == [1, 7]
    assert scanned.body(1).lstrip().startswith('variant = "FT"')
    assert scan_phhs(b"").numbers.tolist() == []
    # Headers as the reader finds them: "\r\n" line ends, spaces, no header mid-line,
    # a number too long for 64 bits.
    data = b"x [3]\n[4] \t\r\n" + _PLAIN.encode() + b"[5]x\n[123456789012345678901]"
    scanned = scan_phhs(data)
    assert scanned.numbers.tolist() == [4, 123456789012345678901]
    assert scanned.starts.tolist() == [data.index(b"\n", 6), len(data)]
    assert _compare(data) == (0, 2)  # "[5]x" is in hand 4's body: not TOML
    text = data.decode()
    assert [int(m.group(1)) for m in _HEADER.finditer(text)] == scanned.numbers.tolist()
    with pytest.raises(InputError, match="bytes"):
        scan_phhs("text")  # type: ignore[arg-type]


def test_empty_file_and_names_with_other_scripts():
    text = _PLAIN.replace('"P1"', '"Zoë 🂡"')
    scanned = scan_phhs(_tables([text]))
    assert scanned.player_names(0) == ["Zoë 🂡", "P2"]
    assert np.array_equal(scanned.seat_rows(0)[:, S_STACK], [400, 321])


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_mutated_dataset_hands_are_read_as_the_reader_reads_them_or_left_to_it():
    """Random edits (a character deleted, doubled or replaced by one that matters to
    TOML or to PHH) of real hands: each is read as the reader reads it, or is a
    fallback, and every hand the reader refuses is a fallback."""
    hands = [_PLAIN, _PLAIN.replace("[1, 2]", "[1, -2.05]"), _PLAIN + "time = 12:30:00\n"]
    if DATASET.is_dir():
        for path in sorted(DATASET.rglob("*.phhs")):
            text = path.read_text(encoding="utf-8")
            bodies = [text[a.end() : b.start()] for a, b in zip(*_bounds(text), strict=True)]
            hands += [body.strip("\n") for body in bodies if body.strip()]
    mutated = edited_hands(hands, 400, SEED)
    read, fallback = _compare(_tables(mutated))
    assert read > 0 and fallback > 0
