"""Betting rounds: who acts, what is legal, and fold / check-call / bet-raise / bring-in.

Part of :class:`~showdown.simulator.hand.HandState`; the rule decisions are
listed in :mod:`showdown.simulator.hand.state`.
"""

from __future__ import annotations

import numpy as np

from .actions import IllegalActionError, LegalActions
from .base import BETTING, COMPLETE, DRAWING, SHOWDOWN, HandBase
from .stud import best_showing, bring_in_player, has_open_pair


class BettingMixin(HandBase):
    """The betting round state machine."""

    def _start_betting(self) -> None:
        variant, stakes = self.variant, self.stakes
        street = variant.streets[self.street_index]
        self.status = BETTING
        if not street.betting:
            self._end_round()
            return
        first_round = self.street_index == 0
        n = self.n
        if not (first_round and variant.blinds):
            self.bets = [0] * n
            self.current_bet = 0
            self._full_bet = 0
            self._bets_count = 0
            self._last_raise = stakes.small_bet
        self._bet_size = stakes.big_bet if street.big_bet else stakes.small_bet
        self.aggressor = None
        folded, all_in = self.folded, self.all_in
        self._open_pair = False
        opener = street.opener
        if opener == "blinds":
            start = self._blind_opener if max(self.blinds) else (self.button + 1) % self.n
        elif opener == "bring_in":
            # The lowest door card among players who can act (all-in ones are passed over).
            start = bring_in_player(self.hole_cards, self.up, self.folded, all_in)
            self._bring_in_pending = stakes.bring_in > 0 and self._active >= 2 and not all_in[start]
        elif opener == "high_showing":
            start = best_showing(self.hole_cards, self.up, self.folded)
            if variant.open_pair_big_bet and self.street_index == 1:
                self._open_pair = has_open_pair(self.hole_cards, self.up, self.folded)
        else:
            start = (self.button + 1) % self.n
        self._round_opener = start
        self._capacity = None
        needs_action = [not (folded[seat] or all_in[seat]) for seat in range(n)]
        if self._active < 2:
            # A lone active player acts only when facing a bet.
            bets, current = self.bets, self.current_bet
            for seat in range(n):
                if needs_action[seat] and bets[seat] >= current:
                    needs_action[seat] = False
        self._needs_action = needs_action
        self._may_raise = [True] * n
        self.actor = None
        self._advance_from(start, inclusive=True)

    def _advance_from(self, seat: int, *, inclusive: bool) -> None:
        """Give the turn to the next seat that must act, or end the round."""
        needs, bets, current = self._needs_action, self.bets, self.current_bet
        size = self.n
        candidate = seat if inclusive else seat + 1
        for _ in range(size):
            if candidate >= size:
                candidate -= size
            if needs[candidate]:
                if bets[candidate] < current or self._bring_in_pending:
                    self.actor = candidate
                    return
                # Matched bet: act only if a raise could be called (inlined cache read of
                # _someone_can_call_more, this runs on every check).
                top = self._capacity
                if top is None:
                    self._someone_can_call_more(candidate)
                    top = self._capacity
                    assert top is not None
                if (top[2] if top[0] == candidate else top[1]) > current:
                    self.actor = candidate
                    return
                needs[candidate] = False  # nothing to decide
            candidate += 1
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

    def _someone_can_call_more(self, seat: int) -> bool:
        """Whether a raise could be called: another active player has chips beyond the bet."""
        top = self._capacity
        if top is None:
            # The two largest "bet + stack" among active players; constant within a round
            # until someone folds or goes all-in (which clears this cache).
            best_seat, best, second = -1, -1, -1
            bets, stacks, folded, all_in = self.bets, self.stacks, self.folded, self.all_in
            for other in range(self.n):
                if not folded[other] and not all_in[other]:
                    chips = bets[other] + stacks[other]
                    if chips > best:
                        best_seat, best, second = other, chips, best
                    elif chips > second:
                        second = chips
            top = self._capacity = (best_seat, best, second)
        return (top[2] if top[0] == seat else top[1]) > self.current_bet

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
            bring_in = min(self.stakes.bring_in, stack)
            if stack <= self.stakes.bring_in or not self._someone_can_call_more(seat):
                # The bring-in takes every chip, or nobody could call a completion.
                return LegalActions(seat, bring_in=bring_in)
            completion = min(self.stakes.small_bet, stack)
            return LegalActions(
                seat,
                bring_in=bring_in,
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
            options = self.legal_actions()
            if options.complete_to is None:
                return None
            return options.complete_to, options.complete_to
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
        bet, current = self.bets[seat], self.current_bet
        most = bet + self.stacks[seat]
        betting = self._betting
        if not self._may_raise[seat] and not (
            # Short all-ins that add up to a full raise reopen the betting (TDA).
            betting != "fixed"
            and self.variant.cumulative_all_ins
            and current - bet >= self._last_raise
        ):
            return None, None
        if most <= current or not self._someone_can_call_more(seat):
            return None, None
        if betting == "fixed":
            cap = self.variant.raise_cap
            if cap is not None and self._bets_count >= cap + 1:
                return None, None
            target = self._full_bet + self._bet_size
            if self._open_pair and self._bets_count == 0:
                # Fourth street with an open pair: the small or the big bet.
                big = self._full_bet + self.stakes.big_bet
                return min(target, most), min(big, most)
            target = min(target, most)
            return target, target
        # No/pot limit: at least the minimum bet, or the last full raise again.
        least = self.stakes.small_bet if current == 0 else current + self._last_raise
        if least > most:
            least = most
        if betting == "pot":
            top = current + sum(self.totals) + (current - bet)
            if top > most:
                top = most
            return least, (top if top > least else least)
        return least, most

    def fold(self, player: int | None = None) -> None:
        """Fold the hand of the player to act (``player`` is checked if given)."""
        seat = self._require_turn(player, "fold")
        if self._bring_in_pending:
            raise IllegalActionError("fold: the bring-in is a forced bet; bring in or complete")
        self.folded[seat] = True
        self._active -= 1
        self._capacity = None
        self._needs_action[seat] = False
        if self.record:
            self.log.append(("f", seat, None))
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
            seat = self._require_turn(player, "check_call")
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
            self.log.append(("cc", seat, None))
        self._advance_from(seat, inclusive=False)

    def bring_in(self, player: int | None = None) -> None:
        """Post the stud bring-in (the lowest door card's forced bet)."""
        seat = self._require_turn(player, "bring_in")
        if not self._bring_in_pending:
            raise IllegalActionError("bring_in: no bring-in is due")
        self._bring_in_pending = False
        posted = self._post(seat, self.stakes.bring_in, bet=True)
        self.current_bet = max(self.current_bet, posted)
        self._needs_action[seat] = False
        for other in range(self.n):
            if other != seat and not self.folded[other] and not self.all_in[other]:
                self._needs_action[other] = True
        if self.record:
            self.log.append(("pb", seat, None))
        self._advance_from(seat, inclusive=False)

    def complete(self, player: int | None = None) -> None:
        """Stud: complete the bring-in to the small bet."""
        seat = self._require_turn(player, "complete")
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
        seat = self._require_turn(player, "bet_raise_to")
        if isinstance(amount, bool) or not isinstance(amount, (int, np.integer)):
            raise IllegalActionError(f"bet_raise_to: amount must be an int, got {amount!r}")
        amount = int(amount)
        if self._bring_in_pending:
            # Completing instead of bringing in: the only raise allowed is the completion.
            target = self._full_bet + self._bet_size
            target = min(target, self.bets[seat] + self.stacks[seat])
            if self.stacks[seat] <= self.stakes.bring_in or not self._someone_can_call_more(seat):
                raise IllegalActionError(
                    "bet_raise_to: the bring-in cannot be completed here; post it with bring_in()"
                )
            if amount != target:
                raise IllegalActionError(
                    f"bet_raise_to: to complete the bring-in, raise to {target}, not {amount}"
                )
            self._bring_in_pending = False
        least, top = self._raise_range(seat)
        if least is None or top is None:
            reason = "the betting is capped" if self._capped() else "raising is not allowed now"
            raise IllegalActionError(f"bet_raise_to: seat {seat} may not raise: {reason}")
        if self.variant.betting == "fixed":
            if amount not in (least, top):
                raise IllegalActionError(
                    f"bet_raise_to: fixed limit allows a raise to {least}"
                    + (f" or {top}" if top != least else "")
                    + f", not {amount}"
                )
            if self._open_pair and amount - self._full_bet == self.stakes.big_bet:
                self._bet_size = self.stakes.big_bet
        elif amount < least:
            raise IllegalActionError(
                f"bet_raise_to: below the minimum: raise to at least {least}, not {amount}"
            )
        elif amount > top:
            limit = "pot-limit maximum" if self.variant.betting == "pot" else "stack"
            raise IllegalActionError(f"bet_raise_to: {amount} is over the {limit} {top}")
        previous = self.current_bet
        self._post(seat, amount - self.bets[seat], bet=True)
        self.current_bet = amount
        if self._betting == "fixed":
            # A regular raise reaches the next level; an all-in for less counts as a
            # full raise when it is at least half a bet (DESIGN.md rule decision).
            full = (
                amount >= self._full_bet + self._bet_size
                or 2 * (amount - self._full_bet) >= self._bet_size
            )
        elif previous == 0:
            full = amount >= self.stakes.small_bet
        else:
            full = amount - previous >= self._last_raise
        n = self.n
        if full:
            if self._betting != "fixed":
                self._last_raise = amount - previous
            self._full_bet = amount
            self._bets_count += 1
            self._may_raise = [True] * n
        elif previous == 0:
            # An all-in opening bet below the minimum still opens the betting: players
            # who checked have not acted on a wager and may raise.
            self._may_raise = [True] * n
        self.aggressor = seat
        self._may_raise[seat] = False
        folded, all_in = self.folded, self.all_in
        self._needs_action = [not (folded[other] or all_in[other]) for other in range(n)]
        self._needs_action[seat] = False
        if self.record:
            self.log.append(("cbr", seat, amount))
        self._advance_from(seat, inclusive=False)

    def _capped(self) -> bool:
        cap = self.variant.raise_cap
        return self.variant.betting == "fixed" and cap is not None and self._bets_count >= cap + 1
