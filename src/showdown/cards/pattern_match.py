"""Which hands hold a card pattern: the "at least" test of the generic range language.

A pattern is a list of slots, each naming a set of cards it may take (a
concrete card, a rank, a suit, a list, any card) and possibly a rank
variable or suit variable. A hand matches when the variables can be bound
(same letter = same rank or suit, different letters = different ones, never
a rank or suit the pattern names explicitly) and every slot can take its own
card of the hand, no card used twice. Cards left over are free, which is
what makes ``AA`` mean "at least two aces".

"Every slot its own card" is a matching problem; Hall's theorem turns it
into counts: the slots can be filled exactly when, for every group of slots,
the hand holds at least as many cards in the union of their sets as the
group has slots. With identical slots merged and disjoint groups skipped,
that is a handful of ``popcount(hand & mask) >= need`` tests per binding,
run on every hand of the size at once (:mod:`showdown.cards.hand_table`).
Rank variables bind per hand to the ranks it holds (at most ``size``
choices each), so ``RROO`` costs 12 bindings on four-card hands, not 156.

Examples
--------
>>> from showdown.cards.hand_table import RANK_MASKS
>>> aces = Slot(int(RANK_MASKS[12]))
>>> int(match_patterns([Pattern((aces, aces))], 4).sum())  # AA: at least two aces
6961
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .hand_table import RANK_MASKS, SUIT_MASKS, hand_masks, rank_slots

__all__ = ["ALL_CARDS", "Pattern", "Slot", "match_patterns"]

#: Mask of the whole deck: a wildcard slot.
ALL_CARDS = (1 << 52) - 1


@dataclass(frozen=True)
class Slot:
    """One card of a pattern: the cards it may be, and the variables it binds."""

    mask: int
    rank_variable: str | None = None
    suit_variable: str | None = None


@dataclass(frozen=True)
class Pattern:
    """Slots that must each take a different card of the hand.

    ``explicit_ranks`` and ``explicit_suits`` are the ranks and suits the
    pattern names outright; variables never bind to them (``AARR`` is aces
    and another pair, ``ssxx`` two spades and two of one other suit).
    """

    slots: tuple[Slot, ...]
    explicit_ranks: frozenset[int] = frozenset()
    explicit_suits: frozenset[int] = frozenset()


def match_patterns(patterns: list[Pattern], size: int) -> NDArray[np.bool_]:
    """Whether each ``size``-card hand (in table order) matches any of ``patterns``."""
    masks = hand_masks(size)
    matched = np.zeros(len(masks), dtype=bool)
    for pattern in patterns:
        _match_one(pattern, masks, size, matched)
    return matched


def _match_one(
    pattern: Pattern,
    masks: NDArray[np.uint64],
    size: int,
    matched: NDArray[np.bool_],
) -> None:
    rank_names = sorted({slot.rank_variable for slot in pattern.slots if slot.rank_variable})
    suit_names = sorted({slot.suit_variable for slot in pattern.slots if slot.suit_variable})
    free_suits = [suit for suit in range(4) if suit not in pattern.explicit_suits]
    if len(suit_names) > len(free_suits):
        return  # more suit variables than suits left to bind: nothing matches
    suit_bindings = list(itertools.permutations(free_suits, len(suit_names)))
    if not rank_names:
        seen: set[tuple[tuple[int, int], ...]] = set()
        for suits in suit_bindings:
            binding = dict(zip(suit_names, suits, strict=True))
            groups = _static_groups(pattern.slots, binding)
            if groups in seen:  # x and y swapped in "xxyy" give the same groups
                continue
            seen.add(groups)
            _hall(groups, masks, matched)
        return
    held_ranks, held_counts = rank_slots(size)
    explicit = np.zeros(14, dtype=bool)  # index -1 (no rank held) reads the last entry
    explicit[list(pattern.explicit_ranks)] = True
    explicit[13] = True
    rank_needs = [sum(slot.rank_variable == name for slot in pattern.slots) for name in rank_names]
    # Per slot: may a variable take it, and for how many places.
    usable_slot = [~explicit[held_ranks[position]] for position in range(size)]
    for positions in itertools.permutations(range(size), len(rank_names)):
        usable = ~matched
        for position, need in zip(positions, rank_needs, strict=True):
            # Cheap necessary test first: enough cards of the bound rank.
            usable &= usable_slot[position] & (held_counts[position] >= need)
        rows = np.flatnonzero(usable)
        if not len(rows):
            continue
        rank_masks = {
            name: RANK_MASKS[held_ranks[position, rows]]
            for name, position in zip(rank_names, positions, strict=True)
        }
        for suits in suit_bindings:
            binding = dict(zip(suit_names, suits, strict=True))
            bound_groups = _bound_groups(pattern.slots, binding, rank_masks)
            passed = _hall_rows(bound_groups, masks[rows])
            matched[rows[passed]] = True


def _slot_mask(slot: Slot, suits: dict[str, int]) -> int:
    mask = slot.mask
    if slot.suit_variable:
        mask &= int(SUIT_MASKS[suits[slot.suit_variable]])
    return mask


def _static_groups(slots: tuple[Slot, ...], suits: dict[str, int]) -> tuple[tuple[int, int], ...]:
    """Identical slots merged: sorted ``(mask, count)`` pairs."""
    counts: dict[int, int] = {}
    for slot in slots:
        mask = _slot_mask(slot, suits)
        counts[mask] = counts.get(mask, 0) + 1
    return tuple(sorted(counts.items()))


def _hall(
    groups: tuple[tuple[int, int], ...], masks: NDArray[np.uint64], matched: NDArray[np.bool_]
) -> None:
    """Mark the hands that can fill every group (Hall's condition over groups)."""
    rows = np.flatnonzero(~matched)
    for union, need in _unions(groups):
        if not len(rows):
            return
        if need > 52 or union == 0:
            return
        keep = np.bitwise_count(masks[rows] & np.uint64(union)) >= need
        rows = rows[keep]
    matched[rows] = True


def _unions(groups: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """The (union mask, slots) tests of Hall's condition, narrowest first.

    A union of pairwise disjoint groups needs no test of its own: its count
    is the sum of the single-group counts, each already tested.
    """
    tests = []
    for count in range(1, len(groups) + 1):
        for chosen in itertools.combinations(groups, count):
            if count > 1 and _disjoint([mask for mask, _ in chosen]):
                continue
            union = 0
            for mask, _ in chosen:
                union |= mask
            tests.append((union, sum(need for _, need in chosen)))
    return tests


def _disjoint(masks: list[int]) -> bool:
    seen = 0
    for mask in masks:
        if seen & mask:
            return False
        seen |= mask
    return True


def _bound_groups(
    slots: tuple[Slot, ...], suits: dict[str, int], rank_masks: dict[str, NDArray[np.uint64]]
) -> list[tuple[tuple[int, str | None], NDArray[np.uint64] | int, int]]:
    """Slots merged by (static mask, rank variable), with per-hand masks where a rank is bound."""
    counts: dict[tuple[int, str | None], int] = {}
    for slot in slots:
        key = (_slot_mask(slot, suits), slot.rank_variable)
        counts[key] = counts.get(key, 0) + 1
    groups: list[tuple[tuple[int, str | None], NDArray[np.uint64] | int, int]] = []
    for (mask, variable), need in sorted(
        counts.items(), key=lambda item: (item[0][0], item[0][1] or "")
    ):
        value: NDArray[np.uint64] | int = mask
        if variable is not None:
            value = rank_masks[variable] & np.uint64(mask)
        groups.append(((mask, variable), value, need))
    return groups


def _hall_rows(
    groups: list[tuple[tuple[int, str | None], NDArray[np.uint64] | int, int]],
    hands: NDArray[np.uint64],
) -> NDArray[np.bool_]:
    """Hall's condition per hand, with group masks that may differ from hand to hand."""
    passed = np.ones(len(hands), dtype=bool)
    for count in range(1, len(groups) + 1):
        for chosen in itertools.combinations(groups, count):
            if count > 1 and _known_disjoint([key for key, _, _ in chosen]):
                continue
            static = 0
            union = np.zeros(len(hands), dtype=np.uint64)
            for _, value, _ in chosen:
                if isinstance(value, int):
                    static |= value
                else:
                    union |= value
            union |= np.uint64(static)
            need = sum(need for _, _, need in chosen)
            passed &= np.bitwise_count(hands & union) >= need
    return passed


def _known_disjoint(keys: list[tuple[int, str | None]]) -> bool:
    """Whether the groups never share a card: disjoint static masks or distinct rank variables."""
    for (mask_a, rank_a), (mask_b, rank_b) in itertools.combinations(keys, 2):
        if mask_a & mask_b and not (rank_a and rank_b and rank_a != rank_b):
            return False
    return True
