"""Hand ranges: PokerStove/Equilab range text, weights and card removal.

A range is a set of starting hands (combos), each with a weight in (0, 1].
Hold'em ranges are written in the usual PokerStove/Equilab notation; other
games (Omaha, stud) accept a specific hand or ``random``.

Syntax (hold'em, ``parse_range``)
---------------------------------
Items are separated by commas or spaces (``"QQ+, AKs"`` or ``"QQ+ AKs"``).
Spaces inside an item are allowed too (``"Ah Kh"``, ``"22 - 55"``, ``"10 10"``):
from each position the longest run of space-separated pieces that forms a
valid item is read as one item. Ranks are
case-insensitive (``T`` or ``10`` for ten); so are the ``s``/``o`` suffixes.
Only ASCII letters, digits, ``+-:.,*`` and the four suit symbols are read:
unicode look-alikes (the long s ``ſ``, the Kelvin sign ``K``) are refused.

=============  ==========================================================
``QQ``         a pocket pair: 6 combos
``QQ+``        QQ, KK, AA
``22-55``      every pair from 22 to 55 (either order)
``AK``         ace-king, suited and offsuit: 16 combos
``AKs``        suited only (4); ``AKo`` offsuit only (12)
``JJ-``        JJ and every pair below: JJ, TT, ..., 22
``A2s+``       kicker climbs to one below the top card: A2s, A3s, ..., AKs
``KTo+``       KTo, KJo, KQo
``T9s-76s``    both ranks step down together: T9s, 98s, 87s, 76s
``A9s-A5s``    the top card stays, the kicker steps: A9s, A8s, ..., A5s
``AhKh``       one specific combo (suits are letters or symbols)
``random``     every two-card hand (also ``any``, ``*`` or ``??``: :data:`RANDOM_WORDS`)
=============  ==========================================================

Weights: an item may end in ``:weight`` with ``0 < weight <= 1``, for example
``"QQ+, AKs:0.5, AKo:0.25"``. The weight applies to that one item only and
ends at the first space or comma: ``"AA:0.5 72"`` is AA at half weight plus
72 at full weight. A weight is a plain decimal number (``0.5``, ``.5``,
``1``, ``5e-1``); ``nan``, ``inf``, signs, ``_`` and a second ``:`` are
refused, as is anything that is 0 or above 1 once read (``1e-400``).
Spaces may surround the ``:`` (``"AKs : 0.5"``).
A combo named by several items is counted once; when the items give it
different weights the **last one wins**, so ``"QQ+:0.5, AA"`` keeps AA at
full weight and plays QQ and KK half the time.

Combos are stored as ``uint8`` card codes, each row ascending, rows in
ascending lexicographic order, so equal ranges give equal arrays.
"""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
from numpy.typing import NDArray

from .codes import RANKS, CardsLike, format_cards, parse_cards
from .generic_range import RangeSyntaxError
from .masks import FULL_DECK_MASK, card_mask

__all__ = [
    "RANDOM_WORDS",
    "HandRange",
    "is_random_text",
    "parse_generic_range",
    "parse_hand_or_range",
    "parse_range",
]

#: Words that mean "any hand at all" (a random hand), in every game and entry point:
#: ranges, Omaha hands, stud and draw players, the command line.
RANDOM_WORDS = frozenset({"random", "any", "*", "??"})

