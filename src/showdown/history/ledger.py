"""The light pass: a hand's betting followed through the rules core, without ``HandState``.

:func:`~showdown.history.replayed.hand_facts` replays a hand through the
simulator's ``HandState`` (exact amounts as fractions, a log, card checks, the
showdown evaluated): about a hundred times the work analysis needs when the
file itself says who won. :func:`light_facts` follows the same betting with the
same rules (the functions of :mod:`showdown.simulator.core` that ``HandState``
calls: forced bets, who must act, the raise range, full raises, the uncalled
bet) in plain lists, watched by the same :class:`~showdown.history.replayed.Watcher`,
and ends in the same :func:`~showdown.history.replayed.finish`.

It covers the hands of the board games with blinds (hold'em and Omaha, every
betting structure). The pot goes uncontested, or the file logs the winnings, or
the showdown's hands are all known and the simulator's own settlement
(:mod:`showdown.simulator.hand.settlement`: evaluator, side pots, hi-lo halves,
odd chips) pays them, or a live hand at the showdown is unknown (the file's
finishing stacks decide). It returns ``None`` for anything
else and for anything the rules refuse (an action out of turn, a raise out of
range, a card dealt twice, a history that stops mid-hand...): the full replay
then gives the result or the error that names the action. Either way the facts
are the same (tested hand by hand on real and simulated histories).
"""

from __future__ import annotations

import math
import re
from typing import Any

from showdown.cards import parse_card
from showdown.games import hand_type
from showdown.simulator import core
from showdown.simulator.hand import BETTING, COMPLETE, DEALING, SHOWDOWN, UNKNOWN
from showdown.simulator.hand.settlement import evaluate_requests, settle_pots, showdown_requests
from showdown.simulator.phh import HandHistory
from showdown.simulator.phh.history import MAX_SCALE
from showdown.simulator.phh.replay import ActionContext
from showdown.simulator.rules import VARIANTS_BY_PHH_CODE, Stakes, Variant

from .replayed import BOARD_GAMES, HandFacts, Watcher, exact, finish, prepared_actions

__all__ = ["light_facts"]

_post_forced_bets = core.post_forced_bets.py_func
_start_round = core.start_round.py_func
_next_to_act = core.next_to_act.py_func
_top_two_capacity = core.top_two_capacity.py_func
_raise_range = core.raise_range.py_func
_apply_bet = core.apply_bet.py_func
_after_bet = core.after_bet.py_func

_WHOLE = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"([0-9]+)\.([0-9]+)")


class _LeftToReplayError(Exception):
    """The light pass leaves this hand to the full replay."""


def _variant(code: str) -> Variant | None:
    """The variant when the light pass plays it: a board game with blinds."""
    variant = VARIANTS_BY_PHH_CODE.get(code)
    if (
        variant is None
        or not variant.blinds
        or variant.stud
        or variant.has_draw
        or hand_type(code).name not in BOARD_GAMES
        or not all(street.betting and street.opener in ("blinds", "button")
                   for street in variant.streets)
    ):  # fmt: skip
        return None
    return variant


def _scale(history: HandHistory, bets: list[str]) -> int:
    """:attr:`HandHistory.scale` (the same amounts, the same reading), faster."""
    denominator = 1
    values = [*history.starting_stacks, *history.antes, *history.blinds_or_straddles]
    stakes = (history.min_bet, history.small_bet, history.big_bet, history.bring_in)
    values += [v for v in stakes if v]
    values += [
        v
        for v in history.extra.get("winnings") or ()
        if isinstance(v, (int, float)) and not isinstance(v, bool)
    ]
    for value in values:
        if value.__class__ is not int:
            denominator = math.lcm(denominator, exact(value).denominator)
    for token in bets:
        if not _WHOLE.fullmatch(token):
            # amount_of reads a decimal through float; so does the simulator's scale.
            try:
                value = float(token)
                denominator = math.lcm(denominator, exact(value).denominator)
            except ValueError:  # not a number, or inf/nan: the replay names the action
                raise _LeftToReplayError from None
    if denominator > MAX_SCALE:
        raise _LeftToReplayError
    return denominator


