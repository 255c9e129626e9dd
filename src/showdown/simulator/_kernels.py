"""Numba kernels of the compiled simulator: whole cash-game sessions of button games.

The kernel plays the same rules as :class:`~showdown.simulator.hand.HandState`
(blinds, no/pot/fixed-limit betting, side pots, hi-lo splits, odd chips left of
the button) for tables whose seats are all built-in agents with a compiled
equivalent (random, calling station). Arrays and scalars only: the evaluator
tables are passed in as arguments. Each table owns a splitmix64 stream, so a
table's hands do not depend on how tables are spread over threads.

Layout of the per-table state (``n`` = seats): ``stacks (tables, n)``,
``buttons (tables,)``, ``random_states (tables,)``, ``decks (tables, 52)``,
``played (tables,)``; results go to ``counters (tables, n, N_COUNTERS)``,
``net (tables, n)`` (int64 chips won, reset by the caller each call: bounded by the
chip limit), ``moments (tables, n, 2)`` (float64 running mean and sum of squared
deviations of the per-hand results; the count is the ``HANDS`` counter) and
``table_showdowns (tables,)``.
"""

from __future__ import annotations

import numpy as np

from .._jit import jit_parallel, prange
from ._kernel_parts import (
    BET_RAISE,
    BETS,
    CALLS,
    CHECK_CALL,
    CHECKS,
    FIXED_LIMIT,
    FOLD,
    FOLDS,
    HANDS,
    OMAHA_HILO,
    PFR,
    RANDOM_AGENT,
    REBUYS,
    SHOWDOWNS,
    SHOWDOWNS_WON,
    STRENGTH_AGENT,
    VPIP,
    evaluate_seats,
    find_actor,
    next_uniform,
    own_strength,
    raise_range,
    settle_pots,
)


