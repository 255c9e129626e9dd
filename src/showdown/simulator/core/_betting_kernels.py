"""Betting rounds: turn order, the legal raise range, and applying a bet or raise.

Plain leaf functions over arrays (or lists) and scalars, compiled by numba for
the compiled engine and called through ``.py_func`` by ``HandState``. Amounts
are round totals ("raise to"). Betting structures are the codes
:data:`NO_LIMIT`, :data:`POT_LIMIT` and :data:`FIXED_LIMIT`.

"Capacity" is what another player could put in this round: ``bet + stack`` of a
player who can still act. A raise is offered only when some other player's
capacity exceeds the current bet, and a player whose bet is matched acts only
then (otherwise there is nothing to decide). :func:`top_two_capacity` gives the
two largest capacities, from which every seat's "largest capacity among the
others" follows.

Examples
--------
>>> limits = (NO_LIMIT, -1, 2, 4, True)  # no limit, no cap, 2 minimum bet, 4 big bet, TDA
>>> round_state = (2, 2, 2, 1, 2)  # a bet of 2 to call, the last full raise 2
>>> raise_range.py_func(0, 98, True, 98, round_state, False, 3, limits)
(4, 98)
"""

from __future__ import annotations

from ..._jit import jit_llvm_inline

#: Betting structure codes (``Variant.betting`` "no", "pot", "fixed").
NO_LIMIT = 0
POT_LIMIT = 1
FIXED_LIMIT = 2
BETTING_CODES = {"no": NO_LIMIT, "pot": POT_LIMIT, "fixed": FIXED_LIMIT}


@jit_llvm_inline
def top_two_capacity(n, bets, stacks, folded, all_in):  # pragma: no cover - compiled
    """``(seat, best, second)``: the two largest ``bet + stack`` among players who can act.

    The largest capacity among the players other than ``s`` is ``second`` when
    ``s == seat``, else ``best`` (-1: nobody).
    """
    best_seat = -1
    best = -1
    second = -1
    for seat in range(n):
        # Loaded unconditionally and combined with ``|``: compiled, this has no
        # branch on who folded (unpredictable, it cost more than the sums).
        chips = bets[seat] + stacks[seat]
        if folded[seat] | all_in[seat]:
            chips = -1
        if chips > best:
            best_seat = seat
            second = best
            best = chips
        elif chips > second:
            second = chips
    return best_seat, best, second


@jit_llvm_inline
def start_round(n, folded, all_in, bets, current, needs, may_raise):  # pragma: no cover
    """Who must act in a new betting round: every player who can act, and everyone may raise.

    With fewer than two players able to act, the lone one acts only when facing a bet.
    """
    active = 0
    for seat in range(n):
        if not (folded[seat] or all_in[seat]):
            active += 1
    for seat in range(n):
        need = not (folded[seat] or all_in[seat])
        if need and active < 2 and bets[seat] >= current:
            need = False
        needs[seat] = need
        may_raise[seat] = True


@jit_llvm_inline
def next_to_act(start, n, needs, bets, current, bring_in_due, top):  # pragma: no cover
    """The next seat from ``start`` (inclusive, clockwise) that must act; -1 ends the round.

    A player facing a bet (or due to bring in) acts. A player whose bet is matched
    acts only if another player could call a raise; otherwise the player has
    nothing to decide and is marked done in ``needs``. ``top`` is the
    ``(seat, best, second)`` of :func:`top_two_capacity`.
    """
    best_seat, best, second = top
    candidate = start
    for _ in range(n):
        if candidate >= n:
            candidate -= n
        if needs[candidate]:
            if bets[candidate] < current or bring_in_due:
                return candidate
            capacity = second if candidate == best_seat else best
            if capacity > current:
                return candidate
            needs[candidate] = False
        candidate += 1
    return -1


