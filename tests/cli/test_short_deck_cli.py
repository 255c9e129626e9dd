"""Short-deck (6+) hold'em on the command line: replay, equity and simulate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from showdown import equity
from showdown.simulator import read_phh, replay

from .test_replay_cli import SAMPLES, run


def test_replay_of_the_ns_sample_hand_reproduces_its_result():
    path = SAMPLES / "phua-xuan-2019.phh"
    if not path.exists():
        pytest.skip("PHH sample not on this machine")
    code, out, err = run("replay", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)[0]
    assert (data["variant"], data["game"]) == ("NS", "nlsd")
    # Antes of 3,000 from all six, the button's blind of 3,000, two limps, then Phua's
    # all-in called by Xuan: the queens turn a straight and beat Phua's set of kings.
    assert data["pot"] == 6 * 3_000 + 3 * 3_000 + 2 * 298_000
    assert data["results"] == ["Tan Xuan wins 623,000 with a Straight, King high"]
    assert data["finishing_stacks"] == [489_000, 226_000, 684_000, 400_000, 0, 198_000]
    assert sum(data["finishing_stacks"]) == sum(data["starting_stacks"])


def test_equity_command_plays_short_deck():
    code, out, err = run(
        "equity", "AsKs", "QhQd", "--game", "short deck", "--board", "Qs7h6d", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    expected = equity(["AsKs", "QhQd"], game="shortdeck", board="Qs7h6d")
    assert data["game"] == "shortdeck" and data["exact"] and data["trials"] == 406
    assert [player["equity"] for player in data["players"]] == pytest.approx(
        expected.equity.tolist(), abs=1e-12
    )
    code, out, err = run("equity", "AsKs", "Qh5d", "--game", "6+")
    assert code == 1 and "player 2: 5d is not in the deck of shortdeck" in err


def test_simulate_command_writes_ns_histories(tmp_path: Path):
    code, _, err = run(
        "simulate", "--game", "6+", "--hands", "4", "--players", "3", "--seed", "2",
        "--phh-out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    files = sorted(tmp_path.glob("*.phh"))
    assert len(files) == 4
    for path in files:
        history = read_phh(path)
        assert history.variant == "NS"
        assert replay(history, strict=True).is_complete
