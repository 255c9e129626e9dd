"""The rounds of an Open Hand History hand: its actions read into PHH actions.

:mod:`showdown.history.ohh` reads a hand's fields; :func:`read_rounds` reads its
``rounds``: the board games' streets (deals put in front, the second board of a
run it twice kept aside), and stud and draw streets (:class:`_Dealing`: each
street's deals written once every card the file shows is known). Amounts are
exact fractions; every error is a ``ValueError`` naming the field.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from showdown.simulator.rules import VARIANTS_BY_PHH_CODE

from ._site_hand import model_amount, phh_amount

__all__ = ["Betting", "check", "money", "read_rounds", "seat_of", "shown_amount"]

_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def check(condition: bool, where: str, reason: str) -> None:
    """Raise the ``ValueError`` naming field ``where`` unless ``condition`` holds."""
    if not condition:
        raise ValueError(f"field {where!r}: {reason}")


def money(value: Any, where: str) -> Fraction:
    """An amount >= 0 of field ``where``."""
    ok = isinstance(value, Fraction) and value >= 0
    check(ok, where, f"expected an amount >= 0, got {shown_amount(value)}")
    return value


def shown_amount(value: Any) -> str:
    """A value as an error message shows it (an amount as the file wrote it)."""
    if isinstance(value, Fraction):
        return str(model_amount(value))
    return repr(value)


class Betting:
    """Chips each player put in, this round's bets, the forced bets, the deals."""

    def __init__(self, n: int) -> None:
        self.put = [Fraction(0)] * n
        self.round = [Fraction(0)] * n
        self.antes = [Fraction(0)] * n
        self.blinds = [Fraction(0)] * n
        self.cards: list[list[str] | None] = [None] * n
        self.second_board = ""
        self.bring_in = Fraction(0)

    def uncalled(self) -> Fraction:
        """Take back the part of the largest total nobody matched; return it."""
        order = sorted(range(len(self.put)), key=lambda k: self.put[k], reverse=True)
        top, second = order[0], order[1]
        excess = self.put[top] - self.put[second]
        self.put[top] -= excess
        return excess


def _cards(value: Any, where: str, *, unseen: bool = False) -> list[str]:
    """The cards of a field; ``unseen``: ``"??"`` stands for a card not seen (discards)."""
    if isinstance(value, str):
        value = value.split()
    check(isinstance(value, list), where, "expected a list of cards")
    cards = [str(card) for card in value]
    for card in cards:
        seen = bool(_CARD.fullmatch(card)) or (unseen and card == "??")
        check(seen, where, f"{card!r} is not a card")
    return cards


def read_rounds(rounds: Any, position: dict[Any, int], state: Betting, variant: str) -> list[str]:
    """The PHH actions of ``rounds`` (in the order of their ids), chips counted in ``state``."""
    check(isinstance(rounds, list) and bool(rounds), "rounds", "expected a list of rounds")
    width = VARIANTS_BY_PHH_CODE[variant].hole_cards
    events: list[str] = []  # actions and boards, deals added in front once all are known
    boards_seen: set[str] = set()
    for index, round_ in enumerate(rounds):
        check(isinstance(round_, dict), f"rounds[{index}]", "expected an object")
        number = round_.get("id", Fraction(index))
        check(isinstance(number, Fraction), f"rounds[{index}].id", "expected a number")
    # The rounds in the order they happened (their ids), each named by its place in the file.
    in_order = sorted(enumerate(rounds), key=lambda item: item[1].get("id", Fraction(item[0])))
    game = VARIANTS_BY_PHH_CODE[variant]
    if game.stud or game.has_draw:
        return _Dealing(game, position, state).read(in_order)
    for index, round_ in in_order:
        where = f"rounds[{index}]"
        street = str(round_.get("street", ""))
        if street in ("Flop", "Turn", "River"):
            cards = _cards(round_.get("cards", []), f"{where}.cards")
            if street in boards_seen:  # run it twice: the second board is kept aside
                state.second_board += "".join(cards)
                continue
            boards_seen.add(street)
            state.round = [Fraction(0)] * len(state.round)
            events.append(f"d db {''.join(cards)}")
        elif street not in ("Preflop", "Showdown"):
            raise ValueError(f"field '{where}.street': {street!r} is not a street of {variant}")
        found = round_.get("actions", [])
        check(isinstance(found, list), f"{where}.actions", "expected a list")
        for number, action in enumerate(found):
            events += _action(action, f"{where}.actions[{number}]", position, state)
    deals = []
    for seat, dealt in enumerate(state.cards):
        shown = "".join(dealt) if dealt and len(dealt) == width else "??" * width
        deals.append(f"d dh p{seat + 1} {shown}")
    return deals + events


