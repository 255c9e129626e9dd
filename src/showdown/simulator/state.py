"""One hand of poker as a state machine: deal, bet, draw, show, settle.

Players are seats ``0..n-1`` in clockwise order; ``button`` is the dealer seat
(default ``n - 1``, so seat 0 is the small blind: the PHH position order).
Every operation checks legality and raises :class:`IllegalActionError` (a
``ValueError``) otherwise. Amounts are integer chips; bets are given as round
totals ("raise to"). The hot path uses plain lists and ints only.

Examples
--------
>>> from showdown.simulator import HandState, Stakes
>>> hand = HandState("nlhe", Stakes.blinds(1, 2), [200, 200, 200], seed=7)
>>> hand.actor, hand.legal_actions().call, hand.legal_actions().raise_min_to
(2, 2, 4)
>>> hand.fold(); hand.fold()
>>> hand.status, hand.stacks
('complete', [199, 201, 200])
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from ._base import (
    BETTING,
    COMPLETE,
    DEALING,
    DRAWING,
    EVALUATING,
    SHOWDOWN,
    UNKNOWN,
)
from .actions import IllegalActionError, LegalActions
from .dealing import DealingMixin
from .pots import ODD_CHIP_POLICIES
from .rules import Stakes, Variant, get_variant
from .showdown import ShowdownMixin
from .stud import best_showing, bring_in_player, has_open_pair

__all__ = [
    "BETTING",
    "COMPLETE",
    "DEALING",
    "DRAWING",
    "EVALUATING",
    "SHOWDOWN",
    "UNKNOWN",
    "HandState",
]


class HandState(DealingMixin, ShowdownMixin):
    """One hand of a :class:`~showdown.simulator.rules.Variant`, from forced bets to payout.

    Parameters
    ----------
    game
        Variant name (``"nlhe"``, ``"stud8"``...) or a :class:`Variant`.
    stakes
        Blinds, antes, bring-in and bet sizes.
    stacks
        Starting stacks per seat (positive ints).
    button
        Dealer seat; default the last seat. Blinds are posted by the next two
        seats (heads-up: the button posts the small blind).
    seed, rng, deck
        Where the cards come from: a seed, a ``numpy.random.Generator`` (cheapest
        for many hands), or an explicit card order dealt from the front. Ignored
        with ``manual_dealing``.
    manual_dealing
        Wait for :meth:`deal_hole` / :meth:`deal_board` instead of dealing
        (replaying a hand history; unknown cards allowed as ``-1``).
    blinds, antes
        Per-seat forced bets overriding the stakes (straddles, big-blind antes,
        a single posted blind as in some hand histories).
    odd_chips
        ``"standard"`` (whole chips, odd chip by the rules), ``"exact"``
        (fractional shares in :attr:`exact_stacks`) or ``"house"`` (the house
        keeps the remainder, in :attr:`house_chips`).
    manual_showdown
        Ask each player to :meth:`show` or :meth:`muck` in showdown order. By
        default every remaining hand is compared (mucking a loser changes no chips).
    defer_showdown
        Stop in status ``"evaluating"`` so many hands' showdowns can be evaluated in
        one batch by :func:`~showdown.simulator.showdown.settle_showdowns`.
    record
        Keep the action log used by PHH export (:attr:`log`).

    Attributes
    ----------
    stacks : list of int
        Chips behind per seat (final stacks once the hand is complete).
    bets, totals : list of int
        Chips bet in the current round, and in the whole hand, per seat.
    hole_cards : list of list of int
        Each seat's cards in deal order; :attr:`up` flags the face-up ones.
    board : list of int
        Community cards.
    status : str
        ``dealing``, ``betting``, ``drawing``, ``showdown``, ``evaluating`` or ``complete``.
    actor : int or None
        The seat to act.
    """

    def __init__(
        self,
        game: str | Variant,
        stakes: Stakes,
        stacks: Sequence[int],
        *,
        button: int | None = None,
        seed: int | None = None,
        rng: np.random.Generator | None = None,
        deck: Sequence[int] | None = None,
        manual_dealing: bool = False,
        blinds: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
        odd_chips: str = "standard",
        manual_showdown: bool = False,
        defer_showdown: bool = False,
        record: bool = True,
    ) -> None:
        variant = get_variant(game)
        if not isinstance(stakes, Stakes):
            raise TypeError(f"stakes: expected a Stakes object, got {type(stakes).__name__}")
        n = len(stacks)
        if not variant.min_players <= n <= variant.max_players:
            raise ValueError(
                f"stacks: {variant.name} is played by {variant.min_players}-"
                f"{variant.max_players} players, got {n}"
            )
        starting = [int(chips) for chips in stacks]
        if min(starting) <= 0 or starting != list(stacks):
            bad = next(c for c, s in zip(stacks, starting, strict=True) if s <= 0 or c != s)
            raise ValueError(f"stacks: every stack must be a positive int, got {bad!r}")
        if odd_chips not in ODD_CHIP_POLICIES:
            raise ValueError(f"odd_chips: unknown policy {odd_chips!r}; choose {ODD_CHIP_POLICIES}")
        if button is None:
            button = n - 1
        if not 0 <= button < n:
            raise ValueError(f"button: seat {button} is not in 0..{n - 1}")
        self.variant = variant
        self.stakes = stakes
        self.n = n
        self.button = button
        self.odd_chips = odd_chips
        self.manual_dealing = manual_dealing
        self.manual_showdown = manual_showdown
        self.defer_showdown = defer_showdown
        self.record = record
        self.starting_stacks = starting
        self.stacks = list(starting)
        self.bets = [0] * n
        self.totals = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.disconnected = [False] * n
        self.mucked = [False] * n
        self.shown = [False] * n
        self.hole_cards: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.discards = [0] * n
        self.board: list[int] = []
        self.log: list[tuple[str, int, Any]] = []
        self.exact_stacks: list[Fraction] | None = None
        self.house_chips = 0
        self.scale = 1  # chips per unit of a replayed history with fractional amounts
        self.winnings = [0] * n
        self.status = BETTING
        self.actor: int | None = None
        self.street_index = 0
        # Betting-round state.
        self._needs_action = [False] * n
        self._may_raise = [False] * n
        self.current_bet = 0
        self._full_bet = 0  # level of the last full bet/raise (fixed limit reopening)
        self._last_raise = stakes.small_bet  # size of the last full raise (no/pot limit)
        self._bets_count = 0  # bets + raises this round, for the fixed-limit cap
        self._bet_size = stakes.small_bet
        self._bring_in_pending = False
        self._open_pair = False
        self.aggressor: int | None = None
        self._round_opener: int | None = None
        self._showdown_order: list[int] = []
        self._pending_deals: list[tuple[int, int]] = []  # (seat or -1 for board, count)
        # Cards.
        self._deck: list[int] = []
        self._next_card = 0
        self._muck: list[int] = []
        self._rng = rng
        self._has_draw = variant.has_draw
        self._capacity: tuple[int, int, int] | None = None
        self._stud = variant.stud
        self._betting = variant.betting
        self._active = n  # players neither folded nor all-in
        self._draw_done = False
        self._draw_queue: list[int] = []
        self._show_queue: list[int] = []
        if not manual_dealing:
            if deck is not None:
                cards = [int(card) for card in deck]
                if len(set(cards)) != len(cards) or any(not 0 <= c < 52 for c in cards):
                    raise ValueError("deck: expected distinct card codes 0..51")
                self._deck = cards
            else:
                if rng is None:
                    rng = self._rng = np.random.default_rng(seed)
                self._deck = rng.permutation(52).tolist()
        self._post_forced_bets(blinds, antes)
        self._begin_street()

    # ------------------------------------------------------------------ setup

    def _post_forced_bets(self, blinds: Sequence[int] | None, antes: Sequence[int] | None) -> None:
        n, stakes = self.n, self.stakes
        if antes is None:
            self.antes = [stakes.ante] * n
        else:
            self.antes = self._forced_amounts(antes, "antes")
        if blinds is None:
            self.blinds = [0] * n
            if self.variant.blinds:
                if n == 2:
                    small, big = self.button, (self.button + 1) % n
                else:
                    small, big = (self.button + 1) % n, (self.button + 2) % n
                self.blinds[small] = stakes.small_blind
                self.blinds[big] = stakes.big_blind
        else:
            self.blinds = self._forced_amounts(blinds, "blinds")
        self.ante_paid = [0] * n
        if stakes.ante or antes is not None:
            for seat in range(n):
                if self.antes[seat]:
                    self.ante_paid[seat] = self._post(seat, self.antes[seat], bet=False)
        for seat in range(n):
            if self.blinds[seat] and self.stacks[seat]:
                self._post(seat, self.blinds[seat], bet=True)
        largest = max(self.blinds)
        if largest:
            # A short all-in blind still sets the full blind: others call the full amount.
            self.current_bet = largest
            self._full_bet = largest
            self._last_raise = max(stakes.small_bet, largest)
            self._bets_count = 1
            # The opener is left of the largest blind (the last one in position order).
            last = self.button
            for seat in self._seat_order(self.button + 1):
                if self.blinds[seat] == largest:
                    last = seat
            self._blind_opener = (last + 1) % n
        else:
            self._blind_opener = (self.button + 1) % n

    def _forced_amounts(self, values: Sequence[int], name: str) -> list[int]:
        amounts = [int(v) for v in values]
        if len(amounts) != self.n or min(amounts) < 0:
            raise ValueError(f"{name}: expected {self.n} non-negative amounts, got {list(values)}")
        return amounts

    # ------------------------------------------------------------------ betting

    def _start_betting(self) -> None:
        variant, stakes = self.variant, self.stakes
        street = variant.streets[self.street_index]
        self.status = BETTING
        if not street.betting:
            self._end_round()
            return
        first_round = self.street_index == 0
        if not (first_round and variant.blinds):
            for seat in range(self.n):
                self.bets[seat] = 0
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
            start = bring_in_player(self.hole_cards, self.up, self.folded)
            self._bring_in_pending = stakes.bring_in > 0 and self._active >= 2 and not all_in[start]
        elif opener == "high_showing":
            start = best_showing(self.hole_cards, self.up, self.folded)
            if variant.open_pair_big_bet and self.street_index == 1:
                self._open_pair = has_open_pair(self.hole_cards, self.up, self.folded)
        else:
            start = (self.button + 1) % self.n
        self._round_opener = start
        self._capacity = None
        lone = self._active < 2
        needs_action, bets, current = self._needs_action, self.bets, self.current_bet
        for seat in range(self.n):
            needs = not (folded[seat] or all_in[seat])
            if needs and lone and bets[seat] >= current:
                needs = False
            needs_action[seat] = needs
        self._may_raise = [True] * self.n
        self.actor = None
        self._advance_from(start, inclusive=True)

    def _advance_from(self, seat: int, *, inclusive: bool) -> None:
        """Give the turn to the next seat that must act, or end the round."""
        needs = self._needs_action
        size = self.n
        candidate = seat if inclusive else seat + 1
        for _ in range(size):
            if candidate >= size:
                candidate -= size
            if needs[candidate]:
                if (
                    self.bets[candidate] >= self.current_bet
                    and not self._bring_in_pending
                    and not self._someone_can_call_more(candidate)
                ):
                    # Nothing to decide: the bet is matched and nobody could call a raise.
                    needs[candidate] = False
                else:
                    self.actor = candidate
                    return
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
            completion = min(self.stakes.small_bet, stack)
            return LegalActions(
                seat,
                bring_in=min(self.stakes.bring_in, stack),
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
        if most <= current or not self._may_raise[seat] or not self._someone_can_call_more(seat):
            return None, None
        betting = self._betting
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
        if betting == "pot":
            pot = sum(self.totals) + (current - bet)
            top = min(current + pot, most)
        else:
            top = most
        least = min(least, most)
        return least, max(least, top)

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
        if self.variant.betting == "fixed":
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
        if full:
            if self.variant.betting != "fixed":
                self._last_raise = amount - previous
            self._full_bet = amount
            self._bets_count += 1
            for other in range(self.n):
                self._may_raise[other] = True
        elif previous == 0:
            # An all-in opening bet below the minimum still opens the betting: players
            # who checked have not acted on a wager and may raise.
            for other in range(self.n):
                self._may_raise[other] = True
        self.aggressor = seat
        self._may_raise[seat] = False
        for other in range(self.n):
            if other != seat and not self.folded[other] and not self.all_in[other]:
                self._needs_action[other] = True
        self._needs_action[seat] = False
        if self.record:
            self.log.append(("cbr", seat, amount))
        self._advance_from(seat, inclusive=False)

    def _capped(self) -> bool:
        cap = self.variant.raise_cap
        return self.variant.betting == "fixed" and cap is not None and self._bets_count >= cap + 1

    # ------------------------------------------------------------------ events

    def time_out(self) -> None:
        """The player to act ran out of time: fold, or check when checking is free.

        In a draw the player stands pat; at the showdown the hand is mucked when
        allowed, else shown.
        """
        if self.status == DRAWING:
            self.discard(())
        elif self.status == SHOWDOWN:
            if self.actor is not None and self._may_muck(self.actor):
                self.muck()
            else:
                self.show()
        elif self._bring_in_pending:
            self.bring_in()
        elif self.status == BETTING and self.actor is not None:
            if self.current_bet <= self.bets[self.actor]:
                self.check_call()
            else:
                self.fold()
        else:
            raise IllegalActionError(f"time_out: nobody is to act (status {self.status!r})")

    def disconnect(self, player: int) -> None:
        """Treat ``player`` as all-in for the chips already in (eligible for the pots so far).

        Later bets go to side pots the player cannot win. A disconnected player
        stands pat on a draw and shows at the showdown.
        """
        if not 0 <= player < self.n:
            raise ValueError(f"disconnect: seat {player} is not in 0..{self.n - 1}")
        if self.status == COMPLETE:
            raise IllegalActionError("disconnect: the hand is over")
        if self.folded[player] or self.disconnected[player]:
            return
        self.disconnected[player] = True
        if not self.all_in[player]:
            self._active -= 1
        self._capacity = None
        self.all_in[player] = True
        self._needs_action[player] = False
        if self.status == BETTING and self.actor == player:
            if self._bring_in_pending:
                self._bring_in_pending = False
            self._advance_from(player, inclusive=False)
        elif self.status == DRAWING and self.actor == player:
            self._next_drawer()

    # ------------------------------------------------------------------ queries

    def act(self, action: str, amount: int | None = None, cards: Sequence[int] = ()) -> None:
        """Apply an action by name: ``fold``, ``check``, ``call``, ``check_call``, ``bet``,
        ``raise`` (``amount`` = raise-to), ``bring_in``, ``complete``, ``discard``
        (``cards``), ``show``, ``muck``, ``time_out``.
        """
        if action == "fold":
            self.fold()
        elif action in ("check", "call", "check_call"):
            if (
                action == "check"
                and self.status == BETTING
                and self.actor is not None
                and self.current_bet > self.bets[self.actor]
            ):
                raise IllegalActionError("check: there is a bet to call")
            self.check_call()
        elif action in ("bet", "raise", "bet_raise_to"):
            if amount is None:
                raise IllegalActionError(f"{action}: needs an amount (the raise-to total)")
            self.bet_raise_to(amount)
        elif action == "bring_in":
            self.bring_in()
        elif action == "complete":
            self.complete()
        elif action == "discard":
            self.discard(cards)
        elif action == "show":
            self.show()
        elif action == "muck":
            self.muck()
        elif action == "time_out":
            self.time_out()
        else:
            raise IllegalActionError(f"act: unknown action {action!r}")