_RANK = r"(?:10|[2-9TJQKA])"
# A hand class such as "AK", "AKs", "QQ+", "A2s+", "JJ-": two ranks, a suffix, a plus or minus.
_CLASS = re.compile(rf"({_RANK})({_RANK})([SO]?)([+-]?)", re.ASCII)
# A specific combo such as "AhKh" or "A♥K♥": rank, suit, rank, suit. re.ASCII keeps
# case-insensitive matching to ASCII (no long s "ſ" for "s", no Kelvin sign for "K").
_SUIT = r"[cdhs♣♦♥♠♧♢♡♤]"
_COMBO = re.compile(rf"{_RANK}{_SUIT}{_RANK}{_SUIT}", re.IGNORECASE | re.ASCII)
_ONE_CARD = re.compile(rf"{_RANK}{_SUIT}", re.IGNORECASE | re.ASCII)
_WHITESPACE = re.compile(r"\s+")
_CARDS_ONLY = re.compile(rf"\s*(?:{_RANK}\s*{_SUIT}\s*)+", re.IGNORECASE | re.ASCII)
# Spaces around ":" and on both sides of a run's "-" ("22 - 55") never separate
# items; "JJ- AKs" stays "JJ and down" then AKs.
_TIGHTEN = re.compile(r"\s*(:)\s*|\s+(-)\s+")
# A weight: digits with an optional fraction (or just ".5"), an optional exponent.
_WEIGHT = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_VALID_ITEMS = (
    "a hand class (AK, AKs, AKo, QQ), QQ+ or A2s+ (and up), JJ- (and down), "
    "a run (T9s-76s, A9s-A5s, 22-55), a combo (AhKh) or random"
)

# The six suit pairs of a pocket pair and the (suit, suit) pairs of a non-pair.
_PAIR_SUITS = tuple(itertools.combinations(range(4), 2))
_SUITED = tuple((suit, suit) for suit in range(4))
_OFFSUIT = tuple((first, second) for first in range(4) for second in range(4) if first != second)


def is_random_text(text: str) -> bool:
    """Whether ``text`` is one of :data:`RANDOM_WORDS` (any case, spaces ignored).

    Examples
    --------
    >>> is_random_text(" Random "), is_random_text("??"), is_random_text("AA")
    (True, True, False)
    """
    return _WHITESPACE.sub("", text).lower() in RANDOM_WORDS


def _rank_index(text: str) -> int:
    return 8 if text == "10" else RANKS.index(text)


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