def _action(action: Any, where: str, position: dict[Any, int], state: Betting) -> list[str]:
    check(isinstance(action, dict), where, "expected an object")
    kind = action.get("action")
    if kind in ("Sits Down", "Stands Up"):
        return []
    seat = seat_of(position, action.get("player_id"), f"{where}.player_id")
    player = f"p{seat + 1}"
    amount = action.get("amount", Fraction(0))
    if kind == "Dealt Cards":
        if action.get("cards"):
            state.cards[seat] = _cards(action["cards"], f"{where}.cards")
        return []
    if kind in ("Shows Cards", "Mucks Cards"):
        cards = _cards(action.get("cards") or [], f"{where}.cards")
        if kind == "Shows Cards" and cards:
            state.cards[seat] = cards
            return [f"{player} sm {''.join(cards)}"]
        return [f"{player} sm"]
    if kind in ("Fold", "Check"):
        return [f"{player} {'f' if kind == 'Fold' else 'cc'}"]
    value = money(amount, f"{where}.amount")
    state.put[seat] += value
    if kind == "Post Ante":
        state.antes[seat] += value
        return []
    if kind == "Post Dead":
        state.antes[seat] += value  # dead money: in the pot, not part of the bet
        return []
    if kind in ("Post SB", "Post BB", "Straddle", "Post Extra Blind"):
        state.blinds[seat] += value
        state.round[seat] += value
        return []
    to_call = max(state.round) - state.round[seat]
    state.round[seat] += value
    if kind == "Call":
        # A call matches the bet, or puts the player all-in for less.
        short = value != to_call and action.get("is_allin") is not True
        check(
            not short,
            f"{where}.amount",
            f"a call of {shown_amount(value)}, the bet to call is {shown_amount(to_call)}",
        )
        return [f"{player} cc"]
    if kind in ("Bet", "Raise", "Complete"):
        return [f"{player} cbr {phh_amount(state.round[seat])}"]
    raise ValueError(f"field '{where}.action': {kind!r} is not an action read here")


def seat_of(position: dict[Any, int], player_id: Any, where: str) -> int:
    """The position of the player with this id, else an error naming ``where``."""
    seat = position.get(player_id) if isinstance(player_id, Fraction) else None
    check(seat is not None, where, f"no player {shown_amount(player_id)}")
    assert seat is not None
    return seat


#: Street names of stud and draw rounds (lower case, letters and digits) -> the street's
#: index in the game's rules; round 0, ``Preflop`` in the specification, is the first.
_STUD_STREETS = {
    "preflop": 0, "third": 0, "thirdstreet": 0, "3rdstreet": 0,
    "fourth": 1, "fourthstreet": 1, "4thstreet": 1,
    "fifth": 2, "fifthstreet": 2, "5thstreet": 2,
    "sixth": 3, "sixthstreet": 3, "6thstreet": 3,
    "seventh": 4, "seventhstreet": 4, "7thstreet": 4, "river": 4,
}  # fmt: skip
_DRAW_STREETS = {"preflop": 0, "predraw": 0, "draw": 1, "firstdraw": 1, "draw1": 1, "postdraw": 1}
_DISCARDS = ("Discard", "Discards Cards", "Discard Cards", "Draws Cards")
_STANDS_PAT = ("Stands Pat", "Stand Pat")
_BRING_IN = ("Post Bring-In", "Post Bring In", "Bring-In", "Bring In")


