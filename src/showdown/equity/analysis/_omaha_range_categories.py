"""Made hand, low and draws of each Omaha hand on a board, vectorised.

The rows and their definitions are documented on
:func:`~showdown.equity.analysis.range_stats.range_stats` (its "Omaha" section); this
module computes them for a whole range at once. Every hand is held to the
Omaha rule, exactly two hole cards and three board cards:

* the made hand is the best of the ``C(k, 2) x C(b, 3)`` five-card hands,
  ranked by one evaluator call, and classified from that best five (which of
  its cards are hole cards);
* straight draws are rank masks: a rank is an out when a card of it lets two
  hole ranks and three board ranks make five in a row;
* flush draws are suit counts, low draws 8-bit masks of ace-low ranks.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from ...evaluator import HandCategory, evaluate, evaluate_omaha_low8, hand_category
from ._range_common import (
    FLUSH_DRAWS,
    PAIR_ROWS,
    POPCOUNT,
    RANK_BITS,
    STRAIGHTS,
    counts,
    flush_draw_rows,
    highest,
    hole_count_at,
    live_by_rank,
    live_by_suit,
    nut_cards,
    pair_rows,
)

__all__ = ["DRAWS", "LOW_DRAWS", "LOW_HANDS", "MADE_HANDS", "classify_omaha", "row_kinds"]

#: Made-hand rows, best first: every hand is in exactly one.
MADE_HANDS: tuple[str, ...] = (
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Nut Flush",
    "Non-nut Flush",
    "Nut Straight",
    "Non-nut Straight",
    "Set",
    "Trips",
    "Top Two Pair",
    "Two Pair",
    *PAIR_ROWS,
    "No Made Hand",
)
#: Made low rows of the hi-lo games (a hand may hold one of them or neither).
LOW_HANDS: tuple[str, ...] = ("Nut Low", "Non-nut Low")
#: Draw rows, in display order: a hand may be in several, or none.
DRAWS: tuple[str, ...] = (
    *FLUSH_DRAWS,
    "Wrap (13+ outs)",
    "Wrap (9-12 outs)",
    "Open-ended (5-8 outs)",
    "Gutshot (1-4 outs)",
)
#: Low draw rows of the hi-lo games.
LOW_DRAWS: tuple[str, ...] = ("Nut low draw", "Non-nut low draw")

#: Straight-draw rows by the smallest number of outs each takes.
_STRAIGHT_DRAW_BINS = (
    (13, "Wrap (13+ outs)"),
    (9, "Wrap (9-12 outs)"),
    (5, "Open-ended (5-8 outs)"),
    (1, "Gutshot (1-4 outs)"),
)

_STRAIGHT_TOPS = np.arange(3, 13, dtype=np.int64)  # the wheel's top card is the five
# Ace-low rank of each rank for the 8-or-better low: ace 0, deuce 1 ... eight 7; -1 above.
_LOW_RANK = np.array([1, 2, 3, 4, 5, 6, 7, -1, -1, -1, -1, -1, 0], dtype=np.int64)


def _can_make_low() -> NDArray[np.bool_]:
    """``table[hole, board]``: two hole ranks and three other board ranks, all eight or lower.

    Both indexes are 8-bit masks of ace-low ranks (bit 0 = ace ... bit 7 =
    eight); this is whether a low exists at all, which is all a low draw asks.
    """
    masks = np.arange(256, dtype=np.int64)
    table = np.zeros((256, 256), bool)
    for first, second in combinations(range(8), 2):
        both = (1 << first) | (1 << second)
        holds = (masks & both) == both
        three_others = POPCOUNT[masks & ~both] >= 3
        table |= holds[:, None] & three_others[None, :]
    return table


_CAN_MAKE_LOW = _can_make_low()


def row_kinds(hilo: bool) -> list[tuple[str, str]]:
    """``(row, kind)`` of every row in display order; the low rows only in hi-lo games."""
    rows = [(name, "made hand") for name in MADE_HANDS]
    if hilo:
        rows += [(name, "low") for name in LOW_HANDS]
    rows += [(name, "draw") for name in DRAWS]
    if hilo:
        rows += [(name, "draw") for name in LOW_DRAWS]
    return rows


def classify_omaha(
    hands: NDArray[np.uint8], board: NDArray[np.uint8], dead: NDArray[np.uint8], *, hilo: bool
) -> dict[str, NDArray[np.bool_]]:
    """Boolean membership ``(n,)`` of each hand ``(n, 4..6)`` in each Omaha row.

    ``hands`` must avoid the board and dead cards, and the board hold 3 to 5
    cards (checked by the caller). The made-hand masks partition the hands.

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> hands = parse_cards("Ah Kh Qd Jc 9s 8s 7c 6d").reshape(2, 4)
    >>> flags = classify_omaha(hands, parse_cards("Th 5h 4c"), parse_cards(""), hilo=False)
    >>> flags["Nut flush draw"].tolist(), flags["Wrap (13+ outs)"].tolist()
    ([True, False], [False, True])
    >>> flags["No Made Hand"].tolist()
    [True, True]
    """
    # Writable copies: numba compiles a kernel again for read-only arrays (a
    # Range's hands, a parsed board), so every evaluator call here passes
    # writable ones and the Omaha low kernel compiles once.
    hands, board = np.array(hands, dtype=np.uint8), np.array(board, dtype=np.uint8)
    n_hands = len(hands)
    seen = np.concatenate([board, dead]).astype(np.int64)
    best_five, category = _best_fives(hands, board)
    flags = _made_hands(hands, board, seen, best_five, category)
    if hilo:
        low = np.asarray(evaluate_omaha_low8(hands, board), dtype=np.int64).reshape(n_hands)
        nut_low = _nut_low(board, seen)
        flags["Nut Low"] = (low > 0) & (low == nut_low)
        flags["Non-nut Low"] = (low > 0) & (low != nut_low)
    else:
        low = np.zeros(n_hands, np.int64)
    draw_names = DRAWS + (LOW_DRAWS if hilo else ())
    if board.size == 5:
        # Nothing to come: no draws.
        flags.update({name: np.zeros(n_hands, bool) for name in draw_names})
        return flags
    hole_ranks = hands.astype(np.int64) // 4
    rank_live = live_by_rank(seen, counts(hole_ranks, 13))
    flags.update(_flush_and_straight_draws(hands, board, seen, category, rank_live))
    if hilo:
        flags.update(_low_draws(hole_ranks, board, rank_live, low))
    return flags


def _best_fives(
    hands: NDArray[np.uint8], board: NDArray[np.uint8]
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The best five cards ``(n, 5)`` (two hole cards first) and their category ``(n,)``."""
    n_hands, hole_size = hands.shape
    pairs = np.array(list(combinations(range(hole_size), 2)), dtype=np.int64)
    triples = np.array(list(combinations(range(board.size), 3)), dtype=np.int64)
    two = hands[:, pairs]  # (n, P, 2)
    three = board[triples]  # (T, 3)
    fives = np.concatenate(
        [
            np.broadcast_to(two[:, :, None, :], (n_hands, len(pairs), len(triples), 2)),
            np.broadcast_to(three[None, None, :, :], (n_hands, len(pairs), len(triples), 3)),
        ],
        axis=3,
    ).reshape(n_hands, -1, 5)
    values = np.asarray(evaluate(fives), dtype=np.int64).reshape(n_hands, -1)
    # Equal strengths have the same ranks, and (under the two-plus-three rule)
    # the same split of each paired rank between hand and board, so any best
    # five classifies the same way: take the first.
    best = np.argmax(values, axis=1)
    best_five = fives[np.arange(n_hands), best].astype(np.int64)
    category = np.asarray(hand_category(values[np.arange(n_hands), best]), dtype=np.int64)
    return best_five, category.reshape(n_hands)


