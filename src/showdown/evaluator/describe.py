"""Turn strengths back into words and categories."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .categories import (
    CATEGORY_SHIFT,
    N_LOWS,
    RANK_CHARS,
    HandCategory,
    class_strengths,
    describe_class,
    low_strengths,
)

_MAX_STRENGTH = (int(HandCategory.STRAIGHT_FLUSH) << CATEGORY_SHIFT) | 9


@lru_cache(maxsize=1)
def _descriptions() -> dict[int, str]:
    return {
        strength: describe_class(hand_class) for hand_class, strength in class_strengths().items()
    }


@lru_cache(maxsize=1)
def _low_descriptions() -> dict[int, str]:
    # Low bit 0 is the ace; bits 1..7 are deuce..eight.
    names = "A2345678"
    return {
        strength: "-".join(names[bit] for bit in low) + " low"
        for low, strength in low_strengths().items()
    }


def _as_int_array(strength: Any, name: str) -> np.ndarray:
    array = np.asarray(strength)
    if array.dtype.kind not in "iu":
        raise ValueError(f"{name}: expected integer strengths, got dtype {array.dtype}")
    return array.astype(np.int64)


def hand_category(strength: Any) -> Any:
    """Category of high strengths: a :class:`HandCategory` for one, an array for many.

    Examples
    --------
    >>> from showdown import evaluate, hand_category
    >>> hand_category(evaluate("AsAdKcKd7h"))
    <HandCategory.TWO_PAIR: 3>
    """
    array = _as_int_array(strength, "strength")
    categories = array >> CATEGORY_SHIFT
    if array.size and (array.min() < (1 << CATEGORY_SHIFT) or array.max() > _MAX_STRENGTH):
        bad = array[(array < (1 << CATEGORY_SHIFT)) | (array > _MAX_STRENGTH)].ravel()[0]
        raise ValueError(f"strength {int(bad)} is not a high-hand strength")
    if array.ndim == 0:
        return HandCategory(int(categories))
    return categories.astype(np.uint8)


def describe(strength: Any) -> Any:
    """Words for high strengths: a string for one, a list (nested like the input) for many.

    Examples
    --------
    >>> from showdown import evaluate, describe
    >>> describe(evaluate("KhKsKd7c7s2h3d"))
    'Full House, Kings over Sevens'
    """
    array = _as_int_array(strength, "strength")
    table = _descriptions()

    def one(value: int) -> str:
        try:
            return table[value]
        except KeyError:
            raise ValueError(f"strength {value} is not a high-hand strength") from None

    if array.ndim == 0:
        return one(int(array))
    return np.vectorize(one, otypes=[object])(array).tolist()


def describe_low(strength: Any) -> Any:
    """Words for 8-or-better low strengths (``"8-6-4-2-A low"``, ``"no low"`` for 0).

    Examples
    --------
    >>> describe_low(56)
    '5-4-3-2-A low'
    """
    array = _as_int_array(strength, "low strength")
    table = _low_descriptions()

    def one(value: int) -> str:
        if value == 0:
            return "no low"
        if not 1 <= value <= N_LOWS:
            raise ValueError(f"low strength {value} is outside 0..{N_LOWS}")
        return table[value]

    if array.ndim == 0:
        return one(int(array))
    return np.vectorize(one, otypes=[object])(array).tolist()


__all__ = ["RANK_CHARS", "describe", "describe_low", "hand_category"]
