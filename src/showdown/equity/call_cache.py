"""Answers of repeated exact equity calls, kept by their exact inputs.

An exact answer depends on the inputs only, so a call repeated with the same
arguments (a loop over the same spot, an interactive session, a service
answering the same question) needs neither parsing, nor checking, nor
running again: :func:`remember_calls` wraps ``equity()`` so that such a call
costs a dictionary look-up and a fresh result object.

What makes this safe:

- The key is the inputs themselves, each with its exact type (``1``,
  ``True`` and ``1.0`` are different keys, so a call the checks would refuse
  never matches one they accepted). Card arrays are keyed by their dtype,
  shape and bytes, so an array changed in place after a call makes a new key.
  Inputs of any other kind (lists of card codes, array subclasses, floats,
  unknown objects) are never kept: such calls run as usual.
- Only exact answers are kept, and only of calls that report nothing on the
  way (no ``progress``), run here (no ``client``/``scheduler``) and keep no
  per-combo counters. A sampled run, a run that fell back to sampling, and
  anything that failed are never kept.
- A call answered from here gets its own result with its own copies of the
  arrays: changing one result never changes another.

Examples
--------
>>> from showdown.equity import equity
>>> first = equity(["AhKh", "QsQd"], board="2c7d9h")
>>> again = equity(["AhKh", "QsQd"], board="2c7d9h")
>>> again is first, again.equity.tolist() == first.equity.tolist()
(False, True)
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

if TYPE_CHECKING:
    from .result import EquityResult

#: Most answers kept; the oldest goes first when a new one comes.
MAX_ENTRIES = 512
#: Card arrays larger than this (bytes) are not worth keying (nor plausible: a hand
#: or a board is a few bytes).
MAX_ARRAY_BYTES = 1024

_Function = TypeVar("_Function", bound=Callable[..., Any])


class _NotKeptError(Exception):
    """An input that cannot be part of a key: the call runs as usual."""


#: Input types kept as they are (each with its type in the key).
_PLAIN = frozenset({str, int, bool, type(None)})
#: Options whose use (other than their defaults) means an answer is never kept.
_REPORTING = frozenset({"progress", "combos", "client", "scheduler"})


def _array_part(value: object) -> object:
    """An input other than text, a whole number, a flag or ``None``, as part of a key.

    Card arrays become their dtype, shape and bytes; anything else is not kept.
    """
    if type(value) in _PLAIN:
        return value
    if type(value) is not np.ndarray:
        raise _NotKeptError
    array: np.ndarray = value
    if array.dtype.kind not in "iu" or array.nbytes > MAX_ARRAY_BYTES:
        raise _NotKeptError
    return "array", array.dtype.str, array.shape, array.tobytes()


def call_key(players: object, options: dict[str, Any]) -> tuple[Any, ...] | None:
    """The key of a call, or ``None`` when its answer is not kept.

    The players, the option names in the order given, their values and the
    type of every one of them (so ``threads=1`` and ``threads=True`` differ).

    Examples
    --------
    >>> spot = ["AhKh", "QsQd"]
    >>> call_key(spot, {"board": "2c7d9h"}) == call_key(tuple(spot), {"board": "2c7d9h"})
    True
    >>> call_key(spot, {"threads": 1}) == call_key(spot, {"threads": True})
    False
    >>> call_key(spot, {"progress": print}) is None
    True
    """
    if type(players) is not list and type(players) is not tuple:
        return None
    if not _REPORTING.isdisjoint(options) and (
        options.get("progress") not in (None, False)
        or options.get("combos") not in (None, False)
        or options.get("client") is not None
        or options.get("scheduler") is not None
    ):
        return None
    hands = tuple(players)
    values = tuple(options.values())
    kinds = tuple(map(type, hands + values))
    if not _PLAIN.issuperset(kinds):
        try:
            hands = tuple(map(_array_part, hands))
            values = tuple(map(_array_part, values))
        except _NotKeptError:
            return None
    return hands, tuple(options), values, kinds


class _Entry:
    """A kept answer: a finished result's attributes and its equity, never handed out.

    The kept counters are read-only and shared by the results made from them,
    but for ``counts``, which a result hands out (``share_counts``): each
    result gets its own copy of it, and of ``equity``.
    """

    def __init__(self, result: EquityResult) -> None:
        self.kind = type(result)
        self.attributes = dict(vars(result))
        kept = result._counters
        counters = object.__new__(type(kept))
        counters.__dict__.update(
            {
                name: _read_only(value.copy()) if type(value) is np.ndarray else value
                for name, value in kept.__dict__.items()
            }
        )
        self.attributes["_counters"] = self.counters = counters
        self.attributes["players"] = self.players = list(result.players)
        # Worked out once (on a twin, so the caller's result stays untouched): the
        # share every caller reads.
        self.equity = _read_only(self._fresh().equity.copy())

    def _fresh(self) -> EquityResult:
        fresh: EquityResult = object.__new__(self.kind)
        fresh.__dict__.update(self.attributes)
        return fresh

    def result(self) -> EquityResult:
        """A new result: its own ``counts``, ``equity`` and player list."""
        counters = object.__new__(type(self.counters))
        counters.__dict__.update(self.counters.__dict__)
        counters.counts = self.counters.counts.copy()
        fresh = self._fresh()
        attributes = fresh.__dict__
        attributes["_counters"] = counters
        attributes["players"] = self.players.copy()
        attributes["equity"] = self.equity.copy()
        return fresh


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


_entries: dict[tuple[Any, ...], _Entry] = {}
_store_lock = threading.Lock()


def clear() -> None:
    """Forget every kept answer."""
    with _store_lock:
        _entries.clear()


def _keep(key: tuple[Any, ...], result: EquityResult) -> None:
    counters = result._counters
    if not result.exact or result.note is not None or counters.by_combo is not None:
        return
    entry = _Entry(result)
    with _store_lock:
        while len(_entries) >= MAX_ENTRIES:
            del _entries[next(iter(_entries))]
        _entries[key] = entry


def remember_calls(equity: _Function) -> _Function:
    """``equity`` answering repeated exact calls from the kept answers (see the module)."""

    @functools.wraps(equity)
    def remembered(*arguments: Any, **options: Any) -> Any:
        # The usual call: the players, then keywords (anything else runs as usual).
        key = call_key(arguments[0], options) if len(arguments) == 1 else None
        if key is None:
            return equity(*arguments, **options)
        players = arguments[0]
        entry = _entries.get(key)
        if entry is not None:
            return entry.result()
        result = equity(players, **options)
        _keep(key, result)
        return result

    return remembered  # type: ignore[return-value]
