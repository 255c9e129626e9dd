"""One hand of poker as a state machine: deal, bet, draw, show, settle.

Players are seats ``0..n-1`` in clockwise order; ``button`` is the dealer seat
(default ``n - 1``, so seat 0 is the small blind: the PHH position order).
Every operation checks legality and raises :class:`IllegalActionError` (a
``ValueError``) otherwise. Amounts are integer chips; bets are given as round
totals ("raise to"). The hot path uses plain lists and ints only.

The rules are those of the rule documents; where they are silent, the
decisions listed in ``docs/rules.md`` (the repository's rule decisions table,
which quotes the documents) apply. Every betting and payout rule is a function
of :mod:`showdown.simulator.core`, shared with the compiled engine. This
module adds the events of a hand: a time-out folds, checks when free, posts a
due bring-in, stands pat on a draw, and mucks (or shows when mucking is not
allowed) at the showdown; a disconnected player is all-in for the chips already
in, stands pat, and shows.

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

import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from .. import core
from ..rules import Stakes, Variant, get_variant
from .actions import ACTION_NAMES, Action, IllegalActionError, PlayerView
from .base import (
    BETTING,
    COMPLETE,
    DEALING,
    DRAWING,
    EVALUATING,
    SHOWDOWN,
    UNKNOWN,
)
from .betting import BettingMixin
from .dealing import DealingMixin
from .pots import ODD_CHIP_POLICIES
from .settlement import ShowdownMixin
from .view import SeatView

#: Numbers handed to hands as they are created (``HandState.hand_id``).
_HAND_IDS = itertools.count()

_FOLD, _CHECK, _CALL, _BET, _RAISE = (
    Action.FOLD, Action.CHECK, Action.CALL, Action.BET, Action.RAISE
)  # fmt: skip

_blind_positions = core.blind_positions.py_func
_post_forced_bets = core.post_forced_bets.py_func

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


class HandState(BettingMixin, DealingMixin, ShowdownMixin):
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
        one batch by :func:`~showdown.simulator.hand.settle_showdowns`.
    record
        Keep the action log used by PHH export (:attr:`log`).

    Attributes
    ----------
    hand_id : int
        A number no other hand of this process has (an agent's views of one hand
        share it, so an agent can keep per-hand notes without holding the hand).
        It counts the hands made in the process, so it is not reproducible from a
        seed: never draw random numbers from it.
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

    # Starting values of scalar attributes, shared by every hand until it assigns its
    # own (immutable values only): fewer assignments per construction.
    exact_stacks: list[Fraction] | None = None
    house_chips = 0
    scale = 1  # chips per unit of a replayed history with fractional amounts
    status = BETTING
    actor: int | None = None
    street_index = 0
    current_bet = 0
    _full_bet = 0  # level of the last full bet/raise (fixed limit reopening)
    _bets_count = 0  # bets + raises this round, for the fixed-limit cap
    _bring_in_pending = False
    _open_pair = False
    aggressor: int | None = None
    _round_opener: int | None = None
    _first_bettor: int | None = None  # first bet of the current round (showdown order)
    _next_card = 0
    _capacity: tuple[int, int, int] | None = None
    _draw_done = False
    _discarded: dict[int, set[int]] | None = None  # manual dealing: each seat's discards

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
        starting = list(stacks)
        for chips in starting:
            if chips.__class__ is not int or chips <= 0:
                # Slow path: accept int-like values (numpy ints), reject the rest.
                starting = [int(value) for value in stacks]
                if min(starting) <= 0 or starting != list(stacks):
                    bad = next(c for c, s in zip(stacks, starting, strict=True) if s <= 0 or c != s)
                    raise ValueError(f"stacks: every stack must be a positive int, got {bad!r}")
                break
        if odd_chips not in ODD_CHIP_POLICIES:
            raise ValueError(f"odd_chips: unknown policy {odd_chips!r}; choose {ODD_CHIP_POLICIES}")
        if button is None:
            button = n - 1
        if not 0 <= button < n:
            raise ValueError(f"button: seat {button} is not in 0..{n - 1}")
        self.hand_id = next(_HAND_IDS)
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
        self.winnings = [0] * n
        # Betting-round state.
        self._needs_action = [False] * n
        self._may_raise = [False] * n
        self._last_raise = stakes.small_bet  # size of the last full raise (no/pot limit)
        self._bet_size = stakes.small_bet
        self._showdown_order: list[int] = []
        self._pending_deals: list[tuple[int, int]] = []  # (seat or -1 for board, count)
        # Cards.
        self._deck: list[int] = []
        self._muck: list[int] = []
        self._rng = rng
        self._has_draw = variant.has_draw
        self._stud = variant.stud
        self._betting_code = core.BETTING_CODES[variant.betting]
        self._raise_cap = -1 if variant.raise_cap is None else variant.raise_cap
        self._cumulative = variant.cumulative_all_ins
        # The hand's limits in the order the core's raise_range takes them last.
        self._limits = (
            self._betting_code, self._raise_cap, stakes.small_bet, stakes.big_bet,
            self._cumulative,
        )  # fmt: skip
        self._active = n  # players neither folded nor all-in
        self._draw_queue: list[int] = []
        self._show_queue: list[int] = []
        if not manual_dealing:
            if deck is not None:
                cards = [int(card) for card in deck]
                if len(set(cards)) != len(cards) or any(not 0 <= c < 52 for c in cards):
                    raise ValueError("deck: expected distinct card codes 0..51")
                if variant.lowest_rank and min(cards, default=52) < 4 * variant.lowest_rank:
                    raise ValueError(f"deck: {variant.name} deals only the cards of its deck")
                self._deck = cards
            else:
                if rng is None:
                    rng = self._rng = np.random.default_rng(seed)
                if variant.lowest_rank:  # a short deck: shuffle its cards, not 52
                    first = 4 * variant.lowest_rank
                    self._deck = (rng.permutation(52 - first) + first).tolist()
                else:
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
            if self.variant.button_blind:
                self.blinds[self.button] = stakes.big_blind
            elif self.variant.blinds:
                small, big = _blind_positions(n, self.button)
                self.blinds[small] = stakes.small_blind
                self.blinds[big] = stakes.big_blind
        else:
            self.blinds = self._forced_amounts(blinds, "blinds")
        self.ante_paid = [0] * n
        (
            self.current_bet,
            self._full_bet,
            self._last_raise,
            self._bets_count,
            self._blind_opener,
        ) = _post_forced_bets(
            n, self.button, self.antes, self.blinds, stakes.small_bet, self.stacks, self.bets,
            self.totals, self.ante_paid, self.all_in,
        )  # fmt: skip
        self._active = self.all_in.count(False)

    def _forced_amounts(self, values: Sequence[int], name: str) -> list[int]:
        amounts = [int(v) for v in values]
        if len(amounts) != self.n or min(amounts) < 0:
            raise ValueError(f"{name}: expected {self.n} non-negative amounts, got {list(values)}")
        return amounts

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see: own cards, face-up cards, board, bets; never the deck.

        Examples
        --------
        >>> from showdown.simulator import HandState, Stakes
        >>> hand = HandState("stud", Stakes.stud(1, 2, 5), [100, 100], seed=3)
        >>> seen = hand.view(0)
        >>> len(seen.hole_cards), [len(up) for up in seen.up_cards]
        (3, [1, 1])
        """
        if not 0 <= player < self.n:
            raise ValueError(f"view: seat {player} is not in 0..{self.n - 1}")
        # One composition of what a seat may see: the agents' snapshot's.
        return SeatView(self, player).view()

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
        if self.status == BETTING and self.actor is not None:
            if self.actor == player and self._bring_in_pending and self._active >= 2:
                # Disconnected before posting: the bring-in passes to the lowest door
                # card among the players who can still act.
                self.actor = self._bring_in_seat()
                self._round_opener = self.actor
            elif self.actor == player:
                self._bring_in_pending = False
                self._advance_from(player, inclusive=False)
            else:
                if self._bring_in_pending and self._active < 2:
                    # Nobody left to bring in against.
                    self._bring_in_pending = False
                # The player to act may have nothing left to decide (no one could call a raise).
                self._advance_from(self.actor, inclusive=True)
        elif self.status == DRAWING and self.actor == player:
            self._next_drawer()

    # ------------------------------------------------------------------ queries

    def act(self, action: str, amount: int | None = None, cards: Sequence[int] = ()) -> None:
        """Apply an :class:`~showdown.simulator.hand.actions.Action` by name or member.

        ``fold``, ``check`` (an error facing a bet), ``call`` (alias ``check_call``:
        check or call), ``bet`` or ``raise`` (alias ``bet_raise_to``; ``amount`` is the
        raise-to total), ``bring_in``, ``complete``, ``discard`` (``cards``; none
        stands pat), ``show``, ``muck``, ``time_out``. Dealing has its own methods.

        Raises
        ------
        IllegalActionError
            For an unknown name (the message lists the known ones), a dealing
            action, or an action the rules do not allow now.

        Examples
        --------
        >>> from showdown.simulator import Action, HandState, Stakes
        >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=0)
        >>> hand.act("bet_raise_to", 6); hand.act(Action.CALL); hand.street
        'flop'
        """
        move = ACTION_NAMES.get(action) if isinstance(action, str) else None
        if move is None:
            move = Action.parse(action, "act")  # raises, naming the known actions
        if move is _FOLD:
            self.fold()
        elif move is _CALL:
            self.check_call()
        elif move is _CHECK:
            if (
                self.status == BETTING
                and self.actor is not None
                and self.current_bet > self.bets[self.actor]
            ):
                raise IllegalActionError("check: there is a bet to call")
            self.check_call()
        elif move is _RAISE or move is _BET:
            if amount is None:
                raise IllegalActionError(f"{action}: needs an amount (the raise-to total)")
            self.bet_raise_to(amount)
        elif move is Action.BRING_IN:
            self.bring_in()
        elif move is Action.COMPLETE:
            self.complete()
        elif move is Action.DISCARD:
            self.discard(cards)
        elif move is Action.SHOW:
            self.show()
        elif move is Action.MUCK:
            self.muck()
        elif move is Action.TIME_OUT:
            self.time_out()
        else:
            raise IllegalActionError(
                f"act: {move} is a dealing action; use deal_hole() or deal_board()"
            )
