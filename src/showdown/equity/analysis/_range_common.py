"""Rank masks and row helpers shared by the hold'em and Omaha range classifiers.

Both :mod:`._range_categories` (hold'em) and :mod:`._omaha_range_categories`
place combos in the rows of :func:`~showdown.equity.analysis.range_stats.range_stats`;
what they compute the same way (straights as rank masks, per-row counts, live
cards, the nut card of each suit, the flush-draw rows and the pair rows
against the board) lives here once; each game's own rules stay in its module.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ...evaluator import HandCategory

__all__ = [
    "ACE",
    "FLUSH_DRAWS",
    "PAIR_ROWS",
    "POPCOUNT",
    "RANK_BITS",
    "STRAIGHTS",
    "Pairs",
    "counts",
    "flush_draw_rows",
    "highest",
    "hole_count_at",
    "live_by_rank",
    "live_by_suit",
    "nut_cards",
    "pair_rows",
]

#: One-pair made-hand rows of both games, best first (after "Two Pair").
PAIR_ROWS: tuple[str, ...] = (
    "Overpair",
    "Top Pair",
    "Pocket Pair Below Top Pair",
    "Middle Pair",
    "Weak Pair",
)
#: Flush-draw rows of both games, first among the draws.
FLUSH_DRAWS: tuple[str, ...] = ("Nut flush draw", "Non-nut flush draw", "Combo draw")

ACE = 12
#: The ten straights as 13-bit rank masks (bit 0 = deuce ... bit 12 = ace): the
#: wheel A-2-3-4-5 first, then 2-6 up to T-A.
STRAIGHTS = np.array([(1 << 12) | 0b1111] + [0b11111 << low for low in range(9)], dtype=np.int64)
RANK_BITS = np.int64(1) << np.arange(13, dtype=np.int64)
#: Set bits of every 13-bit rank mask.
POPCOUNT = np.array([bin(mask).count("1") for mask in range(1 << 13)], dtype=np.int64)


def highest(mask: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Highest rank set in each row of a ``(n, 13)`` mask, or -1 for an empty row.

    Examples
    --------
    >>> highest(np.array([[True] * 2 + [False] * 11, [False] * 13])).tolist()
    [1, -1]
    """
    found = mask.any(axis=1)
    return np.where(found, 12 - np.argmax(mask[:, ::-1], axis=1), -1).astype(np.int64)


def counts(values: NDArray[Any], size: int) -> NDArray[np.int64]:
    """Per-row counts of small integers: ``(n, k)`` values -> ``(n, size)`` counts.

    Examples
    --------
    >>> counts(np.array([[0, 2, 2]]), 4).tolist()
    [[1, 0, 2, 0]]
    """
    result = np.zeros((len(values), size), np.int64)
    for column in range(values.shape[1]):
        np.add.at(result, (np.arange(len(values)), values[:, column].astype(np.int64)), 1)
    return result


def hole_count_at(hole_counts: NDArray[np.int64], rank: NDArray[np.int64]) -> NDArray[np.int64]:
    """Hole cards ``(n,)`` of each row's ``rank`` in ``(n, 13)`` counts (0 where the rank is -1)."""
    rows = np.arange(len(hole_counts))
    return np.where(rank >= 0, hole_counts[rows, np.maximum(rank, 0)], 0)


