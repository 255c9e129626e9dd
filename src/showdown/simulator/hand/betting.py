"""Betting rounds: who acts, what is legal, and fold / check-call / bet-raise / bring-in.

Part of :class:`~showdown.simulator.hand.HandState`. Every rule (openers, turn
order, the raise range, full raises and reopening, the bring-in) is a function
of :mod:`showdown.simulator.core`, called here through ``.py_func`` on the
hand's lists; this module keeps the state and the checks of each action.
"""

from __future__ import annotations

import numpy as np

from .. import core
from .actions import BET_RAISE_TO, CHECK_CALL, PHH_CODES, Action, IllegalActionError, LegalActions
from .base import BETTING, COMPLETE, DRAWING, SHOWDOWN, HandBase

# The rules core as plain Python (bound once: these run on every decision).
_after_bet = core.after_bet.py_func
_after_bring_in = core.after_bring_in.py_func
_apply_bet = core.apply_bet.py_func
_best_showing_seat = core.best_showing_seat.py_func
_bring_in_options = core.bring_in_options.py_func
_bring_in_seat = core.bring_in_seat.py_func
_has_pair = core.has_pair.py_func
_next_to_act = core.next_to_act.py_func
_raise_range = core.raise_range.py_func
_showing_rank = core.showing_rank.py_func
_start_round = core.start_round.py_func
_top_two_capacity = core.top_two_capacity.py_func
_POT_LIMIT = core.POT_LIMIT
# The action log's PHH codes, looked up once.
_FOLD_CODE, _CALL_CODE = PHH_CODES[Action.FOLD], PHH_CODES[Action.CALL]
_BRING_IN_CODE, _RAISE_CODE = PHH_CODES[Action.BRING_IN], PHH_CODES[Action.RAISE]


