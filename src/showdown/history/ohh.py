"""Open Hand History (OHH) JSON read into the PHH hand model (:class:`HandHistory`).

An OHH hand is a JSON object ``{"ohh": {...}}`` (the published specification:
``spec_version``, ``game_type``, ``bet_limit``, ``table_size``, ``dealer_seat``,
``small_blind_amount``, ``big_blind_amount``, ``players``, ``rounds`` of
``actions``, ``pots`` with ``player_wins``). A file holds one object, a JSON
array of them, or one object per line. :func:`ohh_hands` reads each hand:

- the board games the simulator plays: ``Holdem``, ``Omaha`` and Omaha hi/lo
  (``OmahaHiLo``, ``Omaha8``...) with ``bet_type`` ``NL``, ``PL`` or ``FL``;
  players in PHH position order (p1 the first seat left of ``dealer_seat``);
  players marked ``is_sitting_out`` are left out;
- posts: ``Post Ante`` (an ante), ``Post SB``, ``Post BB``, ``Straddle`` and
  ``Post Extra Blind`` (live blinds), ``Post Dead`` (dead money, kept as that
  player's ante, as the PHH dataset reader does);
- ``Bet``, ``Raise`` and ``Call`` amounts are what the action put in (the
  specification's reading), written as PHH round totals (``cbr``); cards of
  ``Dealt Cards`` and ``Shows Cards`` go into the deal, ``Mucks Cards`` is a muck;
- the result: ``winnings`` from the pots' ``player_wins`` (after rake), the rake
  as ``_rake``, ``finishing_stacks`` from the chips put in (the part of the
  largest bet nobody called comes back; OHH does not log it) and the winnings.
  The chips put in must equal the pots' amounts, and the winnings plus the
  rake too, or the hand is refused.

Run it twice (two ``Flop``/``Turn``/``River`` rounds): the first board is the
hand's, the second is kept in ``_second_board`` and the winnings are the file's.

Stud and draw: the specification names the games (``Stud``, ``StudHiLo``,
``Draw``) but not their streets or actions, so this reader decides, close to
what the sites write (stud at fixed limit only, as the simulator plays it):

- stud has no ``dealer_seat``: players in seat order. Rounds are named ``Third
  Street`` (or ``Preflop``, the specification's round 0) to ``Seventh Street``
  (``3rd Street``..., ``River``); a ``Dealt Cards`` action lists the cards that
  street dealt the player, the last ones listed being the new ones (so a
  running list as the sites print it reads too), and an opponent's unseen down
  cards are unknown until he shows them: ``Shows Cards`` (or a ``Mucks Cards``
  with cards) lists his seven cards in any order and fills them in. ``Post
  Bring-In`` (or ``Bring In``) is the bring-in, ``Complete`` a raise;
  ``big_blind_amount`` is the small bet and ``small_blind_amount`` the
  bring-in when none is posted. Streets the file
  skips (players all in) are dealt, unknown, all the same;
- ``Draw`` is five-card draw: at ``FL`` (``F5D``, an ante game) the site's
  blinds are kept as posted and live (heads-up not swapped as a blind game's
  are); at ``NL`` and ``PL`` (``N5D``, ``P5D``) it is a blind game, its blinds
  written as hold'em's. Round 0 is before the
  draw; a ``Draw`` (or ``First Draw``) round holds ``Discard`` actions (the
  cards thrown, ``"??"`` for each card not seen), ``Stands Pat``, the hero's
  ``Dealt Cards`` (the cards drawn, or his whole hand after the draw) and the
  betting after it. Cards shown at the end are the deal only for a player who
  stood pat.

A hand that cannot be read is a :class:`OhhError` naming the hand (its place in
the file and its ``game_number``) and the field.

Examples
--------
>>> import json
>>> hand = {"ohh": {"spec_version": "1.4.6", "game_number": "42", "game_type": "Holdem",
...     "bet_limit": {"bet_type": "NL"}, "table_size": 6, "dealer_seat": 1,
...     "small_blind_amount": 1, "big_blind_amount": 2,
...     "players": [{"id": 0, "seat": 1, "name": "Ann", "starting_stack": 100},
...                 {"id": 1, "seat": 2, "name": "Bob", "starting_stack": 100}],
...     "rounds": [{"id": 0, "street": "Preflop", "actions": [
...         {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 1},
...         {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 2},
...         {"action_number": 3, "player_id": 0, "action": "Fold"}]}],
...     "pots": [{"number": 0, "amount": 2, "rake": 0,
...               "player_wins": [{"player_id": 1, "win_amount": 2}]}]}}
>>> [(h.players, h.finishing_stacks) for _, h in ohh_hands(json.dumps(hand))]
[(['Bob', 'Ann'], [101, 99])]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from showdown.simulator.phh import HandHistory
from showdown.simulator.rules import VARIANTS_BY_PHH_CODE

from ._ohh_rounds import Betting, check, money, read_rounds, seat_of, shown_amount
from ._site_hand import model_amount

__all__ = ["OhhError", "ohh_hands", "read_ohh_hand"]


class OhhError(ValueError):
    """An OHH hand that cannot be read; ``hand`` is its place in the file (1, 2...)."""

    def __init__(self, message: str, hand: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand


#: ``game_type`` (lower case, letters and digits only) -> PHH code letter(s) after the betting.
_GAMES = {
    "holdem": "T",
    "texasholdem": "T",
    "omaha": "O",
    "omahahi": "O",
    "omahahilo": "O/8",
    "omahahl": "O/8",
    "omaha8": "O/8",
    "omahahighlow": "O/8",
    "stud": "7S",
    "sevencardstud": "7S",
    "7cardstud": "7S",
    "studhilo": "7S/8",
    "stud8": "7S/8",
    "studhl": "7S/8",
    "sevencardstudhilo": "7S/8",
    "7cardstudhilo": "7S/8",
    "draw": "5D",
    "fivecarddraw": "5D",
    "5carddraw": "5D",
}
_BETTING = {"nl": "N", "pl": "P", "fl": "F"}


def ohh_hands(
    text: str, name: str = "OHH text"
) -> Iterator[tuple[int | None, HandHistory | OhhError]]:
    """Each hand of an OHH file: ``(its place in the file, history or the error)``.

    The error is yielded, not raised, so one bad hand does not stop the file. A
    file that is not one JSON document is read line by line; a line that is not
    JSON is an error of its own.
    """
    try:
        document = json.loads(text, parse_float=Fraction, parse_int=Fraction)
    except json.JSONDecodeError:
        document = None
    else:
        items = document if isinstance(document, list) else [document]
        for place, item in enumerate(items, start=1):
            yield place, _hand_or_error(item, place)
        return
    # One object per line: a line that is not JSON is reported, the others are read.
    place = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        place += 1
        try:
            item = json.loads(line, parse_float=Fraction, parse_int=Fraction)
        except json.JSONDecodeError as error:
            message = f"hand {place}: line {number} is not JSON: {error.msg} (column {error.colno})"
            yield place, OhhError(message, place)
            continue
        yield place, _hand_or_error(item, place)


def _hand_or_error(item: Any, place: int) -> HandHistory | OhhError:
    try:
        return read_ohh_hand(item, place)
    except OhhError as error:
        return error


def read_ohh_hand(item: Any, place: int | None = None) -> HandHistory:
    """One OHH hand (the object holding ``"ohh"``) as a :class:`HandHistory`.

    Raises
    ------
    OhhError
        For a field missing or of the wrong type, a game the simulator does not
        play, or chips that do not add up; the message names the hand and the field.
    """
    item = _exact(item)
    body = item.get("ohh") if isinstance(item, dict) else None
    label = f"hand {place}" if place is not None else "hand"
    if isinstance(body, dict) and body.get("game_number") is not None:
        label += f" (game_number {body['game_number']})"
    try:
        if not isinstance(body, dict):
            raise ValueError("expected an object with an 'ohh' object")
        return _read(body)
    except ValueError as error:
        raise OhhError(f"{label}: {error}", place) from None


def _exact(value: Any) -> Any:
    """JSON numbers as exact fractions (a float as the decimal it prints as), deeply."""
    if isinstance(value, dict):
        return {key: _exact(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_exact(item) for item in value]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def _variant(body: dict[str, Any]) -> str:
    game = body.get("game_type")
    check(isinstance(game, str), "game_type", f"expected a string, got {game!r}")
    key = re.sub(r"[^a-z0-9]", "", str(game).lower())
    letters = _GAMES.get(key)
    check(letters is not None, "game_type", f"{game!r} is not a game the simulator plays")
    limit = body.get("bet_limit")
    kind = limit.get("bet_type") if isinstance(limit, dict) else None
    betting = _BETTING.get(str(kind).lower()) if isinstance(kind, str) else None
    check(betting is not None, "bet_limit.bet_type", f"expected NL, PL or FL, got {kind!r}")
    assert letters is not None and betting is not None
    code = f"{betting}{letters}"
    check(code in VARIANTS_BY_PHH_CODE, "game_type", f"{kind} {game} is not played here")
    return code


def _read(body: dict[str, Any]) -> HandHistory:
    variant = _variant(body)
    game = VARIANTS_BY_PHH_CODE[variant]
    dealer = body.get("dealer_seat")
    if game.stud:  # no button: players in seat order
        dealer = Fraction(-1)
    check(isinstance(dealer, Fraction), "dealer_seat", f"expected a seat number, got {dealer!r}")
    seated = body.get("players")
    if not isinstance(seated, list) or len(seated) < 2:
        raise ValueError("field 'players': expected a list of 2 or more players")
    players = []
    for index, player in enumerate(seated):
        where = f"players[{index}]"
        check(isinstance(player, dict), where, "expected an object")
        if player.get("is_sitting_out") is True:
            continue
        for key in ("id", "seat"):
            check(isinstance(player.get(key), Fraction), f"{where}.{key}", "expected a number")
        check(isinstance(player.get("name"), str), f"{where}.name", "expected a string")
        players.append(player)
    players.sort(key=lambda p: p["seat"])
    first = next((k for k, p in enumerate(players) if p["seat"] > dealer), 0)
    players = players[first:] + players[:first]
    position = {p["id"]: k for k, p in enumerate(players)}
    n = len(players)
    check(len(position) == n and n >= 2, "players", "expected 2 or more with distinct ids")
    stacks = [
        money(p.get("starting_stack"), f"players[{k}].starting_stack")
        for k, p in enumerate(players)
    ]
    state = Betting(n)
    actions = read_rounds(body.get("rounds"), position, state, variant)
    won, rake, total = _pots(body.get("pots"), position, n)
    excess = state.uncalled()
    put = sum(state.put, Fraction(0))
    held = f"the actions put in {shown_amount(put)}, the pots hold {shown_amount(total)}"
    check(put == total, "pots", held)
    check(sum(won, Fraction(0)) + rake == total, "pots", "the wins plus the rake are not the pots")
    for seat in range(n):
        check(
            state.put[seat] <= stacks[seat],
            "rounds",
            f"{players[seat]['name']} bets more than his stack",
        )
    blinds, antes = state.blinds, state.antes
    if n == 2 and game.blinds:  # the PHH reader's heads-up order (a draw's blinds as posted)
        blinds, antes = blinds[::-1], antes[::-1]
    history = HandHistory(
        variant=variant,
        starting_stacks=[model_amount(s) for s in stacks],
        actions=actions,
        antes=[model_amount(a) for a in antes],
        blinds_or_straddles=[model_amount(b) for b in blinds],
        players=[str(p["name"]) for p in players],
        finishing_stacks=[
            model_amount(s - p + w) for s, p, w in zip(stacks, state.put, won, strict=True)
        ],
    )
    big = body.get("big_blind_amount")
    big_blind = big if isinstance(big, Fraction) and big > 0 else max(state.blinds)
    # Stud has no blinds: its big_blind_amount is the small bet, as in fixed-limit hold'em.
    check(big_blind > 0, "big_blind_amount", "expected the big blind (fixed limit: the small bet)")
    if game.betting == "fixed":
        history.small_bet, history.big_bet = model_amount(big_blind), model_amount(2 * big_blind)
    else:
        history.min_bet = model_amount(big_blind)
    if game.stud:
        small = body.get("small_blind_amount")
        bring_in = state.bring_in or (small if isinstance(small, Fraction) else big_blind / 2)
        history.bring_in = model_amount(bring_in)
    history.extra = _extra(body, players, state, won, rake, excess)
    return history


def _pots(pots: Any, position: dict[Any, int], n: int) -> tuple[list[Fraction], Fraction, Fraction]:
    check(isinstance(pots, list) and bool(pots), "pots", "expected a list of pots")
    won = [Fraction(0)] * n
    rake = total = Fraction(0)
    for index, pot in enumerate(pots):
        where = f"pots[{index}]"
        check(isinstance(pot, dict), where, "expected an object")
        total += money(pot.get("amount"), f"{where}.amount")
        rake += money(pot.get("rake", Fraction(0)), f"{where}.rake")
        wins = pot.get("player_wins", [])
        check(isinstance(wins, list), f"{where}.player_wins", "expected a list")
        for number, win in enumerate(wins):
            at = f"{where}.player_wins[{number}]"
            check(isinstance(win, dict), at, "expected an object")
            seat = seat_of(position, win.get("player_id"), f"{at}.player_id")
            won[seat] += money(win.get("win_amount"), f"{at}.win_amount")
    return won, rake, total


def _extra(
    body: dict[str, Any],
    players: list[dict[str, Any]],
    state: Betting,
    won: list[Fraction],
    rake: Fraction,
    excess: Fraction,
) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if isinstance(body.get("site_name"), str):
        extra["venue"] = body["site_name"]
    number = body.get("game_number")
    if isinstance(number, str) and number.isdigit():
        extra["hand"] = int(number)
    elif isinstance(number, (str, Fraction)):
        extra["hand"] = str(number) if isinstance(number, str) else model_amount(number)
    for source, target in (("table_name", "table"), ("currency", "currency")):
        if isinstance(body.get(source), str):
            extra[target] = body[source]
    if isinstance(body.get("table_size"), Fraction):
        extra["seat_count"] = int(body["table_size"])
    info = body.get("tournament_info")
    if isinstance(info, dict) and isinstance(info.get("name"), str):
        extra["event"] = info["name"]
    date = body.get("start_date_utc")
    found = re.match(r"(\d{4})-(\d{2})-(\d{2})", date) if isinstance(date, str) else None
    if found:
        extra.update(year=int(found.group(1)), month=int(found.group(2)), day=int(found.group(3)))
    extra["seats"] = [int(p["seat"]) for p in players]
    extra["winnings"] = [model_amount(w) for w in won]
    extra["_rake"] = model_amount(rake)
    extra["_total_pot"] = model_amount(sum(won, Fraction(0)) + rake)
    if excess:
        extra["_uncalled"] = model_amount(excess)
    if state.second_board:
        extra["_run_twice"] = True
        extra["_second_board"] = state.second_board
    return extra
