"""What an agent is given: a read-only view of the hand as its seat may see it.

A :class:`~showdown.simulator.table.Table` calls each agent with a
:class:`SeatView` rather than the :class:`~showdown.simulator.hand.HandState`
itself. The view answers the same questions as the hand (``hole_cards[seat]``,
``board``, ``to_call``, ``raise_bounds()``, ``legal_actions()``, ``stacks``,
``bets``...) but

- every sequence it returns is a fresh tuple: an agent cannot change stacks,
  cards or flags of the hand through it (item assignment raises ``TypeError``);
- it has no methods that act (``fold``, ``bet_raise_to``...): agents act by
  returning an action;
- other players' cards read as :data:`~showdown.simulator.hand.UNKNOWN`
  (``-1``) unless they are face up (stud) or were shown.

Examples
--------
>>> from showdown.simulator import HandState, Stakes
>>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=0)
>>> view = SeatView(hand, 1)
>>> len(view.hole_cards[1]), view.hole_cards[0]
(2, (-1, -1))
>>> view.stacks, view.to_call
((98, 99), 1)
>>> view.stacks[0] = 5000
Traceback (most recent call last):
...
TypeError: 'tuple' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ..rules import Stakes, Variant
from .actions import LegalActions, PlayerView
from .base import UNKNOWN

if TYPE_CHECKING:
    from .state import HandState

__all__ = ["SeatView", "VisibleCards"]


class VisibleCards(Sequence[tuple[int, ...]]):
    """Every seat's cards as one seat sees them: its own, face-up and shown cards.

    ``cards[s]`` is a tuple in deal order with hidden cards as ``-1``.
    """

    __slots__ = ("_hand", "_seat")

    def __init__(self, hand: HandState, seat: int) -> None:
        self._hand = hand
        self._seat = seat

    def __len__(self) -> int:
        return self._hand.n

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[int, ...], ...]: ...

    def __getitem__(self, index: int | slice) -> tuple[int, ...] | tuple[tuple[int, ...], ...]:
        if isinstance(index, slice):
            return tuple(self[seat] for seat in range(self._hand.n)[index])
        hand = self._hand
        cards = hand.hole_cards[index]
        seat = index % hand.n if -hand.n <= index < hand.n else index
        if seat == self._seat or hand.shown[seat]:
            return tuple(cards)
        flags = hand.up[seat]
        return tuple(
            card if k < len(flags) and flags[k] else UNKNOWN for k, card in enumerate(cards)
        )

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return (self[seat] for seat in range(self._hand.n))

    def __repr__(self) -> str:
        return f"VisibleCards({list(self)})"


class SeatView:
    """A read-only view of a hand for the agent of ``seat`` (see the module docstring).

    Parameters
    ----------
    hand
        The hand being played.
    seat
        The seat whose agent gets this view (the hand's seat numbering).
    """

    __slots__ = ("_hand", "seat")

    def __init__(self, hand: HandState, seat: int) -> None:
        self._hand = hand
        self.seat = seat

    # ---------------------------------------------------------------- the game
    @property
    def variant(self) -> Variant:
        """The variant (frozen)."""
        return self._hand.variant

    @property
    def stakes(self) -> Stakes:
        """Forced bets and bet sizes (frozen)."""
        return self._hand.stakes

    @property
    def n(self) -> int:
        """Players in the hand."""
        return self._hand.n

    @property
    def button(self) -> int:
        """The dealer seat."""
        return self._hand.button

    # ---------------------------------------------------------------- progress
    @property
    def status(self) -> str:
        """``betting``, ``drawing``, ``showdown``... (see ``HandState.status``)."""
        return self._hand.status

    @property
    def street(self) -> str:
        """Name of the current street."""
        return self._hand.street

    @property
    def street_index(self) -> int:
        """Index of the current street in ``variant.streets``."""
        return self._hand.street_index

    @property
    def actor(self) -> int | None:
        """The seat to act."""
        return self._hand.actor

    @property
    def is_complete(self) -> bool:
        """Whether the hand is over."""
        return self._hand.is_complete

    # ---------------------------------------------------------------- cards
    @property
    def hole_cards(self) -> VisibleCards:
        """Per seat, the cards this seat may see (hidden ones as ``-1``)."""
        return VisibleCards(self._hand, self.seat)

    @property
    def up(self) -> tuple[tuple[bool, ...], ...]:
        """Per seat, which cards are face up (stud)."""
        return tuple(tuple(flags) for flags in self._hand.up)

    @property
    def board(self) -> tuple[int, ...]:
        """Community cards."""
        return tuple(self._hand.board)

    @property
    def discards(self) -> tuple[int, ...]:
        """Cards each player discarded on the draw (counts only)."""
        return tuple(self._hand.discards)

    # ---------------------------------------------------------------- chips
    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat."""
        return tuple(self._hand.stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips bet in the current round per seat."""
        return tuple(self._hand.bets)

    @property
    def totals(self) -> tuple[int, ...]:
        """Chips put in during the hand per seat."""
        return tuple(self._hand.totals)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Per-seat fold flags."""
        return tuple(self._hand.folded)

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Per-seat all-in flags (disconnected players count as all-in)."""
        return tuple(self._hand.all_in)

    @property
    def pot(self) -> int:
        """All chips in the middle, this round's bets included."""
        return self._hand.pot

    @property
    def current_bet(self) -> int:
        """The round total to call."""
        return self._hand.current_bet

    @property
    def to_call(self) -> int:
        """Chips the player to act must add to call (0: checking is free)."""
        return self._hand.to_call

    @property
    def bring_in_due(self) -> bool:
        """Whether the player to act must post the stud bring-in (or complete)."""
        return self._hand.bring_in_due

    # ---------------------------------------------------------------- options
    def legal_actions(self) -> LegalActions:
        """The options of the player to act (a fresh record)."""
        return self._hand.legal_actions()

    def raise_bounds(self) -> tuple[int, int] | None:
        """``(min_to, max_to)`` of a legal bet/raise, or ``None``."""
        return self._hand.raise_bounds()

    def view(self) -> PlayerView:
        """Everything this seat may see as one :class:`PlayerView` snapshot."""
        return self._hand.view(self.seat)

    def __repr__(self) -> str:
        hand = self._hand
        return (
            f"SeatView(seat={self.seat}, {hand.variant.name}, street={hand.street}, "
            f"actor={hand.actor}, stacks={list(hand.stacks)}, pot={hand.pot})"
        )
