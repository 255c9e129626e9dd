"""``showdown icm`` and ``showdown pushfold`` through click's test runner."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from showdown import icm, push_fold
from showdown.cli.main import main

# These solve heads-up push/fold spots (in the command, and again in the library to compare):
# as Python (JIT off) from 12 s to over 30 s of CPU each, over two minutes together.
SOLVES_PUSH_FOLD = pytest.mark.needs_jit


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_icm_table_prints_the_published_values() -> None:
    code, out, err = run("icm", "150000", "98750", "45500", "13250", "--payouts", "425,280,130,75")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["player", "stack", "chips", "prize", "equity", "prize"]
    assert [line.split()[3] for line in lines[1:5]] == [
        "323.2018",
        "278.1170",
        "195.7888",
        "112.8924",
    ]
    assert lines[-1].split()[:2] == ["total", "307,500"]


def test_icm_json_is_the_library_answer() -> None:
    code, out, _ = run("icm", "50", "30", "20", "-p", "70 30", "--json")
    assert code == 0
    document = json.loads(out)
    expected = icm([50, 30, 20], [70, 30])
    assert [player["prize_equity"] for player in document["players"]] == expected.tolist()
    assert document["prize_pool"] == 100.0
    assert document["players"][0]["chip_share"] == 0.5


def test_icm_plot_writes_a_file(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "icm.png"
    code, _, err = run("icm", "50", "30", "20", "-p", "70,30", "--plot", str(path))
    assert code == 0, err
    assert path.read_bytes()[:4] == b"\x89PNG"


@SOLVES_PUSH_FOLD
@pytest.mark.parametrize("name", ["missing/icm.png", "icm.unknownformat"])
def test_a_plot_that_cannot_be_written_is_one_error_naming_the_option(tmp_path, name) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / name
    for command in (["icm", "50", "30", "20", "-p", "70,30"], ["pushfold", "10"]):
        code, _, err = run(*command, "--plot", str(path))
        assert code == 1
        assert err.startswith(f"Error: --plot: cannot write {str(path)!r}"), err
        assert len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["icm", "10", "x", "-p", "1"], "stack 2: 'x' is not a number"),
        (["icm", "-p", "1", "--", "10", "-5"], "stacks: entry 2 is -5"),
        (["icm", "10", "5", "-p", "1,2,3"], "payouts: 3 prizes for 2 players"),
        (["icm", "-p", "1"], "stacks: give at least one STACK"),
        (["icm", "10", "5"], "Missing option '--payouts'"),
    ],
)
def test_icm_bad_input_is_one_line_and_status_one(args, message) -> None:
    code, out, err = run(*args)
    assert code == 1 and out == ""
    assert message in err and "Traceback" not in err


@SOLVES_PUSH_FOLD
def test_pushfold_prints_ranges_and_exploitability() -> None:
    code, out, err = run("pushfold", "10")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "heads-up push/fold at 10 bb (chip EV)"
    result = push_fold(10)
    assert f"{100 * result.shove.fraction:.1f}%" in lines[1]
    assert "exploitability per hand" in out and "small blind shoves (% of the time):" in out
    grid_row = next(line for line in lines if line.startswith("A ")).split()
    assert grid_row[1:] == ["100"] * 13


@SOLVES_PUSH_FOLD
def test_pushfold_json_matches_the_library() -> None:
    code, out, _ = run("pushfold", "8", "--ante", "0.125", "--json")
    assert code == 0
    document = json.loads(out)
    result = push_fold(8, ante=0.125)
    assert document["shove"] == str(result.shove) and document["ante"] == 0.125
    assert np.allclose(document["call_grid"], result.call_grid)
    assert document["shover_gain"] <= 1e-6 and document["caller_gain"] <= 1e-6


@SOLVES_PUSH_FOLD
def test_pushfold_icm_takes_the_stack_from_the_field() -> None:
    code, out, err = run("pushfold", "--stacks", "12,9,20", "--payouts", "65,35", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["stack_bb"] == 9 and document["unit"] == "prize"
    expected = push_fold(9, stacks=[12, 9, 20], payouts=[65, 35])
    assert document["call"] == str(expected.call)


@SOLVES_PUSH_FOLD
def test_pushfold_chart_tables_and_json() -> None:
    code, out, err = run("pushfold", "--chart", "--from", "2", "--to", "6", "--step", "1")
    assert code == 0, err
    assert out.startswith("heads-up push/fold chart, 2-6 bb in steps of 1")
    assert (
        "small blind: largest stack to shove" in out and "big blind: largest stack to call" in out
    )
    code, out, _ = run("pushfold", "--chart", "--from", "2", "--to", "6", "--step", "1", "--json")
    document = json.loads(out)
    assert document["stacks"] == [2.0, 3.0, 4.0, 5.0, 6.0]
    assert document["largest_shove"]["AA"] == 6.0


@SOLVES_PUSH_FOLD
def test_pushfold_plots(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    single = tmp_path / "one.png"
    chart = tmp_path / "chart.png"
    assert run("pushfold", "6", "--plot", str(single))[0] == 0
    assert (
        run("pushfold", "--chart", "--from", "2", "--to", "4", "--step", "1", "--plot", str(chart))[
            0
        ]
        == 0
    )
    assert single.read_bytes()[:4] == chart.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pushfold"], "STACK: give the effective stack"),
        (["pushfold", "0.5"], "stack_bb: the effective stack must be"),
        (["pushfold", "abc"], "'abc' is not a valid float"),
        (["pushfold", "10", "--ante", "-1"], "ante: must be >= 0"),
        (["pushfold", "--stacks", "10,20"], "--payouts: give both stacks and payouts"),
        (["pushfold", "10", "--stacks", "12,20", "--payouts", "1"], "is not the effective stack"),
        (["pushfold", "--chart", "5"], "--chart: takes"),
        (["pushfold", "--chart", "--step", "0"], "step: must be > 0"),
        (["pushfold", "--chart", "--from", "9", "--to", "3"], "stack_range: the largest is below"),
    ],
)
def test_pushfold_bad_input_is_one_line_and_status_one(args, message) -> None:
    code, out, err = run(*args)
    assert code == 1 and out == ""
    assert message in err and "Traceback" not in err


def test_commands_are_listed() -> None:
    code, out, _ = run("--help")
    assert code == 0
    assert "icm" in out and "pushfold" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--three-handed"], "--three-handed: give --stacks"),
        (["10", "--three-handed", "--stacks", "10,8,12"], "not STACK or --chart"),
        (["--three-handed", "--stacks", "10,8"], "--stacks: three-handed takes three stacks"),
        (["--three-handed", "--stacks", "10,x,12"], "--stacks: 'x' is not a number"),
        (["--three-handed", "--stacks", "10,-8,12"], "small blind's stack"),
        (["--three-handed", "--stacks", "10,nan,12"], "expected a finite number"),
        (["--three-handed", "--stacks", "10,8,12", "--payouts", "5,-1"], "payouts: entry 2"),
    ],
)
def test_pushfold_three_handed_bad_input(args, message) -> None:
    code, out, err = run("pushfold", *args)
    assert code == 1
    assert out == ""
    assert err.startswith("Error: ") and message in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_pushfold_three_handed_text_json_and_plot(tmp_path) -> None:
    from showdown.tournament import push_fold_3way

    expected = push_fold_3way([10, 8, 12])
    code, out, err = run("pushfold", "--three-handed", "--stacks", "10,8,12", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document == json.loads(json.dumps(expected.to_dict()))
    path = tmp_path / "three.png"
    code, out, err = run("pushfold", "--three-handed", "--stacks", "10 8 12", "--plot", str(path))
    assert code == 0, err
    assert path.stat().st_size > 0
    assert out.startswith("three-handed push/fold, stacks 10/8/12 bb")
    assert "button shoves: " in out and "exploitability per hand" in out
