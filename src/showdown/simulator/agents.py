"""Agents: plain callables that choose an action for the player to act.

An agent is any callable ``agent(hand, seat) -> action``. A table calls it with a
:class:`~showdown.simulator.hand.SeatView`: a snapshot of the hand made for that
decision (the same questions as :class:`~showdown.simulator.hand.HandState`:
``hole_cards[seat]``, ``board``, ``to_call``, ``raise_bounds()``,
``legal_actions()``, ``stacks``...; other players' hidden cards read as ``-1``,
every sequence is a tuple, and nothing in it leads back to the hand) and the
seat to act (the hand's seat numbering). It returns one of:

- an :class:`~showdown.simulator.hand.actions.Action` or its name:
  ``"fold"``, ``"check"``, ``"call"`` (``"check"`` and ``"call"`` both mean
  check-or-call; ``"check"`` facing a bet is an error; ``"check_call"`` is
  ``"call"``), ``"bring_in"``, ``"complete"`` (the built-in agents return
  members, which compare equal to their names);
- an ``int``: bet or raise to that round total (like ``hand.bet_raise_to``);
- at a draw, a tuple of the card codes to discard (``()`` stands pat);
- :data:`TIMEOUT` (the player lets the clock run out) or a :class:`Disconnect`.

The table applies the action; an illegal one raises ``IllegalActionError``
naming the seat. After every agent call the table compares the whole hand
(chips, cards, deck, turn, flags) with what it was before the call: an agent
that raises, or changes anything (say, through the interpreter's frames, since
the view itself leads nowhere), stops the table with an :class:`AgentError`
naming the seat and the agent. A view is made for one decision; keep per-hand
notes under ``hand.hand_id``, which every view of a hand shares.

Built-in agents: :class:`RandomAgent` (a random legal action),
:class:`CallingStation` (always checks or calls) and :class:`HandStrengthAgent`
(bets, calls or folds by the strength of its own hand, using the evaluator).

Examples
--------
>>> from showdown.simulator import simulate
>>> def always_fold_or_check(hand, seat):
...     return "check" if hand.to_call == 0 else "fold"
>>> result = simulate("nlhe", [always_fold_or_check, "call"], hands=10, seed=1)
>>> result.hands
10
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, TypeAlias, Union

from ..errors import InputError
from .core import _agent_kernels as choices
from .hand.actions import Action
from .pushfold_agent import PushFoldAgent

if TYPE_CHECKING:
    from .hand import HandState, SeatView

HandLike: TypeAlias = "HandState | SeatView"
"""What agents are called with: a table's read-only view, or a hand itself."""

# The agents' choices, shared with the compiled engine (plain Python here).
_FOLD, _RAISE = choices.FOLD, choices.RAISE
# The decisions, as members of the one vocabulary.
_FOLD_ACTION, _CHECK, _CALL = Action.FOLD, Action.CHECK, Action.CALL
_BRING_IN, _COMPLETE = Action.BRING_IN, Action.COMPLETE
_draw_keep_mask = choices.draw_keep_mask.py_func
_random_amount = choices.random_amount.py_func
_random_brings_in = choices.random_brings_in.py_func
_random_discard_count = choices.random_discard_count.py_func
_random_fallback = choices.random_fallback.py_func
_random_intent = choices.random_intent.py_func
_rank_score = choices.rank_score.py_func
_strength_action = choices.strength_action.py_func
_strength_completes = choices.strength_completes.py_func

__all__ = [
    "AGENTS",
    "CATEGORY_STRENGTH",
    "PREFLOP_SCORES",
    "TIMEOUT",
    "Agent",
    "AgentError",
    "CallingStation",
    "Decision",
    "Disconnect",
    "HandStrengthAgent",
    "RandomAgent",
    "make_agent",
]


class AgentError(ValueError):
    """An agent failed: it raised an exception (chained as ``__cause__``) or changed the hand.

    The message names the table seat and the agent, e.g. ``seat 3 (agent 'tight')
    raised ValueError: ...``. The hand stops where it was; the table's stacks and
    counters are those before the hand.
    """


