"""``equity_distribution`` takes ``equity``'s options (defined once, in the equity API), and
the distribution's document starts with the result's own description of the spot."""

from __future__ import annotations

import inspect

import pytest

from showdown import equity, equity_distribution
from showdown.equity.formatting import json_records


def test_the_signature_is_equitys_with_player_for_combos():
    wanted = [name for name in inspect.signature(equity).parameters if name != "combos"]
    wanted.insert(wanted.index("game") + 1, "player")
    signature = inspect.signature(equity_distribution)
    assert list(signature.parameters) == wanted
    for name in wanted:
        if name not in ("players", "player"):
            assert signature.parameters[name] == inspect.signature(equity).parameters[name]


@pytest.mark.parametrize("keyword", ["combos", "sample", "players_"])
def test_a_keyword_equity_distribution_lacks_is_refused_by_its_own_name(keyword):
    with pytest.raises(TypeError, match=f"equity_distribution\\(\\).*'{keyword}'"):
        equity_distribution(["AsKs", "QQ"], board="Kd7c2h", **{keyword: True})


def test_the_options_reach_the_engine():
    spread = equity_distribution(
        ["AsKs", "QQ"], board="Kd7c2h", dead="3s", samples=5_000, seed=11, threads=1
    )
    direct = equity(
        ["AsKs", "QQ"], board="Kd7c2h", dead="3s", samples=5_000, seed=11, threads=1, combos=True
    )
    assert (spread.board, spread.dead, spread.exact, spread.seed) == ("Kd7c2h", "3s", False, 11)
    assert spread.trials == direct.trials
    assert spread.result.equity.tolist() == direct.equity.tolist()


def test_both_documents_start_with_the_spot_of_the_run():
    spread = equity_distribution(["AsKs", "QQ+, AK"], board="Kd7c2h", exact=True, player=1)
    head = spread.result.spot_dict()
    assert list(head) == ["game", "board", "dead", "exact", "trials", "seed"]
    assert head["trials"] == spread.trials and isinstance(head["trials"], int)
    assert spread.to_dict() == {**head, "players": spread.to_dict()["players"]}
    document = spread.result.to_dict()
    assert {name: document[name] for name in head} == head
    assert list(document)[: len(head)] == list(head)


def test_combo_records_keep_counts_whole_and_shares_without_noise():
    records = json_records({"combo": ["AsKs"], "deals": [3], "equity": [0.1 + 0.2]})
    assert records == [{"combo": "AsKs", "deals": 3, "equity": 0.3}]
    assert isinstance(records[0]["deals"], int)
