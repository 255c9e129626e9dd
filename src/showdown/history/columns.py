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

from dataclasses import dataclass
from typing import Any

from .replayed import COUNTER_NAMES

__all__ = ["CATEGORY_COLUMNS", "HAND_COLUMNS", "Coded"]

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


@dataclass
class Coded:
    """A text column as integer codes into its distinct values: how the fast path of
    :func:`~showdown.history.analyze` makes its categoricals without a text per row.

    Attributes
    ----------
    codes
        An index into ``categories`` per row (``-1``: missing).
    categories
        The texts (an object array; any order, unused ones allowed: the frame's
        categoricals are put in order of first appearance when the parts are joined).

    Examples
    --------
    >>> import numpy as np
    >>> column = Coded(np.array([1, 0, -1]), np.array(["a", "b"], dtype=object))
    >>> column.repeat(np.array([2, 1, 1])).codes.tolist(), len(column)
    ([1, 1, 0, -1], 3)
    """

    codes: Any
    categories: Any

    def __len__(self) -> int:
        return len(self.codes)

    def repeat(self, counts: Any) -> Coded:
        """Each row repeated ``counts`` times (a hand's value on each of its seats)."""
        import numpy as np

        return Coded(np.repeat(self.codes, counts), self.categories)