class _Timeout:
    """Type of :data:`TIMEOUT` (a single instance)."""

    def __repr__(self) -> str:
        return "TIMEOUT"


TIMEOUT = _Timeout()
"""Returned by an agent that lets its time run out: folded, or checked when free."""


@dataclass(frozen=True)
class Disconnect:
    """Returned by an agent whose player loses the connection.

    Parameters
    ----------
    reconnect_after
        Seconds (on the table's clock) until the player comes back, ``None`` for
        never; a finite number ``>= 0``. Coming back within the remaining time gives
        the player 20 s more and the decision is asked again (once per hand: see
        ``TimeLimit.reconnections``); otherwise the player is treated as all-in for
        the chips already in (eligible only for the pots formed so far).

    Raises
    ------
    ValueError
        For a negative, infinite or NaN ``reconnect_after``, or one that is not a number.

    Examples
    --------
    >>> Disconnect().reconnect_after is None
    True
    >>> Disconnect(-1)
    Traceback (most recent call last):
    ...
    ValueError: reconnect_after: expected None or a finite number of seconds >= 0, got -1
    """

    reconnect_after: float | None = None

    def __post_init__(self) -> None:
        value = self.reconnect_after
        if value is None:
            return
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
            or value < 0
        ):
            raise ValueError(
                f"reconnect_after: expected None or a finite number of seconds >= 0, got {value!r}"
            )
        object.__setattr__(self, "reconnect_after", float(value))


Decision = Union[str, int, tuple[int, ...], _Timeout, Disconnect]  # noqa: UP007 (runtime alias)
"""What an agent returns (see the module docstring); an :class:`Action` is a ``str``."""

Agent = Callable[[Any, int], Any]
"""``agent(hand, seat) -> Decision``; ``hand`` is a :class:`~showdown.simulator.hand.SeatView`
at a table (built-in agents also accept a :class:`~showdown.simulator.hand.HandState`)."""


class RandomAgent:
    """A uniformly random choice among the legal kinds of action.

    Facing a bet it folds, calls or raises with equal chances (when each is
    legal); with nothing to call it checks or bets. Bets are the minimum half
    the time, else uniform between the minimum and the maximum. At a draw it
    discards a random 0-3 cards.

    Parameters
    ----------
    seed
        Seed of the agent's own generator (``random.Random``: cheaper per call
        than numpy for one number at a time).

    Examples
    --------
    >>> from showdown.simulator import HandState, Stakes
    >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=0)
    >>> action = RandomAgent(seed=3)(hand, hand.actor)
    >>> action in ("fold", "call") or isinstance(action, int)
    True
    """

    name = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self._random = random.Random(seed).random
        self._rng = random.Random(None if seed is None else seed + 1)

    def __call__(self, hand: HandLike, seat: int) -> Decision:
        if hand.status == "drawing":
            held = hand.hole_cards[seat]
            return tuple(self._rng.sample(held, _random_discard_count(self._random(), len(held))))
        if hand.bring_in_due:
            roll = self._random()
            return (
                _BRING_IN if _random_brings_in(roll, hand.raise_bounds() is not None) else _COMPLETE
            )
        roll = self._random()
        facing = hand.to_call > 0
        intent = _random_intent(roll, facing)
        if intent == _RAISE:
            # The raise range is looked up only when the roll asks for a raise (it costs most).
            bounds = hand.raise_bounds()
            if bounds is None:
                intent = _random_fallback(roll, facing)
            else:
                low, high = bounds
                fixed = hand.variant.betting == "fixed"
                # Draw only the numbers the choice uses.
                coin = self._random() if high != low else 0.0
                pick = self._random() if coin >= 0.5 and not fixed else 0.0
                return _random_amount(low, high, coin, pick, fixed)
        if intent == _FOLD:
            return _FOLD_ACTION
        return _CALL if facing else _CHECK


