"""64-bit card masks and the deck.

Bit ``code`` of a mask is set when the card with that code is present, so a
set of cards is one ``uint64`` and card removal is a bitwise and-not.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .codes import CardsLike, as_card_array

FULL_DECK_MASK = (1 << 52) - 1


def card_mask(cards: CardsLike, *, name: str = "cards") -> NDArray[np.uint64]:
    """Bit mask of each hand (last axis) as ``uint64``.

    Examples
    --------
    >>> int(card_mask("2c2d"))
    3
    """
    array = as_card_array(cards, name=name)
    bits = np.left_shift(np.uint64(1), array.astype(np.uint64))
    return (
        np.bitwise_or.reduce(bits, axis=-1)
        if array.shape[-1]
        else np.zeros(array.shape[:-1], dtype=np.uint64)
    )


def mask_to_cards(mask: int) -> NDArray[np.uint8]:
    """Card codes present in a mask, ascending.

    Examples
    --------
    >>> mask_to_cards(0b101).tolist()
    [0, 2]
    """
    mask = int(mask)
    if mask < 0 or mask > FULL_DECK_MASK:
        raise ValueError(f"mask {mask:#x} has bits outside the 52-card deck")
    return np.array([code for code in range(52) if mask >> code & 1], dtype=np.uint8)


def deck(exclude: CardsLike = "", *, name: str = "exclude") -> NDArray[np.uint8]:
    """The cards of a 52-card deck minus ``exclude``, ascending.

    Examples
    --------
    >>> deck("AsKs").size
    50
    """
    removed = as_card_array(exclude, name=name, distinct=False).ravel()
    keep = np.ones(52, dtype=bool)
    keep[removed] = False
    return np.flatnonzero(keep).astype(np.uint8)
