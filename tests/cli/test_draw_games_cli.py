"""No- and pot-limit five-card draw on the command line: simulate with hand histories,
replay them, analyse them (the nets are the simulator's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from showdown.cli.main import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_simulate_replay_and_analyze_a_draw_game_with_blinds(tmp_path: Path):
    # One of the two games, by an alias (the library tests play both).
    name, game, code = "PL Draw", "pl5d", "P5D"
    pytest.importorskip("pandas")
    out_dir = tmp_path / "hands"
    status, out, err = run(
        "simulate", "--game", name, "--agents", "random,call,strength", "--hands", "20",
        "--seed", "4", "--stack", "60", "--phh-out", str(out_dir), "--json",
    )  # fmt: skip
    assert status == 0, err
    data = json.loads(out)
    assert data["game"] == game and data["big_blind"] == 2
    nets = {seat["agent"]: seat["net"] for seat in data["seats"]}
    files = sorted(out_dir.glob("*.phh"))
    assert len(files) == 20 and f'variant = "{code}"' in files[0].read_text()
    # Every file replays to its finishing stacks (exit status 0), in poker words.
    status, out, err = run("replay", *map(str, files), "--json")
    assert status == 0, err
    summaries = json.loads(out)
    assert len(summaries) == 20
    words = " ".join(line for summary in summaries for line in summary["actions"])
    assert "discards" in words or "stands pat" in words
    # The analysis of the files gives each agent the simulator's net.
    status, out, err = run("analyze", str(out_dir), "--json")
    assert status == 0, err
    analysed = json.loads(out)
    assert analysed["counts"]["hands_analysed"] == 20
    assert {row["player"]: row["net"] for row in analysed["players"]} == nets