class CallingStation:
    """Always checks or calls (posts a stud bring-in; stands pat at a draw).

    Examples
    --------
    >>> from showdown.simulator import HandState, Stakes
    >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=0)
    >>> CallingStation()(hand, hand.actor)
    <Action.CALL: 'call'>
    """

    name = "call"

    def __call__(self, hand: HandLike, seat: int) -> Decision:
        if hand.status == "drawing":
            return ()
        if hand.bring_in_due:
            return _BRING_IN
        return _CALL


# ---------------------------------------------------------------- hand strength


def _preflop_score(first: int, second: int) -> float:
    """A 0..1 score of two hold'em hole cards (pairs, high cards, suited, connected).

    Cards are codes ``rank * 4 + suit`` (rank 0 = deuce, 12 = ace). The weights
    are a rough rule of thumb; only the ordering of buckets matters to the agent.
    """
    high, low = max(first >> 2, second >> 2), min(first >> 2, second >> 2)
    if high == low:
        return 0.5 + 0.5 * high / 12
    score = (high + 0.5 * low) / 18 * 0.55
    if first & 3 == second & 3:
        score += 0.06
    gap = high - low - 1
    score -= 0.02 * min(gap, 4)
    return max(0.0, min(score, 0.6))


#: Hold'em pre-flop scores of :class:`HandStrengthAgent` for every pair of card codes,
#: computed once at import: a lookup per decision instead of arithmetic.
PREFLOP_SCORES = [[_preflop_score(a, b) for b in range(52)] for a in range(52)]

#: :class:`HandStrengthAgent`'s strength by made-hand category (1 = high card ... 9 =
#: straight flush).
CATEGORY_STRENGTH = (0.0, 0.15, 0.5, 0.72, 0.82, 0.87, 0.9, 0.95, 0.99, 1.0)


@cache
def short_deck_scores() -> tuple[float, ...]:
    """:data:`CATEGORY_STRENGTH` of every short-deck strength (index 0, no hand, scores 0):
    its category by short-deck rules, with the scores of flush and full house swapped
    since a flush ranks higher there.

    Examples
    --------
    >>> scores = short_deck_scores()
    >>> len(scores), scores[-1] == CATEGORY_STRENGTH[-1]
    (1405, True)
    """
    from showdown.evaluator import HandCategory
    from showdown.evaluator.short_deck_tables import short_deck_categories

    swap = {
        HandCategory.FLUSH: HandCategory.FULL_HOUSE,
        HandCategory.FULL_HOUSE: HandCategory.FLUSH,
    }
    return tuple(
        CATEGORY_STRENGTH[int(swap.get(category, category))]
        for category in short_deck_categories().tolist()
    )


def _short_deck_score(cards: Sequence[int]) -> float:
    """:func:`short_deck_scores` of a short-deck hand's strength."""
    import numpy as np

    from showdown.evaluator import evaluate_short_deck

    return short_deck_scores()[int(evaluate_short_deck(np.array(cards, np.uint8)))]


