"""Paying a hand: uncalled bets, main and side pots, hi-lo halves, odd chips.

Plain leaf functions over arrays (or lists) and scalars, compiled by numba for
the compiled engine and called through ``.py_func`` by ``HandState``.

Wagers are what each player put in during the hand apart from antes (antes are
dead money in the main pot, open to every live player, never returned). A pot
is formed for every distinct wager level of the live players (an all-in or
disconnected player caps a level); chips of folded players above every live
level join the last pot. Each pot goes to the best eligible hand; in hi-lo it
splits into a high half (which takes the odd chip) and a low half when an
eligible player has a qualifying low, else the high hand scoops. Ties split a
share; the chips that do not divide go by an odd-chip policy:
:data:`STANDARD` (one chip each to the winners first in the odd-chip order),
:data:`HOUSE` (the house keeps them) or :data:`EXACT` (fractions, in units of
``1 / EXACT_UNIT`` chip, as some hand-history logs record).

Examples
--------
>>> amounts, levels = [0] * 4, [0] * 4
>>> pot_levels.py_func(4, [100, 50, 100, 20], [True, True, True, False], 0, amounts, levels)
2
>>> amounts[:2], levels[:2]
([170, 100], [50, 100])
"""

from __future__ import annotations

from ..._jit import jit_llvm_inline

#: Odd-chip policy codes (``HandState(odd_chips=...)`` "standard", "house", "exact").
STANDARD = 0
HOUSE = 1
EXACT = 2
POLICY_CODES = {"standard": STANDARD, "house": HOUSE, "exact": EXACT}

#: Exact shares are whole multiples of 1/5040 chip: every half pot split among at
#: most ten winners (5040 = 2 * 2520 and 2520 = lcm(1..10)).
EXACT_UNIT = 5040


@jit_llvm_inline
def uncalled_bet(n, totals, ante_paid):  # pragma: no cover - compiled
    """``(seat, excess)``: the part of the largest wager nobody called (0 when called)."""
    top = 0
    for seat in range(1, n):
        if totals[seat] - ante_paid[seat] > totals[top] - ante_paid[top]:
            top = seat
    second = 0
    for seat in range(n):
        if seat != top and totals[seat] - ante_paid[seat] > second:
            second = totals[seat] - ante_paid[seat]
    return top, max(0, totals[top] - ante_paid[top] - second)


@jit_llvm_inline
def pot_levels(n, wagers, live, dead, amounts, levels):  # pragma: no cover - compiled
    """Main and side pots: pot ``k`` holds ``amounts[k]`` chips, open to the live players
    whose wager reaches ``levels[k]``; returns the number of pots (main pot first).

    ``dead`` (antes) joins the main pot. Empty pots are left out.
    """
    top_level = -1
    low_level = -1
    total = dead
    for seat in range(n):
        wager = wagers[seat]
        total += wager
        if live[seat]:
            if wager > top_level:
                top_level = wager
            if low_level < 0 or wager < low_level:
                low_level = wager
    if top_level < 0:
        return 0
    if low_level == top_level:
        # Every live player wagered the same (the common case): one pot holds every chip.
        if total > 0:
            amounts[0] = total
            levels[0] = top_level
            return 1
        return 0
    over = 0
    for seat in range(n):
        if wagers[seat] > top_level:
            over += wagers[seat] - top_level
    count = 0
    previous = -1
    while True:
        # The next wager level among live players above the previous one.
        level = -1
        for seat in range(n):
            wager = wagers[seat]
            if live[seat] and wager > previous and (level < 0 or wager < level):
                level = wager
        if level < 0:
            break
        low = previous if previous > 0 else 0
        amount = dead if previous < 0 else 0
        for seat in range(n):
            wager = wagers[seat]
            amount += min(wager, level) - min(wager, low)
        if level == top_level:
            amount += over
        if amount > 0:
            amounts[count] = amount
            levels[count] = level
            count += 1
        previous = level
    return count


@jit_llvm_inline
def button_order(n, button, order):  # pragma: no cover - compiled
    """Odd-chip priority of a button game: first seat left of the button, then clockwise."""
    for step in range(n):
        order[step] = (button + 1 + step) % n


@jit_llvm_inline
def stud_order(n, top_cards, order):  # pragma: no cover - compiled
    """Odd-chip priority of stud: the highest card by suit among a player's own cards first.

    ``top_cards[seat]`` is the seat's highest card code (ties, impossible between
    real cards, keep seat order).
    """
    for seat in range(n):
        order[seat] = seat
    for index in range(1, n):
        seat = order[index]
        position = index
        while position > 0 and top_cards[order[position - 1]] < top_cards[seat]:
            order[position] = order[position - 1]
            position -= 1
        order[position] = seat


@jit_llvm_inline
def pay_pots(
    n, pots, contenders, hi_lo, order, policy, payout, fractions
):  # pragma: no cover - compiled
    """Pay the pots from :func:`pot_levels` to the best eligible hands; returns the house's chips.

    ``pots`` is ``(count, amounts, levels)`` as :func:`pot_levels` left them;
    ``contenders`` is ``(wagers, live, high, low)`` per seat, where ``high[seat]``
    and ``low[seat]`` are strengths (larger is stronger; a low of 0 does not
    qualify). Whole chips are added to ``payout``; under :data:`EXACT` every
    share goes to ``fractions`` in units of ``1 / EXACT_UNIT`` chip instead.
    """
    count, amounts, levels = pots
    wagers, live, high, low = contenders
    house = 0
    for pot in range(count):
        amount = amounts[pot]
        level = levels[pot]
        best = -1
        best_low = 0
        for seat in range(n):
            if live[seat] and wagers[seat] >= level:
                if high[seat] > best:
                    best = high[seat]
                if hi_lo and low[seat] > best_low:
                    best_low = low[seat]
        for half in range(2):
            if half == 1 and best_low == 0:
                break
            if best_low == 0:
                chips = amount
                units = amount * EXACT_UNIT
            elif half == 0:
                chips = (amount + 1) // 2  # the high half takes the odd chip
                units = amount * (EXACT_UNIT // 2)
            else:
                chips = amount // 2
                units = amount * (EXACT_UNIT // 2)
            winners = 0
            for seat in range(n):
                if live[seat] and wagers[seat] >= level:
                    value = high[seat] if half == 0 else low[seat]
                    if value == (best if half == 0 else best_low):
                        winners += 1
            share = chips // winners
            odd = chips - share * winners
            given = 0
            for step in range(n):
                seat = order[step]
                if not (live[seat] and wagers[seat] >= level):
                    continue
                value = high[seat] if half == 0 else low[seat]
                if value != (best if half == 0 else best_low):
                    continue
                if policy == EXACT:
                    fractions[seat] += units // winners
                elif policy == STANDARD and given < odd:
                    payout[seat] += share + 1
                else:
                    payout[seat] += share
                given += 1
            if policy == HOUSE:
                house += odd
    return house
