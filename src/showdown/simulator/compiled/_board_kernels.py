"""Compiled sessions of board games: hold'em and Omaha (high and hi-lo), every limit.

``play_board`` (:func:`_make_play_board`) plays every hand of tables ``first..last-1``: forced bets,
pocket cards dealt from the left of the button, four betting rounds with the
flop, turn and river dealt between them, then the pot awarded uncontested or at
the showdown. The steps shared with the other families are in
:mod:`._table_kernels`; the rules in :mod:`showdown.simulator.core`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._jit import jit, jit_inline, jit_llvm_inline
from ..._views import unowned
from ..core import _agent_kernels as choices
from ._record_kernels import record_deck, record_end, record_row, record_start
from ._showdown_kernels import high_strength, omaha_low, omaha_strength
from ._table_kernels import (
    award_uncontested,
    begin_hand,
    betting_round,
    deal_card,
    finish_hand,
    new_deck,
    new_round,
    showdown_payout,
)
from .layout import (
    COUNTS,
    FOLDED,
    HIGH,
    LIVE_COUNT,
    LOW,
    OMAHA_HILO,
    OPENER,
    RECORD_ROW,
    START,
    STREET,
    STRENGTH_AGENT,
)


@jit_llvm_inline
def _board_row(board, count, board3, board4, board5):  # pragma: no cover - compiled
    """The board as a one-row array of its own length (Omaha evaluation reads the length)."""
    row = board5
    if count == 3:
        row = board3
    elif count == 4:
        row = board4
    for index in range(count):
        row[0, index] = board[index]
    return row


@jit_llvm_inline
def _holdem_scores(n, street, hole, agents, scratch, board_count, evaluator):  # pragma: no cover
    """Hold'em strength agents' scores for this street (``HandStrengthAgent.strength``):
    the pre-flop table, later the category of the best hand."""
    kinds, preflop, category = agents.kinds, agents.preflop, agents.category
    folded, cards, board, values = (
        scratch.seats[FOLDED], scratch.cards, scratch.board, scratch.values,
    )  # fmt: skip
    for seat in range(n):
        if kinds[seat] != STRENGTH_AGENT or folded[seat]:
            continue
        if street == 0:
            values[seat] = preflop[cards[seat, 0], cards[seat, 1]]
        else:
            strength = high_strength(cards[seat, :hole], board[:board_count], evaluator)
            values[seat] = category[strength >> 12]


@jit_llvm_inline
def _omaha_scores(n, street, agents, scratch, board_count, evaluator):  # pragma: no cover
    """Omaha strength agents' scores: a rank count before the flop, later the category
    of the best two-plus-three hand."""
    kinds, category = agents.kinds, agents.category
    folded, cards, holes, board, values = (
        scratch.seats[FOLDED], scratch.cards, scratch.holes, scratch.board, scratch.values,
    )  # fmt: skip
    for seat in range(n):
        if kinds[seat] != STRENGTH_AGENT or folded[seat]:
            continue
        if street == 0:
            values[seat] = choices.rank_score(cards[seat], holes.shape[1]) - 0.1
        else:
            row = _board_row(board, board_count, scratch.board3, scratch.board4, scratch.board5)
            strength = omaha_strength(holes, seat, row, evaluator, scratch.pairs, scratch.triples)
            values[seat] = category[strength >> 12]


@jit_llvm_inline
def _holdem_showdown(n, hole, seats, cards, board, evaluator):  # pragma: no cover - compiled
    """Every live seat's hold'em strength; 0 for folded seats."""
    for seat in range(n):
        seats[HIGH, seat] = 0
        if not seats[FOLDED, seat]:
            seats[HIGH, seat] = high_strength(cards[seat, :hole], board, evaluator)


@jit_llvm_inline
def _omaha_showdown(n, hi_lo, seats, holes, board, scratch, evaluator):  # pragma: no cover
    """Every live seat's Omaha high (and 8-or-better low) strength; 0 for folded seats."""
    row = _board_row(board, 5, scratch.board3, scratch.board4, scratch.board5)
    for seat in range(n):
        seats[HIGH, seat] = 0
        seats[LOW, seat] = 0
        if seats[FOLDED, seat]:
            continue
        seats[HIGH, seat] = omaha_strength(
            holes, seat, row, evaluator, scratch.pairs, scratch.triples
        )
        if hi_lo:
            seats[LOW, seat] = omaha_low(holes, seat, board, evaluator)


@jit
def play_holdem(
    first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
):  # pragma: no cover - compiled
    """The board games' session loop for hold'em: only hold'em's evaluation gets compiled."""
    play_holdem_board(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    )