def _chips(value: Any, scale: int) -> int:
    if value.__class__ is int:
        return int(value * scale)
    fraction = exact(value)
    return fraction.numerator * scale // fraction.denominator  # int() of it, as create_state


def _bet_chips(token: str, scale: int) -> int:
    """A ``cbr`` amount in whole chips, exactly as the replay reads it."""
    if _WHOLE.fullmatch(token):
        return int(token) * scale
    decimal = _DECIMAL.fullmatch(token)
    if decimal is None:
        raise _LeftToReplayError
    whole, places = decimal.groups()
    chips, remainder = divmod(int(whole + places) * scale, 10 ** len(places))
    if remainder:
        raise _LeftToReplayError  # finer than the hand's scale: the replay says so
    return chips


_CARDS: dict[str, int] = {"??": UNKNOWN}


def _cards(text: str) -> list[int]:
    if len(text) % 2:
        raise _LeftToReplayError
    cards = []
    for start in range(0, len(text), 2):
        token = text[start : start + 2]
        code = _CARDS.get(token)
        if code is None:
            try:
                code = _CARDS[token] = parse_card(token)
            except ValueError:
                raise _LeftToReplayError from None
        cards.append(code)
    return cards


#: ``"p1"`` -> 0... (other spellings such as ``"p01"`` are left to the replay).
_PLAYERS = {f"p{k}": k - 1 for k in range(1, 100)}


def _player(token: str, n: int) -> int:
    seat = _PLAYERS.get(token, n)
    if seat >= n:
        raise _LeftToReplayError
    return seat


