"""Shared pieces of the board-class kernels: rank multisets, suit masks, suit symmetry.

Board classes (see ``exact``'s module docstring) are keyed by the multiset of
ranks dealt to the board. Every multiset of ``t`` ranks (``t`` = 0..5) gets an
index by the colexicographic rank of the strictly increasing sequence
``r_0 + 0 < r_1 + 1 < ... < r_{t-1} + t - 1`` (``r`` sorted ascending):
``index = sum_i C(r_i + i, i + 1)``. :func:`class_tables` lists the multisets
of each size in index order, so a kernel can walk them by position and find
any multiset's position from its sorted ranks with ``t`` table loads.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..._jit import jit, jit_inline

#: Most board cards a kernel deals.
MAX_MISSING = 5
#: One bit per rank for suit 0 (clubs) in a 52-bit card mask; shift by the suit for others.
SUIT_LANE = np.uint64(0x1111111111111)
FULL_DECK = np.uint64((1 << 52) - 1)
#: Most outcomes one rank multiset adds: a flush class per subset of its (at most
#: five) distinct ranks for each suit, plus the boards with no flush.
MOST_CLASSES_PER_MULTISET = 4 * 32 + 1


class ClassTables(NamedTuple):
    """Rank multisets by size and the binomials that index them."""

    multisets: NDArray[np.int64]  # (8568, 5): sorted ranks, sizes 0..5 in blocks, padded
    offsets: NDArray[np.int64]  # (7,): block of size t is rows offsets[t]:offsets[t + 1]
    binomials: NDArray[np.int64]  # (18, 6): C(n, k)
    subsets: NDArray[np.int64]  # (6, 6, 32): masks of n bits with at least k set, most bits first
    n_subsets: NDArray[np.int64]  # (6, 6): how many of them


def multiset_index(ranks: tuple[int, ...]) -> int:
    """Index of a multiset of ranks among those of its size.

    Examples
    --------
    >>> multiset_index(()), multiset_index((0,)), multiset_index((12,)), multiset_index((0, 0))
    (0, 0, 12, 0)
    >>> multiset_index((12, 12, 12, 12, 12)) == math.comb(17, 5) - 1
    True
    """
    return sum(
        math.comb(rank + position, position + 1) for position, rank in enumerate(sorted(ranks))
    )


def _reversed(sequence: tuple[int, ...]) -> tuple[int, ...]:
    return sequence[::-1]


@lru_cache(maxsize=1)
def class_tables() -> ClassTables:
    """The multiset and binomial tables (built once per process, in milliseconds)."""
    binomials = np.array(
        [[math.comb(n, k) for k in range(MAX_MISSING + 1)] for n in range(13 + MAX_MISSING)],
        np.int64,
    )
    rows: list[tuple[int, ...]] = []
    offsets = [0]
    for size in range(MAX_MISSING + 1):
        # Strictly increasing r_i + i in colex order (reversed tuples sorted) is index order;
        # tests check it against multiset_index.
        increasing = sorted(itertools.combinations(range(12 + size), size), key=_reversed)
        rows += [tuple(value - i for i, value in enumerate(sequence)) for sequence in increasing]
        offsets.append(len(rows))
    multisets = np.zeros((len(rows), MAX_MISSING), np.int64)
    for row, ranks in enumerate(rows):
        multisets[row, : len(ranks)] = ranks
    subsets = np.zeros((MAX_MISSING + 1, MAX_MISSING + 1, 1 << MAX_MISSING), np.int64)
    n_subsets = np.zeros((MAX_MISSING + 1, MAX_MISSING + 1), np.int64)
    for n_bits in range(MAX_MISSING + 1):
        for least in range(MAX_MISSING + 1):
            masks = [m for m in range(1 << n_bits) if m.bit_count() >= least]
            masks.sort(key=lambda m: (-m.bit_count(), m))
            subsets[n_bits, least, : len(masks)] = masks
            n_subsets[n_bits, least] = len(masks)
    tables = ClassTables(multisets, np.array(offsets, np.int64), binomials, subsets, n_subsets)
    for array in tables:
        array.setflags(write=False)
    return tables


def holding_outputs(n_holdings: int, n_players: int) -> tuple[NDArray[Any], ...]:
    """Per-holding counters a class kernel fills, in kernel argument order.

    Examples
    --------
    >>> [array.shape for array in holding_outputs(4, 2)]
    [(4, 2, 3, 3), (4, 2), (4, 2), (4, 2), (4, 2, 10), (4,)]
    """
    from ..result import Counters  # the counters' layout lives there, once

    # The per-chunk counters of the other kernels, one row per holding, and each
    # holding's deal count.
    return (*Counters.chunk_arrays(n_holdings, n_players), np.zeros(n_holdings, np.int64))


def suit_permutations() -> NDArray[np.int64]:
    """All 24 permutations of the four suits, ``(24, 4)``: suit ``s`` goes to ``row[s]``."""
    return np.array(list(itertools.permutations(range(4))), np.int64)


# ----------------------------------------------------------------------------- compiled helpers
@jit_inline
def permute_suits(mask, perm):  # pragma: no cover - compiled
    """Card mask with every card's suit ``s`` replaced by ``perm[s]``."""
    out = np.uint64(0)
    for suit in range(4):
        out |= ((mask >> np.uint64(suit)) & SUIT_LANE) << np.uint64(perm[suit])
    return out


