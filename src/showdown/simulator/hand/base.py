"""Shared state of a hand: attributes, constants and read-only queries.

:class:`HandBase` holds what the dealing, betting and showdown parts of
:class:`~showdown.simulator.hand.HandState` share; it is not used on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from ..rules import Stakes, Variant
from .actions import LegalActions

UNKNOWN = -1
"""Code of a card whose value is not known (PHH ``??``)."""

# Status values (plain strings keep comparisons cheap on the hot path).
DEALING = "dealing"  # manual dealing: waiting for deal_hole/deal_board
BETTING = "betting"
DRAWING = "drawing"
SHOWDOWN = "showdown"  # manual showdown: waiting for show/muck
EVALUATING = "evaluating"  # deferred showdown: waiting for settle()/settle_showdowns()
COMPLETE = "complete"


class HandBase:
    """Attributes and queries shared by the parts of a hand (see ``HandState``)."""

    hand_id: int
    variant: Variant
    stakes: Stakes
    n: int
    button: int
    odd_chips: str
    manual_dealing: bool
    manual_showdown: bool
    defer_showdown: bool
    record: bool
    starting_stacks: list[int]
    stacks: list[int]
    bets: list[int]
    totals: list[int]
    ante_paid: list[int]
    antes: list[int]
    blinds: list[int]
    folded: list[bool]
    all_in: list[bool]
    disconnected: list[bool]
    mucked: list[bool]
    shown: list[bool]
    hole_cards: list[list[int]]
    up: list[list[bool]]
    discards: list[int]
    board: list[int]
    log: list[tuple[str, int, Any]]
    exact_stacks: list[Fraction] | None
    house_chips: int
    scale: int
    winnings: list[int]
    status: str
    actor: int | None
    street_index: int
    current_bet: int
    aggressor: int | None
    _needs_action: list[bool]
    _may_raise: list[bool]
    _full_bet: int
    _last_raise: int
    _bets_count: int
    _bet_size: int
    _bring_in_pending: bool
    _open_pair: bool
    _round_opener: int | None
    _first_bettor: int | None
    _blind_opener: int
    _showdown_order: list[int]
    _pending_deals: list[tuple[int, int]]
    _deck: list[int]
    _next_card: int
    _muck: list[int]
    _rng: np.random.Generator | None
    _has_draw: bool
    _stud: bool
    _betting_code: int
    _raise_cap: int
    _cumulative: bool
    _limits: tuple[int, int, int, int, bool]
    _active: int
    _capacity: tuple[int, int, int] | None
    _draw_done: bool
    _draw_queue: list[int]
    _discarded: dict[int, set[int]] | None
    _show_queue: list[int]

    # Implemented by the other parts of HandState.
    def _start_betting(self) -> None:
        raise NotImplementedError

    def _end_round(self) -> None:
        raise NotImplementedError

    def _advance_from(self, seat: int, *, inclusive: bool) -> None:
        raise NotImplementedError

    def _complete(self) -> None:
        raise NotImplementedError

    def _bring_in_seat(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> LegalActions:
        raise NotImplementedError

    @property
    def bring_in_due(self) -> bool:
        raise NotImplementedError

    def _check_new_cards(self, cards: Sequence[int], name: str) -> list[int]:
        raise NotImplementedError

    def _award_uncontested(self) -> None:
        raise NotImplementedError

    def _begin_showdown(self) -> None:
        raise NotImplementedError

    def _begin_street(self) -> None:
        raise NotImplementedError

    def _may_muck(self, seat: int) -> bool:
        raise NotImplementedError

    def _seat_order(self, start: int) -> list[int]:
        """Seats clockwise from ``start`` (inclusive)."""
        n = self.n
        return [(start + k) % n for k in range(n)]

    def _post(self, seat: int, chips: int, *, bet: bool) -> int:
        """Move up to ``chips`` from a stack into the pot; returns the chips posted."""
        posted = min(chips, self.stacks[seat])
        self.stacks[seat] -= posted
        self.totals[seat] += posted
        if bet:
            self.bets[seat] += posted
        if self.stacks[seat] == 0 and not self.all_in[seat]:
            self.all_in[seat] = True
            self._active -= 1
            self._capacity = None
        return posted

    @property
    def is_complete(self) -> bool:
        """Whether the hand is over and paid."""
        return self.status == COMPLETE

    @property
    def pot(self) -> int:
        """All chips in the middle, this round's bets included."""
        return sum(self.totals)

    @property
    def street(self) -> str:
        """Name of the current street, ``"showdown"`` or ``"complete"``."""
        if self.status == COMPLETE:
            return COMPLETE
        if self.street_index >= len(self.variant.streets):
            return "showdown"
        return self.variant.streets[self.street_index].name

    @property
    def payoffs(self) -> list[int]:
        """Chips won (positive) or lost per seat, once the hand is complete."""
        return [self.stacks[s] - self.starting_stacks[s] for s in range(self.n)]

    @property
    def final_stacks(self) -> list[Fraction] | list[int]:
        """Finishing stacks in the units of the hand history, exact under ``odd_chips="exact"``.

        Equal to :attr:`stacks` for whole-chip hands under the other policies.
        """
        if self.exact_stacks is None and self.scale == 1:
            return list(self.stacks)
        values = self.exact_stacks if self.exact_stacks is not None else self.stacks
        return [Fraction(value) / self.scale for value in values]

    @property
    def showdown_order(self) -> list[int]:
        """Seats in the order they show (empty when nobody showed down)."""
        return list(self._showdown_order)

    def __repr__(self) -> str:
        return (
            f"HandState({self.variant.name}, street={self.street}, status={self.status}, "
            f"actor={self.actor}, stacks={self.stacks}, pot={self.pot})"
        )
