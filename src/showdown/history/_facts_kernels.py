"""Compiled per-hand facts over the scanner's columns (see :mod:`showdown.history.fast`).

One call follows the betting of every no-limit hold'em hand the scanner read,
as the light pass (:mod:`showdown.history.ledger`) follows it in Python: the
same rules core (forced bets, who must act, the raise range, full raises, the
uncalled bet: the compiled functions of :mod:`showdown.simulator.core`), the
same counters as the :class:`~showdown.history.replayed.Watcher`, the same
all-in spot and the same result (the file's winnings, the uncontested pot or
the finishing stacks). A hand it cannot take (the rules refuse an action, a
showdown the evaluator must settle, a result that cannot be known, amounts too
large for a float's exact integers...) is flagged, and the existing path reads
it: being wrong costs more than being slow.
"""

from __future__ import annotations

import numpy as np

from showdown._jit import jit, jit_llvm_inline, jit_step
from showdown.evaluator._kernels import KEY_START, add_card, strength_of_key
from showdown.simulator.core import (
    NO_LIMIT,
    STANDARD,
    after_bet,
    apply_bet,
    button_order,
    next_to_act,
    pay_pots,
    post_forced_bets,
    pot_levels,
    raise_range,
    start_round,
    top_two_capacity,
    uncalled_bet,
)

from ._scan_kernels import (
    A_ACTOR,
    A_AMOUNT,
    A_CARD_START,
    A_CARDS,
    A_VERB,
    FLAG_FINISHING,
    FLAG_FINISHING_INEXACT,
    FLAG_WINNINGS,
    H_ACTION_START,
    H_ACTIONS,
    H_FLAGS,
    H_MIN_BET,
    H_SEAT_START,
    H_SEATS,
    H_STATUS,
    S_ANTE,
    S_BLIND,
    S_FINISHING,
    S_STACK,
    S_WINNINGS,
    VERB_BET_RAISE,
    VERB_CHECK_CALL,
    VERB_DEAL_BOARD,
    VERB_DEAL_HOLE,
    VERB_FOLD,
    VERB_SHOW,
)

#: Most players of a no-limit hold'em hand (the variant's limit; more: fallback).
MAX_PLAYERS = 10
#: Amounts must stay below this for ``chips / scale`` in floats to be Python's.
MAX_EXACT = 2**53

# Per-hand outputs.
(F_STATUS, F_ALL_IN, F_STREET, F_RESULT, F_BIG_BLIND, F_POT, F_RAKE, F_DEAD, F_BOARD_CARDS,
 F_BOARD) = range(10)  # fmt: skip
FACTS_WIDTH = F_BOARD + 5
# Per-seat outputs (the scanner's seat rows), the counters in ``COUNTER_NAMES`` order.
P_CONTRIBUTED, P_COLLECTED, P_NET, P_WAGER, P_LIVE, P_HOLE, P_COUNTERS = 0, 1, 2, 3, 4, 5, 7
COUNTERS = 11
PLAYER_WIDTH = P_COUNTERS + COUNTERS
(C_HANDS, C_VPIP, C_PFR, C_BETS, C_CALLS, C_CHECKS, C_FOLDS, C_THREE_BETS, C_THREE_BET_CHANCES,
 C_SHOWDOWNS, C_SHOWDOWNS_WON) = range(COUNTERS)  # fmt: skip

