"""Poker variants as data: streets, forced bets, betting structure and showdown hands.

A :class:`Variant` says *how* a game is played (which cards go where on each
street, who opens the betting, how bets are sized, which hands win at the
showdown); a :class:`Stakes` object says *for how much* (blinds, antes,
bring-in, bet sizes). The built-in variants are built from the game registry
(:mod:`showdown.games`: a hand type at a betting structure); adding a variant
means adding data, not a code path in the state machine.

Examples
--------
>>> from showdown.simulator.rules import GAMES, Stakes
>>> GAMES["flhe"].betting, GAMES["flhe"].raise_cap
('fixed', 3)
>>> [street.name for street in GAMES["stud"].streets]
['third', 'fourth', 'fifth', 'sixth', 'seventh']
>>> Stakes.blinds(1, 2).small_bet, Stakes.blinds(1, 2).big_bet
(2, 4)
"""

from __future__ import annotations

import dataclasses
import warnings
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from ..games import HAND_TYPES, PLAY_GAMES, PlayGame, play_game

Betting = Literal["fixed", "pot", "no"]
"""Betting structure: fixed limit, pot limit or no limit."""

HandKind = Literal["high", "low8", "omaha_high", "omaha_low8", "shortdeck_high"]
"""How a showdown hand is ranked: best five of all cards (``high``), 8-or-better
low from all cards (``low8``), Omaha's exactly two hole + three board cards, or
best five of all cards by short-deck rules (``shortdeck_high``: a flush beats a
full house, A-6-7-8-9 is the lowest straight)."""

#: The hand kinds valued by Omaha's rule: hole cards and board kept apart (two plus three).
OMAHA_KINDS: frozenset[str] = frozenset({"omaha_high", "omaha_low8"})

Opener = Literal["blinds", "button", "bring_in", "high_showing"]
"""Who opens a betting round: left of the largest blind, left of the button,
the stud bring-in (lowest door card), or the highest showing stud hand."""


@dataclass(frozen=True, slots=True)
class Street:
    """One street: the cards dealt, an optional draw, then (usually) a betting round.

    Parameters
    ----------
    name
        Street name used in views and errors (``"flop"``, ``"fourth"``).
    down
        Face-down cards dealt to each live player (dealt before ``up``).
    up
        Face-up cards dealt to each live player (stud door/up cards).
    board
        Community cards dealt face up to the board.
    draw
        Players discard 0..5 cards and draw replacements before the betting.
    big_bet
        Fixed limit: bets and raises are the big bet on this street.
    opener
        Who opens the betting round on this street.
    betting
        Whether a betting round follows the dealing.
    """

    name: str
    down: int = 0
    up: int = 0
    board: int = 0
    draw: bool = False
    big_bet: bool = False
    opener: Opener = "button"
    betting: bool = True


@dataclass(frozen=True, slots=True)
class Stakes:
    """Amounts of the forced bets and bet sizes, all in integer chips.

    Parameters
    ----------
    small_blind, big_blind
        Blinds posted by the two players left of the button (0 when the game has none).
    ante
        Ante posted by every player before the deal.
    bring_in
        Stud bring-in posted by the lowest door card.
    small_bet, big_bet
        Fixed limit bet sizes on the early and late streets; ``small_bet`` is also
        the minimum opening bet in pot and no limit.

    Examples
    --------
    >>> Stakes.blinds(5, 10)
    Stakes(small_blind=5, big_blind=10, ante=0, bring_in=0, small_bet=10, big_bet=20)
    >>> Stakes.stud(ante=1, bring_in=2, small_bet=5)
    Stakes(small_blind=0, big_blind=0, ante=1, bring_in=2, small_bet=5, big_bet=10)
    """

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"stakes: {field.name} must be a non-negative int, got {value!r}")
        if self.small_bet <= 0:
            raise ValueError("stakes: small_bet (the minimum bet) must be positive")
        if self.big_bet < self.small_bet:
            raise ValueError("stakes: big_bet must be at least small_bet")

    @classmethod
    def blinds(
        cls, small_blind: int, big_blind: int, *, ante: int = 0, big_bet: int | None = None
    ) -> Stakes:
        """Stakes of a blind game: the small bet is the big blind, the big bet twice that."""
        return cls(
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            small_bet=big_blind,
            big_bet=2 * big_blind if big_bet is None else big_bet,
        )

    @classmethod
    def stud(
        cls, ante: int, bring_in: int, small_bet: int, *, big_bet: int | None = None
    ) -> Stakes:
        """Stakes of a stud game: ante, bring-in, small bet (big bet defaults to twice it)."""
        return cls(
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=2 * small_bet if big_bet is None else big_bet,
        )

    @classmethod
    def button_blind(cls, ante: int, blind: int, *, big_bet: int | None = None) -> Stakes:
        """Stakes of an ante game with a button blind (short deck): every player antes,
        the button posts ``blind`` (kept as ``big_blind``), the minimum bet is the blind.

        Examples
        --------
        >>> Stakes.button_blind(3, 3)
        Stakes(small_blind=0, big_blind=3, ante=3, bring_in=0, small_bet=3, big_bet=6)
        """
        return cls(
            big_blind=blind,
            ante=ante,
            small_bet=blind,
            big_bet=2 * blind if big_bet is None else big_bet,
        )

    @classmethod
    def antes(cls, ante: int, small_bet: int, *, big_bet: int | None = None) -> Stakes:
        """Stakes of an ante game without blinds (5-card draw): ante and bet sizes."""
        return cls(
            ante=ante, small_bet=small_bet, big_bet=2 * small_bet if big_bet is None else big_bet
        )


