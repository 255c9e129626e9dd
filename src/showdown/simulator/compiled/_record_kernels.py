"""Recording compiled hands: what the replay test needs, and the hand log.

Called once or twice per hand, and only by a recording session, so they are
plain compiled calls (not inlined): the session kernels stay small. Each step
writes only the kinds of :class:`.layout.Records` that have rows.
"""

from __future__ import annotations

from ..._jit import jit
from .layout import ACTIONS, COUNTS, DRAWN, LIVE, START, WINNINGS


@jit
def record_row(table, hand, records):  # pragma: no cover - compiled
    """The row of hand ``hand`` of ``table`` in this call (round-robin order)."""
    return records.offsets[table] + hand * records.offsets.shape[0]


@jit
def record_start(row, button, n, stacks, records):  # pragma: no cover - compiled
    """Record a hand's button and (replay) starting stacks, before the forced bets."""
    records.buttons[row] = button
    starts = records.starts
    if starts.shape[0] > 0:
        for seat in range(n):
            starts[row, seat] = stacks[seat]


@jit
def record_deck(row, deck, records):  # pragma: no cover - compiled
    """Replay: record the deck as dealt (positions dealt are final)."""
    decks = records.decks
    if decks.shape[0] > 0:
        for position in range(52):
            decks[row, position] = deck[position]


@jit
def record_end(
    row, n, stacks, seats, cards, board, board_count, state, records
):  # pragma: no cover - compiled
    """Record how a hand ended: (replay) final stacks, action count and drawn cards;
    (log) each seat's net, showdown, win and cards (``seats[COUNTS]`` of ``cards``),
    and the first ``board_count`` board cards."""
    if records.counts.shape[0] > 0:
        records.counts[row] = state[ACTIONS]
        for seat in range(n):
            records.finals[row, seat] = stacks[seat]
            records.drawn[row, seat] = seats[DRAWN, seat]
    if records.nets.shape[0] > 0:
        held = records.held
        for seat in range(n):
            records.nets[row, seat] = stacks[seat] - seats[START, seat]
            records.showed[row, seat] = seats[LIVE, seat] != 0
            records.won[row, seat] = seats[WINNINGS, seat] > 0
            for index in range(seats[COUNTS, seat]):
                held[row, seat, index] = cards[seat, index]
        for index in range(board_count):
            records.board_cards[row, index] = board[index]