#: ``F_STATUS`` codes: taken here; left to the existing path; a hand whose result cannot
#: be known (live hands unknown at the showdown, neither winnings nor finishing stacks).
#: The last two: the history stops mid-hand, cards owed or a player to act (skipped
#: with the replay's reason, whose rules the kernel follows).
TAKEN, LEFT, NO_RESULT, UNFINISHED_DEALING, UNFINISHED_BETTING = range(5)
#: ``F_ALL_IN`` codes (the statuses of :class:`~showdown.history.replayed.HandFacts`).
NO_ALL_IN, CANDIDATE, RIVER, UNKNOWN_CARDS, OTHERS_COULD_BET = range(5)
ALL_IN_NAMES = ("no_all_in", "candidate", "river", "unknown_cards", "others_could_bet")
#: ``F_RESULT`` codes (``result_from``).
RESULT_NAMES = ("winnings", "replay", "finishing_stacks")
#: Streets of no-limit hold'em: cards dealt to each player, to the board; big bets.
STREET_NAMES = ("preflop", "flop", "turn", "river")
_HOLE = (2, 0, 0, 0)
_BOARD = (0, 3, 1, 1)
_BIG = (False, False, True, True)

# Table status (the light pass's).
_DEALING, _BETTING, _COMPLETE, _SHOWDOWN = range(4)


# Inlined: a call would copy the table's two dozen arrays for a few loads.
@jit_llvm_inline
def _begin_street(table, street, n):  # pragma: no cover - compiled
    """Cards owed on ``street``: (status, pending board cards)."""
    pending_hole = table[8]
    folded = table[3]
    any_pending = False
    for seat in range(n):
        pending_hole[seat] = 0
        if _HOLE[street] and not folded[seat]:
            pending_hole[seat] = _HOLE[street]
            any_pending = True
    board = _BOARD[street]
    return any_pending or board > 0, board


@jit_llvm_inline
def _advance(table, start, n, current):  # pragma: no cover - compiled
    """The next player to act from ``start`` (-1: the round is over)."""
    stacks, bets, folded, all_in, needs = table[0], table[1], table[3], table[4], table[5]
    top = top_two_capacity(n, bets, stacks, folded, all_in)
    return next_to_act(start, n, needs, bets, current, False, top)


@jit_step
def _settle(n, players, table, board, tables):  # pragma: no cover - compiled
    """A showdown of known hands paid by the simulator's own rules (the light pass's
    settlement: the evaluator, main and side pots, odd chips from the button's left)
    into ``players[:, P_COLLECTED]``: False when the board is not fully known."""
    folded, ante_paid, holes = table[3], table[7], table[11]
    wagers, live, high, low, amounts, levels, order, payout, fractions = table[16:25]
    key = KEY_START
    bits = np.uint64(0)
    for k in range(5):
        if board[k] < 0:
            return False
        key, bits = add_card(key, bits, board[k], tables)
    dead = 0
    for seat in range(n):
        wagers[seat] = players[seat, P_CONTRIBUTED] - ante_paid[seat]
        dead += ante_paid[seat]
        live[seat] = not folded[seat]
        high[seat] = low[seat] = payout[seat] = 0
        if live[seat]:
            seat_key, seat_bits = add_card(key, bits, holes[seat, 0], tables)
            seat_key, seat_bits = add_card(seat_key, seat_bits, holes[seat, 1], tables)
            high[seat] = strength_of_key(seat_key, seat_bits, tables)
    count = pot_levels(n, wagers, live, dead, amounts, levels)
    button_order(n, n - 1, order)
    pay_pots(n, (count, amounts, levels), (wagers, live, high, low), False, order, STANDARD,
             payout, fractions)  # fmt: skip
    for seat in range(n):
        players[seat, P_COLLECTED] = payout[seat]
    return True


