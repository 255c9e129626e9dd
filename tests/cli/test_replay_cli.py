"""``showdown replay``: actions, pots and results of PHH files."""

from __future__ import annotations

import json
import os
import re
import threading
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from showdown.cards import parse_card
from showdown.cli.main import main
from showdown.simulator import HandState, Stakes, simulate, write_phh
from showdown.simulator.phh.history import shown_name


def _samples() -> Path:
    """The shared PHH samples (``shared/phh-sample/data`` above this checkout); tests that
    need them skip when the folder is absent."""
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "phh-sample" / "data"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parent / "no-phh-samples-here"


SAMPLES = _samples()


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def hand_file(tmp_path: Path) -> Path:
    # Three-handed: seat 0 raises all-in for 50, seat 1 calls with 150, seat 2 folds.
    hand = HandState("nlhe", Stakes.blinds(1, 2), [50, 150, 150], seed=3)
    hand.bet_raise_to(50) if hand.actor == 0 else None
    while hand.status == "betting":
        if hand.actor == 2:
            hand.fold()
        elif hand.legal_actions().raise_min_to is not None and hand.current_bet < 50:
            hand.bet_raise_to(50)
        else:
            hand.check_call()
    path = tmp_path / "hand.phh"
    write_phh(hand, path)
    return path


def test_text_output(hand_file: Path):
    code, out, err = run("replay", str(hand_file))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"{hand_file} (nlhe, PHH NT, 3 players)"
    assert any("is dealt" in line for line in lines)
    assert any(line.strip().startswith("main pot:") for line in lines)
    results = [line.split() for line in lines[-3:]]
    assert sum(int(row[2]) for row in results) == 0


