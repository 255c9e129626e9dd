"""Brute-force equity from the naive evaluator: an oracle for small spots.

Enumerates every completion with itertools and scores each deal from the
rules (ties split 1/k; hi-lo halves, the high hand scooping when no low
qualifies). Slow: use it for spots of at most tens of thousands of deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from .naive_evaluator import best_high, best_low8, omaha_high, omaha_low8


def _shares(highs: list, lows: list | None) -> list[Fraction]:
    n = len(highs)
    best = max(highs)
    high_winners = [i for i in range(n) if highs[i] == best]
    qualifying = [low for low in lows if low is not None] if lows is not None else []
    if not qualifying:
        return [
            Fraction(1, len(high_winners)) if i in high_winners else Fraction(0) for i in range(n)
        ]
    best_low = max(qualifying)
    low_winners = [i for i in range(n) if lows is not None and lows[i] == best_low]
    return [
        (Fraction(1, 2 * len(high_winners)) if i in high_winners else Fraction(0))
        + (Fraction(1, 2 * len(low_winners)) if i in low_winners else Fraction(0))
        for i in range(n)
    ]


def board_equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    *,
    omaha: bool = False,
    hilo: bool = False,
) -> tuple[list[Fraction], int]:
    """Exact equity (as fractions) and deal count for fixed hands on a partial board."""
    used = {c for hole in holes for c in hole} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    totals = [Fraction(0)] * len(holes)
    deals = 0
    for extra in combinations(deck, 5 - len(board)):
        full = list(board) + list(extra)
        if omaha:
            highs = [omaha_high(list(h), full) for h in holes]
            lows = [omaha_low8(list(h), full) for h in holes] if hilo else None
        else:
            highs = [best_high(list(h) + full) for h in holes]
            lows = [best_low8(list(h) + full) for h in holes] if hilo else None
        for i, share in enumerate(_shares(highs, lows)):
            totals[i] += share
        deals += 1
    return [t / deals for t in totals], deals


def deal_equity(
    known: Sequence[Sequence[int]], need: Sequence[int], dead: Sequence[int], *, hilo: bool = False
) -> tuple[list[Fraction], int]:
    """Exact equity when each player gets ``need[i]`` more cards (stud, draw)."""
    used = {c for hand in known for c in hand} | set(dead)
    deck = [c for c in range(52) if c not in used]
    totals = [Fraction(0)] * len(known)
    deals = 0

    def deal(player: int, available: list[int], hands: list[list[int]]) -> None:
        nonlocal deals
        if player == len(known):
            highs = [best_high(h) for h in hands]
            lows = [best_low8(h) for h in hands] if hilo else None
            for i, share in enumerate(_shares(highs, lows)):
                totals[i] += share
            deals += 1
            return
        for extra in combinations(available, need[player]):
            rest = [c for c in available if c not in extra]
            deal(player + 1, rest, [*hands, list(known[player]) + list(extra)])

    deal(0, deck, [])
    return [t / deals for t in totals], deals
