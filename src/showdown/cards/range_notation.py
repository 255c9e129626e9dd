"""Canonical range text: write a set of weighted combos in the usual notation.

:func:`format_range` is the inverse of :func:`~showdown.cards.parse_range`:
``parse_range(format_range(c, w))`` holds exactly the combos ``c`` with
weights ``w``, and equal sets give equal text. The text is short in the way
players write ranges:

* a class whose combos are all present at one weight is named by its class
  (``AKs``); suited and offsuit together become ``AK``;
* pairs group into ``QQ+``, ``JJ-`` (down to deuces) or ``TT-77``;
* kickers of one top card group into ``ATs+`` (up to one below the top card)
  or ``A9s-A5s``; connectors with one gap group into ``T9s-76s`` (three or
  more classes); of the two ways to group, the shorter text is kept;
* a class only partly present (after card removal, or built combo by combo)
  is listed combo by combo (``AhKh``);
* every hand at full weight is ``random``.

Items are ordered pairs first (high to low), then the other classes by top
card and kicker, each with ``:weight`` unless the weight is 1.

Examples
--------
>>> from showdown.cards import parse_range
>>> rng = parse_range("AKs:0.5, 76s, 87s, T9s, 98s, KK, AA, QQ")
>>> format_range(rng.combos, rng.weights)
'QQ+, AKs:0.5, T9s-76s'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from .codes import RANKS, format_cards
from .range_grid import CELL_COMBOS, combo_cells

__all__ = ["format_range"]

_SUFFIX_ORDER = {"": 0, "s": 1, "o": 2}
# A token and its sort key: (pairs first, -top rank, -kicker, suitedness, tie-break text).
_Token = tuple[tuple[int, int, int, int, str], str]


def format_range(combos: NDArray[np.uint8], weights: NDArray[np.float64]) -> str:
    """Canonical text of two-card combos ``(n, 2)`` with weights ``(n,)``.

    Returns ``""`` for no combos.

    Examples
    --------
    >>> from showdown.cards import parse_range
    >>> rng = parse_range("22+, A2s+, KTo+, JTs")
    >>> format_range(rng.combos, rng.weights)
    '22+, A2s+, KTo+, JTs'
    >>> rng = parse_range("AKs, JJ-88:0.25").remove("Ah")
    >>> format_range(rng.combos, rng.weights)
    'JJ-88:0.25, AsKs, AdKd, AcKc'
    """
    combos = np.asarray(combos).reshape(-1, 2)
    weights = np.asarray(weights, dtype=np.float64).reshape(-1)
    if len(combos) == 0:
        return ""
    if len(combos) == 1326 and np.all(weights == 1.0):
        return "random"
    cells = combo_cells(combos)
    members: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, (row, column) in enumerate(cells.tolist()):
        members[(row, column)].append(index)

    tokens: list[_Token] = []
    # Full cells grouped by weight: {weight: {"pair": {rank}, "s": {(high, low)}, "o": {...}}}.
    full: dict[float, dict[str, set]] = defaultdict(lambda: {"pair": set(), "s": set(), "o": set()})
    for (row, column), indices in members.items():
        cell_weights = weights[indices]
        high, low = 12 - min(row, column), 12 - max(row, column)
        if len(indices) == CELL_COMBOS[row, column] and np.all(cell_weights == cell_weights[0]):
            kind = "pair" if row == column else "s" if row < column else "o"
            full[float(cell_weights[0])][kind].add(high if row == column else (high, low))
            continue
        suffix = "" if row == column else "s" if row < column else "o"
        for index in indices:
            pair = combos[index]
            text = format_cards(sorted(pair.tolist(), reverse=True))
            # Specific combos sort after their class's run tokens, highest cards first.
            key = (int(row != column), -high, -low, _SUFFIX_ORDER[suffix] + 3, _desc(pair))
            tokens.append((key, text + _weight_text(float(weights[index]))))
    for weight, groups in full.items():
        suffix_text = _weight_text(weight)
        tokens += [(key, text + suffix_text) for key, text in _pair_tokens(groups["pair"])]
        both = groups["s"] & groups["o"]
        for cells_of_kind, suffix in (
            (both, ""),
            (groups["s"] - both, "s"),
            (groups["o"] - both, "o"),
        ):
            tokens += [(key, text + suffix_text) for key, text in _cover(cells_of_kind, suffix)]
    tokens.sort()
    return ", ".join(text for _, text in tokens)


def _desc(pair: NDArray[np.uint8]) -> str:
    # Zero-padded codes, highest first, negated into a sortable string (higher first).
    high, low = sorted(pair.tolist(), reverse=True)
    return f"{51 - high:02d}{51 - low:02d}"


def _weight_text(weight: float) -> str:
    return "" if weight == 1.0 else f":{weight!r}"


def _runs(values: Iterable[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive integers as ``(low, high)``, highest run first."""
    ordered = sorted(values)
    runs: list[tuple[int, int]] = []
    for value in ordered:
        if runs and value == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs[::-1]


