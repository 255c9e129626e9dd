"""The showdown rule, once: who wins a pot, how ties and hi-lo halves split, what a scoop is.

Every equity kernel, exact and sampled, ends a deal (or a class of equivalent
deals) with each player's high strength and, in hi-lo games, low strength
(larger is better; 0 is no qualifying hand). The rule that turns them into
counters lives here and nowhere else:

- :func:`winner_masks`: the winners of a pot are the players with the
  largest strength; a set of winners is a bit mask over the players, and no
  qualifying hand (a best strength of 0, only possible for lows) wins nothing;
- :func:`add_share`: a pot with no low winner goes whole to the high winners,
  each ``1/k`` of it for ``k`` winners; otherwise the high half goes to the
  high winners and the low half to the low winners the same way. A player who
  gets the whole pot scoops.

Counters (arrays of one kernel call; ``row`` is a player, or one holding of a
player for per-combo counters):

- ``counts[row, part, k]``: deals where ``row`` is one of ``k`` winners of a
  share. ``part`` 0: the whole pot (high-only games, or hi-lo with no low);
  1: the high half of a split pot; 2: the low half.
- ``scoop[row]``, ``share_any[row]``, ``sum_squares[row]``: deals won whole
  and alone, deals with any share, and the sum of squared pot shares, for
  split pots only; whole pots add theirs in ``result.Counters.completed``
  from ``counts[row, 0, :]``, which keeps the common path short.
- ``categories[p, c]``: deals where ``p``'s high hand is in category ``c``
  (counted by the kernels next to the rule: not part of it).

The rule's arithmetic on summed counters is here too (:func:`pots_won`,
:func:`pot_equity`, :func:`whole_pot_extras`): results, stopping rules and
breakdowns all read counters through it.

The exact engine scores weighted outcomes (:func:`score_outcomes`: a class of
boards counts as many times as it has boards; integer weights keep every
counter but ``sum_squares`` an exact integer). The sampler tallies winner
masks of its deals and awards each mask once per batch (``_sample_kernels``).

Why batches: a helper that takes arrays and is called once per outcome from a
hot loop costs a reference-count increment and decrement per array per call
in numba kernels compiled with the runtime (measured: scoring was 2-4x the
cost of the evaluation it followed). Kernels fill a small buffer of outcomes,
one row per player (``values[p, i]``), and hand it over once per few thousand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._jit import jit_inline, jit_kernel

#: Outcomes a kernel buffers before scoring them. Small: a kernel zeroes its buffers
#: on every call (about 10 per player and BATCH bytes), which a small spot notices (2048
#: cost a two-hand flop call 6 of its 17 us); larger batches were not faster on big spots.
BATCH = 256


@jit_inline
def winner_masks(values, n_items, best, masks):  # pragma: no cover - compiled
    """``masks[i]``: the players (bit ``p``) with the largest ``values[p, i]``; 0 if that is 0.

    ``best[i]`` gets the largest value. One loop per player over the items:
    items are independent, so the loops vectorise (no mispredicted branches
    where the winner is a coin flip).
    """
    n_players = values.shape[0]
    for i in range(n_items):
        best[i] = values[0, i]
        masks[i] = 0
    for p in range(1, n_players):
        for i in range(n_items):
            best[i] = max(best[i], values[p, i])
    for p in range(n_players):
        for i in range(n_items):
            masks[i] |= np.int64((values[p, i] == best[i]) & (best[i] > 0)) << p


@jit_inline
def bit_count(mask):  # pragma: no cover - compiled
    """Set bits of a winner mask (players are at most 23)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@jit_inline
def add_whole_share(mask, n_winners, player, weight, row, counts):  # pragma: no cover - compiled
    """A whole pot won by the players of ``mask`` (``n_winners`` of them): ``player``'s part.

    Only ``counts[row, 0, n_winners]`` moves (``weight`` times, if ``player``
    is a winner): scoops and shares of whole pots follow from it.
    """
    counts[row, 0, n_winners] += weight * ((mask >> player) & 1)


@jit_inline
def add_whole_pot(mask, n_players, weight, counts):  # pragma: no cover - compiled
    """A whole pot won by the players of ``mask``, ``weight`` times, for every player."""
    n_winners = bit_count(mask)
    for p in range(n_players):
        add_whole_share(mask, n_winners, p, weight, p, counts)


