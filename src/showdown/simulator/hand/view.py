"""What an agent is given: a snapshot of the hand as its seat may see it.

A :class:`~showdown.simulator.table.Table` calls each agent with a
:class:`SeatView` rather than the :class:`~showdown.simulator.hand.HandState`
itself. The view answers the same questions as the hand (``hole_cards[seat]``,
``board``, ``to_call``, ``raise_bounds()``, ``legal_actions()``, ``stacks``,
``bets``...) but it is plain immutable data copied when it is made:

- it holds no reference to the hand, the table or the deck, not even a private
  one: every attribute is an int, a string, a tuple, or the frozen
  :class:`~showdown.simulator.rules.Variant` and
  :class:`~showdown.simulator.rules.Stakes` the hand is played with;
- other players' cards are stored as :data:`~showdown.simulator.hand.UNKNOWN`
  (``-1``) unless they are face up (stud) or were shown, so their values are
  not in the view at all;
- it has no methods that act (``fold``, ``bet_raise_to``...): agents act by
  returning an action; ``legal_actions()`` and ``view()`` return fresh records.

Python cannot hide the caller's memory from code it runs (an agent can walk the
interpreter's frames), so the table also compares the hand before and after
every agent call and stops with an ``AgentError`` when anything changed (see
:meth:`~showdown.simulator.table.Table.run`).

Examples
--------
>>> from showdown.simulator import HandState, Stakes
>>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=0)
>>> view = SeatView(hand, 1)
>>> len(view.hole_cards[1]), view.hole_cards[0]
(2, (-1, -1))
>>> view.stacks, view.to_call
((98, 99), 1)
>>> view.stacks = (5000, 5000)
Traceback (most recent call last):
...
AttributeError: property 'stacks' of 'SeatView' object has no setter
>>> hand.check_call()
>>> view.to_call, SeatView(hand, 1).to_call  # a snapshot: made again after each action
(1, 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..rules import Stakes, Variant
from .actions import IllegalActionError, LegalActions, PlayerView
from .base import BETTING, COMPLETE, DRAWING, SHOWDOWN, UNKNOWN

if TYPE_CHECKING:
    from .base import HandBase

__all__ = ["SeatView", "VisibleCards"]

# Statuses in which the player to act has options (see HandBase.view).
_DECIDING = (BETTING, DRAWING, SHOWDOWN)


class VisibleCards(tuple[tuple[int, ...], ...]):
    """Every seat's cards as one seat sees them: its own, face-up and shown cards.

    ``cards[s]`` is a tuple in deal order with hidden cards as ``-1``.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"VisibleCards({list(self)})"


# Hidden cards of a seat holding k cards (no tuple made per call).
_HIDDEN = tuple((UNKNOWN,) * count for count in range(53))


def visible_cards(hand: HandBase, seat: int) -> VisibleCards:
    """Each seat's cards as ``seat`` may see them (hidden ones as :data:`UNKNOWN`)."""
    hole, shown = hand.hole_cards, hand.shown
    if not hand._stud and True not in shown:
        # Board and draw games before a showdown: only the seat's own cards are known.
        seen = [_HIDDEN[len(cards)] for cards in hole]
        seen[seat] = tuple(hole[seat])
        return VisibleCards(seen)
    up = hand.up
    seen = []
    for other, cards in enumerate(hole):
        flags = up[other]
        if other == seat or shown[other]:
            seen.append(tuple(cards))
        elif True in flags:
            seen.append(tuple(card if up else UNKNOWN for card, up in _flagged(cards, flags)))
        else:
            seen.append(_HIDDEN[len(cards)])
    return VisibleCards(seen)


def _flagged(cards: list[int], flags: list[bool]) -> Iterator[tuple[int, bool]]:
    """Each card with its face-up flag (a card without a flag yet is face down)."""
    for index, card in enumerate(cards):
        yield card, index < len(flags) and flags[index]