class BettingMixin(HandBase):
    """The betting round state machine."""

    def _up_cards(self, seat: int) -> list[int]:
        """The seat's face-up cards in deal order (stud)."""
        return [card for card, up in zip(self.hole_cards[seat], self.up[seat], strict=False) if up]

    def _doors(self) -> list[int]:
        """Each seat's door card (first face-up card), -1 when none."""
        doors = []
        for seat in range(self.n):
            shown = self._up_cards(seat)
            doors.append(shown[0] if shown else -1)
        return doors

    def _bring_in_seat(self) -> int:
        seat = _bring_in_seat(self.n, self._doors(), self.folded, self.all_in)
        if seat < 0:
            raise ValueError("bring-in: no live player has a known door card")
        return seat

    def _start_betting(self) -> None:
        variant, stakes = self.variant, self.stakes
        street = variant.streets[self.street_index]
        self.status = BETTING
        if not street.betting:
            self._end_round()
            return
        n = self.n
        # Blinds a hand posts in a game whose rules have none (five-card draw as the
        # sites deal it) are live too: the first round keeps them and opens after them.
        first = self.street_index == 0
        posted_blinds = (
            first and not variant.blinds and street.opener == "button" and any(self.blinds)
        )
        if not (first and variant.blinds) and not posted_blinds:
            self.bets = [0] * n
            self.current_bet = 0
            self._full_bet = 0
            self._bets_count = 0
            self._last_raise = stakes.small_bet
        self._bet_size = stakes.big_bet if street.big_bet else stakes.small_bet
        self.aggressor = None
        self._first_bettor = None
        self._open_pair = False
        opener = street.opener
        if opener == "blinds" or posted_blinds:
            start = self._blind_opener
        elif opener == "bring_in":
            start = self._bring_in_seat()
            self._bring_in_pending = (
                stakes.bring_in > 0 and self._active >= 2 and not self.all_in[start]
            )
        elif opener == "high_showing":
            folded, hole, up = self.folded, self.hole_cards, self.up
            pairs = variant.open_pair_big_bet and self.street_index == 1
            ranks = [-1] * n
            for seat in range(n):
                if not folded[seat]:
                    cards = zip(hole[seat], up[seat], strict=False)
                    shown = [card for card, face_up in cards if face_up]
                    ranks[seat] = _showing_rank(shown, len(shown))
                    if pairs and not self._open_pair:
                        self._open_pair = _has_pair(shown, len(shown))
            start = _best_showing_seat(n, ranks, folded)
        else:
            start = (self.button + 1) % n
        self._round_opener = start
        self._capacity = None
        _start_round(
            n, self.folded, self.all_in, self.bets, self.current_bet, self._needs_action,
            self._may_raise,
        )  # fmt: skip
        self.actor = None
        self._advance_from(start, inclusive=True)

    def _top_capacity(self) -> tuple[int, int, int]:
        """The two largest ``bet + stack`` of players who can act (cached within a round
        until someone folds or goes all-in, which clears the cache)."""
        top = self._capacity
        if top is None:
            top = self._capacity = _top_two_capacity(
                self.n, self.bets, self.stacks, self.folded, self.all_in
            )
        return top

    def _others_capacity(self, seat: int) -> int:
        """The largest ``bet + stack`` among the other players who can act (-1: none)."""
        top = self._top_capacity()
        return top[2] if top[0] == seat else top[1]

    def _advance_from(self, seat: int, *, inclusive: bool) -> None:
        """Give the turn to the next seat that must act, or end the round."""
        actor = _next_to_act(
            seat if inclusive else seat + 1, self.n, self._needs_action, self.bets,
            self.current_bet, self._bring_in_pending, self._capacity or self._top_capacity(),
        )  # fmt: skip
        if actor >= 0:
            self.actor = actor
            return
        self.actor = None
        self._end_round()

    def _end_round(self) -> None:
        if self.folded.count(False) == 1:
            self._award_uncontested()
            return
        self.street_index += 1
        if self.street_index >= len(self.variant.streets):
            self._begin_showdown()
            return
        self._begin_street()

    def _require_turn(self, player: int | None, action: str) -> int:
        if self.status != BETTING:
            if self.status == COMPLETE:
                raise IllegalActionError(f"{action}: the hand is over")
            raise IllegalActionError(f"{action}: no betting now (status {self.status!r})")
        actor = self.actor
        if actor is None:
            raise IllegalActionError(f"{action}: nobody is to act")
        if player is not None and player != actor:
            raise IllegalActionError(
                f"{action}: out of turn: seat {player} acted, seat {actor} is to act"
            )
        return actor

    def _bring_in_choice(self, seat: int) -> tuple[int, int]:
        """``(bring_in_chips, complete_to or -1)`` of the seat due to bring in."""
        stakes = self.stakes
        return _bring_in_options(
            self.stacks[seat], stakes.bring_in, stakes.small_bet, self._others_capacity(seat),
            self.current_bet,
        )  # fmt: skip

    def legal_actions(self) -> LegalActions:
        """The options of the player to act, with exact amounts.

        Raises
        ------
        IllegalActionError
            When nobody is to act (dealing pending, hand over).

        Examples
        --------
        >>> from showdown.simulator import HandState, Stakes
        >>> hand = HandState("plhe", Stakes.blinds(1, 2), [100, 100, 100], seed=1)
        >>> options = hand.legal_actions()
        >>> options.call, options.raise_min_to, options.raise_max_to
        (2, 4, 7)
        """
        seat = self.actor
        if self.status != BETTING or seat is None:
            return self._other_legal_actions()
        stack = self.stacks[seat]
        if self._bring_in_pending:
            chips, completion = self._bring_in_choice(seat)
            if completion < 0:
                return LegalActions(seat, bring_in=chips)
            return LegalActions(
                seat,
                bring_in=chips,
                complete_to=completion,
                raise_min_to=completion,
                raise_max_to=completion,
            )
        current = self.current_bet
        to_call = current - self.bets[seat]
        low, high = self._raise_range(seat)
        complete: int | None = None
        if low is not None and self._full_bet == 0 and current > 0 and self.variant.bring_in:
            complete = low
        # Positional arguments: this runs once per decision.
        if to_call <= 0:
            return LegalActions(seat, True, True, None, low, high, None, complete)
        return LegalActions(
            seat, True, False, to_call if to_call < stack else stack, low, high, None, complete
        )

    @property
    def to_call(self) -> int:
        """Chips the player to act must add to call (0: checking is free); no allocation.

        A cheap alternative to :meth:`legal_actions` for simple agents; capped at the
        player's stack (a call for less is all-in). 0 when nobody is to act.
        """
        seat = self.actor
        if seat is None or self.status != BETTING:
            return 0
        owed = self.current_bet - self.bets[seat]
        stack = self.stacks[seat]
        return owed if owed < stack else stack

    @property
    def bring_in_due(self) -> bool:
        """Whether the player to act must post the stud bring-in (or complete); no allocation."""
        return self._bring_in_pending and self.status == BETTING

    def raise_bounds(self) -> tuple[int, int] | None:
        """``(min_to, max_to)`` of a legal bet/raise for the player to act, or ``None``.

        Same amounts as :meth:`legal_actions` (including a pending stud completion),
        without building the full options record.
        """
        seat = self.actor
        if seat is None or self.status != BETTING:
            return None
        if self._bring_in_pending:
            completion = self._bring_in_choice(seat)[1]
            return None if completion < 0 else (completion, completion)
        low, high = self._raise_range(seat)
        if low is None or high is None:
            return None
        return low, high

    def _other_legal_actions(self) -> LegalActions:
        """Options outside a betting decision: the draw and the showdown."""
        seat = self.actor
        if self.status == DRAWING and seat is not None:
            return LegalActions(seat, discard_max=len(self.hole_cards[seat]))
        if self.status == SHOWDOWN and seat is not None:
            return LegalActions(seat, show=True, muck=self._may_muck(seat))
        self._require_turn(None, "legal_actions")
        raise IllegalActionError("legal_actions: nobody is to act")  # unreachable

    def _raise_range(self, seat: int) -> tuple[int | None, int | None]:
        """Smallest and largest legal raise-to for ``seat``, or ``(None, None)``."""
        top = self._capacity or self._top_capacity()
        low, high = _raise_range(
            self.bets[seat], self.stacks[seat], self._may_raise[seat],
            top[2] if top[0] == seat else top[1],
            (self.current_bet, self._full_bet, self._bet_size, self._bets_count, self._last_raise),
            self._open_pair, sum(self.totals) if self._betting_code == _POT_LIMIT else 0,
            self._limits,
        )  # fmt: skip
        if low < 0:
            return None, None
        return low, high

    def fold(self, player: int | None = None) -> None:
        """Fold the hand of the player to act (``player`` is checked if given)."""
        seat = self._require_turn(player, Action.FOLD)
        if self._bring_in_pending:
            raise IllegalActionError("fold: the bring-in is a forced bet; bring in or complete")
        self.folded[seat] = True
        self._active -= 1
        self._capacity = None
        self._needs_action[seat] = False
        if self.record:
            self.log.append((_FOLD_CODE, seat, None))
        if self._has_draw:
            self._muck.extend(self.hole_cards[seat])
        if self.folded.count(False) == 1:
            self.actor = None
            self._award_uncontested()
            return
        self._advance_from(seat, inclusive=False)

    def check_call(self, player: int | None = None) -> None:
        """Check, or call the current bet (all-in for less when short)."""
        seat = self.actor
        if self.status != BETTING or seat is None or (player is not None and player != seat):
            seat = self._require_turn(player, CHECK_CALL)
        if self._bring_in_pending:
            raise IllegalActionError("check_call: the bring-in must be posted or completed first")
        to_call = self.current_bet - self.bets[seat]
        if to_call > 0:
            stack = self.stacks[seat]
            if to_call < stack:
                # Inline of _post for the common case (a call that leaves chips behind).
                self.stacks[seat] = stack - to_call
                self.totals[seat] += to_call
                self.bets[seat] += to_call
            else:
                self._post(seat, to_call, bet=True)
        self._needs_action[seat] = False
        self._may_raise[seat] = False
        if self.record:
            self.log.append((_CALL_CODE, seat, None))
        self._advance_from(seat, inclusive=False)

    def bring_in(self, player: int | None = None) -> None:
        """Post the stud bring-in (the lowest door card's forced bet)."""
        seat = self._require_turn(player, Action.BRING_IN)
        if not self._bring_in_pending:
            raise IllegalActionError("bring_in: no bring-in is due")
        self._bring_in_pending = False
        posted = self._post(seat, self.stakes.bring_in, bet=True)
        self.current_bet = max(self.current_bet, posted)
        _after_bring_in(seat, self.n, self.folded, self.all_in, self._needs_action)
        if self.record:
            self.log.append((_BRING_IN_CODE, seat, None))
        self._advance_from(seat, inclusive=False)

    def complete(self, player: int | None = None) -> None:
        """Stud: complete the bring-in to the small bet."""
        seat = self._require_turn(player, Action.COMPLETE)
        if not (self._bring_in_pending or (self._full_bet == 0 and self.current_bet > 0)):
            raise IllegalActionError("complete: there is no bring-in to complete")
        self.bet_raise_to(min(self.stakes.small_bet, self.stacks[seat] + self.bets[seat]))

    def bet_raise_to(self, amount: int, player: int | None = None) -> None:
        """Bet or raise so that this round's bet totals ``amount``.

        Raises
        ------
        IllegalActionError
            Out of turn, raising not allowed (capped, no one left to raise against,
            not reopened by a short all-in), below the minimum, above the pot-limit
            maximum, or not the fixed-limit amount.
        """
        seat = self._require_turn(player, BET_RAISE_TO)
        if isinstance(amount, bool) or not isinstance(amount, (int, np.integer)):
            raise IllegalActionError(f"bet_raise_to: amount must be an int, got {amount!r}")
        amount = int(amount)
        if self._bring_in_pending:
            # Completing instead of bringing in: the only raise allowed is the completion.
            completion = self._bring_in_choice(seat)[1]
            if completion < 0:
                raise IllegalActionError(
                    "bet_raise_to: the bring-in cannot be completed here; post it with bring_in()"
                )
            if amount != completion:
                raise IllegalActionError(
                    f"bet_raise_to: to complete the bring-in, raise to {completion}, not {amount}"
                )
            self._bring_in_pending = False
        least, top = self._raise_range(seat)
        if least is None or top is None:
            reason = "the betting is capped" if self._capped() else "raising is not allowed now"
            raise IllegalActionError(f"bet_raise_to: seat {seat} may not raise: {reason}")
        if self._betting_code == core.FIXED_LIMIT:
            if amount not in (least, top):
                raise IllegalActionError(
                    f"bet_raise_to: fixed limit allows a raise to {least}"
                    + (f" or {top}" if top != least else "")
                    + f", not {amount}"
                )
        elif amount < least:
            raise IllegalActionError(
                f"bet_raise_to: below the minimum: raise to at least {least}, not {amount}"
            )
        elif amount > top:
            limit = "pot-limit maximum" if self._betting_code == _POT_LIMIT else "stack"
            raise IllegalActionError(f"bet_raise_to: {amount} is over the {limit} {top}")
        previous = self.current_bet
        self._post(seat, amount - self.bets[seat], bet=True)
        self.current_bet = amount
        reopen, self._full_bet, self._last_raise, self._bets_count, self._bet_size = _apply_bet(
            amount, previous, self._full_bet, self._bet_size, self._last_raise, self._bets_count,
            self._open_pair, self._limits,
        )  # fmt: skip
        self.aggressor = seat
        if self._first_bettor is None:
            self._first_bettor = seat
        _after_bet(
            seat, self.n, self.folded, self.all_in, reopen, self._needs_action, self._may_raise
        )
        if self.record:
            self.log.append((_RAISE_CODE, seat, amount))
        self._advance_from(seat, inclusive=False)

    def _capped(self) -> bool:
        cap = self._raise_cap
        return self._betting_code == core.FIXED_LIMIT and cap >= 0 and self._bets_count >= cap + 1
