"""Showdown: evaluator inputs per hand kind, batch evaluation, paying the pots.

A finished hand's showdown is described as *requests*: for each hand kind of
the variant (``high``, ``low8``, ``omaha_high``, ``omaha_low8``,
``shortdeck_high``) the contending seats and their cards. Requests from many
hands are stacked into one evaluator call per kind (:func:`settle_showdowns`),
which is how a table of many hands keeps the evaluator batch-first.

Examples
--------
>>> from showdown.simulator import HandState, Stakes
>>> hands = [HandState("nlhe", Stakes.blinds(1, 2), [50, 50], seed=s, defer_showdown=True)
...          for s in range(3)]
>>> for hand in hands:
...     while hand.status == "betting":
...         hand.check_call()
>>> settle_showdowns(hands)
>>> all(hand.status == "complete" and sum(hand.stacks) == 100 for hand in hands)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import core
from ..rules import OMAHA_KINDS
from .actions import PHH_CODES, Action, IllegalActionError
from .base import COMPLETE, EVALUATING, SHOWDOWN, UNKNOWN, HandBase

_button_order = core.button_order.py_func
_pay_pots = core.pay_pots.py_func
_pot_levels = core.pot_levels.py_func
_stud_order = core.stud_order.py_func
_uncalled_bet = core.uncalled_bet.py_func
_SHOW_CODE = PHH_CODES[Action.SHOW]  # the action log's code of a show or a muck

if TYPE_CHECKING:
    from .state import HandState

Requests = dict[str, tuple[list[int], list[list[int]], list[list[int]]]]
"""``kind -> (seats, hole rows, board rows)``; board rows are empty lists except for Omaha."""


_NO_BOARD: list[int] = []


def showdown_requests(state: HandBase) -> Requests:
    """Evaluator inputs for the contenders (not folded, not mucked) of a showdown."""
    seats = [s for s in range(state.n) if not state.folded[s] and not state.mucked[s]]
    requests: Requests = {}
    for kind in state.variant.hands:
        if kind in OMAHA_KINDS:
            holes = [list(state.hole_cards[s]) for s in seats]
            boards = [list(state.board) for _ in seats]
        else:
            holes = [state.hole_cards[s] + state.board for s in seats]
            boards = [_NO_BOARD] * len(seats)  # shared: avoids allocations per hand
        for row in holes:
            if -1 in row:
                raise ValueError("showdown: a contending hand holds unknown cards")
        if UNKNOWN in state.board:
            raise ValueError("showdown: the board holds unknown cards")
        requests[kind] = (seats, holes, boards)
    return requests


def _evaluate_kind(kind: str, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    # Imported here so importing the simulator does not load the numba kernels.
    from showdown import evaluator

    if kind == "high":
        return np.asarray(evaluator.evaluate(holes))
    if kind == "low8":
        return np.asarray(evaluator.evaluate_low8(holes))
    if kind == "omaha_high":
        return np.asarray(evaluator.evaluate_omaha(holes, boards))
    if kind == "omaha_low8":
        return np.asarray(evaluator.evaluate_omaha_low8(holes, boards))
    if kind == "shortdeck_high":
        return np.asarray(evaluator.evaluate_short_deck(holes))
    raise ValueError(f"showdown: unknown hand kind {kind!r}")


def evaluate_requests(requests: Requests) -> dict[str, list[int]]:
    """Strengths per kind for one hand's requests (one evaluator call per kind)."""
    strengths: dict[str, list[int]] = {}
    for kind, (_, holes, boards) in requests.items():
        hole_array = np.array(holes, dtype=np.uint8)
        board_array = np.array(boards, dtype=np.uint8)
        strengths[kind] = _evaluate_kind(kind, hole_array, board_array).tolist()
    return strengths


