"""The 16,432 four-card Omaha hand classes ordered by equity: the ``15%`` of Omaha ranges.

A **class** is a set of four-card hands that a relabelling of the suits maps
onto each other (``AsAhKsKh`` and ``AdAcKdKc``): 270,725 hands fall into
16,432 classes of 1, 4, 6, 12 or 24 hands. Against random opponents every hand
of a class has the same equity, so an ordering of hands is an ordering of
classes. Each class is named by its **representative**, the member whose
highest cards take the highest suits (spades, then hearts: ``AsAhKsKh``).

The numbers are this package's own: ``showdown/cards/data/preflop_order_omaha.csv``
holds, for each class, the counters of its representative against one
random hand, for Omaha high and for Omaha hi-lo 8-or-better, measured by
``python -m showdown.equity.analysis._build_omaha_order`` (the method, its precision
and its run time are in that module). A class's equity is
``quarters / (4 * deals)``: the pot shares it won, counted in quarter pots
so hi-lo splits stay integers and the order never depends on rounding.
Classes with equal counters keep the order of their representatives' card
masks. The file is used only if its SHA-256 is the recorded one
(:mod:`showdown._data_files`); otherwise the first use raises
:class:`~showdown._data_files.DataFileError` naming the file.

``15%`` and :meth:`Range.top(0.15, game="omaha") <showdown.cards.Range.top>`
take classes from the front until they hold the share of the 270,725 hands
nearest the fraction (at least one class; on a tie, the smaller range), the
rule hold'em's :func:`~showdown.cards.preflop_order.top_classes` follows.
Omaha hi-lo has its own ordering. The five- and six-card games (high and
hi-lo) have theirs in :mod:`showdown.cards.omaha56_order`, measured the same
way with fewer deals per class: :func:`class_order`, :func:`class_equity`,
:func:`top_hands` and :func:`hand_rank` hand those games over to it.

Examples
--------
>>> order = class_order("omaha")
>>> representatives = suit_classes()[1]
>>> from showdown.cards import format_cards
>>> format_cards(representatives[order[0]][::-1])
'AsAhJsJh'
>>> len(order), int(suit_classes()[2].sum())
(16432, 270725)
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
from numpy.typing import NDArray

from .._data_files import DataFileError, data_path, read_data_file
from . import omaha56_order
from .codes import format_cards
from .hand_table import hand_cards, hand_masks, masks_to_cards
from .omaha56_order import ORDERED_GAMES as BIG_GAMES

__all__ = [
    "FOUR_CARD_GAMES",
    "OMAHA_ORDER_FILE",
    "OMAHA_ORDER_PATH",
    "ORDERED_GAMES",
    "class_equity",
    "class_order",
    "hand_rank",
    "no_ordering",
    "suit_classes",
    "top_hands",
]

#: Package data file (inside ``showdown.cards``).
OMAHA_ORDER_FILE = "data/preflop_order_omaha.csv"
_DATA_NAME = "cards/" + OMAHA_ORDER_FILE
#: Where it is read from.
OMAHA_ORDER_PATH = data_path(_DATA_NAME)
#: The games with a four-card ordering, and the file's counter column of each.
FOUR_CARD_GAMES = {"omaha": "high_quarters", "omaha-hilo": "hilo_quarters"}
#: Every Omaha game with an ordering, and its hand size.
ORDERED_GAMES = {
    **{game: 4 for game in FOUR_CARD_GAMES},
    **{game: size for game, (size, _) in BIG_GAMES.items()},
}
#: Four-card hands in a deck.
OMAHA_HANDS = 270_725


@functools.cache
def suit_classes() -> tuple[NDArray[np.int64], NDArray[np.uint8], NDArray[np.int64]]:
    """``(class of each hand, representatives, class sizes)`` of the four-card hands.

    ``class of each hand`` is indexed like :func:`~showdown.cards.hand_table.hand_masks`
    (4); representatives are ``(16432, 4)`` rows of ascending cards, in the order of
    their card masks (the class numbers).
    """
    cards = hand_cards(4, np.arange(OMAHA_HANDS)).astype(np.uint64)
    ranks, suits = cards // np.uint64(4) * np.uint64(4), cards % np.uint64(4)
    best = np.zeros(OMAHA_HANDS, dtype=np.uint64)
    for permutation in itertools.permutations(range(4)):
        relabelled = ranks + np.array(permutation, dtype=np.uint64)[suits]
        masks = np.bitwise_or.reduce(np.uint64(1) << relabelled, axis=1)
        # The largest mask puts the highest cards in the highest suits.
        best = np.maximum(best, masks)
    keys, classes, sizes = np.unique(best, return_inverse=True, return_counts=True)
    representatives = masks_to_cards(keys, 4)
    for array in (classes, representatives, sizes):
        array.flags.writeable = False
    return classes.astype(np.int64), representatives, sizes.astype(np.int64)


@functools.cache
def _counters() -> dict[str, NDArray[np.int64]]:
    """The file's columns, by class number, after the hash check."""
    import csv
    import io

    text = read_data_file(_DATA_NAME, OMAHA_ORDER_PATH).decode("utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    _, representatives, sizes = suit_classes()
    names = [format_cards(row[::-1]) for row in representatives]
    position = {name: index for index, name in enumerate(names)}
    columns = {
        column: np.zeros(len(names), dtype=np.int64)
        for column in ("combos", "deals", *FOUR_CARD_GAMES.values())
    }
    for row in rows:
        index = position.get(row["hand"])
        if index is None:
            raise DataFileError(f"{OMAHA_ORDER_PATH}: {row['hand']!r} names no class")
        for column, values in columns.items():
            values[index] = int(row[column])
    # Only a wrong recorded hash gets past these: the checked file is complete.
    if len(rows) != len(names) or not np.array_equal(columns["combos"], sizes):
        raise DataFileError(f"{OMAHA_ORDER_PATH}: expected the {len(names):,} classes once each")
    return columns


def no_ordering(game: str) -> str:
    """Why ``game`` has no ``15%``: the error message, naming the games that have one."""
    return (
        f"no hand ordering ships for {game}: percent ranges and Range.top need one, "
        f"and there are orderings for holdem, {', '.join(ORDERED_GAMES)} only"
    )


def _game(game: str | None) -> str:
    name = "omaha" if game is None else game
    if name not in ORDERED_GAMES:
        raise ValueError(no_ordering(name))
    return name


def class_equity(game: str | None = None) -> NDArray[np.float64]:
    """Each class's equity against one random hand (by class number), as measured."""
    if _game(game) in BIG_GAMES:
        return omaha56_order.class_equity(_game(game))
    columns = _counters()
    quarters = columns[FOUR_CARD_GAMES[_game(game)]]
    equity: NDArray[np.float64] = quarters / (4.0 * columns["deals"])
    return equity


@functools.cache
def class_order(game: str | None = None) -> NDArray[np.int64]:
    """Class numbers, best first (any game of :data:`ORDERED_GAMES`).

    Four-card classes are compared by their exact counter ratio ``quarters / deals``,
    equal ratios by class number (five and six cards: :mod:`showdown.cards.omaha56_order`).
    """
    if _game(game) in BIG_GAMES:
        return omaha56_order.class_order(_game(game))
    columns = _counters()
    quarters = columns[FOUR_CARD_GAMES[_game(game)]]
    deals = columns["deals"]
    # Sort by the exact fraction: float64 holds these ratios without ties that are not ties
    # (numerators below 2**20), and a stable sort keeps class order on true ties.
    ratio = quarters / deals
    order = np.argsort(-ratio, kind="stable")
    order.flags.writeable = False
    return order


def top_hands(fraction: float, game: str | None = None) -> NDArray[np.int64]:
    """Table indices (sorted) of the best classes holding the share of hands nearest ``fraction``.

    Examples
    --------
    >>> len(top_hands(0.15)), round(len(top_hands(0.15)) / 270_725, 3)
    (40616, 0.15)
    """
    if _game(game) in BIG_GAMES:
        return omaha56_order.top_hands(fraction, _game(game))
    order = class_order(game)
    classes, _, sizes = suit_classes()
    counts = np.cumsum(sizes[order])
    # Nearest cumulative count; argmin keeps the first (smaller) on a tie.
    take = int(np.argmin(np.abs(counts - fraction * OMAHA_HANDS))) + 1
    chosen = np.zeros(len(order), dtype=bool)
    chosen[order[:take]] = True
    return np.flatnonzero(chosen[classes]).astype(np.int64)


def hand_rank(combos: NDArray[np.uint8], game: str | None = None) -> NDArray[np.int64]:
    """Place of each hand's class in the ordering (0 = best): four cards, or the game's."""
    if _game(game) in BIG_GAMES:
        return omaha56_order.hand_rank(combos, _game(game))
    classes, _, _ = suit_classes()
    places = np.empty(len(classes), dtype=np.int64)
    order = class_order(game)
    places[order] = np.arange(len(order))
    masks = np.bitwise_or.reduce(np.uint64(1) << combos.astype(np.uint64), axis=1)
    table = hand_masks(4)
    # Table masks are in lexicographic order, not mask order: search a sorted copy.
    sorter = np.argsort(table)
    index = sorter[np.searchsorted(table, masks, sorter=sorter)]
    ranked: NDArray[np.int64] = places[classes[index]]
    return ranked
