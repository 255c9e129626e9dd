"""The canonical text of an Omaha range, kept exact through set operations and card removal.

A :class:`~showdown.cards.Range` of 4-, 5- or 6-card hands keeps its text as
*members*: top-level sub-ranges of the generic notation, each an expression
without a weight, paired with the absolute weight in (0, 1] its hands get. A
hand in several members keeps the largest weight, as in the notation itself.
The text is the members joined by ``", "``, a weight other than 1 written
``:w`` with ``w`` the shortest decimal that reads back to the same float
(``(AA, KK):0.5``).

What "canonical" means here: the text **reads back to the same range**
(``Range(str(r), game=r.game) == r``, every combo at the same weight), and
text typed by hand is only normalised (spaces, a space after each comma,
relative ``@n`` weights written as absolute ``:w``). Two equal ranges may
have different texts (``AA!AAA`` and ``AA:*!AAA``): deciding that two
expressions mean the same hands needs the hands, which equality compares.

Operations build their text from their operands':

=================  ==========================================================
``a | b``          the members of both (the larger weight wins, as ``|``)
``a & b``          ``(x):(b)`` for each member ``x`` of ``a`` when ``b`` is
                   unweighted (or the other way round); with weights on both
                   sides, every pair of members at the smaller weight
``a - b``          ``(x)!(b)`` for each member ``x`` of ``a``
removing cards     ``(x)!(Ks, 7d, 2c)``: no hand holding a removed card
=================  ==========================================================

Parentheses are added only where precedence needs them. When neither rule
applies (weights on both sides of ``&`` with many members, combos listed one
by one with :meth:`Range.from_combos <showdown.cards.Range.from_combos>`)
the text lists every combo, grouped by weight: exact, but long.

Examples
--------
>>> members = members_of("AA:xxyy@2, KK@1")
>>> members
(('AA:xxyy', 1.0), ('KK', 0.5))
>>> render(members)
'AA:xxyy, KK:0.5'
>>> render(without_cards(difference(members_of("AA, KK"), members_of("QQ")), ["Ks", "7d"]))
'(AA, KK)!QQ!(Ks, 7d)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from .codes import format_cards
from .range_grammar import AT_WEIGHT, COLON_WEIGHT

__all__ = [
    "Member",
    "difference",
    "intersection",
    "listing",
    "members_of",
    "normalise",
    "render",
    "union",
    "without_cards",
]

#: One top-level sub-range: an expression without a weight, and its weight in (0, 1].
Member = tuple[str, float]

#: Weighted members on both sides of ``&`` make one member per pair; past this many
#: pairs the text lists the combos instead.
MAX_PAIRS = 64

# Spaces next to these one-character tokens never change a token (the lexer
# ignores them), so they are dropped; a comma is then followed by one space.
_AROUND = re.compile(r"\s*([,:!()\[\]@])\s*")
_SPACES = re.compile(r"\s+")
# The weight that ends a top-level sub-range: the grammar's own tokens.
_TRAILING_WEIGHT = re.compile(rf"(?:{AT_WEIGHT}|{COLON_WEIGHT})\s*$")


def normalise(text: str) -> str:
    """``text`` with its spaces normalised: none around operators, one after a comma.

    Examples
    --------
    >>> normalise("  AA : xxyy ,KK  ( QQ , JJ )")
    'AA:xxyy, KK(QQ, JJ)'
    """
    compact = _SPACES.sub(" ", _AROUND.sub(r"\1", text.strip()))
    return compact.replace(",", ", ")


def _top_level(expression: str) -> set[str]:
    """The operators ``, : !`` that ``expression`` holds outside brackets and parentheses."""
    found = set()
    depth = 0
    for char in expression:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and char in ",:!":
            found.add(char)
    return found


def _split_top(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each piece of ``text`` between top-level commas."""
    pieces = []
    depth = 0
    start = 0
    for position, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and char == ",":
            pieces.append((start, position))
            start = position + 1
    pieces.append((start, len(text)))
    return pieces


# An operand needs parentheses when it holds an operator that binds more loosely
# than the one joining it (or, right of "!", the same one: "a!(b!c)" is not "a!b!c";
# intersections may regroup freely).
_LOOSER_LEFT = {":": {","}, "!": {",", ":"}}
_LOOSER_RIGHT = {":": {","}, "!": {",", ":", "!"}}


