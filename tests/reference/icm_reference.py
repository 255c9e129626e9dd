"""ICM by brute force: every finishing order, and the classic recursion over who is left.

Both follow the Malmuth-Harville definition literally (the next place goes to
player ``i`` with probability ``stack_i`` over the stacks still in), with no
integral anywhere: the oracles of ``showdown.tournament.icm``. Integer stacks
and payouts give exact rationals (``fractions.Fraction``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache


def icm_by_orders(stacks: Sequence[int], payouts: Sequence[int]) -> list[Fraction]:
    """Sum over all ``n!`` finishing orders of their probability times the prizes."""
    players = len(stacks)
    equity = [Fraction(0)] * players
    for order in itertools.permutations(range(players)):
        probability = Fraction(1)
        left = sum(stacks)
        for player in order:
            probability *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(payouts)]):
            equity[player] += probability * payouts[place]
    return equity


def icm_by_recursion(stacks: Sequence[float], payouts: Sequence[float]) -> list[float]:
    """The usual open-source ICM: recursion over the set of players still in (``2**n`` sets)."""
    players = len(stacks)

    @cache
    def rest(left: frozenset[int]) -> tuple[float, ...]:
        """Expected prizes from place ``players - len(left) + 1`` on, given who is left."""
        place = players - len(left)
        values = [0.0] * players
        if place >= len(payouts) or not left:
            return tuple(values)
        total = sum(stacks[player] for player in left)
        for player in left:
            chance = stacks[player] / total
            later = rest(left - {player})
            values[player] += chance * payouts[place]
            for other in left:
                if other != player:
                    values[other] += chance * later[other]
        return tuple(values)

    return list(rest(frozenset(range(players))))
