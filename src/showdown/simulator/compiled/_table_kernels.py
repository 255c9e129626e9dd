"""Steps of a compiled hand shared by every game family: cards, forced bets, betting, payout.

Each step is a plain numba function, compiled once and called by the board,
stud and draw session kernels. They take arrays and scalars: one hand's
per-seat state is a single int64 array ``seats`` (rows named in
:mod:`.layout`), the hand's scalars an int64 array ``state``. The rules
themselves come from :mod:`showdown.simulator.core`, the agents' choices from
its agent kernels. Each table owns a SplitMix64 stream
(:mod:`showdown._random_kernels`, the generator equity samples with too) for
its agents' decisions and a card key from which every hand gets a card stream
of its own (:func:`new_deck`), so a table's hands do not depend on how tables are spread
over threads, nor a hand's cards on the decisions before it.

The session kernels hand these steps arrays without reference counting
(:func:`._views.unowned`); called with ordinary arrays they work the same.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit_llvm_inline
from ..._random_kernels import GOLDEN, mix, next_below, next_uniform
from ..core import _agent_kernels as choices
from ..core._betting_kernels import (
    FIXED_LIMIT,
    POT_LIMIT,
    after_bet,
    after_bring_in,
    apply_bet,
    bring_in_options,
    next_to_act,
    raise_range,
    start_round,
    top_two_capacity,
)
from ..core._forced_kernels import blind_positions, post_forced_bets
from ..core._pot_kernels import STANDARD, button_order, pay_pots, pot_levels, uncalled_bet
from .layout import (
    ACTIONS,
    ALL_IN,
    AMOUNTS,
    ANTE_PAID,
    ANTES,
    BET_RAISE,
    BET_SIZE,
    BETS,
    BETS_COUNT,
    BLINDS,
    BRING_IN,
    BRING_IN_DUE,
    CALLING_STATION,
    CHECK_CALL,
    COUNT_BETS,
    COUNT_CALLS,
    COUNT_CHECKS,
    COUNT_FOLDS,
    COUNT_HANDS,
    COUNT_PFR,
    COUNT_REBUYS,
    COUNT_SHOWDOWNS,
    COUNT_SHOWDOWNS_WON,
    COUNT_VPIP,
    COUNTS,
    CURRENT,
    DEALT,
    DECK_SIZE,
    FOLD,
    FOLDED,
    FRACTIONS,
    FULL_BET,
    HIGH,
    LAST_RAISE,
    LEVELS,
    LIVE,
    LIVE_COUNT,
    LOW,
    MAY_RAISE,
    MUCK,
    NEEDS,
    OPEN_PAIR,
    OPENER,
    ORDER,
    PAYOUT,
    PFR,
    RANDOM_AGENT,
    RECORD_ROW,
    START,
    STREET,
    TOTALS,
    VPIP,
    WAGERS,
    WINNINGS,
)


@jit_llvm_inline
def new_deck(deck, key, hand, lowest_card):  # pragma: no cover - compiled
    """Put the deck back in order for hand number ``hand`` of a table; returns the hand's
    card stream.

    The deck's cards are codes ``lowest_card..51`` (all 52 from 0; the short deck's 36
    from 16) at positions ``0..51 - lowest_card``, dealt up to ``state[DECK_SIZE]``; the
    codes below ``lowest_card`` fill the positions after them and are never dealt. Each
    hand's cards come from a stream of their own: the table's card ``key``
    mixed with the hand's number at its table. They depend on the seed, the table
    and the hand number only, never on what was decided in earlier hands or how
    many cards those dealt, so the Python engine deals the same cards whatever its
    agents do (:mod:`.cards`). Decisions draw from the table's other stream.
    """
    for position in range(52):
        code = position + lowest_card
        deck[position] = code - 52 if code >= 52 else code
    return mix(key + (np.uint64(hand) + np.uint64(1)) * GOLDEN)


@jit_llvm_inline
def deal_card(deck, state, rng):  # pragma: no cover - compiled
    """Next card: one Fisher-Yates step at the dealing position (a lazy shuffle).

    Positions already dealt are never touched again, so the deck ends the hand
    in the order the cards came out, as ``HandState(deck=...)`` deals it.
    """
    position = state[DEALT]
    rng, offset = next_below(rng, state[DECK_SIZE] - position)
    other = position + offset
    card = deck[other]
    deck[other] = deck[position]
    deck[position] = card
    state[DEALT] = position + 1
    return card, rng


@jit_llvm_inline
def begin_hand(n, button, rebuy, rules, stacks, starting, counters, scratch):  # pragma: no cover
    """Top stacks up (a rebuy after the table's first hand), reset the hand, post the forced
    bets (antes, then blinds when the game has them: two left of the button, or the
    button's alone) by the core's rule.

    The stakes and the deck's size come from ``rules`` (:class:`.layout.Rules`); the
    hand's arrays (``seats``, ``state``) from ``scratch``."""
    ante, small_blind, big_blind = rules.ante, rules.small_blind, rules.big_blind
    small_bet = rules.limits[2]
    seats, state = scratch.seats, scratch.state
    # Row by row: contiguous stores (LLVM writes them as a memset).
    for row in range(seats.shape[0]):
        for seat in range(n):
            seats[row, seat] = 0
    for seat in range(n):
        if stacks[seat] < starting[seat]:
            if rebuy:
                counters[seat, COUNT_REBUYS] += 1
            stacks[seat] = starting[seat]
        seats[START, seat] = stacks[seat]
        seats[ANTES, seat] = ante
    for slot in range(state.shape[0]):
        state[slot] = 0
    state[DECK_SIZE] = 52 - rules.lowest_card
    state[LIVE_COUNT] = n
    state[RECORD_ROW] = -1
    blinds = seats[BLINDS]
    if rules.button_blind:
        blinds[button] = big_blind
    elif small_blind > 0 or big_blind > 0:
        small, big = blind_positions(n, button)
        blinds[small] = small_blind
        blinds[big] = big_blind
    current, full_bet, last_raise, bets_count, opener = post_forced_bets(
        n, button, seats[ANTES], blinds, small_bet, stacks, seats[BETS], seats[TOTALS],
        seats[ANTE_PAID], seats[ALL_IN],
    )  # fmt: skip
    state[CURRENT] = current
    state[FULL_BET] = full_bet
    state[LAST_RAISE] = last_raise
    state[BETS_COUNT] = bets_count
    state[OPENER] = opener


@jit_llvm_inline
def new_round(n, seats, state, opener, keep_bets, bet_size, small_bet):  # pragma: no cover
    """Start a betting round at ``opener``: reset this round's bets unless ``keep_bets``
    (the pre-flop round keeps the blinds), set the bet size, mark who must act."""
    bets = seats[BETS]
    if not keep_bets:
        for seat in range(n):
            bets[seat] = 0
        state[CURRENT] = 0
        state[FULL_BET] = 0
        state[BETS_COUNT] = 0
        state[LAST_RAISE] = small_bet
    state[BET_SIZE] = bet_size
    state[OPENER] = opener
    start_round(
        n, seats[FOLDED], seats[ALL_IN], bets, state[CURRENT], seats[NEEDS], seats[MAY_RAISE]
    )


@jit_llvm_inline
def _without(seat, top, n, bets, stacks, folded, all_in):  # pragma: no cover - compiled
    """The top-two capacities after ``seat`` folded or went all-in (it can no longer act).

    Its capacity (``bets + stacks``, unchanged by its last action) was counted; they
    change only if it held the best or reached the second, else nothing to compute.
    """
    if seat == top[0] or bets[seat] + stacks[seat] >= top[2]:
        return top_two_capacity(n, bets, stacks, folded, all_in)
    return top


@jit_llvm_inline
def _put_in(
    seat, paid, top, n, bets, stacks, totals, folded, all_in
):  # pragma: no cover - compiled
    """``seat`` puts ``paid`` more chips in (at most its stack); all-in when that is all of it.

    Returns the top-two capacities, updated when the seat can no longer act.
    """
    stack = stacks[seat]
    stacks[seat] = stack - paid
    totals[seat] += paid
    bets[seat] += paid
    if paid == stack:
        all_in[seat] = 1
        top = _without(seat, top, n, bets, stacks, folded, all_in)
    return top


@jit_llvm_inline
def betting_round(
    n, scratch, stacks, counters, agents, limits, bring_in, draw, records, rng
):  # pragma: no cover - compiled
    """Ask the agents for actions until the round ends; returns the table's random state.

    The player to act, the raise range and the effect of every action come from
    the rules core; each decision is recorded (when ``state[RECORD_ROW] >= 0``)
    with the raise range offered. ``draw``: folded hands go to the ``muck``.
    The hand's arrays come from ``scratch``, the agents' from ``agents``, the
    record arrays (``actions``, ``bounds``) from ``records``.
    """
    seats, values, state, cards, muck = (
        scratch.seats, scratch.values, scratch.state, scratch.cards, scratch.muck,
    )  # fmt: skip
    kinds, raise_at, call_at = agents.kinds, agents.raise_at, agents.call_at
    actions, bounds = records.actions, records.bounds
    bets = seats[BETS]
    totals = seats[TOTALS]
    folded = seats[FOLDED]
    all_in = seats[ALL_IN]
    needs = seats[NEEDS]
    may_raise = seats[MAY_RAISE]
    vpip = seats[VPIP]
    pfr = seats[PFR]
    small_bet = limits[2]
    fixed = limits[0] == FIXED_LIMIT
    pot_limit = limits[0] == POT_LIMIT
    row = state[RECORD_ROW]
    recording = row >= 0
    first_round = state[STREET] == 0
    start = state[OPENER]
    # The round's scalars live in locals (registers) and go back to ``state`` at the end.
    current = state[CURRENT]
    full_bet = state[FULL_BET]
    last_raise = state[LAST_RAISE]
    bets_count = state[BETS_COUNT]
    bet_size = state[BET_SIZE]
    open_pair = state[OPEN_PAIR] != 0
    bring_in_due = state[BRING_IN_DUE] != 0
    live_count = state[LIVE_COUNT]
    muck_count = state[MUCK]
    index = state[ACTIONS]
    # A player's bet + stack does not change within a round, so the two largest
    # capacities change only when a player folds or goes all-in: computed then,
    # not at every decision (it was a fifth of the kernel's time).
    top = top_two_capacity(n, bets, stacks, folded, all_in)
    while True:
        seat = next_to_act(start, n, needs, bets, current, bring_in_due, top)
        if seat < 0:
            break
        capacity = top[2] if top[0] == seat else top[1]
        owed = current - bets[seat]
        stack = stacks[seat]
        agent = kinds[seat]
        # The raise range, looked up only when the agent or the record needs it.
        low = -1
        high = -1
        intent = choices.CALL
        roll = 0.0
        if bring_in_due:
            low = bring_in_options(stack, bring_in, small_bet, capacity, current)[1]
            high = low
        elif recording or agent != CALLING_STATION:
            if agent == RANDOM_AGENT and not recording:
                rng, roll = next_uniform(rng)
                intent = choices.random_intent(roll, owed > 0)
                lookup = intent == choices.RAISE
            else:
                lookup = True
            if lookup:
                pot = totals.sum() if pot_limit else 0
                low, high = raise_range(
                    bets[seat], stack, may_raise[seat] != 0, capacity,
                    (current, full_bet, bet_size, bets_count, last_raise), open_pair, pot,
                    limits,
                )  # fmt: skip
        # The agent's choice.
        kind = CHECK_CALL
        amount = 0
        if bring_in_due:
            completes = False
            if agent == RANDOM_AGENT:
                rng, roll = next_uniform(rng)
                completes = not choices.random_brings_in(roll, low >= 0)
            elif agent != CALLING_STATION:
                completes = choices.strength_completes(values[seat], raise_at[seat], low >= 0)
            if completes:
                kind = BET_RAISE
                amount = low
            else:
                kind = BRING_IN
        elif agent == RANDOM_AGENT:
            if recording:
                rng, roll = next_uniform(rng)
                intent = choices.random_intent(roll, owed > 0)
            if intent == choices.RAISE:
                if low < 0:
                    intent = choices.random_fallback(roll, owed > 0)
                else:
                    coin = 0.0
                    pick = 0.0
                    if high != low:
                        rng, coin = next_uniform(rng)
                        if coin >= 0.5 and not fixed:
                            rng, pick = next_uniform(rng)
                    amount = choices.random_amount(low, high, coin, pick, fixed)
            if intent == choices.RAISE:
                kind = BET_RAISE
            elif intent == choices.FOLD:
                kind = FOLD
        elif agent != CALLING_STATION:
            intent, amount = choices.strength_action(
                values[seat], raise_at[seat], call_at[seat], min(owed, stack), totals.sum(),
                current, low, high, fixed,
            )  # fmt: skip
            if intent == choices.RAISE:
                kind = BET_RAISE
            elif intent == choices.FOLD:
                kind = FOLD
        if recording and index < actions.shape[1]:
            actions[row, index, 0] = seat
            actions[row, index, 1] = kind
            actions[row, index, 2] = amount
            bounds[row, index, 0] = low
            bounds[row, index, 1] = high
        index += 1
        # Its effect.
        if kind == FOLD:
            counters[seat, COUNT_FOLDS] += 1
            folded[seat] = 1
            needs[seat] = 0
            live_count -= 1
            top = _without(seat, top, n, bets, stacks, folded, all_in)
            if draw:
                for card in range(seats[COUNTS, seat]):
                    muck[muck_count] = cards[seat, card]
                    muck_count += 1
            if live_count == 1:
                break
        elif kind == CHECK_CALL:
            if owed > 0:
                counters[seat, COUNT_CALLS] += 1
                if first_round:
                    vpip[seat] = 1
                top = _put_in(seat, min(owed, stack), top, n, bets, stacks, totals, folded, all_in)
            else:
                counters[seat, COUNT_CHECKS] += 1
            needs[seat] = 0
            may_raise[seat] = 0
        elif kind == BRING_IN:
            bring_in_due = False
            paid = min(bring_in, stack)
            top = _put_in(seat, paid, top, n, bets, stacks, totals, folded, all_in)
            current = max(current, paid)
            after_bring_in(seat, n, folded, all_in, needs)
        else:
            counters[seat, COUNT_BETS] += 1
            if first_round and not bring_in_due:
                vpip[seat] = 1
                pfr[seat] = 1
            bring_in_due = False
            top = _put_in(seat, amount - bets[seat], top, n, bets, stacks, totals, folded, all_in)
            reopen, full_bet, last_raise, bets_count, bet_size = apply_bet(
                amount, current, full_bet, bet_size, last_raise, bets_count, open_pair, limits
            )
            current = amount
            after_bet(seat, n, folded, all_in, reopen, needs, may_raise)
        start = seat + 1
    state[CURRENT] = current
    state[FULL_BET] = full_bet
    state[LAST_RAISE] = last_raise
    state[BETS_COUNT] = bets_count
    state[BET_SIZE] = bet_size
    state[BRING_IN_DUE] = 1 if bring_in_due else 0
    state[LIVE_COUNT] = live_count
    state[MUCK] = muck_count
    state[ACTIONS] = index
    return rng


@jit_llvm_inline
def award_uncontested(n, seats, stacks):  # pragma: no cover - compiled
    """Everyone else folded: the uncalled bet comes back and the last player takes the pot."""
    totals = seats[TOTALS]
    seat, excess = uncalled_bet(n, totals, seats[ANTE_PAID])
    totals[seat] -= excess
    stacks[seat] += excess
    winner = 0
    pot = 0
    for other in range(n):
        pot += totals[other]
        if seats[FOLDED, other] == 0:
            winner = other
    stacks[winner] += pot
    seats[WINNINGS, winner] += pot


@jit_llvm_inline
def showdown_payout(n, button, hi_lo, stud, seats, stacks, counters):  # pragma: no cover
    """Return the uncalled bet, then pay the pots from ``seats[HIGH]``/``seats[LOW]`` (set by
    the family's showdown): side pots, hi-lo halves and odd chips by the core's rules;
    count the showdowns. The odd-chip order is left of the ``button``, or for ``stud``
    by each seat's highest own card (``seats[TOP_CARD]``, filled by the family)."""
    totals = seats[TOTALS]
    ante_paid = seats[ANTE_PAID]
    seat, excess = uncalled_bet(n, totals, ante_paid)
    totals[seat] -= excess
    stacks[seat] += excess
    wagers = seats[WAGERS]
    live = seats[LIVE]
    payout = seats[PAYOUT]
    dead = np.int64(0)  # not a literal 0: numba would compile pot_levels for it separately
    for seat in range(n):
        wagers[seat] = totals[seat] - ante_paid[seat]
        live[seat] = 1 - seats[FOLDED, seat]
        payout[seat] = 0
        dead += ante_paid[seat]
    count = pot_levels(n, wagers, live, dead, seats[AMOUNTS], seats[LEVELS])
    if not stud:
        button_order(n, button, seats[ORDER])
    pay_pots(
        n, (count, seats[AMOUNTS], seats[LEVELS]), (wagers, live, seats[HIGH], seats[LOW]),
        hi_lo, seats[ORDER], STANDARD, payout, seats[FRACTIONS],
    )  # fmt: skip
    for seat in range(n):
        stacks[seat] += payout[seat]
        seats[WINNINGS, seat] += payout[seat]
        if live[seat]:
            counters[seat, COUNT_SHOWDOWNS] += 1
            if seats[WINNINGS, seat] > 0:
                counters[seat, COUNT_SHOWDOWNS_WON] += 1


@jit_llvm_inline
def finish_hand(n, seats, stacks, counters, net, moments):  # pragma: no cover - compiled
    """Count the hand: payoffs (net, Welford moments), hands, VPIP/PFR."""
    # Every seat is dealt every hand (cash game): one count, one division.
    inverse = 1.0 / (counters[0, COUNT_HANDS] + 1)
    for seat in range(n):
        payoff = stacks[seat] - seats[START, seat]
        net[seat] += payoff
        counters[seat, COUNT_HANDS] += 1
        # Welford: float64 running mean and squared deviations never overflow.
        delta = payoff - moments[seat, 0]
        moments[seat, 0] += delta * inverse
        moments[seat, 1] += delta * (payoff - moments[seat, 0])
        if seats[VPIP, seat]:
            counters[seat, COUNT_VPIP] += 1
            if seats[PFR, seat]:
                counters[seat, COUNT_PFR] += 1
