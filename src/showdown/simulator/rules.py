"""Poker variants as data: streets, forced bets, betting structure and showdown hands.

A :class:`Variant` says *how* a game is played (which cards go where on each
street, who opens the betting, how bets are sized, which hands win at the
showdown); a :class:`Stakes` object says *for how much* (blinds, antes,
bring-in, bet sizes). Adding a variant means adding an entry to :data:`GAMES`,
not a code path in the state machine.

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
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

Betting = Literal["fixed", "pot", "no"]
"""Betting structure: fixed limit, pot limit or no limit."""

HandKind = Literal["high", "low8", "omaha_high", "omaha_low8"]
"""How a showdown hand is ranked: best five of all cards (``high``), 8-or-better
low from all cards (``low8``), or Omaha's exactly two hole + three board cards."""

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
        cls, small_blind: int, big_blind: int, ante: int = 0, big_bet: int | None = None
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
    def stud(cls, ante: int, bring_in: int, small_bet: int, big_bet: int | None = None) -> Stakes:
        """Stakes of a stud game: ante, bring-in, small bet (big bet defaults to twice it)."""
        return cls(
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=2 * small_bet if big_bet is None else big_bet,
        )

    @classmethod
    def antes(cls, ante: int, small_bet: int, big_bet: int | None = None) -> Stakes:
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
        Short key in :data:`GAMES` (``"nlhe"``).
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

    @property
    def hole_cards(self) -> int:
        """Cards each player holds at the end of the deal (down and up)."""
        return sum(street.down + street.up for street in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards on a complete board."""
        return sum(street.board for street in self.streets)

    @cached_property
    def hi_lo(self) -> bool:
        """Whether the pot is split between a high and an 8-or-better low hand."""
        return len(self.hands) > 1

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

_DRAW_STREETS = (
    Street("predraw", down=5, opener="button"),
    Street("draw", draw=True, big_bet=True, opener="button"),
)

GAMES: dict[str, Variant] = {
    "nlhe": Variant("nlhe", "No-limit Texas hold'em", _board_streets(2), "no", phh_code="NT"),
    "plhe": Variant("plhe", "Pot-limit Texas hold'em", _board_streets(2), "pot", phh_code="PT"),
    "flhe": Variant(
        "flhe",
        "Fixed-limit Texas hold'em",
        _board_streets(2),
        "fixed",
        raise_cap=3,
        phh_code="FT",
    ),
    "plo": Variant(
        "plo",
        "Pot-limit Omaha",
        _board_streets(4),
        "pot",
        hands=("omaha_high",),
        phh_code="PO",
    ),
    "flo": Variant(
        "flo",
        "Fixed-limit Omaha",
        _board_streets(4),
        "fixed",
        hands=("omaha_high",),
        raise_cap=3,
        phh_code="FO",
    ),
    "plo8": Variant(
        "plo8",
        "Pot-limit Omaha hi-lo 8 or better",
        _board_streets(4),
        "pot",
        hands=("omaha_high", "omaha_low8"),
        phh_code="PO/8",
    ),
    "flo8": Variant(
        "flo8",
        "Fixed-limit Omaha hi-lo 8 or better",
        _board_streets(4),
        "fixed",
        hands=("omaha_high", "omaha_low8"),
        raise_cap=3,
        phh_code="FO/8",
    ),
    "stud": Variant(
        "stud",
        "Fixed-limit seven-card stud",
        _STUD_STREETS,
        "fixed",
        raise_cap=3,
        blinds=False,
        bring_in=True,
        open_pair_big_bet=True,
        max_players=8,
        phh_code="F7S",
    ),
    "stud8": Variant(
        "stud8",
        "Fixed-limit seven-card stud hi-lo 8 or better",
        _STUD_STREETS,
        "fixed",
        hands=("high", "low8"),
        raise_cap=3,
        blinds=False,
        bring_in=True,
        open_pair_big_bet=True,
        max_players=8,
        phh_code="F7S/8",
    ),
    # Nine players is what the deck allows: 45 cards dealt leaves enough (with the
    # reshuffled discards) for every player to draw five.
    "draw": Variant(
        "draw",
        "Fixed-limit five-card draw",
        _DRAW_STREETS,
        "fixed",
        raise_cap=5,
        blinds=False,
        max_players=9,
        phh_code="F5D",
    ),
}
"""The built-in variants by name."""

VARIANTS_BY_PHH_CODE: dict[str, Variant] = {variant.phh_code: variant for variant in GAMES.values()}
"""The built-in variants by PHH variant code (``"NT"``, ``"FO/8"``, ``"F7S"``...)."""


def get_variant(game: str | Variant) -> Variant:
    """Look up a variant by name (``"nlhe"``) or pass a :class:`Variant` through.

    Examples
    --------
    >>> get_variant("plo").title
    'Pot-limit Omaha'
    """
    if isinstance(game, Variant):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"game: unknown variant {game!r}; known variants: {known}") from None
