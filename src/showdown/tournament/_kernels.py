"""Compiled loops of the tournament tools (ICM quadrature)."""

from __future__ import annotations

import numpy as np

from .._jit import jit


@jit
def icm_kernel(rates, payouts, times, weights, forward, equity):  # pragma: no cover - compiled
    """Add each player's prize equity, integrated over the quadrature nodes, to ``equity``.

    Parameters (arrays only; see ``icm.py`` for the model)
    ----------
    rates
        ``(n,)`` positive arrival rates (stacks scaled so the largest is 1).
    payouts
        ``(K,)`` prize of places 1..K, ``K <= n``.
    times, weights
        ``(T,)`` quadrature nodes ``t`` and weights of ``dt``.
    forward
        ``(n + 1, K)`` scratch: ``forward[j, a]`` = P(exactly ``a`` of players
        ``0 .. j-1`` arrived by ``t``).
    equity
        ``(n,)`` output, added to.

    At time ``t`` player ``i`` arrives with density ``r_i exp(-r_i t)`` and
    takes place ``a + 1`` when ``a`` others arrived before. The others are
    split in players before ``i`` (``forward``, a Poisson-binomial) and after
    ``i``: ``backward[a]`` is the expected prize of a player who has ``a``
    arrivals before them among the earlier players, counting the later ones
    too. Both are convex combinations, so no cancellation at any ``t``, and
    each node costs ``O(n K)`` with no per-player deconvolution.
    """
    n = rates.size
    places = payouts.size
    backward = np.empty(places)
    for node in range(times.size):
        t = times[node]
        forward[0, 0] = 1.0
        for a in range(1, places):
            forward[0, a] = 0.0
        for j in range(n):
            stay = np.exp(-rates[j] * t)
            gone = -np.expm1(-rates[j] * t)
            top = min(j + 1, places - 1)
            for a in range(top, 0, -1):
                forward[j + 1, a] = stay * forward[j, a] + gone * forward[j, a - 1]
            forward[j + 1, 0] = stay * forward[j, 0]
            for a in range(top + 1, places):
                forward[j + 1, a] = 0.0
        for a in range(places):
            backward[a] = payouts[a]
        for i in range(n - 1, -1, -1):
            stay = np.exp(-rates[i] * t)
            gone = -np.expm1(-rates[i] * t)
            expected = 0.0
            for a in range(min(i + 1, places)):
                expected += forward[i, a] * backward[a]
            equity[i] += weights[node] * rates[i] * stay * expected
            for a in range(places - 1):
                backward[a] = stay * backward[a] + gone * backward[a + 1]
            backward[places - 1] = stay * backward[places - 1]