@dataclass(frozen=True)
class Variant:
    """A poker game described as data.

    Parameters
    ----------
    name
        Short key in :data:`GAMES` (``"nlhe"``; names and aliases: :mod:`showdown.games`).
    title
        Human-readable name.
    streets
        The streets in order.
    betting
        ``"fixed"``, ``"pot"`` or ``"no"`` limit.
    hands
        Showdown hand kinds; two kinds (high, low) make a hi-lo split game.
    raise_cap
        Fixed limit: raises allowed after the opening bet (3: one bet and three
        raises; 5 on the draw table). ``None``: no cap.
    blinds
        Whether the game posts blinds (and so uses the dealer button to seat them).
    bring_in
        Whether the lowest door card must bring in (stud).
    open_pair_big_bet
        Stud: an open pair on fourth street allows the big bet.
    cumulative_all_ins
        No/pot limit: short all-ins that together make a full raise reopen the
        betting for players who already acted (the card-room/TDA reading, default);
        ``False`` judges each short all-in alone (it never reopens the betting).
    min_players, max_players
        Players the deck and the rules allow.
    phh_code
        Variant code of the PHH hand-history format.
    lowest_rank
        Rank code of the deck's lowest card (0: the 52-card deck; 4: the short
        deck's 36 cards six to ace).
    button_blind
        With ``blinds``: the button alone posts a blind (``Stakes.big_blind``) and
        nobody posts a small blind; the betting opens left of the button.
    """

    name: str
    title: str
    streets: tuple[Street, ...]
    betting: Betting
    hands: tuple[HandKind, ...] = ("high",)
    raise_cap: int | None = None
    blinds: bool = True
    bring_in: bool = False
    open_pair_big_bet: bool = False
    cumulative_all_ins: bool = True
    min_players: int = 2
    max_players: int = 10
    phh_code: str = ""
    lowest_rank: int = 0
    button_blind: bool = False

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The card codes of the deck, ascending (``range(52)`` for the full deck)."""
        return tuple(range(4 * self.lowest_rank, 52))

    @property
    def hole_cards(self) -> int:
        """Cards each player holds at the end of the deal (down and up)."""
        return sum(street.down + street.up for street in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards on a complete board."""
        return sum(street.board for street in self.streets)

    @cached_property
    def hilo(self) -> bool:
        """Whether the pot is split between a high and an 8-or-better low hand."""
        return len(self.hands) > 1

    @property
    def hi_lo(self) -> bool:
        """Deprecated name of :attr:`hilo` (the name equity's ``Game`` uses too)."""
        warnings.warn(
            "Variant.hi_lo is deprecated; use Variant.hilo", DeprecationWarning, stacklevel=2
        )
        return self.hilo

    @cached_property
    def has_draw(self) -> bool:
        """Whether a street has a draw (discards go to the muck and may be reshuffled)."""
        return any(street.draw for street in self.streets)

    @cached_property
    def stud(self) -> bool:
        """Whether players hold face-up cards (stud acting order and odd-chip rule)."""
        return any(street.up for street in self.streets)

    def with_options(self, **changes: object) -> Variant:
        """A copy with some fields changed, e.g. ``raise_cap=None`` or ``open_pair_big_bet=False``.

        Examples
        --------
        >>> GAMES["flhe"].with_options(raise_cap=4).raise_cap
        4
        """
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


