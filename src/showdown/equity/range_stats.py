"""What a hold'em range holds on a board: made hands and draws (Flopzilla's question).

:func:`range_stats` classifies every combo of a range that the board and
dead cards leave alive, and reports the (weighted) share of the range in
each made-hand category and each draw. Made hands come from the evaluator
(best five of the two hole cards and the board); draws are defined below
and counted from rank and suit counts.

Definitions
-----------
A *live card* is one not on the board, not dead and not in the combo. A
combo's cards plus the board is its *hand*. Only the board and the dead
cards are removed: other players' cards are unknown unless passed as dead.

Flush draw
    The hand is below a flush, and some live next card gives five cards of
    one suit that include a hole card. (Four to a flush on the board with no
    hole card of that suit is not a draw: the fifth card gives everyone the
    board's flush.)
Straight outs
    The ranks ``r`` (with at least one live card) such that the hand plus a
    card of rank ``r`` holds five consecutive ranks (the ace plays high or
    low) that are not all among the board's ranks and ``r``: the straight
    must use a hole card's rank.
Open-ended straight draw
    The hand is below a straight and has two or more out ranks: an open-ended
    draw (``6-7-8-9``) or a double gutshot (``5-7-8-9-J``), eight outs when
    all are live.
Gutshot
    The hand is below a straight and has exactly one out rank.
Combo draw
    A flush draw together with an open-ended straight draw or a gutshot.
Overcards
    The hand is high card only and both hole cards rank above every board card.
Backdoor flush draw (flop only)
    Below a flush, no flush draw, and some two live cards (turn and river)
    give five of one suit including a hole card.
Backdoor straight draw (flop only)
    Below a straight, no straight out, and some two live cards of different
    ranks give five consecutive ranks using a hole card's rank.

Made-hand rows partition the range; draw rows overlap (a combo draw is also
a flush draw) and may overlap made hands (a pair with a flush draw). On the
river no card is to come, so every draw row is zero.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..cards import CardsLike, HandRange, Range, as_card_array, format_cards
from ..evaluator import HandCategory, evaluate, hand_category

__all__ = ["DRAWS", "MADE_HANDS", "range_stats"]

#: Made-hand rows, best first.
MADE_HANDS: tuple[str, ...] = tuple(category.label for category in reversed(HandCategory))
#: Draw rows, in display order.
DRAWS: tuple[str, ...] = (
    "Flush draw",
    "Open-ended straight draw",
    "Gutshot",
    "Combo draw",
    "Overcards",
    "Backdoor flush draw",
    "Backdoor straight draw",
)

# The ten straights as 13-bit rank masks (bit 0 = deuce ... bit 12 = ace): the
# wheel A-2-3-4-5 first, then 2-6 up to T-A.
_STRAIGHTS = np.array([(1 << 12) | 0b1111] + [0b11111 << low for low in range(9)], dtype=np.int64)
_RANK_BITS = np.int64(1) << np.arange(13, dtype=np.int64)
# Set bits of every 13-bit rank mask.
_POPCOUNT = np.array([bin(mask).count("1") for mask in range(1 << 13)], dtype=np.int64)


def range_stats(
    hand_range: Range | HandRange | str,
    board: CardsLike,
    *,
    dead: CardsLike | None = None,
) -> Any:
    """Share of a range in each made-hand category and each draw on a board.

    Parameters
    ----------
    hand_range
        A :class:`~showdown.cards.Range`, a two-card ``HandRange`` or range
        text (``"QQ+, AKs, T9s-76s:0.5"``).
    board
        Three, four or five board cards.
    dead
        Cards out of play (other players' known cards, mucked cards).

    Returns
    -------
    pandas.DataFrame
        One row per made-hand category (best first, see :data:`MADE_HANDS`)
        then per draw (:data:`DRAWS`; defined in the module docstring), indexed
        by name, with columns ``kind`` (``"made hand"`` or ``"draw"``),
        ``count`` (combos), ``weight`` (combos counted by weight), ``share``
        (``weight`` over the whole live range's weight), ``combos`` (the
        combos' text, highest card first, highest combos first) and ``range`` (those combos with
        their weights as a :class:`~showdown.cards.Range`, ``None`` for an
        empty row). ``attrs`` holds ``board``, ``dead``, ``combos`` and
        ``weight`` of the live range.

    Raises
    ------
    ValueError
        For a bad range or card, a board of the wrong size, a card both on
        the board and dead, or a range that card removal empties.

    Examples
    --------
    >>> stats = range_stats("QQ+, AKs, T9s-76s", "Kd7c2h")
    >>> stats.loc[["Three of a Kind", "Pair", "High Card"], "count"].tolist()
    [3, 21, 8]
    >>> float(stats.loc["Pair", "share"]), stats.attrs["combos"]
    (0.65625, 32)
    >>> stats.loc["Backdoor straight draw", "combos"]
    ('Ts9s', 'Th9h', 'Td9d', 'Tc9c', '9s8s', '9h8h', '9d8d', '9c8c')
    >>> stats.loc["Three of a Kind", "range"]
    Range('KsKh, KsKc, KhKc')
    """
    pandas = _pandas()
    live, board_cards, dead_cards = _live_range(hand_range, board, dead)
    combos, weights = live.combos, live.weights
    flags = classify(combos, board_cards, dead_cards)
    total = float(weights.sum())
    texts = np.array([format_cards(row[::-1]) for row in combos], dtype=object)
    # Show combos strongest-looking first: by high card, then low card, descending.
    display = np.lexsort((-combos[:, 0].astype(np.int64), -combos[:, 1].astype(np.int64)))
    rows = []
    for name in (*MADE_HANDS, *DRAWS):
        members = flags[name]
        weight = float(weights[members].sum())
        member_range = (
            Range._from_arrays(combos[members], weights[members], what=name)
            if members.any()
            else None
        )
        rows.append(
            {
                "hand": name,
                "kind": "made hand" if name in MADE_HANDS else "draw",
                "count": int(members.sum()),
                "weight": weight,
                "share": weight / total,
                "combos": tuple(texts[display][members[display]]),
                "range": member_range,
            }
        )
    frame = pandas.DataFrame(rows).set_index("hand")
    frame.attrs.update(
        board=format_cards(board_cards),
        dead=format_cards(dead_cards),
        combos=len(combos),
        weight=total,
    )
    return frame


def classify(
    combos: NDArray[np.uint8], board: NDArray[np.uint8], dead: NDArray[np.uint8]
) -> dict[str, NDArray[np.bool_]]:
    """Boolean membership of each combo ``(n, 2)`` in each row of :func:`range_stats`.

    ``combos`` must avoid the board and dead cards (checked by the caller).

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> hands, board = parse_cards("As Ks 9h 8h").reshape(2, 2), parse_cards("Qs Ts 2d")
    >>> flags = classify(hands, board, parse_cards(""))
    >>> flags["Flush draw"].tolist(), flags["Gutshot"].tolist(), flags["Combo draw"].tolist()
    ([True, False], [True, True], [True, False])
    """
    n_combos = len(combos)
    hands = np.concatenate([combos, np.broadcast_to(board, (n_combos, board.size))], axis=1)
    category = np.asarray(hand_category(evaluate(hands)), dtype=np.int64).reshape(n_combos)
    flags: dict[str, NDArray[np.bool_]] = {
        category_item.label: category == int(category_item) for category_item in HandCategory
    }
    cards_to_come = 5 - board.size
    hole_ranks, hole_suits = combos // 4, combos % 4
    board_ranks, board_suits = board // 4, board % 4

    # Live cards by rank and by suit for each combo: 4 per rank, 13 per suit,
    # less the board, the dead cards and the combo itself.
    seen = np.concatenate([board, dead])
    rank_live = 4 - np.bincount(seen // 4, minlength=13)[None, :] - _counts(hole_ranks, 13)
    suit_live = 13 - np.bincount(seen % 4, minlength=4)[None, :] - _counts(hole_suits, 4)

    below_flush = category < int(HandCategory.FLUSH)
    below_straight = category < int(HandCategory.STRAIGHT)
    hole_by_suit = _counts(hole_suits, 4)
    suited = hole_by_suit + np.bincount(board_suits, minlength=4)[None, :]
    if cards_to_come:
        flush_draw = below_flush & np.any(
            (hole_by_suit > 0) & (suited == 4) & (suit_live >= 1), axis=1
        )
    else:
        flush_draw = np.zeros(n_combos, bool)

    board_mask = int(np.bitwise_or.reduce(_RANK_BITS[board_ranks])) if board.size else 0
    hole_mask = _RANK_BITS[hole_ranks[:, 0]] | _RANK_BITS[hole_ranks[:, 1]]
    all_mask = hole_mask | board_mask
    outs = _straight_out_ranks(all_mask, board_mask) & (rank_live > 0)
    out_count = outs.sum(axis=1) if cards_to_come else np.zeros(n_combos, np.int64)
    open_ended = below_straight & (out_count >= 2)
    gutshot = below_straight & (out_count == 1)

    top_board = int(board_ranks.max())
    overcards = (category == int(HandCategory.HIGH_CARD)) & (hole_ranks.min(axis=1) > top_board)

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

    flags.update(
        {
            "Flush draw": flush_draw,
            "Open-ended straight draw": open_ended,
            "Gutshot": gutshot,
            "Combo draw": flush_draw & (open_ended | gutshot),
            "Overcards": overcards,
            "Backdoor flush draw": backdoor_flush,
            "Backdoor straight draw": backdoor_straight,
        }
    )
    return flags


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


def _live_range(
    hand_range: Range | HandRange | str, board: CardsLike, dead: CardsLike | None
) -> tuple[Range, NDArray[np.uint8], NDArray[np.uint8]]:
    base = hand_range if isinstance(hand_range, Range) else Range(hand_range, name="range")
    board_cards = as_card_array(board, name="board").ravel()
    if board_cards.size not in (3, 4, 5):
        raise ValueError(f"board: expected 3, 4 or 5 cards, got {board_cards.size}")
    if dead is None or (isinstance(dead, str) and not dead.strip()):
        dead_cards = np.zeros(0, np.uint8)
    else:
        dead_cards = as_card_array(dead, name="dead").ravel()
    both = sorted(set(board_cards.tolist()) & set(dead_cards.tolist()))
    if both:
        raise ValueError(f"dead: {format_cards(both)} is also on the board")
    removed = np.concatenate([board_cards, dead_cards])
    return base.remove(removed, name="board and dead cards"), board_cards, dead_cards


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("range_stats() needs pandas: pip install pandas") from error
    return pandas
