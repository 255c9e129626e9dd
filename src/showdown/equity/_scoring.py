"""Weighted showdown scoring shared by the equity kernels.

One deal (or one class of equivalent deals) ends with every player's high
strength and, in hi-lo games, low strength. :func:`score_outcomes` adds a
batch of such outcomes, each ``weight`` times, to the counters described in
``equity._kernels``:

- ``counts[p, part, k]``: deals where ``p`` is one of ``k`` winners of a
  share (``part`` 0 the whole pot, 1 the high half, 2 the low half);
- ``scoop[p]``, ``share_any[p]``, ``sum_squares[p]``: split pots only (whole
  pots derive theirs from ``counts``, see ``result.Counters.completed``);
- ``categories[p, c]``: deals where ``p``'s high hand is in category ``c``.

Class-counting kernels score one representative board with the number of
boards it stands for; integer weights keep every counter but
``sum_squares`` an exact integer.

Why a batch: a helper that takes arrays and is called once per outcome from
a kernel's inner loop costs a reference-count increment and decrement per
array per call in numba (measured: scoring was 2-4x the cost of the
evaluation it followed). Kernels fill a small buffer of outcomes and hand it
over once per few thousand.
"""

from __future__ import annotations

from .._jit import jit

#: Outcomes a kernel buffers before scoring them.
BATCH = 2048


@jit
def score_outcomes(
    highs, lows, weights, n_outcomes, hilo, counts, scoop, share_any, sum_squares, categories
):  # pragma: no cover - compiled
    """Add outcomes ``0 .. n_outcomes - 1`` of the buffers, each ``weights[i]`` times.

    ``highs[i, p]`` / ``lows[i, p]``: player ``p``'s strengths in outcome
    ``i`` (``lows`` is read only when ``hilo``). Every kernel passes the same
    types (``int64`` buffers, C-contiguous counters, a runtime ``hilo``) so
    this compiles once for all of them.
    """
    n_players = highs.shape[1]
    for i in range(n_outcomes):
        weight = weights[i]
        # Branch-free where the outcome is a coin flip (who wins): max() and adding
        # comparison results compile to conditional moves, not mispredicted jumps.
        best_high = highs[i, 0]
        for p in range(n_players):
            categories[p, highs[i, p] >> 12] += weight
            best_high = max(best_high, highs[i, p])
        n_high = 0
        for p in range(n_players):
            n_high += highs[i, p] == best_high
        best_low = 0
        if hilo:
            for p in range(n_players):
                best_low = max(best_low, lows[i, p])
        if best_low == 0:
            for p in range(n_players):
                counts[p, 0, n_high] += weight * (highs[i, p] == best_high)
            continue
        n_low = 0
        for p in range(n_players):
            n_low += lows[i, p] == best_low
        for p in range(n_players):
            share = 0.0
            if highs[i, p] == best_high:
                counts[p, 1, n_high] += weight
                share += 0.5 / n_high
            if lows[i, p] == best_low:
                counts[p, 2, n_low] += weight
                share += 0.5 / n_low
            if share > 0.0:
                share_any[p] += weight
                sum_squares[p] += weight * (share * share)
                if share == 1.0:
                    scoop[p] += weight
