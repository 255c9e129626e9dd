"""Slow, obviously-correct range statistics rows of one hold'em combo, as a test oracle.

Written from the definitions in ``showdown.range_stats``' docstring with no
code from ``showdown``: made hands from the naive evaluator's key of the best
five cards (which names the ranks of the quads, trips and pairs that play)
and plain rank counting; draws by dealing every live next card (and every
pair of next cards for backdoor draws) and checking every five-card subset
for a straight or a flush that uses a hole card.

Cards are integers ``rank * 4 + suit`` (rank 0..12 = 2..A), as in
:mod:`reference.naive_evaluator`.

Examples
--------
>>> from reference.naive_evaluator import cards_from_text as cards
>>> sorted(naive_rows(cards("AhKd"), cards("7c7d2h"), []))
['Ace High', 'Overcards']
>>> sorted(naive_rows(cards("Ah5h"), cards("Kh8h2c"), []))
['Ace High', 'Backdoor straight draw', 'Nut flush draw']
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

from reference.naive_evaluator import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    best_high,
    rank5,
)

ACE = 12
# Categories whose five cards all take part: when the board does not play,
# a hole card is among them, so the hand is the player's.
FIVE_CARD_ROWS = {
    STRAIGHT_FLUSH: "Straight Flush",
    FULL_HOUSE: "Full House",
    FLUSH: "Flush",
    STRAIGHT: "Straight",
}


def made_hand(hole: Sequence[int], board: Sequence[int]) -> str:
    """The one made-hand row of a combo."""
    key = best_high([*hole, *board])
    category = key[0]
    if len(board) == 5 and key == rank5(board):
        return "Board Plays"
    hole_ranks = [card // 4 for card in hole]
    board_ranks = [card // 4 for card in board]
    distinct = sorted(set(board_ranks), reverse=True)  # board ranks, highest first

    def in_hole(rank: int) -> int:
        return hole_ranks.count(rank)

    if category in FIVE_CARD_ROWS:
        return FIVE_CARD_ROWS[category]
    # The key lists the ranks of the quads / trips / pairs first.
    if category == QUADS and in_hole(key[1]):
        return "Four of a Kind"
    if category == TRIPS and in_hole(key[1]) == 2:
        return "Set"
    if category == TRIPS and in_hole(key[1]) == 1:
        return "Trips"
    pair_ranks: list[int] = []
    if category == TWO_PAIR:
        pair_ranks = [key[1], key[2]]
    elif category == PAIR:
        pair_ranks = [key[1]]
    own = [rank for rank in pair_ranks if in_hole(rank)]
    if len(own) == 2:
        return "Two Pair"
    if own:
        rank = own[0]
        second = distinct[1] if len(distinct) > 1 else None
        if in_hole(rank) == 2:  # a pocket pair, not on the board
            if rank > distinct[0]:
                return "Overpair"
            if second is None or rank > second:
                return "Pocket Pair Below Top Pair"
            return "Weak Pair"
        if rank == distinct[0]:
            return "Top Pair"
        if rank == second:
            return "Middle Pair"
        return "Weak Pair"
    assert category in (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, QUADS)
    return "Ace High" if ACE in hole_ranks else "No Made Hand"


def is_straight(ranks: tuple[int, ...]) -> bool:
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return False
    return distinct[4] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12]


@functools.cache
def straight_using_hole(hole_ranks: tuple[int, ...], other_ranks: tuple[int, ...]) -> bool:
    """Five of the cards make a straight whose ranks are not all among ``other_ranks``.

    ``other_ranks`` are the board's and the new cards' ranks (a straight made
    by them alone is everyone's straight).
    """
    cards = [("hole", rank) for rank in hole_ranks] + [("other", rank) for rank in other_ranks]
    for five in itertools.combinations(cards, 5):
        ranks = tuple(rank for _, rank in five)
        if is_straight(ranks) and not set(ranks) <= set(other_ranks):
            return True
    return False


def flush_using_hole(hole: Sequence[int], others: Sequence[int]) -> bool:
    """Five of the cards share a suit and include a hole card."""
    return _flush_using_hole(
        tuple(sorted(card % 4 for card in hole)), tuple(sorted(card % 4 for card in others))
    )


@functools.cache
def _flush_using_hole(hole_suits: tuple[int, ...], other_suits: tuple[int, ...]) -> bool:
    # Only suits matter for a flush, so the check is cached on them.
    cards = [("hole", suit) for suit in hole_suits] + [("other", suit) for suit in other_suits]
    for five in itertools.combinations(cards, 5):
        if len({suit for _, suit in five}) == 1 and any(where == "hole" for where, _ in five):
            return True
    return False


def naive_rows(hole: Sequence[int], board: Sequence[int], dead: Sequence[int]) -> set[str]:
    """Every row of ``range_stats`` this combo belongs to: one made hand, any draws."""
    hole, board = list(hole), list(board)
    rows = {made_hand(hole, board)}
    if len(board) == 5:
        return rows  # nothing to come: no draws
    category = best_high([*hole, *board])[0]
    live = [card for card in range(52) if card not in {*hole, *board, *dead}]
    hole_ranks = tuple(sorted(card // 4 for card in hole))
    board_ranks = [card // 4 for card in board]
    flush_outs = [card for card in live if flush_using_hole(hole, [*board, card])]
    flush_draw = category < FLUSH and bool(flush_outs)
    out_ranks = {
        card // 4
        for card in live
        if straight_using_hole(hole_ranks, tuple(sorted([*board_ranks, card // 4])))
    }
    below_straight = category < STRAIGHT
    if flush_draw:
        suit = flush_outs[0] % 4
        # Highest card of the suit that is not on the board and not dead.
        unseen = [card for card in range(52) if card % 4 == suit and card not in {*board, *dead}]
        rows.add("Nut flush draw" if max(unseen) in hole else "Non-nut flush draw")
    if below_straight and len(out_ranks) >= 2:
        rows.add("Open-ended straight draw")
    if below_straight and len(out_ranks) == 1:
        rows.add("Gutshot")
    if flush_draw and below_straight and out_ranks:
        rows.add("Combo draw")
    if rows & {"Ace High", "No Made Hand"} and min(hole_ranks) > max(board_ranks):
        rows.add("Overcards")
    if len(board) == 3:
        # Whether two new cards complete a flush (a straight) depends only on
        # their suits (ranks), so each realisable pair of suits (ranks) is
        # tried once rather than every pair of live cards.
        suit_pairs = realisable_pairs([card % 4 for card in live])
        rank_pairs = realisable_pairs([card // 4 for card in live])
        board_suits = [card % 4 for card in board]
        hole_suits = [card % 4 for card in hole]
        if (
            category < FLUSH
            and not flush_draw
            and any(
                _flush_using_hole(tuple(sorted(hole_suits)), tuple(sorted([*board_suits, a, b])))
                for a, b in suit_pairs
            )
        ):
            rows.add("Backdoor flush draw")
        if (
            below_straight
            and not out_ranks
            and any(
                straight_using_hole(hole_ranks, tuple(sorted([*board_ranks, a, b])))
                for a, b in rank_pairs
            )
        ):
            rows.add("Backdoor straight draw")
    return rows


def realisable_pairs(values: list[int]) -> list[tuple[int, int]]:
    """Every pair of values that two different cards of ``values`` can show."""
    counts = Counter(values)
    pairs = [(a, b) for a in counts for b in counts if a < b]
    return pairs + [(a, a) for a, count in counts.items() if count >= 2]
