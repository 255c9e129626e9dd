"""``icm()``: prize equity of every player under the Malmuth-Harville model, exactly.

The model
---------
Malmuth-Harville (the "independent chip model") ranks the players one place
at a time: the next place goes to player ``i`` with probability
``stack_i / (sum of the stacks still in)``. Equivalently, give player ``i``
an independent exponential arrival time of rate ``stack_i``; the player who
arrives first takes first place, the next one second, and so on (the
probability that ``i`` arrives first among any set of players is
``stack_i / sum``, and memorylessness makes every later step the same
race among the rest).

So player ``i`` takes place ``a + 1`` exactly when ``a`` of the others
arrive before ``i``:

    P(i finishes in place a + 1) = integral over t >= 0 of
        r_i exp(-r_i t) * P(exactly a of the others arrived by t) dt,

where each other player ``j`` has arrived by ``t`` with probability
``1 - exp(-r_j t)`` independently: a Poisson-binomial distribution. A player's
prize equity is the integral of ``r_i exp(-r_i t)`` times the expected prize
of that place. No finishing order is enumerated: the cost is the number of
quadrature nodes times ``O(players x paid places)``.

The quadrature
--------------
With ``t = exp(v)`` the integrand is ``r_i t exp(-r_i t) G_i(t)``, a smooth
function of ``v`` on the whole real line that vanishes like ``exp(v)`` on
the left and like ``exp(-exp(v))`` on the right. The trapezoidal rule with
step ``h`` on such an integrand is exact up to an error of order
``exp(-2 pi d / h)`` (``d`` is the half-width of the strip around the real
axis where it stays analytic), so a fixed step reaches double precision:
:data:`STEP` was chosen by halving it against brute force over every
finishing order (see the tests) and is far from where the error shows. The
range of ``v`` covers ``t`` from :data:`EARLIEST` (what lies below is at
most that fraction of the first prize) to ``TAIL / smallest rate`` (what
lies beyond is at most ``exp(-TAIL)`` of the last prize): about 250 nodes for
equal stacks, 60 more for every factor ``e**13`` between the largest and the
smallest stack.

Players with no chips are out: they take the last places (sharing their
prizes equally, as nothing in the model orders them) and the others play for
the rest.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import InputError
from ._kernels import icm_kernel, icm_panels

__all__ = ["icm"]

#: Gauss-Legendre nodes per panel.
ORDER = 12
#: Panel length in units of the local width of the count of arrivals.
PANEL_SCALE = 1.5
#: Largest ``r t`` at which a player's own density ``r t exp(-r t)`` is resolved.
OWN_SCALE = 6.0
#: Longest panel (in ``log t``).
LONGEST = 3.0
#: Integration stops where at most ``exp(-CHERNOFF)`` of the chance is left.
CHERNOFF = 46.0
#: Smallest ``t`` integrated (largest stack scaled to rate 1).
EARLIEST = 1e-18
#: Largest ``t`` is ``TAIL / smallest rate``: ``exp(-TAIL)`` of the tail is left out.
TAIL = 42.0


def _numbers(values: ArrayLike, name: str) -> NDArray[np.float64]:
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(f"expected a list of numbers, got {values!r}", parameter=name) from None
    if array.ndim != 1:
        raise InputError(
            f"expected a flat list of numbers, got shape {array.shape}", parameter=name
        )
    bad = np.flatnonzero(~np.isfinite(array))
    if bad.size:
        raise InputError(
            f"entry {bad[0] + 1} is {array[bad[0]]}, not a finite number", parameter=name
        )
    negative = np.flatnonzero(array < 0)
    if negative.size:
        raise InputError(
            f"entry {negative[0] + 1} is {array[negative[0]]:g}; they must be >= 0",
            parameter=name,
        )
    return array


def check_field(
    stacks: ArrayLike, payouts: ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Validated ``(stacks, payouts)``: finite, non-negative, at most one prize per player."""
    stack_array = _numbers(stacks, "stacks")
    payout_array = _numbers(payouts, "payouts")
    if stack_array.size == 0:
        raise InputError("no players", parameter="stacks")
    if payout_array.size > stack_array.size:
        raise InputError(
            f"{payout_array.size} prizes for {stack_array.size} players; "
            "give at most one prize per player",
            parameter="payouts",
        )
    if not np.any(stack_array > 0):
        raise InputError(
            "every stack is 0; at least one player must have chips", parameter="stacks"
        )
    return stack_array, payout_array