def test_json_output_and_multiple_files(hand_file: Path, tmp_path: Path):
    other = tmp_path / "other.phh"
    other.write_text(hand_file.read_text())
    code, out, err = run("replay", str(hand_file), str(other), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert len(data) == 2
    first = data[0]
    assert first["variant"] == "NT" and first["players"] == ["p1", "p2", "p3"]
    assert sum(first["net"]) == 0
    assert first["pot"] == sum(pot["amount"] for pot in first["pots"])
    assert sum(first["starting_stacks"]) == sum(first["finishing_stacks"])


def test_sample_hands_replay():
    from showdown.simulator import VARIANTS_BY_PHH_CODE, read_phh

    every = sorted(SAMPLES.rglob("*.phh")) if SAMPLES.exists() else []
    files = [path for path in every if read_phh(path).variant in VARIANTS_BY_PHH_CODE][:5]
    if not files:
        pytest.skip("no PHH samples on this machine")
    code, out, err = run("replay", *map(str, files), "--json")
    assert code == 0, err
    assert len(json.loads(out)) == len(files)


def test_bad_files_exit_1(tmp_path: Path):
    code, out, err = run("replay", str(tmp_path / "missing.phh"))
    assert code == 1 and out == ""
    assert err.startswith("Error: ") and "missing.phh" in err
    broken = tmp_path / "broken.phh"
    broken.write_text('variant = "NT"\nstarting_stacks = [10, 10]\nactions = ["p1 cbr 3"]\n')
    code, _, err = run("replay", str(broken))
    assert code == 1 and "broken.phh" in err and len(err.strip().splitlines()) == 1
    code, _, err = run("replay")
    assert code == 1


ALL_WORDS = re.compile(
    r"(?P<who>.+?) (is dealt \S+|folds|checks|calls [\d,.]+|bets [\d,.]+|raises to [\d,.]+"
    r"|completes to [\d,.]+|brings in for [\d,.]+|discards \S+|stands pat|shows \S+|mucks)"
    r"( \(all-in\))?|(flop|turn|river): \S+"
)


def _phh(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.phh"
    path.write_text(text)
    return path


def test_actions_in_poker_words_and_who_won_with_what(tmp_path: Path):
    # A full narration: p3 wins 1,200 with a Full House, Kings over Sevens.
    game = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [5, 10, 0]\nmin_bet = 10\n'
        "starting_stacks = [2000, 2000, 2000]\n"
    )
    preflop = '"d dh p1 AsAd", "d dh p2 QcQd", "d dh p3 KhKd", "p3 cbr 400", "p1 cc", "p2 cc"'
    path = _phh(
        tmp_path,
        game + f'actions = [{preflop}, "d db Ks7c7d", "p1 cc", "p2 cc", "p3 cc", "d db 2h",'
        ' "p1 cc", "p2 cc", "p3 cc", "d db 3s", "p1 cc", "p2 cc", "p3 cc"]\n',
    )
    code, out, err = run("replay", str(path))
    assert code == 0, err
    lines = [line.strip() for line in out.splitlines()]
    assert lines[1:10] == [
        "p1 is dealt AsAd",
        "p2 is dealt QcQd",
        "p3 is dealt KhKd",
        "p3 raises to 400",
        "p1 calls 395",
        "p2 calls 390",
        "flop: Ks7c7d",
        "p1 checks",
        "p2 checks",
    ]
    assert "turn: 2h" in lines and "river: 3s" in lines
    assert "p3 wins 1,200 with a Full House, Kings over Sevens" in lines
    assert not any("checks/calls" in line or "bets/raises" in line for line in lines)
    folded = _phh(
        tmp_path,
        game + f'actions = [{preflop}, "d db Ks7c7d", "p1 cc", "p2 cbr 100", "p3 cbr 1600",'
        ' "p1 f", "p2 f"]\n',
    )
    lines = [line.strip() for line in run("replay", str(folded))[1].splitlines()]
    assert lines[9:13] == ["p2 bets 100", "p3 raises to 1,600 (all-in)", "p1 folds", "p2 folds"]
    assert "p3 wins 1,400" in lines  # the uncalled 1,500 came back; nobody had to show


def test_stud_brings_in_for_and_completes(tmp_path: Path):
    # Seat 0 shows the lowest door card (2c): it brings in for 2, seat 1 completes to 5.
    deck = [parse_card(card) for card in ("As", "Ks", "2c", "Qh", "Qd", "9h")]
    deck += [card for card in range(52) if card not in deck]
    hand = HandState("stud", Stakes.stud(ante=1, bring_in=2, small_bet=5), [100, 100], deck=deck)
    hand.bring_in(0)
    hand.bet_raise_to(5, 1)
    hand.check_call(0)
    while hand.status == "betting":
        hand.check_call()
    path = tmp_path / "stud.phh"
    write_phh(hand, path, players=["Ann", "Bob"])
    code, out, err = run("replay", str(path))
    assert code == 0, err
    lines = [line.strip() for line in out.splitlines()]
    assert lines[0].endswith("(stud, PHH F7S, 2 players)")
    assert lines[3:6] == ["Ann brings in for 2", "Bob completes to 5", "Ann calls 3"]
    assert "Ann checks" in lines and "Bob checks" in lines
    winners = json.loads(run("replay", str(path), "--json")[1])[0]["winners"]
    assert len(winners) == 1 and winners[0]["hand"]


def test_hi_lo_split_names_the_high_and_the_low(tmp_path: Path):
    path = _phh(
        tmp_path,
        'variant = "PO/8"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [100, 100]\n"
        'actions = ["d dh p1 KcKdQsJs", "d dh p2 As2d9c9d", "p2 cc", "p1 cc", "d db 3h4h8c",'
        ' "p1 cc", "p2 cc", "d db Ks", "p1 cc", "p2 cc", "d db 6d", "p1 cc", "p2 cc"]\n',
    )
    code, out, err = run("replay", str(path))
    assert code == 0, err
    lines = [line.strip() for line in out.splitlines()]
    assert "p2 calls 1" in lines and "p1 checks" in lines
    assert "p1 wins 2 with Three of a Kind, Kings, 8-6 kickers" in lines
    assert "p2 wins 2 with a 6-4-3-2-A low" in lines


def test_cards_are_echoed_canonically(tmp_path: Path):
    path = _phh(
        tmp_path,
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 tSaH", "d dh p2 7c2h", "p2 f"]\n',
    )
    lines = [line.strip() for line in run("replay", str(path))[1].splitlines()]
    assert "p1 is dealt TsAh" in lines and "p1 wins 2" in lines


def test_simulated_hands_carry_the_agents_names(tmp_path: Path):
    out_dir = tmp_path / "hands"
    code, _, err = run(
        "simulate", "--game", "nlhe", "--agents", "strength,call,random,call", "--hands", "4",
        "--seed", "3", "--phh-out", str(out_dir),
    )  # fmt: skip
    assert code == 0, err
    seats = ["strength", "call-1", "random", "call-3"]
    for path in sorted(out_dir.glob("*.phh")):
        summary = json.loads(run("replay", str(path), "--json")[1])[0]
        assert sorted(summary["players"]) == sorted(seats)
        for line in summary["actions"]:
            match = ALL_WORDS.fullmatch(line)
            assert match, line
            assert match["who"] is None or match["who"] in seats, line


@pytest.mark.slow  # 100 hands of four games replayed one CLI call each: about 45 s
def test_every_simulated_action_reads_as_poker(tmp_path: Path):
    for game in ("nlhe", "plo8", "stud8", "draw"):
        result = simulate(
            game, ["random", "call", "strength"], hands=25, seed=11, record_histories=True
        )
        for number, text in enumerate(result.histories or []):
            path = tmp_path / f"{game}-{number}.phh"
            path.write_text(text)
            summary = json.loads(run("replay", str(path), "--json")[1])[0]
            for line in summary["actions"]:
                assert ALL_WORDS.fullmatch(line), (game, line)
            assert {winner["player"] for winner in summary["winners"]} <= set(summary["players"])
            won = sum(winner["amount"] for winner in summary["winners"])
            assert won == summary["pot"]


FRACTIONAL = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1, 0]
min_bet = 1
starting_stacks = [40.25, 100.5, 75]
actions = [
  "d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 7c2h",
  "p3 f", "p1 cbr 40.25", "p2 cc",
  "d db 2c3d4h", "d db 9s", "d db Jd",
]
"""


def test_fractional_stacks_print_pots_in_the_files_units(tmp_path: Path):
    # Regression: pots were printed in scaled chips (here 4x too big).
    path = tmp_path / "cents.phh"
    path.write_text(FRACTIONAL)
    code, out, err = run("replay", str(path))
    assert code == 0, err
    assert "  main pot: 80.5 (p1, p2)" in out.splitlines()
    code, out, err = run("replay", str(path), "--json")
    data = json.loads(out)[0]
    assert data["pot"] == 80.5
    assert [pot["amount"] for pot in data["pots"]] == [80.5]
    assert data["finishing_stacks"] == [80.5, 60.25, 75]
    assert data["net"] == [40.25, -40.25, 0]


def test_antonius_blom_pot():
    path = SAMPLES / "antonius-blom-2009.phh"
    if not path.exists():
        pytest.skip("PHH sample not on this machine")
    code, out, err = run("replay", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)[0]
    assert data["pot"] == 1_356_947
    assert sum(data["starting_stacks"]) == sum(data["finishing_stacks"])


def test_contradicting_finishing_stacks_warn_and_strict_fails(tmp_path: Path):
    path = tmp_path / "wrong.phh"
    path.write_text(FRACTIONAL + "finishing_stacks = [80.5, 60.25, 70]\n")
    code, out, err = run("replay", str(path))
    assert code == 0
    assert err.strip() == (
        f"warning: {shown_name(str(path))}: finishing_stacks [80.5, 60.25, 70] differ from "
        "the replay's [80.5, 60.25, 75]"
    )
    code, out, err = run("replay", str(path), "--json")
    assert json.loads(out)[0]["mismatch"].endswith("the replay's [80.5, 60.25, 75]")
    code, out, err = run("replay", str(path), "--strict")
    assert code == 1 and out == ""
    assert err.startswith(
        f"Error: {shown_name(str(path))}: finishing_stacks [80.5, 60.25, 70] differ"
    )
    right = tmp_path / "right.phh"
    right.write_text(FRACTIONAL + "finishing_stacks = [80.5, 60.25, 75]\n")
    code, out, err = run("replay", str(right), "--strict", "--json")
    assert code == 0 and err == "" and json.loads(out)[0]["mismatch"] is None


def test_odd_chip_policy_option(tmp_path: Path):
    # p1 folds its small blind: p2 and p3 split a 5-chip pot.
    path = tmp_path / "split.phh"
    path.write_text(
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        "starting_stacks = [100, 100, 100]\n"
        'actions = ["d dh p1 7c2h", "d dh p2 AsKd", "d dh p3 AhKc", "p3 cc", "p1 f", "p2 cc",'
        ' "d db 2c3d4h", "p2 cc", "p3 cc", "d db 9s", "p2 cc", "p3 cc", "d db Jd",'
        ' "p2 cc", "p3 cc"]\n'
    )
    code, out, err = run("replay", str(path), "--json")
    assert code == 0, err
    # Standard: the odd chip goes to the first winner left of the button (p3).
    assert json.loads(out)[0]["finishing_stacks"] == [99, 101, 100]
    code, out, err = run("replay", str(path), "--json", "--odd-chips", "exact")
    assert json.loads(out)[0]["finishing_stacks"] == [99, 100.5, 100.5]


# ------------------------------------------------------------------ batches, limits, money


def _good(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text(FRACTIONAL)
    return path


def test_a_batch_reports_every_bad_file_and_goes_on(tmp_path: Path):
    first, last = _good(tmp_path, "first.phh"), _good(tmp_path, "last.phh")
    broken = tmp_path / "broken.phh"
    broken.write_text('variant = "NT"\nstarting_stacks = [10, 10]\nactions = ["p1 cbr 3"]\n')
    missing = tmp_path / "missing.phh"
    files = [str(first), str(broken), str(missing), str(last)]
    code, out, err = run("replay", *files)
    assert code == 1
    # Both good files are replayed, in order, around the bad ones.
    headers = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert headers == [f"{first} (nlhe, PHH NT, 3 players)", f"{last} (nlhe, PHH NT, 3 players)"]
    errors = err.splitlines()
    assert errors[0].startswith(f"Error: {shown_name(str(broken))}: ")
    assert errors[1].startswith(f"Error: {shown_name(str(missing))}: cannot read the PHH file")
    assert errors[2] == "Error: 2 of 4 files could not be replayed"
    code, out, err = run("replay", *files, "--json")
    assert code == 1
    data = json.loads(out)  # still one valid JSON document
    assert [entry["file"] for entry in data] == files
    assert data[1]["error"].startswith(f"{shown_name(str(broken))}: ") and "error" in data[2]
    assert data[0]["pot"] == data[3]["pot"] == 80.5 and "error" not in data[0]


def test_a_long_file_name_is_named_once_in_its_error(tmp_path: Path):
    # The library shortens names over 80 characters; the command used to put the whole
    # path in front of the shortened one ("long: long...(90 characters): ...").
    folder = tmp_path / ("d" * 90)
    folder.mkdir()
    for broken in (folder / "broken.phh", folder / "missing.phh"):
        if broken.name == "broken.phh":
            broken.write_text(
                'variant = "NT"\nstarting_stacks = [10, 10]\nactions = ["p1 cbr 3"]\n'
            )
        code, out, err = run("replay", str(broken))
        assert code == 1 and out == ""
        shown = shown_name(str(broken))
        assert shown != str(broken) and err.startswith(f"Error: {shown}: ")
        assert str(broken) not in err and err.count("characters)") == 1


def test_a_file_over_the_limit_is_refused_naming_it_and_the_limit(tmp_path: Path):
    path = _good(tmp_path, "hand.phh")
    size = path.stat().st_size
    code, out, err = run("replay", str(path), "--max-bytes", str(size - 1))
    assert code == 1 and out == ""
    assert err.strip() == (
        f"Error: {shown_name(str(path))}: the PHH file is {size:,} bytes, "
        f"over the limit of {size - 1:,} bytes "
        "(raise it with max_bytes=..., or --max-bytes on the command line)"
    )
    assert run("replay", str(path), "--max-bytes", str(size))[0] == 0
    assert run("replay", str(path), "--max-bytes", "0")[0] == 1


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_endless_input_stops_at_the_limit():
    # Regression: the whole input was read into memory (/dev/zero never ends).
    code, out, err = run("replay", "/dev/zero", "--max-bytes", "4096")
    assert code == 1 and out == ""
    assert err.strip().startswith(
        "Error: /dev/zero: the PHH file holds more than the limit of 4,096"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_without_a_writer_does_not_hang(tmp_path: Path):
    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)
    results: list[tuple[int, str, str]] = []
    worker = threading.Thread(target=lambda: results.append(run("replay", str(fifo))), daemon=True)
    worker.start()
    worker.join(timeout=120)
    assert results, "replay blocked on a named pipe"
    code, _, err = results[0]
    assert code == 1 and err.startswith(f"Error: {shown_name(str(fifo))}: ")


def _numbers(value):
    """Every number in a JSON document."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)


