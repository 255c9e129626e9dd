"""Card codes: parsing, formatting and validation.

A card is the integer ``rank * 4 + suit`` stored as ``uint8``: rank 0..12 is
2..A and suit 0..3 is clubs, diamonds, hearts, spades (the suit order of the
stud bring-in rule, clubs lowest). Arrays of cards keep the hand on the last
axis; any leading shape is a batch.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
N_CARDS = 52

CardsLike = str | ArrayLike | Sequence[int] | Sequence[str]

#: Most hands one call may hold (a batch of 2**32 hands of 7 cards is 30 GB);
#: larger inputs get a ValueError naming their size instead of numpy's memory error.
MAX_BATCH_CARDS = 1 << 35

# One token: a rank (2-9, T, 10, J, Q, K, A) then a suit letter or symbol.
# re.ASCII: case-insensitive matching stays within ASCII, so look-alikes that
# unicode case-folds to a letter (the long s "ſ", the Kelvin sign "K") are
# unknown cards instead of being read as "s" and "K".
_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE | re.ASCII)
_SEPARATORS = re.compile(r"[\s,\[\]\(\)\-]+")


def _normalise_text(text: str) -> str:
    """Strip separators so ``"As Kd"``, ``"As,Kd"`` and ``"[As Kd]"`` all parse."""
    return _SEPARATORS.sub("", text)


def parse_card(text: str) -> int:
    """Parse one card such as ``"As"``, ``"10h"`` or ``"Q♦"`` into its code.

    Examples
    --------
    >>> parse_card("As"), parse_card("2c"), parse_card("10h")
    (51, 0, 34)
    """
    codes = parse_cards(text)
    if codes.size != 1:
        raise ValueError(f"expected exactly one card, got {codes.size} in {text!r}")
    return int(codes[0])


def parse_cards(text: str, *, name: str = "cards") -> NDArray[np.uint8]:
    """Parse a string of cards into a ``uint8`` array of codes.

    Accepts ``"AsKd"``, ``"As Kd"``, ``"as,kd"``, ``"10s"`` and unicode suits.
    Duplicates are rejected; an empty string gives an empty array.

    Examples
    --------
    >>> parse_cards("AsKd").tolist()
    [51, 45]
    >>> parse_cards("10♥ 2c").tolist()
    [34, 0]
    """
    if not isinstance(text, str):
        raise TypeError(f"{name}: expected a string of cards, got {type(text).__name__}")
    compact = _normalise_text(text)
    codes: list[int] = []
    position = 0
    while position < len(compact):
        match = _TOKEN.match(compact, position)
        if match is None:
            bad = compact[position : position + 2] or compact[position:]
            raise ValueError(f"{name}: unknown card {bad!r} in {text!r}")
        rank_text, suit_text = match.group(1).upper(), match.group(2)
        rank = 8 if rank_text == "10" else RANKS.index(rank_text)
        suit = SUITS.index(SUIT_SYMBOLS.get(suit_text, suit_text.lower()))
        codes.append(rank * 4 + suit)
        position = match.end()
    result = np.array(codes, dtype=np.uint8)
    check_distinct(result, name=name, text=text)
    return result


def format_card(code: int) -> str:
    """Canonical two-character name of a card code.

    Examples
    --------
    >>> format_card(51)
    'As'
    """
    code = int(code)
    if not 0 <= code < N_CARDS:
        raise ValueError(f"card code {code} is out of range 0..51")
    return RANKS[code >> 2] + SUITS[code & 3]


def format_cards(codes: Iterable[int] | NDArray[np.integer], *, separator: str = "") -> str:
    """Canonical text of a 1-D sequence of card codes.

    Examples
    --------
    >>> format_cards([51, 45])
    'AsKd'
    """
    return separator.join(format_card(int(code)) for code in np.asarray(codes).ravel())


def check_distinct(cards: NDArray[np.integer], *, name: str = "cards", text: object = None) -> None:
    """Raise ``ValueError`` if any hand (last axis) holds the same card twice."""
    if cards.size == 0 or cards.shape[-1] < 2:
        return
    ordered = np.sort(cards, axis=-1)
    repeated = ordered[..., 1:] == ordered[..., :-1]
    if repeated.any():
        index = np.argwhere(repeated)[0]
        duplicate = int(ordered[tuple(index)])
        where = f" in {text!r}" if text is not None else ""
        raise ValueError(f"{name}: duplicate card {format_card(duplicate)}{where}")


def as_card_array(
    cards: CardsLike,
    *,
    name: str = "cards",
    lengths: Sequence[int] | None = None,
    distinct: bool = True,
) -> NDArray[np.uint8]:
    """Convert strings, lists or arrays of cards into a validated ``uint8`` array.

    Parameters
    ----------
    cards
        A card string (``"AsKd7c"``), a list of card strings (a batch of hands),
        or an integer array whose last axis is the hand.
    name
        What the input is called in error messages (``"hole_cards"``...).
    lengths
        Allowed sizes of the last axis; ``None`` allows any.
    distinct
        Reject a hand that holds the same card twice.

    Returns
    -------
    numpy.ndarray
        ``uint8`` codes, never out of range, safe to hand to a kernel.

    Examples
    --------
    >>> as_card_array(["AsKd", "2c3c"], lengths=[2]).shape
    (2, 2)
    """
    if isinstance(cards, str):
        array = parse_cards(cards, name=name)
    elif isinstance(cards, (list, tuple)) and cards and all(isinstance(c, str) for c in cards):
        parsed = [parse_cards(c, name=name) for c in cards]
        sizes = {p.size for p in parsed}
        if len(sizes) == 1 and next(iter(sizes)) == 1 and len(parsed) > 1:
            # ["As", "Kd", ...] is one hand written card by card.
            array = np.concatenate(parsed)
        elif len(sizes) != 1:
            raise ValueError(f"{name}: hands in a batch must have the same number of cards")
        else:
            array = np.stack(parsed)
    else:
        refuse_masked(cards, name)
        try:
            raw = np.asarray(cards)
        except ValueError:
            # numpy's own message for a ragged list does not say which input
            # was wrong; the contract is that every error names it.
            raise ValueError(
                f"{name}: hands in a batch must have the same number of cards"
            ) from None
        if raw.size == 0 and raw.dtype.kind == "f" and not isinstance(cards, np.ndarray):
            raw = raw.astype(np.uint8)  # [] is float64 to numpy; no value can be wrong
        check_integer_dtype(raw, name, "card codes")
        check_batch_size(raw, name)
        if raw.ndim == 0:
            raw = raw.reshape(1)
        if raw.size and (raw.min() < 0 or raw.max() >= N_CARDS):
            bad = raw[(raw < 0) | (raw >= N_CARDS)].ravel()[0]
            raise ValueError(f"{name}: card code {int(bad)} is out of range 0..51")
        array = np.ascontiguousarray(raw, dtype=np.uint8)
        if distinct:
            check_distinct(array, name=name)
    if lengths is not None and array.shape[-1] not in lengths:
        allowed = " or ".join(str(n) for n in lengths)
        raise ValueError(f"{name}: expected {allowed} cards per hand, got {array.shape[-1]}")
    return array


def refuse_masked(values: object, name: str) -> None:
    """Refuse numpy masked arrays: kernels would silently ignore the mask.

    Examples
    --------
    >>> import numpy as np
    >>> refuse_masked(np.ma.masked_array([1, 2], mask=[0, 1]), "cards")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: cards: masked arrays are not accepted (the mask would be ignored); ...
    """
    if isinstance(values, np.ma.MaskedArray):
        raise ValueError(
            f"{name}: masked arrays are not accepted (the mask would be ignored); select the "
            f"rows you want, e.g. {name}[~mask.any(axis=-1)], or pass .filled() data"
        )


def check_integer_dtype(array: NDArray[np.generic], name: str, what: str) -> None:
    """Refuse every dtype but signed/unsigned integers (floats, bools, strings, objects).

    Floats are refused even when whole (``16.0``): a float card code is almost
    always a bug upstream, and huge or NaN values cannot be named as codes.
    """
    if array.dtype.kind not in "iu":
        raise ValueError(
            f"{name}: expected integer {what}, got dtype {array.dtype} "
            "(convert with .astype(int) if the values really are whole numbers)"
        )


def check_batch_size(array: NDArray[np.generic], name: str) -> None:
    """Refuse inputs too big to copy (a broadcast view can claim any size for free)."""
    if array.size > MAX_BATCH_CARDS:
        raise ValueError(
            f"{name}: {array.size:,} card codes (shape {array.shape}) are more than the "
            f"{MAX_BATCH_CARDS:,} one call accepts; split the batch"
        )
