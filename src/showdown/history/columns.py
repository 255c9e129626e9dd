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

__all__ = [
    "CATEGORY_COLUMNS", "HAND_COLUMNS", "Coded", "coded_categorical", "distinct_categorical",
    "join_coded",
]  # fmt: skip

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
        The texts, distinct (an object array; any order, unused ones allowed: the frame's
        categoricals are put in order of first appearance when the parts are joined).
    ordered
        Whether the codes are known to number the texts in order of first appearance,
        every text used (as factorizing numbers them): :func:`coded_categorical` then
        has nothing to check or renumber. ``False`` says nothing.
    origin
        Where the texts come from, when no text of this column can be among those of
        a column of another origin (a file's hand sources: the file's name and a
        hand number): :func:`join_coded` then has no text to look up.

    Examples
    --------
    >>> import numpy as np
    >>> column = Coded(np.array([1, 0, -1]), np.array(["a", "b"], dtype=object))
    >>> column.repeat(np.array([2, 1, 1])).codes.tolist(), len(column)
    ([1, 1, 0, -1], 3)
    """

    codes: Any
    categories: Any
    ordered: bool = False
    origin: str | None = None

    def __len__(self) -> int:
        return len(self.codes)

    def repeat(self, counts: Any) -> Coded:
        """Each row repeated ``counts`` times (a hand's value on each of its seats)."""
        import numpy as np

        # (no row dropped, no text lost: the order of first appearance stays)
        kept = self.ordered and bool((np.asarray(counts) > 0).all())
        return Coded(np.repeat(self.codes, counts), self.categories, kept, self.origin)


def join_coded(parts: list[Any]) -> Coded:
    """Text columns' parts (:class:`~showdown.history.columns.Coded`, or texts in lists
    or arrays) as one: each distinct text one code, in order of the parts.

    The result is :attr:`~Coded.ordered` when every part is: a text first appears in
    the first part that has it, after the new texts of that part before it.
    """
    import numpy as np
    import pandas as pd

    ordered = all(isinstance(part, Coded) and part.ordered for part in parts)
    origins = [part.origin if isinstance(part, Coded) else None for part in parts]
    if parts and None not in origins and len(set(origins)) == len(origins):
        # No text in two parts: nothing to look up (a text per hand, in the source column).
        starts = np.cumsum([0] + [len(part.categories) for part in parts[:-1]]).tolist()
        shifted = [_shifted(part.codes, start) for part, start in zip(parts, starts, strict=True)]
        return Coded(
            np.concatenate(shifted),
            np.concatenate([part.categories for part in parts]),
            ordered,
        )
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
    return Coded(np.concatenate(codes), np.asarray(texts, dtype=object), ordered)


def _shifted(codes: Any, start: int) -> Any:
    """``codes`` plus ``start``, a missing one (``-1``) kept missing."""
    import numpy as np

    return np.where(codes >= 0, codes + start, -1)


def coded_categorical(column: Coded) -> Any:
    """A coded column as the categorical of its texts that :func:`~showdown.history.analyze`
    makes of text columns: categories in order of first appearance (the order of a
    hand store's dictionary), unused ones left out, missing values missing."""
    import numpy as np
    import pandas as pd

    codes, size = column.codes, len(column.categories)
    if column.ordered:
        return distinct_categorical(codes, column.categories)
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
    return distinct_categorical(codes, categories)


def distinct_categorical(codes: Any, categories: Any) -> Any:
    """``pandas.Categorical.from_codes(codes, categories=list(categories))`` for
    ``categories`` known to be distinct texts, none missing (as :class:`Coded`
    columns and factorizing give them); a ``-1`` code is a missing value.

    ``from_codes`` would hash every category again to check that they are distinct
    (most of the time of the ``source`` column, a text per hand); the dtype is made
    without that check here (the codes are still checked to be in range). That needs
    pandas' private ``CategoricalDtype._from_fastpath``: where it is missing (another
    pandas), the public, checking construction is used. Categories go in as a list,
    so pandas types them as it types a hand store's (text).
    """
    import pandas as pd

    categories = list(categories)
    fastpath = getattr(pd.CategoricalDtype, "_from_fastpath", None)
    if fastpath is None:
        return pd.Categorical.from_codes(codes, categories=categories)
    # (the Index as ``CategoricalDtype(categories)`` makes it, then unchecked)
    dtype = fastpath(pd.Index(categories, tupleize_cols=False), False)
    return pd.Categorical.from_codes(codes, dtype=dtype)
