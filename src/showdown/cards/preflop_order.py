"""The 169 hold'em classes ordered by heads-up equity against one random hand.

This is the order of the "top X %" range sliders: :meth:`Range.top
<showdown.cards.Range.top>` takes classes from the front until it holds the
asked share of the 1,326 starting hands.

The numbers are this package's own: ``showdown/cards/data/preflop_order.csv``
holds, for each class, the exact counters (deals, wins, ties) of one of its
combos against a random hand, enumerated by the equity engine (the build
script is ``python -m showdown.equity.analysis._build_preflop_order``; a slow test
recomputes rows and compares). Equity is ``(wins + ties / 2) / deals``,
kept as an exact fraction so the order never depends on rounding; classes
with equal equity keep grid order (:data:`~showdown.cards.range_grid.HAND_CLASSES`).
The file is used only if its SHA-256 is the recorded one
(:mod:`showdown._data_files`); otherwise the first call raises
:class:`~showdown._data_files.DataFileError` naming the file, so a damaged
install never yields a wrong order.

Examples
--------
>>> preflop_order()[:4]
('AA', 'KK', 'QQ', 'JJ')
>>> round(preflop_equity()["AA"], 6), preflop_order()[-1]
(0.852037, '32o')
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from .._data_files import DataFileError, data_path, read_data_file
from .range_grid import CELL_COMBOS, HAND_CLASSES, cell_of_class

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "PREFLOP_ORDER_FILE",
    "PREFLOP_ORDER_PATH",
    "preflop_equity",
    "preflop_order",
    "top_classes",
]

#: Package data file (inside ``showdown.cards``).
PREFLOP_ORDER_FILE = "data/preflop_order.csv"
#: Its name among the shipped data files, whose SHA-256 is checked before use.
_DATA_NAME = "cards/" + PREFLOP_ORDER_FILE
#: Where it is read from.
PREFLOP_ORDER_PATH = data_path(_DATA_NAME)


@functools.cache
def _exact_equities() -> dict[str, Fraction]:
    # Imported here: most programs never ask for the order.
    import csv
    import io
    from fractions import Fraction

    # The hash check comes first: a damaged file would otherwise give a
    # traceback or, reordered or edited, a silently wrong top-X % range.
    text = read_data_file(_DATA_NAME, PREFLOP_ORDER_PATH).decode("utf-8")
    equities: dict[str, Fraction] = {}
    for row in csv.DictReader(io.StringIO(text)):
        deals, wins, ties = int(row["deals"]), int(row["wins"]), int(row["ties"])
        equities[row["hand_class"]] = Fraction(2 * wins + ties, 2 * deals)
    missing = set(HAND_CLASSES) - set(equities)
    if missing or len(equities) != len(HAND_CLASSES):
        # Only a wrong recorded hash gets here: the checked file holds the 169 classes.
        raise DataFileError(
            f"{PREFLOP_ORDER_PATH}: expected the 169 classes, missing {sorted(missing)}"
        )
    return equities


def preflop_equity() -> dict[str, float]:
    """Each class's exact heads-up equity against one random hand, in grid order."""
    equities = _exact_equities()
    return {name: float(equities[name]) for name in HAND_CLASSES}


@functools.cache
def preflop_order() -> tuple[str, ...]:
    """The 169 class names, best first (ties keep grid order)."""
    equities = _exact_equities()
    position = {name: index for index, name in enumerate(HAND_CLASSES)}
    return tuple(sorted(HAND_CLASSES, key=lambda name: (-equities[name], position[name])))


def top_classes(fraction: float) -> tuple[str, ...]:
    """The best classes holding the share of the 1,326 hands nearest ``fraction``.

    Classes are taken from the front of :func:`preflop_order` (at least one;
    on a tie between two cut points, the smaller range). This is the one
    rule behind :meth:`Range.top <showdown.cards.Range.top>` and the ``15%``
    of range text.

    Examples
    --------
    >>> top_classes(0.01)  # 12 hands: the nearest cut to 13.26
    ('AA', 'KK')
    """
    order = preflop_order()
    counts = np.cumsum([CELL_COMBOS[cell_of_class(name)] for name in order])
    # Nearest cumulative count; argmin keeps the first (smaller) on a tie.
    take = int(np.argmin(np.abs(counts - fraction * 1326))) + 1
    return order[:take]
