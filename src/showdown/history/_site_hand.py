"""A hand read from a site's text, turned into the PHH model (:class:`HandHistory`).

:mod:`showdown.history.pokerstars` reads a hand's lines into a :class:`HandReading`
(the seated players and what happened, in order); :func:`build_history` puts the
players in PHH position order, writes the forced bets, the deals and the actions,
checks the chips against the summary and gives the :class:`HandHistory`.
:func:`model_amount` and :func:`phh_amount` write exact amounts as the model
keeps them (the Open Hand History reader uses them too).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from showdown.simulator.phh import HandHistory
from showdown.simulator.rules import VARIANTS_BY_PHH_CODE

__all__ = [
    "STUD_DEAL",
    "HandReading",
    "Player",
    "PokerStarsError",
    "build_history",
    "model_amount",
    "phh_amount",
]

#: Cards a stud street deals each player (two down and one up, then one at a time).
STUD_DEAL = {"3rd STREET": 3, "4th STREET": 1, "5th STREET": 1, "6th STREET": 1, "7th STREET": 1}

Number = int | float


class PokerStarsError(ValueError):
    """A PokerStars hand that cannot be read; ``hand`` is its number when known."""

    def __init__(self, message: str, hand: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand


def model_amount(value: Fraction) -> Number:
    """An exact amount as the PHH model keeps it: ``int`` when whole, else its decimal."""
    if value.denominator == 1:
        return int(value)
    # The nearest float, whose shortest form is the decimal of the file (cents, or any
    # amount of up to 15 significant digits).
    return float(value)


def phh_amount(value: Fraction) -> str:
    """An exact amount as a ``cbr`` token: ``300``, ``12.5``."""
    return str(model_amount(value))


@dataclass
class Player:
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


class HandReading:
    """The state of one hand while its lines are read."""

    def __init__(self, lines: list[str], name: str) -> None:
        self.lines = lines
        self.name = name
        self.line = 0
        self.number: int | None = None
        self.seated: list[Player] = []
        self.by_name: dict[str, Player] = {}
        # What happened, in order: ("act", (player, verb, amount)), ("board", cards),
        # ("dealt", (player, card groups)), ("show", player), ("muck", player)...
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


def build_history(
    hand: HandReading, variant: str, small: Fraction, big: Fraction, button: int | None, stud: bool
) -> HandHistory:
    in_hand = {id(value[0]) for kind, value in hand.events
               if kind in ("act", "dealt", "dead", "discard")}  # fmt: skip
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
    game = VARIANTS_BY_PHH_CODE[variant]
    fixed = game.betting == "fixed"
    blinds = [p.blind for p in players]
    antes = [p.ante for p in players]
    for kind, value in hand.events:
        if kind == "dead":
            player, dead = value
            antes[position[id(player)]] += dead
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
    if len(players) == 2 and game.blinds and not game.button_blind:
        # The PHH reader's heads-up order (a draw game's blinds are written as posted).
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
    hand: HandReading, players: list[Player], position: dict[int, int], variant: str, stud: bool
) -> list[str]:
    """The PHH actions: deals, board cards, betting, draws and shows, in the file's order."""
    game = VARIANTS_BY_PHH_CODE[variant]
    draw = game.has_draw
    width = game.streets[0].down  # cards dealt before the first round (not stud: by street)
    dealt: dict[int, list[list[str]]] = {}
    drawn: dict[int, int] = {}  # cards each player drew (a draw game)
    for kind, value in hand.events:
        if kind == "dealt":
            player, groups = value
            dealt.setdefault(id(player), []).append(groups[-1])
        elif kind == "discard":
            drawn[id(value[0])] = value[1]
    actions: list[str] = []
    live = {id(p) for p in players}
    street_count = 0
    pending_deal = not stud

    def label(player: Player) -> str:
        return f"p{position[id(player)] + 1}"

    def known(player: Player, count: int, start: int) -> list[str]:
        cards = player.known or []
        return cards[start : start + count] if len(cards) >= start + count else []

    def deal_all(count: int, start: int) -> None:
        for player in players:
            if id(player) not in live:
                continue
            cards = known(player, count, start)
            if draw:
                # The cards shown at the end were dealt at the start only if he kept them all.
                seen = dealt.get(id(player), [])
                first = seen[0] if seen and len(seen[0]) == count else []
                cards = first or (cards if not drawn.get(id(player)) else [])
                cards = cards or ["??"] * count
            elif not cards:
                # The cards the file deals him this street (for others: stud up cards).
                seen = dealt.get(id(player), [])
                group = seen[street_count] if street_count < len(seen) else []
                if stud:
                    cards = ["??"] * (count - len(group[-count:])) + group[-count:]
                elif len(group) == count:
                    cards = group
                else:
                    cards = ["??"] * count
            actions.append(f"d dh {label(player)} {''.join(cards)}")

    stud_start = 0
    for kind, value in hand.events:
        if kind == "street":
            if stud and value in STUD_DEAL:
                count = STUD_DEAL[str(value)]
                deal_all(count, stud_start)
                stud_start += count
                street_count += 1
            continue
        if pending_deal and kind in ("act", "board", "show", "muck", "discard"):
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
        elif kind == "discard":
            player, count, thrown = value
            if id(player) not in position:
                raise hand.fail("discard", f"{player.name} draws but was not dealt in")
            where = label(player)
            actions.append(f"{where} sd {''.join(thrown or ['??'] * count)}".rstrip())
            if count:
                # The hero's new cards: the last group of his second "Dealt to" line.
                seen = dealt.get(id(player), [])
                new = seen[1] if len(seen) > 1 and len(seen[1]) == count else ["??"] * count
                actions.append(f"d dh {where} {''.join(new)}")
        elif kind in ("show", "muck"):
            player = value
            assert isinstance(player, Player)
            cards = "".join(player.known or []) if kind == "show" else ""
            actions.append(f"{label(player)} sm {cards}".rstrip())
    if pending_deal:
        deal_all(width, 0)
    return actions


def _check_chips(hand: HandReading, players: list[Player]) -> None:
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
