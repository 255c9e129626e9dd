"""The compiled engine's dealing, callable from Python: the Python engine deals with it.

Two small kernels around the session kernels' own steps (:func:`._table_kernels.new_deck`,
:func:`._table_kernels.deal_card`), so both engines deal every hand by the same code.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit
from ._table_kernels import deal_card, new_deck
from .layout import DECK_SIZE, N_STATE


@jit
def hand_stream(key, hand, deck):  # pragma: no cover - compiled
    """The card stream of hand number ``hand`` of the table whose card key is ``key``
    (``deck``, 52 int64, is put in order as the session kernels do)."""
    return new_deck(deck, key, hand, 0)


@jit
def shuffle_order(stream, order):  # pragma: no cover - compiled
    """Deal every position of ``order`` (int64, ``0..k-1`` on entry) by the session
    kernels' lazy Fisher-Yates shuffle, drawing from ``stream``; returns the stream.

    On return ``order[p]`` is the index of the card dealt at position ``p``, as the
    kernels deal a 52-card deck, or the draw's reshuffled muck laid out in muck order.
    """
    state = np.zeros(N_STATE, np.int64)
    state[DECK_SIZE] = order.shape[0]
    for _ in range(order.shape[0]):
        _, stream = deal_card(order, state, stream)
    return stream