@jit_inline
def suit_ranks(mask, suit):  # pragma: no cover - compiled
    """13-bit rank mask of the cards of one suit in a card mask."""
    lane = (mask >> np.uint64(suit)) & SUIT_LANE
    out = np.int64(0)
    for rank in range(13):
        out |= np.int64((lane >> np.uint64(4 * rank)) & np.uint64(1)) << rank
    return out


@jit_inline
def rank_count(mask, rank):  # pragma: no cover - compiled
    """Cards of one rank in a card mask (0..4)."""
    nibble = np.int64((mask >> np.uint64(4 * rank)) & np.uint64(15))
    return (nibble & 1) + ((nibble >> 1) & 1) + ((nibble >> 2) & 1) + ((nibble >> 3) & 1)


@jit_inline
def bit_count13(mask):  # pragma: no cover - compiled
    """Set bits of a 13-bit mask."""
    count = 0
    for rank in range(13):
        count += (mask >> rank) & 1
    return count


@jit_inline
def suit_orbits(perms, player_masks, n_players, representative, orbit_size):  # pragma: no cover
    """Orbits of the suits under the permutations in ``perms`` that fix every player's cards.

    ``perms`` already fix the board and the dead cards (the caller keeps only
    those), so the permutations kept here map the whole spot onto itself: the
    suits of one orbit are interchangeable. Fills ``representative[s]`` (the
    smallest suit of ``s``'s orbit) and ``orbit_size[s]``.
    """
    for suit in range(4):
        representative[suit] = suit
    for g in range(perms.shape[0]):
        fixes = True
        for p in range(n_players):
            if permute_suits(player_masks[p], perms[g]) != player_masks[p]:
                fixes = False
                break
        if not fixes:
            continue
        for suit in range(4):
            first = representative[suit]
            second = representative[perms[g, suit]]
            if first != second:
                low = min(first, second)
                high = max(first, second)
                for other in range(4):
                    if representative[other] == high:
                        representative[other] = low
    for suit in range(4):
        orbit_size[suit] = 0
    for suit in range(4):
        orbit_size[representative[suit]] += 1


@jit
def prepare_holding(
    holdings,
    h,
    used,
    perms,
    player_mask,
    hole_suit_ranks,
    available,
    live_suit,
    representative,
    orbit_size,
):  # pragma: no cover - compiled
    """Per joint holding: card masks, live cards per rank and suit, suit orbits.

    ``used`` holds the board and dead cards. Returns the mask of live cards
    (those a board may still draw). Not inlined: it runs once per holding,
    and one compiled copy serves every kernel.
    """
    n_players = holdings.shape[1]
    for p in range(n_players):
        mask = np.uint64(0)
        for slot in range(holdings.shape[2]):
            mask |= np.uint64(1) << np.uint64(holdings[h, p, slot])
        player_mask[p] = mask
        used |= mask
        for suit in range(4):
            hole_suit_ranks[p, suit] = suit_ranks(mask, suit)
    live = FULL_DECK & ~used
    for rank in range(13):
        available[rank] = rank_count(live, rank)
    for suit in range(4):
        live_suit[suit] = suit_ranks(live, suit)
    suit_orbits(perms, player_mask, n_players, representative, orbit_size)
    return live