def settle_showdowns(states: Iterable[HandState]) -> None:
    """Settle every hand waiting in status ``"evaluating"`` with one evaluator call per kind.

    Hands are grouped by hand kind and card counts, stacked, evaluated together
    and paid. Hands in any other status are left alone.
    """
    pending = [state for state in states if state.status == EVALUATING]
    if not pending:
        return
    # key -> [flat hole cards, flat board cards, rows]; flat lists convert to numpy
    # much faster than lists of rows.
    groups: dict[tuple[str, int, int], list[Any]] = {}
    plans: list[list[tuple[str, tuple[str, int, int], int, int]]] = []
    key: tuple[str, int, int]
    for state in pending:
        folded, mucked = state.folded, state.mucked
        hole_cards, board = state.hole_cards, state.board
        seats = [s for s in range(state.n) if not folded[s] and not mucked[s]]
        if state.manual_dealing:
            if UNKNOWN in board:
                raise ValueError("showdown: the board holds unknown cards")
            for seat in seats:
                if UNKNOWN in hole_cards[seat]:
                    raise ValueError("showdown: a contending hand holds unknown cards")
        own: list[tuple[str, tuple[str, int, int], int, int]] = []
        for kind in state.variant.hands:
            omaha = kind in OMAHA_KINDS  # hole and board apart
            first = len(hole_cards[seats[0]])
            key = (kind, first, len(board)) if omaha else (kind, first + len(board), 0)
            group = groups.get(key)
            if group is None:
                group = groups[key] = [[], [], 0]
            holes, boards = group[0], group[1]
            own.append((kind, key, group[2], len(seats)))
            for seat in seats:
                holes.extend(hole_cards[seat])
                if omaha:
                    boards.extend(board)
                else:
                    holes.extend(board)
            group[2] += len(seats)
        plans.append(own)
    values: dict[tuple[str, int, int], list[int]] = {}
    for key, (holes, boards, rows) in groups.items():
        hole_array = np.array(holes, dtype=np.uint8).reshape(rows, key[1])
        board_array = np.array(boards, dtype=np.uint8).reshape(rows, key[2])
        values[key] = _evaluate_kind(key[0], hole_array, board_array).tolist()
    for state, own in zip(pending, plans, strict=True):
        state.settle({kind: values[key][start : start + count] for kind, key, start, count in own})


def settle_pots(state: HandBase, strengths: dict[str, list[int]]) -> None:
    """Pay main and side pots from the contenders' strengths (see :func:`showdown_requests`).

    The rules (pots, hi-lo halves, ties, odd chips and their policy) are
    :func:`showdown.simulator.core.pot_levels` and :func:`~showdown.simulator.core.pay_pots`.
    """
    variant = state.variant
    n = state.n
    folded, mucked = state.folded, state.mucked
    live = [not folded[s] and not mucked[s] for s in range(n)]
    seats = [s for s in range(n) if live[s]]
    # Strengths indexed by seat (0 for seats not at the showdown).
    high = [0] * n
    for seat, value in zip(seats, strengths[variant.hands[0]], strict=True):
        high[seat] = value
    low = [0] * n
    if variant.hilo:
        for seat, value in zip(seats, strengths[variant.hands[1]], strict=True):
            low[seat] = value
    ante_paid = state.ante_paid
    wagers = [state.totals[s] - ante_paid[s] for s in range(n)]
    amounts = [0] * n
    levels = [0] * n
    count = _pot_levels(n, wagers, live, sum(ante_paid), amounts, levels)
    order = [0] * n
    if state.variant.stud:
        tops = [max(cards) if cards else -1 for cards in state.hole_cards]
        _stud_order(n, tops, order)
    else:
        _button_order(n, state.button, order)
    payout = [0] * n
    fractions = [0] * n
    policy = core.POLICY_CODES[state.odd_chips]
    state.house_chips += _pay_pots(
        n, (count, amounts, levels), (wagers, live, high, low), variant.hilo, order, policy,
        payout, fractions,
    )  # fmt: skip
    stacks, winnings = state.stacks, state.winnings
    for seat in range(n):
        chips = payout[seat]
        if policy == core.EXACT:
            chips = fractions[seat] // core.EXACT_UNIT
        if chips:
            stacks[seat] += chips
            winnings[seat] += chips
    if policy == core.EXACT:
        state.exact_stacks = [
            Fraction(stacks[s]) + Fraction(fractions[s] % core.EXACT_UNIT, core.EXACT_UNIT)
            for s in range(n)
        ]


