"""Hand ranges: reading a player's range text for any game.

A range is a set of starting hands (combos), each with a weight in (0, 1],
held as a :class:`~showdown.cards.hand_range.HandRange`.

* Hold'em text is read in the classic PokerStove/Equilab notation first
  (:mod:`showdown.cards.classic_range`: ``QQ+, AKs, T9s-76s:0.5``), and in
  the generic notation (:mod:`showdown.cards.generic_range`: ``AwKw``,
  ``[A,K,Q]J``, ``15%``) when the classic one cannot read it;
* Omaha games (4, 5 or 6 cards) take one specific hand, ``random``, or a
  range in the generic notation (``AA:xxyy, KK``).

``docs/ranges.md`` is the reference of both notations.
"""

from __future__ import annotations

import math
import re

import numpy as np

from .classic_range import CARDS_ONLY, parse_classic, split_items
from .codes import CardsLike, format_cards, parse_cards
from .generic_range import RangeSyntaxError
from .hand_range import RANDOM_WORDS, HandRange, _mask_cards, _mask_of, is_random_text

__all__ = [
    "RANDOM_WORDS",
    "HandRange",
    "is_random_text",
    "parse_generic_range",
    "parse_hand_or_range",
    "parse_range",
]


def parse_range(
    text: str,
    *,
    dead: CardsLike | None = None,
    name: str = "range",
) -> HandRange:
    """Parse a hold'em range in PokerStove/Equilab notation (or the generic one).

    See :mod:`showdown.cards.classic_range` for the full syntax. Weights are written
    ``item:weight`` with ``0 < weight <= 1``; when one combo is given two
    weights, the last item naming it wins.

    Parameters
    ----------
    text
        Range text such as ``"QQ+, AKs, T9s-76s:0.5"``.
    dead
        Cards that cannot be in the hand (board, dead cards, other players'
        known cards); combos using them are removed.
    name
        What the range is called in error messages.

    Returns
    -------
    HandRange
        With ``hole_size == 2``.

    Raises
    ------
    ValueError
        For malformed text (the message names the bad item), or when card
        removal leaves no combo.

    Examples
    --------
    >>> len(parse_range("QQ+")), len(parse_range("A2s+")), len(parse_range("T9s-76s"))
    (18, 48, 16)
    >>> rng = parse_range("QQ+:0.5, AA", dead="Kd")
    >>> len(rng), sorted(set(rng.weights.tolist()))
    (15, [0.5, 1.0])
    """
    if not isinstance(text, str):
        raise TypeError(f"{name}: expected range text, got {type(text).__name__}")
    try:
        items = split_items(text, name)
        return parse_classic(items, text, dead=dead, name=name)
    except ValueError as error:
        if not _looks_generic(text):
            raise
        classic_error = error
    try:
        return parse_generic_range(text, 2, dead=dead, name=name)
    except RangeSyntaxError:
        if not _GENERIC_MARKS.search(text):
            raise classic_error from None
        raise


# Text the classic notation cannot read but the generic one may: brackets,
# combinators, macros, weights, percentages, rank variables, an intersection.
_GENERIC_ONLY = re.compile(r"[\[\]()!@$%B-IL-NPRUVYZ]|[^\s,:]:[^\s0-9.]")
_SUIT_VARIABLE = re.compile(r"[wxyz]")


def _looks_generic(text: str) -> bool:
    """Whether hold'em text that the classic notation refused should be read as generic.

    Suit variables count only when they say something (a letter used twice,
    or two letters): a lone one binds any suit, so "AKx" stays a typo.
    """
    if _GENERIC_ONLY.search(text):
        return True
    letters = _SUIT_VARIABLE.findall(text)
    return len(letters) >= 2


# Marks that only the generic syntax uses, so its error is the one to show.
_GENERIC_MARKS = re.compile(r"[\[\]()!@$%]")


def parse_generic_range(
    text: str,
    hole_size: int,
    *,
    dead: CardsLike | None = None,
    name: str = "range",
    game: str | None = None,
) -> HandRange:
    """A range in the generic syntax (:mod:`showdown.cards.generic_range`) for any hand size.

    ``game`` chooses the hand ordering behind ``15%`` (``omaha`` or
    ``omaha-hilo`` for four cards; by default hold'em's or Omaha's).

    Examples
    --------
    >>> len(parse_generic_range("AA:xxyy", 4)), len(parse_generic_range("AwKw", 2))
    (864, 4)
    """
    from .generic_range import parse_generic
    from .hand_table import hand_cards

    indices, weights = parse_generic(text, hole_size, name=name, game=game)
    dead_mask = _mask_of(dead, name="dead")
    if len(indices) == math.comb(52, hole_size) and np.all(weights == 1.0):
        return HandRange(None, None, text=text, hole_size=hole_size, dead_mask=dead_mask, name=name)
    combos = hand_cards(hole_size, indices)
    combos.flags.writeable = False
    weights.flags.writeable = False
    full = HandRange(combos, weights, text=text, hole_size=hole_size, name=name)
    return full.remove(_mask_cards(dead_mask)) if dead_mask else full


def parse_hand_or_range(
    text: str,
    hole_size: int,
    *,
    dead: CardsLike | None = None,
    name: str = "hand",
    game: str | None = None,
) -> HandRange:
    """Parse a player's holding for a game with ``hole_size`` hole cards.

    Two-card games take any hold'em range (:func:`parse_range`). Other sizes
    take one specific hand (``"AsAhKsKh"`` for Omaha), ``random`` / ``any``
    / ``*``, which stays lazy: ``is_random`` is set and the 270,725 Omaha
    hands are only built if :attr:`HandRange.combos` is read, or a range in
    the generic notation, whose ``15%`` reads the ordering of ``game``
    (see :func:`parse_generic_range`).

    Examples
    --------
    >>> parse_hand_or_range("AsAhKsKh", 4).to_strings()
    ['AsAhKsKh']
    >>> parse_hand_or_range("random", 5, dead="AsKd")
    HandRange('random', hole_size=5, combos=2118760, random, dead='AsKd')
    """
    if not isinstance(hole_size, int) or not 1 <= hole_size <= 7:
        raise ValueError(f"{name}: hole_size must be 1..7, got {hole_size!r}")
    if not isinstance(text, str):
        raise TypeError(f"{name}: expected hand text, got {type(text).__name__}")
    if hole_size == 2:
        return parse_range(text, dead=dead, name=name)
    dead_mask = _mask_of(dead, name="dead")
    if is_random_text(text):
        return HandRange(None, None, text=text, hole_size=hole_size, dead_mask=dead_mask, name=name)
    try:
        cards = parse_cards(text, name=name)
    except ValueError:
        if hole_size not in (4, 5, 6) or CARDS_ONLY.fullmatch(text):
            raise  # a list of cards with a bad one ("AsAsKsKh"): the card error says it best
        # Not one hand: a range in the generic syntax ("AA:xxyy, KK").
        return parse_generic_range(text, hole_size, dead=dead, name=name, game=game)
    if cards.size != hole_size:
        raise ValueError(f"{name}: expected {hole_size} cards, got {cards.size} in {text!r}")
    used = _mask_of(cards, name=name) & dead_mask
    if used:
        raise ValueError(f"{name}: {text!r} holds dead card(s) {format_cards(_mask_cards(used))}")
    combo = np.sort(cards).reshape(1, hole_size)
    combo.flags.writeable = False
    weight = np.ones(1, dtype=np.float64)
    return HandRange(combo, weight, text=text, hole_size=hole_size, dead_mask=dead_mask, name=name)
