"""How a range of 4-6 card hands looks: pair structure x suit structure, and its top hands.

Hold'em ranges have the 13x13 grid; an Omaha range has 16,432 hand classes
(four cards), too many for a grid. What players read instead is the range's
**structure**: how its hands pair and how they are suited. This module names
both for every hand and sums a range by them (the notebook view of
:class:`~showdown.cards.Range` and its ``summary()``/``to_pandas()``).

Pair structure, from how many cards share each rank (five- and six-card
hands have the combinations too): ``no pair``, ``one pair``, ``two pair``,
``three pair``, ``trips``, ``trips + pair``, ``two trips``, ``quads``,
``quads + pair``. Suit structure, from how many cards share each suit:
``double-suited`` (exactly two suits hold two cards and none holds more;
``triple-suited`` for three), ``single-suited`` (one suit holds two, none
more), ``rainbow`` (no two cards share a suit), ``monotone`` (one suit), and
otherwise the suit counts, largest first (``3-1``: three of one suit and one
other). In four-card hands these are the generic notation's ``$ds``,
``$ss``, ``wxyz``, ``xxxx`` and ``xxx!xxxx``.

Examples
--------
>>> from showdown.cards import parse_cards
>>> hands = np.sort(np.stack([parse_cards("AsAhKsKh"), parse_cards("9c8d7h5s")]), axis=1)
>>> [PAIRINGS[4][code] for code in pairing_codes(hands)]
['two pair', 'no pair']
>>> [SUIT_SHAPES[4][code] for code in suit_codes(hands)]
['double-suited', 'rainbow']
"""

from __future__ import annotations

import functools
import html

import numpy as np
from numpy.typing import NDArray

from .codes import format_cards

__all__ = ["PAIRINGS", "SUIT_SHAPES", "pairing_codes", "structure_table", "suit_codes"]


def _partitions(total: int, max_part: int, max_parts: int) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as parts (largest first) of at most ``max_part``."""
    if total == 0:
        return [()]
    if max_parts == 0:
        return []
    found = []
    for first in range(min(total, max_part), 0, -1):
        for rest in _partitions(total - first, first, max_parts - 1):
            found.append((first, *rest))
    return found


_PAIR_WORDS = {1: "one pair", 2: "two pair", 3: "three pair"}


def _pairing_name(parts: tuple[int, ...]) -> str:
    quads, trips, pairs = (parts.count(size) for size in (4, 3, 2))
    names = []
    if quads:
        names.append("quads")
    if trips:
        names.append("trips" if trips == 1 else "two trips")
    if pairs:
        names.append("pair" if pairs == 1 and names else _PAIR_WORDS[pairs])
    return " + ".join(names) or "no pair"


def _suit_name(parts: tuple[int, ...], size: int) -> str:
    if parts == (size,):
        return "monotone"
    if max(parts) == 1:
        return "rainbow"
    if max(parts) == 2:
        return {1: "single-suited", 2: "double-suited", 3: "triple-suited"}[parts.count(2)]
    return "-".join(map(str, parts))


@functools.cache
def _pairing_parts(size: int) -> tuple[tuple[int, ...], ...]:
    # Display order: by the largest group, then how many groups pair, then the parts.
    parts = _partitions(size, 4, 13)
    return tuple(sorted(parts, key=lambda p: (max(p), sum(1 for part in p if part > 1), p)))


@functools.cache
def _suit_parts(size: int) -> tuple[tuple[int, ...], ...]:
    # Display order: two-card suits (most first), rainbow, then three or more of a suit.
    parts = _partitions(size, 13, 4)
    return tuple(sorted(parts, key=lambda p: (max(p) if max(p) > 2 else 0, -p.count(2), p)))


#: Pair-structure names by hand size, in display order (codes index these).
PAIRINGS = {size: tuple(map(_pairing_name, _pairing_parts(size))) for size in (4, 5, 6)}
#: Suit-structure names by hand size, in display order.
SUIT_SHAPES = {
    size: tuple(_suit_name(parts, size) for parts in _suit_parts(size)) for size in (4, 5, 6)
}


def _shape_codes(
    groups: NDArray[np.int64], bins: int, order: tuple[tuple[int, ...], ...]
) -> NDArray[np.int64]:
    """Index in ``order`` of each row's group sizes (largest first)."""
    rows, size = groups.shape
    # At least `size` columns, so the largest `size` group sizes exist (zeros pad suits).
    counts = np.zeros((rows, max(bins, size)), np.int64)
    every = np.arange(rows)
    for column in range(size):
        np.add.at(counts, (every, groups[:, column]), 1)
    largest = -np.sort(-counts, axis=1)[:, :size]
    # Group sizes read as base-8 digits: one integer per shape.
    keys = largest @ (8 ** np.arange(size - 1, -1, -1))
    known = np.array([sum(part * 8 ** (size - 1 - i) for i, part in enumerate(p)) for p in order])
    position = np.argsort(known)
    return position[np.searchsorted(known[position], keys)]


