"""Validate an equity question and turn it into kernel inputs.

Every check that protects the kernels lives here: the same card twice
anywhere, a board of the wrong size, a range that card removal empties, more
cards than the deck holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..cards import CardsLike, as_card_array, format_card, format_cards
from ..cards.ranges import HandRange
from ..errors import InputError
from .games import Game, Player, get_game, parse_players
from .sampling.draw_rule import MOST_DRAWN

#: The error of a spot whose every fitting joint holding weighs nothing as a float.
NO_WEIGHT_LEFT = (
    "players: no deal has any weight: a joint holding whose hands fit together weighs the "
    "product of its combos' weights, and here every such product is below the smallest "
    "float (about 1e-308); bring the weights of the combos that fit closer to 1"
)


@dataclass
class Spot:
    """A validated spot: game, players after card removal, board, dead cards."""

    game: Game
    players: list[Player]
    board: NDArray[np.uint8]
    dead: NDArray[np.uint8]
    #: Cards that can still be dealt (not dead, not on the board, not held for sure).
    deck: NDArray[np.uint8] = field(default_factory=lambda: np.zeros(0, np.uint8))
    #: Things computed from the spot and kept with it (the sampler's inputs...):
    #: a spot is never changed once built, and :func:`cached_spot` shares it.
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def board_missing(self) -> int:
        return self.game.board_size - self.board.size

    @property
    def labels(self) -> list[str]:
        """Each player's holding as canonical text."""
        return [player.text for player in self.players]

    @property
    def board_text(self) -> str:
        """The known board as canonical text (worked out once)."""
        if "board_text" not in self.derived:
            self.derived["board_text"] = format_cards(self.board)
        return str(self.derived["board_text"])

    @property
    def dead_text(self) -> str:
        """The dead cards as canonical text (worked out once)."""
        if "dead_text" not in self.derived:
            self.derived["dead_text"] = format_cards(self.dead)
        return str(self.derived["dead_text"])

    @property
    def all_fixed(self) -> bool:
        """Every player holds one known hand (worked out once)."""
        if "all_fixed" not in self.derived:
            self.derived["all_fixed"] = all(self.is_fixed(i) for i in range(self.n_players))
        return bool(self.derived["all_fixed"])

    @property
    def drawing_players(self) -> list[int]:
        """Players dealt five unknown cards that draw (draw's ``random``)."""
        return [index for index, player in enumerate(self.players) if player.drawing]

    def is_fixed(self, index: int) -> bool:
        """Player holds one known hand (no range, nothing random)."""
        player = self.players[index]
        if player.hand_range is None:
            return True
        return not player.hand_range.is_random and len(player.hand_range) == 1


