"""PokerStars text hand histories: every game read into the PHH model, the chips added up,
the round trip text -> PHH -> read back -> replay, and bad hands reported then skipped."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from showdown.history import BadHandError, BadHandWarning, ReadReport, hands
from showdown.history.pokerstars import (
    PokerStarsError,
    looks_like_pokerstars,
    parse_pokerstars_hand,
    pokerstars_hands,
)
from showdown.history.replayed import hand_facts
from showdown.simulator.phh import HandHistory, read_phh, replay, write_phh
from showdown.simulator.phh.write import history_from_state

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("pokerstars_*.txt"))


def read(name: str) -> dict[int, HandHistory]:
    """The hands of a fixture file by hand number (bad ones left out)."""
    text = (DATA / name).read_text(encoding="utf-8")
    return {n: h for n, h in pokerstars_hands(text, name) if isinstance(h, HandHistory) and n}


def every_hand() -> list[HandHistory]:
    found = []
    for path in FILES:
        found += [
            h
            for _, h in pokerstars_hands(path.read_text(), path.name)
            if not isinstance(h, Exception)
        ]
    return found


def exact(values) -> list[Fraction]:
    return [Fraction(str(v)) for v in values]


HANDS = every_hand()
IDS = [f"{h.extra['hand']}-{h.variant}" for h in HANDS]


def test_every_listed_game_has_a_fixture_hand():
    assert {h.variant for h in HANDS} >= {"NT", "FT", "PO", "PO/8", "F7S", "F7S/8", "F5D"}
    assert len(HANDS) >= 10


@pytest.mark.parametrize("history", HANDS, ids=IDS)
def test_chips_add_up_nets_are_winnings_minus_contributions(history):
    start, finish = exact(history.starting_stacks), exact(history.finishing_stacks)
    won, rake = exact(history.extra["winnings"]), Fraction(str(history.extra["_rake"]))
    # Everything that left the stacks is in the winnings or the rake.
    assert sum(start) - sum(finish) == rake
    assert sum(won) + rake == Fraction(str(history.extra["_total_pot"]))
    contributed = [s - f + w for s, f, w in zip(start, finish, won, strict=True)]
    assert all(0 <= c <= s for c, s in zip(contributed, start, strict=True))
    assert sum(contributed) == Fraction(str(history.extra["_total_pot"]))


@pytest.mark.parametrize("history", HANDS, ids=IDS)
def test_round_trip_text_phh_read_back_replay(history):
    text = write_phh(history)
    back = read_phh(text)
    assert back == history  # every field, actions and extras included
    state = replay(back, odd_chips="exact")  # a cash pot splits to the cent, not whole chips
    replayed = [Fraction(v) for v in state.final_stacks]
    finish = exact(history.finishing_stacks)
    rake = Fraction(str(history.extra["_rake"]))
    if history.extra.get("_run_twice"):
        # One board is replayed; the site's two-board result stands in the history.
        assert sum(replayed) == sum(exact(history.starting_stacks))
        return
    # The engine takes no rake: it pays the rake back to the winners, nobody else.
    assert sum(replayed) - sum(finish) == rake
    for got, recorded, won in zip(replayed, finish, history.extra["winnings"], strict=True):
        assert got == recorded if not won else got >= recorded
    if rake == 0:
        replay(back, odd_chips="exact", strict=True)  # the file's finishing stacks, to the chip
    # The engine's own record of the hand (amounts in its whole chips) gives back the
    # same deals and betting.
    again = history_from_state(state, players=None)
    assert unscaled(again.actions, state.scale) == unscaled(history.actions, 1)


def unscaled(actions: list[str], scale: int) -> list[str]:
    """The actions without shows and mucks, ``cbr`` amounts in the file's units."""
    kept = []
    for action in actions:
        tokens = action.split()
        if tokens[1] == "sm":
            continue
        if tokens[1] == "cbr":
            tokens[2] = str(Fraction(tokens[2]) / scale)
        kept.append(" ".join(tokens))
    return kept


