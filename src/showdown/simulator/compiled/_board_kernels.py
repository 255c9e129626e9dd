"""Compiled sessions of board games: hold'em and Omaha (high and hi-lo), every limit.

The board games' streets (:func:`_board_steps`): pocket cards dealt from the left
of the button, four betting rounds with the flop, turn and river dealt between
them, then their showdown, in the session frame every family shares
(:mod:`._session_kernels`). The steps shared with the other families are in
:mod:`._table_kernels`; the rules in :mod:`showdown.simulator.core`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._jit import jit_inline, jit_kernel, jit_llvm_inline
from ...evaluator.categories import CATEGORY_SHIFT
from ..core import _agent_kernels as choices
from ._session_kernels import session_frame
from ._showdown_kernels import high_strength, omaha_low, omaha_strength
from ._table_kernels import betting_round, deal_card, new_round
from .layout import (
    COUNTS,
    FOLDED,
    HIGH,
    LIVE_COUNT,
    LOW,
    OMAHA_HILO,
    OPENER,
    STREET,
    STRENGTH_AGENT,
)


@jit_llvm_inline
def _board_row(board, count, board3, board4, board5):  # pragma: no cover - compiled
    """The board as a one-row array of its own length (Omaha evaluation reads the length).

    Each branch returns an argument as it came: the session kernels compile without
    numba's runtime, which returns no other array (not even one of the arguments
    picked into a variable).
    """
    if count == 3:
        _copy_board(board, count, board3)
        return board3
    if count == 4:
        _copy_board(board, count, board4)
        return board4
    _copy_board(board, count, board5)
    return board5


@jit_llvm_inline
def _copy_board(board, count, row):  # pragma: no cover - compiled
    """The first ``count`` board cards into the one-row array ``row``."""
    for index in range(count):
        row[0, index] = board[index]


@jit_llvm_inline
def _holdem_scores(n, street, hole, agents, scratch, board_count, evaluator):  # pragma: no cover
    """Hold'em strength agents' scores for this street (``HandStrengthAgent.strength``):
    the pre-flop table, later the score of the best hand (full or short deck)."""
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
            values[seat] = category[strength >> evaluator.category_shift]


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
            values[seat] = category[strength >> CATEGORY_SHIFT]


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


def _board_steps(omaha: bool) -> tuple[Any, Any]:
    """The board games' ``streets`` and ``showdown`` steps (:func:`.session_frame`), for
    Omaha (``omaha``) or hold'em.

    ``omaha`` is a constant of the compiled code (a closure variable), so numba
    drops the other game's branches before compiling: each entry kernel compiles
    only its own evaluation.
    """

    def streets(
        hand, table, rules, agents, scratch, records, evaluator, rng, strength_seats
    ):  # pragma: no cover - compiled
        """Pocket cards from the left of the button, then four betting rounds with the
        flop, turn and river dealt between them."""
        n, button, _row, shuffle = hand
        deck, stacks, counters = table
        hole = rules.hole_count
        limits = rules.limits
        big_bets = rules.street_big_bet
        state, seats, cards, holes, board = (
            scratch.state, scratch.seats, scratch.cards, scratch.holes, scratch.board,
        )  # fmt: skip
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
        return rng, board_count

    def showdown(n, rules, scratch, board_count, evaluator):  # pragma: no cover - compiled
        """Every live seat's strength (all five board cards are out)."""
        if omaha:
            hi_lo = rules.showdown == OMAHA_HILO
            _omaha_showdown(
                n, hi_lo, scratch.seats, scratch.holes, scratch.board, scratch, evaluator
            )
        else:
            _holdem_showdown(
                n, rules.hole_count, scratch.seats, scratch.cards, scratch.board, evaluator
            )

    # Inlined by numba into the frame (one call site each): typed and optimised once,
    # in the entry kernel, as the family's body was before the frame; an LLVM-inlined
    # step would be optimised on its own first (cold compile +40 % for Omaha).
    return jit_inline(streets), jit_inline(showdown)


play_holdem_board = session_frame(*_board_steps(False), stud=False, deal_recorded=False)
play_omaha_board = session_frame(*_board_steps(True), stud=False, deal_recorded=False)


@jit_kernel
def play_holdem(
    first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
):  # pragma: no cover - compiled
    """The board games' session for hold'em: only hold'em's evaluation gets compiled.

    Plays ``hands_per_table[t]`` hands at each table ``t`` in ``first..last-1``;
    ``evaluator`` is the evaluator's ``Tables``, ``scratch`` one hand's working arrays
    (:func:`.layout.new_scratch`), the other arguments the named tuples of
    :mod:`.layout`, updated in place.
    """
    play_holdem_board(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    )


@jit_kernel
def play_omaha(
    first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
):  # pragma: no cover - compiled
    """The board games' session for Omaha (high and hi-lo); arguments as :func:`play_holdem`."""
    play_omaha_board(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    )
