"""Hold'em's classic range notation (PokerStove/Equilab): ``QQ+, AKs, KTo+, T9s-76s:0.5``.

:func:`~showdown.cards.ranges.parse_range` reads hold'em text with this
notation first, so every classic range keeps the hands it always had; text
it cannot read goes to the generic notation (:mod:`showdown.cards.generic_range`),
which is also the notation of the Omaha games.

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
"""

from __future__ import annotations

import itertools
import re

import numpy as np

from .codes import RANKS, CardsLike, parse_cards
from .hand_range import RANDOM_WORDS, HandRange, _mask_cards, _mask_of

__all__ = ["CARDS_ONLY", "parse_classic", "split_items"]

_RANK = r"(?:10|[2-9TJQKA])"
# A hand class such as "AK", "AKs", "QQ+", "A2s+", "JJ-": two ranks, a suffix, a plus or minus.
_CLASS = re.compile(rf"({_RANK})({_RANK})([SO]?)([+-]?)", re.ASCII)
# A specific combo such as "AhKh" or "A♥K♥": rank, suit, rank, suit. re.ASCII keeps
# case-insensitive matching to ASCII (no long s "ſ" for "s", no Kelvin sign for "K").
_SUIT = r"[cdhs♣♦♥♠♧♢♡♤]"
_COMBO = re.compile(rf"{_RANK}{_SUIT}{_RANK}{_SUIT}", re.IGNORECASE | re.ASCII)
_ONE_CARD = re.compile(rf"{_RANK}{_SUIT}", re.IGNORECASE | re.ASCII)
# Text made of cards only ("AsAsKsKh"): read as cards, never as a range.
CARDS_ONLY = re.compile(rf"\s*(?:{_RANK}\s*{_SUIT}\s*)+", re.IGNORECASE | re.ASCII)
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


def _rank_index(text: str) -> int:
    return 8 if text == "10" else RANKS.index(text)


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


def parse_classic(items: list[str], text: str, *, dead: CardsLike | None, name: str) -> HandRange:
    """The hold'em range of ``items`` (from :func:`split_items`), with ``dead`` cards removed.

    Raises ``ValueError`` naming the range, the bad item and the text.

    Examples
    --------
    >>> len(parse_classic(split_items("QQ+ AKs", "range"), "QQ+ AKs", dead=None, name="range"))
    22
    """
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


def split_items(text: str, name: str) -> list[str]:
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
