"""Slow, obviously-correct stud rules used as oracles by the simulator tests."""

from __future__ import annotations

from collections.abc import Sequence


def showing_key(cards: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Rank of a partial face-up hand as a tuple: group sizes, their ranks, the top card.

    Groups are sorted by size then rank (quads > trips > two pair > pair > high
    cards); the highest card code breaks ties by the suit of the highest card.
    Unknown cards (-1) count only as the top card when nothing else is known.
    """
    counts: dict[int, int] = {}
    for card in cards:
        if card >= 0:
            counts[card >> 2] = counts.get(card >> 2, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return (
        tuple(count for _, count in groups),
        tuple(rank for rank, _ in groups),
        max(cards, default=-1),
    )


def lowest_door_seat(doors: Sequence[int], folded: Sequence[bool]) -> int:
    """The live seat with the lowest door card (lowest code: rank, then clubs first)."""
    live = [seat for seat in range(len(doors)) if not folded[seat] and doors[seat] >= 0]
    return min(live, key=lambda seat: doors[seat])