def _join(left: str, operator: str, right: str) -> str:
    if _top_level(left) & _LOOSER_LEFT[operator]:
        left = f"({left})"
    if _top_level(right) & _LOOSER_RIGHT[operator]:
        right = f"({right})"
    return f"{left}{operator}{right}"


def members_of(text: str) -> tuple[Member, ...]:
    """The members of range ``text`` (text the generic notation has read without error).

    Relative weights (``@n``) become absolute (divided by the largest);
    text without any weight is one member, the whole text normalised.
    """
    raw: list[tuple[str, str | None, float]] = []
    for start, end in _split_top(text):
        piece = text[start:end]
        found = _TRAILING_WEIGHT.search(piece)
        if found is None:
            raw.append((normalise(piece), None, 1.0))
            continue
        token = found.group().strip()
        raw.append((normalise(piece[: found.start()]), token[0], float(token[1:])))
    kinds = {kind for _, kind, _ in raw}
    if kinds == {None}:
        return ((normalise(text), 1.0),)
    largest = max(weight for _, _, weight in raw) if "@" in kinds else 1.0
    return tuple((expression, weight / largest) for expression, _, weight in raw)


def render(members: Iterable[Member]) -> str:
    """The text of ``members``: joined by ``", "``, each weight other than 1 as ``:w``."""
    parts = []
    for expression, weight in members:
        if weight == 1.0:
            parts.append(expression)
            continue
        grouped = f"({expression})" if "," in _top_level(expression) else expression
        parts.append(f"{grouped}:{weight!r}")
    return ", ".join(parts)


def _whole(members: tuple[Member, ...]) -> str:
    """Every hand of ``members``, weights dropped."""
    return ", ".join(expression for expression, _ in members)


def _unweighted(members: tuple[Member, ...]) -> bool:
    return all(weight == 1.0 for _, weight in members)


def union(first: tuple[Member, ...], second: tuple[Member, ...]) -> tuple[Member, ...]:
    """Members of ``first | second``: a hand in both keeps its larger weight."""
    return first + second


def intersection(
    first: tuple[Member, ...], second: tuple[Member, ...]
) -> tuple[Member, ...] | None:
    """Members of ``first & second`` (the smaller weight); None when only a listing says it."""
    if _unweighted(second):
        return tuple((_join(expression, ":", _whole(second)), w) for expression, w in first)
    if _unweighted(first):
        return tuple((_join(_whole(first), ":", expression), w) for expression, w in second)
    if len(first) * len(second) > MAX_PAIRS:
        return None
    # A hand's weight is min(max over first, max over second): the max over
    # pairs of the pair's smaller weight.
    return tuple(
        (_join(left, ":", right), min(left_weight, right_weight))
        for left, left_weight in first
        for right, right_weight in second
    )


def difference(first: tuple[Member, ...], second: tuple[Member, ...]) -> tuple[Member, ...]:
    """Members of ``first - second``: hands of ``second`` go, whatever their weight there."""
    return tuple((_join(expression, "!", _whole(second)), w) for expression, w in first)


def without_cards(members: tuple[Member, ...], cards: Iterable[str]) -> tuple[Member, ...]:
    """Members without the hands holding any of ``cards`` (card texts such as ``"Ks"``)."""
    removed = ", ".join(cards)
    return tuple((_join(expression, "!", removed), w) for expression, w in members)


def listing(combos: NDArray[np.uint8], weights: NDArray[np.float64]) -> tuple[Member, ...]:
    """Members naming each combo by its cards (highest first), one member per weight.

    Examples
    --------
    >>> combos = np.array([[0, 1, 2, 3], [48, 49, 50, 51]], np.uint8)
    >>> render(listing(combos, np.array([0.5, 1.0])))
    'AsAhAdAc, 2s2h2d2c:0.5'
    """
    members = []
    for weight in np.unique(weights)[::-1]:
        chosen = combos[weights == weight]
        # Highest hands first, as players list them.
        text = ", ".join(format_cards(row[::-1]) for row in chosen[::-1])
        members.append((text, float(weight)))
    return tuple(members)
