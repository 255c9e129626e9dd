"""Compiled sessions of seven-card stud, high and hi-lo 8 or better.

:func:`play_stud` plays every hand of tables ``first..last-1``: antes; two down
cards and a door card, the bring-in by the lowest door card among players who
can act; fourth to sixth street one card up each, the highest showing hand
opening (with fourth street's open-pair big bet when the variant allows it);
seventh street one card down, or one community card when the deck cannot give
every player one; then the showdown, odd chips by the highest card by suit.
Cards go to the players still in, from the left of the button, as
:class:`~showdown.simulator.hand.HandState` deals them. The streets and the
showdown fill the session frame every family shares (:mod:`._session_kernels`).
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit_inline, jit_kernel, jit_llvm_inline
from ..core._forced_kernels import best_showing_seat, bring_in_seat, has_pair, showing_rank
from ..core._pot_kernels import stud_order
from ._session_kernels import session_frame
from ._showdown_kernels import high_strength, low8_strength, score_of_cards
from ._table_kernels import betting_round, deal_card, new_round
from .layout import (
    ALL_IN,
    BRING_IN_DUE,
    COUNTS,
    DEALT,
    DECK_SIZE,
    FOLDED,
    HIGH,
    LIVE_COUNT,
    LOW,
    OPEN_PAIR,
    ORDER,
    SHOWING,
    STREET,
    STRENGTH_AGENT,
    STUD_HILO,
    TOP_CARD,
)


@jit_llvm_inline
def _deal_street(
    n, street, button, cards, counts, folded, board, deck, state, shuffle
):  # pragma: no cover
    """Deal one stud street to the players still in from the hand's card stream
    ``shuffle``; returns ``(board_count, shuffle)``."""
    live = 0
    for seat in range(n):
        if not folded[seat]:
            live += 1
    per_player = 3 if street == 0 else 1
    if street == 4 and state[DECK_SIZE] - state[DEALT] < live:
        # The deck cannot give everyone a card: one community card for all.
        card, shuffle = deal_card(deck, state, shuffle)
        board[0] = card
        return 1, shuffle
    for step in range(n):
        seat = (button + 1 + step) % n
        if folded[seat]:
            continue
        for _ in range(per_player):
            card, shuffle = deal_card(deck, state, shuffle)
            cards[seat, counts[seat]] = card
            counts[seat] += 1
    return 0, shuffle


@jit_llvm_inline
def _opener(n, street, open_pair_rule, bring_in, seats, cards, state):  # pragma: no cover
    """The street's first player: the bring-in on third street, later the highest showing
    hand; sets the bring-in and open-pair flags of ``state``."""
    folded = seats[FOLDED]
    all_in = seats[ALL_IN]
    showing = seats[SHOWING]
    if street == 0:
        active = 0
        for seat in range(n):
            showing[seat] = cards[seat, 2]  # the door card
            if not folded[seat] and not all_in[seat]:
                active += 1
        opener = bring_in_seat(n, showing, folded, all_in)
        state[BRING_IN_DUE] = 1 if bring_in > 0 and active >= 2 and not all_in[opener] else 0
        return opener
    state[BRING_IN_DUE] = 0
    up = min(street + 1, 4)
    pair = False
    for seat in range(n):
        showing[seat] = -1
        if not folded[seat]:
            showing[seat] = showing_rank(cards[seat, 2:], up)
            if open_pair_rule and street == 1 and not pair:
                pair = has_pair(cards[seat, 2:], up)
    state[OPEN_PAIR] = 1 if pair else 0
    return best_showing_seat(n, showing, folded)


@jit_inline  # one call site, in the frame: see _board_kernels._board_steps
def _streets(
    hand, table, rules, agents, scratch, records, evaluator, rng, strength_seats
):  # pragma: no cover - compiled
    """Third to seventh street, each dealt then bet (a :func:`.session_frame` step)."""
    n, button, _row, shuffle = hand
    deck, stacks, counters = table
    limits = rules.limits
    big_bets = rules.street_big_bet
    kinds = agents.kinds
    state, seats, values, cards, board = (
        scratch.state, scratch.seats, scratch.values, scratch.cards, scratch.board,
    )  # fmt: skip
    counts = seats[COUNTS]
    folded = seats[FOLDED]
    board_count = np.int64(0)  # not a literal: see high_strength
    for street in range(5):
        state[STREET] = street
        board_count, shuffle = _deal_street(
            n, street, button, cards, counts, folded, board, deck, state, shuffle
        )
        opener = _opener(n, street, rules.open_pair_big_bet, rules.bring_in, seats, cards, state)
        bet_size = limits[3] if big_bets[street] else limits[2]
        new_round(n, seats, state, opener, False, bet_size, limits[2])
        if strength_seats:
            for seat in range(n):
                if kinds[seat] == STRENGTH_AGENT and not folded[seat]:
                    values[seat] = score_of_cards(
                        cards[seat, : counts[seat]], board[:board_count], agents.category,
                        scratch.merged, evaluator,
                    )  # fmt: skip
        rng = betting_round(
            n, scratch, stacks, counters, agents, limits, rules.bring_in, False, records, rng
        )
        if state[LIVE_COUNT] == 1:
            break
    return rng, board_count


@jit_inline  # one call site, in the frame: see _board_kernels._board_steps
def _showdown(n, rules, scratch, board_count, evaluator):  # pragma: no cover - compiled
    """Every live seat's high (and low) strength, and the odd-chip order by each seat's
    highest own card."""
    seats, cards, board = scratch.seats, scratch.cards, scratch.board
    counts = seats[COUNTS]
    hi_lo = rules.showdown == STUD_HILO
    for seat in range(n):
        seats[HIGH, seat] = 0
        seats[LOW, seat] = 0
        top = -1
        for index in range(counts[seat]):
            top = max(top, cards[seat, index])
        seats[TOP_CARD, seat] = top
        if seats[FOLDED, seat]:
            continue
        own = cards[seat, : counts[seat]]
        seats[HIGH, seat] = high_strength(own, board[:board_count], evaluator)
        if hi_lo:
            seats[LOW, seat] = low8_strength(own, board[:board_count], evaluator)
    stud_order(n, seats[TOP_CARD], seats[ORDER])


_play_stud = session_frame(_streets, _showdown, stud=True, deal_recorded=False)


@jit_kernel
def play_stud(
    first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
):  # pragma: no cover - compiled
    """Play ``hands_per_table[t]`` hands at each table ``t`` in ``first..last-1`` (see
    :func:`._board_kernels.play_holdem` for the arguments)."""
    _play_stud(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    )
