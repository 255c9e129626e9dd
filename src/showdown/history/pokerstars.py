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
  face up, stud up cards, draws), unknown cards as ``??``; the actions with
  raises written as round totals (``cbr``), the bring-in as ``pb``, draws as ``sd``;
- the result: ``winnings`` (what each player collected, the rake already taken
  off, as the site logs it) and ``finishing_stacks`` (starting stack, minus the
  chips put in after any uncalled bet came back, plus the winnings); the rake
  is ``_rake``. The chips the hand puts in must equal the summary's total pot,
  and the winnings plus the rake must equal it too, or the hand is refused.

Amounts are written in the file's units (dollars with cents, or tournament
chips); the PHH model replays them in scaled whole chips.

Decisions where the model has no place for what the site writes:

- run it twice: the first board is kept as the hand's board, the second is
  recorded in ``_second_board`` and the winnings are the site's (both runs
  added), so the file's result stands; a replay by the rules settles one board
  and may differ from it;
- five-card draw with blinds: the simulator's five-card draw (``F5D``) is an
  ante game acting from the left of the button, so a PokerStars draw hand with
  blinds is refused with that reason; games the simulator does not play (razz,
  triple draw, Courchevel...) are refused naming the game.

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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from showdown.simulator.phh import HandHistory

__all__ = [
    "PokerStarsError",
    "looks_like_pokerstars",
    "model_amount",
    "parse_pokerstars_hand",
    "phh_amount",
    "pokerstars_hands",
]

Number = int | float


class PokerStarsError(ValueError):
    """A PokerStars hand that cannot be read; ``hand`` is its number when known."""

    def __init__(self, message: str, hand: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand


#: The start of a hand (and of the text before it: a byte-order mark, blank lines).
_HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game |Game )?Hand #(\d+):", re.MULTILINE)

#: Game names of the header, most specific first, with their PHH codes by betting.
_GAMES = (
    ("Omaha Hi/Lo", {"Pot Limit": "PO/8", "Limit": "FO/8"}),
    ("Omaha", {"Pot Limit": "PO", "Limit": "FO"}),
    ("Hold'em", {"No Limit": "NT", "Pot Limit": "PT", "Limit": "FT"}),
    ("7 Card Stud Hi/Lo", {"Limit": "F7S/8"}),
    ("7 Card Stud", {"Limit": "F7S"}),
    ("5 Card Draw", {"Limit": "F5D"}),
)
#: Games whose names hold a played game's name (checked first): refused by name.
_NOT_PLAYED = ("5 Card Omaha", "6+ Hold'em", "Courchevel", "Razz", "Triple Draw", "Single Draw",
               "Badugi", "5 Card Stud")  # fmt: skip
_BETTING = re.compile(r"\b(No Limit|Pot Limit|Fixed Limit|Limit)\b")
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

#: Cards a stud street deals each player (two down and one up, then one at a time).
_STUD_DEAL = {"3rd STREET": 3, "4th STREET": 1, "5th STREET": 1, "6th STREET": 1, "7th STREET": 1}
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


def model_amount(value: Fraction) -> Number:
    """An exact amount as the PHH model keeps it: ``int`` when whole, else its decimal."""
    if value.denominator == 1:
        return int(value)
    # The nearest float, whose shortest form is the decimal of the file (cents, or any
    # amount of up to 15 significant digits).
    return float(value)


def _cards(text: str, where: str) -> list[str]:
    cards = text.split()
    for card in cards:
        if len(card) != 2 or card[0] not in "23456789TJQKA" or card[1] not in "cdhs":
            raise ValueError(f"{where}: {card!r} is not a card")
    return cards


@dataclass
class _Player:
    name: str
    seat: int
    stack: Fraction
    ante: Fraction = Fraction(0)
    blind: Fraction = Fraction(0)
    put: Fraction = Fraction(0)
    round_bet: Fraction = Fraction(0)
    won: Fraction = Fraction(0)
    known: list[str] | None = None  # every card known, in the order dealt
    shown: bool = False
    deals: list[list[str]] = field(default_factory=list)