def test_money_prints_exactly(tmp_path: Path):
    # Regression: net was end - start in floats (0.2 - 0.3 = -0.09999999999999998).
    path = tmp_path / "cents.phh"
    path.write_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [0.1, 0.2]\nmin_bet = 0.2\n'
        'starting_stacks = [0.3, 0.3]\nactions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]\n'
    )
    code, out, err = run("replay", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)[0]
    assert data["net"] == [0.1, -0.1] and data["finishing_stacks"] == [0.4, 0.2]
    for number in _numbers(data):
        # Each printed amount is a short exact decimal: no binary-float noise digits.
        assert len(Decimal(repr(number)).as_tuple().digits) <= 15, number
    assert sum(Fraction(repr(value)) for value in data["net"]) == 0
    text = run("replay", str(path))[1]
    assert "  p1  " in text and text.rstrip().endswith("-0.1")
    assert "0.09999" not in text and "0.4000" not in text


def test_exact_thirds_print_rounded_as_documented(tmp_path: Path):
    # One chip split three ways: 1/3 has no exact decimal, printed to 15 significant digits.
    path = tmp_path / "thirds.phh"
    path.write_text(
        'variant = "NT"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n'
        "starting_stacks = [100, 100, 100, 100]\n"
        'actions = ["d dh p1 7c2h", "d dh p2 AsKd", "d dh p3 AhKc", "d dh p4 AdKs", "p3 cc",'
        ' "p4 cc", "p1 f", "p2 cc", "d db 2c3d4h", "p2 cc", "p3 cc", "p4 cc", "d db 9s",'
        ' "p2 cc", "p3 cc", "p4 cc", "d db Jd", "p2 cc", "p3 cc", "p4 cc"]\n'
    )
    code, out, err = run("replay", str(path), "--json", "--odd-chips", "exact")
    assert code == 0, err
    data = json.loads(out)[0]
    assert data["finishing_stacks"] == [99, 100.333333333333, 100.333333333333, 100.333333333333]
    assert data["net"] == [-1, 0.333333333333333, 0.333333333333333, 0.333333333333333]