class _Table:
    """The betting state of one hand, with the attributes the watcher reads of a
    ``HandState`` (``n``, ``status``, ``street``, ``street_index``, ``stacks``,
    ``bets``, ``totals``, ``ante_paid``, ``folded``, ``all_in``, ``board``,
    ``hole_cards``, ``bring_in_due``)."""

    bring_in_due = False  # board games have no bring-in

    def __init__(self, variant: Variant, stakes: Stakes, stacks: list[int], antes: list[int],
                 blinds: list[int]) -> None:  # fmt: skip
        n = self.n = len(stacks)
        self.variant = variant
        self.streets = variant.streets
        self.stakes = stakes
        self.stacks = stacks
        self.bets = [0] * n
        self.totals = [0] * n
        self.ante_paid = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.hole_cards: list[list[int]] = [[] for _ in range(n)]
        self.board: list[int] = []
        self.seen: set[int] = set()
        self.needs = [False] * n
        self.may_raise = [False] * n
        self.limits = (
            core.BETTING_CODES[variant.betting],
            -1 if variant.raise_cap is None else variant.raise_cap,
            stakes.small_bet, stakes.big_bet, variant.cumulative_all_ins,
        )  # fmt: skip
        self.pot_limit = self.limits[0] == core.POT_LIMIT
        self.bet_size = self.last_raise = stakes.small_bet
        self.current_bet, self.full_bet, self.last_raise, self.bets_count, self.opener = (
            _post_forced_bets(
                n, n - 1, antes, blinds, stakes.small_bet, self.stacks, self.bets, self.totals,
                self.ante_paid, self.all_in,
            )
        )  # fmt: skip
        self.street_index = 0
        self.actor = -1
        self.status = DEALING
        self.pending: dict[int, int] = {}
        self._begin_street()

    @property
    def street(self) -> str:
        if self.status == COMPLETE:
            return "complete"
        if self.street_index >= len(self.streets):
            return "showdown"
        return self.streets[self.street_index].name

    # -- streets -----------------------------------------------------------------

    def _begin_street(self) -> None:
        street = self.streets[self.street_index]
        count = street.down + street.up
        if count:
            self.pending.update((s, count) for s in range(self.n) if not self.folded[s])
        if street.board:
            self.pending[-1] = street.board
        if self.pending:
            self.status = DEALING
            self.actor = -1
        else:
            self._start_betting()

    def _start_betting(self) -> None:
        n, stakes = self.n, self.stakes
        street = self.streets[self.street_index]
        self.status = BETTING
        if self.street_index != 0:
            self.bets = [0] * n
            self.current_bet = self.full_bet = self.bets_count = 0
            self.last_raise = stakes.small_bet
        self.bet_size = stakes.big_bet if street.big_bet else stakes.small_bet
        start = self.opener if street.opener == "blinds" else 0  # left of the button (n - 1)
        _start_round(
            n, self.folded, self.all_in, self.bets, self.current_bet, self.needs, self.may_raise
        )
        self._advance(start)

    def _advance(self, start: int) -> None:
        top = _top_two_capacity(self.n, self.bets, self.stacks, self.folded, self.all_in)
        actor = _next_to_act(start, self.n, self.needs, self.bets, self.current_bet, False, top)
        self.actor = actor
        if actor < 0:
            self._end_round()

    def _end_round(self) -> None:
        self.actor = -1
        if self.folded.count(False) == 1:
            self.status = COMPLETE
            return
        self.street_index += 1
        if self.street_index >= len(self.streets):
            self.status = SHOWDOWN
            return
        self._begin_street()

    # -- actions -----------------------------------------------------------------

    def deal(self, target: int, cards: list[int]) -> None:
        if self.status != DEALING or self.pending.get(target) != len(cards):
            raise _LeftToReplayError
        known = [card for card in cards if card != UNKNOWN]
        seen = self.seen
        before = len(seen)
        seen.update(known)
        if len(seen) != before + len(known):
            raise _LeftToReplayError  # a card dealt twice
        del self.pending[target]
        if target < 0:
            self.board.extend(cards)
        else:
            self.hole_cards[target].extend(cards)
        if not self.pending:
            self._start_betting()

    def _post(self, seat: int, chips: int) -> None:
        posted = min(chips, self.stacks[seat])
        self.stacks[seat] -= posted
        self.totals[seat] += posted
        self.bets[seat] += posted
        if self.stacks[seat] == 0:
            self.all_in[seat] = True

    def act(self, seat: int, verb: str, amount: int) -> None:
        if self.status != BETTING or seat != self.actor:
            raise _LeftToReplayError  # out of turn, or no betting now
        if verb == "f":
            self.folded[seat] = True
            self.needs[seat] = False
            if self.folded.count(False) == 1:
                self.actor = -1
                self.status = COMPLETE
                return
        elif verb == "cc":
            owed = self.current_bet - self.bets[seat]
            if owed > 0:
                self._post(seat, owed)
            self.needs[seat] = self.may_raise[seat] = False
        else:
            self._raise(seat, amount)
        self._advance(seat + 1)

    def _raise(self, seat: int, amount: int) -> None:
        top = _top_two_capacity(self.n, self.bets, self.stacks, self.folded, self.all_in)
        low, high = _raise_range(
            self.bets[seat], self.stacks[seat], self.may_raise[seat],
            top[2] if top[0] == seat else top[1],
            (self.current_bet, self.full_bet, self.bet_size, self.bets_count, self.last_raise),
            False, sum(self.totals) if self.pot_limit else 0, self.limits,
        )  # fmt: skip
        if low < 0:
            raise _LeftToReplayError
        if self.limits[0] == core.FIXED_LIMIT:
            if amount != low and amount != high:
                raise _LeftToReplayError
        elif not low <= amount <= high:
            raise _LeftToReplayError
        previous = self.current_bet
        self._post(seat, amount - self.bets[seat])
        self.current_bet = amount
        reopen, self.full_bet, self.last_raise, self.bets_count, self.bet_size = _apply_bet(
            amount, previous, self.full_bet, self.bet_size, self.last_raise, self.bets_count,
            False, self.limits,
        )  # fmt: skip
        _after_bet(seat, self.n, self.folded, self.all_in, reopen, self.needs, self.may_raise)


class _Showdown:
    """The table at its showdown, with the attributes the simulator's settlement reads
    (every live hand shown: none is mucked), the uncalled bet already returned."""

    def __init__(self, table: _Table) -> None:
        n = self.n = table.n
        self.variant = table.variant
        self.folded = table.folded
        self.mucked = [False] * n
        self.hole_cards = table.hole_cards
        self.board = table.board
        self.ante_paid = table.ante_paid
        self.totals = list(table.totals)
        self.stacks = list(table.stacks)
        seat, excess = core.uncalled_bet.py_func(n, self.totals, self.ante_paid)
        self.totals[seat] -= excess
        self.stacks[seat] += excess
        self.button = n - 1
        self.odd_chips = "standard"  # the replay's policy
        self.house_chips = 0
        self.winnings = [0] * n
        self.exact_stacks = None


