"""Which cards each hand gets: one rule for both engines, whatever the agents decide.

A session's ``seed`` gives every table two 64-bit words
(:func:`table_streams`): the stream of its agents' random decisions, and a card
key. Hand ``h`` of table ``t`` (its ``h``-th hand, counted from 0; round ``h`` of
the session) is dealt from a card stream of its own, the card key mixed with
``h``, by a lazy Fisher-Yates shuffle of a fresh deck. So a hand's cards depend
on the seed, the number of tables, the table and the hand number only: not on
the agents, not on how many cards the hands before it dealt, not on the engine.

The compiled kernels deal this way; the Python engine hands a :class:`HandCards`
to each :class:`~showdown.simulator.hand.HandState` in place of a numpy generator
(it calls only ``permutation``): the first call gives the 52-card deck in the
order it is dealt, a later one (five-card draw, when the deck runs out) the order
in which the reshuffled muck is dealt, continuing the same stream exactly as the
kernel does.

Examples
--------
>>> keys = table_streams(7, tables=3)
>>> keys.shape, keys.dtype.name
((2, 3), 'uint64')
>>> deck = HandCards(keys[1, 0], 0).permutation(52)
>>> sorted(deck.tolist()) == list(range(52))
True
>>> deck.tolist() == HandCards(keys[1, 0], 0).permutation(52).tolist()
True
"""

from __future__ import annotations

import numpy as np

__all__ = ["HandCards", "table_streams"]


def table_streams(seed: int | None, tables: int) -> np.ndarray:
    """Each table's random words for ``seed``: uint64 ``(2, tables)``, row 0 the agents'
    decision streams, row 1 the card keys (``seed=None``: fresh ones)."""
    state = np.random.SeedSequence(seed).generate_state(2 * tables, dtype=np.uint64)
    return state.reshape(2, tables)


class HandCards:
    """One hand's cards as the compiled engine deals them, for ``HandState(rng=...)``.

    Parameters
    ----------
    key
        The table's card key (row 1 of :func:`table_streams`).
    hand
        The hand's number at its table, from 0.
    """

    __slots__ = ("_stream",)

    def __init__(self, key: int | np.integer, hand: int) -> None:
        from ._deck_kernels import hand_stream

        self._stream = np.uint64(
            hand_stream(np.uint64(key), np.int64(hand), np.empty(52, np.int64))
        )

    def permutation(self, size: int) -> np.ndarray:
        """Positions ``0..size-1`` in the order the kernels deal them (int64), continuing
        this hand's card stream."""
        from ._deck_kernels import shuffle_order

        order = np.arange(size, dtype=np.int64)
        # Back to uint64: numba returns a Python int, typed int64 below 2**63.
        self._stream = np.uint64(shuffle_order(self._stream, order))
        return order