def quadrature(
    rates: NDArray[np.float64],
    places: int,
    scale: float = PANEL_SCALE,
    order: int = ORDER,
    own: float = OWN_SCALE,
    longest: float = LONGEST,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Nodes ``t`` and weights (of ``dt``) of the panels in ``log t`` for these rates.

    Walks ``v = log t`` upwards from ``log EARLIEST`` one Gauss-Legendre panel
    at a time; each panel is ``scale`` times the local width of the count of
    arrivals (standard deviation over rate of change, in ``v``), at most
    :data:`LONGEST`. Stops at ``TAIL / smallest rate`` or as soon as a
    Chernoff bound puts the chance that at most ``places`` players arrived
    below ``exp(-CHERNOFF)`` (nobody can be paid after that).
    """
    abscissae, gauss_weights = _gauss_legendre(order)
    starts, lengths = icm_panels(
        np.ascontiguousarray(rates, np.float64),
        float(places),
        math.log(EARLIEST),
        math.log(TAIL / float(rates.min())),
        float(scale),
        float(own),
        float(longest),
        TAIL,
        CHERNOFF,
    )
    begin = starts[:, None]
    half = 0.5 * lengths[:, None]
    logs = begin + half * (abscissae[None, :] + 1.0)
    times = np.exp(logs).reshape(-1)
    return times, (half * gauss_weights[None, :]).reshape(-1) * times


@lru_cache(maxsize=4)
def _gauss_legendre(order: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    nodes, weights = np.polynomial.legendre.leggauss(order)
    return nodes, weights


def icm(stacks: ArrayLike, payouts: ArrayLike) -> NDArray[np.float64]:
    """Each player's prize equity under the Malmuth-Harville model (ICM).

    Parameters
    ----------
    stacks
        Chips of each player (any unit; only ratios matter). A player with 0
        chips is out and takes one of the last places.
    payouts
        Prize of first place, second place, ... (at most one per player;
        unpaid places may be left off).

    Returns
    -------
    numpy.ndarray
        ``float64`` ``(players,)``: expected prize of each player, in the
        unit of ``payouts``; they sum to the prize pool.

    Notes
    -----
    Exact up to the quadrature's rounding (agreement with every finishing
    order enumerated is better than ``1e-13`` of the prize pool), at a cost
    of about ``300 x players x paid places`` steps: 200 players with 30
    prizes take a few milliseconds. See the module docstring for the model.

    Examples
    --------
    >>> [round(float(value), 3) for value in icm([50, 30, 20], [70, 30])]
    [45.179, 32.25, 22.571]
    >>> equity = icm([150_000, 98_750, 45_500, 13_250], [425, 280, 130, 75])
    >>> [round(float(value), 2) for value in equity]
    [323.2, 278.12, 195.79, 112.89]
    >>> icm([10, -1], [1])
    Traceback (most recent call last):
    ...
    showdown.errors.InputError: stacks: entry 2 is -1; they must be >= 0
    """
    stack_array, payout_array = check_field(stacks, payouts)
    return _icm(stack_array, payout_array)


def _icm(
    stacks: NDArray[np.float64], payouts: NDArray[np.float64], **quadrature_options: float
) -> NDArray[np.float64]:
    """``icm`` on validated arrays (``quadrature_options``: for the tests)."""
    players = stacks.size
    prizes = np.zeros(players)
    prizes[: payouts.size] = payouts
    alive = np.flatnonzero(stacks > 0)
    out = np.flatnonzero(stacks == 0)
    equity = np.zeros(players)
    if out.size:
        # Nothing in the model orders the players with no chips: they share the last prizes.
        equity[out] = prizes[alive.size :].sum() / out.size
    paid = prizes[: alive.size]
    # Trailing zero prizes cost work and add nothing.
    nonzero = np.flatnonzero(paid)
    if nonzero.size == 0:
        return equity
    places = int(nonzero[-1]) + 1
    if alive.size == 1:
        equity[alive] = paid[0]
        return equity
    rates = stacks[alive] / stacks[alive].max()
    times, weights = quadrature(rates, places, **quadrature_options)  # type: ignore[arg-type]
    forward = np.empty((alive.size + 1, places))
    found = np.zeros(alive.size)
    icm_kernel(
        np.ascontiguousarray(rates),
        np.ascontiguousarray(paid[:places]),
        times,
        weights,
        forward,
        found,
    )
    equity[alive] = found
    return equity
