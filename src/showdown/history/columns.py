"""The per-hand frame's columns: their names and order, in one place.

:func:`~showdown.history.analyze` builds the per-hand frame with these columns
and the hand store (:mod:`~showdown.history.store`) writes and reads them; both
import them from here, below either of them. Text columns made by the fast path
are :class:`Coded` (codes into distinct texts), joined and made categoricals here.

Examples
--------
>>> HAND_COLUMNS[:3], set(CATEGORY_COLUMNS) <= set(HAND_COLUMNS)
(('hand', 'source', 'hand_id'), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .replayed import COUNTER_NAMES

__all__ = ["CATEGORY_COLUMNS", "HAND_COLUMNS", "Coded", "coded_categorical", "join_coded"]

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


def join_coded(parts: list[Any]) -> Coded:
    """Text columns' parts (:class:`~showdown.history.columns.Coded`, or texts in lists
    or arrays) as one: each distinct text one code, in order of the parts."""
    import numpy as np
    import pandas as pd

    coded = []
    for part in parts:
        if not isinstance(part, Coded):
            found, seen = pd.factorize(np.asarray(part, dtype=object))
            part = Coded(found, np.asarray(seen, dtype=object))
        coded.append(part)
    # Every part's texts numbered at once, in order.
    numbers, texts = pd.factorize(np.concatenate([part.categories for part in coded]))
    codes, start = [], 0
    for part in coded:
        stop = start + len(part.categories)
        # The last entry, -1, keeps a missing text missing.
        codes.append(np.append(numbers[start:stop], -1)[part.codes])
        start = stop
    return Coded(np.concatenate(codes), np.asarray(texts, dtype=object))


def coded_categorical(column: Coded) -> Any:
    """A coded column as the categorical of its texts that :func:`~showdown.history.analyze`
    makes of text columns: categories in order of first appearance (the order of a
    hand store's dictionary), unused ones left out, missing values missing."""
    import numpy as np
    import pandas as pd

    codes, size = column.codes, len(column.categories)
    grown = np.diff(np.maximum.accumulate(codes), prepend=-1)
    if (grown <= 1).all() and codes.max(initial=-1) == size - 1:
        # Already numbered in order of first appearance, every text used (the fast
        # path's own columns): nothing to renumber.
        categories = column.categories
    else:
        if size <= 32:  # a few texts: where each first appears, one pass each
            hits = codes[:, None] == np.arange(size)
            used = np.flatnonzero(hits.any(axis=0))
            used = used[np.argsort(hits[:, used].argmax(axis=0))]
        else:
            used = pd.unique(codes[codes >= 0])
        renumbered = np.full(size + 1, -1, dtype=np.int64)
        renumbered[used] = np.arange(len(used))
        codes, categories = renumbered[codes], column.categories[used]
    # Categories from a list, so pandas types them as it types a hand store's (text).
    return pd.Categorical.from_codes(codes, categories=list(categories))