@jit_step
def _hand(hand, seats, actions, cards, unknown, out, players, table, tables):  # pragma: no cover
    """One scanned hand into ``out`` and ``players`` (its seat rows): its ``F_STATUS``."""
    stacks, bets, totals, folded, all_in, needs, may_raise, ante_paid, pending_hole = table[:9]
    antes, blinds, holes, shown, shown_count, before_totals, counters = table[9:16]
    n = hand[H_SEATS]
    if n < 2 or n > MAX_PLAYERS:
        return LEFT
    first_seat = hand[H_SEAT_START]
    # Heads-up, PHH lists the big blind first while the button posts the small one.
    for seat in range(n):
        row = first_seat + (n - 1 - seat if n == 2 else seat)
        antes[seat] = seats[row, S_ANTE]
        blinds[seat] = seats[row, S_BLIND]
    largest_blind = 0
    for seat in range(n):
        stacks[seat] = seats[first_seat + seat, S_STACK]
        if stacks[seat] <= 0 or stacks[seat] >= MAX_EXACT:
            return LEFT
        if antes[seat] < 0 or blinds[seat] < 0:
            return LEFT
        largest_blind = max(largest_blind, blinds[seat])
        bets[seat] = totals[seat] = 0
        folded[seat] = all_in[seat] = needs[seat] = may_raise[seat] = False
        holes[seat, 0] = holes[seat, 1] = unknown
        shown_count[seat] = 0
        for k in range(COUNTERS):
            counters[seat, k] = 0
    small = hand[H_MIN_BET] if hand[H_MIN_BET] else largest_blind
    if small <= 0:
        return LEFT  # the rules refuse stakes without a minimum bet: the replay says so
    big = 2 * small
    limits = (NO_LIMIT, -1, small, big, True)
    # Cards a player showed replace the unknown cards of his deal (the light pass's
    # prepared actions): the last show of each player, when it holds no unknown card.
    first_action = hand[H_ACTION_START]
    last_action = first_action + hand[H_ACTIONS]
    for row in range(first_action, last_action):
        if actions[row, A_VERB] == VERB_SHOW and actions[row, A_CARDS] > 0:
            start = actions[row, A_CARD_START]
            count = actions[row, A_CARDS]
            known = True
            for k in range(count):
                if cards[start + k] == unknown:
                    known = False
            if known:
                seat = actions[row, A_ACTOR]
                if count > 2:
                    shown_count[seat] = -1  # more than a deal: never merged
                else:
                    shown_count[seat] = count
                    for k in range(count):
                        shown[seat, k] = cards[start + k]
    current, full_bet, last_raise, bets_count, opener = post_forced_bets(
        n, n - 1, antes, blinds, small, stacks, bets, totals, ante_paid, all_in
    )
    street = np.int64(0)  # typed: a literal 0 would compile _begin_street twice
    bet_size = small
    seen = np.uint64(0)
    board = out[F_BOARD : F_BOARD + 5]
    board_cards = 0
    dealing, pending_board = _begin_street(table, street, n)
    status = _DEALING if dealing else _BETTING
    actor = -1
    if status == _BETTING:
        return LEFT  # no hole cards owed: not hold'em as written
    raises_first_round = 0
    first_all_in_street = np.int64(-1)
    spot_status = NO_ALL_IN
    spot_found = False
    for row in range(first_action, last_action):
        verb = actions[row, A_VERB]
        if verb == VERB_SHOW:
            continue  # shows are dropped: their cards went into the deals
        if verb in (VERB_DEAL_HOLE, VERB_DEAL_BOARD):
            count = actions[row, A_CARDS]
            start = actions[row, A_CARD_START]
            if status != _DEALING:
                return LEFT
            target = actions[row, A_ACTOR]
            if verb == VERB_DEAL_HOLE:
                if pending_hole[target] != count or count != 2:
                    return LEFT
                merge = shown_count[target] == count
                for k in range(count):
                    card = cards[start + k]
                    if card == unknown and merge:
                        card = shown[target, k]
                    holes[target, k] = card
                    if card != unknown:
                        bit = np.uint64(1) << np.uint64(card)
                        if seen & bit:
                            return LEFT  # a card dealt twice
                        seen |= bit
                pending_hole[target] = 0
            else:
                if pending_board != count:
                    return LEFT
                for k in range(count):
                    card = cards[start + k]
                    board[board_cards] = card
                    board_cards += 1
                    if card != unknown:
                        bit = np.uint64(1) << np.uint64(card)
                        if seen & bit:
                            return LEFT
                        seen |= bit
                pending_board = 0
            still = pending_board > 0
            for seat in range(n):
                if pending_hole[seat]:
                    still = True
            if not still:
                # The betting of this street starts.
                status = _BETTING
                if street != 0:
                    for seat in range(n):
                        bets[seat] = 0
                    current = full_bet = bets_count = 0
                    last_raise = small
                bet_size = big if _BIG[street] else small
                start_seat = opener if street == 0 else 0
                start_round(n, folded, all_in, bets, current, needs, may_raise)
                actor = _advance(table, start_seat, n, current)
                while actor < 0 and status != _COMPLETE and status != _SHOWDOWN:
                    # The round is over at once (nobody can bet): the next street.
                    live = 0
                    for seat in range(n):
                        live += not folded[seat]
                    if live == 1:
                        status = _COMPLETE
                        break
                    street += 1
                    if street >= 4:
                        status = _SHOWDOWN
                        break
                    dealing, pending_board = _begin_street(table, street, n)
                    status = _DEALING
                    break
            continue
        # A player's action.
        seat = actions[row, A_ACTOR]
        if status != _BETTING or seat != actor:
            return LEFT  # out of turn, or no betting now
        before_street = street
        for k in range(n):
            before_totals[k] = totals[k]
        if verb == VERB_FOLD:
            folded[seat] = True
            needs[seat] = False
        elif verb == VERB_CHECK_CALL:
            owed = current - bets[seat]
            if owed > 0:
                posted = min(owed, stacks[seat])
                stacks[seat] -= posted
                totals[seat] += posted
                bets[seat] += posted
                if stacks[seat] == 0:
                    all_in[seat] = True
            needs[seat] = may_raise[seat] = False
        elif verb == VERB_BET_RAISE:
            amount = actions[row, A_AMOUNT]
            top = top_two_capacity(n, bets, stacks, folded, all_in)
            low, high = raise_range(
                bets[seat], stacks[seat], may_raise[seat], top[2] if top[0] == seat else top[1],
                (current, full_bet, bet_size, bets_count, last_raise), False, 0, limits,
            )  # fmt: skip
            if low < 0 or not low <= amount <= high:
                return LEFT
            previous = current
            posted = min(amount - bets[seat], stacks[seat])
            stacks[seat] -= posted
            totals[seat] += posted
            bets[seat] += posted
            if stacks[seat] == 0:
                all_in[seat] = True
            current = amount
            reopen, full_bet, last_raise, bets_count, bet_size = apply_bet(
                amount, previous, full_bet, bet_size, last_raise, bets_count, False, limits
            )
            after_bet(seat, n, folded, all_in, reopen, needs, may_raise)
        else:
            return LEFT
        live = 0
        for k in range(n):
            live += not folded[k]
        if verb == VERB_FOLD and live == 1:
            status = _COMPLETE
            actor = -1
        else:
            actor = _advance(table, seat + 1, n, current)
            if actor < 0:
                if live == 1:
                    status = _COMPLETE
                else:
                    street += 1
                    if street >= 4:
                        status = _SHOWDOWN
                    else:
                        dealing, pending_board = _begin_street(table, street, n)
                        status = _DEALING
        # The watcher's counters (after the action, with the table before it).
        first = before_street == 0
        if first and raises_first_round == 1 and counters[seat, C_THREE_BET_CHANCES] == 0:
            counters[seat, C_THREE_BET_CHANCES] = 1
        if verb == VERB_CHECK_CALL:
            if totals[seat] > before_totals[seat]:
                counters[seat, C_CALLS] += 1
                if first:
                    counters[seat, C_VPIP] = 1
            else:
                counters[seat, C_CHECKS] += 1
        elif verb == VERB_BET_RAISE:
            counters[seat, C_BETS] += 1
            if first:
                counters[seat, C_VPIP] = counters[seat, C_PFR] = 1
                if raises_first_round == 1:
                    counters[seat, C_THREE_BETS] = 1
                raises_first_round += 1
        else:
            counters[seat, C_FOLDS] += 1
        # The all-in spot (the watcher's search).
        if spot_found or spot_status != NO_ALL_IN:
            continue
        anyone_all_in = False
        live_all_in = False
        for k in range(n):
            anyone_all_in |= all_in[k]
            live_all_in |= all_in[k] and not folded[k]
        if first_all_in_street < 0 and not anyone_all_in:
            continue
        if first_all_in_street < 0 and live_all_in:
            first_all_in_street = before_street
        if live < 2 or status in (_BETTING, _COMPLETE):
            continue
        behind = 0
        for k in range(n):
            if not folded[k] and stacks[k] > 0:
                behind += 1
        if behind > 1:
            continue
        if first_all_in_street >= 0 and first_all_in_street < before_street:
            spot_status = OTHERS_COULD_BET
            continue
        if status == _SHOWDOWN or street >= 4:
            spot_status = RIVER
            continue
        spot_found = True
        top_seat, excess = uncalled_bet(n, totals, ante_paid)
        dead = 0
        known = True
        for k in range(n):
            players[k, P_WAGER] = totals[k] - ante_paid[k] - (excess if k == top_seat else 0)
            players[k, P_LIVE] = not folded[k]
            players[k, P_HOLE] = holes[k, 0]
            players[k, P_HOLE + 1] = holes[k, 1]
            dead += ante_paid[k]
            if not folded[k] and (holes[k, 0] == unknown or holes[k, 1] == unknown):
                known = False
        out[F_DEAD] = dead
        out[F_STREET] = before_street
        out[F_BOARD_CARDS] = board_cards
        spot_status = CANDIDATE if known else UNKNOWN_CARDS
    # The end of the hand: the light pass's finish.
    if status == _DEALING:
        return UNFINISHED_DEALING  # the history stops mid-hand
    if status == _BETTING:
        return UNFINISHED_BETTING
    top_seat, excess = uncalled_bet(n, totals, ante_paid)
    pot = 0
    for k in range(n):
        players[k, P_CONTRIBUTED] = totals[k] - (excess if k == top_seat else 0)
        pot += players[k, P_CONTRIBUTED]
    if pot >= MAX_EXACT:
        return LEFT
    logged = False
    if hand[H_FLAGS] & FLAG_WINNINGS:  # H_FLAGS
        for k in range(n):
            if seats[first_seat + k, S_WINNINGS] != 0:
                logged = True
    paid = 0
    if logged:
        result = 0
        for k in range(n):
            players[k, P_COLLECTED] = seats[first_seat + k, S_WINNINGS]
            paid += players[k, P_COLLECTED]
        if excess and paid > pot and players[top_seat, P_COLLECTED] >= excess:
            # Some sites log the uncalled bet as won back: more than the pot was paid.
            players[top_seat, P_COLLECTED] -= excess
            paid -= excess
    elif status == _COMPLETE:
        result = 1
        for k in range(n):
            players[k, P_COLLECTED] = 0 if folded[k] else pot
        paid = pot
    else:
        every_known = True
        for k in range(n):
            if not folded[k] and (holes[k, 0] == unknown or holes[k, 1] == unknown):
                every_known = False
        if every_known:
            # The rules decide: the same settlement as the light pass's.
            if not _settle(n, players, table, board, tables):
                return LEFT  # a board card unknown: the existing path names it
            result = 1
            for k in range(n):
                paid += players[k, P_COLLECTED]
        elif not hand[H_FLAGS] & FLAG_FINISHING:
            return NO_RESULT
        elif hand[H_FLAGS] & FLAG_FINISHING_INEXACT:
            return LEFT  # finishing stacks finer than the amounts: the existing path says so
        else:
            result = 2
            for k in range(n):
                row = first_seat + k
                players[k, P_COLLECTED] = (
                    seats[row, S_FINISHING] - seats[row, S_STACK] + players[k, P_CONTRIBUTED]
                )
                paid += players[k, P_COLLECTED]
    for k in range(n):
        players[k, P_NET] = players[k, P_COLLECTED] - players[k, P_CONTRIBUTED]
        for value in (players[k, P_COLLECTED], players[k, P_NET]):
            if value >= MAX_EXACT or value <= -MAX_EXACT:
                return LEFT
        counters[k, C_HANDS] = 1
        if status == _SHOWDOWN and not folded[k]:
            counters[k, C_SHOWDOWNS] = 1
            counters[k, C_SHOWDOWNS_WON] = players[k, P_COLLECTED] > 0
        for c in range(COUNTERS):
            players[k, P_COUNTERS + c] = counters[k, c]
    if spot_status == NO_ALL_IN and first_all_in_street >= 0 and status == _SHOWDOWN:
        spot_status = OTHERS_COULD_BET
    out[F_ALL_IN] = spot_status
    if spot_status != CANDIDATE:
        out[F_STREET] = -1
    out[F_RESULT] = result
    out[F_BIG_BLIND] = largest_blind if largest_blind else hand[H_MIN_BET]
    out[F_POT] = pot
    out[F_RAKE] = pot - paid
    return TAKEN


