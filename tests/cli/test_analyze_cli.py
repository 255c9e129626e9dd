"""``showdown analyze``: tables, JSON, the graph file, clear errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from showdown.cli.main import main

pytest.importorskip("pandas")


def phh(actions: list[str], stacks: list[int]) -> str:
    """PHH text of one heads-up no-limit hand between P1 and P2."""
    quoted = ", ".join(f'"{action}"' for action in actions)
    return (
        'variant = "NT"\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        f'starting_stacks = {stacks}\nplayers = ["P1", "P2"]\nactions = [{quoted}]\n'
    )


ALLIN = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc", "d db 2c3c4c", "d db Kh", "d db 9s"]


@pytest.fixture
def hand_file(tmp_path):
    path = tmp_path / "h.phhs"
    bad = phh(["p9 f"], [100, 100])
    path.write_text(f"[1]\n{phh(ALLIN, [100, 100])}\n[2]\n{bad}")
    return path


def test_json_has_counts_and_players_and_bad_hands_go_to_stderr(hand_file):
    result = CliRunner().invoke(main, ["analyze", str(hand_file), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["counts"]["adjusted"] == 1 and data["counts"]["hands_skipped"] == 1
    players = {row["player"]: row for row in data["players"]}
    assert players["P1"]["net"] == -100 and players["P1"]["ev_net"] > 0
    assert "skipped:" in result.stderr and "h.phhs [2]" in result.stderr


def test_plot_file_is_written(hand_file, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "ev.png"
    result = CliRunner().invoke(
        main, ["analyze", str(hand_file), "--player", "P1", "--plot", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 0 and "P1" in result.stdout


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["nowhere.phh"], "Error: nowhere.phh: no such file"),
        (["HAND", "--plot", "x.png"], "Error: --plot draws one player's graph: give --player"),
        (["HAND", "--player", "Zed"], "Error: --player: 'Zed' is in none of the hands"),
        (["HAND", "--player", "P1", "--plot", "x.nope"], "Error: --plot: 'x.nope'"),
        (["HAND", "--player", "P1", "--plot", "DIR/none/x.png"], "Error: --plot: "),
        (["HAND", "--plot", "DIR"], "Error: Invalid value for '--plot'"),
        (["HAND", "--colour"], "Error: No such option '--colour'"),
        ([], "Error: Missing argument 'PATHS...'"),
    ],
)
def test_usage_errors_exit_with_status_1_and_one_error_line(hand_file, arguments, message):
    swap = {"HAND": str(hand_file), "DIR": str(hand_file.parent)}
    arguments = [swap.get(item, item.replace("DIR", str(hand_file.parent))) for item in arguments]
    result = CliRunner().invoke(main, ["analyze", *arguments])
    assert result.exit_code == 1, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and errors[0].startswith(message), result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_strict_stops_with_an_error_line(hand_file):
    result = CliRunner().invoke(main, ["analyze", str(hand_file), "--strict"])
    assert result.exit_code == 1 and "Error:" in result.output and "[2]" in result.output


def test_convert_then_analyze_the_store_gives_the_same_json(hand_file, tmp_path):
    pytest.importorskip("pyarrow")
    store = tmp_path / "hands.store"
    result = CliRunner().invoke(
        main, ["convert", str(hand_file), "--to", "parquet", "-o", str(store)]
    )
    assert result.exit_code == 0, result.output
    assert "hand store written to" in result.stdout and "hands_analysed 1" in result.stdout
    assert "skipped:" in result.stderr and "h.phhs [2]" in result.stderr
    from_text = CliRunner().invoke(main, ["analyze", str(hand_file), "--json"])
    from_store = CliRunner().invoke(main, ["analyze", str(store), "--json"])
    assert from_store.exit_code == 0, from_store.output
    assert json.loads(from_store.stdout) == json.loads(from_text.stdout)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["nowhere.phh", "-o", "OUT"], "Error: nowhere.phh: no such file"),
        (["HAND", "-o", "FULL"], "Error: --out: "),
        (["HAND", "--to", "csv", "-o", "OUT"], "Error: Invalid value for '--to'"),
        (["HAND"], "Error: Missing option '-o' / '--out'"),
    ],
)
def test_convert_usage_errors_exit_with_status_1(hand_file, tmp_path, arguments, message):
    pytest.importorskip("pyarrow")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    swap = {"HAND": str(hand_file), "OUT": str(tmp_path / "out"), "FULL": str(tmp_path / "full")}
    result = CliRunner().invoke(main, ["convert", *[swap.get(a, a) for a in arguments]])
    assert result.exit_code == 1, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and errors[0].startswith(message), result.stderr
    assert "Traceback" not in result.output


def test_convert_without_pyarrow_says_what_to_install(hand_file, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now fails
    result = CliRunner().invoke(main, ["convert", str(hand_file), "-o", str(tmp_path / "s")])
    assert result.exit_code == 1 and "pip install pyarrow" in result.stderr, result.output