def _made_hands(
    hands: NDArray[np.uint8],
    board: NDArray[np.uint8],
    seen: NDArray[np.int64],
    best_five: NDArray[np.int64],
    category: NDArray[np.int64],
) -> dict[str, NDArray[np.bool_]]:
    """Made-hand masks from the best five: which ranks it pairs and whose cards they are."""
    n_hands = len(best_five)
    ranks = best_five // 4
    five_counts = counts(ranks, 13)  # (n, 13) cards of each rank among the five
    hole_counts = counts(ranks[:, :2], 13)  # ... of them from the hand
    is_category = {member: category == int(member) for member in HandCategory}
    trips_in_hole = hole_count_at(hole_counts, highest(five_counts == 3))
    pairs = pair_rows(hole_counts, five_counts, category, board)
    top_two = (
        pairs.both_paired & (pairs.first_pair == pairs.top) & (pairs.second_pair == pairs.second)
    )

    flush = is_category[HandCategory.FLUSH]
    # Holding the suit's highest card still in play (not on the board, not
    # dead) is the best flush: every better card is on the board for all.
    nut_card = nut_cards(seen)[best_five[:, 0] % 4]
    nut_flush = flush & ((best_five[:, 0] == nut_card) | (best_five[:, 1] == nut_card))
    straight = is_category[HandCategory.STRAIGHT]
    rank_masks = (RANK_BITS[ranks]).sum(axis=1) if n_hands else np.zeros(0, np.int64)
    # Distinct ranks in a straight: the mask sum is the or.
    straight_top = np.where(rank_masks == STRAIGHTS[0], 3, ranks.max(axis=1, initial=0))
    nut_straight = straight & (straight_top == _nut_straight_top(board, seen))

    made = {
        "Straight Flush": is_category[HandCategory.STRAIGHT_FLUSH],
        # A quad needs a hole card (three board cards play at most).
        "Four of a Kind": is_category[HandCategory.FOUR_OF_A_KIND],
        "Full House": is_category[HandCategory.FULL_HOUSE],
        "Nut Flush": nut_flush,
        "Non-nut Flush": flush & ~nut_flush,
        "Nut Straight": nut_straight,
        "Non-nut Straight": straight & ~nut_straight,
        "Set": is_category[HandCategory.THREE_OF_A_KIND] & (trips_in_hole == 2),
        "Trips": is_category[HandCategory.THREE_OF_A_KIND] & (trips_in_hole == 1),
        "Top Two Pair": top_two,
        "Two Pair": pairs.both_paired & ~top_two,
        **pairs.rows,
    }
    made["No Made Hand"] = ~np.logical_or.reduce(list(made.values()))
    return made