def _board_streets(hole: int) -> tuple[Street, ...]:
    """Pre-flop, flop, turn and river for hold'em and Omaha with ``hole`` pocket cards."""
    return (
        Street("preflop", down=hole, opener="blinds"),
        Street("flop", board=3),
        Street("turn", board=1, big_bet=True),
        Street("river", board=1, big_bet=True),
    )


_STUD_STREETS = (
    Street("third", down=2, up=1, opener="bring_in"),
    Street("fourth", up=1, opener="high_showing"),
    Street("fifth", up=1, big_bet=True, opener="high_showing"),
    Street("sixth", up=1, big_bet=True, opener="high_showing"),
    Street("seventh", down=1, big_bet=True, opener="high_showing"),
)


def _draw_streets(blinds: bool) -> tuple[Street, ...]:
    """The deal and the draw of five-card draw: with ``blinds`` the first round opens
    left of the big blind (no and pot limit), else left of the button (the ante game)."""
    return (
        Street("predraw", down=5, opener="blinds" if blinds else "button"),
        Street("draw", draw=True, big_bet=True, opener="button"),
    )


def _variant(game: PlayGame) -> Variant:
    """The rules of a game of the registry (:mod:`showdown.games`): its hand type's
    streets and showdown hands at its betting structure."""
    hand = HAND_TYPES[game.hand_type]
    fixed = game.betting == "fixed"
    if hand.kind == "board":
        high: HandKind = "omaha_high" if hand.omaha else "high"
        if hand.ranking == "shortdeck":
            high = "shortdeck_high"
        low: HandKind = "omaha_low8" if hand.omaha else "low8"
        return Variant(
            game.name,
            game.title,
            _board_streets(hand.cards),
            game.betting,  # type: ignore[arg-type]
            hands=(high, low) if hand.hilo else (high,),
            raise_cap=3 if fixed else None,
            phh_code=game.phh_code,
            lowest_rank=hand.lowest_rank,
            button_blind=game.forced_bets == "button-blind",
        )
    if hand.kind == "stud":
        return Variant(
            game.name,
            game.title,
            _STUD_STREETS,
            game.betting,  # type: ignore[arg-type]
            hands=("high", "low8") if hand.hilo else ("high",),
            raise_cap=3 if fixed else None,
            blinds=False,
            bring_in=True,
            open_pair_big_bet=fixed,
            max_players=8,
            phh_code=game.phh_code,
        )
    # Five-card draw: nine players is what the deck allows (45 cards dealt leaves
    # enough, with the reshuffled discards, for every player to draw five). The
    # draw table caps fixed-limit betting at a bet and four raises.
    blinds = game.forced_bets == "blinds"
    return Variant(
        game.name,
        game.title,
        _draw_streets(blinds),
        game.betting,  # type: ignore[arg-type]
        raise_cap=5 if fixed else None,
        blinds=blinds,
        max_players=9,
        phh_code=game.phh_code,
    )


GAMES: dict[str, Variant] = {name: _variant(game) for name, game in PLAY_GAMES.items()}
"""The built-in variants by canonical name (every game of :data:`showdown.games.PLAY_GAMES`)."""

VARIANTS_BY_PHH_CODE: dict[str, Variant] = {variant.phh_code: variant for variant in GAMES.values()}
"""The built-in variants by PHH variant code (``"NT"``, ``"FO/8"``, ``"F7S"``...)."""


def get_variant(game: str | Variant) -> Variant:
    """Look up a variant by any name of :mod:`showdown.games`, or pass a :class:`Variant` through.

    A hand type without a betting structure plays at its usual one: ``holdem``
    is ``nlhe``, ``omaha`` is ``plo``, ``stud-hilo`` is ``stud8``.

    Raises
    ------
    ValueError
        For an unknown name (with close names and the full list) or a game the
        simulator does not play (5- and 6-card Omaha).

    Examples
    --------
    >>> get_variant("plo").title, get_variant("holdem").name, get_variant("Omaha Hi-Lo").name
    ('Pot-limit Omaha', 'nlhe', 'plo8')
    """
    if isinstance(game, Variant):
        return game
    return GAMES[play_game(game).name]