def test_cash_hand_positions_uncalled_bet_rake_and_sitting_out():
    history = read("pokerstars_holdem_cash.txt")[1001]
    assert history.players == ["Dave", "Eve", "Alice", "Bob", "Carol"]  # Frank sits out
    assert history.extra["seats"] == [4, 5, 1, 2, 3]
    assert history.blinds_or_straddles == [0.5, 1, 0, 0, 0] and history.min_bet == 1
    # Eve's uncalled $40 came back: she put in $38 and collected $76.50.
    assert history.finishing_stacks[1] == 138.5 and history.extra["_rake"] == 3
    assert history.extra["currency"] == "USD" and history.extra["venue"] == "PokerStars"
    assert "d dh p3 AcKd" in history.actions and "p2 cbr 30" in history.actions


def test_tournament_antes_side_pots_three_all_ins_settle_as_the_site_paid():
    history = read("pokerstars_holdem_tournament.txt")[2001]
    assert history.antes == [5] * 5 and history.blinds_or_straddles == [25, 50, 0, 0, 0]
    assert history.extra["event"] == "Tournament #555, $10+$1 USD" and history.extra["level"] == 3
    # The simulator's own side pots (main 1605 to Cat, both side pots to Ann) agree.
    state = replay(history, strict=True)
    assert state.winnings == [1605, 0, 0, 1000, 0] == history.extra["winnings"]


def test_heads_up_blinds_are_written_in_phh_order():
    history = read("pokerstars_holdem_tournament.txt")[2002]
    assert history.players == ["Cat", "Ann"]  # p1 is the big blind, the button is last
    assert history.blinds_or_straddles == [50, 100]  # PHH lists them reversed heads-up
    assert replay(history, strict=True).stacks == [1345, 3260]


def test_stud_deals_up_cards_bring_in_and_the_river_is_seventh_street():
    history = read("pokerstars_stud.txt")[5001]
    assert history.variant == "F7S" and history.bring_in == 0.05
    assert (history.small_bet, history.big_bet) == (0.1, 0.2)
    assert history.actions[:4] == ["d dh p1 AsKd9h", "d dh p2 ????3c", "d dh p3 Js5dQs", "p2 pb"]
    assert "d dh p1 8c" in history.actions and "d dh p3 6h" in history.actions
    assert history.extra["winnings"] == [0, 0, 1.25]


def test_hi_lo_split_and_run_it_twice_keep_the_sites_result():
    omaha = read("pokerstars_omaha_hilo.txt")[4002]
    assert omaha.variant == "PO/8" and omaha.extra["winnings"] == [3.32, 3.33]
    stud = read("pokerstars_stud_hilo.txt")[5002]
    assert stud.variant == "F7S/8" and stud.extra["winnings"] == [0.59, 0.59]
    twice = read("pokerstars_run_twice.txt")[7001]
    assert twice.extra["_run_twice"] and twice.extra["_second_board"] == "Ah8cTd4d5h"
    assert [a for a in twice.actions if a.startswith("d db")] == [
        "d db 2c7s9d", "d db Jh", "d db 3s",
    ]  # fmt: skip
    assert twice.finishing_stacks == [198.5, 148.5]


@pytest.mark.parametrize("number", [1001, 2001, 2002, 3001, 4001, 5001, 6002, 6003, 6004])
def test_analysis_nets_are_the_files(number):
    by_number = {h.extra["hand"]: h for h in HANDS}
    history = by_number[number]
    facts = hand_facts(history)
    nets = [Fraction(n, facts.scale) for n in facts.net]
    assert nets == [
        f - s
        for f, s in zip(
            exact(history.finishing_stacks), exact(history.starting_stacks), strict=True
        )
    ]
    assert Fraction(facts.rake, facts.scale) == Fraction(str(history.extra["_rake"]))


def test_a_bad_line_is_reported_with_file_hand_and_field_then_skipped():
    path = DATA / "pokerstars_bad_line.txt"
    report = ReadReport()
    with pytest.warns(BadHandWarning, match=r"bad_line\.txt \[9002\]: hand #9002, line 9"):
        read_hands = list(hands(path, report=report))
    assert [h.extra["hand"] for h in read_hands] == [9001, 9003]
    assert (report.hands, report.skipped) == (2, 1)
    bad = report.bad[0]
    assert (bad.file, bad.hand) == (str(path), 9002)
    assert "'Bob: raises lots to $'" in bad.reason and "raise" in bad.reason
    with pytest.raises(BadHandError, match=r"\[9002\]"):
        list(hands(path, strict=True))