class HandStrengthAgent:
    """Bets strong hands, calls medium ones at a fair price, folds weak ones.

    Strength is a 0..1 score of the agent's own cards: hold'em pre-flop a table
    lookup; with five or more cards one evaluator call (``evaluate``; for Omaha
    ``evaluate_omaha``, for short deck ``evaluate_short_deck``) per street, mapped by
    hand category (in short deck a flush scores as a full house does elsewhere); fewer cards a
    rank count. At a draw it keeps pairs (or better) and its highest card.

    Parameters
    ----------
    raise_at
        Strength from which it bets or raises.
    call_at
        Strength from which it calls; scaled up by the price (call / pot after call).

    Examples
    --------
    >>> from showdown.simulator import HandState, Stakes
    >>> from showdown.cards import parse_cards
    >>> deck = parse_cards("7c2hAsAd").tolist() + [c for c in range(52) if c not in (51, 49, 20, 2)]
    >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], deck=deck)
    >>> HandStrengthAgent()(hand, hand.actor)  # pocket aces raise
    4
    """

    name = "strength"

    def __init__(self, *, raise_at: float = 0.7, call_at: float = 0.35) -> None:
        self.raise_at = raise_at
        self.call_at = call_at
        self._cache_hand_id = -1
        self._cache: dict[tuple[int, int, int], float] = {}

    def strength(self, hand: HandLike, seat: int) -> float:
        """The 0..1 strength score of ``seat``'s own cards (and the board)."""
        own = hand.hole_cards[seat]
        board = hand.board
        # The street is part of the key: a draw changes cards without changing their count.
        key = (seat, hand.street_index, len(own) + len(board))
        if hand.hand_id != self._cache_hand_id:
            # One cache per hand (each decision gets a new view; the hand's id is the
            # same): a street's evaluation serves every decision on it.
            self._cache_hand_id = hand.hand_id
            self._cache = {}
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        value = self._score(hand, own, board)
        self._cache[key] = value
        return value

    def _score(self, hand: HandLike, own: Sequence[int], board: Sequence[int]) -> float:
        import numpy as np

        from showdown import evaluator

        omaha = hand.variant.hands[0] == "omaha_high"
        if len(own) == 2 and not board:
            return PREFLOP_SCORES[own[0]][own[1]]
        if omaha:
            if len(board) < 3:
                return _rank_score(own, len(own)) - 0.1
            strength = evaluator.evaluate_omaha(np.array(own, np.uint8), np.array(board, np.uint8))
        else:
            cards = [*own, *board]
            if len(cards) < 5:
                return _rank_score(cards, len(cards))
            if len(cards) > 7:  # stud with a community card never exceeds 7; be safe
                cards = cards[:7]
            if hand.variant.hands[0] == "shortdeck_high":
                return _short_deck_score(cards)
            strength = evaluator.evaluate(np.array(cards, np.uint8))
        return CATEGORY_STRENGTH[int(strength) >> 12]

    def __call__(self, hand: HandLike, seat: int) -> Decision:
        if hand.status == "drawing":
            return self._discards(hand.hole_cards[seat])
        if hand.bring_in_due:
            value = self.strength(hand, seat)
            completes = _strength_completes(value, self.raise_at, hand.raise_bounds() is not None)
            return _COMPLETE if completes else _BRING_IN
        value = self.strength(hand, seat)
        to_call = hand.to_call
        bounds = hand.raise_bounds()
        low, high = bounds if bounds is not None else (-1, -1)
        intent, amount = _strength_action(
            value, self.raise_at, self.call_at, to_call, hand.pot, hand.current_bet, low, high,
            hand.variant.betting == "fixed",
        )  # fmt: skip
        if intent == _RAISE:
            return amount
        if intent == _FOLD:
            return _FOLD_ACTION
        return _CALL if to_call else _CHECK

    @staticmethod
    def _discards(held: Sequence[int]) -> tuple[int, ...]:
        keep = _draw_keep_mask(held, len(held))
        return tuple(card for index, card in enumerate(held) if not keep >> index & 1)


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "call": CallingStation,
    "strength": HandStrengthAgent,
    "pushfold": PushFoldAgent,
}
"""Built-in agents by name (``simulate`` and the CLI accept these names)."""


def make_agent(spec: str | Agent, *, seed: int | None = None) -> Agent:
    """An agent from a name in :data:`AGENTS` or a callable (returned as is).

    Raises
    ------
    ValueError
        For an unknown name or something that is not callable.

    Examples
    --------
    >>> make_agent("call").name
    'call'
    """
    if isinstance(spec, str):
        factory = AGENTS.get(spec)
        if factory is None:
            known = ", ".join(AGENTS)
            raise InputError(
                f"unknown agent {spec!r}; built-in agents: {known}", parameter="agents"
            )
        if factory is RandomAgent:
            return RandomAgent(seed=seed)
        return factory()
    if not callable(spec):
        raise InputError(f"expected an agent name or a callable, got {spec!r}", parameter="agents")
    return spec
