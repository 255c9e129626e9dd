"""simulate()'s options: keyword-only, one default seat count, a seed you can repeat,
a starting stack of at least one big blind; the same rules in Python and on the command line."""

from __future__ import annotations

import inspect
import re

import pytest
from click.testing import CliRunner

from showdown.cli import simulate_command
from showdown.cli.main import main
from showdown.simulator import read_phh, simulate
from showdown.simulator.session import DEFAULT_PLAYERS


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_options_are_keyword_only():
    parameters = inspect.signature(simulate).parameters.values()
    positional = [p.name for p in parameters if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    assert positional == ["game", "agents"]
    with pytest.raises(TypeError):
        simulate("nlhe", ["call", "call"], 10)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("agents", "seats"),
    [("call", DEFAULT_PLAYERS), ("random,call", 2), ("random,call,strength", 3), ("call," * 7, 7)],
)
def test_one_default_number_of_players_in_python_and_the_cli(agents: str, seats: int):
    names = [name for name in agents.split(",") if name]
    assert simulate("nlhe", names, hands=4, seed=1).players == seats
    code, out, err = run("--agents", agents, "--hands", "4", "--seed", "1")
    assert code == 0, err
    assert out.startswith(f"nlhe: {seats} players")
    assert simulate_command.DEFAULT_PLAYERS == DEFAULT_PLAYERS


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_a_run_without_a_seed_reports_the_seed_it_drew(engine: str):
    first = simulate("nlhe", ["random", "strength"], hands=60, engine=engine)
    assert isinstance(first.seed, int) and first.seed >= 0
    again = simulate("nlhe", ["random", "strength"], hands=60, seed=first.seed, engine=engine)
    assert again.net == first.net and again.seed == first.seed
    other = simulate("nlhe", ["random", "strength"], hands=60, engine=engine)
    assert other.seed != first.seed  # drawn afresh each run


def test_the_cli_prints_the_seed_and_repeats_with_it():
    code, out, err = run("--agents", "random,strength", "--hands", "50")
    assert code == 0, err
    seed = re.search(r"seed (\d+) \(repeat with --seed \1\)", out.splitlines()[0])
    assert seed, out
    again = run("--agents", "random,strength", "--hands", "50", "--seed", seed[1])[1]
    assert again.splitlines()[1:-1] == out.splitlines()[1:-1]  # the same table (not the timing)


def test_a_starting_stack_below_one_big_blind_is_refused():
    with pytest.raises(
        ValueError, match=r"starting_stack: 1 chips is less than one big blind \(2\)"
    ):
        simulate("nlhe", ["call", "call"], hands=2, seed=1, starting_stack=1)
    with pytest.raises(ValueError, match=r"less than one big blind \(5\)"):
        simulate("stud", ["call", "call"], hands=2, seed=1, starting_stack=4)  # small bet 5
    assert simulate("nlhe", ["call", "call"], hands=2, seed=1, starting_stack=2).hands == 2
    code, out, err = run("--stack", "1", "--hands", "2")
    assert code == 1 and out == ""
    assert err.strip() == "Error: --stack: 1 chips is less than one big blind (2)"


def test_simulated_histories_name_the_players():
    result = simulate(
        "nlhe", ["random", "call", "strength"], players=6, hands=6, seed=2, record_histories=True
    )
    seats = {"random-0", "call-1", "strength-2", "random-3", "call-4", "strength-5"}
    for text in result.histories or []:
        assert set(read_phh(text).players or []) == seats
    result = simulate("stud", ["random", "call"], hands=3, seed=2, record_histories=True)
    assert all(read_phh(text).players in (["random", "call"], ["call", "random"])
               for text in result.histories or [])  # fmt: skip
