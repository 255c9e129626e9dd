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

Heads-up this is the equilibrium of the push/fold game. At a hold'em table
of exactly three players it plays the three-handed equilibrium of
:func:`showdown.tournament.push_fold_3way` in chips instead (the button
shoves or folds; the small blind calls the button, or shoves when the button
folded; the big blind calls the button alone, the button and the small
blind, or the small blind), at the three stacks of the hand in whole bb
(from 2 to 25 bb; the biggest counted as the second biggest, since chips no
one can win play no part in chips), solved once per spot and kept (a solve takes tens of
seconds; the first one also builds the class-triple tables). A spot that
is not in that game (a limp, four or more players) falls back to the
heads-up ranges at the effective stack, an approximation; any raise is
answered as if it were all in.

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

from .hand.actions import Action

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from .agents import Decision, HandLike

__all__ = ["PushFoldAgent"]

#: Effective stacks are rounded to this many bb before the ranges are looked up.
STACK_STEP = 0.1
#: Largest effective stack solved (bb): deeper stacks play the ranges of this one.
DEEPEST = 100.0
#: Three-handed stacks are whole bb from 2 to this (deeper play as this).
THREE_HANDED_DEEPEST = 25
#: The three-handed decisions (rows of ``_three_handed``), as in ``tournament.threehanded``.
BUTTON_SHOVE, SMALL_CALL, BIG_CALL_BUTTON, BIG_CALL_BOTH, SMALL_SHOVE, BIG_CALL_SMALL = range(6)


@lru_cache(maxsize=1024)
def _ranges(stack_tenths: int, ante_thousandths: int) -> tuple[NDArray[np.float64], ...]:
    """Flattened (shove, call) frequencies of the 169 classes at one stack."""
    from ..tournament import push_fold

    result = push_fold(stack_tenths * STACK_STEP, ante=ante_thousandths / 1000)
    return result.shove_grid.reshape(-1), result.call_grid.reshape(-1)


@lru_cache(maxsize=64)
def _three_handed(stacks_bb: tuple[int, int, int], ante_thousandths: int) -> NDArray[np.float64]:
    """``(6, 169)`` frequencies of the three-handed decisions at (button, SB, BB) stacks."""
    from ..tournament import push_fold_3way

    result = push_fold_3way(list(stacks_bb), ante=ante_thousandths / 1000)
    return result.grids.reshape(6, -1)


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

    def __call__(self, hand: HandLike, seat: int) -> Decision:
        # Outside hold'em it only keeps the game legal: stands pat, brings in, checks or folds.
        if hand.status == "drawing":
            return ()
        if hand.bring_in_due:
            return Action.BRING_IN
        to_call = hand.to_call
        if hand.street_index != 0 or len(hand.hole_cards[seat]) != 2:
            return Action.CHECK if to_call == 0 else Action.FOLD
        if to_call == 0:
            return Action.CHECK
        big_blind = hand.stakes.big_blind
        if big_blind <= 0:
            return Action.FOLD
        cards = hand.hole_cards[seat]
        index = _class_index(int(cards[0]), int(cards[1]))
        three_handed = self._three_handed_spot(hand, seat)
        if three_handed is not None:
            stacks, ante_thousandths, decision = three_handed
            frequency = _three_handed(stacks, ante_thousandths)[decision, index]
            spot = (stacks[0] * 10_000 + stacks[1] * 100 + stacks[2], 1000 + decision)
        else:
            spot = self._spot(hand, seat)
            shove, call = _ranges(*spot)
            facing_raise = hand.current_bet > big_blind
            frequency = call[index] if facing_raise else shove[index]
        if _uniform([int(card) for card in cards], spot) >= frequency:
            return Action.FOLD
        bounds = hand.raise_bounds()
        return Action.CALL if bounds is None else bounds[1]

    @staticmethod
    def _three_handed_spot(
        hand: HandLike, seat: int
    ) -> tuple[tuple[int, int, int], int, int] | None:
        """(stacks in whole bb, ante in thousandths, decision), or None outside that game."""
        if hand.n != 3 or hand.stakes.ante < 0:
            return None
        big_blind = hand.stakes.big_blind
        ante = hand.stakes.ante / big_blind
        starting = [stack + total for stack, total in zip(hand.stacks, hand.totals, strict=True)]
        if min(starting) < (1.0 + ante) * big_blind:
            return None
        button = hand.button
        small, big = (button + 1) % 3, (button + 2) % 3
        posted = big_blind + hand.stakes.ante

        def raised(player: int) -> bool:
            return not hand.folded[player] and hand.totals[player] > posted

        if seat == button and not any(raised(player) for player in range(3)):
            decision = BUTTON_SHOVE
        elif seat == small and hand.folded[button] and not raised(big):
            decision = SMALL_SHOVE
        elif seat == small and raised(button):
            decision = SMALL_CALL
        elif seat == big and hand.folded[button] and raised(small):
            decision = BIG_CALL_SMALL
        elif seat == big and raised(button):
            decision = BIG_CALL_BUTTON if hand.folded[small] else BIG_CALL_BOTH
            if not hand.folded[small] and not raised(small):
                return None  # the small blind limped behind: not in the game
        else:
            return None
        lowest = int(-(-(1.0 + ante) // 1))
        order = (button, small, big)
        # Chips beyond the second-largest stack are never at risk, so in chips the biggest
        # stack plays as if it had only that many: fewer distinct spots to solve.
        covered = sorted(starting)[1]
        stacks = tuple(
            min(
                max(round(min(starting[player], covered) / big_blind), lowest, 2),
                THREE_HANDED_DEEPEST,
            )
            for player in order
        )
        return (stacks[0], stacks[1], stacks[2]), round(ante * 1000), decision

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