def test_five_card_draw_blinds_are_live_and_the_draw_is_written_as_discards():
    history = read("pokerstars_draw.txt")[6002]
    assert history.variant == "F5D" and history.players == ["Ann", "Bob", "Cat", "Dan"]
    assert history.blinds_or_straddles == [0.1, 0.25, 0, 0]
    assert (history.small_bet, history.big_bet) == (0.25, 0.5)
    # Cat stood pat: the hand he showed is the hand he was dealt. Bob drew one unseen
    # card; Dan, the hero, threw two known cards and was dealt two.
    assert history.actions[:4] == [
        "d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 6h7h8d9cTc", "d dh p4 KdKhKs4c9h",
    ]  # fmt: skip
    draw = history.actions.index("p2 sd ??")
    assert history.actions[draw : draw + 5] == [
        "p2 sd ??", "d dh p2 ??", "p3 sd", "p4 sd 4c9h", "d dh p4 Qc2d",
    ]  # fmt: skip
    # The betting opens left of the big blind before the draw, left of the button after.
    state = replay(history, odd_chips="exact")
    won = [Fraction(chips, state.scale) for chips in state.winnings]
    assert won == [0, 0, Fraction("4.35"), 0]  # the whole pot: the engine takes no rake
    assert history.extra["winnings"] == [0, 0, 4.15, 0] and history.extra["_rake"] == 0.2


def test_five_card_draw_heads_up_tournament_all_in_before_the_draw():
    history = read("pokerstars_draw.txt")[6003]
    assert history.players == ["Eve", "Fay"] and history.extra["level"] == 2
    # A draw game's blinds are written as posted: the button (Fay) has the small one.
    assert history.blinds_or_straddles == [20, 10] and history.antes == [5, 5]
    assert "p1 sd ??" in history.actions and "d dh p2 Ah9d3s" in history.actions
    assert replay(history, strict=True).stacks == [0, 1555]


def test_five_card_draw_side_pot_the_engine_splits_as_the_site_did():
    history = read("pokerstars_draw.txt")[6004]
    assert history.players == ["Gil", "Hal", "Ivy"] and history.extra["_rake"] == 0.45
    assert history.extra["winnings"] == [4.3, 0, 4.75] and history.finishing_stacks[0] == 4.3
    # Gil's all-in wins the main pot ($1.50 from each), Ivy the side pot; the engine takes
    # no rake, so it pays the whole of each pot.
    state = replay(history, odd_chips="exact")
    assert [Fraction(chips, state.scale) for chips in state.winnings] == [
        Fraction("4.5"), 0, Fraction(5),
    ]  # fmt: skip


@pytest.mark.parametrize("pat", ["Ann: stands pat", "Ann: stands pat on [7c 7d Ks 4h 2s]"])
def test_the_hero_standing_pat_keeps_the_hand_he_was_dealt(pat):
    text = (DATA / "pokerstars_draw.txt").read_text().split("\n\n\n\n")[0]
    text = text.replace("Ann: discards 3 cards [Ks 4h 2s]\nDealt to Ann [7c 7d] [7h Qd 3c]", pat)
    history = parse_pokerstars_hand(text)
    assert "d dh p3 7c7dKs4h2s" in history.actions and "p3 sd" in history.actions
    assert not [a for a in history.actions if a.startswith("d dh p3 ") and len(a) < 18]
    assert replay(history).stacks == [495, 480, 525]  # cents: Ann's uncalled bet came back


