"""Bad input on the command line: one status for every command, one line naming the option.

The library raises ``InputError`` naming its parameter; the commands name their
own option instead, from a table, and never read a result's private fields.
"""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

from showdown.cli._errors import BAD_INPUT_STATUS, option_message
from showdown.cli.main import COMMANDS, main
from showdown.errors import InputError

CLI_DIRECTORY = Path(__file__).resolve().parents[2] / "src" / "showdown" / "cli"


def run(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(arguments))
    assert "Traceback" not in result.stderr, result.stderr
    return result.exit_code, result.stderr


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("Error:")]


def test_bad_input_status_is_not_clicks_usage_status() -> None:
    # The promise of docs/cli.md: one status for every bad input, click's 2 included.
    assert BAD_INPUT_STATUS == 1


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_refuses_an_unknown_option_alike(command: str) -> None:
    code, stderr = run(command, "--bogus")
    assert code == BAD_INPUT_STATUS, stderr
    lines = error_lines(stderr)
    assert len(lines) == 1 and "--bogus" in lines[0], stderr


@pytest.mark.parametrize(
    ("arguments", "option"),
    [
        (["eval", "AsKs", "--board", "Kd"], "--board"),
        (["equity", "AsKs", "QQ", "--samples", "many"], "--samples"),
        (["simulate", "--hands", "lots"], "--hands"),
        (["simulate", "--mode", "casino"], "--mode"),
        (["replay", "--max-bytes", "0", "hand.phh"], "--max-bytes"),
        (["convert", "hands/", "--to", "csv"], "--to"),
        (["icm", "100", "50", "--payouts", "70,x"], "--payouts"),
        (["pushfold", "10", "--ante", "much"], "--ante"),
        (["analyze", "hands/", "--plot", "ev.png"], "--plot"),
    ],
)
def test_a_bad_value_is_one_error_line_naming_the_option(arguments: list[str], option: str) -> None:
    code, stderr = run(*arguments)
    assert code == BAD_INPUT_STATUS, stderr
    lines = error_lines(stderr)
    assert len(lines) == 1 and option in lines[0], stderr


@pytest.mark.parametrize(
    ("arguments", "start"),
    [
        # Library errors (InputError) named by the command's own option, not the parameter.
        (["simulate", "--stack", "0", "--hands", "5"], "Error: --stack: expected a positive"),
        (["simulate", "--game", "chess"], "Error: --game: unknown game 'chess'"),
        (["simulate", "--players", "99", "--hands", "5"], "Error: --players: nlhe is played"),
        (["simulate", "--seed", "-1", "--hands", "5"], "Error: --seed: expected None or an int"),
        (["simulate", "--scheduler", "nowhere:x"], "Error: --scheduler: 'nowhere:x' is not a"),
    ],
)
def test_library_errors_name_the_commands_option(arguments: list[str], start: str) -> None:
    code, stderr = run(*arguments)
    assert code == BAD_INPUT_STATUS, stderr
    assert error_lines(stderr) == [error_lines(stderr)[0]]
    assert error_lines(stderr)[0].startswith(start), stderr


def test_an_unknown_command_has_the_same_status() -> None:
    code, stderr = run("evl", "AsKsQsJsTs")
    assert code == BAD_INPUT_STATUS
    assert "no such command 'evl'" in stderr


def test_input_error_keeps_the_message_users_see() -> None:
    error = InputError("expected 0, 3, 4 or 5 cards, got 2", parameter="board")
    assert str(error) == "board: expected 0, 3, 4 or 5 cards, got 2"
    assert (error.parameter, error.reason) == ("board", "expected 0, 3, 4 or 5 cards, got 2")
    assert isinstance(error, ValueError)
    assert str(InputError("no hands given")) == "no hands given"
    assert InputError("no hands given").parameter is None


def test_input_errors_survive_pickling_with_their_fields() -> None:
    # Errors come back from Dask workers pickled; subclasses take other arguments.
    from showdown.cards.generic_range import RangeSyntaxError

    for error in (
        InputError("expected a positive integer, got 0", parameter="samples"),
        RangeSyntaxError("unexpected token 'x'", "AK, x", 4),
    ):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert str(copy) == str(error)
        assert copy.parameter == error.parameter
    copy = pickle.loads(pickle.dumps(RangeSyntaxError("unexpected token 'x'", "AK, x", 4)))
    assert copy.caret == "AK, x\n    ^"


