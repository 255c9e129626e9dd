"""What a range holds on a board: made hands and draws (Flopzilla's question).

:func:`range_stats` classifies every combo of a range that the board and
dead cards leave alive by what the player's own cards make (a pair on the
board is everyone's, not the player's), and reports the (weighted) share of
the range in each made-hand category and each draw. Hold'em rows follow
Flopzilla's statistics; Omaha ranges (every Omaha game, hi-lo included) get
rows of their own under the two-plus-three rule. Each row is defined in the
function's docstring.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...cards import CardsLike, HandRange, Range, as_card_array, format_card, format_cards
from ...errors import InputError
from ...games import hand_type
from ._omaha_range_categories import classify_omaha, row_kinds
from ._range_categories import DRAWS, MADE_HANDS, classify

__all__ = ["DRAWS", "MADE_HANDS", "classify", "range_stats"]


def range_stats(
    hand_range: Range | HandRange | str,
    board: CardsLike,
    *,
    dead: CardsLike | None = None,
    game: str | None = None,
) -> Any:
    """Share of a range in each made-hand category and each draw on a board.

    Parameters
    ----------
    hand_range
        A :class:`~showdown.cards.Range` (hold'em or Omaha), a ``HandRange``
        or range text (``"QQ+, AKs, T9s-76s:0.5"``; for Omaha the generic
        notation with ``game``, ``"AA:xxyy, KKQQ"``).
    board
        Three, four or five board cards.
    dead
        Cards out of play (other players' known cards, mucked cards).
    game
        The game of the range: ``None`` keeps a ``Range``'s own game (text
        is then hold'em, and a ``HandRange`` of 4, 5 or 6 cards is
        ``omaha``, ``omaha5`` or ``omaha6``); ``"omaha"``, ``"omaha5"``,
        ``"omaha6"``, their ``-hilo`` games or any other name of
        :mod:`showdown.games` for them (``"plo8"``) read the range in that
        game. Omaha ranges get the Omaha rows (see Notes), hi-lo games the
        low rows too.

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
        Omaha hi-lo games add rows of kind ``"low"`` between the two.
        ``attrs`` holds ``board``, ``dead``, ``combos``, ``weight`` of the
        live range and ``game``.

    Raises
    ------
    ValueError
        For a bad range, card or game, a board of the wrong size, a card
        both on the board and dead, or a range that card removal empties.

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

    **Omaha** (``omaha``, ``omaha5``, ``omaha6`` and their hi-lo games):
    every made hand and draw obeys the Omaha rule, exactly two hole cards and
    three board cards. The made hand is the best such five; the rows are
    exclusive as above, and "a hole card" means one of the two that play.

    Straight Flush, Four of a Kind, Full House
        The best five is of that category (all of them use hole cards).
    Nut Flush / Non-nut Flush
        A flush; the nut flush holds the suit's highest card that is neither
        on the board nor dead (no other hand can make a higher flush).
    Nut Straight / Non-nut Straight
        A straight; the nut straight is the highest straight any two cards in
        play (not on the board, not dead) make with three board cards.
    Set / Trips
        Three of a kind from two hole cards of a rank and one board card
        (set) or from one hole card and a pair on the board (trips).
    Top Two Pair / Two Pair
        Both hole cards pair a board card and both pairs play; top two pair
        pairs the board's two highest ranks.
    Overpair, Top Pair, Pocket Pair Below Top Pair, Middle Pair, Weak Pair
        As for hold'em, with the two hole cards of the best five: a pocket
        pair placed against the board's distinct ranks, or one hole card
        pairing the highest, second or a lower board rank.
    No Made Hand
        None of the above: the hole cards only play as kickers beside the
        board's own pair or trips, or as high cards.
    Nut Low / Non-nut Low (hi-lo games)
        An 8-or-better low under the Omaha rule; the nut low is the best low
        any two cards in play make on this board. A hand may be in one of
        these rows and in a made-hand row.

    Omaha draws (flop and turn only; a *live card* is one not on the board,
    not dead and not in the hand) overlap as for hold'em, and each family
    excludes itself: a hand is in at most one flush-draw row, one
    straight-draw row and one low-draw row.

    Nut flush draw / Non-nut flush draw
        The hand is below a flush, holds two or more cards of a suit with
        two on the board and some of it live, so the next card can give two
        hole and three board cards of the suit. Nut: the hand holds that
        suit's highest card neither on the board nor dead.
    Wrap (13+ outs), Wrap (9-12 outs), Open-ended (5-8 outs), Gutshot (1-4 outs)
        The hand is below a straight, and its *outs* are the live cards whose
        rank, added to the board, lets two hole ranks and three board ranks
        make five in a row. The row is by the number of outs (the hand's own
        cards and the dead cards are not outs, so a hand holding some of its
        outs falls to a lower row): ``9876`` on ``Th5h4c`` has 13, the
        threes, sixes, sevens and eights it does not hold.
    Combo draw
        A flush draw together with a straight draw (one out or more).
    Nut low draw / Non-nut low draw (hi-lo games)
        The hand has no low yet and some live card to come (on the flop: one
        or two) gives it an 8-or-better low with two hole cards and three
        board cards. Nut: the hand holds the two lowest ace-low ranks
        missing from the board (``A2`` when neither is on it).

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
    >>> omaha = range_stats("AA:xxyy, 9876:xxyy, A2xx:xxyy", "Th5h4c", game="omaha-hilo")
    >>> omaha.loc[["Overpair", "Wrap (13+ outs)", "Nut low draw"], "count"].tolist()
    [765, 258, 1510]
    >>> omaha.attrs["combos"], omaha.attrs["game"]
    (2175, 'omaha-hilo')
    """
    pandas = _pandas()
    if isinstance(game, str) and hand_type(game).lowest_rank:
        raise InputError(
            f"range statistics are for the 52-card deck, not {hand_type(game).name}",
            parameter="game",
        )
    live, board_cards, dead_cards = _live_range(hand_range, board, dead, game)
    combos, weights = live.combos, live.weights
    if live.hole_size == 2:
        flags = classify(combos, board_cards, dead_cards)
        kinds = [(name, "made hand") for name in MADE_HANDS] + [(name, "draw") for name in DRAWS]
    else:
        hilo = hand_type(live.game).hilo
        flags = classify_omaha(combos, board_cards, dead_cards, hilo=hilo)
        kinds = row_kinds(hilo)
    total = float(weights.sum())
    # Highest card first; one name lookup per card is far cheaper than
    # formatting each combo as a card array.
    names = [format_card(code) for code in range(52)]
    texts = np.array(
        ["".join(names[card] for card in row[::-1]) for row in combos.tolist()], dtype=object
    )
    # Show combos strongest-looking first: by highest card, then the next, descending.
    display = np.lexsort(
        tuple(-combos[:, column].astype(np.int64) for column in range(combos.shape[1]))
    )
    rows = []
    for name, kind in kinds:
        members = flags[name]
        weight = float(weights[members].sum())
        rows.append(
            {
                "hand": name,
                "kind": kind,
                "count": int(members.sum()),
                "weight": weight,
                "share": weight / total,
                "combos": tuple(texts[display][members[display]]),
                "range": _member_range(live, members, name),
            }
        )
    frame = pandas.DataFrame(rows).set_index("hand")
    frame.attrs.update(
        board=format_cards(board_cards),
        dead=format_cards(dead_cards),
        combos=len(combos),
        weight=total,
        game=live.game,
    )
    return frame


def _member_range(live: Range, members: NDArray[np.bool_], name: str) -> Range | None:
    """The combos of one row with their weights, or ``None`` for an empty row."""
    if not members.any():
        return None
    if live.hole_size == 2:
        return Range._from_arrays(live.combos[members], live.weights[members], what=name)
    return Range.from_combos(live.combos[members], live.weights[members], game=live.game, name=name)


def _live_range(
    hand_range: Range | HandRange | str,
    board: CardsLike,
    dead: CardsLike | None,
    game: str | None,
) -> tuple[Range, NDArray[np.uint8], NDArray[np.uint8]]:
    base = _as_range(hand_range, game)
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


# The game a HandRange of Omaha hands is read in when none is given.
_OMAHA_BY_SIZE = {4: "omaha", 5: "omaha5", 6: "omaha6"}


def _as_range(hand_range: Range | HandRange | str, game: str | None) -> Range:
    """The range as a :class:`Range` of its game; a lone Omaha hand's text asks for ``game``."""
    if game is not None:
        if isinstance(hand_range, HandRange) and not isinstance(hand_range, Range):
            hand_range = Range(hand_range, game=_OMAHA_BY_SIZE.get(hand_range.hole_size))
        return Range(hand_range, game=game, name="range")
    if isinstance(hand_range, Range):
        return hand_range
    if isinstance(hand_range, HandRange) and hand_range.hole_size != 2:
        if hand_range.hole_size not in _OMAHA_BY_SIZE:
            raise ValueError(
                f"hand_range: {hand_range.hole_size}-card hands: range_stats reads "
                "hold'em (2) and Omaha (4, 5 or 6 cards) ranges"
            )
        return Range(hand_range, game=_OMAHA_BY_SIZE[hand_range.hole_size])
    try:
        return Range(hand_range, name="range")
    except ValueError:
        # "AsKsQhJh" is no hold'em range token; say how to read it as Omaha.
        cards = _cards_or_none(hand_range)
        if cards is not None and cards.size in _OMAHA_BY_SIZE:
            raise ValueError(
                f"hand_range: {hand_range!r} is a {cards.size}-card hand: give "
                f"game={_OMAHA_BY_SIZE[cards.size]!r} (or its -hilo game) for an Omaha range"
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
