"""Inlined pieces of the compiled simulator kernel: random numbers, turn order, raises, pots.

Each helper mirrors one piece of :class:`~showdown.simulator.hand.HandState`
(named in its docstring) on plain arrays; :mod:`showdown.simulator._kernels`
inlines them into the session kernel. Arrays and scalars only.
"""

from __future__ import annotations

import numpy as np

from .._jit import jit_inline
from ..evaluator._kernels import (
    COLUMN_MASK_7,
    KEY_START,
    ROW_SHIFT_7,
    omaha_high_one,
    strength_of_key,
)

# Agent kinds (one per seat).
RANDOM_AGENT = 0
CALLING_STATION = 1
STRENGTH_AGENT = 2

# Betting structures.
NO_LIMIT = 0
POT_LIMIT = 1
FIXED_LIMIT = 2

# Showdown kinds.
HOLDEM_HIGH = 0
OMAHA_HIGH = 1
OMAHA_HILO = 2

# Recorded action kinds.
FOLD = 0
CHECK_CALL = 1
BET_RAISE = 2

# Per-seat counters (same meaning as table.STAT_NAMES).
HANDS, VPIP, PFR, BETS, CALLS, CHECKS, FOLDS, SHOWDOWNS, SHOWDOWNS_WON, REBUYS = range(10)
N_COUNTERS = 10

# splitmix64 constants (uint64 throughout: mixing with int64 would promote to float).
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_UNIT = 1.0 / 9007199254740992.0  # 2 ** -53


@jit_inline
def next_uniform(state):  # pragma: no cover - compiled
    """One splitmix64 step: ``(new_state, uniform float in [0, 1))``."""
    state = state + _GOLDEN
    mixed = state
    mixed = (mixed ^ (mixed >> _S30)) * _MIX_1
    mixed = (mixed ^ (mixed >> _S27)) * _MIX_2
    mixed = mixed ^ (mixed >> _S31)
    return state, float(mixed >> _S11) * _UNIT


@jit_inline
def capacity_of_others(seat, n, bets, stacks, folded, all_in):  # pragma: no cover
    """Largest ``bet + stack`` among the other players who can still act (-1: none)."""
    best = -1
    for other in range(n):
        if other != seat and not folded[other] and not all_in[other]:
            chips = bets[other] + stacks[other]
            if chips > best:
                best = chips
    return best


@jit_inline
def find_actor(start, n, needs, bets, stacks, folded, all_in, current):  # pragma: no cover
    """Next seat from ``start`` (inclusive) that must act, or -1 when the round is over.

    A player whose bet is matched acts only if some other player could call a
    raise (``HandState._advance_from``); otherwise the player has nothing to decide.
    """
    candidate = start
    for _ in range(n):
        if candidate >= n:
            candidate -= n
        if needs[candidate]:
            if bets[candidate] < current:
                return candidate
            if capacity_of_others(candidate, n, bets, stacks, folded, all_in) > current:
                return candidate
            needs[candidate] = False
        candidate += 1
    return -1


@jit_inline
def raise_range(
    seat,
    n,
    bets,
    stacks,
    totals,
    folded,
    all_in,
    may_raise,
    current,
    full_bet,
    bet_size,
    bets_count,
    last_raise,
    betting,
    raise_cap,
    small_bet,
    cumulative,
):  # pragma: no cover
    """``(least, most)`` raise-to of ``seat``, or ``(-1, -1)`` when it may not raise.

    ``cumulative``: short all-ins adding up to a full raise reopen the betting (TDA).
    """
    bet = bets[seat]
    most = bet + stacks[seat]
    if not may_raise[seat] and not (
        cumulative and betting != FIXED_LIMIT and current - bet >= last_raise
    ):
        return -1, -1
    if most <= current:
        return -1, -1
    if capacity_of_others(seat, n, bets, stacks, folded, all_in) <= current:
        return -1, -1
    if betting == FIXED_LIMIT:
        if raise_cap >= 0 and bets_count >= raise_cap + 1:
            return -1, -1
        target = min(full_bet + bet_size, most)
        return target, target
    least = small_bet if current == 0 else current + last_raise
    if least > most:
        least = most
    if betting == POT_LIMIT:
        top = current + totals.sum() + (current - bet)
        if top > most:
            top = most
        return least, (top if top > least else least)
    return least, most


