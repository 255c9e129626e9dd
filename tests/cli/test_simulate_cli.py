"""``showdown simulate`` end to end through click's test runner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from showdown.cli.main import main
from showdown.cli.simulate_command import HandFiles
from showdown.simulator import read_phh, replay


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_results_table():
    code, out, err = run(
        "simulate", "--game", "nlhe", "--players", "6", "--hands", "300",
        "--agents", "random,call,strength", "--seed", "5",
    )  # fmt: skip
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("nlhe: 6 players")
    assert lines[1].split()[:4] == ["seat", "agent", "net", "bb/100"]
    seats = [line.split() for line in lines[2:8]]
    assert [row[1] for row in seats] == ["random", "call", "strength"] * 2
    assert sum(int(row[2]) for row in seats) == 0
    assert lines[8].startswith("300 hands of nlhe (cash, 6 players, seed 5)")
    # No progress bar without a terminal; at most the one-line compile notice on a cold cache.
    assert all(line.startswith("showdown: compiling ") for line in err.splitlines()), err


def test_json_document_and_determinism():
    args = [
        "simulate",
        "--game",
        "plo8",
        "--players",
        "4",
        "--hands",
        "120",
        "--seed",
        "9",
        "--json",
    ]
    code, out, err = run(*args)
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "plo8" and data["players"] == 4 and data["hands"] == 120
    assert len(data["seats"]) == 4 and sum(seat["net"] for seat in data["seats"]) == 0
    assert {"vpip", "pfr", "aggression", "bb_per_100_low"} <= set(data["seats"][0])
    again = json.loads(run(*args)[1])
    assert [s["net"] for s in again["seats"]] == [s["net"] for s in data["seats"]]


def test_phh_out_writes_replayable_hands(tmp_path: Path):
    out_dir = tmp_path / "hands"
    code, out, err = run(
        "simulate", "--game", "stud", "--players", "3", "--hands", "25", "--seed", "2",
        "--phh-out", str(out_dir), "--json",
    )  # fmt: skip
    assert code == 0, err
    files = sorted(out_dir.glob("*.phh"))
    assert len(files) == 25 and files[0].name == "hand-00001.phh"
    for path in files:
        history = read_phh(path)
        assert replay(history).stacks == history.finishing_stacks
    assert json.loads(out)["phh_out"] == str(out_dir)


def test_tournament_mode():
    code, out, err = run(
        "simulate", "--players", "3", "--mode", "tournament", "--stack", "40", "--hands", "200",
        "--agents", "random", "--seed", "1", "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["mode"] == "tournament" and data["players"] == 3


def test_bad_input_exits_1_with_one_line():
    for args, message in [
        (["--game", "holdme"], "Error: --game: unknown game 'holdme' (did you mean 'holdem'"),
        (["--agents", "random,shark"], "Error: --agents: unknown agent 'shark'"),
        (["--game", "stud", "--players", "9"], "Error: --players: stud is played by 2-8 players"),
        (["--hands", "0"], "Error: --hands: expected a positive number of hands, got 0"),
        (["--agents", ","], "Error: --agents: give at least one agent"),
        # Stacks past the supported bound (and past int64) name the option, no traceback.
        (["--stack", str(2**63)], "Error: --stack: at most 1099511627776 chips"),
        (["--stack", str(2**41), "--hands", "3"], "Error: --stack: at most"),
        (["--stack", "0"], "Error: --stack: expected a positive int number of chips"),
    ]:
        code, out, err = run("simulate", *args)
        assert code == 1, args
        assert out == ""
        assert err.strip().splitlines()[-1].startswith(message), err
        assert len(err.strip().splitlines()) == 1
    code, _, err = run("simulate", "--hands", "many")
    assert code == 1 and "'many' is not a valid integer" in err


def test_phh_out_must_be_a_directory(tmp_path: Path):
    target = tmp_path / "file.txt"
    target.write_text("x")
    code, _, err = run("simulate", "--hands", "5", "--phh-out", str(target))
    assert code == 1 and "Error:" in err


def test_help_lists_the_commands():
    code, out, _ = run("--help")
    assert code == 0 and "simulate" in out and "replay" in out


def test_seed_errors_name_the_option():
    code, out, err = run("simulate", "--seed", "-1", "--hands", "5")
    assert code == 1 and out == ""
    assert err.startswith("Error: --seed: expected None or an int >= 0, got -1")


def test_phh_out_is_checked_before_the_simulation(tmp_path: Path, monkeypatch):
    import showdown.simulator as simulator

    def never(*args, **kwargs):
        raise AssertionError("simulate ran before --phh-out was checked")

    monkeypatch.setattr(simulator, "simulate", never)
    for target in ["/proc/x", str(tmp_path / "file.txt" / "sub")]:
        (tmp_path / "file.txt").write_text("x")
        code, out, err = run("simulate", "--hands", "5", "--phh-out", target)
        assert code == 1 and out == ""
        assert err.startswith(f"Error: --phh-out: cannot write to {target!r}: "), err
        assert len(err.strip().splitlines()) == 1


def test_threads_option_gives_the_same_result():
    args = ["simulate", "--game", "stud", "--hands", "400", "--seed", "3", "--json"]
    one = json.loads(run(*args, "--threads", "1")[1])
    two = json.loads(run(*args, "--threads", "2")[1])
    assert [s["net"] for s in one["seats"]] == [s["net"] for s in two["seats"]]
    code, _, err = run("simulate", "--hands", "5", "--threads", "0")
    assert code == 1 and err.startswith("Error: --threads: expected None or a positive int")


def test_json_prints_exact_chips_and_rounded_rates():
    code, out, err = run("simulate", "--hands", "2000", "--seed", "5", "--json")
    assert code == 0, err
    # No float noise such as -358.1499999999999 or 0.6233333333333333 in the document.
    assert re.search(r"\d\.\d{5,}", out) is None, out
    data = json.loads(out)
    for seat in data["seats"]:
        assert isinstance(seat["net"], int) and isinstance(seat["hands"], int)
        exact = seat["net"] / seat["hands"] * 100 / 2  # bb/100 at 2 chips a big blind
        assert abs(seat["bb_per_100"] - exact) <= 0.005 + 1e-9
        assert seat["bb_per_100"] == round(seat["bb_per_100"], 2)
        assert seat["vpip"] == round(seat["vpip"], 4)
    assert isinstance(data["big_blind"], int) and isinstance(data["hands_per_second"], int)


def _hand_files(directory: Path) -> list[str]:
    return sorted(path.name for path in directory.glob("hand-*.phh"))


def test_phh_out_refuses_a_directory_with_files(tmp_path: Path):
    out_dir = tmp_path / "hands"
    out_dir.mkdir()
    (out_dir / "notes.txt").write_text("mine")
    code, out, err = run("simulate", "--hands", "5", "--seed", "1", "--phh-out", str(out_dir))
    assert code == 1 and out == ""
    assert err.startswith(f"Error: --phh-out: {str(out_dir)!r} is not empty (1 entries: notes.txt)")
    assert "--overwrite" in err
    assert sorted(p.name for p in out_dir.iterdir()) == ["notes.txt"]
    code, _, err = run("simulate", "--hands", "5", "--overwrite")
    assert code == 1 and err.startswith("Error: --overwrite: ")


def test_overwrite_replaces_only_the_hand_files_of_an_earlier_run(tmp_path: Path):
    out_dir = tmp_path / "hands"
    args = ["simulate", "--game", "flhe", "--hands", "9", "--seed", "4", "--phh-out", str(out_dir)]
    assert run(*args)[0] == 0
    assert len(_hand_files(out_dir)) == 9
    (out_dir / "notes.txt").write_text("mine")
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    (out_dir / "hand-00002.phh").unlink()
    (out_dir / "hand-00002.phh").symlink_to(outside)
    code, _, err = run(*args[:-4], "--hands", "3", "--seed", "5", "--phh-out", str(out_dir),
                       "--overwrite")  # fmt: skip
    assert code == 0, err
    # Three new hands and nothing stale; other files and the symlink's target untouched.
    assert _hand_files(out_dir) == ["hand-00001.phh", "hand-00002.phh", "hand-00003.phh"]
    assert (out_dir / "notes.txt").read_text() == "mine"
    assert outside.read_text() == "keep me"
    assert not (out_dir / "hand-00002.phh").is_symlink()
    for name in _hand_files(out_dir):
        history = read_phh(out_dir / name)
        assert replay(history).stacks == history.finishing_stacks


def test_phh_out_never_writes_through_a_symlink(tmp_path: Path):
    out_dir = tmp_path / "hands"
    out_dir.mkdir()
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    (out_dir / "hand-00001.phh").symlink_to(outside)
    (out_dir / "hand-00002.phh").symlink_to(tmp_path / "created-through-a-link.phh")
    code, _, err = run("simulate", "--hands", "3", "--seed", "1", "--phh-out", str(out_dir))
    assert code == 1 and "not empty" in err
    assert outside.read_text() == "keep me"
    assert not (tmp_path / "created-through-a-link.phh").exists()
    # A link planted while the run writes is refused too, never followed.
    files = HandFiles(out_dir, hands=3)
    with pytest.raises(ValueError, match=r"hand-00002\.phh' appeared during the run"):
        files(1, "text")
    with pytest.raises(ValueError, match=r"hand-00001\.phh' appeared during the run"):
        files(0, "text")
    assert outside.read_text() == "keep me"
    assert not (tmp_path / "created-through-a-link.phh").exists()
    files(2, "text")
    assert (out_dir / "hand-00003.phh").read_text() == "text" and files.written == 1


def test_histories_are_written_as_hands_finish(tmp_path: Path, monkeypatch):
    # Ctrl-C during the run (here: while the 40th history is written) leaves the hands
    # finished before it on disk, complete, and says so.
    from showdown.simulator.phh import write as phh_write

    written = []
    original = phh_write.history_from_state

    def interrupted(*args, **kwargs):
        if len(written) == 39:
            raise KeyboardInterrupt
        written.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(phh_write, "history_from_state", interrupted)
    out_dir = tmp_path / "hands"
    code, _, err = run("simulate", "--game", "stud", "--hands", "100", "--seed", "2",
                       "--phh-out", str(out_dir))  # fmt: skip
    assert code == 1
    assert f"interrupted: 39 hand histories written to {out_dir}" in err
    names = _hand_files(out_dir)
    assert names == [f"hand-{number:05d}.phh" for number in range(1, 40)]
    for name in names:
        history = read_phh(out_dir / name)
        assert replay(history).stacks == history.finishing_stacks
