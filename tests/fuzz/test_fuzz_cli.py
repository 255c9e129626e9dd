"""Fuzz ``showdown eval`` through click's test runner: any arguments, one clean outcome."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from showdown.cards import format_cards
from showdown.cli.main import main

from ._harness import DEFAULT_EXAMPLES, SLOW_EXAMPLES, fuzz_settings, record
from .test_fuzz_cards import CARD_TEXT

OPTIONS = st.sampled_from(["--board", "-b", "--omaha", "--low", "-l", "--json", "--bogus", "--"])
# Real hands of 2..7 distinct cards, so that valid command lines occur often.
HANDS = st.tuples(st.permutations(list(range(52))), st.integers(2, 7)).map(
    lambda drawn: format_cards(drawn[0][: drawn[1]])
)
ARGUMENTS = st.lists(st.one_of(HANDS, HANDS, CARD_TEXT, OPTIONS), max_size=5)


@pytest.mark.parametrize(
    "examples",
    [
        pytest.param(DEFAULT_EXAMPLES // 2, id="default"),
        pytest.param(SLOW_EXAMPLES // 3, id="many", marks=pytest.mark.slow),
    ],
)
def test_eval_command_on_any_arguments(examples: int) -> None:
    runner = CliRunner()

    @fuzz_settings(examples)
    @given(ARGUMENTS)
    def run(arguments: list[str]) -> None:
        result = runner.invoke(main, ["eval", *arguments])
        try:
            # Only click's own exits: no other exception may escape.
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                arguments,
                result.exception,
            )
            assert "Traceback" not in result.stderr
            if result.exit_code == 0:
                assert result.stdout.strip(), arguments
                if (
                    "--json" in arguments[: arguments.index("--")]
                    if "--" in arguments
                    else ("--json" in arguments)
                ):
                    assert isinstance(json.loads(result.stdout), list)
                record("showdown eval", "ok")
            else:
                # 1 for any bad input, click's usage errors (unknown option, option
                # without a value) too: those print the usage lines above their Error line.
                assert result.exit_code == 1, (arguments, result.exit_code, result.stderr)
                lines = result.stderr.strip().splitlines()
                if lines[0].startswith("Usage: "):
                    lines = [line for line in lines if line.startswith("Error")]
                assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
                record("showdown eval", "clean")
        except AssertionError:
            record("showdown eval", "bad")
            raise

    run()
