"""Output that speaks poker: every echo of cards and ranges is canonical.

The equity table, its JSON and the result's labels show ranges in the shortest usual
notation and cards as ``As``/``Th`` whatever was typed, and each label parses back to
the same range.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from showdown import Range, equity
from showdown.cli.main import main
from showdown.equity.games import canonical_range_text

TYPED = [
    ("22 33 44", "44-"),
    ("qq+", "QQ+"),
    ("10s10h", "TsTh"),
    ("KsAs", "AsKs"),
    ("ako:0.5", "AKo:0.5"),
    ("AKs:0.5, QQ+", "QQ+, AKs:0.5"),
    ("t9s-76s, a2s+", "A2s+, T9s-76s"),
    ("jj- aks", "JJ-, AKs"),
    ("Any", "random"),
]


@pytest.mark.parametrize(("typed", "label"), TYPED)
def test_range_labels_are_canonical_and_parse_back(typed: str, label: str):
    assert canonical_range_text(typed) == label
    assert Range(label) == Range(typed)  # the same combos and weights
    result = equity([typed, "2c2d" if "22" not in typed else "AcAd"], samples=200, seed=1)
    assert result.players[0] == label


def test_the_cli_table_and_json_echo_canonical_text():
    runner = CliRunner()
    done = runner.invoke(
        main, ["equity", "10s10h", "qq+, ako", "--board", "kd 7c 2H", "--dead", "3S"]
    )
    assert done.exit_code == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("holdem, board Kd7c2h, dead 3s: exact")
    assert [line.split()[1] for line in lines[2:4]] == ["TsTh", "QQ+,"]
    assert "QQ+, AKo" in lines[3]
    document = json.loads(runner.invoke(main, ["equity", "10s10h", "qq+", "--json"]).stdout)
    assert [player["hand"] for player in document["players"]] == ["TsTh", "QQ+"]


@pytest.mark.parametrize(
    ("game", "typed", "label"),
    [
        ("omaha", "asahkskh", "AsAhKsKh"),
        ("omaha5", "10s 9s 8s 7s 6s", "Ts9s8s7s6s"),
        ("stud", "ahkd qc", "AhKdQc"),
        ("draw", "asksqsjs2c / 2c", "AsKsQsJs2c/2c"),
    ],
)
def test_hands_of_other_games_are_echoed_canonically(game: str, typed: str, label: str):
    result = equity([typed, "random"], game=game, samples=100, seed=3)
    assert result.players == [label, "random"]