def test_option_message_maps_only_the_parameters_of_the_table() -> None:
    options = {"starting_stack": "--stack"}
    error = InputError("expected a positive int, got 0", parameter="starting_stack")
    assert option_message(error, options) == "--stack: expected a positive int, got 0"
    # Unknown parameter, no parameter, a plain ValueError: the message as it is.
    assert option_message(InputError("gone", parameter="deck"), options) == "deck: gone"
    assert option_message(ValueError("starting_stack: x"), options) == "starting_stack: x"


@pytest.mark.parametrize(
    "kind",
    [
        "showdown.cards.generic_range.RangeSyntaxError",
        "showdown.equity.guard.ExactTooSlowError",
        "showdown.history.reader.BadHandError",
        "showdown.simulator.phh.history.UnsupportedVariantError",
        "showdown.simulator.hand.actions.IllegalActionError",
        "showdown._cluster.SchedulerUnreachableError",
    ],
)
def test_typed_input_errors_are_input_errors(kind: str) -> None:
    import importlib

    module, name = kind.rsplit(".", 1)
    assert issubclass(getattr(importlib.import_module(module), name), InputError)


def parameter_of(call) -> str | None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as caught:
        call()
    return caught.value.parameter


def test_library_validation_names_the_parameter() -> None:
    from showdown._cluster import check_cluster_arguments
    from showdown.equity import equity
    from showdown.games import find_game, play_game
    from showdown.simulator import simulate

    assert parameter_of(lambda: find_game("chess")) == "game"
    assert parameter_of(lambda: play_game("omaha5")) == "game"
    assert parameter_of(lambda: check_cluster_arguments(None, 8786)) == "scheduler"
    assert parameter_of(lambda: check_cluster_arguments(None, "tcp://host:0")) == "scheduler"
    # Refused while checking the arguments: nothing is dealt or compiled.
    assert parameter_of(lambda: equity(["AsKs", "QQ"], board="Kd7c")) == "board"
    assert parameter_of(lambda: equity(["AsKs", "QQ"], samples=0)) == "samples"
    assert parameter_of(lambda: equity(["AsKs", "QQ"], max_samples=-1)) == "max_samples"
    assert parameter_of(lambda: equity(["AsKs", "QQ"], seed=-1)) == "seed"
    assert parameter_of(lambda: equity(["AsKs", "QQ"], threads=0)) == "threads"
    assert parameter_of(lambda: equity(["AsKs", "QQ"], target_stderr=-1.0)) == "target_stderr"
    assert parameter_of(lambda: equity(["AsKs", "QQ"], combos="yes")) == "combos"
    assert parameter_of(lambda: simulate("nlhe", "random", hands=0)) == "hands"
    assert parameter_of(lambda: simulate("nlhe", "random", mode="sng")) == "mode"
    assert parameter_of(lambda: simulate("nlhe", "random", players=99)) == "players"
    assert parameter_of(lambda: simulate("nlhe", [], hands=5)) == "agents"
    assert parameter_of(lambda: simulate("nlhe", "random", seed=-2)) == "seed"
    assert parameter_of(lambda: simulate("nlhe", "random", starting_stack=0)) == "starting_stack"
    assert parameter_of(lambda: simulate("nlhe", "random", starting_stack=1)) == "starting_stack"


def test_combo_breakdown_is_public_and_refused_without_combos() -> None:
    from showdown.equity import equity

    plain = equity(["AsKs", "QdQc"], board="Kd7c2h", exact=True)
    assert plain.has_combos is False
    assert parameter_of(lambda: plain.combo_breakdown(0)) == "combos"
    kept = equity(["AsKs", "QQ"], board="Kd7c2h", combos=True, exact=True)
    assert kept.has_combos is True
    assert len(kept.combo_breakdown(1).cards) == 6  # QQ less none: no queen is out
    assert parameter_of(lambda: kept.combo_breakdown(2)) == "player"


def test_the_cli_reads_no_private_field_of_a_result() -> None:
    # Private names of other modules (result._counters) are no interface for the CLI.
    reads = []
    for path in sorted(CLI_DIRECTORY.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                reads.append(f"{path.name}: .{node.attr}")
    assert reads == []
