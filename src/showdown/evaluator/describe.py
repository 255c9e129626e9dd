"""Turn strengths back into words and categories.

One strength (an int or numpy integer) gives one answer; an array or list gives an
array (categories) or a list nested like the input (words); the overloads say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from ..cards.codes import check_integer_dtype, refuse_masked
from ..games import find_game
from .categories import (
    CATEGORY_SHIFT,
    INDEX_MASK,
    N_LOWS,
    RANK_CHARS,
    HandCategory,
    category_classes,
    describe_class,
    is_high_strength,
    low_strengths,
)
from .short_deck_tables import (
    N_SHORT_DECK_CLASSES,
    short_deck_categories,
    short_deck_descriptions,
)


@cache
def _descriptions(category: int) -> list[str]:
    """Words for each strength of one category, by index (built on first use of the category)."""
    kind = HandCategory(category)
    return [describe_class((kind, ranks)) for ranks in category_classes(kind)]


@lru_cache(maxsize=1)
def _low_descriptions() -> dict[int, str]:
    # Low bit 0 is the ace; bits 1..7 are deuce..eight.
    names = "A2345678"
    return {
        strength: "-".join(names[bit] for bit in low) + " low"
        for low, strength in low_strengths().items()
    }


def _as_int_array(strength: Any, name: str) -> np.ndarray:
    refuse_masked(strength, name)
    try:
        array = np.asarray(strength)
    except ValueError:
        raise ValueError(f"{name}: expected integer strengths of one shape") from None
    check_integer_dtype(array, name, "strengths")
    # uint64 above int64's range would wrap negative; anything that large is invalid.
    if array.dtype == np.uint64 and array.size and int(array.max()) > np.iinfo(np.int64).max:
        raise ValueError(f"{name}: {int(array.max())} is not a strength")
    return array.astype(np.int64)


def _first_invalid(array: np.ndarray, short_deck: bool) -> int | None:
    if short_deck:
        valid = (array >= 1) & (array <= N_SHORT_DECK_CLASSES)
    else:
        valid = is_high_strength(array)
    if np.all(valid):
        return None
    return int(array[~np.asarray(valid)].ravel()[0]) if array.ndim else int(array)


def _short_deck(game: str | None) -> bool:
    """Whether ``game`` ranks by short-deck rules; an unknown name raises, naming it.

    Every other game's high hand ranks as the full deck's.
    """
    if game is None:
        return False
    from .short_deck import is_short_deck_game

    if is_short_deck_game(game):
        return True
    find_game(game)  # raises InputError for a name that is no game
    return False


def _checked(strength: Any, game: str | None) -> tuple[np.ndarray, bool]:
    """Strengths as int64 and the game's deck, or ``ValueError`` naming the first no hand has."""
    short_deck = _short_deck(game)
    array = _as_int_array(strength, "strength")
    bad = _first_invalid(array, short_deck)
    if bad is None:
        return array, short_deck
    if short_deck:
        raise ValueError(f"strength {bad} is not a short-deck strength (1..{N_SHORT_DECK_CLASSES})")
    hint = ""
    if 1 <= bad <= N_SHORT_DECK_CLASSES:
        hint = "; a short-deck strength? pass game='shortdeck'"
    raise ValueError(f"strength {bad} is not a high-hand strength (no hand has it){hint}")


@overload
def hand_category(strength: int | np.integer[Any], *, game: str | None = None) -> HandCategory: ...
@overload
def hand_category(
    strength: NDArray[Any] | Sequence[Any], *, game: str | None = None
) -> NDArray[np.uint8]: ...
def hand_category(strength: Any, *, game: str | None = None) -> Any:
    """Category of high strengths: a :class:`HandCategory` for one, an array for many.

    Strengths that no hand has (``5373``: one past the best high card) are
    refused with ``ValueError``, by the same rule as :func:`describe`
    (:func:`~showdown.evaluator.categories.is_high_strength`). Masked arrays
    are refused (the mask would be ignored). ``game="shortdeck"`` reads
    strengths of :func:`~showdown.evaluator.evaluate_short_deck` (1..1404); any
    other game name, or none, reads full-deck strengths.

    Examples
    --------
    >>> from showdown import evaluate, hand_category
    >>> hand_category(evaluate("AsAdKcKd7h"))
    <HandCategory.TWO_PAIR: 3>
    >>> hand_category([4096, 36873]).tolist()
    [1, 9]
    >>> hand_category([1, 1404], game="shortdeck").tolist()
    [1, 9]
    """
    array, short_deck = _checked(strength, game)
    if short_deck:
        categories = short_deck_categories()[array].astype(np.int64)
    else:
        categories = array >> CATEGORY_SHIFT
    if array.ndim == 0:
        return HandCategory(int(categories))
    return categories.astype(np.uint8)


@overload
def describe(strength: int | np.integer[Any], *, game: str | None = None) -> str: ...
@overload
def describe(strength: NDArray[Any] | Sequence[Any], *, game: str | None = None) -> list[Any]: ...
def describe(strength: Any, *, game: str | None = None) -> Any:
    """Words for high strengths: a string for one, a list (nested like the input) for many.

    ``game="shortdeck"`` reads short-deck strengths (as :func:`hand_category` does).

    Examples
    --------
    >>> from showdown import evaluate, describe
    >>> describe(evaluate("KhKsKd7c7s2h3d"))
    'Full House, Kings over Sevens'
    >>> describe(1404, game="shortdeck")
    'Straight Flush, Ace high (Royal Flush)'
    """
    array, short_deck = _checked(strength, game)

    def one(value: int) -> str:
        if short_deck:
            return short_deck_descriptions()[value]
        return _descriptions(value >> CATEGORY_SHIFT)[value & INDEX_MASK]

    if array.ndim == 0:
        return one(int(array))
    return np.vectorize(one, otypes=[object])(array).tolist()


@overload
def describe_low(strength: int | np.integer[Any]) -> str: ...
@overload
def describe_low(strength: NDArray[Any] | Sequence[Any]) -> list[Any]: ...
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
