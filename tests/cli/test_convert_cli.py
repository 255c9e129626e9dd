"""``showdown convert --to phh``: PokerStars and OHH hands written as PHH that reads back
and replays to the same stacks; bad hands on stderr; usage errors are one line, status 1."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from showdown.cli.main import main
from showdown.history import ReadReport, hands
from showdown.simulator.phh import replay

DATA = Path(__file__).resolve().parents[1] / "history" / "data"
CASH = DATA / "pokerstars_holdem_cash.txt"
TOURNAMENT = DATA / "pokerstars_holdem_tournament.txt"
BAD = DATA / "pokerstars_bad_line.txt"


def convert(*arguments: str):
    return CliRunner().invoke(main, ["convert", *arguments])


def test_pokerstars_to_one_phhs_file_reads_back_and_replays_the_same(tmp_path):
    out = tmp_path / "hands.phhs"
    result = convert(str(CASH), str(TOURNAMENT), "--to", "phh", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert f"PHH written to {out}: 4 hands, 0 skipped" in result.stdout
    original = list(hands([CASH, TOURNAMENT]))
    written = list(hands(out))
    assert [h.source.rsplit(" ", 1)[-1] for h in written] == ["[1]", "[2]", "[3]", "[4]"]
    for before, after in zip(original, written, strict=True):
        assert after == before  # actions, stacks, names, winnings, rake...
        a = replay(before, odd_chips="exact").final_stacks
        b = replay(after, odd_chips="exact").final_stacks
        assert [Fraction(x) for x in a] == [Fraction(x) for x in b]


def test_a_directory_of_phh_files_and_bad_hands_on_stderr(tmp_path):
    out = tmp_path / "phh"
    result = convert(str(BAD), str(DATA / "ohh_hands.json"), "--to", "phh", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [f"{k}.phh" for k in range(1, 6)]
    assert "5 hands, 2 skipped" in result.stdout
    skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped: ")]
    assert len(skipped) == 2 and "[9002]: hand #9002, line 9" in skipped[0]
    report = ReadReport()
    assert len(list(hands(out, report=report))) == 5 and report.skipped == 0


def test_strict_stops_at_the_bad_hand_with_one_error_line(tmp_path):
    result = convert(str(BAD), "--to", "phh", "--out", str(tmp_path / "x.phhs"), "--strict")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "[9002]" in errors[0] and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("setup", "out", "message"),
    [
        ("file", "taken.phhs", "Error: --out: {out} exists (use --overwrite"),
        ("full", "full", "Error: --out: {out} is not empty"),
        ("file", "taken.phhs/", "Error: --out: "),
        ("plain", "plain.txt", "Error: --out: {out} is a file"),
    ],
)
def test_outputs_already_there_are_refused_unless_overwrite(tmp_path, setup, out, message):
    (tmp_path / "taken.phhs").write_text("[1]\n")
    (tmp_path / "plain.txt").write_text("notes")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    target = str(tmp_path / out)
    result = convert(str(CASH), "--to", "phh", "--out", target)
    assert result.exit_code == 1, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and errors[0].startswith(message.format(out=target)), result.stderr
    if setup != "plain":
        again = convert(str(CASH), "--to", "phh", "--out", target.rstrip("/"), "--overwrite")
        assert again.exit_code == 0, again.output