@pytest.mark.parametrize(("betting", "code"), [("No Limit", "N5D"), ("Pot Limit", "P5D")])
def test_five_card_draw_at_no_or_pot_limit_is_read_as_a_blind_game(tmp_path, betting, code):
    text = (DATA / "pokerstars_draw.txt").read_text()
    path = tmp_path / "draw.txt"
    # The header gives the blinds at no and pot limit, the bet sizes at fixed limit.
    path.write_text(text.replace("Draw Limit ($0.10/$0.20", f"Draw {betting} ($0.05/$0.10"))
    report = ReadReport()
    read_back = list(hands(path, report=report))
    assert [h.extra["hand"] for h in read_back] == [6001, 6002, 6003, 6004]
    assert report.skipped == 0
    history = read_back[0]
    # The big blind is the minimum bet; the raises and the bet after the draw are legal
    # at either structure, so the hand replays to the file's stacks (rake paid back).
    assert history.variant == code and history.min_bet == 0.1
    assert history.small_bet is None and history.big_bet is None
    assert replay(history).stacks == [495, 480, 525]


@pytest.mark.parametrize("betting", ["No Limit", "Spread Limit"])
def test_a_game_the_simulator_does_not_play_at_that_betting_is_refused_naming_it(tmp_path, betting):
    # "Spread Limit" ends in "Limit": it must not be read as fixed limit.
    text = (DATA / "pokerstars_stud.txt").read_text()
    path = tmp_path / "stud.txt"
    path.write_text(text.replace("7 Card Stud Limit", f"7 Card Stud {betting}", 1))
    report = ReadReport()
    game = rf"stud\.txt \[5001\]: hand #5001, line 1 .*game: 7 Card Stud {betting} is not a game"
    with pytest.warns(BadHandWarning, match=game):
        read_back = list(hands(path, report=report))
    assert 5001 not in [h.extra["hand"] for h in read_back] and report.skipped == 1


@pytest.mark.parametrize(
    ("line", "replacement", "message"),
    [
        ("Cat: discards 3 cards", "Cat: discards three cards", r"discard: cannot read"),
        ("Cat: discards 3 cards", "Cat: discards 7 cards", r"discard: 7 cards"),
        ("[Ks 4h 2s]", "[Ks 4h]", r"discard: 3 cards discarded, 2 shown"),
        ("[Ks 4h 2s]", "[Ks 4h 2x]", r"discard: '2x' is not a card"),
    ],
)
def test_a_bad_discard_line_names_the_hand_the_line_and_the_field(line, replacement, message):
    text = (DATA / "pokerstars_draw.txt").read_text().replace(line, replacement, 1)
    results = dict(pokerstars_hands(text, "draw.txt"))
    assert isinstance(results[6001], PokerStarsError)
    assert re.search(r"hand #6001, line 1[45] .*" + message, str(results[6001]))
    assert isinstance(results[6002], HandHistory)  # the next hand is read


def test_files_are_recognised_by_ending_or_by_their_first_line(tmp_path):
    text = (DATA / "pokerstars_holdem_cash.txt").read_text()
    assert looks_like_pokerstars("\ufeff\n" + text) and not looks_like_pokerstars("[1]\n" + text)
    other = tmp_path / "session.log"
    other.write_text(text)
    assert [h.source for h in hands(other)] == [f"{other} [1001]", f"{other} [1002]"]


HEADER = "PokerStars Hand #77: Hold'em No Limit ($1/$2 USD) - 2024/01/01 00:00:00 ET\n"
TABLE = (
    "Table 'T' 6-max Seat #1 is the button\nSeat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)\n"
)
FOLDED = "B: posts small blind $1\nA: posts big blind $2\n*** HOLE CARDS ***\nB: folds\n"
PAID = "Uncalled bet ($1) returned to A\nA collected $2 from pot\n*** SUMMARY ***\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEADER.replace("Hold'em", "Razz"), r"line 1 .*: game: Razz is not a game"),
        (HEADER.replace("Hold'em No Limit", "5 Card Omaha Pot Limit"), "5 Card Omaha is not"),
        (
            HEADER + TABLE + FOLDED + PAID + "Total pot $3 | Rake $0\n",
            r"total pot: .* put in 2, .* says 3",
        ),
        (
            HEADER + TABLE + FOLDED + PAID + "Total pot $2 | Rake $1\n",
            r"collected: the winnings 2 plus the rake 1",
        ),
        (HEADER + TABLE + FOLDED + PAID, r"at its end: summary: no 'Total pot"),
        (HEADER + "Table 'T' 6-max\n", r"line 2 .*: table: no button seat"),
        (
            HEADER + TABLE + FOLDED.replace("$1", "$x"),
            r"line 5 'B: posts small blind \$x': post: '\$x' is not",
        ),
        (
            HEADER + TABLE + FOLDED + "Uncalled bet ($1) returned to Z\n",
            r"uncalled bet: unknown player 'Z'",
        ),
    ],
)
def test_errors_name_the_hand_the_line_and_the_field(text, message):
    with pytest.raises(PokerStarsError, match=r"hand #77.*" + message) as caught:
        parse_pokerstars_hand(text)
    assert caught.value.hand == 77


