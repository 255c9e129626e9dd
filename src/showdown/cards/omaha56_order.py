"""Five- and six-card Omaha hand classes ordered by equity: ``15%`` of those games' ranges.

The classes are the hands up to suit relabelling (:mod:`showdown.cards.suit_classes`):
134,459 of five cards, 962,988 of six, numbered in the order of their
canonical card masks. Each class's equity against one random hand of its
game, for high and for hi-lo 8-or-better, was measured by
``python -m showdown.equity.analysis._build_omaha56_order`` (the method, its precision
and its run time are in that module and in ``docs/ranges.md``) and ships as
``showdown/cards/data/preflop_order_omaha5.npz`` and ``..._omaha6.npz``:
``uint16`` equity codes (``65535`` = 1.0) by class number, with the class
sizes as a check. A file is used only if its SHA-256 is the recorded one
(:mod:`showdown._data_files`); otherwise the first use raises
:class:`~showdown._data_files.DataFileError` naming the file.

Classes are ordered by code, best first, equal codes by class number; ``15%``
takes classes from the front until they hold the share of all hands nearest
the fraction (at least one class; on a tie, the smaller range), as for
hold'em and four-card Omaha. :mod:`showdown.cards.omaha_order` hands its
five- and six-card games here.

Examples
--------
>>> from showdown.cards import format_cards
>>> best = representatives(5)[class_order("omaha5")[0]]
>>> format_cards(best[::-1])[:4]
'AsAh'
>>> round(len(top_hands(0.1, "omaha5")) / 2_598_960, 4)
0.1
"""

from __future__ import annotations

import functools
import io
import math

import numpy as np
from numpy.typing import NDArray

from .._data_files import DataFileError, data_path, read_data_file
from .hand_table import hand_index, masks_to_cards
from .suit_classes import class_keys, class_of, member_masks, representatives

__all__ = [
    "ORDERED_GAMES",
    "ORDER_FILES",
    "class_equity",
    "class_order",
    "hand_rank",
    "representatives",
    "top_classes",
    "top_hands",
]

#: Package data file of each hand size (inside ``showdown.cards``).
ORDER_FILES = {5: "data/preflop_order_omaha5.npz", 6: "data/preflop_order_omaha6.npz"}
#: Where they are read from (a test may point one elsewhere).
ORDER_PATHS = {size: data_path("cards/" + name) for size, name in ORDER_FILES.items()}
#: Each game with an ordering here: its hand size and the file's array.
ORDERED_GAMES = {
    "omaha5": (5, "high"),
    "omaha5-hilo": (5, "hilo"),
    "omaha6": (6, "high"),
    "omaha6-hilo": (6, "hilo"),
}
#: The code of equity 1.0.
CODE_SCALE = 65_535


def _game(game: str) -> tuple[int, str]:
    if game not in ORDERED_GAMES:
        raise ValueError(
            f"game: {game!r} has no five- or six-card ordering; known: {', '.join(ORDERED_GAMES)}"
        )
    return ORDERED_GAMES[game]


@functools.cache
def _codes(size: int) -> dict[str, NDArray[np.uint16]]:
    """The file's ``high`` and ``hilo`` codes by class number, after the hash check."""
    path = ORDER_PATHS[size]
    data = read_data_file("cards/" + ORDER_FILES[size], path)
    try:
        with np.load(io.BytesIO(data)) as archive:
            arrays = {name: archive[name] for name in ("combos", "high", "hilo")}
    except (OSError, KeyError, ValueError) as error:  # only a wrong recorded hash gets here
        raise DataFileError(f"{path}: not an ordering table ({error})") from None
    _, sizes = class_keys(size)
    if not all(len(array) == len(sizes) for array in arrays.values()) or not np.array_equal(
        arrays["combos"], sizes
    ):
        raise DataFileError(f"{path}: expected the {len(sizes):,} classes once each")
    for array in arrays.values():
        array.flags.writeable = False
    return arrays


def class_equity(game: str) -> NDArray[np.float64]:
    """Each class's equity against one random hand (by class number), as shipped."""
    size, column = _game(game)
    equity: NDArray[np.float64] = _codes(size)[column] / CODE_SCALE
    return equity


@functools.cache
def class_order(game: str) -> NDArray[np.int64]:
    """Class numbers, best first; equal codes by class number."""
    size, column = _game(game)
    # A stable sort of the negated codes keeps class order on equal codes.
    order = np.argsort(-_codes(size)[column].astype(np.int64), kind="stable")
    order.flags.writeable = False
    return order


def top_classes(fraction: float, game: str) -> NDArray[np.int64]:
    """The best classes (best first) holding the share of hands nearest ``fraction``."""
    size, _ = _game(game)
    order = class_order(game)
    counts = np.cumsum(class_keys(size)[1][order])
    # Nearest cumulative count; argmin keeps the first (smaller) on a tie.
    take = int(np.argmin(np.abs(counts - fraction * math.comb(52, size)))) + 1
    return order[:take]


def top_hands(fraction: float, game: str) -> NDArray[np.int64]:
    """Table indices (:mod:`~showdown.cards.hand_table`, sorted) of the top ``fraction``."""
    size, _ = _game(game)
    masks = member_masks(size, top_classes(fraction, game))
    return np.sort(hand_index(size, masks_to_cards(masks, size)))


def hand_rank(combos: NDArray[np.uint8], game: str) -> NDArray[np.int64]:
    """Place of each hand's class in the ordering (0 = best), for hands ``(n, size)``."""
    size, _ = _game(game)
    if combos.shape[-1] != size:
        raise ValueError(f"hand_rank: {game} hands hold {size} cards, got {combos.shape[-1]}")
    order = class_order(game)
    places = np.empty(len(order), dtype=np.int64)
    places[order] = np.arange(len(order))
    ranked: NDArray[np.int64] = places[class_of(combos)]
    return ranked