class _Hand:
    """The state of one hand while its lines are read."""

    def __init__(self, lines: list[str], name: str) -> None:
        self.lines = lines
        self.name = name
        self.line = 0
        self.number: int | None = None
        self.seated: list[_Player] = []
        self.by_name: dict[str, _Player] = {}
        # What happened, in order: ("act", (player, verb, amount)), ("board", cards),
        # ("dealt", (player, card groups)), ("draw", (player, cards)), ("show", player)...
        self.events: list[tuple[str, Any]] = []
        self.extra: dict[str, object] = {}

    def fail(self, field_name: str | None, reason: str) -> PokerStarsError:
        """The error for the current line; ``field_name`` ``None`` when ``reason`` names it."""
        where = f"hand #{self.number}" if self.number is not None else "hand"
        if self.line < len(self.lines):
            where += f", line {self.line + 1} {self.lines[self.line].strip()!r}"
        else:
            where += ", at its end"
        said = reason if field_name is None else f"{field_name}: {reason}"
        return PokerStarsError(f"{where}: {said}", self.number)


def parse_pokerstars_hand(text: str, name: str = "PokerStars text") -> HandHistory:
    """One PokerStars hand (its header line first) as a :class:`HandHistory`.

    Raises
    ------
    PokerStarsError
        When a line cannot be read, the game is not one the simulator plays, or
        the chips do not add up to the summary's total pot; the message names
        the hand number, the line and the field.
    """
    hand = _Hand(text.lstrip("\ufeff").splitlines(), name)
    try:
        return _read(hand)
    except PokerStarsError:
        raise
    except ValueError as error:
        raise hand.fail(None, str(error)) from None


def _read(hand: _Hand) -> HandHistory:
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
    stud = variant.startswith("F7S")
    if button is None and not stud:
        raise hand.fail("table", "no button seat")
    hand.extra.update(table=table.group(1), seat_count=int(table.group(2)))
    if currency:
        hand.extra["currency"] = currency
    # The live big blind: the stakes' second amount, or in fixed limit the small bet.
    _read_body(hand, small if variant.startswith("F") else big, stud)
    return _history(hand, variant, small, big, button, stud)


def _read_header(hand: _Hand, text: str) -> tuple[str, Fraction, Fraction, str | None]:
    for game in _NOT_PLAYED:
        if game in text:
            raise hand.fail("game", f"{game} is not a game the simulator plays")
    code = None
    for game, codes in _GAMES:
        position = text.find(game)
        if position < 0:
            continue
        betting = _BETTING.search(text, position)
        kind = betting.group(1).replace("Fixed Limit", "Limit") if betting else None
        code = codes.get(kind or "")
        if code is None:
            raise hand.fail("game", f"{game} {kind or ''} is not a game the simulator plays")
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


def _speaker(hand: _Hand, line: str) -> tuple[_Player, str] | None:
    """The seated player a line is about and the rest of the line (after ``: `` or a space)."""
    for player in sorted(hand.seated, key=lambda p: -len(p.name)):
        if line.startswith(player.name):
            rest = line[len(player.name) :]
            if rest.startswith(": "):
                return player, rest[2:].strip()
            if rest.startswith(" "):
                return player, rest.strip()
    return None


def _read_body(hand: _Hand, big_blind: Fraction, stud: bool) -> None:
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
            if label not in ("HOLE CARDS", "3rd STREET", "DEALING HANDS"):
                for player in hand.seated:  # a new betting round: raises count from zero
                    player.round_bet = Fraction(0)
            if label in _BOARD_STREETS:
                _board(hand, line, board_run)
            elif label in _STUD_DEAL or label in ("HOLE CARDS", "DEALING HANDS", "DRAW"):
                hand.events.append(("street", label))
            continue
        if section == "seats":
            seat = _SEAT.match(line)
            if seat is not None:
                # Sitting out or not: who is in the hand is who posts, is dealt or acts
                # (a tournament player sitting out still posts and is folded).
                player = _Player(seat.group(2), int(seat.group(1)), _amount(seat.group(3), "stack"))
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
            hand.events.append(("dealt", (hand.by_name[dealt.group(1)], groups)))
            continue
        spoken = _speaker(hand, line)
        if spoken is None:
            continue  # table talk and notices: "X joins the table", "X is disconnected"...
        player, rest = spoken
        _player_line(hand, big_blind, player, rest, line)


def _board(hand: _Hand, line: str, run: int) -> None:
    groups = _CARDS.findall(line)
    if not groups:
        raise hand.fail("board", "no cards")
    cards = _cards(groups[-1], "board")
    if run == 1:
        hand.events.append(("board", cards))
    else:
        hand.extra["_second_board"] = str(hand.extra.get("_second_board", "")) + "".join(cards)
        hand.extra["_run_twice"] = True


def _summary(hand: _Hand, line: str) -> None:
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


def _know(hand: _Hand, player: _Player, cards: list[str]) -> None:
    if player.known is None or len(cards) >= len(player.known):
        player.known = cards


