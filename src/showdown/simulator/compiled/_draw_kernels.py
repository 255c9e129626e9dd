"""Compiled sessions of five-card draw.

:func:`play_draw` plays every hand of tables ``first..last-1``: antes, or blinds
(no and pot limit, as card rooms deal the game); five cards each from the left
of the button; a betting round (opening after the big blind when there are
blinds); the draw, each player still in (from the left of the button)
discarding 0-5 cards and drawing as many,
the muck (folded hands and earlier discards, never the drawing player's own)
shuffled when the deck runs out; a second betting round with the big bet; the
showdown. The records keep each discard as a card mask and each player's drawn
cards, so a hand replays through :class:`~showdown.simulator.hand.HandState`
with manual dealing. The streets and the showdown fill the session frame every
family shares (:mod:`._session_kernels`).
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit_inline, jit_kernel, jit_llvm_inline
from ..core import _agent_kernels as choices
from ._record_kernels import record_deck
from ._session_kernels import session_frame
from ._showdown_kernels import high_strength, score_of_cards
from ._table_kernels import betting_round, deal_card, new_round, next_below, next_uniform
from .layout import (
    ACTIONS,
    CALLING_STATION,
    COUNTS,
    DEALT,
    DECK_SIZE,
    DISCARD,
    DRAWN,
    FOLDED,
    HIGH,
    LIVE_COUNT,
    LOW,
    MUCK,
    OPENER,
    STREET,
    STRENGTH_AGENT,
)


@jit_llvm_inline
def _reshuffle(deck, muck, state):  # pragma: no cover - compiled
    """The deck ran out: the muck becomes the deck (its cards moved to the end of the
    dealt deck, dealt from there by the lazy shuffle); the muck empties."""
    size = state[MUCK]
    start = 52 - size
    for index in range(size):
        card = muck[index]
        for position in range(52):
            if deck[position] == card:
                target = start + index
                deck[position] = deck[target]
                deck[target] = card
                break
    state[DEALT] = start
    state[DECK_SIZE] = 52
    state[MUCK] = 0


@jit_llvm_inline
def _draw(seat, keep, cards, counts, deck, muck, state, shuffle):  # pragma: no cover
    """``seat`` keeps the cards whose bit is set in ``keep`` and draws the rest from the
    hand's card stream ``shuffle``; returns ``(discard mask, drawn mask, shuffle)`` as
    card-code bit masks."""
    held = counts[seat]
    discarded = 0
    kept = 0
    for index in range(held):
        card = cards[seat, index]
        if (keep >> index) & 1:
            cards[seat, kept] = card
            kept += 1
        else:
            discarded |= 1 << card
    drawn = 0
    for index in range(kept, held):
        if state[DEALT] >= state[DECK_SIZE]:
            if state[MUCK] == 0:
                break  # cannot happen with the variant's nine seats at most
            _reshuffle(deck, muck, state)
        card, shuffle = deal_card(deck, state, shuffle)
        cards[seat, index] = card
        drawn |= 1 << card
    # The discards join the muck only now: never dealt back to this player.
    for card in range(52):
        if (discarded >> card) & 1:
            muck[state[MUCK]] = card
            state[MUCK] += 1
    return discarded, drawn, shuffle


@jit_llvm_inline
def _choose_keep(seat, agent, held, cards, rng):  # pragma: no cover - compiled
    """The agent's draw: a bit mask of the card positions kept."""
    keep = (1 << held) - 1
    if agent == CALLING_STATION:
        return keep, rng
    if agent == STRENGTH_AGENT:
        return choices.draw_keep_mask(cards[seat], held), rng
    rng, roll = next_uniform(rng)
    count = choices.random_discard_count(roll, held)
    # A uniform subset of ``count`` positions to discard (partial Fisher-Yates).
    positions = 0
    for index in range(held):
        positions |= index << (4 * index)
    for step in range(count):
        rng, offset = next_below(rng, held - step)
        other = step + offset
        a = (positions >> (4 * step)) & 15
        b = (positions >> (4 * other)) & 15
        positions &= ~((15 << (4 * step)) | (15 << (4 * other)))
        positions |= (b << (4 * step)) | (a << (4 * other))
        keep &= ~(1 << b)
    return keep, rng


