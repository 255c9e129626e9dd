"""The draw rule of a ``random`` 5-card-draw player: which dealt cards it keeps.

A ``random`` player in ``game="draw"`` is five unknown cards that then draw
once, by a fixed and simple rule (the same for every such player):

1. a straight or better (straight, flush, full house, four of a kind,
   straight flush) stands pat;
2. otherwise every card that pairs another is kept (trips draw two, two pair
   one, a pair three);
3. otherwise four cards of one suit are kept (a flush draw: one card);
4. otherwise four consecutive ranks from 2-3-4-5 to T-J-Q-K are kept (an
   open-ended straight draw, one card; A-2-3-4 and J-Q-K-A are one-ended and
   do not count);
5. otherwise the highest card is kept and four are drawn.

The discards are out of play. ``random/pat`` is the player who stands pat on
five unknown cards instead.

Examples
--------
>>> from showdown.cards import parse_cards
>>> hands = np.array([parse_cards(text) for text in ["AsAdKc7h2s", "AsKs9s4s2d", "9c8d7h6s2c"]])
>>> keep_masks(hands).astype(int).tolist()
[[1, 1, 0, 0, 0], [1, 1, 1, 1, 0], [1, 1, 1, 1, 0]]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._drawing_kernels import keep_mask_rows

__all__ = ["MOST_DRAWN", "keep_masks"]

#: Most cards the rule ever draws (keeping the highest card alone).
MOST_DRAWN = 4


def keep_masks(hands: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """``(hands, 5)``: which of each five-card hand's cards the rule keeps.

    The rule is compiled once, in ``_drawing_kernels.keep_mask``, which the
    sampler calls deal by deal; this applies it to rows of hands.

    Parameters
    ----------
    hands
        ``(hands, 5)`` card codes, distinct within each row.
    """
    rows = np.ascontiguousarray(np.asarray(hands, dtype=np.uint8).reshape(-1, 5))
    masks = np.zeros(rows.shape[0], np.int64)
    keep_mask_rows(rows, masks)
    keep: NDArray[np.bool_] = ((masks[:, None] >> np.arange(5)) & 1).astype(bool)
    return keep