class ShowdownMixin(HandBase):
    """Uncalled bets, the showdown order, show/muck, and paying the pots."""

    def _return_uncalled(self) -> None:
        """Give back the part of the largest bet nobody called (antes are dead, never returned)."""
        seat, excess = _uncalled_bet(self.n, self.totals, self.ante_paid)
        if excess > 0:
            self.totals[seat] -= excess
            self.stacks[seat] += excess
            self.bets[seat] = max(0, self.bets[seat] - excess)

    def _award_uncontested(self) -> None:
        self._return_uncalled()
        winner = self.folded.index(False)
        pot = sum(self.totals)
        self.stacks[winner] += pot
        self.winnings[winner] += pot
        self._complete()

    def _begin_showdown(self) -> None:
        self._return_uncalled()
        contenders = [s for s in range(self.n) if not self.folded[s]]
        # "The player who bet first (or checked first if no other bet was forthcoming)
        # is required to reveal their cards first"; then clockwise.
        first = self._first_bettor if self._first_bettor is not None else self._round_opener
        if first is None:
            first = contenders[0]
        order = [s for s in self._seat_order(first) if not self.folded[s]]
        self._showdown_order = order
        self.actor = None
        if self.manual_showdown:
            self.status = SHOWDOWN
            self._show_queue = list(order)
            self.actor = self._show_queue[0]
            return
        for seat in order:
            self.shown[seat] = True
            if self.record:
                self.log.append((_SHOW_CODE, seat, tuple(self.hole_cards[seat])))
        self._evaluate_or_defer()

    def _may_muck(self, seat: int) -> bool:
        """A losing hand may be mucked once a hand is shown; never with a player all-in."""
        if any(self.all_in[s] and not self.folded[s] for s in range(self.n)):
            return False
        return any(self.shown[s] for s in range(self.n) if s != seat)

    def show(self, player: int | None = None, cards: Sequence[int] | None = None) -> None:
        """Show the hand at the showdown (``cards`` fills in unknown cards when replaying)."""
        seat = self._require_showdown(player, Action.SHOW)
        if cards is not None:
            self._reveal(seat, cards)
        if UNKNOWN in self.hole_cards[seat]:
            raise IllegalActionError(f"show: seat {seat}'s cards are unknown; give them to show")
        self.shown[seat] = True
        if self.record:
            self.log.append((_SHOW_CODE, seat, tuple(self.hole_cards[seat])))
        self._next_shower()

    def _reveal(self, seat: int, cards: Sequence[int]) -> None:
        """Check shown cards against the hand, filling in cards dealt as unknown."""
        cards = [int(c) for c in cards]
        hand = self.hole_cards[seat]
        if len(cards) != len(hand):
            raise IllegalActionError(f"show: seat {seat} holds {len(hand)} cards, got {len(cards)}")
        if UNKNOWN not in hand:
            if sorted(cards) != sorted(hand):
                raise IllegalActionError(f"show: seat {seat} does not hold {cards}")
            return
        known = [c for c in hand if c != UNKNOWN]
        if any(c not in cards for c in known):
            raise IllegalActionError(f"show: seat {seat} does not hold {cards}")
        self._check_new_cards([c for c in cards if c not in known], Action.SHOW)
        self.hole_cards[seat] = cards

    def muck(self, player: int | None = None) -> None:
        """Muck (give up) the hand at the showdown; allowed once someone has shown."""
        seat = self._require_showdown(player, Action.MUCK)
        if not self._may_muck(seat):
            raise IllegalActionError("muck: the first hand at the showdown must be shown")
        self.mucked[seat] = True
        if self.record:
            self.log.append((_SHOW_CODE, seat, None))
        self._next_shower()

    def _require_showdown(self, player: int | None, action: str) -> int:
        if self.status != SHOWDOWN or self.actor is None:
            raise IllegalActionError(f"{action}: not at the showdown (status {self.status!r})")
        if player is not None and player != self.actor:
            raise IllegalActionError(
                f"{action}: out of turn: seat {player} acted, seat {self.actor} shows next"
            )
        return self.actor

    def _next_shower(self) -> None:
        self._show_queue.pop(0)
        if self._show_queue:
            self.actor = self._show_queue[0]
            return
        self.actor = None
        live = [s for s in range(self.n) if not self.folded[s] and not self.mucked[s]]
        if len(live) == 1:
            pot = sum(self.totals)
            self.stacks[live[0]] += pot
            self.winnings[live[0]] += pot
            self._complete()
            return
        self._evaluate_or_defer()

    def _evaluate_or_defer(self) -> None:
        if self.defer_showdown:
            self.status = EVALUATING
            return
        settle_pots(self, evaluate_requests(showdown_requests(self)))
        self._complete()

    def showdown_requests(self) -> dict[str, tuple[list[int], list[list[int]], list[list[int]]]]:
        """Evaluator inputs for a pending showdown: ``kind -> (seats, hole rows, board rows)``."""
        return showdown_requests(self)

    def settle(self, strengths: dict[str, list[int]]) -> None:
        """Pay the pots given each showdown hand kind's strengths (one per contender seat).

        ``strengths[kind][k]`` belongs to the k-th seat of
        ``showdown_requests()[kind][0]``. Used by batch settlement.
        """
        if self.status != EVALUATING:
            raise IllegalActionError(f"settle: no showdown to settle (status {self.status!r})")
        settle_pots(self, strengths)
        self._complete()

    def _complete(self) -> None:
        self.status = COMPLETE
        self.actor = None
        if self.odd_chips == "exact" and self.exact_stacks is None:
            self.exact_stacks = [Fraction(chips) for chips in self.stacks]
        for seat in range(self.n):
            self.bets[seat] = 0