def pairing_codes(combos: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Each hand's pair structure, as an index into ``PAIRINGS[size]``."""
    size = combos.shape[1]
    return _shape_codes(combos.astype(np.int64) // 4, 13, _pairing_parts(size))


def suit_codes(combos: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Each hand's suit structure, as an index into ``SUIT_SHAPES[size]``."""
    size = combos.shape[1]
    return _shape_codes(combos.astype(np.int64) % 4, 4, _suit_parts(size))


def structure_table(
    combos: NDArray[np.uint8], weights: NDArray[np.float64]
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """Combos and summed weight per (pair structure, suit structure) cell.

    Both arrays are ``(len(PAIRINGS[size]), len(SUIT_SHAPES[size]))``.

    Examples
    --------
    >>> from showdown.cards import Range
    >>> aces = Range("AA:xxyy", game="omaha")
    >>> counts, weights = structure_table(aces.combos, aces.weights)
    >>> int(counts.sum()), PAIRINGS[4][int(np.argmax(counts.sum(axis=1)))]
    (864, 'one pair')
    """
    size = combos.shape[1]
    cells = pairing_codes(combos) * len(SUIT_SHAPES[size]) + suit_codes(combos)
    shape = (len(PAIRINGS[size]), len(SUIT_SHAPES[size]))
    total = shape[0] * shape[1]
    counts = np.bincount(cells, minlength=total).reshape(shape).astype(np.int64)
    summed = np.bincount(cells, weights=weights, minlength=total).reshape(shape).astype(float)
    return counts, summed


def _shade(share: float) -> str:
    return f"background:rgba(214,39,40,{min(1.0, share * 3):.3f})"


def range_html(
    combos: NDArray[np.uint8],
    weights: NDArray[np.float64],
    *,
    caption: str,
    strength_order: NDArray[np.int64] | None = None,
    top: int = 12,
) -> str:
    """The notebook view: a structure table (combos and share of the weight) and the top hands.

    ``strength_order`` ranks the combos (0 = strongest) to order hands of
    equal weight; without it they go highest cards first.
    """
    size = combos.shape[1]
    counts, summed = structure_table(combos, weights)
    total = float(summed.sum())
    rows = np.flatnonzero(counts.sum(axis=1))
    columns = np.flatnonzero(counts.sum(axis=0))
    cell = 'style="padding:2px 6px;text-align:right;{}"'
    head = "".join(f"<th>{html.escape(SUIT_SHAPES[size][c])}</th>" for c in columns)
    lines = [f"<th>pairing \\ suits</th>{head}<th>total</th>"]
    for row in rows:
        parts = []
        for column in [*columns, None]:
            count = counts[row].sum() if column is None else counts[row, column]
            weight = summed[row].sum() if column is None else summed[row, column]
            share = float(weight) / total
            style = cell.format(_shade(share) if column is not None else "font-weight:bold")
            text = f"{int(count):,}<br><small>{share:.1%}</small>" if count else ""
            parts.append(f"<td {style}>{text}</td>")
        lines.append(f"<th>{html.escape(PAIRINGS[size][row])}</th>{''.join(parts)}")
    table = (
        '<table style="border-collapse:collapse;font-size:11px">'
        f"<caption>{caption}</caption><tr>{'</tr><tr>'.join(lines)}</tr></table>"
    )
    # Heaviest first; among equal weights the strongest, then the highest cards, first
    # (np.lexsort reads its keys least significant first).
    keys = [-combos[:, column].astype(np.int64) for column in range(size)]
    if strength_order is not None:
        keys.append(strength_order)
    chosen = np.lexsort((*keys, -weights))[:top]
    pairing, suits = pairing_codes(combos[chosen]), suit_codes(combos[chosen])
    hands = "".join(
        f"<tr><td>{format_cards(combos[index][::-1])}</td><td>{weights[index]:g}</td>"
        f"<td>{PAIRINGS[size][pairing[at]]}</td><td>{SUIT_SHAPES[size][suits[at]]}</td></tr>"
        for at, index in enumerate(chosen)
    )
    listing = (
        '<table style="border-collapse:collapse;font-size:11px;margin-left:16px">'
        f"<caption>top {len(chosen)} hands by weight</caption>"
        "<tr><th>hand</th><th>weight</th><th>pairing</th><th>suits</th></tr>"
        f"{hands}</table>"
    )
    return f'<div style="display:flex;align-items:flex-start">{table}{listing}</div>'
