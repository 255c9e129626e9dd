"""Open Hand History JSON: the same hands as the PokerStars fixtures read to the same model,
the round trip through PHH and a replay, bad hands reported with their place and field."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from showdown.history import BadHandError, BadHandWarning, ReadReport, hands
from showdown.history.ohh import OhhError, ohh_hands, read_ohh_hand
from showdown.history.pokerstars import pokerstars_hands
from showdown.simulator.phh import HandHistory, read_phh, replay, write_phh

DATA = Path(__file__).parent / "data"
OHH_FILES = [DATA / "ohh_holdem_cash.ohh", DATA / "ohh_hands.json"]


def pokerstars_by_number() -> dict[int, HandHistory]:
    found = {}
    for path in DATA.glob("pokerstars_*.txt"):
        for number, history in pokerstars_hands(path.read_text()):
            if isinstance(history, HandHistory) and number is not None:
                found[number] = history
    return found


def ohh_read() -> list[HandHistory]:
    found = []
    for path in OHH_FILES:
        found += [h for _, h in ohh_hands(path.read_text()) if isinstance(h, HandHistory)]
    return found


HANDS = ohh_read()
IDS = [str(h.extra["hand"]) for h in HANDS]


def test_the_fixtures_hold_four_readable_hands():
    assert sorted(h.extra["hand"] for h in HANDS) == [1001, 2001, 4002, 7001]


@pytest.mark.parametrize("history", HANDS, ids=IDS)
def test_an_ohh_hand_reads_as_the_same_hand_written_by_pokerstars(history):
    # Two formats written independently by hand: their readings must agree.
    same = pokerstars_by_number()[history.extra["hand"]]
    for name in ("variant", "players", "starting_stacks", "antes", "blinds_or_straddles"):
        assert getattr(history, name) == getattr(same, name), name
    assert (history.min_bet, history.finishing_stacks) == (same.min_bet, same.finishing_stacks)
    for key in ("winnings", "_rake", "seats"):
        assert history.extra[key] == same.extra[key], key

    def betting(actions: list[str]) -> list[str]:
        return [a for a in actions if " sm" not in a]

    def shows(actions: list[str]) -> set[str]:
        return {a for a in actions if " sm" in a}

    assert betting(history.actions) == betting(same.actions)
    assert shows(history.actions) == shows(same.actions)


@pytest.mark.parametrize("history", HANDS, ids=IDS)
def test_round_trip_through_phh_and_a_replay(history):
    back = read_phh(write_phh(history))
    assert back == history
    state = replay(back, odd_chips="exact")
    replayed = [Fraction(v) for v in state.final_stacks]
    start = sum(Fraction(str(v)) for v in history.starting_stacks)
    finish = sum(Fraction(str(v)) for v in history.finishing_stacks)
    assert sum(replayed) == start  # the engine takes no rake
    assert start - finish == Fraction(str(history.extra["_rake"]))
    if not history.extra.get("_run_twice") and not history.extra["_rake"]:
        replay(back, odd_chips="exact", strict=True)


def test_run_it_twice_keeps_the_first_board_and_the_files_split():
    twice = {h.extra["hand"]: h for h in HANDS}[7001]
    assert twice.extra["_second_board"] == "Ah8cTd4d5h"
    assert [a for a in twice.actions if a.startswith("d db")] == [
        "d db 2c7s9d",
        "d db Jh",
        "d db 3s",
    ]
    assert twice.extra["winnings"] == [148.5, 148.5]


def test_a_bad_hand_is_reported_with_its_place_and_field_then_skipped(tmp_path):
    path = DATA / "ohh_hands.json"
    report = ReadReport()
    with pytest.warns(BadHandWarning, match=r"ohh_hands\.json \[3\]: hand 3 \(game_number 5001\)"):
        read = list(hands(path, report=report))
    assert len(read) == 3 and (report.hands, report.skipped) == (3, 1)
    assert report.bad[0].hand == 3 and "field 'game_type'" in report.bad[0].reason
    with pytest.raises(BadHandError, match=r"\[3\]"):
        list(hands(path, strict=True))


def test_directories_are_searched_for_ohh_files(tmp_path):
    (tmp_path / "one.ohh").write_text((DATA / "ohh_holdem_cash.ohh").read_text())
    assert [h.extra["hand"] for h in hands(tmp_path)] == [1001]


CASH = json.loads((DATA / "ohh_holdem_cash.ohh").read_text())


def changed(path: list[object], value: object) -> dict:
    """The cash hand with one field replaced (``path`` of keys and indexes)."""
    hand = json.loads(json.dumps(CASH))
    target = hand["ohh"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return hand


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({"not": "ohh"}, "expected an object with an 'ohh' object"),
        (changed(["game_type"], "Razz"), r"field 'game_type': 'Razz' is not a game"),
        (changed(["bet_limit"], {"bet_type": "XL"}), r"field 'bet_limit.bet_type'"),
        (changed(["players"], []), r"field 'players': expected a list of 2 or more"),
        (changed(["players", 1, "starting_stack"], -5), r"field 'players\[\d\].starting_stack'"),
        (
            changed(["rounds", 2, "actions", 3, "amount"], 17),
            r"actions\[3\].amount': a call of 17, the bet to call is 18",
        ),
        (
            changed(["pots", 0, "amount"], 80),
            r"field 'pots': the actions put in 79.5, the pots hold 80",
        ),
        (
            changed(["rounds", 0, "actions", 4, "player_id"], 9),
            r"field 'rounds\[0\].actions\[4\].player_id': no player 9",
        ),
        (
            changed(["rounds", 0, "actions", 5, "action"], "Dance"),
            r"'Dance' is not an action read here",
        ),
        (
            changed(["rounds", 1, "cards"], ["Ah", "7c", "1d"]),
            r"field 'rounds\[1\].cards': '1d' is not a card",
        ),
        (changed(["pots", 0, "rake"], 2), r"field 'pots': the wins plus the rake are not the pots"),
        (
            changed(["rounds", 0, "actions", 4, "player_id"], {}),
            r"actions\[4\].player_id': no player \{\}",
        ),
        (changed(["pots", 0, "player_wins", 0, "player_id"], [4]), r"player_wins\[0\].player_id'"),
        (changed(["rounds", 1, "id"], "one"), r"field 'rounds\[1\].id': expected a number"),
    ],
)
def test_errors_name_the_hand_and_the_field(hand, message):
    with pytest.raises(OhhError, match=r"hand 4.*" + message):
        read_ohh_hand(hand, 4)


def test_a_line_that_is_not_json_is_reported_and_the_others_read():
    good = json.dumps(CASH)
    results = list(ohh_hands(f"{good}\n\n{{not json\n{good}\n"))
    assert [place for place, _ in results] == [1, 2, 3]
    assert isinstance(results[1][1], OhhError) and "hand 2: line 3 is not JSON" in str(
        results[1][1]
    )
    assert all(isinstance(results[k][1], HandHistory) for k in (0, 2))


def test_an_empty_directory_names_every_ending_searched(tmp_path):
    (tmp_path / "notes.txt").write_text("not a hand")
    with pytest.raises(ValueError, match=r"no \.phh, \.phhs or \.ohh files in this directory"):
        list(hands(tmp_path))