def _player_line(hand: _Hand, big_blind: Fraction, player: _Player, rest: str, line: str) -> None:
    small_bet_or_blind = big_blind

    def money(text: str, what: str) -> Fraction:
        return _amount(text, what)

    words = rest.replace(" and is all-in", "").replace(" and has reached the cap", "")
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
    if rest.startswith(("discards ", "stands pat")):
        groups = _CARDS.findall(rest)
        count = re.match(r"discards (\d+) cards?", rest)
        if count is None and not rest.startswith("stands pat"):
            raise hand.fail("draw", f"cannot read {rest!r}")
        unknown = ["??"] * int(count.group(1) if count else 0)
        thrown = _cards(groups[0], "discards") if groups else unknown
        hand.events.append(("draw", (player, thrown)))
        return
    verb = words.split(" ", 1)[0]
    if verb == "checks" and words == "checks":
        hand.events.append(("act", (player, "cc", None)))
    elif verb == "calls":
        player.round_bet += money(words.split()[1], "call")
        player.put += money(words.split()[1], "call")
        hand.events.append(("act", (player, "cc", None)))
    elif verb == "bets":
        amount = money(words.split()[1], "bet")
        player.round_bet += amount
        player.put += amount
        hand.events.append(("act", (player, "cbr", player.round_bet)))
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
    elif rest.startswith(("said,", "is ", "has ", "will ", "leaves", "joins", "sits ", "was ")):
        return  # chat, connection and table notices
    elif line.startswith(player.name + ":"):
        raise hand.fail("action", f"cannot read {rest!r}")


def _history(
    hand: _Hand, variant: str, small: Fraction, big: Fraction, button: int | None, stud: bool
) -> HandHistory:
    in_hand = {id(value[0]) for kind, value in hand.events
               if kind in ("act", "dealt", "dead")}  # fmt: skip
    in_hand |= {id(p) for p in hand.seated if p.put or p.ante or p.blind}
    players = [p for p in hand.seated if id(p) in in_hand]
    if len(players) < 2:
        hand.line = 1
        raise hand.fail("seats", "fewer than two players dealt in")
    players.sort(key=lambda p: p.seat)
    if not stud:
        assert button is not None
        first = next((k for k, p in enumerate(players) if p.seat > button), 0)
        players = players[first:] + players[:first]
    position = {id(p): k for k, p in enumerate(players)}
    fixed = variant.startswith("F")
    blinds = [p.blind for p in players]
    antes = [p.ante for p in players]
    for kind, value in hand.events:
        if kind == "dead":
            player, dead = value
            antes[position[id(player)]] += dead
    if variant == "F5D" and any(blinds):
        hand.line = 0
        raise hand.fail("blinds", "five-card draw with blinds: the simulator's F5D is an ante game")
    late = [p.name for p, blind in zip(players[2:], blinds[2:], strict=True) if blind]
    if late:
        # On the site a blind posted by a player joining or coming back is live but acts
        # in turn; PHH blinds past the big blind are straddles, which act last.
        hand.line = 0
        raise hand.fail(
            "blinds",
            f"{', '.join(late)} posts a blind outside the blind seats; the PHH model would "
            "make it a straddle, acting last",
        )
    actions = _actions(hand, players, position, variant, stud)
    _check_chips(hand, players)
    if len(players) == 2 and not stud and variant != "F5D":
        antes, blinds = antes[::-1], blinds[::-1]
    history = HandHistory(
        variant=variant,
        starting_stacks=[model_amount(p.stack) for p in players],
        actions=actions,
        antes=[model_amount(a) for a in antes],
        blinds_or_straddles=[model_amount(b) for b in blinds],
        players=[p.name for p in players],
        finishing_stacks=[model_amount(p.stack - p.put + p.won) for p in players],
    )
    if fixed:
        history.small_bet, history.big_bet = model_amount(small), model_amount(big)
    else:
        history.min_bet = model_amount(big)
    bring_in = hand.extra.pop("_bring_in", None)
    if stud:
        history.bring_in = model_amount(bring_in) if isinstance(bring_in, Fraction) else None
        if history.bring_in is None:
            history.bring_in = model_amount(small / 2)
    extra: dict[str, object] = {"venue": "PokerStars", "hand": hand.number}
    extra.update(hand.extra)
    extra["seats"] = [p.seat for p in players]
    extra["winnings"] = [model_amount(p.won) for p in players]
    for key in ("_total_pot", "_rake"):
        value = extra.get(key)
        if isinstance(value, Fraction):
            extra[key] = model_amount(value)
    history.extra = extra
    return history