def _cards(value: CardsLike | None, name: str) -> NDArray[np.uint8]:
    """Validated card codes; ``None`` and blank text mean no cards."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return np.zeros(0, np.uint8)
    # A copy: the spot keeps it (read-only), never the caller's own array.
    return as_card_array(value, name=name).ravel().copy()


def cached_spot(
    players: object, board: CardsLike | None, dead: CardsLike | None, game: str
) -> Spot:
    """:func:`build_spot`, remembered for text inputs so repeated calls parse nothing.

    Spots built from arrays (unhashable) are built afresh each time.
    """
    key = (
        tuple(players) if isinstance(players, (list, tuple)) else players,
        board,
        dead,
        game,
    )
    try:
        hash(key)
    except TypeError:
        return build_spot(players, board, dead, game)
    return _remembered_spot(key)


@lru_cache(maxsize=256)
def _remembered_spot(key: tuple[Any, Any, Any, Any]) -> Spot:
    players, board, dead, game = key
    return build_spot(list(players) if isinstance(players, tuple) else players, board, dead, game)


def build_spot(players: object, board: CardsLike | None, dead: CardsLike | None, game: str) -> Spot:
    """Parse and check everything; raise ``ValueError`` naming the bad input."""
    rules = get_game(game)
    if isinstance(players, (str, bytes)) or not hasattr(players, "__len__"):
        raise ValueError("players: expected a list of hands or ranges, e.g. ['AsKs', 'QQ+']")
    player_list = list(players)  # type: ignore[call-overload]
    if len(player_list) < 2:
        raise ValueError(f"players: need at least 2 players, got {len(player_list)}")
    board_cards = _cards(board, "board")
    dead_cards = _cards(dead, "dead")
    if rules.kind == "board":
        if board_cards.size not in (0, 3, 4, 5):
            raise InputError(
                f"{rules.name} boards have 0, 3, 4 or 5 cards, got {board_cards.size}",
                parameter="board",
            )
    elif board_cards.size and rules.kind == "draw":
        raise InputError(
            "draw has no board; give each player's five cards as their hand "
            "(HAND/DISCARDS for a player who draws) and cards out of play as dead",
            parameter="board",
        )
    elif board_cards.size:
        raise InputError(
            f"{rules.name} has no board; put each player's up cards in their hand "
            "and folded players' cards in dead",
            parameter="board",
        )
    parsed = parse_players(rules, player_list)
    _check_no_card_twice(parsed, board_cards, dead_cards)
    # A short deck: no card below its lowest rank may be named; ranges lose such combos.
    outside = np.arange(4 * rules.lowest_rank, dtype=np.uint8)
    if outside.size:
        _check_in_deck(rules, parsed, board_cards, dead_cards)

    # Card removal: board, dead cards, draw discards and every other player's known cards.
    for index, player in enumerate(parsed):
        if player.hand_range is None:
            continue
        if outside.size:
            player.hand_range = _in_deck(rules, player.hand_range, index)
        removed = [board_cards, dead_cards]
        removed += [other.fixed_cards for j, other in enumerate(parsed) if j != index]
        removed_cards = np.concatenate(removed)
        if removed_cards.size:
            player.hand_range = player.hand_range.remove(
                removed_cards, name="board, dead and other hands"
            )
        player.hand_range = relative_weights(player.hand_range)

    spot = Spot(rules, parsed, board_cards, dead_cards)
    taken = np.zeros(52, bool)
    for cards in [
        outside,
        board_cards,
        dead_cards,
        *(p.fixed_cards for p in parsed),
        *(p.discards for p in parsed if p.discards is not None),
    ]:
        taken[cards] = True
    spot.deck = np.flatnonzero(~taken).astype(np.uint8)
    _check_deck_is_big_enough(spot)
    for array in (spot.board, spot.dead, spot.deck):
        array.flags.writeable = False  # shared by every call that asks for this spot
    return spot


def relative_weights(hand_range: HandRange) -> HandRange:
    """``hand_range`` with its weights scaled so the largest is 1.

    Weights are relative: scaling all of a range's weights changes no
    equity, but tiny ones (``AA:1e-200``) would make every joint weight, a
    product over the players, vanish below the smallest float and leave
    nothing to divide by. Scaled, equal weights become 1 (the range counts
    deals, in integers) and unequal ones keep their ratios.

    Examples
    --------
    >>> from showdown.cards import parse_range
    >>> scaled = relative_weights(parse_range("AA:1e-300, KK:5e-301"))
    >>> scaled.weights[[0, -1]].tolist()  # combos ascending: a KK combo, then an AA one
    [0.5, 1.0]
    """
    if hand_range.is_random:
        return hand_range
    weights = hand_range.weights
    largest = float(weights.max())
    if largest == 1.0:
        return hand_range
    # A division (never a product with 1 / largest, which overflows for a subnormal
    # largest weight); correctly rounded, so the largest becomes exactly 1.
    scaled = weights / largest
    scaled.flags.writeable = False
    return HandRange(
        hand_range.combos,
        scaled,
        text=hand_range.text,
        hole_size=hand_range.hole_size,
        dead_mask=hand_range.dead_mask,
        name=hand_range.name,
    )


def _check_no_card_twice(
    players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8]
) -> None:
    owner: dict[int, str] = {}
    places = [("the board", board), ("dead", dead)]
    for index, player in enumerate(players):
        places.append((f"player {index + 1}", player.fixed_cards))
        if player.discards is not None and player.discards.size:
            places.append((f"player {index + 1}'s discards", player.discards))
    for place, cards in places:
        for card in cards.tolist():
            if card in owner:
                where = owner[card] if owner[card] == place else f"{owner[card]} and {place}"
                raise ValueError(f"card {format_card(card)} appears twice ({where})")
            owner[card] = place


def _check_in_deck(
    game: Game, players: list[Player], board: NDArray[np.uint8], dead: NDArray[np.uint8]
) -> None:
    """A named card below the deck's lowest rank (a five in short deck) is an error naming it."""
    lowest = 4 * game.lowest_rank
    places = [("board", board), ("dead", dead)]
    places += [(f"player {index + 1}", player.fixed_cards) for index, player in enumerate(players)]
    for place, cards in places:
        for card in cards.tolist():
            if card < lowest:
                raise InputError(
                    f"{format_card(card)} is not in the deck of {game.name} "
                    f"({52 - lowest} cards, {format_card(lowest)[0]} to ace)",
                    parameter=place,
                )


def _in_deck(game: Game, hand_range: HandRange, index: int) -> HandRange:
    """A short deck's range without the combos of cards below its lowest rank (``22+``
    reads as ``66+``); a range with no combo left is an error naming the player."""
    lowest = 4 * game.lowest_rank
    try:
        return hand_range.remove(np.arange(lowest, dtype=np.uint8))
    except ValueError:
        raise InputError(
            f"no hand of {hand_range.text!r} is in the deck of {game.name} "
            f"({52 - lowest} cards, {format_card(lowest)[0]} to ace)",
            parameter=f"player {index + 1}",
        ) from None


def _check_deck_is_big_enough(spot: Spot) -> None:
    needed = spot.board_missing
    for index, player in enumerate(spot.players):
        if player.hand_range is not None and not spot.is_fixed(index):
            needed += spot.game.hole_size
        needed += player.need
        if player.drawing:  # and their replacements, at most the rule's largest draw
            needed += MOST_DRAWN
    if needed > spot.deck.size:
        raise ValueError(
            f"players: {spot.n_players} players need {needed} more cards but only "
            f"{spot.deck.size} are left in the deck"
        )


def count_deals(spot: Spot) -> int:
    """Deals per joint holding: board completions, or the ways to deal stud/draw cards."""
    if spot.game.kind == "board":
        held = sum(spot.game.hole_size for _ in spot.players)
        fixed_held = sum(p.fixed_cards.size for p in spot.players)
        live = spot.deck.size - (held - fixed_held)
        return math.comb(live, spot.board_missing)
    ways = 1
    left = spot.deck.size
    for player in spot.players:
        ways *= math.comb(left, player.need)
        left -= player.need
    return ways
