"""The per-hand frame's columns: their names and order, in one place.

:func:`~showdown.history.analyze` builds the per-hand frame with these columns
and the hand store (:mod:`~showdown.history.store`) writes and reads them; both
import them from here, below either of them.

Examples
--------
>>> HAND_COLUMNS[:3], set(CATEGORY_COLUMNS) <= set(HAND_COLUMNS)
(('hand', 'source', 'hand_id'), True)
"""

from __future__ import annotations

from .replayed import COUNTER_NAMES

__all__ = ["CATEGORY_COLUMNS", "HAND_COLUMNS"]

#: Columns of the per-hand frame (one row per player and hand), in order.
HAND_COLUMNS = (
    "hand", "source", "hand_id", "variant", "player", "position", "big_blind",
    "pot", "rake", "contributed", "collected", "net", "net_bb",
    "all_in", "all_in_street", "equity", "ev_net", "ev_net_bb", "exact", "result_from",
    *COUNTER_NAMES,
)  # fmt: skip

#: Text columns of the per-hand frame, kept as pandas categoricals (a few distinct
#: values over millions of rows: memory, and fast grouping).
CATEGORY_COLUMNS = (
    "source", "hand_id", "variant", "player", "all_in", "all_in_street", "result_from",
)  # fmt: skip