class HandRange:
    """A weighted set of starting hands of one size, after card removal.

    Build one with :func:`parse_range` or :func:`parse_hand_or_range` rather
    than directly.

    Attributes
    ----------
    text
        The text the range was parsed from.
    hole_size
        Cards per hand (2 for hold'em, 4 to 6 for Omaha...).
    dead_mask
        ``uint64``-style bit mask (as a Python int) of cards removed so far.
    is_random
        True when the range is every ``hole_size``-card hand of the live
        cards at weight 1, so a sampler may deal hands freely instead of
        drawing from :attr:`combos`. Random ranges are lazy: their combos
        are only built when :attr:`combos` is read.

    Examples
    --------
    >>> qq = parse_range("QQ+")
    >>> len(qq), qq.combos.shape, float(qq.weights.sum())
    (18, (18, 2), 18.0)
    >>> len(qq.remove("Qs Qh 2c"))
    13
    >>> omaha = parse_hand_or_range("random", 4)
    >>> omaha.is_random, len(omaha)
    (True, 270725)
    """

    __slots__ = ("_combos", "_weights", "dead_mask", "hole_size", "is_random", "name", "text")

    def __init__(
        self,
        combos: NDArray[np.uint8] | None,
        weights: NDArray[np.float64] | None,
        *,
        text: str,
        hole_size: int,
        dead_mask: int = 0,
        name: str = "range",
    ) -> None:
        self.text = text
        self.hole_size = hole_size
        self.dead_mask = dead_mask
        self.name = name
        live = 52 - _popcount(dead_mask)
        if combos is None:
            # Lazy random range: combos are built on first use.
            if math.comb(live, hole_size) == 0:
                raise ValueError(f"{name}: no {hole_size}-card hand left in {text!r}")
            self._combos: NDArray[np.uint8] | None = None
            self._weights: NDArray[np.float64] | None = None
            self.is_random = True
            return
        if weights is None or len(weights) != len(combos):
            raise ValueError(f"{name}: need one weight per combo")
        if len(combos) == 0:
            raise ValueError(f"{name}: range {text!r} holds no hand")
        self._combos = combos
        self._weights = weights
        # Combos are distinct and avoid the dead cards, so a full count means
        # every live hand is present.
        self.is_random = bool(len(combos) == math.comb(live, hole_size) and np.all(weights == 1.0))

    @property
    def combos(self) -> NDArray[np.uint8]:
        """``uint8`` array ``(n, hole_size)``: each row ascending, rows sorted."""
        if self._combos is None:
            live = [code for code in range(52) if not self.dead_mask >> code & 1]
            # combinations() of an ascending list yields ascending rows in
            # lexicographic order, the same order as an explicit range.
            flat = np.fromiter(
                itertools.chain.from_iterable(itertools.combinations(live, self.hole_size)),
                dtype=np.uint8,
            )
            self._combos = flat.reshape(-1, self.hole_size)
            self._combos.flags.writeable = False
        return self._combos

    @property
    def weights(self) -> NDArray[np.float64]:
        """``float64`` array ``(n,)`` of weights in (0, 1]."""
        if self._weights is None:
            self._weights = np.ones(len(self), dtype=np.float64)
            self._weights.flags.writeable = False
        return self._weights

    @property
    def masks(self) -> NDArray[np.uint64]:
        """``uint64`` card mask of each combo, for fast overlap tests."""
        bits = np.left_shift(np.uint64(1), self.combos.astype(np.uint64))
        return np.bitwise_or.reduce(bits, axis=1)

    def __len__(self) -> int:
        if self._combos is None:
            return math.comb(52 - _popcount(self.dead_mask), self.hole_size)
        return len(self._combos)

    def remove(self, cards: CardsLike, *, name: str = "dead") -> HandRange:
        """A new range without the combos that use any of ``cards``.

        Parameters
        ----------
        cards
            Board, dead or other players' cards, in any form
            :func:`~showdown.cards.as_card_array` accepts (a list of hands too).
        name
            What ``cards`` is called in error messages.

        Returns
        -------
        HandRange
            Same text, weights and hole size; ``dead_mask`` grows by ``cards``.

        Raises
        ------
        ValueError
            If a card is invalid or nothing is left.

        Examples
        --------
        >>> len(parse_range("AA, KK").remove("As"))
        9
        """
        removed = _mask_of(cards, name=name)
        dead_mask = self.dead_mask | removed
        if self._combos is None:
            try:
                return HandRange(
                    None,
                    None,
                    text=self.text,
                    hole_size=self.hole_size,
                    dead_mask=dead_mask,
                    name=self.name,
                )
            except ValueError:
                raise ValueError(
                    f"{self.name}: no hand of {self.text!r} is left after removing "
                    f"{format_cards(_mask_cards(removed))}"
                ) from None
        keep = (self.masks & np.uint64(removed)) == 0
        if not keep.any():
            raise ValueError(
                f"{self.name}: no hand of {self.text!r} is left after removing "
                f"{format_cards(_mask_cards(removed))}"
            )
        combos = self._combos[keep]
        weights = self.weights[keep]
        return HandRange(
            combos,
            weights,
            text=self.text,
            hole_size=self.hole_size,
            dead_mask=dead_mask,
            name=self.name,
        )

    def to_strings(self) -> list[str]:
        """Each combo as canonical text, highest card first, in row order.

        Examples
        --------
        >>> parse_range("AKs").to_strings()
        ['AcKc', 'AdKd', 'AhKh', 'AsKs']
        """
        return [format_cards(row[::-1]) for row in self.combos]

    def __repr__(self) -> str:
        parts = [repr(self.text), f"hole_size={self.hole_size}", f"combos={len(self)}"]
        if self.is_random:
            parts.append("random")
        elif not np.all(self.weights == 1.0):
            parts.append(f"weight={float(self.weights.sum()):g}")
        if self.dead_mask:
            parts.append(f"dead={format_cards(_mask_cards(self.dead_mask)[::-1])!r}")
        return f"HandRange({', '.join(parts)})"


def _mask_of(cards: CardsLike | None, *, name: str) -> int:
    if cards is None:
        return 0
    if isinstance(cards, str) and not cards.strip():
        return 0
    # Dead cards may be given as several hands (a board plus a muck), so a
    # card named twice is harmless; card_mask checks the codes themselves.
    masks = np.atleast_1d(card_mask(cards, name=name))
    return int(np.bitwise_or.reduce(masks.ravel())) & FULL_DECK_MASK


