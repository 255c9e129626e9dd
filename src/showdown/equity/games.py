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
from ..cards.range_notation import format_range
from ..cards.ranges import HandRange, is_random_text, parse_hand_or_range, parse_range
from ..games import HAND_TYPES, hand_type

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
    lowest_rank
        Rank code of the deck's lowest card: 0 for the 52-card deck, 4 for short
        deck (six to ace), whose hands also rank by short-deck rules.
    """

    name: str
    kind: str
    hole_size: int
    mode: int
    hilo: bool
    description: str
    lowest_rank: int = 0

    @property
    def omaha(self) -> bool:
        """True for the Omaha games (exactly two hole cards and three board cards).

        The one way to ask it: kernels take :attr:`mode`, Python asks this.

        Examples
        --------
        >>> get_game("plo8").omaha, get_game("holdem").omaha, get_game("stud").omaha
        (True, False, False)
        """
        return self.mode == MODE_OMAHA

    @property
    def board_size(self) -> int:
        """Cards on a complete board (0 for stud and draw)."""
        return 5 if self.kind == "board" else 0


GAMES: dict[str, Game] = {
    hand.name: Game(
        hand.name,
        hand.kind,
        hand.cards,
        MODE_OMAHA if hand.omaha else MODE_BEST_FIVE,
        hand.hilo,
        hand.title,
        hand.lowest_rank,
    )
    for hand in HAND_TYPES.values()
}
"""Every game by canonical name; names and aliases live in :mod:`showdown.games`."""


def get_game(name: str) -> Game:
    """Look a game up by any name of :mod:`showdown.games` (case-insensitive).

    A name with a betting structure reads as its hand type: equity does not
    depend on the betting (``plo8`` and ``flo8`` are both Omaha hi-lo).

    Examples
    --------
    >>> get_game("PLO8").name, get_game("nlhe").name, get_game("Stud Hi-Lo").name
    ('omaha-hilo', 'holdem', 'stud-hilo')
    """
    return GAMES[hand_type(name).name]


@dataclass
class Player:
    """One player's holding as the engine needs it.

    Board games use ``hand_range`` (a specific hand is a one-combo range;
    ``random`` is dealt freely). Stud and draw use ``known`` cards plus
    ``need`` cards still to come (a stud player's unseen down cards among
    them); draw's ``discards`` become dead cards. A ``drawing`` player (draw's
    ``random``) is dealt five cards that draw by :mod:`showdown.equity.sampling.draw_rule`'s
    rule: ``need`` is 5 and the replacements come on top.
    ``text`` is the holding in canonical form (``TsTh``, ``QQ+``, ``AKs:0.5``).
    """

    text: str
    hand_range: HandRange | None = None
    known: NDArray[np.uint8] | None = None
    need: int = 0
    discards: NDArray[np.uint8] | None = None
    drawing: bool = False

    @property
    def fixed_cards(self) -> NDArray[np.uint8]:
        """Cards this player certainly holds (a one-combo range, or known cards)."""
        if self.hand_range is not None:
            if not self.hand_range.is_random and len(self.hand_range) == 1:
                return self.hand_range.combos[0]
            return np.zeros(0, np.uint8)
        assert self.known is not None
        return self.known


_DRAW_SPLIT = re.compile(r"\s*/\s*")
#: A draw player who is five unknown cards that stand pat (``random/pat``).
_PAT_RANDOM = re.compile(r"\s*(?:random|any|\*|\?\?)\s*/\s*pat\s*", re.IGNORECASE)
#: Stud: a known hand's pieces, ``?`` (an unseen card) or a run of card text.
_STUD_PIECES = re.compile(r"\?|[^?]+")
#: Stud: the positions in deal order of the down cards (two, then the seventh).
STUD_DOWN_CARDS = (1, 2, 7)


def canonical_range_text(text: str) -> str:
    """A hold'em range as canonical, valid range text (the shortest usual notation).

    Ranks upper case (``T`` for ten), suits and the ``s``/``o`` suffix lower
    case, items separated by ``", "``; the combos and weights are unchanged,
    so the text parses back to the same range.

    Examples
    --------
    >>> canonical_range_text("qq+,10s10h, a2s+ , kto:0.5")
    'QQ+, TsTh, A2s+, KTo:0.5'
    >>> canonical_range_text("22 33 44"), canonical_range_text("any")
    ('44-', 'random')
    """
    return _range_label(parse_range(text))


def _range_label(hand_range: HandRange) -> str:
    """Canonical text of a board-game holding: ``random``, a hand, or a hold'em range."""
    if hand_range.is_random:
        return "random"
    if hand_range.hole_size == 2:
        return format_range(hand_range.combos, hand_range.weights)
    if len(hand_range) > 1:
        return " ".join(hand_range.text.split())  # an Omaha range, as typed
    try:
        # An Omaha hand in the order typed (hands are read in deal order), canonical cards.
        return format_cards(parse_cards(hand_range.text))
    except ValueError:
        return format_cards(hand_range.combos[0][::-1])


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
            parsed.append(Player(_range_label(holding), hand_range=holding))
            continue
        if not isinstance(holding, str):
            cards = as_card_array(holding, name=name)  # type: ignore[arg-type]
            holding = format_cards(cards.ravel())
        text = holding.strip()
        if game.kind == "board":
            hand_range = parse_hand_or_range(text, game.hole_size, name=name, game=game.name)
            parsed.append(Player(_range_label(hand_range), hand_range=hand_range))
        elif not text or is_random_text(text):
            # Nothing known ("" is no known card; a random word the same): every card is
            # dealt. In draw, five cards that then draw (see showdown.equity.sampling.drawing).
            size = game.hole_size
            drawing = game.kind == "draw"
            player = Player("random", known=np.zeros(0, np.uint8), need=size, drawing=drawing)
            parsed.append(player)
        elif game.kind == "draw" and _PAT_RANDOM.fullmatch(text):
            parsed.append(Player("random/pat", known=np.zeros(0, np.uint8), need=5))
        elif game.kind == "stud":
            parsed.append(_parse_stud(text, name))
        else:
            parsed.append(_parse_draw(text, name))
    return parsed


