"""Made-hand category and draws of each hold'em combo on a board, vectorised.

The rows and their definitions are documented on
:func:`~showdown.equity.analysis.range_stats.range_stats`; this module computes them
for a whole range at once with numpy (rank and suit counts per combo, plus
one evaluator call for the category of the best five cards).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ...evaluator import HandCategory, evaluate, hand_category
from ._range_common import (
    ACE,
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
    pair_rows,
)

__all__ = ["DRAWS", "MADE_HANDS", "classify"]

#: Made-hand rows, best first: every combo is in exactly one.
MADE_HANDS: tuple[str, ...] = (
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Set",
    "Trips",
    "Two Pair",
    *PAIR_ROWS,
    "Ace High",
    "No Made Hand",
    "Board Plays",
)
#: Draw rows, in display order: a combo may be in several, or none.
DRAWS: tuple[str, ...] = (
    *FLUSH_DRAWS,
    "Open-ended straight draw",
    "Gutshot",
    "Overcards",
    "Backdoor flush draw",
    "Backdoor straight draw",
)


def classify(
    combos: NDArray[np.uint8], board: NDArray[np.uint8], dead: NDArray[np.uint8]
) -> dict[str, NDArray[np.bool_]]:
    """Boolean membership ``(n,)`` of each combo ``(n, 2)`` in each row of ``range_stats``.

    ``combos`` must avoid the board and dead cards, and the board hold 3 to 5
    cards (checked by the caller). The made-hand masks partition the combos.

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> hands, board = parse_cards("As Ks 9h 8h").reshape(2, 2), parse_cards("Qs Ts 2d")
    >>> flags = classify(hands, board, parse_cards(""))
    >>> flags["Nut flush draw"].tolist(), flags["Gutshot"].tolist(), flags["Combo draw"].tolist()
    ([True, False], [True, True], [True, False])
    >>> flags["Ace High"].tolist(), flags["No Made Hand"].tolist()
    ([True, False], [False, True])
    """
    n_combos = len(combos)
    hands = np.concatenate([combos, np.broadcast_to(board, (n_combos, board.size))], axis=1)
    values = np.asarray(evaluate(hands), dtype=np.int64).reshape(n_combos)
    category = np.asarray(hand_category(values), dtype=np.int64).reshape(n_combos)
    hole_ranks = combos.astype(np.int64) // 4
    hole_counts = counts(hole_ranks, 13)
    # On the river the board is a hand of its own: when the combo cannot
    # better it, the player's cards add nothing.
    river = board.size == 5
    board_plays = values == int(evaluate(board)) if river else np.zeros(n_combos, bool)
    made = _made_hands(category, hole_counts, board)
    made["Board Plays"] = board_plays
    for name in MADE_HANDS[:-1]:
        made[name] &= ~board_plays
    flags: dict[str, NDArray[np.bool_]] = {name: made[name] for name in MADE_HANDS}
    if river:
        # Nothing to come: no draws.
        flags.update({name: np.zeros(n_combos, bool) for name in DRAWS})
        return flags
    player_has_nothing = made["Ace High"] | made["No Made Hand"]
    flags.update(_draws(combos, board, dead, category, hole_counts, player_has_nothing))
    return flags


def _made_hands(
    category: NDArray[np.int64], hole_counts: NDArray[np.int64], board: NDArray[np.uint8]
) -> dict[str, NDArray[np.bool_]]:
    """Made-hand masks from the best five's category and rank counts (before "Board Plays")."""
    board_counts = np.bincount(board.astype(np.int64) // 4, minlength=13)
    total = hole_counts + board_counts[None, :]
    is_category = {member: category == int(member) for member in HandCategory}
    # Quads and trips are the player's only when a hole card is one of them:
    # four or three of a kind on the board alone is everyone's.
    quads_rank = highest(total == 4)
    trips_in_hole = hole_count_at(hole_counts, highest(total == 3))
    pairs = pair_rows(hole_counts, total, category, board)
    made = {
        "Straight Flush": is_category[HandCategory.STRAIGHT_FLUSH],
        "Four of a Kind": is_category[HandCategory.FOUR_OF_A_KIND]
        & (hole_count_at(hole_counts, quads_rank) > 0),
        "Full House": is_category[HandCategory.FULL_HOUSE],
        "Flush": is_category[HandCategory.FLUSH],
        "Straight": is_category[HandCategory.STRAIGHT],
        "Set": is_category[HandCategory.THREE_OF_A_KIND] & (trips_in_hole == 2),
        "Trips": is_category[HandCategory.THREE_OF_A_KIND] & (trips_in_hole == 1),
        "Two Pair": pairs.both_paired,
        **pairs.rows,
    }
    something = np.logical_or.reduce(list(made.values()))
    ace_in_hole = hole_counts[:, ACE] > 0
    made["Ace High"] = ~something & ace_in_hole
    made["No Made Hand"] = ~something & ~ace_in_hole
    return made


def _draws(
    combos: NDArray[np.uint8],
    board: NDArray[np.uint8],
    dead: NDArray[np.uint8],
    category: NDArray[np.int64],
    hole_counts: NDArray[np.int64],
    player_has_nothing: NDArray[np.bool_],
) -> dict[str, NDArray[np.bool_]]:
    """Draw masks on a flop or turn board (one or two cards to come)."""
    n_combos = len(combos)
    cards_to_come = 5 - board.size
    hole_ranks, hole_suits = combos.astype(np.int64) // 4, combos.astype(np.int64) % 4
    board_ranks, board_suits = board.astype(np.int64) // 4, board.astype(np.int64) % 4

    # Live cards by rank and by suit for each combo: 4 per rank, 13 per suit,
    # less the board, the dead cards and the combo itself.
    seen = np.concatenate([board, dead]).astype(np.int64)
    rank_live = live_by_rank(seen, hole_counts)
    hole_by_suit = counts(hole_suits, 4)
    suit_live = live_by_suit(seen, hole_by_suit)

    below_flush = category < int(HandCategory.FLUSH)
    below_straight = category < int(HandCategory.STRAIGHT)
    suited = hole_by_suit + np.bincount(board_suits, minlength=4)[None, :]
    draw_suit = below_flush[:, None] & (hole_by_suit > 0) & (suited == 4) & (suit_live >= 1)
    flush_draw = draw_suit.any(axis=1)

    board_mask = int(np.bitwise_or.reduce(RANK_BITS[board_ranks]))
    hole_mask = RANK_BITS[hole_ranks[:, 0]] | RANK_BITS[hole_ranks[:, 1]]
    all_mask = hole_mask | board_mask
    outs = _straight_out_ranks(all_mask, board_mask) & (rank_live > 0)
    out_count = outs.sum(axis=1)
    open_ended = below_straight & (out_count >= 2)
    gutshot = below_straight & (out_count == 1)

    top_board = int(board_ranks.max())
    overcards = player_has_nothing & (hole_ranks.min(axis=1) > top_board)

    if cards_to_come == 2:
        backdoor_flush = (
            below_flush
            & ~flush_draw
            & np.any((hole_by_suit > 0) & (suited == 3) & (suit_live >= 2), axis=1)
        )
        backdoor_straight = (
            below_straight
            & (out_count == 0)
            & _backdoor_straight(all_mask, board_mask, hole_mask, rank_live)
        )
    else:
        backdoor_flush = backdoor_straight = np.zeros(n_combos, bool)
    return {
        **flush_draw_rows(combos, draw_suit, seen, open_ended | gutshot),
        "Open-ended straight draw": open_ended,
        "Gutshot": gutshot,
        "Overcards": overcards,
        "Backdoor flush draw": backdoor_flush,
        "Backdoor straight draw": backdoor_straight,
    }


def _straight_out_ranks(all_mask: NDArray[np.int64], board_mask: int) -> NDArray[np.bool_]:
    """``(n, 13)``: a card of that rank completes a straight using a hole card's rank."""
    with_rank = all_mask[:, None] | RANK_BITS[None, :]  # (n, 13)
    board_with_rank = board_mask | RANK_BITS  # (13,)
    straights = STRAIGHTS[None, None, :]
    complete = (straights & ~with_rank[:, :, None]) == 0
    contains_rank = (straights & RANK_BITS[None, :, None]) != 0
    uses_hole = (straights & ~board_with_rank[None, :, None]) != 0
    return np.any(complete & contains_rank & uses_hole, axis=2)


def _backdoor_straight(
    all_mask: NDArray[np.int64],
    board_mask: int,
    hole_mask: NDArray[np.int64],
    rank_live: NDArray[np.int64],
) -> NDArray[np.bool_]:
    """Some straight lacks exactly two ranks, both live, and holds a hole rank not on the board."""
    straights = STRAIGHTS[None, :]
    missing = straights & ~all_mask[:, None]  # (n, 10)
    two_missing = POPCOUNT[missing] == 2
    live_bits = (rank_live > 0) @ (1 << np.arange(13, dtype=np.int64))  # (n,) mask of live ranks
    both_live = (missing & ~live_bits[:, None]) == 0
    uses_hole = (straights & hole_mask[:, None] & ~board_mask) != 0
    return np.any(two_missing & both_live & uses_hole, axis=1)