def _mask_cards(mask: int) -> list[int]:
    return [code for code in range(52) if mask >> code & 1]


def _class_combos(high: int, low: int, suffix: str) -> list[tuple[int, int]]:
    """Combos of one hand class: a pair (``high == low``) or a non-pair."""
    if high == low:
        return [(high * 4 + first, high * 4 + second) for first, second in _PAIR_SUITS]
    suit_pairs = {"S": _SUITED, "O": _OFFSUIT, "": _SUITED + _OFFSUIT}[suffix]
    return [(low * 4 + low_suit, high * 4 + high_suit) for high_suit, low_suit in suit_pairs]


def _parse_class(token: str) -> tuple[int, int, str, str] | None:
    """``(high, low, suffix, direction)`` of a class token, or None if it is not one.

    ``direction`` is ``"+"`` (and up), ``"-"`` (and down) or ``""``.
    """
    if not token.isascii():
        return None  # "ſ".upper() is "S": look-alikes must not become suits
    match = _CLASS.fullmatch(token.upper())
    if match is None:
        return None
    first, second = _rank_index(match.group(1)), _rank_index(match.group(2))
    high, low = max(first, second), min(first, second)
    return high, low, match.group(3), match.group(4)


def _expand_item(item: str, bad: str) -> list[tuple[int, int]]:
    """Combos (low code, high code) named by one item without its weight.

    ``bad`` is the text used in error messages.
    """
    if item.lower() in RANDOM_WORDS:
        return list(itertools.combinations(range(52), 2))
    if _COMBO.fullmatch(item):
        codes = parse_cards(item, name="range")  # also rejects "AhAh"
        low_code, high_code = sorted(int(code) for code in codes)
        return [(low_code, high_code)]
    if "-" in item[:-1]:
        return _expand_run(item, bad)
    parsed = _parse_class(item)
    if parsed is None:
        if _ONE_CARD.fullmatch(item):
            raise ValueError(f"range: {bad!r} is one card; a hand needs two (e.g. AhKh)")
        raise ValueError(f"range: bad token {bad!r}: expected {_VALID_ITEMS}")
    high, low, suffix, direction = parsed
    if high == low:
        if suffix:
            raise ValueError(f"range: a pair cannot be suited or offsuit in {bad!r}")
        # "QQ+": QQ and up; "JJ-": JJ and down to 22.
        ranks = {"+": range(high, 13), "-": range(0, high + 1), "": [high]}[direction]
        return [combo for rank in ranks for combo in _class_combos(rank, rank, "")]
    if direction == "-":
        raise ValueError(
            f"range: '-' (and down) is for pairs only (JJ-); write a run like A5s-A2s: {bad!r}"
        )
    # "A2s+": the kicker climbs to one below the top card.
    kickers = range(low, high) if direction == "+" else [low]
    return [combo for kicker in kickers for combo in _class_combos(high, kicker, suffix)]


def _expand_run(item: str, bad: str) -> list[tuple[int, int]]:
    """Combos of a run such as ``22-55``, ``T9s-76s`` or ``A9s-A5s``."""
    ends = item.split("-")
    if len(ends) != 2:
        raise ValueError(f"range: bad run {bad!r}")
    parsed = [_parse_class(end) for end in ends]
    first, second = parsed
    if first is None or second is None:
        raise ValueError(f"range: bad run {bad!r}: each end must be a hand class like 76s")
    if first[3] or second[3]:
        raise ValueError(f"range: a run cannot use '+' or a second '-' in {bad!r}")
    if first[2] != second[2]:
        raise ValueError(f"range: both ends of a run need the same suitedness in {bad!r}")
    first_pair, second_pair = first[0] == first[1], second[0] == second[1]
    if first_pair != second_pair:
        raise ValueError(f"range: a run cannot mix pairs and non-pairs in {bad!r}")
    suffix = first[2]
    if first_pair:
        if suffix:
            raise ValueError(f"range: a pair cannot be suited or offsuit in {bad!r}")
        bottom, top = sorted((first[0], second[0]))
        return [combo for rank in range(bottom, top + 1) for combo in _class_combos(rank, rank, "")]
    (high_a, low_a), (high_b, low_b) = first[:2], second[:2]
    if high_a == high_b:
        # Kicker run: the top card stays.
        bottom, top = sorted((low_a, low_b))
        classes = [(high_a, kicker) for kicker in range(bottom, top + 1)]
    elif high_a - low_a == high_b - low_b:
        # Connector run: both ranks step together, the gap stays.
        gap = high_a - low_a
        bottom, top = sorted((high_a, high_b))
        classes = [(high, high - gap) for high in range(bottom, top + 1)]
    else:
        raise ValueError(
            f"range: a run must keep the top card (A9s-A5s) or the gap (T9s-76s): {bad!r}"
        )
    return [combo for high, low in classes for combo in _class_combos(high, low, suffix)]