def _parse_stud(text: str, name: str) -> Player:
    """Known stud cards in deal order; ``?`` is a down card dealt but not seen (``??Kd``)."""
    pieces: list[str | NDArray[np.uint8]] = []
    for piece in _STUD_PIECES.findall(text):
        if piece == "?":
            pieces.append(piece)
        elif piece.strip():
            pieces.append(parse_cards(piece, name=name))
    count = sum(1 if isinstance(piece, str) else piece.size for piece in pieces)
    if count > 7:
        raise ValueError(f"{name}: a stud hand has at most 7 cards, got {count} in {text!r}")
    position = 0
    for piece in pieces:
        if isinstance(piece, str):
            position += 1
            if position not in STUD_DOWN_CARDS:
                raise ValueError(
                    f"{name}: '?' marks an unseen down card (cards 1, 2 and 7 in deal "
                    f"order), but card {position} of {text!r} is an up card, which is seen"
                )
        else:
            position += piece.size
    cards = [piece for piece in pieces if not isinstance(piece, str)]
    known = np.concatenate(cards) if cards else np.zeros(0, np.uint8)
    if known.size != np.unique(known).size:
        parse_cards(format_cards(known), name=name)  # raises, naming the repeated card
    label = "".join("?" if isinstance(piece, str) else format_cards(piece) for piece in pieces)
    # Unseen down cards are dealt from the deck like the cards still to come.
    return Player(label, known=known, need=7 - known.size)


def _parse_draw(text: str, name: str) -> Player:
    """``"AsKsQsJs2c"`` (final hand) or ``"AsKsQsJs2c/2c"`` (hand / cards it throws away)."""
    parts = _DRAW_SPLIT.split(text)
    if len(parts) > 2:
        raise ValueError(
            f"{name}: expected HAND, HAND/DISCARDS, random or random/pat for a draw player, "
            f"got {text!r}"
        )
    try:
        hand = parse_cards(parts[0], name=name)
    except ValueError as error:
        raise ValueError(
            f"{error}; a draw player is a five-card hand, HAND/DISCARDS, random (five unknown "
            "cards that draw) or random/pat (five unknown cards, no draw)"
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