@jit_inline
def split_multiset(
    multisets, row, n_missing, available, binomials, distinct, multiplicity
):  # pragma: no cover - compiled
    """(distinct ranks, boards with exactly these ranks) of multiset ``row``.

    Fills ``distinct[:k]`` and ``multiplicity[:k]``; the board count is
    ``prod_r C(available_r, M_r)`` (0 when a rank is asked more often than
    it has live cards).
    """
    total = 1
    n_distinct = 0
    start = 0
    while start < n_missing:
        rank = multisets[row, start]
        stop = start + 1
        while stop < n_missing and multisets[row, stop] == rank:
            stop += 1
        distinct[n_distinct] = rank
        multiplicity[n_distinct] = stop - start
        n_distinct += 1
        total *= binomials[available[rank], stop - start]
        start = stop
    return n_distinct, total


@jit_inline
def eligible_ranks(
    live_suit,
    n_distinct,
    distinct,
    multiplicity,
    available,
    binomials,
    with_suit,
    without_suit,
    eligible_bit,
):  # pragma: no cover - compiled
    """Ranks of a multiset that may come in one suit: (how many, common factor).

    A board with rank multiset ``M`` draws ``M_r`` of the live cards of rank
    ``r``. For a rank whose card of the suit is live, there are
    ``C(available_r - 1, M_r - 1)`` ways that include it and
    ``C(available_r - 1, M_r)`` that do not (``with_suit``/``without_suit``);
    other ranks contribute ``C(available_r, M_r)`` to the common factor.
    """
    n_eligible = 0
    factor = 1
    for d in range(n_distinct):
        rank = distinct[d]
        count = multiplicity[d]
        if (live_suit >> rank) & 1:
            with_suit[n_eligible] = binomials[available[rank] - 1, count - 1]
            without_suit[n_eligible] = binomials[available[rank] - 1, count]
            eligible_bit[n_eligible] = 1 << rank
            n_eligible += 1
        else:
            factor *= binomials[available[rank], count]
    return n_eligible, factor


@jit_inline
def flush_class(
    chosen, n_eligible, with_suit, without_suit, eligible_bit
):  # pragma: no cover - compiled
    """(boards, suited rank mask) of the flush class with exactly the ranks in ``chosen`` suited.

    ``chosen`` is a bit mask over the eligible ranks of :func:`eligible_ranks`;
    the board count still has to be multiplied by its common factor.
    """
    weight = 1
    mask = 0
    for e in range(n_eligible):
        bit = (chosen >> e) & 1
        weight *= without_suit[e] + bit * (with_suit[e] - without_suit[e])
        mask |= bit * eligible_bit[e]
    return weight, mask


@jit_inline
def flush_classes(n_distinct, multiset, suits, flush_work, classes, found):  # pragma: no cover
    """Every flush class of the current rank multiset: ``(classes, boards in them)``.

    ``multiset`` is ``(distinct, multiplicity, available)`` (per rank);
    ``suits`` is ``(board_suit_ranks, live_suit, orbit_size, needed)`` (per
    suit); ``flush_work`` is the scratch ``(with_suit, without_suit,
    eligible_bit)`` of :func:`eligible_ranks`; ``classes`` the
    :class:`ClassTables`. Kernels build these tuples once, without owners
    (``unowned``), so the call costs no reference counts.

    Class ``k`` is ``found[0, k]`` (its suit), ``found[1, k]`` (the suit's board
    ranks, known board cards included) and ``found[2, k]`` (its boards, times its
    suit's orbit). A suit is walked when at least ``needed[suit]`` of the
    multiset's ranks may come in it (``needed`` is 99 for suits never walked).
    Each game's kernel values its players' flushes class by class.
    """
    distinct, multiplicity, available = multiset
    board_suit_ranks, live_suit, orbit_size, needed = suits
    with_suit, without_suit, eligible_bit = flush_work
    binomials, subsets, n_subsets = classes.binomials, classes.subsets, classes.n_subsets
    n_found = 0
    flush_boards = 0
    for suit in range(4):
        if needed[suit] > n_distinct:
            continue
        n_eligible, factor = eligible_ranks(
            live_suit[suit],
            n_distinct,
            distinct,
            multiplicity,
            available,
            binomials,
            with_suit,
            without_suit,
            eligible_bit,
        )
        if n_eligible < needed[suit]:
            continue
        factor *= orbit_size[suit]
        for item in range(n_subsets[n_eligible, needed[suit]]):
            ways, suited = flush_class(
                subsets[n_eligible, needed[suit], item],
                n_eligible,
                with_suit,
                without_suit,
                eligible_bit,
            )
            if ways == 0:
                continue
            found[0, n_found] = suit
            found[1, n_found] = suited | board_suit_ranks[suit]
            found[2, n_found] = ways * factor
            flush_boards += ways * factor
            n_found += 1
    return n_found, flush_boards