@jit_parallel
def play_sessions(
    hands_per_table,
    n,
    agent_kinds,
    raise_at,
    call_at,
    preflop,
    category_strength,
    starting,
    betting,
    raise_cap,
    cumulative,
    small_blind,
    big_blind,
    ante,
    small_bet,
    big_bet,
    street_big_bet,
    hole_count,
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
    stacks,
    buttons,
    random_states,
    decks,
    played,
    counters,
    net,
    moments,
    table_showdowns,
    record_offsets,
    record_starts,
    record_buttons,
    record_decks,
    record_actions,
    record_counts,
    record_finals,
):  # pragma: no cover - compiled
    """Play ``hands_per_table[t]`` cash-game hands at every table ``t``.

    Each hand: top up stacks below ``starting`` (a rebuy after the first hand),
    shuffle, post antes and blinds, bet four streets (hold'em/Omaha board
    streets), then pay uncontested or at the showdown; the button then moves one
    seat. Table state arrays are updated in place, so a session can run in
    chunks. With ``record_offsets`` non-empty, hand ``h`` of table ``t`` is
    written to row ``record_offsets[t] + h`` of the ``record_*`` arrays: starting
    stacks, button, the whole deck, ``(seat, kind, amount)`` per action (at most
    ``record_actions.shape[1]``; the count may exceed it, which the caller reports)
    and final stacks.
    """
    n_tables = hands_per_table.shape[0]
    recording = record_offsets.shape[0] > 0
    max_actions = record_actions.shape[1]
    n_streets = street_big_bet.shape[0]
    dealt = n * hole_count + 5
    for table in prange(n_tables):
        table_stacks = stacks[table]
        deck = decks[table]
        state = random_states[table]
        bets = np.zeros(n, np.int64)
        totals = np.zeros(n, np.int64)
        ante_paid = np.zeros(n, np.int64)
        start_stacks = np.zeros(n, np.int64)
        blinds = np.zeros(n, np.int64)
        winnings = np.zeros(n, np.int64)
        folded = np.zeros(n, np.bool_)
        all_in = np.zeros(n, np.bool_)
        needs = np.zeros(n, np.bool_)
        may_raise = np.zeros(n, np.bool_)
        vpip = np.zeros(n, np.bool_)
        pfr = np.zeros(n, np.bool_)
        eligible = np.zeros(n, np.bool_)
        high = np.zeros(n, np.int64)
        low = np.zeros(n, np.int64)
        hole_rows = np.zeros((n, hole_count), np.uint8)
        board_row = np.zeros((1, 5), np.uint8)
        flop_row = np.zeros((1, 3), np.uint8)
        turn_row = np.zeros((1, 4), np.uint8)
        pairs = np.empty(15, np.int32)
        triples = np.empty(10, np.int32)
        for hand_number in range(hands_per_table[table]):
            # Cash top-up before the hand (table.start_hand).
            for seat in range(n):
                if table_stacks[seat] < starting[seat]:
                    if played[table] > 0:
                        counters[table, seat, REBUYS] += 1
                    table_stacks[seat] = starting[seat]
            button = buttons[table]
            # Partial Fisher-Yates: only the cards this hand can use.
            for position in range(dealt):
                state, uniform = next_uniform(state)
                other = position + int(uniform * (52 - position))
                card = deck[position]
                deck[position] = deck[other]
                deck[other] = card
            active = n
            for seat in range(n):
                start_stacks[seat] = table_stacks[seat]
                bets[seat] = 0
                totals[seat] = 0
                ante_paid[seat] = 0
                blinds[seat] = 0
                winnings[seat] = 0
                folded[seat] = False
                all_in[seat] = False
                vpip[seat] = False
                pfr[seat] = False
            record_row = -1
            if recording:
                record_row = record_offsets[table] + hand_number
                record_buttons[record_row] = button
                for seat in range(n):
                    record_starts[record_row, seat] = table_stacks[seat]
                for position in range(52):
                    record_decks[record_row, position] = deck[position]
            n_actions = 0
            # Forced bets: antes (dead), then blinds (heads-up the button posts the small).
            if ante > 0:
                for seat in range(n):
                    posted = min(ante, table_stacks[seat])
                    table_stacks[seat] -= posted
                    totals[seat] += posted
                    ante_paid[seat] = posted
                    if table_stacks[seat] == 0:
                        all_in[seat] = True
                        active -= 1
            if n == 2:
                blinds[button] = small_blind
                blinds[(button + 1) % n] = big_blind
            else:
                blinds[(button + 1) % n] = small_blind
                blinds[(button + 2) % n] = big_blind
            largest = 0
            for seat in range(n):
                if blinds[seat] > largest:
                    largest = blinds[seat]
                if blinds[seat] > 0 and table_stacks[seat] > 0:
                    posted = min(blinds[seat], table_stacks[seat])
                    table_stacks[seat] -= posted
                    totals[seat] += posted
                    bets[seat] += posted
                    if table_stacks[seat] == 0:
                        all_in[seat] = True
                        active -= 1
            current = 0
            full_bet = 0
            bets_count = 0
            last_raise = small_bet
            opener = (button + 1) % n
            if largest > 0:
                # A short all-in blind still sets the full blind.
                current = largest
                full_bet = largest
                last_raise = max(small_bet, largest)
                bets_count = 1
                last = button
                for step in range(n):
                    seat = (button + 1 + step) % n
                    if blinds[seat] == largest:
                        last = seat
                opener = (last + 1) % n
            street = 0
            live = n
            showdown = False
            while True:
                # Start a betting round (the pre-flop one keeps the blinds as bets).
                if street > 0:
                    for seat in range(n):
                        bets[seat] = 0
                    current = 0
                    full_bet = 0
                    bets_count = 0
                    last_raise = small_bet
                    opener = (button + 1) % n
                bet_size = big_bet if street_big_bet[street] else small_bet
                for seat in range(n):
                    needs[seat] = not (folded[seat] or all_in[seat])
                    may_raise[seat] = True
                    if active < 2 and needs[seat] and bets[seat] >= current:
                        needs[seat] = False  # a lone active player acts only facing a bet
                actor = find_actor(opener, n, needs, bets, table_stacks, folded, all_in, current)
                while actor >= 0:
                    seat = actor
                    owed = current - bets[seat]
                    kind = CHECK_CALL
                    amount = 0
                    if agent_kinds[seat] == RANDOM_AGENT:
                        state, roll = next_uniform(state)
                        wants_raise = False
                        if owed > 0:
                            if roll < 1.0 / 3.0:
                                kind = FOLD
                            elif roll >= 2.0 / 3.0:
                                wants_raise = True
                        elif roll >= 0.5:
                            wants_raise = True
                        if wants_raise:
                            least, most = raise_range(
                                seat,
                                n,
                                bets,
                                table_stacks,
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
                            )
                            if least < 0:
                                # No raise possible: fold or call evenly facing a bet, else check.
                                if owed > 0 and roll < 5.0 / 6.0:
                                    kind = FOLD
                            else:
                                kind = BET_RAISE
                                amount = least
                                if most != least:
                                    state, coin = next_uniform(state)
                                    if coin >= 0.5:
                                        if betting == FIXED_LIMIT:
                                            amount = most
                                        else:
                                            state, pick = next_uniform(state)
                                            amount = least + int(pick * (most - least + 1))
                    elif agent_kinds[seat] == STRENGTH_AGENT:
                        # HandStrengthAgent: bet strong hands, call medium ones at a fair price.
                        value = own_strength(
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
                        )
                        to_call = min(owed, table_stacks[seat])
                        least, most = raise_range(
                            seat,
                            n,
                            bets,
                            table_stacks,
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
                        )
                        pot = totals.sum()
                        if value >= raise_at[seat] and least >= 0:
                            kind = BET_RAISE
                            amount = least
                            if betting != FIXED_LIMIT:
                                # About two thirds of the pot, within the legal range.
                                target = current + (2 * (pot + to_call)) // 3
                                amount = min(max(least, target), most)
                        elif to_call > 0:
                            price = to_call / (pot + to_call)
                            if value < call_at[seat] + price * 0.5:
                                kind = FOLD
                    if recording and n_actions < max_actions:
                        record_actions[record_row, n_actions, 0] = seat
                        record_actions[record_row, n_actions, 1] = kind
                        record_actions[record_row, n_actions, 2] = amount
                    n_actions += 1
                    if kind == FOLD:
                        counters[table, seat, FOLDS] += 1
                        folded[seat] = True
                        active -= 1
                        live -= 1
                        needs[seat] = False
                        if live == 1:
                            break
                    elif kind == CHECK_CALL:
                        if owed > 0:
                            counters[table, seat, CALLS] += 1
                            if street == 0:
                                vpip[seat] = True
                            paid = min(owed, table_stacks[seat])
                            table_stacks[seat] -= paid
                            totals[seat] += paid
                            bets[seat] += paid
                            if table_stacks[seat] == 0:
                                all_in[seat] = True
                                active -= 1
                        else:
                            counters[table, seat, CHECKS] += 1
                        needs[seat] = False
                        may_raise[seat] = False
                    else:
                        counters[table, seat, BETS] += 1
                        if street == 0:
                            vpip[seat] = True
                            pfr[seat] = True
                        previous = current
                        paid = amount - bets[seat]
                        table_stacks[seat] -= paid
                        totals[seat] += paid
                        bets[seat] = amount
                        if table_stacks[seat] == 0:
                            all_in[seat] = True
                            active -= 1
                        current = amount
                        if betting == FIXED_LIMIT:
                            # An all-in of at least half a bet counts as a full raise.
                            full = (
                                amount >= full_bet + bet_size or 2 * (amount - full_bet) >= bet_size
                            )
                        elif previous == 0:
                            full = amount >= small_bet
                        else:
                            full = amount - previous >= last_raise
                        if full:
                            if betting != FIXED_LIMIT:
                                last_raise = amount - previous
                            full_bet = amount
                            bets_count += 1
                        if full or previous == 0:
                            # A full raise (or any opening bet) reopens the betting.
                            for other in range(n):
                                may_raise[other] = True
                        may_raise[seat] = False
                        for other in range(n):
                            needs[other] = not (folded[other] or all_in[other])
                        needs[seat] = False
                    actor = find_actor(
                        seat + 1, n, needs, bets, table_stacks, folded, all_in, current
                    )
                if live == 1:
                    break
                street += 1
                if street >= n_streets:
                    showdown = True
                    break
            # Return the uncalled part of the largest wager (antes are never returned).
            top_seat = 0
            for seat in range(1, n):
                if totals[seat] - ante_paid[seat] > totals[top_seat] - ante_paid[top_seat]:
                    top_seat = seat
            second = 0
            for seat in range(n):
                if seat != top_seat and totals[seat] - ante_paid[seat] > second:
                    second = totals[seat] - ante_paid[seat]
            excess = totals[top_seat] - ante_paid[top_seat] - second
            if excess > 0:
                totals[top_seat] -= excess
                table_stacks[top_seat] += excess
            if showdown:
                table_showdowns[table] += 1
                evaluate_seats(
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
                )
                settle_pots(
                    n,
                    button,
                    totals,
                    ante_paid,
                    folded,
                    high,
                    low,
                    showdown_kind == OMAHA_HILO,
                    table_stacks,
                    winnings,
                    eligible,
                )
                for seat in range(n):
                    if not folded[seat]:
                        counters[table, seat, SHOWDOWNS] += 1
                        if winnings[seat] > 0:
                            counters[table, seat, SHOWDOWNS_WON] += 1
            else:
                pot = 0
                winner = 0
                for seat in range(n):
                    pot += totals[seat]
                    if not folded[seat]:
                        winner = seat
                table_stacks[winner] += pot
            for seat in range(n):
                payoff = table_stacks[seat] - start_stacks[seat]
                net[table, seat] += payoff
                counters[table, seat, HANDS] += 1
                # Welford: float64 running mean and squared deviations never overflow.
                delta = payoff - moments[table, seat, 0]
                moments[table, seat, 0] += delta / counters[table, seat, HANDS]
                moments[table, seat, 1] += delta * (payoff - moments[table, seat, 0])
                if vpip[seat]:
                    counters[table, seat, VPIP] += 1
                    if pfr[seat]:
                        counters[table, seat, PFR] += 1
            if recording:
                record_counts[record_row] = n_actions
                for seat in range(n):
                    record_finals[record_row, seat] = table_stacks[seat]
            played[table] += 1
            buttons[table] = (button + 1) % n
        random_states[table] = state
