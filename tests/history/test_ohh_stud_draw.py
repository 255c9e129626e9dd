"""Open Hand History stud and draw hands: read to the same model as the PokerStars hands
written independently by hand, the round trip through PHH and a replay, the analysis, and
bad hands reported with their place and field."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from showdown.history import BadHandWarning, ReadReport, hands
from showdown.history.ohh import OhhError, ohh_hands, read_ohh_hand
from showdown.history.pokerstars import pokerstars_hands
from showdown.history.replayed import hand_facts
from showdown.simulator.phh import HandHistory, read_phh, replay, write_phh

DATA = Path(__file__).parent / "data"
PATH = DATA / "ohh_stud_draw.json"
ITEMS = json.loads(PATH.read_text())
HANDS = [h for _, h in ohh_hands(PATH.read_text()) if isinstance(h, HandHistory)]
IDS = [str(h.extra["hand"]) for h in HANDS]
FIELDS = ("variant", "players", "starting_stacks", "finishing_stacks", "antes",
          "blinds_or_straddles", "bring_in", "small_bet", "big_bet")  # fmt: skip


def exact(values) -> list[Fraction]:
    return [Fraction(str(v)) for v in values]


def pokerstars(number: int) -> HandHistory:
    for path in DATA.glob("pokerstars_*.txt"):
        for found, history in pokerstars_hands(path.read_text()):
            if found == number and isinstance(history, HandHistory):
                return history
    raise AssertionError(f"no PokerStars fixture hand #{number}")


def hand(number: str) -> dict:
    """A fresh copy of the fixture hand with this ``game_number``."""
    found = next(item for item in ITEMS if item["ohh"]["game_number"] == number)
    return json.loads(json.dumps(found))


def test_the_fixture_holds_stud_stud_hilo_and_draw_hands():
    assert [(h.extra["hand"], h.variant) for h in HANDS] == [
        (5001, "F7S"), (5002, "F7S/8"), (6002, "F5D"), (6003, "F5D"),
    ]  # fmt: skip


@pytest.mark.parametrize("history", HANDS, ids=IDS)
def test_an_ohh_hand_reads_as_the_same_hand_written_by_pokerstars(history):
    same = pokerstars(history.extra["hand"])
    for name in FIELDS:
        assert getattr(history, name) == getattr(same, name), name
    for key in ("winnings", "_rake", "seats"):
        assert history.extra[key] == same.extra[key], key
    # Every deal, draw and bet in the same order; the shows as a set (the files differ).
    assert [a for a in history.actions if " sm" not in a] == [
        a for a in same.actions if " sm" not in a
    ]
    assert {a for a in history.actions if " sm" in a} == {a for a in same.actions if " sm" in a}


@pytest.mark.parametrize("history", HANDS, ids=IDS)
def test_round_trip_through_phh_a_replay_and_the_analysis(history):
    back = read_phh(write_phh(history))
    assert back == history
    state = replay(back, odd_chips="exact")
    start, finish = exact(history.starting_stacks), exact(history.finishing_stacks)
    rake = Fraction(str(history.extra["_rake"]))
    assert sum(Fraction(v) for v in state.final_stacks) == sum(start)  # no rake in the engine
    assert sum(start) - sum(finish) == rake
    if not rake:
        replay(back, odd_chips="exact", strict=True)
    facts = hand_facts(history)
    assert [Fraction(n, facts.scale) for n in facts.net] == [
        f - s for f, s in zip(finish, start, strict=True)
    ]


def test_stud_up_cards_bring_in_and_the_shown_down_cards_in_deal_order():
    history = {h.extra["hand"]: h for h in HANDS}[5002]
    assert history.bring_in == 0.05 and (history.small_bet, history.big_bet) == (0.1, 0.2)
    # Eve showed her up cards first: her down cards still go to third and seventh street.
    assert history.actions[:3] == ["d dh p1 Ah2h5c", "d dh p2 ThJcKd", "p1 pb"]
    assert "d dh p2 Tc" in history.actions and "d dh p1 8s" in history.actions


def test_stud_cards_mucked_face_up_fill_in_the_deal():
    item = hand("5001")
    muck = item["ohh"]["rounds"][5]["actions"][1]
    assert muck["action"] == "Mucks Cards" and muck["player_id"] == 1
    # Ann mucks: her cards as the hero were known; an opponent's would now be too.
    item["ohh"]["rounds"][0]["actions"][3]["cards"] = ["9h"]
    item["ohh"]["rounds"][4]["actions"][0]["cards"] = []
    muck["cards"] = ["As", "Kd", "9h", "9d", "4s", "Tc", "8c"]
    history = read_ohh_hand(item, 1)
    assert history.actions[0] == "d dh p1 AsKd9h" and "d dh p1 8c" in history.actions
    assert "p1 sm" in history.actions and not [a for a in history.actions if "sm As" in a]


def test_stud_streets_the_file_skips_after_an_all_in_are_dealt():
    # Dan is all in on third street; the file has no round until the showdown.
    item = hand("5002")
    body = item["ohh"]
    body["players"][0]["starting_stack"] = 0.12
    body["rounds"] = [body["rounds"][0], {**body["rounds"][-1], "id": 1}]
    body["pots"] = [{"number": 0, "amount": 0.24, "rake": 0, "player_wins": [
        {"player_id": 4, "win_amount": 0.12}, {"player_id": 6, "win_amount": 0.12}]}]  # fmt: skip
    history = read_ohh_hand(item, 1)
    deals = [a for a in history.actions if a.startswith("d dh p1")]
    assert deals == ["d dh p1 Ah2h5c", "d dh p1 3d", "d dh p1 9s", "d dh p1 Qc", "d dh p1 8s"]
    assert replay(history, strict=True).final_stacks == [Fraction("0.12"), 5]


def test_draw_discards_stand_pat_and_the_drawn_cards():
    history = {h.extra["hand"]: h for h in HANDS}[6003]
    # Heads-up the button (Fay) posts the small blind: written as posted.
    assert history.blinds_or_straddles == [20, 10] and history.antes == [5, 5]
    # Fay's draw was written as her whole hand after it: the new cards are dealt.
    assert history.actions[5:9] == ["p1 sd ??", "d dh p1 ??", "p2 sd 7s5h2c", "d dh p2 Ah9d3s"]


def changed(number: str, path: list[object], value: object) -> dict:
    item = hand(number)
    target = item["ohh"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return item


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (changed("5001", ["bet_limit", "bet_type"], "NL"), r"'game_type': NL Stud is not played"),
        (
            changed("5001", ["rounds", 1, "street"], "Eighth Street"),
            r"'rounds\[1\].street': 'Eighth Street' is not a street of this game",
        ),
        (
            changed("5001", ["rounds", 2, "street"], "Fourth Street"),
            r"'rounds\[2\].street': 'Fourth Street' comes too late",
        ),
        (
            changed("5001", ["rounds", 5, "actions", 0, "cards"], ["Js", "5d", "Qs", "2c"]),
            r"'rounds\[5\].actions\[0\].cards': shows Js5dQs2c, was dealt \?\?\?\?Qs2cJhJd\?\?",
        ),
        (
            changed(
                "5001", ["rounds", 5, "actions", 0, "cards"], ["Qs"] * 3 + ["2c", "Jh", "Jd", "6h"]
            ),
            r"'rounds\[5\].actions\[0\].cards': shows QsQsQs2cJhJd6h",
        ),
        (
            changed("5001", ["rounds", 0, "actions", 6, "amount"], -1),
            r"'rounds\[0\].actions\[6\].amount': expected an amount",
        ),
        (
            changed("6002", ["rounds", 1, "actions", 0, "cards"], ["??"] * 6),
            r"'rounds\[1\].actions\[0\].cards': more than five cards",
        ),
        (
            changed("6002", ["rounds", 1, "actions", 2, "cards"], ["4c", "1x"]),
            r"'rounds\[1\].actions\[2\].cards': '1x' is not a card",
        ),
        (
            changed("6002", ["rounds", 1, "actions", 3, "cards"], ["Qc"]),
            r"'rounds\[1\].actions\[3\].cards': 1 cards drawn for 2 discarded",
        ),
        (
            changed("6002", ["rounds", 0, "actions", 3, "action"], "Discard"),
            r"'rounds\[0\].actions\[3\]': a draw outside the draw",
        ),
        (
            changed("6002", ["rounds", 0, "actions", 2, "cards"], ["Kd", "??"]),
            r"'rounds\[0\].actions\[2\].cards': '\?\?' is not a card",
        ),
    ],
)
def test_errors_name_the_hand_and_the_field(item, message):
    with pytest.raises(OhhError, match=r"hand 7 \(game_number \d+\): field " + message):
        read_ohh_hand(item, 7)


def test_a_bad_stud_hand_is_reported_with_its_place_and_skipped(tmp_path):
    items = [hand("5001"), changed("5002", ["rounds", 1, "street"], "Ninth Street"), hand("6002")]
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(items))
    report = ReadReport()
    with pytest.warns(BadHandWarning, match=r"mixed\.json \[2\]: hand 2 \(game_number 5002\)"):
        read_back = list(hands(path, report=report))
    assert [h.extra["hand"] for h in read_back] == [5001, 6002]
    assert (report.hands, report.skipped) == (2, 1) and "Ninth Street" in report.bad[0].reason


def test_analyze_reads_the_ohh_stud_and_draw_hands():
    pytest.importorskip("pandas")
    from showdown.history import analyze

    result = analyze(PATH)
    assert result.counts["hands_analysed"] == 4 and not result.bad
    for history in HANDS:
        rows = result.hands[result.hands["hand_id"].astype(str) == str(history.extra["hand"])]
        nets = rows.set_index("player")["net"]
        for name, start, finish in zip(
            history.players, history.starting_stacks, history.finishing_stacks, strict=True
        ):
            assert nets[name] == pytest.approx(finish - start)


def _places(value: object, path: tuple = ()) -> list[tuple]:
    """Every key and index path inside a JSON value."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*path, index))
    return found


def test_mutated_hands_give_a_history_or_an_ohh_error_never_a_traceback():
    import random

    rng = random.Random(5)
    odd = [None, "x", -1, 0, 2.5, [], {}, ["??"], ["As", "As"], True, "Showdown", "Discard"]
    for _ in range(400):
        item = json.loads(json.dumps(rng.choice(ITEMS)))
        path = rng.choice(_places(item))
        parent = item
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.3 and isinstance(parent, (dict, list)):
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(odd)
        for _, result in ohh_hands(json.dumps(item)):
            assert isinstance(result, (HandHistory, OhhError))