def _pair_tokens(ranks: set[int]) -> list[_Token]:
    tokens: list[_Token] = []
    for low, high in _runs(ranks):
        top, bottom = RANKS[high] * 2, RANKS[low] * 2
        if low == high:
            text = top
        elif high == 12:
            text = bottom + "+"
        elif low == 0:
            text = top + "-"
        else:
            text = f"{top}-{bottom}"
        tokens.append(((0, -high, -high, 0, ""), text))
    return tokens


def _class(high: int, low: int, suffix: str) -> str:
    return RANKS[high] + RANKS[low] + suffix


def _kicker_run(high: int, bottom: int, top: int, suffix: str) -> _Token:
    key = (1, -high, -top, _SUFFIX_ORDER[suffix], "")
    if bottom == top:
        return key, _class(high, top, suffix)
    if top == high - 1:
        return key, _class(high, bottom, suffix) + "+"
    return key, f"{_class(high, top, suffix)}-{_class(high, bottom, suffix)}"


def _connector_run(gap: int, bottom: int, top: int, suffix: str) -> _Token:
    key = (1, -top, -(top - gap), _SUFFIX_ORDER[suffix], "")
    return key, f"{_class(top, top - gap, suffix)}-{_class(bottom, bottom - gap, suffix)}"


def _cover(cells: set[tuple[int, int]], suffix: str) -> list[_Token]:
    """Tokens naming exactly ``cells`` (non-pair ``(high, low)``): the shorter of two covers."""
    if not cells:
        return []
    kicker_first = _cover_kickers_first(cells, suffix)
    connector_first = _cover_connectors_first(cells, suffix)

    def length(tokens: list[_Token]) -> int:
        return sum(len(text) + 2 for _, text in tokens)

    return connector_first if length(connector_first) < length(kicker_first) else kicker_first


def _cover_kickers_first(cells: set[tuple[int, int]], suffix: str) -> list[_Token]:
    """Kicker runs of two or more first, then connector runs of three or more of the rest."""
    tokens: list[_Token] = []
    single: set[tuple[int, int]] = set()
    by_high: dict[int, set[int]] = defaultdict(set)
    for high, low in cells:
        by_high[high].add(low)
    for high, lows in by_high.items():
        for bottom, top in _runs(lows):
            if bottom == top:
                single.add((high, top))
            else:
                tokens.append(_kicker_run(high, bottom, top, suffix))
    return tokens + _connectors_then_singles(single, suffix)


def _cover_connectors_first(cells: set[tuple[int, int]], suffix: str) -> list[_Token]:
    """Connector runs of three or more first, then kicker runs of the rest."""
    tokens: list[_Token] = []
    by_gap: dict[int, set[int]] = defaultdict(set)
    for high, low in cells:
        by_gap[high - low].add(high)
    rest: set[tuple[int, int]] = set()
    for gap, highs in by_gap.items():
        for bottom, top in _runs(highs):
            if top - bottom >= 2:
                tokens.append(_connector_run(gap, bottom, top, suffix))
            else:
                rest.update((high, high - gap) for high in range(bottom, top + 1))
    by_high: dict[int, set[int]] = defaultdict(set)
    for high, low in rest:
        by_high[high].add(low)
    for high, lows in by_high.items():
        tokens += [_kicker_run(high, bottom, top, suffix) for bottom, top in _runs(lows)]
    return tokens


def _connectors_then_singles(cells: set[tuple[int, int]], suffix: str) -> list[_Token]:
    tokens: list[_Token] = []
    by_gap: dict[int, set[int]] = defaultdict(set)
    for high, low in cells:
        by_gap[high - low].add(high)
    for gap, highs in by_gap.items():
        for bottom, top in _runs(highs):
            if top - bottom >= 2:
                tokens.append(_connector_run(gap, bottom, top, suffix))
            else:
                tokens += [
                    _kicker_run(high, high - gap, high - gap, suffix)
                    for high in range(bottom, top + 1)
                ]
    return tokens