def _actions(
    hand: _Hand, players: list[_Player], position: dict[int, int], variant: str, stud: bool
) -> list[str]:
    """The PHH actions: deals, board cards, betting, draws and shows, in the file's order."""
    width = {"NT": 2, "PT": 2, "FT": 2}.get(variant, 5 if variant == "F5D" else 4)
    dealt: dict[int, list[list[str]]] = {}
    for kind, value in hand.events:
        if kind == "dealt":
            player, groups = value
            dealt.setdefault(id(player), []).append(groups[-1])
    actions: list[str] = []
    live = {id(p) for p in players}
    street_count = 0
    pending_deal = not stud
    holdings: dict[int, list[str]] = {}

    def label(player: _Player) -> str:
        return f"p{position[id(player)] + 1}"

    def known(player: _Player, count: int, start: int) -> list[str]:
        cards = player.known or []
        return cards[start : start + count] if len(cards) >= start + count else []

    def deal_all(count: int, start: int) -> None:
        for player in players:
            if id(player) not in live:
                continue
            cards = known(player, count, start)
            if not cards:
                seen = [g for g in dealt.get(id(player), [])]
                group = seen[street_count] if street_count < len(seen) else []
                if stud and street_count == 0 and len(group) == 3:
                    cards = group
                elif stud:
                    cards = ["??"] * (count - len(group[-count:])) + group[-count:]
                elif len(group) == count:
                    cards = group
                else:
                    cards = ["??"] * count
            holdings.setdefault(id(player), []).extend(cards)
            actions.append(f"d dh {label(player)} {''.join(cards)}")

    if not stud:
        pending_deal = True
    stud_start = 0
    for kind, value in hand.events:
        if kind == "street":
            if stud and value in _STUD_DEAL:
                count = _STUD_DEAL[str(value)]
                deal_all(count, stud_start)
                stud_start += count
                street_count += 1
            continue
        if pending_deal and kind in ("act", "board", "draw", "show", "muck"):
            deal_all(width, 0)
            pending_deal = False
        if kind == "board":
            actions.append(f"d db {''.join(value)}")
        elif kind == "act":
            player, verb, amount = value
            if id(player) not in position:
                raise hand.fail("action", f"{player.name} acts but was not dealt in")
            text = f"{label(player)} {verb}"
            if amount is not None:
                text += f" {phh_amount(amount)}"
            actions.append(text)
            if verb == "f":
                live.discard(id(player))
        elif kind == "draw":
            player, thrown = value
            now = holdings.get(id(player), [])
            kept = [c for c in now if c not in thrown]
            if "??" not in thrown and len(kept) != len(now) - len(thrown):
                thrown = ["??"] * len(thrown)
            actions.append(f"{label(player)} sd {''.join(thrown)}".rstrip())
            if thrown:
                final = player.known or []
                new = [c for c in final if c not in kept] if len(final) == width else []
                if len(new) != len(thrown) or "??" in thrown:
                    new = ["??"] * len(thrown)
                actions.append(f"d dh {label(player)} {''.join(new)}")
        elif kind in ("show", "muck"):
            player = value
            assert isinstance(player, _Player)
            cards = "".join(player.known or []) if kind == "show" else ""
            actions.append(f"{label(player)} sm {cards}".rstrip())
    if pending_deal:
        deal_all(width, 0)
    return actions


def phh_amount(value: Fraction) -> str:
    """An exact amount as a ``cbr`` token: ``300``, ``12.5``."""
    return str(model_amount(value))


def _check_chips(hand: _Hand, players: list[_Player]) -> None:
    """The chips put in must be the summary's total pot, the winnings plus rake too."""
    hand.line = len(hand.lines)
    total = hand.extra.get("_total_pot")
    rake = hand.extra.get("_rake", Fraction(0))
    if not isinstance(total, Fraction) or not isinstance(rake, Fraction):
        raise hand.fail("summary", "no 'Total pot ... | Rake ...' line")
    put = sum((p.put for p in players), Fraction(0))
    won = sum((p.won for p in players), Fraction(0))
    if put != total:
        raise hand.fail(
            "total pot",
            f"the actions put in {model_amount(put)}, the summary says {model_amount(total)}",
        )
    if won + rake != total:
        raise hand.fail(
            "collected",
            f"the winnings {model_amount(won)} plus the rake {model_amount(rake)} "
            f"are not the total pot {model_amount(total)}",
        )
    for player in players:
        if player.put > player.stack:
            raise hand.fail("stack", f"{player.name} puts in more than his stack")