class _Dealing:
    """Stud and draw rounds: each street's deals, written once every card the file shows
    (dealt, discarded, shown at the end) is known."""

    def __init__(self, game: Any, position: dict[Any, int], state: Betting) -> None:
        self.game, self.position, self.state = game, position, state
        n = len(state.put)
        self.counts = [street.down + street.up for street in game.streets]
        self.dealt: list[list[list[str] | None]] = [[None] * len(self.counts) for _ in range(n)]
        self.draws: list[tuple[int, list[str], list[str] | None] | None] = [None] * n
        self.shown: list[list[str] | None] = [None] * n
        self.shown_at = [""] * n  # where each show is, for its error
        self.folded: set[int] = set()
        self.street = -1
        # Actions, and ("deal", street, seats), ("draw", seat) and ("show", seat) to fill in.
        self.items: list[str | tuple[Any, ...]] = []

    def read(self, in_order: list[tuple[int, Any]]) -> list[str]:
        names = _STUD_STREETS if self.game.stud else _DRAW_STREETS
        for index, round_ in in_order:
            where = f"rounds[{index}]"
            street = str(round_.get("street", ""))
            key = re.sub(r"[^a-z0-9]", "", street.lower())
            if key == "showdown":
                target = len(self.counts) - 1 if self.game.stud else self.street
            else:
                target = names.get(key, -1)
                check(target >= 0, f"{where}.street", f"{street!r} is not a street of this game")
                check(target > self.street, f"{where}.street", f"{street!r} comes too late")
            while self.street < target and len(self.folded) < len(self.dealt) - 1:
                self._next_street()  # a street the file skips (all in) is dealt all the same
            found = round_.get("actions", [])
            check(isinstance(found, list), f"{where}.actions", "expected a list")
            for number, action in enumerate(found):
                self._action(action, f"{where}.actions[{number}]")
        return self._written()

    def _next_street(self) -> None:
        self.street += 1
        self.state.round = [Fraction(0)] * len(self.state.round)
        if self.game.stud or self.street == 0:
            live = [seat for seat in range(len(self.dealt)) if seat not in self.folded]
            self.items.append(("deal", self.street, live))

    def _action(self, action: Any, where: str) -> None:
        check(isinstance(action, dict), where, "expected an object")
        kind = action.get("action")
        own = ("Dealt Cards", "Shows Cards", "Mucks Cards", *_DISCARDS, *_STANDS_PAT, *_BRING_IN)
        if kind not in own:
            self.items += _action(action, where, self.position, self.state)
            if kind == "Fold":
                self.folded.add(seat_of(self.position, action.get("player_id"), where))
            return
        seat = seat_of(self.position, action.get("player_id"), f"{where}.player_id")
        cards = _cards(action.get("cards") or [], f"{where}.cards", unseen=kind in _DISCARDS)
        player = f"p{seat + 1}"
        if kind in _BRING_IN:
            value = money(action.get("amount"), f"{where}.amount")
            self.state.put[seat] += value
            self.state.round[seat] += value
            self.state.bring_in = value
            self.items.append(f"{player} pb")
        elif kind in ("Shows Cards", "Mucks Cards"):
            # Cards mucked face up fill in the deal as shown ones do; the action stays a muck.
            if cards:
                self.shown[seat], self.shown_at[seat] = cards, f"{where}.cards"
            self.items.append(("show" if kind == "Shows Cards" else "muck", seat))
        elif kind == "Dealt Cards" and self.street == 1 and not self.game.stud:
            self._drawn(seat, cards, f"{where}.cards")
        elif kind == "Dealt Cards":
            check(self.street >= 0, where, "cards dealt before the first street")
            count = self.counts[self.street]
            # The street's new cards are the last ones listed; an opponent's unseen down
            # cards (listed first in the deal) stay unknown.
            new = cards[-count:]
            self.dealt[seat][self.street] = ["??"] * (count - len(new)) + new
        else:
            check(self.street == 1 and not self.game.stud, where, "a draw outside the draw")
            check(len(cards) <= 5, f"{where}.cards", "more than five cards")
            self.draws[seat] = (len(cards), cards, None)
            self.items.append(f"{player} sd {''.join(cards)}".rstrip())
            if cards:
                self.items.append(("draw", seat))

    def _drawn(self, seat: int, cards: list[str], where: str) -> None:
        """The cards a draw dealt: listed alone, or in the whole hand after the draw."""
        drawn = self.draws[seat]
        check(drawn is not None, where, "cards drawn before the player's discard")
        assert drawn is not None
        count, thrown, _ = drawn
        if len(cards) == 5 and count < 5:
            kept = [c for c in self.dealt[seat][0] or [] if c != "??" and c not in thrown]
            cards = [card for card in cards if card not in kept]
        if count or cards:
            check(len(cards) == count, where, f"{len(cards)} cards drawn for {count} discarded")
            self.draws[seat] = (count, thrown, cards)

    def _hand(self, seat: int) -> list[str]:
        """The seat's cards in deal order, unseen ones filled from the cards it showed."""
        streets = [s for s in range(len(self.counts)) if self._dealt_on(seat, s)]
        cards: list[str] = []
        for street in streets:
            cards += self.dealt[seat][street] or ["??"] * self.counts[street]
        shown = self.shown[seat]
        drew = self.draws[seat]
        if shown and not self.game.stud and drew is not None and drew[0]:
            return cards  # the cards shown are the hand after the draw
        if shown:
            unplaced = [card for card in shown if card not in cards]
            missing = [card for card in cards if card != "??" and card not in shown]
            fits = not missing and len(set(shown)) == len(shown) == len(cards)
            check(fits, self.shown_at[seat], f"shows {''.join(shown)}, was dealt {''.join(cards)}")
            cards = [unplaced.pop(0) if card == "??" else card for card in cards]
        return cards

    def _dealt_on(self, seat: int, street: int) -> bool:
        return any(
            item[0] == "deal" and item[1] == street and seat in item[2]
            for item in self.items
            if isinstance(item, tuple)
        )

    def _written(self) -> list[str]:
        hands = [self._hand(seat) for seat in range(len(self.dealt))]
        actions = []
        for item in self.items:
            if isinstance(item, str):
                actions.append(item)
                continue
            if item[0] == "deal":
                _, street, live = item
                start, count = sum(self.counts[:street]), self.counts[street]
                for seat in live:
                    dealt = "".join(hands[seat][start : start + count])
                    actions.append(f"d dh p{seat + 1} {dealt}")
            elif item[0] == "draw":
                count, _, drawn = self.draws[item[1]] or (0, [], None)
                actions.append(f"d dh p{item[1] + 1} {''.join(drawn or ['??'] * count)}")
            else:
                seat = item[1]
                shown = hands[seat] if self.game.stud else self.shown[seat]
                cards = "".join(shown or []) if item[0] == "show" else ""
                actions.append(f"p{seat + 1} sm {cards}".rstrip())
        return actions