@jit_inline  # one call site, in the frame: see _board_kernels._board_steps
def _streets(
    hand, table, rules, agents, scratch, records, evaluator, rng, strength_seats
):  # pragma: no cover - compiled
    """The deal, a betting round, the draw and a second round (a :func:`.session_frame`
    step); records the deck as dealt, before a reshuffle changes it."""
    n, button, row, shuffle = hand
    deck, stacks, counters = table
    limits = rules.limits
    kinds = agents.kinds
    state, seats, values, cards, board, muck = (
        scratch.state, scratch.seats, scratch.values, scratch.cards, scratch.board, scratch.muck,
    )  # fmt: skip
    counts = seats[COUNTS]
    folded = seats[FOLDED]
    for step in range(n):
        seat = (button + 1 + step) % n
        for index in range(5):
            card, shuffle = deal_card(deck, state, shuffle)
            cards[seat, index] = card
        counts[seat] = 5
    if row >= 0:
        record_deck(row, deck, records)  # the deal; draws are recorded per seat
    for street in range(2):
        state[STREET] = street
        if street == 1:
            for step in range(n):
                seat = (button + 1 + step) % n
                if folded[seat]:
                    continue
                keep, rng = _choose_keep(seat, kinds[seat], counts[seat], cards, rng)
                discarded, drawn, shuffle = _draw(
                    seat, keep, cards, counts, deck, muck, state, shuffle
                )
                seats[DRAWN, seat] = drawn
                index = state[ACTIONS]
                if row >= 0 and index < records.actions.shape[1]:
                    records.actions[row, index, 0] = seat
                    records.actions[row, index, 1] = DISCARD
                    records.actions[row, index, 2] = discarded
                    records.bounds[row, index, 0] = -1
                    records.bounds[row, index, 1] = -1
                state[ACTIONS] = index + 1
        bet_size = limits[3] if street == 1 else limits[2]
        if street == 0:
            # The forced bets set the first round: the blinds stay in and the betting opens
            # after them (no and pot limit); an ante game opens left of the button.
            new_round(n, seats, state, state[OPENER], True, bet_size, limits[2])
        else:
            new_round(n, seats, state, (button + 1) % n, False, bet_size, limits[2])
        if strength_seats:
            for seat in range(n):
                if kinds[seat] == STRENGTH_AGENT and not folded[seat]:
                    values[seat] = score_of_cards(
                        cards[seat, : counts[seat]], board[:0], agents.category,
                        scratch.merged, evaluator,
                    )  # fmt: skip
        rng = betting_round(n, scratch, stacks, counters, agents, limits, 0, True, records, rng)
        if state[LIVE_COUNT] == 1:
            break
    return rng, np.int64(0)  # no board (not a literal: numba would compile a copy for it)


@jit_inline  # one call site, in the frame: see _board_kernels._board_steps
def _showdown(n, rules, scratch, board_count, evaluator):  # pragma: no cover - compiled
    """Every live seat's five-card strength."""
    seats, cards, board = scratch.seats, scratch.cards, scratch.board
    for seat in range(n):
        seats[LOW, seat] = 0
        seats[HIGH, seat] = 0
        if not seats[FOLDED, seat]:
            seats[HIGH, seat] = high_strength(
                cards[seat, : seats[COUNTS, seat]], board[:0], evaluator
            )


_play_draw = session_frame(_streets, _showdown, stud=False, deal_recorded=True)


@jit_kernel
def play_draw(
    first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
):  # pragma: no cover - compiled
    """Play ``hands_per_table[t]`` hands at each table ``t`` in ``first..last-1`` (see
    :func:`._board_kernels.play_holdem` for the arguments)."""
    _play_draw(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    )