@jit_inline
def pay_split(amount, best, values, eligible, n, button, stacks, winnings):  # pragma: no cover
    """Split ``amount`` among eligible seats holding ``best``; odd chips from left of the button."""
    count = 0
    for seat in range(n):
        if eligible[seat] and values[seat] == best:
            count += 1
    share = amount // count
    odd = amount - share * count
    given = 0
    for step in range(n):
        seat = (button + 1 + step) % n
        if eligible[seat] and values[seat] == best:
            chips = share + 1 if given < odd else share
            given += 1
            stacks[seat] += chips
            winnings[seat] += chips


@jit_inline
def settle_pots(
    n, button, totals, ante_paid, folded, high, low, hi_lo, stacks, winnings, eligible
):  # pragma: no cover
    """Pay the main and side pots (``showdown.settle_pots`` with the standard odd-chip rule).

    Pots come from the contribution levels of the live players; antes are dead
    money in the main pot; chips above the highest live level join the last pot.
    Hi-lo pots split in halves (odd chip to the high half) unless nobody has a low.
    """
    dead = 0
    top_level = 0
    for seat in range(n):
        dead += ante_paid[seat]
        if not folded[seat] and totals[seat] - ante_paid[seat] > top_level:
            top_level = totals[seat] - ante_paid[seat]
    over = 0
    for seat in range(n):
        wager = totals[seat] - ante_paid[seat]
        if wager > top_level:
            over += wager - top_level
    previous = 0
    first = True
    while True:
        # The next contribution level among live players.
        level = -1
        for seat in range(n):
            wager = totals[seat] - ante_paid[seat]
            if not folded[seat] and wager > previous and (level < 0 or wager < level):
                level = wager
        if level < 0:
            if first:
                level = 0  # every live player wagered nothing: one pot of dead money
            else:
                break
        amount = dead if first else 0
        for seat in range(n):
            wager = totals[seat] - ante_paid[seat]
            amount += min(wager, level) - min(wager, previous)
        if level == top_level:
            amount += over
        best = 0
        best_low = 0
        for seat in range(n):
            eligible[seat] = not folded[seat] and totals[seat] - ante_paid[seat] >= level
            if eligible[seat]:
                if high[seat] > best:
                    best = high[seat]
                if hi_lo and low[seat] > best_low:
                    best_low = low[seat]
        if amount > 0:
            if best_low > 0:
                pay_split((amount + 1) // 2, best, high, eligible, n, button, stacks, winnings)
                pay_split(amount // 2, best_low, low, eligible, n, button, stacks, winnings)
            else:
                pay_split(amount, best, high, eligible, n, button, stacks, winnings)
        first = False
        previous = level
        if level == top_level:
            break


@jit_inline
def evaluate_seats(
    n,
    button,
    hole_count,
    deck,
    folded,
    showdown_kind,
    card_key,
    card_bit,
    offsets7,
    values7,
    flush,
    low_bit,
    omaha_low8,
    pair_index,
    triple_index,
    omaha_ranks,
    hole_rows,
    board_row,
    pairs,
    triples,
    high,
    low,
):  # pragma: no cover
    """High (and Omaha 8-or-better low) strength of every live seat; 0 for folded seats.

    Seat ``button + 1 + k`` holds deck cards ``k * hole_count ...`` (cards are dealt
    a player at a time from the left of the button); the board follows them.
    """
    board_start = n * hole_count
    board_mask = 0
    for position in range(5):
        card = deck[board_start + position]
        board_row[0, position] = card
        board_mask |= low_bit[card]
    for seat in range(n):
        high[seat] = 0
        low[seat] = 0
        if folded[seat]:
            continue
        first = ((seat - button - 1) % n) * hole_count
        if showdown_kind == HOLDEM_HIGH:
            key = KEY_START
            bits = np.uint64(0)
            for position in range(hole_count):
                card = deck[first + position]
                key += card_key[card]
                bits |= card_bit[card]
            for position in range(5):
                card = deck[board_start + position]
                key += card_key[card]
                bits |= card_bit[card]
            high[seat] = strength_of_key(
                key, bits, offsets7, values7, flush, ROW_SHIFT_7, COLUMN_MASK_7
            )
        else:
            hole_mask = 0
            for position in range(hole_count):
                card = deck[first + position]
                hole_rows[seat, position] = card
                hole_mask |= low_bit[card]
            high[seat] = omaha_high_one(
                hole_rows,
                seat,
                board_row,
                0,
                pairs,
                triples,
                pair_index,
                triple_index,
                omaha_ranks,
                flush,
            )
            if showdown_kind == OMAHA_HILO:
                low[seat] = omaha_low8[(hole_mask << 8) | board_mask]


@jit_inline
def rank_score(deck, first, count):  # pragma: no cover - compiled
    """``agents._rank_score`` of ``count`` cards from ``deck[first]``: pairs, high rank, suits."""
    most = 0
    high = 0
    suits = 0
    for position in range(first, first + count):
        rank = deck[position] >> 2
        same = 0
        for other in range(first, first + count):
            if deck[other] >> 2 == rank:
                same += 1
        if same > most:
            most = same
        if rank > high:
            high = rank
        suits |= 1 << (deck[position] & 3)
    distinct_suits = 0
    for suit in range(4):
        if suits & (1 << suit):
            distinct_suits += 1
    if most >= 4:
        base = 0.95
    elif most == 3:
        base = 0.8
    elif most == 2:
        base = 0.5
    else:
        base = 0.15
    return base + 0.1 * high / 12 + (0.03 if distinct_suits < count else 0.0)


@jit_inline
def own_strength(
    seat,
    n,
    button,
    hole_count,
    street,
    deck,
    showdown_kind,
    preflop,
    category_strength,
    card_key,
    card_bit,
    offsets7,
    values7,
    flush,
    pair_index,
    triple_index,
    omaha_ranks,
    hole_rows,
    flop_row,
    turn_row,
    board_row,
    pairs,
    triples,
):  # pragma: no cover - compiled
    """``HandStrengthAgent.strength``: the 0..1 score of a seat's own cards and the board.

    Hold'em pre-flop a table lookup; Omaha pre-flop a rank count minus 0.1; later
    streets the category of the best hand (one evaluation) mapped by ``category_strength``.
    """
    first = ((seat - button - 1) % n) * hole_count
    if street == 0:
        if showdown_kind == HOLDEM_HIGH:
            return preflop[deck[first], deck[first + 1]]
        return rank_score(deck, first, hole_count) - 0.1
    board_count = street + 2
    board_start = n * hole_count
    if showdown_kind == HOLDEM_HIGH:
        key = KEY_START
        bits = np.uint64(0)
        for position in range(hole_count):
            card = deck[first + position]
            key += card_key[card]
            bits |= card_bit[card]
        for position in range(board_count):
            card = deck[board_start + position]
            key += card_key[card]
            bits |= card_bit[card]
        value = strength_of_key(key, bits, offsets7, values7, flush, ROW_SHIFT_7, COLUMN_MASK_7)
        return category_strength[value >> 12]
    for position in range(hole_count):
        hole_rows[seat, position] = deck[first + position]
    # omaha_high_one reads the board size from the row's shape, so each street
    # has a row of its own length; pick it, fill it, evaluate once.
    if board_count == 3:
        row = flop_row
    elif board_count == 4:
        row = turn_row
    else:
        row = board_row
    for position in range(board_count):
        row[0, position] = deck[board_start + position]
    value = omaha_high_one(
        hole_rows, seat, row, 0, pairs, triples, pair_index, triple_index, omaha_ranks, flush
    )
    return category_strength[value >> 12]
