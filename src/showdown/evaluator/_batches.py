"""Hand batches as card arrays, checked at the edge (the evaluator's and its Dask path's).

Examples
--------
>>> to_card_array(["AsKsQsJsTs"], "cards", (5, 6, 7)).shape
(1, 5)
>>> to_card_array(["AsKs"], "cards", (5, 6, 7))
Traceback (most recent call last):
...
ValueError: cards: expected 5, 6 or 7 cards per hand, got 2
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ..cards import CardsLike, as_card_array
from ..cards.codes import check_batch_size, refuse_masked

__all__ = ["lengths_error", "to_card_array"]


def to_card_array(cards: CardsLike, name: str, lengths: tuple[int, ...]) -> NDArray[np.uint8]:
    """Cards as a ``uint8`` array with a leading batch axis-compatible shape.

    Integer arrays are range-checked here; duplicates are caught inside the
    kernels (cheaply, per hand) and reported by ``api._raise_bad_row``.
    """
    refuse_masked(cards, name)
    if isinstance(cards, np.ndarray) and cards.dtype.kind in "iu":
        check_batch_size(cards, name)
        if cards.dtype == np.uint8:
            array = cards  # codes above 51 are flagged by the kernels, never used as indices
        else:
            if cards.size and (cards.min() < 0 or cards.max() > 51):
                bad = cards[(cards < 0) | (cards > 51)].ravel()[0]
                raise ValueError(f"{name}: card code {int(bad)} is out of range 0..51")
            array = cards.astype(np.uint8)
    else:
        array = as_card_array(cards, name=name, distinct=False)
    if array.ndim == 0 or array.shape[-1] not in lengths:
        raise lengths_error(name, lengths, array.shape[-1] if array.ndim else 0)
    return array


def lengths_error(name: str, lengths: tuple[int, ...], got: object) -> ValueError:
    """The error for hands of the wrong size (``lengths`` are the sizes allowed)."""
    allowed = ", ".join(str(n) for n in lengths[:-1]) + f" or {lengths[-1]}"
    return ValueError(f"{name}: expected {allowed} cards per hand, got {got}")
