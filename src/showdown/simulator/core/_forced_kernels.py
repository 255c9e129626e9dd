"""Forced bets and who opens a betting round: blinds, antes, the stud bring-in, showing hands.

Plain functions over arrays (or lists) and scalars, compiled by numba for the
compiled engine and called through ``.py_func`` by ``HandState``: each rule is
written once. Every function here is a leaf (it calls no other compiled
function), so its ``.py_func`` runs as plain Python on lists.

Examples
--------
>>> blind_positions.py_func(6, 5), blind_positions.py_func(2, 1)
((0, 1), (1, 0))
"""

from __future__ import annotations

from ..._jit import jit

#: Most face-up cards a stud hand holds (fields of :func:`showing_rank`).
MAX_SHOWN = 7

#: Index of the highest set bit of every 7-bit number (0 for 0).
HIGHEST_BIT = tuple(max(0, value.bit_length() - 1) for value in range(128))


@jit
def blind_positions(n, button):  # pragma: no cover - compiled
    """``(small, big)`` blind seats: the two seats left of the button; heads-up the
    button posts the small blind."""
    if n == 2:
        return button, (button + 1) % n
    return (button + 1) % n, (button + 2) % n


@jit
def post_forced_bets(
    n, button, antes, blinds, small_bet, stacks, bets, totals, ante_paid, all_in
):  # pragma: no cover - compiled
    """Post every ante (dead money) and then every blind (a live bet), as far as stacks allow.

    A player whose stack runs out becomes all-in. A short all-in blind still sets
    the full blind: the others call the largest blind, which counts as the
    round's first bet; the opener is left of the largest blind (the last one in
    position order), or left of the button without blinds.

    Returns
    -------
    tuple of int
        ``(current_bet, full_bet, last_raise, bets_count, opener)`` for the first round.
    """
    for seat in range(n):
        ante_paid[seat] = 0
        if antes[seat] > 0:
            posted = min(antes[seat], stacks[seat])
            stacks[seat] -= posted
            totals[seat] += posted
            ante_paid[seat] = posted
            if stacks[seat] == 0:
                all_in[seat] = True
    largest = 0
    for seat in range(n):
        if blinds[seat] > largest:
            largest = blinds[seat]
        if blinds[seat] > 0 and stacks[seat] > 0:
            posted = min(blinds[seat], stacks[seat])
            stacks[seat] -= posted
            totals[seat] += posted
            bets[seat] += posted
            if stacks[seat] == 0:
                all_in[seat] = True
    if largest == 0:
        return 0, 0, small_bet, 0, (button + 1) % n
    last = button
    for step in range(n):
        seat = (button + 1 + step) % n
        if blinds[seat] == largest:
            last = seat
    return largest, largest, max(small_bet, largest), 1, (last + 1) % n


@jit
def bring_in_seat(n, doors, folded, all_in):  # pragma: no cover - compiled
    """Seat due to bring in: the lowest door card (``doors[seat]``, -1 unknown or none).

    Card codes order ranks then suits clubs < diamonds < hearts < spades, so the
    smallest code is the lowest card, ties broken by suit. The bring-in passes
    over players who cannot act (all-in from the ante, disconnected) to the
    lowest door card among those who can; when nobody can act, the lowest door
    card of any live player. -1 when no live player shows a known door card.
    """
    best_seat = -1
    best_card = 99
    fallback_seat = -1
    fallback_card = 99
    for seat in range(n):
        card = doors[seat]
        if folded[seat] or card < 0:
            continue
        if card < fallback_card:
            fallback_seat = seat
            fallback_card = card
        if not all_in[seat] and card < best_card:
            best_seat = seat
            best_card = card
    return best_seat if best_seat >= 0 else fallback_seat


@jit
def showing_rank(cards, count):  # pragma: no cover - compiled
    """Rank of a partial face-up stud hand packed in one int: larger shows more.

    Groups first (quads > trips > two pair > pair > high cards: the group sizes,
    largest first), then the groups' ranks, then the highest card code, which
    breaks ties by the suit of the highest card. Fixed-width fields, most
    significant first: sizes (3 bits each, zero padded so that fewer groups of
    the same sizes sort lower), ranks (4 bits each) and highest code + 1 (6 bits).
    Unknown cards (-1) do not count.
    """
    # Per-rank counts packed 3 bits apart in one int, then each group size's ranks as
    # a 13-bit mask, read from the highest rank down (a 128-entry table gives the
    # highest set bit of seven bits). No arrays or lists: quick both as plain Python
    # (HandState) and compiled.
    counts = 0
    top = -1
    for index in range(count):
        card = cards[index]
        if card > top:
            top = card
        if card >= 0:
            counts += 1 << (3 * (card >> 2))
    by_size = 0
    for index in range(count):
        card = cards[index]
        if card >= 0:
            rank = card >> 2
            by_size |= 1 << (13 * (((counts >> (3 * rank)) & 7) - 1) + rank)
    sizes = 0
    ranks = 0
    groups = 0
    for size in range(4, 0, -1):
        mask = (by_size >> (13 * (size - 1))) & 0x1FFF
        while mask:
            rank = 6 + HIGHEST_BIT[mask >> 6] if mask >> 6 else HIGHEST_BIT[mask]
            mask ^= 1 << rank
            sizes = (sizes << 3) | size
            ranks = (ranks << 4) | rank
            groups += 1
    pad = MAX_SHOWN - groups
    packed = ((sizes << (3 * pad)) << (4 * MAX_SHOWN)) | (ranks << (4 * pad))
    return (packed << 6) | (top + 1)


@jit
def has_pair(cards, count):  # pragma: no cover - compiled
    """Whether the first ``count`` cards hold two of a rank (a stud open pair)."""
    seen = 0
    for index in range(count):
        card = cards[index]
        if card >= 0:
            bit = 1 << (card >> 2)
            if seen & bit:
                return True
            seen |= bit
    return False


@jit
def best_showing_seat(n, ranks, folded):  # pragma: no cover - compiled
    """Live seat with the highest :func:`showing_rank` (acts first from fourth street)."""
    best_seat = -1
    best = -1
    for seat in range(n):
        if not folded[seat] and ranks[seat] > best:
            best_seat = seat
            best = ranks[seat]
    return best_seat
