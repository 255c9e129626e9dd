"""The one session frame of the compiled engine, which each game family fills with its streets.

A session kernel plays every hand of tables ``first..last-1``. What every family
does the same way lives here once: the tables and hands loops, the forced bets
and the new deck, recording, the pot awarded uncontested or paid at the
showdown, counting the hand and moving the button. A family supplies two steps
(:func:`session_frame`): ``streets`` deals and bets the hand's streets, and
``showdown`` fills each seat's strengths (``seats[HIGH]``, ``seats[LOW]``).

The steps are closure constants of the frame, so numba compiles each family's
frame with only its own steps, as if written out by hand; the frame and the
steps are inlined by numba (``inline="always"``, one call site each) into the
family's entry kernel (``play_holdem``, ``play_stud``, ...), so the session is
typed and optimised once, in that kernel. The entry kernels are written out,
one short top-level function per family, so that each has its own name and
docstring: the name picks the kernel's compile-time estimate and message
(``prepare.KERNEL_WORDS``). A factory would cache as well: a kernel closing
over the compiled frame is keyed by the frame's and its steps' module and
qualified names and their own cells (``showdown._jit_cache``), so it loads
from the cache in a new process like a top-level one, each family its own.
The entry kernels compile without numba's runtime (``jit_kernel``): the driver
makes every array they use (:func:`.layout.new_scratch`) and they allocate
nothing, so no reference counts are compiled in, and a cold compile of a
family's session takes about a second less than with the runtime.
The deck, the forced bets and the evaluator are data (``rules``, ``evaluator``):
short-deck hold'em is the hold'em kernel with the 36-card deck, the button blind
and the short deck's tables.
"""

from __future__ import annotations

from typing import Any

from ..._jit import jit_inline
from ..._views import unowned
from ._record_kernels import record_deck, record_end, record_row, record_start
from ._table_kernels import (
    award_uncontested,
    begin_hand,
    finish_hand,
    new_deck,
    showdown_payout,
)
from .layout import LIVE_COUNT, OMAHA_HILO, RECORD_ROW, START, STRENGTH_AGENT, STUD_HILO


def session_frame(streets: Any, showdown: Any, *, stud: bool, deal_recorded: bool) -> Any:
    """The session loop around a family's ``streets`` and ``showdown`` steps.

    Parameters
    ----------
    streets
        A compiled step called as ``streets(hand, table, rules, agents, scratch,
        records, evaluator, rng, strength_seats)`` after the forced bets, with
        ``hand = (n, button, row, shuffle)`` and ``table = (deck, stacks,
        counters)``: deals from the hand's card stream ``shuffle`` and plays every
        betting round until one player is left or the last street is bet; returns
        ``(rng, board_count)``, the table's decision stream and the board cards
        dealt. ``row`` is the hand's record row (-1: not recorded).
    showdown
        A compiled step called as ``showdown(n, rules, scratch, board_count,
        evaluator)`` when two or more players are left: each seat's high (and low)
        strength, 0 for folded seats; stud also sets ``seats[TOP_CARD]`` and
        ``seats[ORDER]`` (its odd-chip order).
    stud
        Odd chips go by the highest own card (``seats[ORDER]`` from ``showdown``),
        not left of the button.
    deal_recorded
        ``streets`` records the deck itself (five-card draw records it after the
        deal: a reshuffle changes it later); else the frame records it at the end.

    Returns
    -------
    The frame, inlined by numba into its caller, with the arguments of the entry
    kernels: ``(first, last, hands_per_table, rules, agents, tables, results,
    records, scratch, evaluator)``, the named tuples of :mod:`.layout` (updated in
    place) and the evaluator's tables.
    """

    def play_session(
        first, last, hands_per_table, rules, agents, tables, results, records, scratch, evaluator
    ):  # pragma: no cover - compiled
        # The driver owns every array for the whole call: no reference counting of them.
        rules = unowned(rules)
        agents = unowned(agents)
        tables = unowned(tables)
        results = unowned(results)
        records = unowned(records)
        scratch = unowned(scratch)
        evaluator = unowned(evaluator)
        n = rules.players
        hi_lo = rules.showdown == OMAHA_HILO or rules.showdown == STUD_HILO
        strength_seats = False
        for seat in range(n):
            strength_seats = strength_seats or agents.kinds[seat] == STRENGTH_AGENT
        state = scratch.state
        seats = scratch.seats
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
                    n, button, tables.played[table] > 0, rules, stacks, tables.starting,
                    counters, scratch,
                )  # fmt: skip
                row = -1
                if recording:
                    row = record_row(table, hand, records)
                    if replaying:
                        state[RECORD_ROW] = row
                    record_start(row, button, n, seats[START], records)
                shuffle = new_deck(
                    deck, tables.card_keys[table], tables.played[table], rules.lowest_card
                )
                rng, board_count = streets(
                    (n, button, row, shuffle), (deck, stacks, counters), rules, agents, scratch,
                    records, evaluator, rng, strength_seats,
                )  # fmt: skip
                if state[LIVE_COUNT] == 1:
                    award_uncontested(n, seats, stacks)
                else:
                    showdown(n, rules, scratch, board_count, evaluator)
                    showdown_payout(n, button, hi_lo, stud, seats, stacks, counters)
                    results.showdowns[table] += 1
                finish_hand(n, seats, stacks, counters, results.net[table], results.moments[table])
                if recording:
                    if not deal_recorded:
                        record_deck(row, deck, records)
                    record_end(
                        row, n, stacks, seats, scratch.cards, scratch.board, board_count, state,
                        records,
                    )  # fmt: skip
                tables.played[table] += 1
                tables.buttons[table] = (button + 1) % n
            tables.rng[table] = rng

    return jit_inline(play_session)
