"""What a player may do: the legal-action record, the error for illegal actions, views.

Examples
--------
>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import InputError


class IllegalActionError(InputError):
    """An action the rules do not allow now: out of turn, a wrong amount, after the end."""


@dataclass(slots=True)
class LegalActions:
    """The options of the player to act, with exact amounts.

    Amounts are *totals for the betting round* ("raise to"), like PHH ``cbr``.

    Attributes
    ----------
    player
        The player these options belong to.
    fold
        Folding is allowed. It is allowed even when checking is free ("a player
        can fold at any stage of the game"), but never instead of a forced bring-in.
    check
        Checking is free (nothing to call).
    call
        Chips the call puts in (all-in for less when short), ``None`` when ``check``.
    raise_min_to, raise_max_to
        Range of legal bet/raise-to amounts, ``None`` when raising is not allowed.
        Fixed limit allows only the two ends (they are equal except for an all-in
        for less, or the small/big bet choice on stud's fourth street with an open pair).
    bring_in
        Stud: chips of the bring-in the player may post instead of completing.
    complete_to
        Stud: the completion amount (the small bet) when facing only the bring-in.
    discard_max
        Drawing: the most cards the player may discard (0 = not a draw decision).
    show, muck
        Showdown: whether the player may show / muck.
    """

    player: int
    fold: bool = False
    check: bool = False
    call: int | None = None
    raise_min_to: int | None = None
    raise_max_to: int | None = None
    bring_in: int | None = None
    complete_to: int | None = None
    discard_max: int = 0
    show: bool = False
    muck: bool = False

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is among the options."""
        return self.raise_min_to is not None


@dataclass(slots=True)
class PlayerView:
    """What one player may see of a hand: no other player's down cards, no deck.

    Attributes
    ----------
    player
        Whose view this is.
    street
        Name of the current street (``"flop"``, ``"fourth"``...), or ``"showdown"``/``"complete"``.
    hole_cards
        The player's own cards in deal order (down and up).
    up_cards
        Every player's face-up cards (stud), empty lists in board games.
    shown_cards
        Cards other players showed at the showdown (``None`` for unshown hands).
    board
        Community cards.
    stacks, bets, totals
        Chips behind, chips bet this round, chips put in during the hand, per player.
    pot
        All chips in the middle (including this round's bets).
    folded, all_in
        Per-player flags.
    discards
        Cards each player discarded on the draw (counts only).
    actor
        The player to act, or ``None``.
    legal
        The player's options when it is their turn, else ``None``.
    """

    player: int
    street: str
    hole_cards: list[int]
    up_cards: list[list[int]]
    shown_cards: list[list[int] | None]
    board: list[int]
    stacks: list[int]
    bets: list[int]
    totals: list[int]
    pot: int
    folded: list[bool]
    all_in: list[bool]
    discards: list[int] = field(default_factory=list)
    actor: int | None = None
    legal: LegalActions | None = None
