"""Short-deck (6+) hold'em: its hand ranking, strengths and lookup tables.

The short deck is the 36 cards six to ace. Two rules differ from the full deck,
as in PHH's ``NS`` variant and pokerkit's short-deck lookup:

* a **flush beats a full house** (with four ranks gone, flushes are rarer);
* **A-6-7-8-9 is the lowest straight**: the ace plays low there and only there
  (A-K-Q-J-T is still the top straight). Suited, it is the lowest straight flush.

Three of a kind still loses to a straight. Categories, weakest first: high
card, pair, two pair, three of a kind, straight, full house, flush, four of a
kind, straight flush (:data:`SHORT_DECK_ORDER`).

Strengths
---------
A short-deck strength is the hand's place among the 1,404 five-card classes of
the short deck, weakest first: 1 (9-8-7-6-... high card, the weakest) to
1,404 (the ace-high straight flush); 0 is no hand. They are dense rather than
``category << 12 | index`` on purpose: every short-deck strength is below
4,096, the weakest full-deck strength, so a strength handed to the describer of
the wrong game is refused instead of silently read as another hand.

Tables
------
The same additive key as the full deck (:mod:`.tables`): each card adds one of
the first nine :data:`~.table_layout.RANK_KEYS` (six = key 0 .. ace = key 8;
the greedy search that made them gives the same first nine for nine ranks, so
sums of up to seven cards stay distinct) plus one in its suit counter, whose
top bit flags a flush. Non-flush rank sums go through a perfect hash (row
displacement, :func:`._build_kernels.place_rows`); flushes look up their
suit's 9-bit rank mask. The tables are small (55 KB) and take a
fraction of a second to build, so they are built on first use in each
process and kept, not shipped; :data:`SHORT_DECK_TABLES_SHA256` pins their
content and a test rebuilds and compares.
"""

from __future__ import annotations

import hashlib
import itertools
import threading
from functools import cache
from typing import NamedTuple

import numpy as np

from .categories import HandCategory, HandClass, class_of_counts, class_of_flush, describe_class
from .table_layout import RANK_KEYS, SUIT_SHIFT

__all__ = [
    "LOWEST_RANK",
    "N_SHORT_DECK_CLASSES",
    "SHORT_DECK_CATEGORY_SIZES",
    "SHORT_DECK_ORDER",
    "SHORT_DECK_ROW_SHIFT",
    "SHORT_DECK_TABLES_SHA256",
    "ShortDeckTables",
    "build_short_deck_tables",
    "get_short_deck_tables",
    "short_deck_categories",
    "short_deck_classes",
    "short_deck_descriptions",
    "short_deck_straight_top",
    "short_deck_table_digest",
]

#: Rank code of the six (card code ``rank * 4 + suit``): ranks below it are not in the deck.
LOWEST_RANK = 4
N_RANKS = 13 - LOWEST_RANK
#: Categories from weakest to strongest in short-deck hold'em (flush above full house).
SHORT_DECK_ORDER = (
    HandCategory.HIGH_CARD,
    HandCategory.PAIR,
    HandCategory.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.STRAIGHT,
    HandCategory.FULL_HOUSE,
    HandCategory.FLUSH,
    HandCategory.FOUR_OF_A_KIND,
    HandCategory.STRAIGHT_FLUSH,
)
#: Five-card classes per category, in :data:`SHORT_DECK_ORDER` (a test recounts them):
#: 126 rank sets less 6 straights; 9 x C(8,3) pairs; C(9,2) x 7 two pairs; 9 x C(8,2) trips...
SHORT_DECK_CATEGORY_SIZES = (120, 504, 252, 252, 6, 72, 120, 72, 6)
N_SHORT_DECK_CLASSES = sum(SHORT_DECK_CATEGORY_SIZES)
#: Row shift of the perfect hash over non-flush rank sums (sums reach 1,309,814).
SHORT_DECK_ROW_SHIFT = 10
#: SHA-256 of the built tables' content (:func:`short_deck_table_digest`).
SHORT_DECK_TABLES_SHA256 = "ae37e1363c58fc34f06170c59042b4aa06a6db0f82340023a4fdb311f0bb8e1e"

_LOW_STRAIGHT = (1 << 12) | (0b1111 << LOWEST_RANK)  # A-6-7-8-9 as a 13-bit rank mask


def short_deck_straight_top(rank_mask: int) -> int:
    """Top rank of the best short-deck straight in a 13-bit rank mask, or -1 if none.

    A-6-7-8-9 counts as a nine-high straight (top rank 7); the full deck's
    wheel A-2-3-4-5 cannot be dealt.

    Examples
    --------
    >>> short_deck_straight_top(0b1_0000_1111_0000), short_deck_straight_top(0b1_1111_0000_0000)
    (7, 12)
    """
    for top in range(12, LOWEST_RANK + 3, -1):
        window = 0b11111 << (top - 4)
        if rank_mask & window == window:
            return top
    return 7 if rank_mask & _LOW_STRAIGHT == _LOW_STRAIGHT else -1


def _sort_key(hand_class: HandClass) -> tuple[int, tuple[int, ...]]:
    category, ranks = hand_class
    return SHORT_DECK_ORDER.index(category), ranks


