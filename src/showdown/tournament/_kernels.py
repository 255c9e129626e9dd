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


@jit
def _gains(
    base, shover_matrix, caller_matrix, shove, call, shover_gain, caller_gain
):  # pragma: no cover - compiled
    """Each class's gain of shoving (against ``call``) and of calling (against ``shove``)."""
    size = base.size
    for row in range(size):
        total = base[row]
        for column in range(size):
            total += shover_matrix[row, column] * call[column]
        shover_gain[row] = total
    for column in range(size):
        caller_gain[column] = 0.0
    for row in range(size):
        weight = shove[row]
        if weight != 0.0:
            for column in range(size):
                caller_gain[column] += weight * caller_matrix[row, column]


@jit
def best_response_gains(
    base, shover_matrix, caller_matrix, deals, shove, call
):  # pragma: no cover - compiled
    """(shover's, caller's) best-response gain per deal against ``(shove, call)``."""
    size = base.size
    shover_gain = np.empty(size)
    caller_gain = np.empty(size)
    _gains(base, shover_matrix, caller_matrix, shove, call, shover_gain, caller_gain)
    first = 0.0
    second = 0.0
    for index in range(size):
        first += max(shover_gain[index], 0.0) - shove[index] * shover_gain[index]
        second += max(caller_gain[index], 0.0) - call[index] * caller_gain[index]
    return max(first / deals, 0.0), max(second / deals, 0.0)


@jit
def cfr_plus_kernel(
    base,
    shover_matrix,
    caller_matrix,
    deals,
    iterations,
    check_every,
    tolerance,
    shove_sum,
    call_sum,
):  # pragma: no cover - compiled
    """CFR+ on a two-player binary push/fold game (see ``solver.py``); returns iterations run.

    ``shove_sum`` / ``call_sum`` receive the linearly weighted strategy sums
    (divide by ``t (t + 1) / 2``). With ``tolerance > 0`` it stops early once
    both best-response gains of the average are at most ``tolerance``
    (checked every ``check_every`` iterations).
    """
    size = base.size
    shove = np.full(size, 0.5)
    call = np.full(size, 0.5)
    regret_shove = np.zeros(size)
    regret_fold = np.zeros(size)
    regret_call = np.zeros(size)
    regret_pass = np.zeros(size)
    gain = np.empty(size)
    mean_shove = np.empty(size)
    mean_call = np.empty(size)
    for index in range(size):
        shove_sum[index] = 0.0
        call_sum[index] = 0.0
    done = 0
    while done < iterations:
        done += 1
        for row in range(size):
            total = base[row]
            for column in range(size):
                total += shover_matrix[row, column] * call[column]
            regret_shove[row] = max(regret_shove[row] + (1.0 - shove[row]) * total, 0.0)
            regret_fold[row] = max(regret_fold[row] - shove[row] * total, 0.0)
        for row in range(size):
            both = regret_shove[row] + regret_fold[row]
            shove[row] = regret_shove[row] / both if both > 0.0 else 0.5
        for column in range(size):
            gain[column] = 0.0
        for row in range(size):
            weight = shove[row]
            if weight != 0.0:
                for column in range(size):
                    gain[column] += weight * caller_matrix[row, column]
        for column in range(size):
            regret_call[column] = max(
                regret_call[column] + (1.0 - call[column]) * gain[column], 0.0
            )
            regret_pass[column] = max(regret_pass[column] - call[column] * gain[column], 0.0)
            both = regret_call[column] + regret_pass[column]
            call[column] = regret_call[column] / both if both > 0.0 else 0.5
        for index in range(size):
            shove_sum[index] += done * shove[index]
            call_sum[index] += done * call[index]
        if tolerance > 0.0 and done % check_every == 0:
            weight_total = done * (done + 1) / 2.0
            for index in range(size):
                mean_shove[index] = shove_sum[index] / weight_total
                mean_call[index] = call_sum[index] / weight_total
            first, second = best_response_gains(
                base, shover_matrix, caller_matrix, deals, mean_shove, mean_call
            )
            if first <= tolerance and second <= tolerance:
                break
    return done


@jit
def icm_panels(
    rates, places, low, high, scale, own, longest, tail, chernoff
):  # pragma: no cover - compiled
    """Starts and lengths of the Gauss-Legendre panels in ``v = log t`` (see ``icm.quadrature``)."""
    capacity = 64
    starts = np.empty(capacity)
    lengths = np.empty(capacity)
    count = 0
    start = low
    while start < high:
        t = np.exp(start)
        mean = 0.0
        variance = 0.0
        slope = 0.0
        largest_live = 0.0
        for j in range(rates.size):
            scaled = rates[j] * t
            waiting = np.exp(-scaled)
            arrived = -np.expm1(-scaled)
            mean += arrived
            variance += arrived * waiting
            slope += scaled * waiting
            if scaled < tail and scaled > largest_live:
                largest_live = scaled
        if mean - places > np.sqrt(2.0 * chernoff * mean) + 1.0:
            break
        # The count of arrivals changes by one standard deviation over this much of v ...
        width = np.sqrt(variance) / slope if slope > 0.0 else longest
        # ... and a player's own density r t exp(-r t) turns over 1 / (r t) of v; beyond
        # ``own`` its weight is below exp(-own) and it needs no finer panels.
        if largest_live > 0.0:
            width = min(width, 1.0 / min(own, max(1.0, largest_live)))
        length = min(longest, scale * width, high - start)
        if count == capacity:
            capacity *= 2
            grown_starts = np.empty(capacity)
            grown_lengths = np.empty(capacity)
            grown_starts[:count] = starts[:count]
            grown_lengths[:count] = lengths[:count]
            starts = grown_starts
            lengths = grown_lengths
        starts[count] = start
        lengths[count] = length
        count += 1
        start += length
    return starts[:count], lengths[:count]
