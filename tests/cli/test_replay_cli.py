"""``showdown replay``: actions, pots and results of PHH files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from showdown.cli.main import main
from showdown.cli.replay_command import describe_action
from showdown.simulator import HandState, Stakes, write_phh

SAMPLES = Path("/work/shared/phh-sample/data")


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
    assert lines[0] == f"{hand_file} (NT, 3 players)"
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


def test_action_words():
    names = ["Ann", "Bob"]
    assert describe_action("d dh p1 AsKs", names) == "Ann is dealt AsKs"
    assert describe_action("p2 cbr 6", names) == "Bob bets/raises to 6"
    assert describe_action("p1 cc", names) == "Ann checks/calls"
    assert describe_action("p1 f", names) == "Ann folds"
    assert describe_action("p1 sm AsKs", names) == "Ann shows AsKs"
    assert describe_action("p2 sd", names) == "Bob stands pat"
    assert describe_action("p2 sd 2c3d", names) == "Bob discards 2c3d"
    assert describe_action("p1 pb", names) == "Ann brings in"


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
        f"warning: {path}: finishing_stacks [80.5, 60.25, 70] differ from "
        "the replay's [80.5, 60.25, 75]"
    )
    code, out, err = run("replay", str(path), "--json")
    assert json.loads(out)[0]["mismatch"].endswith("the replay's [80.5, 60.25, 75]")
    code, out, err = run("replay", str(path), "--strict")
    assert code == 1 and out == ""
    assert err.startswith(f"Error: {path}: finishing_stacks [80.5, 60.25, 70] differ")
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