def live_by_rank(seen: NDArray[np.int64], hole_counts: NDArray[np.int64]) -> NDArray[np.int64]:
    """Live cards ``(n, 13)`` of each rank: 4 less the board, the dead cards and the hand's own."""
    return 4 - np.bincount(seen // 4, minlength=13)[None, :] - hole_counts


def live_by_suit(seen: NDArray[np.int64], hole_by_suit: NDArray[np.int64]) -> NDArray[np.int64]:
    """Live cards ``(n, 4)`` of each suit: 13 less the board, the dead cards and the hand's own."""
    return 13 - np.bincount(seen % 4, minlength=4)[None, :] - hole_by_suit


def nut_cards(seen: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each suit's highest card that is neither on the board nor dead (-1 for none).

    Whoever holds it has the best flush of that suit: every better card is
    on the board for all, or dead.

    Examples
    --------
    >>> from showdown.cards import format_card, parse_cards
    >>> seen = parse_cards("As Ah 2c").astype(np.int64)
    >>> [format_card(int(card)) for card in nut_cards(seen)]  # clubs, diamonds, hearts, spades
    ['Ac', 'Ad', 'Kh', 'Ks']
    """
    out_of_play = np.zeros(52, bool)
    out_of_play[seen] = True
    nut_card = np.full(4, -1, dtype=np.int64)
    for suit in range(4):
        in_play = [rank for rank in range(13) if not out_of_play[rank * 4 + suit]]
        if in_play:
            nut_card[suit] = max(in_play) * 4 + suit
    return nut_card


def flush_draw_rows(
    hands: NDArray[np.uint8],
    draw_suit: NDArray[np.bool_],
    seen: NDArray[np.int64],
    straight_draw: NDArray[np.bool_],
) -> dict[str, NDArray[np.bool_]]:
    """The :data:`FLUSH_DRAWS` masks from the suits ``(n, 4)`` each hand draws to.

    Nut: the hand holds a drawing suit's nut card (see :func:`nut_cards`);
    combo: a flush draw beside the game's ``straight_draw``.
    """
    flush_draw = draw_suit.any(axis=1)
    nut_card = nut_cards(seen)
    holds_nut = (hands[:, :, None].astype(np.int64) == nut_card[None, None, :]).any(axis=1)
    nut_flush_draw = (draw_suit & holds_nut).any(axis=1)
    return {
        "Nut flush draw": nut_flush_draw,
        "Non-nut flush draw": flush_draw & ~nut_flush_draw,
        "Combo draw": flush_draw & straight_draw,
    }


class Pairs(NamedTuple):
    """The pairs that play and the one-pair rows, from :func:`pair_rows`."""

    #: Ranks ``(n,)`` of the highest and the second pair that play (-1 for none).
    first_pair: NDArray[np.int64]
    second_pair: NDArray[np.int64]
    #: Two pair, each pair made by one hole card and a board card.
    both_paired: NDArray[np.bool_]
    #: The board's highest and second-highest distinct ranks (-1 for none).
    top: int
    second: int
    #: The :data:`PAIR_ROWS` masks.
    rows: dict[str, NDArray[np.bool_]]


def pair_rows(
    hole_counts: NDArray[np.int64],
    card_counts: NDArray[np.int64],
    category: NDArray[np.int64],
    board: NDArray[np.uint8],
) -> Pairs:
    """Two pair from both hole cards, and the one-pair rows placed against the board.

    ``card_counts`` ``(n, 13)`` are the cards of each rank the hand plays
    from, ``hole_counts`` those of them from the hand (in Omaha, of the two
    that play), ``category`` the :class:`~showdown.evaluator.HandCategory`
    of the best five.
    """
    # The best five's pairs are the two highest ranks held exactly twice
    # (a third pair on the river does not play).
    first_pair = highest(card_counts == 2)
    second_pair = highest((card_counts == 2) & (np.arange(13)[None, :] != first_pair[:, None]))
    two_pair_level = category == int(HandCategory.TWO_PAIR)
    pair_level = category == int(HandCategory.PAIR)
    in_hole_first = hole_count_at(hole_counts, first_pair)
    in_hole_second = hole_count_at(hole_counts, second_pair)
    paired_level = two_pair_level | pair_level
    both_paired = two_pair_level & (in_hole_first == 1) & (in_hole_second == 1)
    # The one pair the player's own cards make (a pocket pair, or a hole card
    # pairing a board card) beside the board's pair, or -1: a pair made of
    # two board cards is everyone's. (At one-pair level there is no second
    # pair, so only two pair reaches the inner branch.)
    own_pair = np.where(
        paired_level & ~both_paired & (in_hole_first > 0),
        first_pair,
        np.where(paired_level & ~both_paired & (in_hole_second > 0), second_pair, -1),
    )
    pocket = hole_count_at(hole_counts, own_pair) == 2
    one_card = (own_pair >= 0) & ~pocket
    # Board ranks, distinct, highest first: top pair pairs the first, middle
    # pair the second; pocket pairs are placed between them.
    board_ranks = np.unique(board.astype(np.int64) // 4)[::-1]
    top = int(board_ranks[0])
    second = int(board_ranks[1]) if board_ranks.size > 1 else -1
    masks = (
        pocket & (own_pair > top),  # overpair
        one_card & (own_pair == top),  # top pair
        pocket & (own_pair < top) & (own_pair > second),  # pocket pair below top pair
        one_card & (own_pair == second),  # middle pair
        # Weak pair: own_pair >= 0 for both kinds, so "no pair" (-1) stays out.
        (one_card | pocket) & (own_pair < second),
    )
    rows = dict(zip(PAIR_ROWS, masks, strict=True))
    return Pairs(first_pair, second_pair, both_paired, top, second, rows)
