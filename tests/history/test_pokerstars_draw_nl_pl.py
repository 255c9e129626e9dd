"""PokerStars "5 Card Draw No Limit" and "Pot Limit" hands: read as the blind games ``N5D``
and ``P5D``, replayed to the site's results, analysed to the files' nets, and bad lines
reported naming the field.

The fixture's hands are written by hand in the site's format: a no-limit hand with
raises, discards and a stand-pat, two all-ins after the draw and a side pot, rake; a
pot-limit hand with pot-sized raises before and after the draw and an uncalled bet; a
heads-up no-limit tournament hand with antes, both players all-in after the draw.
(The round trip text -> PHH -> replay and the chip checks of every fixture hand are in
``test_pokerstars.py``, which reads every ``pokerstars_*.txt`` file.)
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from showdown.history import ReadReport, hands
from showdown.history.pokerstars import PokerStarsError, parse_pokerstars_hand, pokerstars_hands
from showdown.history.replayed import hand_facts
from showdown.simulator.hand import UNKNOWN, IllegalActionError
from showdown.simulator.phh import HandHistory, read_phh, replay, write_phh

PATH = Path(__file__).parent / "data" / "pokerstars_draw_nl_pl.txt"
TEXT = PATH.read_text(encoding="utf-8")
HANDS = {n: h for n, h in pokerstars_hands(TEXT, PATH.name) if isinstance(h, HandHistory)}


def _hand_text(number: int) -> str:
    return next(part for part in TEXT.split("\n\n\n\n") if f"Hand #{number}:" in part)


def _cents(state) -> list[Fraction]:
    return [Fraction(chips, state.scale) for chips in state.winnings]


def test_every_hand_is_read_with_its_code_blinds_and_minimum_bet():
    assert sorted(HANDS) == [6101, 6102, 6103]
    assert [HANDS[n].variant for n in (6101, 6102, 6103)] == ["N5D", "P5D", "N5D"]
    nl, pl = HANDS[6101], HANDS[6102]
    assert nl.players == ["Cat", "Dan", "Ann", "Bob"] and nl.extra["seats"] == [3, 4, 1, 2]
    assert nl.blinds_or_straddles == [0.05, 0.1, 0, 0] and nl.min_bet == 0.1
    assert pl.blinds_or_straddles == [0.25, 0.5, 0] and pl.min_bet == 0.5
    for history in HANDS.values():
        assert history.small_bet is None and history.big_bet is None


def test_no_limit_draw_discards_stand_pat_and_a_side_pot_settle_as_the_site_did():
    history = HANDS[6101]
    # Ann (the hero) threw three known cards; Dan drew one unseen card; Bob stood pat, so
    # the straight he showed is the hand he was dealt.
    draw = history.actions.index("p2 sd ??")
    assert history.actions[draw : draw + 5] == [
        "p2 sd ??", "d dh p2 ??", "p3 sd 8c5h2d", "d dh p3 Qh9c4s", "p4 sd",
    ]  # fmt: skip
    assert "d dh p4 5c6d7h8s9d" in history.actions and "p2 cbr 5.1" in history.actions
    assert history.extra["winnings"] == [0, 0, 4, 11.45] and history.extra["_rake"] == 0.6
    # The engine's side pots: Bob's all-in wins the main pot (4 x $3.10... from three
    # players plus Cat's small blind), Ann the side pot Dan and she made; no rake taken.
    state = replay(history, odd_chips="exact")
    assert _cents(state) == [0, 0, Fraction(4), Fraction("12.05")]


def test_pot_limit_raises_are_the_largest_the_pot_allows():
    history = HANDS[6102]
    state = history.create_state()
    seen = []
    # Play the actions one by one, noting the bounds offered before each raise.
    for action in history.actions:
        tokens = action.split()
        if tokens[0] == "d":
            state.deal_hole(int(tokens[2][1:]) - 1, [UNKNOWN] * (len(tokens[3]) // 2))
            continue
        seat = int(tokens[0][1:]) - 1
        if tokens[1] == "cbr":
            seen.append(state.raise_bounds())
            state.bet_raise_to(round(Fraction(tokens[2]) * state.scale), seat)
        elif tokens[1] == "cc":
            state.check_call(seat)
        elif tokens[1] == "f":
            state.fold(seat)
        elif tokens[1] == "sd":
            state.discard([UNKNOWN] * (len(tokens[2]) // 2 if len(tokens) > 2 else 0), seat)
    # In dollars. Before the draw: blinds 0.25 + 0.50, Gus calling 0.50 makes 1.25, so at
    # most 0.50 + 1.25 = 1.75. After it: the pot is 1.75 + 1.75 + 0.50 = 4, Eve bets it
    # all; Gus calling 4 makes 12, so at most 4 + 12 = 16.
    dollars = [tuple(Fraction(chips, state.scale) for chips in pair) for pair in seen]
    assert dollars == [(1, Fraction("1.75")), (Fraction("0.5"), 4), (8, 16)]
    assert history.actions.count("p3 cbr 1.75") == 1 and "p3 cbr 16" in history.actions
    assert _cents(state) == [0, 0, Fraction(12)]  # the whole pot: no rake taken


def test_heads_up_tournament_blinds_are_written_as_holdems_and_replay_to_the_chip():
    history = HANDS[6103]
    assert history.players == ["Hal", "Ivy"] and history.extra["level"] == 3
    # PHH lists heads-up blinds reversed (p1 is the big blind), as for hold'em.
    assert history.blinds_or_straddles == [25, 50] and history.antes == [5, 5]
    assert "p2 sd" in history.actions and "d dh p2 2s3s6sTsQs" in history.actions
    assert replay(history, strict=True).stacks == [2000, 0]
    assert read_phh(write_phh(history)) == history


@pytest.mark.parametrize("number", [6101, 6102, 6103])
def test_analysis_nets_and_rake_are_the_files(number):
    history = HANDS[number]
    facts = hand_facts(history)
    nets = [Fraction(n, facts.scale) for n in facts.net]
    start = [Fraction(str(v)) for v in history.starting_stacks]
    finish = [Fraction(str(v)) for v in history.finishing_stacks]
    assert nets == [f - s for f, s in zip(finish, start, strict=True)]
    assert Fraction(facts.rake, facts.scale) == Fraction(str(history.extra["_rake"]))


def test_analyze_reads_the_file_and_its_nets_are_the_files():
    pytest.importorskip("pandas")
    from showdown.history import analyze

    result = analyze(PATH)
    assert not result.bad and result.counts["hands_analysed"] == 3
    frame = result.hands
    for number, history in HANDS.items():
        rows = frame[frame["hand_id"].astype(int) == number].set_index("player")
        for name, start, finish in zip(
            history.players, history.starting_stacks, history.finishing_stacks, strict=True
        ):
            assert rows.loc[name, "net"] == pytest.approx(finish - start)


@pytest.mark.parametrize(
    ("number", "line", "replacement", "message"),
    [
        (6101, "Bob: stands pat", "Bob: stands still", r"line 20 .*discard: cannot read"),
        (6101, "Dan: discards 1 card", "Dan: discards 6 cards", r"discard: 6 cards"),
        (6101, "to $5.10 and is all-in", "to $5.1O and is all-in", r"raise: '\$5\.1O' is not"),
        (6101, "Ann: calls $3.90", "Ann: calls $3.80", r"total pot: the actions put in 15\.95"),
        (6102, "Gus collected $11.50", "Gus collected $11.60", r"collected: the winnings 11\.6"),
        (6102, "Uncalled bet ($12) returned to Zed", None, None),
        (6103, "Hal: posts big blind 50", "Hal: posts big blind fifty", r"post: 'fifty' is not"),
        (6103, "Dealt to Hal [9h 9s 4d 4c Kh]", "Dealt to Hal [9h 9s 4d 4c Kx]", r"'Kx' is not"),
    ],
)
def test_a_mutated_line_is_an_error_naming_the_hand_and_the_field(
    number, line, replacement, message
):
    text = _hand_text(number)
    if replacement is None:  # a player nobody seated
        text = text.replace("Uncalled bet ($12) returned to Gus", line)
        message = r"uncalled bet: unknown player 'Zed'"
    else:
        assert line in text
        text = text.replace(line, replacement)
    with pytest.raises(PokerStarsError, match=rf"hand #{number}, .*{message}"):
        parse_pokerstars_hand(text)


def test_a_raise_past_the_pot_limit_reads_but_the_replay_refuses_it_naming_the_action():
    # Consistent chips (the parser's checks pass), but $2 is more than the pot allows
    # before the draw ($1.75): the replay names the action.
    text = _hand_text(6102)
    for old, new in (
        ("Gus: raises $1.25 to $1.75", "Gus: raises $1.50 to $2"),
        ("Eve: calls $1.50", "Eve: calls $1.75"),
        ("Total pot $12 | Rake $0.50", "Total pot $12.50 | Rake $0.50"),
        ("Gus collected $11.50", "Gus collected $12"),
    ):
        text = text.replace(old, new)
    history = parse_pokerstars_hand(text)
    refused = r"action 3 'p3 cbr 2': bet_raise_to: .* over the pot-limit maximum"
    with pytest.raises(IllegalActionError, match=refused):
        replay(history)


def test_a_file_of_them_is_read_without_a_bad_hand(tmp_path):
    report = ReadReport()
    read_back = list(hands(PATH, report=report))
    assert (report.hands, report.skipped) == (3, 0)
    assert [h.variant for h in read_back] == ["N5D", "P5D", "N5D"]
    assert all(re.fullmatch(r".*\[610[123]\]", h.source) for h in read_back)