@pytest.mark.parametrize(
    ("line", "replacement", "message"),
    [
        ("Cat: calls $4", "Cat: calls ", r"line 23 'Cat: calls': action: cannot read 'calls'"),
        ("Ann: bets $4", "Ann: bets", r"line 26 'Ann: bets': action: cannot read 'bets'"),
        ("Dealt to Ann [Qh Qd]", "Dealt to Ann [Qh Qd", r"line 9 .*: dealt: no \[cards\]"),
    ],
)
def test_a_cut_line_is_an_error_naming_it_not_a_traceback(line, replacement, message):
    text = (DATA / "pokerstars_holdem_limit.txt").read_text().replace(line, replacement)
    with pytest.raises(PokerStarsError, match=r"hand #3001, " + message):
        parse_pokerstars_hand(text)


def test_text_before_the_first_hand_is_reported_not_lost():
    results = list(
        pokerstars_hands("garbage\n" + HEADER + TABLE + FOLDED + PAID + "Total pot $2 | Rake $0\n")
    )
    assert isinstance(results[0][1], PokerStarsError) and results[0][0] is None
    assert isinstance(results[1][1], HandHistory)


DEAD = """PokerStars Hand #8001:  Hold'em No Limit ($0.50/$1 USD) - 2024/02/11 12:00:00 ET
Table 'Iota' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Dan ($100 in chips)
Bob: posts small blind $0.50
Dan: posts small & big blinds $1.50
*** HOLE CARDS ***
Ann: folds
Bob: calls $0.50
Dan: checks
*** FLOP *** [2c 3d 4h]
Bob: checks
Dan: bets $2
Bob: folds
Uncalled bet ($2) returned to Dan
Dan collected $2.50 from pot
*** SUMMARY ***
Total pot $2.50 | Rake $0
"""


def test_a_dead_small_blind_is_dead_money_and_the_big_blind_is_live():
    history = parse_pokerstars_hand(DEAD)
    assert history.blinds_or_straddles == [0.5, 1, 0] and history.antes == [0, 0.5, 0]
    assert replay(history, strict=True).final_stacks == [99, 101, 100]


def test_a_blind_posted_outside_the_blind_seats_is_refused_with_the_reason():
    # Cat holds the big blind; Dan, coming back after the big blind, posts one more.
    text = DEAD.replace("Seat 3: Dan", "Seat 3: Cat ($100 in chips)\nSeat 4: Dan")
    text = text.replace("Dan: posts small & big", "Cat: posts big blind $1\nDan: posts small & big")
    with pytest.raises(PokerStarsError, match=r"blinds: Dan posts a blind outside the blind seats"):
        parse_pokerstars_hand(text)


def test_every_house_fee_of_the_summary_counts_as_rake():
    text = (DATA / "pokerstars_holdem_limit.txt").read_text()
    text = text.replace("Total pot $46 | Rake $2", "Total pot $46 | Rake $1.50 | Jackpot $0.50")
    history = parse_pokerstars_hand(text)
    assert history.extra["_rake"] == 2 and history.finishing_stacks == [54, 80, 104]