# Positions of the values in a SeatView (a tuple: one allocation to make, nothing to set).
(
    _SEAT, _HAND_ID, _VARIANT, _STAKES, _N, _BUTTON, _STATUS, _STREET, _STREET_INDEX, _ACTOR,
    _HOLE_CARDS, _UP, _SHOWN, _BOARD, _DISCARDS, _STACKS, _BETS, _TOTALS, _FOLDED, _ALL_IN,
    _CURRENT_BET, _BRING_IN_DUE, _LEGAL,
) = range(23)  # fmt: skip

# The fields of LegalActions in order, to copy a record into a tuple and back.
_LEGAL_FIELDS: tuple[str, ...] = LegalActions.__slots__
_legal_values = attrgetter(*_LEGAL_FIELDS)
_CALL = _LEGAL_FIELDS.index("call")
_RAISE_MIN, _RAISE_MAX = _LEGAL_FIELDS.index("raise_min_to"), _LEGAL_FIELDS.index("raise_max_to")


class SeatView(tuple[Any, ...]):
    """A snapshot of a hand for the agent of ``seat`` (see the module docstring).

    The view is a tuple underneath (so it is immutable and cheap to make); use
    it through its attributes.

    Parameters
    ----------
    hand
        The hand being played; the view copies what ``seat`` may see of it now.
    seat
        The seat whose agent gets this view (the hand's seat numbering).
    """

    __slots__ = ()

    def __new__(cls, hand: HandBase, seat: int) -> SeatView:
        legal: tuple[object, ...] | str
        try:
            legal = _legal_values(hand.legal_actions())
        except IllegalActionError as error:
            legal = str(error)  # raised again by legal_actions(), as the hand would
        return tuple.__new__(
            cls,
            (
                seat, hand.hand_id, hand.variant, hand.stakes, hand.n, hand.button, hand.status,
                hand.street, hand.street_index, hand.actor, visible_cards(hand, seat),
                tuple(map(tuple, hand.up)), tuple(hand.shown), tuple(hand.board),
                tuple(hand.discards), tuple(hand.stacks), tuple(hand.bets), tuple(hand.totals),
                tuple(hand.folded), tuple(hand.all_in), hand.current_bet, hand.bring_in_due,
                legal,
            ),
        )  # fmt: skip

    def __reduce__(self) -> tuple[Any, ...]:
        # Copies and pickles rebuild the tuple itself (``__new__`` takes a hand).
        return (_restore, (tuple(self),))

    # ---------------------------------------------------------------- the game
    @property
    def seat(self) -> int:
        """The seat this view was made for."""
        return self[_SEAT]

    @property
    def hand_id(self) -> int:
        """The hand's :attr:`~showdown.simulator.hand.HandState.hand_id` (same for every
        view of one hand: a key for per-hand notes)."""
        return self[_HAND_ID]

    @property
    def variant(self) -> Variant:
        """The variant (frozen)."""
        return self[_VARIANT]

    @property
    def stakes(self) -> Stakes:
        """Forced bets and bet sizes (frozen)."""
        return self[_STAKES]

    @property
    def n(self) -> int:
        """Players in the hand."""
        return self[_N]

    @property
    def button(self) -> int:
        """The dealer seat."""
        return self[_BUTTON]

    # ---------------------------------------------------------------- progress
    @property
    def status(self) -> str:
        """``betting``, ``drawing``, ``showdown``... (see ``HandState.status``)."""
        return self[_STATUS]

    @property
    def street(self) -> str:
        """Name of the current street."""
        return self[_STREET]

    @property
    def street_index(self) -> int:
        """Index of the current street in ``variant.streets``."""
        return self[_STREET_INDEX]

    @property
    def actor(self) -> int | None:
        """The seat to act."""
        return self[_ACTOR]

    @property
    def is_complete(self) -> bool:
        """Whether the hand is over."""
        return self[_STATUS] == COMPLETE

    # ---------------------------------------------------------------- cards
    @property
    def hole_cards(self) -> VisibleCards:
        """Per seat, the cards this seat may see (hidden ones as ``-1``)."""
        return self[_HOLE_CARDS]

    @property
    def up(self) -> tuple[tuple[bool, ...], ...]:
        """Per seat, which cards are face up (stud)."""
        return self[_UP]

    @property
    def shown(self) -> tuple[bool, ...]:
        """Per seat, whether the hand was shown at the showdown."""
        return self[_SHOWN]

    @property
    def board(self) -> tuple[int, ...]:
        """Community cards."""
        return self[_BOARD]

    @property
    def discards(self) -> tuple[int, ...]:
        """Cards each player discarded on the draw (counts only)."""
        return self[_DISCARDS]

    # ---------------------------------------------------------------- chips
    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind per seat."""
        return self[_STACKS]

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips bet in the current round per seat."""
        return self[_BETS]

    @property
    def totals(self) -> tuple[int, ...]:
        """Chips put in during the hand per seat."""
        return self[_TOTALS]

    @property
    def folded(self) -> tuple[bool, ...]:
        """Per-seat fold flags."""
        return self[_FOLDED]

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Per-seat all-in flags (disconnected players count as all-in)."""
        return self[_ALL_IN]

    @property
    def pot(self) -> int:
        """All chips in the middle, this round's bets included (the sum of :attr:`totals`)."""
        return sum(self[_TOTALS])

    @property
    def current_bet(self) -> int:
        """The round total to call."""
        return self[_CURRENT_BET]

    @property
    def to_call(self) -> int:
        """Chips the player to act must add to call (0: checking is free, or nobody is to
        act): the call of :meth:`legal_actions`, capped at the stack as the hand's is."""
        legal = self[_LEGAL]
        if legal.__class__ is str:
            return 0
        return legal[_CALL] or 0

    @property
    def bring_in_due(self) -> bool:
        """Whether the player to act must post the stud bring-in (or complete)."""
        return self[_BRING_IN_DUE]

    # ---------------------------------------------------------------- options
    def legal_actions(self) -> LegalActions:
        """The options of the player to act (a fresh record).

        Raises
        ------
        IllegalActionError
            When nobody is to act, as ``HandState.legal_actions`` does.
        """
        legal = self[_LEGAL]
        if legal.__class__ is str:
            raise IllegalActionError(legal)
        return LegalActions(*legal)

    def raise_bounds(self) -> tuple[int, int] | None:
        """``(min_to, max_to)`` of a legal bet/raise, or ``None``."""
        legal = self[_LEGAL]
        if legal.__class__ is str or legal[_RAISE_MIN] is None:
            return None
        return legal[_RAISE_MIN], legal[_RAISE_MAX]

    def view(self) -> PlayerView:
        """Everything this seat may see as one :class:`PlayerView` record (fresh lists)."""
        seat, cards, up, shown = self.seat, self.hole_cards, self.up, self.shown
        return PlayerView(
            player=seat,
            street=self.street,
            hole_cards=list(cards[seat]),
            up_cards=[
                [card for card, face_up in zip(cards[s], up[s], strict=False) if face_up]
                for s in range(self.n)
            ],
            shown_cards=[list(cards[s]) if shown[s] or s == seat else None for s in range(self.n)],
            board=list(self.board),
            stacks=list(self.stacks),
            bets=list(self.bets),
            totals=list(self.totals),
            pot=self.pot,
            folded=list(self.folded),
            all_in=list(self.all_in),
            discards=list(self.discards),
            actor=self.actor,
            legal=self.legal_actions() if self.actor == seat and self.status in _DECIDING else None,
        )

    def __repr__(self) -> str:
        return (
            f"SeatView(seat={self.seat}, {self.variant.name}, street={self.street}, "
            f"actor={self.actor}, stacks={list(self.stacks)}, pot={self.pot})"
        )


def _restore(values: tuple[Any, ...]) -> SeatView:
    """A :class:`SeatView` from its values (what copying and pickling call)."""
    return tuple.__new__(SeatView, values)
