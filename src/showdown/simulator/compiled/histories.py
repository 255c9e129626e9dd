"""Hand histories of compiled hands: each recorded hand replayed through ``HandState``.

The kernels record every decision of a hand (:class:`.engine.HandRecords`:
starting stacks, button, each action), not its cards: those are the hand's own
(:mod:`.cards`), so :class:`~showdown.simulator.hand.HandState` deals them again
from the same stream, draws and reshuffles included. Replaying the decisions
then gives the hand's full log, written as PHH text by
:func:`~showdown.simulator.phh.write_phh`, the writer of the Python engine's
histories. A replay that does not end with the recorded stacks would mean the two
engines disagree; it raises ``RuntimeError`` rather than write a wrong history.

Examples
--------
>>> from showdown.simulator import Stakes, get_variant
>>> from showdown.simulator.compiled import run_compiled
>>> texts = []
>>> writer = HistoryWriter(get_variant("nlhe"), Stakes.blinds(1, 2), ["call", "random"],
...                        seed=3, tables=2, sink=lambda hand, text: texts.append(text))
>>> run = run_compiled(get_variant("nlhe"), Stakes.blinds(1, 2), ["call", "random"], 200,
...                    hands=5, tables=2, seed=3, on_records=writer)
>>> len(texts), texts[0].splitlines()[0]
(5, 'variant = "NT"')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..hand import COMPLETE, Action, HandState
from ..phh import write_phh
from ..rules import Stakes, Variant
from .cards import HandCards, table_streams
from .engine import HandRecords

__all__ = ["HistoryWriter", "replay_hand"]


def replay_hand(
    variant: Variant, stakes: Stakes, records: HandRecords, row: int, cards: HandCards
) -> HandState:
    """Replay row ``row`` of ``records`` through a recording ``HandState`` dealt by ``cards``.

    Raises
    ------
    RuntimeError
        When the replay refuses an action or ends otherwise than the kernel's hand.
    """
    starts = records.starts[row].tolist()
    state = HandState(
        variant,
        stakes,
        starts,
        button=int(records.buttons[row]),
        rng=cards,  # type: ignore[arg-type]  # HandState only calls .permutation()
        record=True,
    )
    try:
        for seat, kind, amount, _, _ in records.actions_of(row):
            try:
                action = Action.from_compiled(kind)
            except ValueError as error:
                raise ValueError(f"{error} of seat {seat}") from None
            if action is Action.DISCARD:  # amount: a bit mask of the cards
                state.discard([card for card in range(52) if amount >> card & 1])
            else:  # amount: the raise-to total of a bet, raise or completion
                state.act(action, amount)
    except ValueError as error:  # IllegalActionError is a ValueError
        raise RuntimeError(f"compiled hand {row} does not replay: {error}") from error
    finals = records.finals[row].tolist()
    if state.status != COMPLETE or state.stacks != finals:
        raise RuntimeError(
            f"compiled hand {row} replays to {state.stacks} ({state.status}), "
            f"the kernel ended it at {finals}"
        )
    return state


class HistoryWriter:
    """``on_records`` for :func:`.engine.run_compiled`: the PHH text of every hand, in order.

    Parameters
    ----------
    variant, stakes
        The session's.
    names
        The players' names, one per seat (the histories' ``players``).
    seed, tables
        The session's seed (an int) and tables: they give each hand's cards.
    sink
        Called as ``sink(hand, text)`` for every hand as its kernel call ends, in the
        order dealt (``hand`` counts from 0).
    """

    def __init__(
        self,
        variant: Variant,
        stakes: Stakes,
        names: Sequence[str],
        *,
        seed: int,
        tables: int,
        sink: Callable[[int, str], object],
    ) -> None:
        self.variant = variant
        self.stakes = stakes
        self.names = list(names)
        self.tables = tables
        self.card_keys = table_streams(seed, tables)[1]
        self.sink = sink

    def __call__(self, first: int, records: HandRecords) -> None:
        for row in range(records.counts.shape[0]):
            number = first + row
            # Hand r * tables + t is round r of table t (calls start at whole rounds).
            cards = HandCards(self.card_keys[number % self.tables], number // self.tables)
            state = replay_hand(self.variant, self.stakes, records, row, cards)
            self.sink(number, write_phh(state, players=self.names))