@jit_llvm_inline
def raise_range(
    bet, stack, may_raise, capacity, round_state, open_pair, pot, limits
):  # pragma: no cover - compiled
    """``(least, most)`` legal bet/raise-to of the player to act, or ``(-1, -1)``.

    Parameters
    ----------
    bet, stack
        The player's bet this round and chips behind.
    may_raise
        Whether a full raise reopened the betting for this player since it acted.
    capacity
        The largest ``bet + stack`` among the other players who can act.
    round_state
        The round's betting so far, ``(current, full_bet, bet_size, bets_count,
        last_raise)``: the current bet; fixed limit: the level of the last full
        bet or raise, the bet size of the street, bets and raises made this
        round (the big blind counts as one); no/pot limit: the size of the last
        full raise (the minimum raise).
    open_pair
        Stud fourth street with an open pair: the first bet may be small or big.
    pot
        All chips in the middle (pot limit: the largest raise-to is the current
        bet plus the pot after calling).
    limits
        The hand's limits, ``(betting, raise_cap, small_bet, big_bet, cumulative)``:
        structure code, fixed-limit raises allowed after the bet (-1: no cap), the
        minimum bet, the big bet, and whether short all-ins that add up to a full
        raise reopen the betting (TDA: a player who acted may raise when facing at
        least ``last_raise`` in total).
    """
    current, full_bet, bet_size, bets_count, last_raise = round_state
    betting, raise_cap, small_bet, big_bet, cumulative = limits
    most = bet + stack
    if not may_raise and not (
        cumulative and betting != FIXED_LIMIT and current - bet >= last_raise
    ):
        return -1, -1
    if most <= current or capacity <= current:
        return -1, -1
    if betting == FIXED_LIMIT:
        if raise_cap >= 0 and bets_count >= raise_cap + 1:
            return -1, -1
        target = full_bet + bet_size
        if open_pair and bets_count == 0:
            return min(target, most), min(full_bet + big_bet, most)
        target = min(target, most)
        return target, target
    least = small_bet if current == 0 else current + last_raise
    if least > most:
        least = most
    if betting == POT_LIMIT:
        top = current + pot + (current - bet)
        if top > most:
            top = most
        return least, (top if top > least else least)
    return least, most


@jit_llvm_inline
def bring_in_options(stack, bring_in, small_bet, capacity, current):  # pragma: no cover
    """``(bring_in_chips, complete_to)`` for the player due to bring in (stud).

    The bring-in is a forced bet of ``bring_in`` (all-in for less when short).
    Completing to the small bet is offered unless the bring-in takes every chip
    or nobody could call a completion (``complete_to`` is then -1).
    """
    chips = min(bring_in, stack)
    if stack <= bring_in or capacity <= current:
        return chips, -1
    return chips, min(small_bet, stack)


@jit_llvm_inline
def apply_bet(
    amount, previous, full_bet, bet_size, last_raise, bets_count, open_pair, limits
):  # pragma: no cover - compiled
    """The round's betting state after a legal bet or raise to ``amount`` (from ``previous``).

    Fixed limit: a bet or raise reaching the next level, or an all-in of at least
    half a bet above the last full level, is a full raise; on stud's fourth
    street with an open pair a first bet of the big bet makes the street's bets
    big. No/pot limit: an opening bet of at least the minimum bet, or a raise of
    at least the last full raise, is full. A full raise (or any opening bet, even
    an all-in below the minimum) reopens the betting for every player.

    ``limits`` is ``(betting, raise_cap, small_bet, big_bet, cumulative)`` as for
    :func:`raise_range`.

    Returns
    -------
    tuple
        ``(reopen, full_bet, last_raise, bets_count, bet_size)``.
    """
    betting, _, small_bet, big_bet, _ = limits
    if betting == FIXED_LIMIT:
        if open_pair and amount - full_bet == big_bet:
            bet_size = big_bet
        full = amount >= full_bet + bet_size or 2 * (amount - full_bet) >= bet_size
    elif previous == 0:
        full = amount >= small_bet
    else:
        full = amount - previous >= last_raise
    if full:
        if betting != FIXED_LIMIT:
            last_raise = amount - previous
        full_bet = amount
        bets_count += 1
    return full or previous == 0, full_bet, last_raise, bets_count, bet_size


@jit_llvm_inline
def after_bet(seat, n, folded, all_in, reopen, needs, may_raise):  # pragma: no cover
    """After a bet or raise by ``seat``: every other player who can act must act again;
    a reopened betting lets them raise; the bettor may not raise its own bet."""
    for other in range(n):
        needs[other] = not (folded[other] or all_in[other])
        if reopen:
            may_raise[other] = True
    needs[seat] = False
    may_raise[seat] = False


@jit_llvm_inline
def after_bring_in(seat, n, folded, all_in, needs):  # pragma: no cover - compiled
    """After the bring-in is posted: every other player who can act must act."""
    for other in range(n):
        needs[other] = other != seat and not (folded[other] or all_in[other])