def _split_weight(item: str, bad: str) -> tuple[str, float]:
    if ":" not in item:
        return item, 1.0
    body, weight_text = item.split(":", 1)
    if ":" in weight_text:
        raise ValueError(f"range: an item takes one weight, got {bad!r}")
    if not weight_text:
        raise ValueError(f"range: missing weight after ':' in {bad!r}")
    # A plain decimal only: float() alone would also read "nan", "inf", "1_0",
    # signs and other scripts' digits.
    if not _WEIGHT.fullmatch(weight_text):
        raise ValueError(
            f"range: bad weight {weight_text!r} in {bad!r}: expected a number in (0, 1] such as 0.5"
        )
    weight = float(weight_text)
    if not (0.0 < weight <= 1.0):  # "1e-400" reads as 0
        raise ValueError(f"range: weight must be in (0, 1], got {weight_text!r} in {bad!r}")
    return body, weight


def parse_range(
    text: str,
    *,
    dead: CardsLike | None = None,
    name: str = "range",
) -> HandRange:
    """Parse a hold'em range in PokerStove/Equilab notation.

    See the module docstring for the full syntax. Weights are written
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
        items = _split_items(text, name)
        return _parse_classic(items, text, dead=dead, name=name)
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
    text: str, hole_size: int, *, dead: CardsLike | None = None, name: str = "range"
) -> HandRange:
    """A range in the generic syntax (:mod:`showdown.cards.generic_range`) for any hand size.

    Examples
    --------
    >>> len(parse_generic_range("AA:xxyy", 4)), len(parse_generic_range("AwKw", 2))
    (864, 4)
    """
    from .generic_range import parse_generic
    from .hand_table import hand_cards

    indices, weights = parse_generic(text, hole_size, name=name)
    dead_mask = _mask_of(dead, name="dead")
    if len(indices) == math.comb(52, hole_size) and np.all(weights == 1.0):
        return HandRange(None, None, text=text, hole_size=hole_size, dead_mask=dead_mask, name=name)
    combos = hand_cards(hole_size, indices)
    combos.flags.writeable = False
    weights.flags.writeable = False
    full = HandRange(combos, weights, text=text, hole_size=hole_size, name=name)
    return full.remove(_mask_cards(dead_mask)) if dead_mask else full


def _parse_classic(items: list[str], text: str, *, dead: CardsLike | None, name: str) -> HandRange:
    if all(item.lower() in RANDOM_WORDS for item in items):
        # Plain "random": keep it lazy so a sampler can deal hands directly.
        return HandRange(
            None, None, text=text, hole_size=2, dead_mask=_mask_of(dead, name="dead"), name=name
        )
    weights: dict[tuple[int, int], float] = {}
    for item in items:
        try:
            body, weight = _split_weight(item, item)
            combos = _expand_item(body, item)
        except ValueError as error:
            # Name the range and its full text too: the item alone may be
            # ambiguous in a long list.
            message = str(error).removeprefix("range: ")
            where = f" in {text!r}" if len(items) > 1 else ""
            raise ValueError(f"{name}: {message}{where}") from None
        for combo in combos:
            # Re-inserting moves nothing, but the value is overwritten: the
            # last item naming a combo sets its weight.
            weights[combo] = weight
    return _from_weights(weights, text=text, dead=dead, name=name)


def _from_weights(
    weights: dict[tuple[int, int], float],
    *,
    text: str,
    dead: CardsLike | None,
    name: str,
) -> HandRange:
    ordered = sorted(weights)
    combos = np.array(ordered, dtype=np.uint8).reshape(-1, 2)
    values = np.array([weights[combo] for combo in ordered], dtype=np.float64)
    combos.flags.writeable = False
    values.flags.writeable = False
    full = HandRange(combos, values, text=text, hole_size=2, name=name)
    dead_mask = _mask_of(dead, name="dead")
    return full.remove(_mask_cards(dead_mask)) if dead_mask else full


def _split_items(text: str, name: str) -> list[str]:
    """Items of range text, each as the user typed it less its inner spaces.

    Commas always separate items. Within a comma-separated part, spaces may
    separate items (``"QQ+ AKs"``) or sit inside one (``"Q Q +"``, ``"Ah Kh"``,
    ``"10 10"``): from each position the longest run of space-separated
    pieces that forms a valid item is taken. A piece that starts no valid
    item is returned alone, so its error names exactly what was typed.
    """
    if not text.strip():
        raise ValueError(f"{name}: empty range")
    tightened = _TIGHTEN.sub(lambda match: match.group(1) or match.group(2), text.strip())
    items: list[str] = []
    for part in tightened.split(","):
        pieces = part.split()
        if not pieces:
            raise ValueError(f"{name}: empty item in {text!r}")
        start = 0
        while start < len(pieces):
            end = start + 1
            limit = start + 1
            while limit < min(len(pieces), start + _MAX_PIECES) and not _closes_item(
                pieces[limit - 1]
            ):
                limit += 1
            for stop in range(limit, start, -1):
                if _is_item("".join(pieces[start:stop])):
                    end = stop
                    break
            items.append("".join(pieces[start:end]))
            start = end
    return items


#: Longest run of space-separated pieces joined into one item ("A h K h : 0.5").
_MAX_PIECES = 12


def _closes_item(piece: str) -> bool:
    """Whether no later piece can belong to the item that ``piece`` is part of.

    A weight is the last thing in an item and ends at the first space, so a
    piece holding ":" closes its item: "AA:0.5 72" is AA at half weight plus
    72, never AA at weight 0.572. A piece ending in "-" ("JJ-") closes its
    item too: "JJ- AA" is JJ and below plus AA, not the run JJ-AA ("JJ - AA"
    is the run).
    """
    return ":" in piece or (len(piece) > 1 and piece.endswith("-"))


def _is_item(item: str) -> bool:
    try:
        body, _ = _split_weight(item, item)
        _expand_item(body, item)
    except ValueError:
        return False
    return True


def parse_hand_or_range(
    text: str,
    hole_size: int,
    *,
    dead: CardsLike | None = None,
    name: str = "hand",
) -> HandRange:
    """Parse a player's holding for a game with ``hole_size`` hole cards.

    Two-card games take any hold'em range (:func:`parse_range`). Other sizes
    take one specific hand (``"AsAhKsKh"`` for Omaha) or ``random`` / ``any``
    / ``*``, which stays lazy: ``is_random`` is set and the 270,725 Omaha
    hands are only built if :attr:`HandRange.combos` is read.

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
        if hole_size not in (4, 5, 6) or _CARDS_ONLY.fullmatch(text):
            raise  # a list of cards with a bad one ("AsAsKsKh"): the card error says it best
        # Not one hand: a range in the generic syntax ("AA:xxyy, KK").
        return parse_generic_range(text, hole_size, dead=dead, name=name)
    if cards.size != hole_size:
        raise ValueError(f"{name}: expected {hole_size} cards, got {cards.size} in {text!r}")
    used = _mask_of(cards, name=name) & dead_mask
    if used:
        raise ValueError(f"{name}: {text!r} holds dead card(s) {format_cards(_mask_cards(used))}")
    combo = np.sort(cards).reshape(1, hole_size)
    combo.flags.writeable = False
    weight = np.ones(1, dtype=np.float64)
    return HandRange(combo, weight, text=text, hole_size=hole_size, dead_mask=dead_mask, name=name)
