"""Made-hand category and draws of each hold'em combo on a board, vectorised.

The rows and their definitions are documented on
:func:`~showdown.equity.range_stats.range_stats`; this module computes them
for a whole range at once with numpy (rank and suit counts per combo, plus
one evaluator call for the category of the best five cards).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..evaluator import HandCategory, evaluate, hand_category

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
    "Overpair",
    "Top Pair",
    "Pocket Pair Below Top Pair",
    "Middle Pair",
    "Weak Pair",
    "Ace High",
    "No Made Hand",
    "Board Plays",
)
#: Draw rows, in display order: a combo may be in several, or none.
DRAWS: tuple[str, ...] = (
    "Nut flush draw",
    "Non-nut flush draw",
    "Combo draw",
    "Open-ended straight draw",
    "Gutshot",
    "Overcards",
    "Backdoor flush draw",
    "Backdoor straight draw",
)

_ACE = 12
# The ten straights as 13-bit rank masks (bit 0 = deuce ... bit 12 = ace): the
# wheel A-2-3-4-5 first, then 2-6 up to T-A.
_STRAIGHTS = np.array([(1 << 12) | 0b1111] + [0b11111 << low for low in range(9)], dtype=np.int64)
_RANK_BITS = np.int64(1) << np.arange(13, dtype=np.int64)
# Set bits of every 13-bit rank mask.
_POPCOUNT = np.array([bin(mask).count("1") for mask in range(1 << 13)], dtype=np.int64)


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
    hole_counts = _counts(hole_ranks, 13)
    board_counts = np.bincount(board.astype(np.int64) // 4, minlength=13)
    # On the river the board is a hand of its own: when the combo cannot
    # better it, the player's cards add nothing.
    river = board.size == 5
    board_plays = values == int(evaluate(board)) if river else np.zeros(n_combos, bool)
    made = _made_hands(category, hole_counts, board_counts)
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
    category: NDArray[np.int64], hole_counts: NDArray[np.int64], board_counts: NDArray[np.int64]
) -> dict[str, NDArray[np.bool_]]:
    """Made-hand masks from the best five's category and rank counts (before "Board Plays")."""
    n_combos = len(category)
    rows = np.arange(n_combos)
    ranks = np.arange(13)
    total = hole_counts + board_counts[None, :]

    def hole_count_at(rank: NDArray[np.int64]) -> NDArray[np.int64]:
        # Hole cards of each row's ``rank`` (0 where the rank is -1: none).
        return np.where(rank >= 0, hole_counts[rows, np.maximum(rank, 0)], 0)

    is_category = {member: category == int(member) for member in HandCategory}
    # Quads and trips are the player's only when a hole card is one of them:
    # four or three of a kind on the board alone is everyone's.
    quads_rank = _highest(total == 4)
    trips_rank = _highest(total == 3)
    trips_in_hole = hole_count_at(trips_rank)
    # The best five's pairs are the two highest ranks held exactly twice
    # (a third pair on the river does not play).
    first_pair = _highest(total == 2)
    second_pair = _highest((total == 2) & (ranks[None, :] != first_pair[:, None]))
    in_hole_first, in_hole_second = hole_count_at(first_pair), hole_count_at(second_pair)
    two_pair_level = is_category[HandCategory.TWO_PAIR]
    pair_level = is_category[HandCategory.PAIR]
    second_plays = two_pair_level & (in_hole_second > 0)
    both_paired = two_pair_level & (in_hole_first == 1) & (in_hole_second == 1)
    # The one pair the player's cards make (a pocket pair or a hole card
    # pairing the board) beside a board pair, or -1: a board pair never counts.
    own_pair = np.where(
        (two_pair_level | pair_level) & (in_hole_first > 0) & ~both_paired,
        first_pair,
        np.where(second_plays & ~both_paired, second_pair, -1),
    )
    pocket = hole_count_at(own_pair) == 2
    one_card = (own_pair >= 0) & ~pocket
    # Board ranks, distinct, highest first: top pair pairs the first, middle
    # pair the second; pocket pairs are placed between them.
    board_ranks = np.flatnonzero(board_counts)[::-1]
    top = int(board_ranks[0])
    second = int(board_ranks[1]) if board_ranks.size > 1 else -1
    made = {
        "Straight Flush": is_category[HandCategory.STRAIGHT_FLUSH],
        "Four of a Kind": is_category[HandCategory.FOUR_OF_A_KIND]
        & (hole_count_at(quads_rank) > 0),
        "Full House": is_category[HandCategory.FULL_HOUSE],
        "Flush": is_category[HandCategory.FLUSH],
        "Straight": is_category[HandCategory.STRAIGHT],
        "Set": is_category[HandCategory.THREE_OF_A_KIND] & (trips_in_hole == 2),
        "Trips": is_category[HandCategory.THREE_OF_A_KIND] & (trips_in_hole == 1),
        "Two Pair": both_paired,
        "Overpair": pocket & (own_pair > top),
        "Top Pair": one_card & (own_pair == top),
        "Pocket Pair Below Top Pair": pocket & (own_pair < top) & (own_pair > second),
        "Middle Pair": one_card & (own_pair == second),
        "Weak Pair": (one_card & (own_pair < second)) | (pocket & (own_pair < second)),
    }
    something = np.logical_or.reduce(list(made.values()))
    ace_in_hole = hole_counts[:, _ACE] > 0
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
    rank_live = 4 - np.bincount(seen // 4, minlength=13)[None, :] - hole_counts
    hole_by_suit = _counts(hole_suits, 4)
    suit_live = 13 - np.bincount(seen % 4, minlength=4)[None, :] - hole_by_suit

    below_flush = category < int(HandCategory.FLUSH)
    below_straight = category < int(HandCategory.STRAIGHT)
    suited = hole_by_suit + np.bincount(board_suits, minlength=4)[None, :]
    draw_suit = below_flush[:, None] & (hole_by_suit > 0) & (suited == 4) & (suit_live >= 1)
    flush_draw = draw_suit.any(axis=1)
    # The nut card of each suit: its highest card that is neither on the
    # board nor dead. Whoever holds it has the best flush when the suit comes.
    out_of_play = np.zeros(52, bool)
    out_of_play[seen] = True
    nut_card = np.full(4, -1, dtype=np.int64)
    for suit in range(4):
        in_play = [rank for rank in range(13) if not out_of_play[rank * 4 + suit]]
        if in_play:
            nut_card[suit] = max(in_play) * 4 + suit
    holds_nut = (combos[:, :, None].astype(np.int64) == nut_card[None, None, :]).any(axis=1)
    nut_flush_draw = (draw_suit & holds_nut).any(axis=1)

    board_mask = int(np.bitwise_or.reduce(_RANK_BITS[board_ranks]))
    hole_mask = _RANK_BITS[hole_ranks[:, 0]] | _RANK_BITS[hole_ranks[:, 1]]
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
        "Nut flush draw": nut_flush_draw,
        "Non-nut flush draw": flush_draw & ~nut_flush_draw,
        "Combo draw": flush_draw & (open_ended | gutshot),
        "Open-ended straight draw": open_ended,
        "Gutshot": gutshot,
        "Overcards": overcards,
        "Backdoor flush draw": backdoor_flush,
        "Backdoor straight draw": backdoor_straight,
    }