@cache
def short_deck_classes() -> tuple[HandClass, ...]:
    """Every short-deck 5-card class (1,404), weakest first: strength ``s`` is entry ``s - 1``.

    Examples
    --------
    >>> classes = short_deck_classes()
    >>> len(classes), classes[0][1], classes[-1]
    (1404, (9, 7, 6, 5, 4), (<HandCategory.STRAIGHT_FLUSH: 9>, (12,)))
    """
    found: set[HandClass] = set()
    for ranks in itertools.combinations_with_replacement(range(LOWEST_RANK, 13), 5):
        counts = [ranks.count(rank) for rank in range(13)]
        if max(counts) <= 4:
            found.add(class_of_counts(counts, short_deck_straight_top))
    for ranks in itertools.combinations(range(LOWEST_RANK, 13), 5):
        found.add(class_of_flush(sum(1 << rank for rank in ranks), short_deck_straight_top))
    return tuple(sorted(found, key=_sort_key))


@cache
def _strength_of_class() -> dict[HandClass, int]:
    return {hand_class: index + 1 for index, hand_class in enumerate(short_deck_classes())}


@cache
def short_deck_categories() -> np.ndarray:
    """``uint8`` :class:`HandCategory` of each short-deck strength (index 0, no hand, is 0)."""
    table = np.zeros(N_SHORT_DECK_CLASSES + 1, np.uint8)
    table[1:] = [int(category) for category, _ in short_deck_classes()]
    table.setflags(write=False)
    return table


@cache
def short_deck_descriptions() -> tuple[str, ...]:
    """Words for each short-deck strength (index 0, no hand, is empty)."""
    return ("", *(describe_class(hand_class) for hand_class in short_deck_classes()))


class ShortDeckTables(NamedTuple):
    """The short-deck evaluator's tables, read-only; kernels take them as one tuple."""

    card_key: np.ndarray  # uint64[52]: rank key + suit counter increment; 0 for deuce..five
    card_bit: np.ndarray  # uint64[52]: 1 << (16 * suit + rank - 4); 0 marks a card not in the deck
    offsets: np.ndarray  # int32 row offsets of the perfect hash of 5..7-card rank sums
    values: np.ndarray  # uint16 strengths of non-flush rank sums
    flush: np.ndarray  # uint16[512]: strength of a flush suit's 9-bit rank mask


def _rank_multisets() -> list[list[int]]:
    """Per-rank counts (six first, at most four each) of every 5..7-card short-deck hand."""
    found = []
    for size in (5, 6, 7):
        for ranks in itertools.combinations_with_replacement(range(N_RANKS), size):
            counts = [ranks.count(rank) for rank in range(N_RANKS)]
            if max(counts) <= 4:
                found.append(counts)
    return found


def build_short_deck_tables() -> ShortDeckTables:
    """Build the short-deck tables (deterministic), check every rank sum lands, return read-only.

    Raises
    ------
    ValueError
        If a rank sum maps outside the table or onto an empty slot (a bug here, never input).
    """
    from ._build_kernels import place_rows

    strengths = _strength_of_class()
    rank_keys = RANK_KEYS[:N_RANKS].astype(np.int64)
    card_key = np.zeros(52, np.uint64)
    card_bit = np.zeros(52, np.uint64)
    for code in range(LOWEST_RANK * 4, 52):
        rank, suit = divmod(code, 4)
        card_key[code] = RANK_KEYS[rank - LOWEST_RANK] + np.uint64(1 << (SUIT_SHIFT + 4 * suit))
        card_bit[code] = np.uint64(1 << (16 * suit + rank - LOWEST_RANK))

    multisets = _rank_multisets()
    keys = np.array(multisets, dtype=np.int64) @ rank_keys
    offsets, slots = place_rows(keys, SHORT_DECK_ROW_SHIFT)
    values = np.zeros(int(slots.max()) + 1, np.uint16)
    for counts, slot in zip(multisets, slots.tolist(), strict=True):
        full_counts = [0] * LOWEST_RANK + counts
        values[slot] = strengths[class_of_counts(full_counts, short_deck_straight_top)]
    if np.unique(slots).size != slots.size or not np.all(values[slots] != 0):
        raise ValueError("short-deck tables: two rank sums share a slot or one is empty")

    flush = np.zeros(1 << N_RANKS, np.uint16)
    for mask in range(1 << N_RANKS):
        if 5 <= mask.bit_count() <= 7:
            flush[mask] = strengths[class_of_flush(mask << LOWEST_RANK, short_deck_straight_top)]

    tables = ShortDeckTables(card_key, card_bit, offsets.astype(np.int32), values, flush)
    for array in tables:
        array.setflags(write=False)
    return tables


def short_deck_table_digest(tables: ShortDeckTables) -> str:
    """SHA-256 over every field's name, dtype, shape and bytes (what the pinned value covers)."""
    digest = hashlib.sha256()
    for name, array in zip(ShortDeckTables._fields, tables, strict=True):
        digest.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()


_lock = threading.Lock()
_built: list[ShortDeckTables] = []


def get_short_deck_tables() -> ShortDeckTables:
    """The short-deck tables, built on the first call of the process (a fraction of a second).

    Examples
    --------
    >>> tables = get_short_deck_tables()
    >>> tables.flush.size, int(tables.values.max()) <= N_SHORT_DECK_CLASSES
    (512, True)
    """
    if not _built:
        with _lock:
            if not _built:
                _built.append(build_short_deck_tables())
    return _built[0]
