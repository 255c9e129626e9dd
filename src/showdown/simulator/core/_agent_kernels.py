"""The built-in agents' choices, written once for both engines.

:class:`~showdown.simulator.agents.RandomAgent` and
:class:`~showdown.simulator.agents.HandStrengthAgent` call these through
``.py_func``; the compiled engine's agents call them compiled. Random numbers
are drawn by the caller (each engine from its own stream) and passed in, so the
two engines choose with the same probabilities. Leaf functions, scalars and
small sequences only.

Intents: :data:`FOLD`, :data:`CALL` (check or call) and :data:`RAISE` (bet or
raise to the amount returned).

Examples
--------
>>> random_intent.py_func(0.9, True) == RAISE, random_amount.py_func(4, 10, 0.2, 0.0, False)
(True, 4)
"""

from __future__ import annotations

from ..._jit import jit

FOLD = 0
CALL = 1
RAISE = 2


@jit
def random_intent(roll, facing_bet):  # pragma: no cover - compiled
    """Random agent: facing a bet fold, call or raise with equal chances; else check or bet."""
    if facing_bet:
        if roll < 1.0 / 3.0:
            return FOLD
        if roll < 2.0 / 3.0:
            return CALL
        return RAISE
    return CALL if roll < 0.5 else RAISE


@jit
def random_fallback(roll, facing_bet):  # pragma: no cover - compiled
    """Random agent wanting to raise when no raise is legal: fold or call evenly, else check."""
    if facing_bet and roll < 5.0 / 6.0:
        return FOLD
    return CALL


@jit
def random_amount(low, high, coin, pick, fixed):  # pragma: no cover - compiled
    """Random agent's raise-to: the minimum half the time (``coin < 0.5``), else uniform
    between the minimum and the maximum (fixed limit: the maximum, the only other end).

    ``coin`` and ``pick`` are uniform in [0, 1); they are not used when ``low == high``
    (and ``pick`` not in fixed limit), so the caller may skip drawing them.
    """
    if high == low or coin < 0.5:
        return low
    if fixed:
        return high
    return low + int(pick * (high - low + 1))


@jit
def random_brings_in(roll, can_complete):  # pragma: no cover - compiled
    """Random agent due to bring in: posts the bring-in 70% of the time (always when it
    cannot complete), else completes."""
    return roll < 0.7 or not can_complete


@jit
def random_discard_count(roll, held):  # pragma: no cover - compiled
    """Random agent at a draw: discards 0-3 cards (at most what it holds)."""
    return min(held, int(roll * 4.0))


@jit
def rank_score(cards, count):  # pragma: no cover - compiled
    """Strength score of fewer than five cards from ranks alone (stud early streets,
    Omaha pre-flop): the largest group, the highest rank, and a bonus for two of a suit."""
    most = 0
    high = 0
    suits = 0
    for index in range(count):
        rank = cards[index] >> 2
        same = 0
        for other in range(count):
            if cards[other] >> 2 == rank:
                same += 1
        if same > most:
            most = same
        if rank > high:
            high = rank
        suits |= 1 << (cards[index] & 3)
    distinct = 0
    for suit in range(4):
        if suits & (1 << suit):
            distinct += 1
    if most >= 4:
        base = 0.95
    elif most == 3:
        base = 0.8
    elif most == 2:
        base = 0.5
    else:
        base = 0.15
    return base + 0.1 * high / 12 + (0.03 if distinct < count else 0.0)


@jit
def strength_action(
    value, raise_at, call_at, to_call, pot, current, low, high, fixed
):  # pragma: no cover - compiled
    """Hand-strength agent: ``(intent, amount)``.

    Bets or raises from ``raise_at`` when a raise is legal (``low >= 0``): fixed
    limit the minimum, else about two thirds of the pot within the legal range.
    Otherwise checks when free, and facing a bet calls when ``value`` reaches
    ``call_at`` plus half the price (call / pot after calling), else folds.
    """
    if value >= raise_at and low >= 0:
        if fixed:
            return RAISE, low
        target = current + (2 * (pot + to_call)) // 3
        return RAISE, min(max(low, target), high)
    if to_call == 0:
        return CALL, 0
    price = to_call / (pot + to_call)
    if value >= call_at + price * 0.5:
        return CALL, 0
    return FOLD, 0


@jit
def strength_completes(value, raise_at, can_complete):  # pragma: no cover - compiled
    """Hand-strength agent due to bring in: completes strong hands when it may."""
    return value >= raise_at and can_complete


@jit
def draw_keep_mask(cards, count):  # pragma: no cover - compiled
    """Hand-strength agent at a draw: bit ``k`` set keeps card ``k``: pairs or better,
    else the highest card alone; every other card is discarded."""
    keep = 0
    for index in range(count):
        rank = cards[index] >> 2
        for other in range(count):
            if other != index and cards[other] >> 2 == rank:
                keep |= 1 << index
                break
    if keep == 0:
        best = 0
        for index in range(1, count):
            if cards[index] > cards[best]:
                best = index
        keep = 1 << best
    return keep