def _highest(mask: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Highest rank set in each row of a ``(n, 13)`` mask, or -1 for an empty row."""
    found = mask.any(axis=1)
    return np.where(found, 12 - np.argmax(mask[:, ::-1], axis=1), -1).astype(np.int64)


def _counts(values: NDArray[Any], size: int) -> NDArray[np.int64]:
    """Per-row counts of small integers: ``(n, k)`` values -> ``(n, size)`` counts."""
    counts = np.zeros((len(values), size), np.int64)
    for column in range(values.shape[1]):
        np.add.at(counts, (np.arange(len(values)), values[:, column].astype(np.int64)), 1)
    return counts


def _straight_out_ranks(all_mask: NDArray[np.int64], board_mask: int) -> NDArray[np.bool_]:
    """``(n, 13)``: a card of that rank completes a straight using a hole card's rank."""
    with_rank = all_mask[:, None] | _RANK_BITS[None, :]  # (n, 13)
    board_with_rank = board_mask | _RANK_BITS  # (13,)
    straights = _STRAIGHTS[None, None, :]
    complete = (straights & ~with_rank[:, :, None]) == 0
    contains_rank = (straights & _RANK_BITS[None, :, None]) != 0
    uses_hole = (straights & ~board_with_rank[None, :, None]) != 0
    return np.any(complete & contains_rank & uses_hole, axis=2)


def _backdoor_straight(
    all_mask: NDArray[np.int64],
    board_mask: int,
    hole_mask: NDArray[np.int64],
    rank_live: NDArray[np.int64],
) -> NDArray[np.bool_]:
    """Some straight lacks exactly two ranks, both live, and holds a hole rank not on the board."""
    straights = _STRAIGHTS[None, :]
    missing = straights & ~all_mask[:, None]  # (n, 10)
    two_missing = _POPCOUNT[missing] == 2
    live_bits = (rank_live > 0) @ (1 << np.arange(13, dtype=np.int64))  # (n,) mask of live ranks
    both_live = (missing & ~live_bits[:, None]) == 0
    uses_hole = (straights & hole_mask[:, None] & ~board_mask) != 0
    return np.any(two_missing & both_live & uses_hole, axis=1)
