"""What a hold'em range holds on a board: made hands and draws (Flopzilla's question).

:func:`range_stats` classifies every combo of a range that the board and
dead cards leave alive by what the player's own cards make (a pair on the
board is everyone's, not the player's), and reports the (weighted) share of
the range in each made-hand category and each draw. The rows follow
Flopzilla's statistics; each is defined in the function's docstring.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..cards import CardsLike, HandRange, Range, as_card_array, format_card, format_cards
from ._range_categories import DRAWS, MADE_HANDS, classify

__all__ = ["DRAWS", "MADE_HANDS", "classify", "range_stats"]


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
        text (``"QQ+, AKs, T9s-76s:0.5"``). Hold'em only: Omaha hands are
        refused with a ``ValueError`` (their two-from-hand rule would need
        its own categories).
    board
        Three, four or five board cards.
    dead
        Cards out of play (other players' known cards, mucked cards).

    Returns
    -------
    pandas.DataFrame
        One row per made-hand category (best first, :data:`MADE_HANDS`) then
        per draw (:data:`DRAWS`), indexed by name, with columns ``kind``
        (``"made hand"`` or ``"draw"``), ``count`` (combos), ``weight``
        (combos counted by weight), ``share`` (``weight`` over the whole live
        range's weight), ``combos`` (the combos' text, highest card first,
        highest combos first) and ``range`` (those combos with their weights
        as a :class:`~showdown.cards.Range`, ``None`` for an empty row).
        ``attrs`` holds ``board``, ``dead``, ``combos`` and ``weight`` of the
        live range.

    Raises
    ------
    ValueError
        For a bad range or card, an Omaha range, a board of the wrong size,
        a card both on the board and dead, or a range that card removal
        empties.

    Notes
    -----
    **Made hands are exclusive**: each combo is in exactly one row (its
    best), so their shares sum to 1. A combo's *hand* is the best five of its
    two cards and the board; a row counts only what the combo's own cards
    make, because what the board makes alone every player holds.

    Straight Flush, Flush, Straight, Full House
        The hand is of that category (and not "Board Plays").
    Four of a Kind
        Four of a kind with a hole card among the four.
    Set / Trips
        Three of a kind from a pocket pair and one board card (set) or from
        one hole card and a pair on the board (trips).
    Two Pair
        Each hole card pairs a different board card and both pairs play (a
        higher pair on the board can push one of them out).
    Overpair, Pocket Pair Below Top Pair, Weak Pair (pocket pairs)
        A pocket pair that plays, placed against the board's distinct ranks:
        above the highest, between the highest and the second, or below the
        second.
    Top Pair, Middle Pair, Weak Pair (one hole card)
        A hole card pairs the highest, the second-highest or a lower distinct
        board rank (and that pair plays).
    Ace High / No Made Hand
        The combo's cards make none of the above: they only play as kickers
        beside the board's own pairs, trips or quads, or as high cards. Ace
        High when one of them is an ace.
    Board Plays
        River only: the combo cannot better the board's own five cards.

    So on ``7c7d2h`` ``AK`` is "Ace High", ``QJ`` "No Made Hand" (both with
    "Overcards"), ``KK`` an overpair, ``55`` a pocket pair below top pair and
    ``K2`` a weak pair: the sevens belong to the board.

    **Draws overlap**: a combo may hold several draws, or none, and draws
    overlap the made hands (top pair with a flush draw is in both rows).
    Within the draws, "Nut flush draw" and "Non-nut flush draw" exclude each
    other, as do "Open-ended straight draw" and "Gutshot"; "Backdoor flush
    draw" excludes a flush draw and "Backdoor straight draw" a straight draw;
    "Combo draw" is a subset of the flush draws and of the straight draws.
    On the river every draw row is zero. A *live card* is one not on the
    board, not dead and not in the combo (other players' cards are unknown
    unless passed as dead).

    Nut flush draw / Non-nut flush draw
        The hand is below a flush and some live next card gives five cards of
        one suit that include a hole card (four of a suit on the board and
        none in hand is no draw: that flush is everyone's). It is the nut
        draw when the combo holds the suit's highest card that is neither on
        the board nor dead, so no other hand can hold a higher flush when it
        comes (straight flushes aside): ``Ah5h`` on ``Kh8h2c``, ``Kh5h`` on
        ``Ah8h2c``.
    Open-ended straight draw / Gutshot
        The hand is below a straight and some live next cards complete five
        consecutive ranks (the ace plays high or low) that are not all among
        the board's ranks and the new card's (the straight must use a hole
        card's rank). Open-ended: two or more such ranks (``6-7-8-9``, a
        double gutshot ``5-7-8-9-J``, ``2-3-4-5``); gutshot: exactly one
        (``5-6-8-9``, ``A-2-3-4``, ``A-K-Q-J``).
    Combo draw
        A flush draw together with an open-ended straight draw or a gutshot.
    Overcards
        The combo is "Ace High" or "No Made Hand" and both hole cards rank
        above every board card.
    Backdoor flush draw (flop only)
        Below a flush, no flush draw, and some two live cards (turn and
        river) give five of one suit including a hole card.
    Backdoor straight draw (flop only)
        Below a straight, no straight draw, and some two live cards of
        different ranks give five consecutive ranks using a hole card's rank.

    Examples
    --------
    >>> stats = range_stats("QQ+, AKs, T9s-76s", "Kd7c2h")
    >>> stats.loc[["Set", "Overpair", "Top Pair", "Pocket Pair Below Top Pair"], "count"].tolist()
    [3, 6, 3, 6]
    >>> float(stats.loc["Top Pair", "share"]), stats.attrs["combos"]
    (0.09375, 32)
    >>> stats.loc["Backdoor straight draw", "combos"]
    ('Ts9s', 'Th9h', 'Td9d', 'Tc9c', '9s8s', '9h8h', '9d8d', '9c8c')
    >>> stats.loc["Set", "range"]
    Range('KsKh, KsKc, KhKc')
    >>> range_stats("AKo, QJo", "7c7d2h").loc[["Ace High", "No Made Hand", "Overcards"], "count"]
    hand
    Ace High        12
    No Made Hand    12
    Overcards       24
    Name: count, dtype: int64
    """
    pandas = _pandas()
    live, board_cards, dead_cards = _live_range(hand_range, board, dead)
    combos, weights = live.combos, live.weights
    flags = classify(combos, board_cards, dead_cards)
    total = float(weights.sum())
    # Highest card first; one name lookup per card is far cheaper than
    # formatting each combo as a card array.
    names = [format_card(code) for code in range(52)]
    texts = np.array([names[high] + names[low] for low, high in combos.tolist()], dtype=object)
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