@jit_inline
def add_share(
    high, low, player, weight, row, counts, scoop, share_any, sum_squares
):  # pragma: no cover - compiled
    """Add ``player``'s share of one pot, ``weight`` times, to counter row ``row``.

    ``high`` and ``low`` are ``(mask, size)``: the winners of each half and how
    many they are (:func:`bit_count`); a low ``mask`` of 0 means no low, the
    whole pot goes to the high winners.
    """
    high_mask, n_high = high
    low_mask, n_low = low
    if low_mask == 0:
        add_whole_share(high_mask, n_high, player, weight, row, counts)
        return
    share = 0.0
    if (high_mask >> player) & 1:
        counts[row, 1, n_high] += weight
        share += 0.5 / n_high
    if (low_mask >> player) & 1:
        counts[row, 2, n_low] += weight
        share += 0.5 / n_low
    if share > 0.0:
        share_any[row] += weight
        sum_squares[row] += weight * (share * share)
        if share == 1.0:
            scoop[row] += weight


@jit_inline
def add_pot(
    high_mask, low_mask, n_players, weight, counts, scoop, share_any, sum_squares
):  # pragma: no cover - compiled
    """Add one pot, ``weight`` times, to every player's counters (:func:`add_share`)."""
    high = (high_mask, bit_count(high_mask))
    low = (low_mask, bit_count(low_mask))
    for p in range(n_players):
        add_share(high, low, p, weight, p, counts, scoop, share_any, sum_squares)


@jit_kernel
def score_outcomes(buffers, n_outcomes, hilo, counters):  # pragma: no cover - compiled
    """Add outcomes ``0 .. n_outcomes - 1`` of the buffers, each ``weights[i]`` times.

    ``buffers = (highs, lows, weights, scratch)``: ``highs[p, i]`` /
    ``lows[p, i]`` player ``p``'s strengths in outcome ``i`` (``lows`` is read
    only when ``hilo``), ``scratch`` ``(3, BATCH)``. ``counters = (counts,
    scoop, share_any, sum_squares, categories)``, the arrays of one row of
    :class:`Counters`. Every caller passes the same types (``int64`` buffers,
    C-contiguous counters, a runtime ``hilo``) so this compiles once for all
    of them, and without numba's runtime: the rule's helpers take arrays,
    which would otherwise cost reference-count updates per outcome.
    """
    highs, lows, weights, scratch = buffers
    counts, scoop, share_any, sum_squares, categories = counters
    n_players = highs.shape[0]
    for p in range(n_players):
        for i in range(n_outcomes):
            categories[p, highs[p, i] >> 12] += weights[i]
    best = scratch[0]
    high_masks = scratch[1]
    low_masks = scratch[2]
    for i in range(n_outcomes):
        low_masks[i] = 0
    # One call site (each inlined copy costs compile time): the high half, then the low.
    for half in range(2 if hilo else 1):
        winner_masks(lows if half else highs, n_outcomes, best, scratch[1 + half])
    for i in range(n_outcomes):
        add_pot(
            high_masks[i],
            low_masks[i],
            n_players,
            weights[i],
            counts,
            scoop,
            share_any,
            sum_squares,
        )


# ----------------------------------------------------------------------------- summed counters
@lru_cache(maxsize=64)
def _one_in(size: int) -> NDArray[np.float64]:
    """``1 / k`` for ``k`` in ``0 .. size - 1`` (0 at ``k = 0``, never a winner count)."""
    shares = np.zeros(size)
    shares[1:] = 1.0 / np.arange(1, size)
    shares.flags.writeable = False
    return shares


def pots_won(counts: NDArray[Any]) -> NDArray[np.float64]:
    """``(rows, 3)``: whole pots, high halves and low halves won, ``1/k`` each of ``k`` winners.

    Examples
    --------
    >>> counts = np.zeros((1, 3, 3)); counts[0, 0, 1] = 4; counts[0, 0, 2] = 2
    >>> pots_won(counts).tolist()
    [[5.0, 0.0, 0.0]]
    """
    shares: NDArray[np.float64] = counts @ _one_in(counts.shape[2])
    return shares


def pot_equity(pots: NDArray[np.float64], trials: Any) -> NDArray[np.float64]:
    """Expected share of the pot: whole pots, plus half of each half won, per deal."""
    equity: NDArray[np.float64] = (pots[:, 0] + 0.5 * (pots[:, 1] + pots[:, 2])) / trials
    return equity


def whole_pot_extras(whole: NDArray[Any]) -> tuple[NDArray[Any], NDArray[Any], NDArray[Any]]:
    """What whole pots add to ``(scoop, share_any, sum_squares)``, from ``counts[:, 0, :]``.

    Kernels record a whole pot in ``counts`` only: a sole winner scoops, any
    winner has a share, and a ``k``-way winner's squared share is ``1/k**2``.
    """
    ways = np.arange(whole.shape[1], dtype=np.float64)
    ways[0] = 1.0
    return whole[:, 1], whole[:, 1:].sum(axis=1), (whole / ways**2).sum(axis=1)