def _settle(table: _Table) -> list[int]:
    """Each player's winnings at a showdown of known hands, by the simulator's own
    settlement (evaluator, main and side pots, hi-lo halves, odd chips)."""
    showdown = _Showdown(table)
    settle_pots(showdown, evaluate_requests(showdown_requests(showdown)))  # type: ignore[arg-type]
    return showdown.winnings


def _stakes(history: HandHistory, scale: int) -> tuple[Stakes, list[int], list[int]]:
    """Stakes, antes and blinds in whole chips: ``HandHistory.forced_bets`` at this scale."""
    try:
        return history.forced_bets(lambda value: _chips(value or 0, scale))
    except ValueError:
        raise _LeftToReplayError from None


def light_facts(history: HandHistory) -> HandFacts | None:
    """The facts :func:`~showdown.history.replayed.hand_facts` gives, without ``HandState``,
    or ``None`` when the hand needs the full replay (see the module docstring)."""
    variant = _variant(history.variant)
    if variant is None:
        return None
    n = len(history.starting_stacks)
    winnings = history.extra.get("winnings")
    logged = isinstance(winnings, list) and len(winnings) == n and any(winnings)
    try:
        return _play(history, variant, n, logged)
    except _LeftToReplayError:
        return None


def _play(history: HandHistory, variant: Variant, n: int, logged: bool) -> HandFacts | None:
    if not variant.min_players <= n <= variant.max_players or history.bring_in:
        return None
    actions = prepared_actions(history.actions)
    split = [action.split() for action in actions]
    scale = _scale(history, [t[2] for t in split if len(t) == 3 and t[1] == "cbr"])
    stakes, antes, blinds = _stakes(history, scale)
    stacks = [_chips(v, scale) for v in history.starting_stacks]
    if min(stacks) <= 0 or len(antes) != n or len(blinds) != n:
        return None
    table = _Table(variant, stakes, stacks, antes, blinds)
    watcher = Watcher([street.name for street in variant.streets], n)
    for index, tokens in enumerate(split):
        if tokens[0] == "d":
            if len(tokens) == 4 and tokens[1] == "dh":
                table.deal(_player(tokens[2], n), _cards(tokens[3]))
            elif len(tokens) == 3 and tokens[1] == "db":
                table.deal(-1, _cards(tokens[2]))
            else:
                return None
            # The watcher skips deals (and this pass never returns chips, so the totals
            # before the last action add nothing): it is not told of them.
            continue
        before = ActionContext(table.street, table.current_bet, tuple(table.totals))
        seat = _player(tokens[0], n)
        verb = tokens[1] if len(tokens) > 1 else ""
        if (verb == "f" or verb == "cc") and len(tokens) == 2:
            table.act(seat, verb, 0)
        elif verb == "cbr" and len(tokens) == 3:
            table.act(seat, verb, _bet_chips(tokens[2], scale))
        else:
            return None
        watcher(index, actions[index], before, table, tokens)
    if table.status == COMPLETE:
        winner = table.folded.index(False)
        pot = sum(table.totals) - core.uncalled_bet.py_func(n, table.totals, table.ante_paid)[1]
        settled = [pot if seat == winner else 0 for seat in range(n)]
        order: list[int] = []
    elif table.status == SHOWDOWN:
        order = [seat for seat in range(n) if not table.folded[seat]]
        settled = None
        if not logged and all(UNKNOWN not in table.hole_cards[seat] for seat in order):
            settled = _settle(table)
        # Else the file's winnings decide; or a live hand nobody saw, which the replay
        # could not settle either: the finishing stacks decide (or finish refuses it).
    else:
        return None  # the history stops mid-hand: the replay says where
    return finish(history, scale, table.totals, table.ante_paid, order, settled, watcher)
