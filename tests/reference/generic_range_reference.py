"""A slow, obviously-correct reading of the generic range language, for tests.

Ranges are written as small Python trees instead of text, so this code shares
nothing with the parser under test: a pattern is a list of :class:`Spec`
places, matched against a hand by trying every way to give each place its own
card (plain backtracking), binding variables as it goes.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"


@dataclass(frozen=True)
class Spec:
    """One place: allowed ranks (None = any), a suit, or variables."""

    ranks: frozenset[int] | None = None
    suit: int | None = None
    rank_variable: str | None = None
    suit_variable: str | None = None
    explicit: bool = True  # does its rank/suit count as "named outright"?


@dataclass(frozen=True)
class Pat:
    specs: tuple[Spec, ...]


@dataclass(frozen=True)
class Op:
    kind: str  # "," ":" "!"
    left: object
    right: object


def hand_matches(hand: tuple[int, ...], specs: tuple[Spec, ...]) -> bool:
    """Whether ``hand`` holds the places of ``specs``, each its own card."""
    named_ranks = {
        next(iter(spec.ranks))
        for spec in specs
        if spec.explicit and spec.ranks is not None and len(spec.ranks) == 1
    }
    named_suits = {spec.suit for spec in specs if spec.explicit and spec.suit is not None}

    def fill(index: int, used: frozenset[int], ranks: dict, suits: dict) -> bool:
        if index == len(specs):
            return True
        spec = specs[index]
        for card in hand:
            if card in used:
                continue
            rank, suit = divmod(card, 4)
            if spec.ranks is not None and rank not in spec.ranks:
                continue
            if spec.suit is not None and suit != spec.suit:
                continue
            new_ranks, new_suits = ranks, suits
            if spec.rank_variable is not None:
                if spec.rank_variable in ranks:
                    if ranks[spec.rank_variable] != rank:
                        continue
                elif rank in named_ranks or rank in ranks.values():
                    continue
                else:
                    new_ranks = {**ranks, spec.rank_variable: rank}
            if spec.suit_variable is not None:
                if spec.suit_variable in suits:
                    if suits[spec.suit_variable] != suit:
                        continue
                elif suit in named_suits or suit in suits.values():
                    continue
                else:
                    new_suits = {**suits, spec.suit_variable: suit}
            if fill(index + 1, used | {card}, new_ranks, new_suits):
                return True
        return False

    return fill(0, frozenset(), {}, {})


def evaluate(tree: object, hands: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """The hands among ``hands`` that ``tree`` names."""
    if isinstance(tree, Pat):
        return {hand for hand in hands if hand_matches(hand, tree.specs)}
    assert isinstance(tree, Op)
    left, right = evaluate(tree.left, hands), evaluate(tree.right, hands)
    if tree.kind == ",":
        return left | right
    if tree.kind == ":":
        return left & right
    return left - right


def render(tree: object) -> str:
    """Range text for ``tree``, every combination in parentheses."""
    if isinstance(tree, Pat):
        return "".join(render_spec(spec) for spec in tree.specs)
    assert isinstance(tree, Op)
    return f"({render(tree.left)}{tree.kind}{render(tree.right)})"


def render_spec(spec: Spec) -> str:
    if spec.rank_variable is not None:
        rank = spec.rank_variable
    elif spec.ranks is None:
        # "*s", not "s": after a rank, a bare "s" would read as that rank's suit ("Ks").
        rank = "*"
    elif len(spec.ranks) == 1:
        rank = RANK_LETTERS[next(iter(spec.ranks))]
    else:
        rank = "[" + ",".join(RANK_LETTERS[value] for value in sorted(spec.ranks)) + "]"
    if spec.suit is not None:
        return rank + SUIT_LETTERS[spec.suit]
    if spec.suit_variable is not None:
        return rank + spec.suit_variable
    return rank


def all_hands(size: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations(range(52), size))