@jit
def play_omaha(
    first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
):  # pragma: no cover - compiled
    """The board games' session loop for Omaha (high and hi-lo)."""
    play_omaha_board(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    )


def _make_play_board(omaha: bool) -> Any:
    """The session loop of the board games, for Omaha (``omaha``) or hold'em.

    ``omaha`` is a constant of the compiled code (a closure variable), so numba
    drops the other game's branches before compiling: each entry kernel compiles
    only its own evaluation.
    """

    def play_board(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    ):  # pragma: no cover - compiled
        """Play ``hands_per_table[t]`` hands at each table ``t`` in ``first..last-1``.

        ``evaluator`` is the evaluator's ``Tables``; ``scratch`` one hand's working
        arrays (:func:`.layout.new_scratch`); the other arguments are the named tuples
        of :mod:`.layout`, updated in place.
        """
        # The driver owns every array for the whole call: no reference counting of them.
        rules = unowned(rules)
        agents = unowned(agents)
        tables = unowned(tables)
        results = unowned(results)
        records = unowned(records)
        scratch = unowned(scratch)
        evaluator = unowned(evaluator)
        n = rules.players
        hole = rules.hole_count
        limits = rules.limits
        big_bets = rules.street_big_bet
        hi_lo = rules.showdown == OMAHA_HILO
        kinds = agents.kinds
        strength_seats = False
        for seat in range(n):
            strength_seats = strength_seats or kinds[seat] == STRENGTH_AGENT
        state = scratch.state
        seats = scratch.seats
        cards = scratch.cards
        holes = scratch.holes
        board = scratch.board
        recording = records.offsets.shape[0] > 0
        replaying = records.counts.shape[0] > 0  # the replay test's records: every decision
        for table in range(first, last):
            rng = tables.rng[table]
            deck = tables.decks[table]
            stacks = tables.stacks[table]
            counters = results.counters[table]
            for hand in range(hands_per_table[table]):
                button = tables.buttons[table]
                begin_hand(
                    n, button, tables.played[table] > 0,
                    (rules.ante, rules.small_blind, rules.big_blind, limits[2]), stacks,
                    tables.starting, counters, scratch,
                )  # fmt: skip
                row = -1
                if recording:
                    row = record_row(table, hand, records)
                    if replaying:
                        state[RECORD_ROW] = row
                    record_start(row, button, n, seats[START], records)
                shuffle = new_deck(deck, tables.card_keys[table], tables.played[table])
                for step in range(n):
                    seat = (button + 1 + step) % n
                    for index in range(hole):
                        card, shuffle = deal_card(deck, state, shuffle)
                        cards[seat, index] = card
                        holes[seat, index] = card
                    seats[COUNTS, seat] = hole
                board_count = np.int64(0)  # not a literal: see high_strength
                for street in range(4):
                    state[STREET] = street
                    bet_size = limits[3] if big_bets[street] else limits[2]
                    if street == 0:
                        new_round(n, seats, state, state[OPENER], True, bet_size, limits[2])
                    else:
                        for _ in range(3 if street == 1 else 1):
                            card, shuffle = deal_card(deck, state, shuffle)
                            board[board_count] = card
                            board_count += 1
                        new_round(n, seats, state, (button + 1) % n, False, bet_size, limits[2])
                    if strength_seats:
                        if omaha:
                            _omaha_scores(n, street, agents, scratch, board_count, evaluator)
                        else:
                            _holdem_scores(n, street, hole, agents, scratch, board_count, evaluator)
                    rng = betting_round(
                        n, scratch, stacks, counters, agents, limits, 0, False, records, rng
                    )
                    if state[LIVE_COUNT] == 1:
                        break
                if state[LIVE_COUNT] == 1:
                    award_uncontested(n, seats, stacks)
                else:
                    if omaha:
                        _omaha_showdown(n, hi_lo, seats, holes, board, scratch, evaluator)
                    else:
                        _holdem_showdown(n, hole, seats, cards, board, evaluator)
                    showdown_payout(n, button, hi_lo, False, seats, stacks, counters)
                    results.showdowns[table] += 1
                finish_hand(n, seats, stacks, counters, results.net[table], results.moments[table])
                if recording:
                    record_deck(row, deck, records)
                    record_end(row, n, stacks, seats, cards, board, board_count, state, records)
                tables.played[table] += 1
                tables.buttons[table] = (button + 1) % n
            tables.rng[table] = rng

    return jit_inline(play_board)


play_holdem_board = _make_play_board(False)
play_omaha_board = _make_play_board(True)
