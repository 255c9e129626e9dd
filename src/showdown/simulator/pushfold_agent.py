"""``PushFoldAgent``: plays the heads-up push/fold equilibrium in hold'em.

Pre-flop, first in (the small blind heads-up) it goes all in with the
equilibrium's shoving frequency for its hand class at the effective stack,
else folds; facing a raise it calls an all-in (or moves all in over a
smaller raise) with the calling frequency, else folds. With the free option
after a limp it checks, and after the flop it checks, or folds to a bet.
In other games it stands pat, brings in, checks or folds.
The ranges are those of :func:`showdown.tournament.push_fold` in chips at
the effective stack (the smaller of the two stacks of the players still in,
before the blinds, in big blinds, rounded to 0.1 bb; antes count), solved
once per stack and kept.

Heads-up this is the equilibrium of the push/fold game; at a table of three
or more it applies the same two ranges to whoever is left (three-handed
equilibria are not solved), which is an approximation.

A mixed frequency is played over the combos: each combo of the class is in
or out by a hash of its two cards and the stack, so that share of the
class's combos plays (and a seeded simulation repeats exactly without the
agent taking a seed of its own).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from .agents import Action, HandLike

__all__ = ["PushFoldAgent"]

#: Effective stacks are rounded to this many bb before the ranges are looked up.
STACK_STEP = 0.1
#: Largest effective stack solved (bb): deeper stacks play the ranges of this one.
DEEPEST = 100.0


@lru_cache(maxsize=1024)
def _ranges(stack_tenths: int, ante_thousandths: int) -> tuple[NDArray[np.float64], ...]:
    """Flattened (shove, call) frequencies of the 169 classes at one stack."""
    from ..tournament import push_fold

    result = push_fold(stack_tenths * STACK_STEP, ante=ante_thousandths / 1000)
    return result.shove_grid.reshape(-1), result.call_grid.reshape(-1)


def _class_index(first: int, second: int) -> int:
    """Grid index (0 .. 168, ace first) of two hold'em hole cards."""
    high, low = max(first >> 2, second >> 2), min(first >> 2, second >> 2)
    row, column = 12 - high, 12 - low
    suited = (first & 3) == (second & 3)
    return row * 13 + column if suited or high == low else column * 13 + row


def _uniform(cards: Sequence[int], spot: tuple[int, int]) -> float:
    """A number in [0, 1) fixed by the two cards (in any order) and the spot."""
    text = f"{min(cards)},{max(cards)}:{spot[0]}:{spot[1]}"
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


class PushFoldAgent:
    """Shoves or folds first in, calls or folds facing a raise, by the push/fold equilibrium.

    Meant for no-limit hold'em tournaments at short stacks (about 25 bb or
    less, where push/fold is near-optimal); see the module docstring.

    Examples
    --------
    >>> from showdown.simulator import HandState, Stakes
    >>> from showdown.cards import parse_cards
    >>> deck = parse_cards("7c2hAsAd").tolist()  # the big blind's two cards, then the button's
    >>> deck += [card for card in range(52) if card not in deck]
    >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [20, 20], deck=deck)
    >>> PushFoldAgent()(hand, hand.actor)  # aces at 10 bb move all in
    20
    """

    name = "pushfold"

    def __call__(self, hand: HandLike, seat: int) -> Action:
        # Outside hold'em it only keeps the game legal: stands pat, brings in, checks or folds.
        if hand.status == "drawing":
            return ()
        if hand.bring_in_due:
            return "bring_in"
        to_call = hand.to_call
        if hand.street_index != 0 or len(hand.hole_cards[seat]) != 2:
            return "check" if to_call == 0 else "fold"
        if to_call == 0:
            return "check"
        big_blind = hand.stakes.big_blind
        if big_blind <= 0:
            return "fold"
        spot = self._spot(hand, seat)
        shove, call = _ranges(*spot)
        cards = hand.hole_cards[seat]
        index = _class_index(int(cards[0]), int(cards[1]))
        facing_raise = hand.current_bet > big_blind
        frequency = call[index] if facing_raise else shove[index]
        if _uniform([int(card) for card in cards], spot) >= frequency:
            return "fold"
        bounds = hand.raise_bounds()
        return "call" if bounds is None else bounds[1]

    @staticmethod
    def _spot(hand: HandLike, seat: int) -> tuple[int, int]:
        """(effective stack in tenths of a bb, ante in thousandths of a bb)."""
        big_blind = hand.stakes.big_blind
        ante = hand.stakes.ante / big_blind
        others = sorted(
            stack + total
            for player, (stack, total) in enumerate(zip(hand.stacks, hand.totals, strict=True))
            if player != seat and not hand.folded[player]
        )
        own = hand.stacks[seat] + hand.totals[seat]
        # Against several players, the largest of them covers the most of this stack.
        effective = min(own, others[-1]) if others else own
        stack_bb = min(max(effective / big_blind, 1.0 + ante), DEEPEST)
        tenths = max(round(stack_bb / STACK_STEP), int(-(-(1.0 + ante) // STACK_STEP)))
        return tenths, round(ante * 1000)