SITTING_OUT = (
    (
        "PokerStars Hand #2003: Tournament #555, $10+$1 USD Hold'em No Limit - Level IV (50/100)"
        " - 2024/03/04 20:40:00 ET\n"
    )
    + """Table '555 1' 9-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 2: Zed (2000 in chips) is sitting out
Seat 3: Cat (1605 in chips)
Ann: posts the ante 10
Zed: posts the ante 10
Cat: posts the ante 10
Zed: posts small blind 50
Cat: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [8s 8h]
Ann: raises 200 to 300
Zed: folds
Cat: folds
Uncalled bet (200) returned to Ann
Ann collected 280 from pot
*** SUMMARY ***
Total pot 280 | Rake 0
"""
)


def test_a_tournament_player_sitting_out_still_posts_and_is_folded():
    history = parse_pokerstars_hand(SITTING_OUT)
    assert history.players == ["Zed", "Cat", "Ann"] and history.antes == [10, 10, 10]
    assert replay(history, strict=True).stacks == [1940, 1495, 3170]


def test_amounts_keep_every_cent_of_large_stacks():
    text = DEAD.replace("Seat 1: Ann ($100 in", "Seat 1: Ann ($123,456,789,012.34 in")
    history = parse_pokerstars_hand(text)
    assert history.starting_stacks[2] == 123456789012.34
    assert read_phh(write_phh(history)).finishing_stacks[2] == 123456789012.34


def test_notes_after_an_amount_are_read_past():
    text = (DATA / "pokerstars_holdem_limit.txt").read_text()
    capped = text.replace(
        "Ann: raises $4 to $8", "Ann: raises $4 to $8 and has reached the $16 cap"
    )
    assert parse_pokerstars_hand(capped) == parse_pokerstars_hand(text)


def test_windows_line_endings_and_a_byte_order_mark(tmp_path):
    text = (DATA / "pokerstars_holdem_cash.txt").read_text()
    path = tmp_path / "windows.txt"
    path.write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode("utf-8"))
    report = ReadReport()
    read_back = list(hands(path, report=report))
    assert report.skipped == 0
    assert [h.actions for h in read_back] == [h.actions for _, h in pokerstars_hands(text)]


def test_mutated_hands_give_a_history_or_a_pokerstars_error_never_a_traceback():
    # Lines dropped, repeated, cut, garbled or swapped: every outcome is one of the two.
    import random

    rng = random.Random(11)
    texts = [path.read_text() for path in FILES]
    for _ in range(400):
        lines = rng.choice(texts).splitlines()
        k = rng.randrange(len(lines))
        edit = rng.randrange(4)
        if edit == 0:
            del lines[k]
        elif edit == 1:
            lines.insert(k, rng.choice(lines))
        elif edit == 2:
            lines[k] = lines[k][: rng.randrange(len(lines[k]) + 1)]
        else:
            lines[k - 1], lines[k] = lines[k], lines[k - 1]
        for _, result in pokerstars_hands("\n".join(lines)):
            assert isinstance(result, (HandHistory, PokerStarsError))


def test_analyze_reads_pokerstars_files_and_loses_no_hand():
    pytest.importorskip("pandas")
    import warnings

    from showdown.history import analyze

    # Files without all-ins: the all-in adjustment (equity runs) is tested elsewhere.
    files = [path for path in FILES if "tournament" not in path.name and "twice" not in path.name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", BadHandWarning)
        result = analyze(files)
    frame = result.hands
    by_number = {n: h for path in files for n, h in pokerstars_hands(path.read_text())}
    analysed = set(frame["hand_id"].astype(int))
    skipped = {bad.hand for bad in result.bad}
    # Every hand of the files is analysed or reported, never lost ...
    assert analysed | skipped >= set(by_number) and not analysed & skipped
    # ... and none is refused for winnings in finer cents than its bets (a split $13 pot,
    # rake in cents): the hand's unit of account includes what it ends with.
    assert not [bad for bad in result.bad if "decimals" in str(bad)]
    for number in analysed:
        history = by_number[number]
        rows = frame[frame["hand_id"].astype(int) == number].set_index("player")
        for name, start, finish in zip(
            history.players, history.starting_stacks, history.finishing_stacks, strict=True
        ):
            assert rows.loc[name, "net"] == pytest.approx(finish - start)
