"""Telling whether anything in a hand changed: the check a table makes around agent calls.

An agent is given a snapshot (:class:`~showdown.simulator.hand.SeatView`) that
leads nowhere, but Python lets running code reach its callers' frames and so
the live hand. A table therefore makes a :class:`StateCopy` of the hand before
each agent call and checks it afterwards: any difference (a chip moved between
two stacks, a card swapped, a flag set, the deck reordered) was made by the
agent, and the table stops with an ``AgentError``.

The copy is a shallow copy of the hand's attributes (it catches any attribute
rebound, added or deleted) plus a copy of every list the hand keeps (changes
made in place), compared list by list in C.

Examples
--------
>>> from showdown.simulator import HandState, Stakes
>>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=0)
>>> copy = StateCopy(hand)
>>> copy.unchanged(hand)
True
>>> hand.stacks[0] += 5; hand.stacks[1] -= 5  # chips moved: the total is the same
>>> copy.unchanged(hand), copy.changes(hand), copy.chips == sum(hand.stacks) + hand.pot
(False, ['stacks'], True)
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from .base import HandBase

__all__ = ["LIST_STATE", "NESTED_STATE", "StateCopy"]

#: The hand's lists of immutable items (their items are copied to see in-place changes).
LIST_STATE = (
    "starting_stacks", "stacks", "bets", "totals", "ante_paid", "antes", "blinds", "folded",
    "all_in", "disconnected", "mucked", "shown", "discards", "board", "log", "winnings",
    "_needs_action", "_may_raise", "_showdown_order", "_pending_deals", "_deck", "_muck",
    "_draw_queue", "_show_queue",
)  # fmt: skip

#: The hand's lists of lists, one per seat (their rows' items are copied).
NESTED_STATE = ("hole_cards", "up")

#: Containers that exist only in some hands (replays, exact odd chips), copied when present.
OPTIONAL_STATE = ("exact_stacks", "_discarded")

# Ends each list in a flat copy, so the copy says where each list ends (the hand's
# lists never hold it: an item moved from one list to another changes the copy).
_END = object()


def _flattener(seats: int) -> Callable[[dict[str, Any], object], list[Any]]:
    """A function giving every item of a ``seats``-player hand's lists in one new list.

    Written out for each number of seats (``[*stacks, END, *bets, END, ...]``):
    one list display copies every list in C, several times faster than copying
    the lists one by one, and the copy compares in one C call too.
    """
    parts = [f"*attributes[{name!r}], end" for name in LIST_STATE]
    parts += [f"*hole[{seat}], end" for seat in range(seats)]
    parts += [f"*up[{seat}], end" for seat in range(seats)]
    source = (
        "def flatten(attributes, end):\n"
        "    hole, up = attributes['hole_cards'], attributes['up']\n"
        f"    return [len(hole), len(up), {', '.join(parts)}]\n"
    )
    namespace: dict[str, Any] = {}
    # The source is built from the attribute names above only.
    exec(source, namespace)
    return namespace["flatten"]


# Seats -> its flattener, written on first use.
_FLATTENERS: dict[int, Callable[[dict[str, Any], object], list[Any]]] = {}


def _flat(attributes: dict[str, Any]) -> list[Any] | None:
    """Every item of the hand's lists, each list followed by an end mark (``None``: the
    lists are not all there, or one is not a sequence: never the case before an agent call)."""
    try:
        seats = attributes["n"]
        flatten = _FLATTENERS.get(seats)
        if flatten is None:
            flatten = _FLATTENERS[seats] = _flattener(seats)
        return flatten(attributes, _END)
    except (KeyError, IndexError, TypeError):
        return None


class StateCopy:
    """What a hand was when the copy was made: enough to tell whether anything changed.

    :meth:`unchanged` is the check (two C-level copies and comparisons);
    :meth:`changes` names what changed, for the error message.

    Parameters
    ----------
    hand
        The hand to copy.
    """

    __slots__ = ("attributes", "extra", "flat")

    def __init__(self, hand: HandBase) -> None:
        attributes = hand.__dict__
        # Rebinding, adding or deleting an attribute shows in the shallow copy; the
        # flat copy of the lists shows changes made inside them.
        self.attributes = attributes.copy()
        self.flat = _flat(attributes)
        self.extra = _extra_state(hand, attributes)

    def unchanged(self, hand: HandBase) -> bool:
        """Whether ``hand`` is as it was when the copy was made."""
        attributes = hand.__dict__
        return (
            attributes == self.attributes
            and _flat(attributes) == self.flat
            and _extra_state(hand, attributes) == self.extra
        )

    @property
    def chips(self) -> int:
        """Chips in play when the copy was made: behind (stacks) and put in (totals)."""
        lists = _named_lists(self.flat)
        return sum(lists["stacks"][0]) + sum(lists["totals"][0])

    def changes(self, hand: HandBase) -> list[str]:
        """The names of the attributes that differ now (``_rng`` for the card source)."""
        attributes = hand.__dict__
        changed = {
            name
            for name in {*attributes, *self.attributes}
            if attributes.get(name, _MISSING) != self.attributes.get(name, _MISSING)
        }
        before, now = _named_lists(self.flat), _named_lists(_flat(attributes))
        changed.update(name for name in before if before[name] != now.get(name))
        extra_now = _extra_state(hand, attributes)
        for name, old, new in zip((*OPTIONAL_STATE, "_rng"), self.extra, extra_now, strict=True):
            if old != new:
                changed.add(name)
        return sorted(changed)


def _named_lists(flat: list[Any] | None) -> dict[str, list[list[Any]]]:
    """A flat copy cut back into its lists, by attribute name (the rows of nested ones)."""
    if flat is None:
        return {}
    rows: list[list[Any]] = []
    start = 2
    for index in range(2, len(flat)):
        if flat[index] is _END:
            rows.append(flat[start:index])
            start = index + 1
    names = [*LIST_STATE, *["hole_cards"] * flat[0], *["up"] * flat[1]]
    named: dict[str, list[list[Any]]] = {}
    for name, row in zip(names, rows, strict=False):
        named.setdefault(name, []).append(row)
    return named


# Stands for a missing attribute when comparing (an attribute deleted or added).
_MISSING = object()

_NO_EXTRA = (None, None, None)


def _extra_state(hand: HandBase, attributes: dict[str, Any]) -> tuple[object, object, object]:
    """Copies of the optional containers and, in draw games, the card source's state.

    Empty on the hot path: the optional containers are class defaults (``None``)
    until a replay or an exact split sets them, and only a draw deals from the
    card source after the first deal.
    """
    exact = attributes.get("exact_stacks")
    discarded = attributes.get("_discarded")
    source = attributes.get("_rng") if attributes.get("_has_draw") else None
    if exact is None and discarded is None and source is None:
        return _NO_EXTRA
    return (
        None if exact is None else list(exact),
        None if discarded is None else {seat: set(cards) for seat, cards in discarded.items()},
        None if source is None else _source_state(source),
    )


def _source_state(source: object) -> object:
    """The state of a card source (the deals to come after a reshuffle)."""
    reader = _STATE_READERS.get(source.__class__)
    if reader is None:
        reader = _STATE_READERS[source.__class__] = _state_reader(source.__class__)
    return reader(source)


def _state_reader(kind: type) -> Callable[[Any], object]:
    """How to read the state of a card source of type ``kind``: a numpy generator's bit
    generator state, else copies of the object's own attributes (a per-hand card stream)."""
    if issubclass(kind, np.random.Generator):
        return lambda source: source.bit_generator.state
    slots: list[str] = []
    has_dict = False
    for klass in kind.__mro__[:-1]:  # object has neither
        names = vars(klass).get("__slots__")
        if names is None:
            has_dict = True
            continue
        slots += [names] if isinstance(names, str) else list(names)
    has_dict = has_dict or "__dict__" in slots
    slots = [name for name in slots if name not in ("__dict__", "__weakref__")]

    def read(source: Any) -> object:
        own = dict(vars(source)) if has_dict else None
        return own, tuple([getattr(source, name, _MISSING) for name in slots])

    if not has_dict and slots:
        getter = attrgetter(*slots)

        def read_slots(source: Any) -> object:
            try:
                return getter(source)
            except AttributeError:  # a slot without a value
                return read(source)

        return read_slots
    return read


# Card source type -> its state reader (one lookup per check instead of probing).
_STATE_READERS: dict[type, Callable[[Any], object]] = {}