@jit
def hand_facts_columns(scanned, unknown, tables, facts, players):  # pragma: no cover - compiled
    """Every hand the scanner read (``scanned``: its hands, seats, actions and cards
    columns) into ``facts`` (a row per hand, ``F_*``) and ``players`` (a row per seat
    row, ``P_*``); ``tables`` are the evaluator's. ``facts[h, F_STATUS]`` is
    :data:`TAKEN`, :data:`LEFT` (the scanner's fallbacks too) or :data:`NO_RESULT`.
    Returns the hands taken."""
    m = MAX_PLAYERS
    # stacks, bets, totals; folded, all-in, needs; may raise, antes paid, hole cards owed...
    table = (
        np.zeros(m, np.int64), np.zeros(m, np.int64), np.zeros(m, np.int64),
        np.zeros(m, np.bool_), np.zeros(m, np.bool_), np.zeros(m, np.bool_),
        np.zeros(m, np.bool_), np.zeros(m, np.int64), np.zeros(m, np.int64),
        np.zeros(m, np.int64), np.zeros(m, np.int64),  # antes and blinds as posted
        np.zeros((m, 2), np.int64), np.zeros((m, 2), np.int64), np.zeros(m, np.int64),  # cards
        np.zeros(m, np.int64), np.zeros((m, COUNTERS), np.int64),  # totals before, counters
        # The settlement's wagers, live players, strengths, pots, odd-chip order, payout.
        np.zeros(m, np.int64), np.zeros(m, np.bool_), np.zeros(m, np.int64),
        np.zeros(m, np.int64), np.zeros(m, np.int64), np.zeros(m, np.int64),
        np.zeros(m, np.int64), np.zeros(m, np.int64), np.zeros(m, np.int64),
    )  # fmt: skip
    return _facts_all(scanned, unknown, tables, facts, players, table)


@jit_step
def _facts_all(scanned, unknown, tables, facts, players, table):  # pragma: no cover - compiled
    """The loop of :func:`hand_facts_columns`, compiled without the runtime: the two
    dozen arrays of ``table`` handed to each hand's step cost no reference counts."""
    hands, seats, actions, cards = scanned
    taken = 0
    for h in range(len(hands)):
        out = facts[h]
        out[:] = 0
        out[F_STREET] = -1
        if hands[h, H_STATUS] != 0:
            out[F_STATUS] = LEFT
            continue
        start = hands[h, H_SEAT_START]
        rows = players[start : start + hands[h, H_SEATS]]
        status = _hand(hands[h], seats, actions, cards, unknown, out, rows, table, tables)
        if status == TAKEN:
            taken += 1
        else:
            out[:] = 0
            out[F_STATUS] = status
    return taken
