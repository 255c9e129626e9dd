"""Seven-card stud helpers: who brings in, who acts first, open pairs.

Cards are codes ``rank * 4 + suit`` with clubs < diamonds < hearts < spades, so
the smaller code is the lower card by rank then suit: exactly the bring-in order.

Examples
--------
>>> from showdown.cards import parse_cards
>>> hole = [parse_cards("AsKs2h").tolist(), parse_cards("QcJc2c").tolist()]
>>> up = [[False, False, True], [False, False, True]]
>>> bring_in_player(hole, up, [False, False])  # 2c is lower than 2h
1
"""

from __future__ import annotations

from collections.abc import Sequence


def _up_cards(cards: Sequence[int], up: Sequence[bool]) -> list[int]:
    return [card for card, face_up in zip(cards, up, strict=False) if face_up]


def bring_in_player(
    hole: Sequence[Sequence[int]],
    up: Sequence[Sequence[bool]],
    folded: Sequence[bool],
    all_in: Sequence[bool] | None = None,
) -> int:
    """Seat with the lowest door card (first face-up card); ties by suit, clubs lowest.

    With ``all_in`` given, the bring-in passes over players who cannot act (all-in
    from the ante, disconnected) to the lowest door card among those who can; when
    nobody can act, the lowest door card of any live player is returned.
    """
    best_seat, best_card = -1, 99
    fallback_seat, fallback_card = -1, 99
    for seat in range(len(hole)):
        if folded[seat]:
            continue
        shown = _up_cards(hole[seat], up[seat])
        if not shown or not shown[0] >= 0:
            continue
        if shown[0] < fallback_card:
            fallback_seat, fallback_card = seat, shown[0]
        if (all_in is None or not all_in[seat]) and shown[0] < best_card:
            best_seat, best_card = seat, shown[0]
    if best_seat < 0:
        best_seat = fallback_seat
    if best_seat < 0:
        raise ValueError("bring-in: no live player has a known door card")
    return best_seat


def showing_key(cards: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Rank of a partial face-up hand: groups (quads > trips > pairs), their ranks, top card.

    The last element, the highest card code, breaks ties by the suit of the
    highest card.

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> showing_key(parse_cards("KcKd").tolist()) > showing_key(parse_cards("AsQs").tolist())
    True
    """
    counts: dict[int, int] = {}
    for card in cards:
        if card >= 0:
            counts[card >> 2] = counts.get(card >> 2, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return (
        tuple(count for _, count in groups),
        tuple(rank for rank, _ in groups),
        max(cards, default=-1),
    )


def _showing_rank(cards: Sequence[int], up: Sequence[bool]) -> int:
    """:func:`showing_key` of the face-up ``cards`` packed into one int (same order).

    Fixed-width fields, most significant first: the group sizes (3 bits each, zero
    padded: a shorter tuple sorts lower, as in tuple comparison), the group ranks
    (4 bits each) and the highest card code + 1 (6 bits). Equal sizes imply equal
    lengths, so the rank padding never decides. Integer comparison is much cheaper
    than building and comparing nested tuples on every street.
    """
    counts: dict[int, int] = {}
    top = -1
    for card, face_up in zip(cards, up, strict=False):
        if face_up:
            if card > top:
                top = card
            if card >= 0:
                counts[card >> 2] = counts.get(card >> 2, 0) + 1
    groups = sorted([(count, rank) for rank, count in counts.items()], reverse=True)
    sizes = ranks = 0
    for count, rank in groups:
        sizes = (sizes << 3) | count
        ranks = (ranks << 4) | rank
    pad = _MAX_SHOWN - len(groups)
    return (((sizes << (3 * pad)) << (4 * _MAX_SHOWN)) | (ranks << (4 * pad))) << 6 | (top + 1)


#: Most face-up cards a stud hand can hold (fields of :func:`_showing_rank`).
_MAX_SHOWN = 7


def best_showing(
    hole: Sequence[Sequence[int]], up: Sequence[Sequence[bool]], folded: Sequence[bool]
) -> int:
    """Seat with the highest face-up hand (acts first on fourth street and later)."""
    best_seat, best = -1, -1
    for seat in range(len(hole)):
        if folded[seat]:
            continue
        rank = _showing_rank(hole[seat], up[seat])
        if rank > best:
            best_seat, best = seat, rank
    return best_seat


def has_open_pair(
    hole: Sequence[Sequence[int]], up: Sequence[Sequence[bool]], folded: Sequence[bool]
) -> bool:
    """Whether any live player shows a pair (fourth street: the big bet is allowed)."""
    for seat in range(len(hole)):
        if folded[seat]:
            continue
        ranks = [card >> 2 for card in _up_cards(hole[seat], up[seat]) if card >= 0]
        if len(set(ranks)) < len(ranks):
            return True
    return False