def _nut_straight_top(board: NDArray[np.uint8], seen: NDArray[np.int64]) -> int:
    """Top rank of the best straight any hand can make on this board (-1 for none).

    Three of its ranks come from the board; the hand needs a card in play of
    each other rank, and two ranks in all.
    """
    board_mask = int(np.bitwise_or.reduce(RANK_BITS[board.astype(np.int64) // 4]))
    in_play = 4 - np.bincount(seen // 4, minlength=13)
    in_play_mask = int(RANK_BITS[in_play > 0].sum())
    best = -1
    for straight, top in zip(STRAIGHTS.tolist(), _STRAIGHT_TOPS.tolist(), strict=True):
        missing = straight & ~board_mask
        if (
            POPCOUNT[straight & board_mask] >= 3
            and missing & ~in_play_mask == 0
            and POPCOUNT[straight & in_play_mask] >= 2
        ):
            best = max(best, top)
    return best


def _nut_low(board: NDArray[np.uint8], seen: NDArray[np.int64]) -> int:
    """Strength of the best 8-or-better low any hand can make on this board (0 for none).

    Tried with the evaluator: every two low ranks with a card in play, in a
    hand filled with two cards too high to play in a low.
    """
    out_of_play = np.zeros(52, bool)
    out_of_play[seen] = True
    free = [card for card in range(52) if not out_of_play[card]]
    by_rank = {rank: [card for card in free if card // 4 == rank] for rank in range(13)}
    low_cards = [cards[0] for rank, cards in by_rank.items() if _LOW_RANK[rank] >= 0 and cards]
    fillers = [card for card in free if _LOW_RANK[card // 4] < 0 and card not in low_cards][:2]
    if len(low_cards) < 2 or len(fillers) < 2:
        return 0
    hands = np.array(
        [[first, second, *fillers] for first, second in combinations(low_cards, 2)], np.uint8
    )
    return int(np.asarray(evaluate_omaha_low8(hands, board)).max())


def _flush_and_straight_draws(
    hands: NDArray[np.uint8],
    board: NDArray[np.uint8],
    seen: NDArray[np.int64],
    category: NDArray[np.int64],
    rank_live: NDArray[np.int64],
) -> dict[str, NDArray[np.bool_]]:
    """Flush and straight draw masks on a flop or turn board (one next card)."""
    hole_suits = hands.astype(np.int64) % 4
    hole_by_suit = counts(hole_suits, 4)
    board_by_suit = np.bincount(board.astype(np.int64) % 4, minlength=4)
    suit_live = live_by_suit(seen, hole_by_suit)
    # Two hole cards and three board cards of one suit: a suit with two on
    # the board (three would make the flush already) and two in hand.
    draw_suit = (
        (category < int(HandCategory.FLUSH))[:, None]
        & (hole_by_suit >= 2)
        & (board_by_suit[None, :] >= 2)
        & (suit_live >= 1)
    )
    outs = _straight_outs(hands, board, rank_live)
    outs = np.where(category < int(HandCategory.STRAIGHT), outs, 0)
    flags = flush_draw_rows(hands, draw_suit, seen, outs > 0)
    upper = np.inf
    for least, name in _STRAIGHT_DRAW_BINS:
        flags[name] = (outs >= least) & (outs < upper)
        upper = least
    return flags


def _straight_outs(
    hands: NDArray[np.uint8], board: NDArray[np.uint8], rank_live: NDArray[np.int64]
) -> NDArray[np.int64]:
    """Live cards ``(n,)`` whose rank, added to the board, gives a two-plus-three straight."""
    hole_mask = np.bitwise_or.reduce(RANK_BITS[hands.astype(np.int64) // 4], axis=1)
    board_mask = int(np.bitwise_or.reduce(RANK_BITS[board.astype(np.int64) // 4]))
    new_board = board_mask | RANK_BITS  # (13,) the board with one more rank
    straights = STRAIGHTS[None, None, :]
    off_board = straights & ~new_board[None, :, None]  # (1, 13, 10): ranks the hand must give
    # At most two ranks off the board, all of them in hand, and two hand ranks in all.
    makes = (
        (POPCOUNT[off_board] <= 2)
        & ((off_board & ~hole_mask[:, None, None]) == 0)
        & (POPCOUNT[straights & hole_mask[:, None, None]] >= 2)
    ).any(axis=2)  # (n, 13)
    return (np.where(makes, rank_live, 0)).sum(axis=1)


def _low_draws(
    hole_ranks: NDArray[np.int64],
    board: NDArray[np.uint8],
    rank_live: NDArray[np.int64],
    low: NDArray[np.int64],
) -> dict[str, NDArray[np.bool_]]:
    """Low draw masks: no low yet, and some live card(s) to come give one."""
    n_hands = len(hole_ranks)
    low_bits = np.where(_LOW_RANK >= 0, np.int64(1) << np.maximum(_LOW_RANK, 0), 0)
    hole_low = np.bitwise_or.reduce(low_bits[hole_ranks], axis=1)
    board_low = int(np.bitwise_or.reduce(low_bits[board.astype(np.int64) // 4]))
    low_ranks = np.flatnonzero(_LOW_RANK >= 0)
    live_low = rank_live[:, low_ranks] > 0  # (n, 8) by rank order 2..8, A
    bits = low_bits[low_ranks]
    possible = np.zeros(n_hands, bool)
    # One card to come on the turn; two on the flop (one new low rank, or two).
    for first in range(len(low_ranks)):
        after = board_low | int(bits[first])
        possible |= live_low[:, first] & _CAN_MAKE_LOW[hole_low, after]
        if board.size == 3:
            for second in range(first + 1, len(low_ranks)):
                both = after | int(bits[second])
                possible |= live_low[:, first] & live_low[:, second] & _CAN_MAKE_LOW[hole_low, both]
    draw = possible & (low == 0)
    # The nut low draw holds the two lowest ace-low ranks missing from the board.
    missing = [bit for bit in range(8) if not board_low >> bit & 1][:2]
    wanted = sum(1 << bit for bit in missing)
    nut = draw & (len(missing) == 2) & ((hole_low & wanted) == wanted)
    return {"Nut low draw": nut, "Non-nut low draw": draw & ~nut}