def _live_range(
    hand_range: Range | HandRange | str, board: CardsLike, dead: CardsLike | None
) -> tuple[Range, NDArray[np.uint8], NDArray[np.uint8]]:
    base = _holdem_range(hand_range)
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


def _holdem_range(hand_range: Range | HandRange | str) -> Range:
    """The range as a :class:`Range`, refusing Omaha hands by name rather than as bad text."""
    if isinstance(hand_range, Range) and hand_range.hole_size == 2:
        return hand_range
    omaha = "range_stats classifies hold'em (two-card) hands; Omaha hands are not supported"
    if isinstance(hand_range, HandRange) and hand_range.hole_size != 2:
        raise ValueError(f"hand_range: {hand_range.hole_size}-card hands: {omaha}")
    try:
        return Range(hand_range, name="range")
    except ValueError:
        # "AsKsQhJh" is no range token; say why if it is an Omaha hand.
        cards = _cards_or_none(hand_range)
        if cards is not None and cards.size in (4, 5, 6):
            raise ValueError(
                f"hand_range: {hand_range!r} is a {cards.size}-card hand: {omaha}"
            ) from None
        raise


def _cards_or_none(text: object) -> NDArray[np.uint8] | None:
    if not isinstance(text, str):
        return None
    try:
        return as_card_array(text, name="hand_range").ravel()
    except ValueError:
        return None


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("range_stats() needs pandas: pip install pandas") from error
    return pandas
