"""PokerStars text hand histories read into the PHH hand model (:class:`HandHistory`).

A PokerStars file holds many hands, each starting with a header line such as
``PokerStars Hand #1: Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:00:00 ET``
(tournaments: ``PokerStars Hand #2: Tournament #9, $10+$1 USD Hold'em No Limit -
Level I (10/20) - ...``). :func:`pokerstars_hands` cuts the text at those headers
and reads one hand at a time into the same model the PHH reader produces:

- players in PHH position order (p1 the first seat left of the button; stud has
  no button, so seat order), with their names, seats and starting stacks;
- forced bets: antes (``posts the ante``), blinds, a stud bring-in; a dead small
  blind (``posts small & big blinds``) is dead money, kept as that player's ante
  (the convention the PHH dataset reader uses for dead blinds);
- every deal the file shows (hole cards dealt to the hero, cards shown or mucked
  face up, stud up cards, the cards the hero draws), unknown cards as ``??``;
  the actions with raises written as round totals (``cbr``), the bring-in as
  ``pb``, discards as ``sd``;
- the result: ``winnings`` (what each player collected, the rake already taken
  off, as the site logs it) and ``finishing_stacks`` (starting stack, minus the
  chips put in after any uncalled bet came back, plus the winnings); the rake
  is ``_rake`` (every fee of the summary line: rake, jackpot). The chips the
  hand puts in must equal the summary's total pot, and the winnings plus the
  rake must equal it too, or the hand is refused.

Amounts are written in the file's units (dollars with cents, or tournament
chips); the PHH model replays them in scaled whole chips.

Decisions where the model has no place for what the site writes:

- run it twice: the first board is kept as the hand's board, the second is
  recorded in ``_second_board`` and the winnings are the site's (both runs
  added), so the file's result stands; a replay by the rules settles one board
  and may differ from it;
- a blind posted outside the blind seats (a player coming back): live but
  acting in turn on the site, while PHH blinds past the big blind are
  straddles acting last; refused with that reason;
- 5 Card Draw at fixed limit (the simulator's ``F5D``, an ante game by its
  rules): the site's blinds are kept as posted, live, the first round opening
  after the big blind (heads-up they are not swapped as a blind game's are). At
  no and pot limit (``N5D``, ``P5D``) the game is a blind game, its blinds
  written as hold'em's. In all three ``discards 2 cards`` and ``stands pat``
  are ``sd`` actions and the cards drawn a deal, ``??`` where the file does not
  show them; the cards a player shows at the end are his deal only if he stood
  pat. Games the simulator does not play (razz, triple draw, Courchevel...) are
  refused naming the game.

A hand that cannot be read raises :class:`PokerStarsError` naming the hand
number, the line and the field; :func:`showdown.history.hands` reports it and
skips it (or stops, with ``strict=True``).

Examples
--------
>>> text = '''PokerStars Hand #7: Hold'em No Limit ($1/$2 USD) - 2024/01/02 10:00:00 ET
... Table 'Alpha' 6-max Seat #1 is the button
... Seat 1: Ann ($200 in chips)
... Seat 2: Bob ($150 in chips)
... Ann: posts small blind $1
... Bob: posts big blind $2
... *** HOLE CARDS ***
... Dealt to Bob [Ah Kh]
... Ann: raises $4 to $6
... Bob: folds
... Uncalled bet ($4) returned to Ann
... Ann collected $4 from pot
... *** SUMMARY ***
... Total pot $4 | Rake $0
... '''
>>> [(history.players, history.finishing_stacks) for _, history in pokerstars_hands(text)]
[(['Bob', 'Ann'], [148, 202])]
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from fractions import Fraction

from showdown.simulator.phh import HandHistory
from showdown.simulator.rules import VARIANTS_BY_PHH_CODE

from ._site_hand import (
    STUD_DEAL,
    HandReading,
    Player,
    PokerStarsError,
    build_history,
)

__all__ = ["PokerStarsError", "looks_like_pokerstars", "parse_pokerstars_hand", "pokerstars_hands"]

#: The start of a hand (and of the text before it: a byte-order mark, blank lines).
_HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game |Game )?Hand #(\d+):", re.MULTILINE)

#: Game names of the header, most specific first, with their PHH codes by betting.
_GAMES = (
    ("Omaha Hi/Lo", {"Pot Limit": "PO/8", "Limit": "FO/8"}),
    ("Omaha", {"Pot Limit": "PO", "Limit": "FO"}),
    ("Hold'em", {"No Limit": "NT", "Pot Limit": "PT", "Limit": "FT"}),
    ("7 Card Stud Hi/Lo", {"Limit": "F7S/8"}),
    ("7 Card Stud", {"Limit": "F7S"}),
    ("5 Card Draw", {"No Limit": "N5D", "Pot Limit": "P5D", "Limit": "F5D"}),
)
#: Games whose names hold a played game's name (checked first): refused by name.
_NOT_PLAYED = ("5 Card Omaha", "6+ Hold'em", "Courchevel", "Razz", "Triple Draw", "Single Draw",
               "Badugi", "5 Card Stud")  # fmt: skip
#: The betting structure, right after the game's name ("Spread Limit" is none of them).
_BETTING = re.compile(r" (No Limit|Pot Limit|Fixed Limit|Limit)\b")
_STAKES = re.compile(r"\(([^()/]+)/([^()/]+?)(?: ([A-Z]{3}))?\)")
_LEVEL = re.compile(r"Level (\w+) \(([^()/]+)/([^()/]+)\)")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,4}))?")
_TABLE = re.compile(r"^Table '(.*)' (\d+)-max(?: \(Play Money\))?(?: Seat #(\d+) is the button)?")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*?) in chips(?:[^()]*)\)(.*)$")
_STREET = re.compile(r"^\*\*\* (.+?) \*\*\*")
_CARDS = re.compile(r"\[([^\[\]]*)\]")
_TOTAL = re.compile(r"^Total pot (\S+)")
_FEE = re.compile(r"\|\s*([A-Za-z][A-Za-z ]*?)\s+([$€£]?[0-9][0-9.,]*)")
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.+)$")
_COLLECTED = re.compile(r"^(.+) collected (\S+) from (?:the )?(?:main |side )?pot(?:-\d+)?\s*$")
_CURRENCY = str.maketrans("", "", "$€£,")
_NOTES = re.compile(r" and (?:is all-in|has reached the (?:\S+ )?cap)")

_BOARD_STREETS = ("FLOP", "TURN", "RIVER")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def looks_like_pokerstars(text: str) -> bool:
    """Whether ``text`` starts (after blank lines) with a PokerStars hand header."""
    match = _HEADER.search(text[:4096])
    return match is not None and not text[: match.start()].strip("\ufeff \t\r\n")


def pokerstars_hands(
    text: str, name: str = "PokerStars text"
) -> Iterator[tuple[int | None, HandHistory | PokerStarsError]]:
    """Each hand of a PokerStars file: ``(hand number, history or the error)``.

    The error is yielded, not raised, so one bad hand does not stop a file; the
    caller reports it. Text before the first header is an error of its own
    (hand number ``None``).
    """
    headers = list(_HEADER.finditer(text))
    before = text[: headers[0].start()] if headers else text
    if before.strip("\ufeff \t\r\n"):
        yield None, PokerStarsError("text before the first 'PokerStars Hand #' header")
    for index, header in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        number = int(header.group(1))
        try:
            history = parse_pokerstars_hand(text[header.start() : end], name)
        except PokerStarsError as error:
            yield number, error
        else:
            yield number, history


def _amount(text: str, where: str) -> Fraction:
    cleaned = text.translate(_CURRENCY).strip()
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{where}: {text!r} is not an amount") from None
    if value < 0:
        raise ValueError(f"{where}: {text!r} is not an amount")
    return value


def _cards(text: str, where: str) -> list[str]:
    cards = text.split()
    for card in cards:
        if len(card) != 2 or card[0] not in "23456789TJQKA" or card[1] not in "cdhs":
            raise ValueError(f"{where}: {card!r} is not a card")
    return cards


def parse_pokerstars_hand(text: str, name: str = "PokerStars text") -> HandHistory:
    """One PokerStars hand (its header line first) as a :class:`HandHistory`.

    Raises
    ------
    PokerStarsError
        When a line cannot be read, the game is not one the simulator plays, or
        the chips do not add up to the summary's total pot; the message names
        the hand number, the line and the field.
    """
    hand = HandReading(text.lstrip("\ufeff").splitlines(), name)
    try:
        return _read(hand)
    except PokerStarsError:
        raise
    except ValueError as error:
        raise hand.fail(None, str(error)) from None


def _read(hand: HandReading) -> HandHistory:
    lines = hand.lines
    header = lines[0]
    match = _HEADER.match(header)
    if match is None:
        raise hand.fail("header", "not a 'PokerStars Hand #' line")
    hand.number = int(match.group(1))
    variant, small, big, currency = _read_header(hand, header[match.end() :])
    hand.line = 1
    if len(lines) < 2 or (table := _TABLE.match(lines[1].strip())) is None:
        raise hand.fail("table", "expected \"Table '...' N-max Seat #k is the button\"")
    button = int(table.group(3)) if table.group(3) else None
    # What the game is comes from the registry's rules, never from the code's letters.
    game = VARIANTS_BY_PHH_CODE[variant]
    stud = game.stud
    if button is None and not stud:
        raise hand.fail("table", "no button seat")
    hand.extra.update(table=table.group(1), seat_count=int(table.group(2)))
    if currency:
        hand.extra["currency"] = currency
    # The live big blind: the stakes' second amount, or in fixed limit the small bet.
    _read_body(hand, small if game.betting == "fixed" else big, stud)
    return build_history(hand, variant, small, big, button, stud)


def _read_header(hand: HandReading, text: str) -> tuple[str, Fraction, Fraction, str | None]:
    for game in _NOT_PLAYED:
        if game in text:
            raise hand.fail("game", f"{game} is not a game the simulator plays")
    code = None
    for game, codes in _GAMES:
        position = text.find(game)
        if position < 0:
            continue
        betting = _BETTING.match(text, position + len(game))
        kind = betting.group(1).replace("Fixed Limit", "Limit") if betting else None
        code = codes.get(kind or "")
        if code is None:
            named = text[position:].split(" (")[0].split(" - ")[0].strip()
            raise hand.fail("game", f"{named} is not a game the simulator plays")
        tournament = re.match(r"\s*(Tournament #\d+, .*?)\s*$", text[:position])
        if tournament:
            hand.extra["event"] = tournament.group(1)
        break
    if code is None:
        game_text = text.split(" - ")[0].strip()
        raise hand.fail("game", f"{game_text!r} is not a game the simulator plays")
    level = _LEVEL.search(text)
    stakes = _STAKES.search(text) if level is None else None
    if level is not None:
        small, big = (_amount(level.group(k), "level") for k in (2, 3))
        roman = level.group(1)
        if all(letter in _ROMAN for letter in roman):
            values = [_ROMAN[letter] for letter in roman]
            hand.extra["level"] = sum(
                -v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values)
            )
        currency = None
    elif stakes is not None:
        small, big = (_amount(stakes.group(k), "stakes") for k in (1, 2))
        currency = stakes.group(3)
    else:
        raise hand.fail("stakes", "no stakes '(small/big)' or 'Level ... (small/big)'")
    date = _DATE.search(text)
    if date is not None:
        year, month, day, hour, minute, second = (int(date.group(k)) for k in range(1, 7))
        hand.extra.update(year=year, month=month, day=day)
        hand.extra["time"] = datetime.time(hour, minute, second)
        if date.group(7):
            hand.extra["time_zone_abbreviation"] = date.group(7)
    return code, small, big, currency


def _speaker(hand: HandReading, line: str) -> tuple[Player, str] | None:
    """The seated player a line is about and the rest of the line (after ``: `` or a space)."""
    for player in sorted(hand.seated, key=lambda p: -len(p.name)):
        if line.startswith(player.name):
            rest = line[len(player.name) :]
            if rest.startswith(": "):
                return player, rest[2:].strip()
            if rest.startswith(" "):
                return player, rest.strip()
    return None


def _read_body(hand: HandReading, big_blind: Fraction, stud: bool) -> None:
    section = "seats"
    board_run = 1
    for index in range(2, len(hand.lines)):
        hand.line = index
        line = hand.lines[index].strip()
        if not line:
            continue
        street = _STREET.match(line)
        if street is not None:
            label = street.group(1)
            if label.startswith("SECOND "):
                board_run = 2
            elif label.startswith("FIRST "):
                board_run = 1
            label = label.removeprefix("FIRST ").removeprefix("SECOND ")
            if stud and label == "RIVER":
                label = "7th STREET"  # the site calls the seventh street the river
            section = label
            if label not in ("HOLE CARDS", "DEALING HANDS", "3rd STREET"):
                for player in hand.seated:  # a new betting round: raises count from zero
                    player.round_bet = Fraction(0)
            if label in _BOARD_STREETS:
                _board(hand, line, board_run)
            elif label in STUD_DEAL or label in ("HOLE CARDS", "DRAW"):
                hand.events.append(("street", label))
            continue
        if section == "seats":
            seat = _SEAT.match(line)
            if seat is not None:
                # Sitting out or not: who is in the hand is who posts, is dealt or acts
                # (a tournament player sitting out still posts and is folded).
                player = Player(seat.group(2), int(seat.group(1)), _amount(seat.group(3), "stack"))
                hand.seated.append(player)
                hand.by_name[player.name] = player
                continue
        if section == "SUMMARY":
            _summary(hand, line)
            continue
        uncalled = _UNCALLED.match(line)
        if uncalled is not None:
            returned = hand.by_name.get(uncalled.group(2))
            if returned is None:
                raise hand.fail("uncalled bet", f"unknown player {uncalled.group(2)!r}")
            returned.put -= _amount(uncalled.group(1), "uncalled bet")
            continue
        collected = _COLLECTED.match(line)
        if collected is not None and collected.group(1) in hand.by_name:
            hand.by_name[collected.group(1)].won += _amount(collected.group(2), "collected")
            continue
        dealt = re.match(r"^Dealt to (.+?) \[", line)
        if dealt is not None and dealt.group(1) in hand.by_name:
            groups = [_cards(group, "dealt") for group in _CARDS.findall(line)]
            if not groups:
                raise hand.fail("dealt", "no [cards]")
            hand.events.append(("dealt", (hand.by_name[dealt.group(1)], groups)))
            continue
        spoken = _speaker(hand, line)
        if spoken is None:
            continue  # table talk and notices: "X joins the table", "X is disconnected"...
        player, rest = spoken
        _player_line(hand, big_blind, player, rest, line)


def _board(hand: HandReading, line: str, run: int) -> None:
    groups = _CARDS.findall(line)
    if not groups:
        raise hand.fail("board", "no cards")
    cards = _cards(groups[-1], "board")
    if run == 1:
        hand.events.append(("board", cards))
    else:
        hand.extra["_second_board"] = str(hand.extra.get("_second_board", "")) + "".join(cards)
        hand.extra["_run_twice"] = True


def _summary(hand: HandReading, line: str) -> None:
    total = _TOTAL.match(line)
    if total is not None:
        hand.extra["_total_pot"] = _amount(total.group(1), "total pot")
        # Everything the house takes ("| Rake $0.50", "| Jackpot $0.10"...) counts as rake.
        fees = _FEE.findall(line)
        hand.extra["_rake"] = sum((_amount(fee, name) for name, fee in fees), Fraction(0))
        return
    seat = re.match(r"^Seat \d+: (.+?) (?:\([^()]*\) )*(showed|mucked) \[([^\[\]]*)\]", line)
    if seat is not None and seat.group(1) in hand.by_name:
        _know(hand, hand.by_name[seat.group(1)], _cards(seat.group(3), "summary cards"))


def _know(hand: HandReading, player: Player, cards: list[str]) -> None:
    if player.known is None or len(cards) >= len(player.known):
        player.known = cards


def _player_line(
    hand: HandReading, big_blind: Fraction, player: Player, rest: str, line: str
) -> None:
    small_bet_or_blind = big_blind

    def money(text: str, what: str) -> Fraction:
        return _amount(text, what)

    # "... and is all-in", "... and has reached the $3 cap": notes the amounts already say.
    words = _NOTES.sub("", rest)
    if rest.startswith("posts "):
        amount = money(rest.split()[-1], "post")
        if rest.startswith("posts the ante"):
            player.ante += amount
            player.put += amount
        elif rest.startswith("posts small & big blinds"):
            # The big blind is live (it counts towards the round), the small one is dead.
            live = small_bet_or_blind
            hand.events.append(("dead", (player, amount - live)))
            player.blind += live
            player.round_bet += live
            player.put += amount
        elif rest.startswith(("posts small blind", "posts big blind")):
            player.blind += amount
            player.round_bet += amount
            player.put += amount
        else:
            raise hand.fail("post", f"cannot read {rest!r}")
        return
    if rest.startswith(("shows ", "mucks hand", "doesn't show", "folds")):
        groups = _CARDS.findall(rest)
        if groups:
            _know(hand, player, _cards(groups[0], "shown cards"))
        if rest.startswith("shows "):
            if not player.shown:
                hand.events.append(("show", player))
            player.shown = True
        elif rest.startswith("mucks hand"):
            hand.events.append(("muck", player))
        elif rest.startswith("folds"):
            hand.events.append(("act", (player, "f", None)))
        return
    verb = words.split(" ", 1)[0]
    if verb == "checks" and words == "checks":
        hand.events.append(("act", (player, "cc", None)))
    elif verb in ("calls", "bets"):
        found = re.match(r"(?:calls|bets) (\S+)$", words)
        if found is None:
            raise hand.fail("action", f"cannot read {rest!r}")
        amount = money(found.group(1), verb.removesuffix("s"))
        player.round_bet += amount
        player.put += amount
        # A call is "cc"; a bet is "cbr" to the round total.
        verb_phh, total = ("cc", None) if verb == "calls" else ("cbr", player.round_bet)
        hand.events.append(("act", (player, verb_phh, total)))
    elif verb in ("raises", "completes"):
        found = re.match(r"(?:raises \S+|completes it) to (\S+)$", words)
        if found is None:
            raise hand.fail("action", f"cannot read {rest!r}")
        to = money(found.group(1), "raise")
        player.put += to - player.round_bet
        player.round_bet = to
        hand.events.append(("act", (player, "cbr", to)))
    elif verb == "brings":
        found = re.match(r"brings in for (\S+)$", words)
        if found is None:
            raise hand.fail("bring-in", f"cannot read {rest!r}")
        amount = money(found.group(1), "bring-in")
        hand.extra["_bring_in"] = amount
        player.round_bet += amount
        player.put += amount
        hand.events.append(("act", (player, "pb", None)))
    elif verb in ("discards", "stands"):
        _discard(hand, player, words)
    elif rest.startswith(("said,", "is ", "has ", "will ", "leaves", "joins", "sits ", "was ")):
        return  # chat, connection and table notices
    elif line.startswith(player.name + ":"):
        raise hand.fail("action", f"cannot read {rest!r}")


def _discard(hand: HandReading, player: Player, words: str) -> None:
    """``discards 2 cards [Ks 4h]`` (the cards only for the hero) or ``stands pat`` (the
    hero's ``stands pat on [...]`` names the five cards he keeps)."""
    kept = re.match(r"stands pat(?: on \[([^\[\]]*)\])?$", words)
    if kept is not None:
        if kept.group(1) is not None and len(_cards(kept.group(1), "stands pat")) != 5:
            raise hand.fail("stands pat", "expected the five cards kept")
        hand.events.append(("discard", (player, 0, [])))
        return
    found = re.match(r"discards (\d) cards?(?: \[([^\[\]]*)\])?$", words)
    if found is None:
        raise hand.fail("discard", f"cannot read {words!r}")
    count = int(found.group(1))
    if count > 5:
        raise hand.fail("discard", f"{count} cards: a player holds five")
    cards = _cards(found.group(2), "discard") if found.group(2) is not None else []
    if cards and len(cards) != count:
        raise hand.fail("discard", f"{count} cards discarded, {len(cards)} shown")
    hand.events.append(("discard", (player, count, cards)))
