"""The games the equity engine knows and how each reads its players' cards.

A game says how many hole cards a player holds, whether there is a board,
how a final hand is made (best five of own cards plus board, or Omaha's two
plus three) and whether the pot is split with an 8-or-better low.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..cards import as_card_array, format_cards, parse_cards
from ..cards.ranges import RANDOM_WORDS, HandRange, parse_hand_or_range

MODE_BEST_FIVE = 0  # hold'em, stud, draw: best five of own cards plus board
MODE_OMAHA = 1  # exactly two own cards and three board cards


@dataclass(frozen=True)
class Game:
    """How one game deals and scores.

    Attributes
    ----------
    name
        Canonical name (``"omaha-hilo"``).
    kind
        ``"board"`` (hold'em, Omaha), ``"stud"`` or ``"draw"``.
    hole_size
        Hole cards per player in board games; final hand size otherwise.
    mode
        Evaluation: best five of own cards plus board, or Omaha's 2 + 3.
    hilo
        Pot split with the best 8-or-better low.
    """

    name: str
    kind: str
    hole_size: int
    mode: int
    hilo: bool
    description: str

    @property
    def board_size(self) -> int:
        """Cards on a complete board (0 for stud and draw)."""
        return 5 if self.kind == "board" else 0


GAMES: dict[str, Game] = {
    game.name: game
    for game in [
        Game("holdem", "board", 2, MODE_BEST_FIVE, False, "Texas hold'em"),
        Game("omaha", "board", 4, MODE_OMAHA, False, "Omaha, 4 hole cards"),
        Game("omaha5", "board", 5, MODE_OMAHA, False, "Omaha, 5 hole cards"),
        Game("omaha6", "board", 6, MODE_OMAHA, False, "Omaha, 6 hole cards"),
        Game("omaha-hilo", "board", 4, MODE_OMAHA, True, "Omaha hi-lo 8 or better"),
        Game("omaha5-hilo", "board", 5, MODE_OMAHA, True, "5-card Omaha hi-lo 8 or better"),
        Game("omaha6-hilo", "board", 6, MODE_OMAHA, True, "6-card Omaha hi-lo 8 or better"),
        Game("stud", "stud", 7, MODE_BEST_FIVE, False, "7-card stud"),
        Game("stud-hilo", "stud", 7, MODE_BEST_FIVE, True, "7-card stud hi-lo 8 or better"),
        Game("draw", "draw", 5, MODE_BEST_FIVE, False, "5-card draw, one draw"),
    ]
}

ALIASES = {
    "hold'em": "holdem",
    "texas": "holdem",
    "nlhe": "holdem",
    "he": "holdem",
    "plo": "omaha",
    "omaha4": "omaha",
    "plo5": "omaha5",
    "plo6": "omaha6",
    "omaha8": "omaha-hilo",
    "omaha-8": "omaha-hilo",
    "omaha-hi-lo": "omaha-hilo",
    "plo8": "omaha-hilo",
    "omaha4-hilo": "omaha-hilo",
    "stud8": "stud-hilo",
    "stud-8": "stud-hilo",
    "stud-hi-lo": "stud-hilo",
    "5-card-draw": "draw",
    "five-card-draw": "draw",
}


def get_game(name: str) -> Game:
    """Look a game up by name or alias (case-insensitive).

    Examples
    --------
    >>> get_game("PLO8").name
    'omaha-hilo'
    """
    if not isinstance(name, str):
        raise ValueError(f"game: expected a game name, got {name!r}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in GAMES:
        known = ", ".join(GAMES)
        raise ValueError(f"game: unknown game {name!r}; known games: {known}")
    return GAMES[key]


@dataclass
class Player:
    """One player's holding as the engine needs it.

    Board games use ``hand_range`` (a specific hand is a one-combo range;
    ``random`` is dealt freely). Stud and draw use ``known`` cards plus
    ``need`` cards still to come; draw's ``discards`` become dead cards.
    ``text`` is the holding in canonical form (``TsTh``, ``QQ+``, ``AKs:0.5``).
    """

    text: str
    hand_range: HandRange | None = None
    known: NDArray[np.uint8] | None = None
    need: int = 0
    discards: NDArray[np.uint8] | None = None

    @property
    def fixed_cards(self) -> NDArray[np.uint8]:
        """Cards this player certainly holds (a one-combo range, or known cards)."""
        if self.hand_range is not None:
            if not self.hand_range.is_random and len(self.hand_range) == 1:
                return self.hand_range.combos[0]
            return np.zeros(0, np.uint8)
        assert self.known is not None
        return self.known


#: Stud and draw: nothing known (ranges accept the same words, and "" or "??" here).
_RANDOM_WORDS = {*RANDOM_WORDS, "??", ""}
_DRAW_SPLIT = re.compile(r"\s*/\s*")
_WHITESPACE = re.compile(r"\s+")
_COMBO = re.compile(r"(?:10|[2-9tjqka])[cdhs♣♦♥♠♧♢♡♤](?:10|[2-9tjqka])[cdhs♣♦♥♠♧♢♡♤]", re.I)
_SUFFIX = re.compile(r"([2-9TJQKA]{2})([SO])")


def canonical_range_text(text: str) -> str:
    """A hold'em range as canonical text: ``"qq+,10s10h, ako:0.5"`` -> ``"QQ+, TsTh, AKo:0.5"``.

    Ranks upper case (``T`` for ten), suits and the ``s``/``o`` suffix lower
    case, items separated by ``", "``; what each item means is unchanged.

    Examples
    --------
    >>> canonical_range_text("qq+,10s10h, a2s+ , kto:0.5")
    'QQ+, TsTh, A2s+, KTo:0.5'
    """
    items = []
    for item in _WHITESPACE.sub("", text).split(","):
        body, colon, weight = item.partition(":")
        if body.lower() in RANDOM_WORDS:
            body = "random"
        elif _COMBO.fullmatch(body):
            body = format_cards(parse_cards(body))
        else:
            body = _SUFFIX.sub(lambda match: match[1] + match[2].lower(), body.upper())
            body = body.replace("10", "T")
        items.append(body + colon + weight)
    return ", ".join(items)


def _board_label(text: str, hand_range: HandRange, hole_size: int) -> str:
    """Canonical text of a board-game holding (a hand, ``random`` or a hold'em range)."""
    if hand_range.is_random and _WHITESPACE.sub("", text).lower() in RANDOM_WORDS:
        return "random"
    if hole_size == 2:
        return canonical_range_text(text)
    return format_cards(parse_cards(text))


def _label(index: int) -> str:
    return f"player {index + 1}"


def parse_players(game: Game, players: list[object]) -> list[Player]:
    """Parse every player's text (or card array) for ``game``; no card removal yet."""
    parsed = []
    for index, holding in enumerate(players):
        name = _label(index)
        if isinstance(holding, HandRange):
            if game.kind != "board" or holding.hole_size != game.hole_size:
                raise ValueError(
                    f"{name}: a {holding.hole_size}-card range does not fit {game.name}"
                )
            label = _board_label(holding.text, holding, holding.hole_size)
            parsed.append(Player(label, hand_range=holding))
            continue
        if not isinstance(holding, str):
            cards = as_card_array(holding, name=name)  # type: ignore[arg-type]
            holding = format_cards(cards.ravel())
        text = holding.strip()
        if game.kind == "board":
            hand_range = parse_hand_or_range(text, game.hole_size, name=name)
            label = _board_label(text, hand_range, game.hole_size)
            parsed.append(Player(label, hand_range=hand_range))
        elif text.lower() in _RANDOM_WORDS:
            # Nothing known: every card is dealt (5-card draw: a pat hand of five).
            size = game.hole_size
            parsed.append(Player("random", known=np.zeros(0, np.uint8), need=size))
        elif game.kind == "stud":
            known = parse_cards(text, name=name)
            if known.size > 7:
                raise ValueError(
                    f"{name}: a stud hand has at most 7 cards, got {known.size} in {text!r}"
                )
            parsed.append(Player(format_cards(known), known=known, need=7 - known.size))
        else:
            parsed.append(_parse_draw(text, name))
    return parsed


def _parse_draw(text: str, name: str) -> Player:
    """``"AsKsQsJs2c"`` (final hand) or ``"AsKsQsJs2c/2c"`` (hand / cards it throws away)."""
    parts = _DRAW_SPLIT.split(text)
    if len(parts) > 2:
        raise ValueError(
            f"{name}: expected HAND, HAND/DISCARDS or random for a draw player, got {text!r}"
        )
    try:
        hand = parse_cards(parts[0], name=name)
    except ValueError as error:
        raise ValueError(
            f"{error}; a draw player is a five-card hand, HAND/DISCARDS or random"
        ) from None
    if hand.size != 5:
        raise ValueError(f"{name}: a draw hand has 5 cards, got {hand.size} in {text!r}")
    if len(parts) == 1:
        return Player(format_cards(hand), known=hand, need=0, discards=np.zeros(0, np.uint8))
    discards = parse_cards(parts[1], name=f"{name} discards")
    stray = [card for card in discards.tolist() if card not in hand.tolist()]
    if stray:
        raise ValueError(
            f"{name}: discard {format_cards(stray)} is not in the hand {format_cards(hand)}"
        )
    kept = np.array([card for card in hand.tolist() if card not in discards.tolist()], np.uint8)
    label = f"{format_cards(hand)}/{format_cards(discards)}"
    return Player(label, known=kept, need=int(discards.size), discards=discards)
