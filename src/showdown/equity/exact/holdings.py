"""Joint holdings of a spot and their canonical forms under suit and seat symmetry.

A joint holding gives every player one hand (no card twice). Exact equity
sums each joint holding's counters, weighted by the product of the players'
combo weights. Many joint holdings have the same counters up to relabelling:

- **suits**: a permutation of the suits that maps the known board onto itself
  and the dead cards onto themselves maps every deal of one joint holding
  onto a deal of the permuted holding with the same showdown;
- **seats**: listing the players in another order permutes the counters'
  player axis and changes nothing else.

So each joint holding is replaced by a canonical representative (the
smallest, in a fixed order, of its images under both kinds of relabelling)
and the seat order that maps it back. Only distinct representatives are
enumerated; their counters are added with multiplicities, players permuted
back. Nothing here assumes the ranges are symmetric: an image that is not in
the ranges is simply never met.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from ...cards.ranges import HandRange
from ..guard import stopped
from ..spot import Spot

__all__ = [
    "CanonicalHoldings",
    "cached_joint_holdings",
    "canonical_holdings",
    "estimate_joint_holdings",
    "indexed_joint_holdings",
    "joint_holdings",
    "suit_symmetries",
    "unique_rows",
]


_SUIT_LANE = 0x1111111111111  # one bit per rank for clubs; shift by the suit for the others


def _mask(cards: NDArray[np.uint8]) -> int:
    return sum(1 << int(card) for card in cards)


def _permuted_mask(mask: int, perm: tuple[int, ...]) -> int:
    return sum(((mask >> suit) & _SUIT_LANE) << perm[suit] for suit in range(4))


@lru_cache(maxsize=256)
def _symmetries(masks: tuple[int, ...]) -> NDArray[np.int64]:
    kept = [
        perm
        for perm in itertools.permutations(range(4))
        if all(_permuted_mask(mask, perm) == mask for mask in masks)
    ]
    found = np.array(kept, np.int64).reshape(-1, 4)
    found.setflags(write=False)
    return found


def suit_symmetries(*card_sets: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Suit permutations ``(G, 4)`` that map each of ``card_sets`` onto itself.

    The identity comes first.

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> suit_symmetries(parse_cards("2c3c4d")).shape  # swap hearts and spades
    (2, 4)
    >>> suit_symmetries(np.zeros(0, np.uint8)).shape
    (24, 4)
    """
    return _symmetries(tuple(_mask(cards) for cards in card_sets))


def joint_holdings(spot: Spot) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    """Every joint holding of the players (no shared card) and its weight.

    Returns ``(cards (A, n, hole), weights (A,))``; the weight is the product
    of the players' combo weights. Memory grows with ``A``: callers check
    :func:`estimate_joint_holdings` first.

    Raises
    ------
    ValueError
        If the ranges share cards in every combination.
    """
    cards, weights, _ = indexed_joint_holdings(spot)
    return cards, weights


#: Joint holdings up to this many bytes stay with their (never changed, cached) spot.
KEEP_HOLDINGS_BYTES = 1 << 20


def cached_joint_holdings(
    spot: Spot, expected: float | None = None
) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.int64]]:
    """:func:`indexed_joint_holdings`, kept with the spot when small: never modify them.

    Repeated calls on one spot (cheap calls in a loop) list them once. (They
    stay writable: the kernels' compiled signatures include that flag, and
    every exact run passes them writable holdings.) ``expected``: the plan's
    estimate of their number; listing stops if it runs far over (see
    :func:`indexed_joint_holdings`).
    """
    kept = spot.derived.get("joint holdings")
    if kept is not None:
        return kept
    found = indexed_joint_holdings(spot, expected=expected)
    if sum(array.nbytes for array in found) <= KEEP_HOLDINGS_BYTES:
        spot.derived["joint holdings"] = found
    return found


#: Most pairs (joint holdings so far x combos of the next player) tested in one step of
#: :func:`indexed_joint_holdings`: bounds its scratch memory (8 bytes a pair) at 32 MB.
PAIRS_PER_STEP = 1 << 22
#: Listing stops (``ExactOverrunError``) once it holds this many times the expected
#: number of joint holdings and more than :data:`LISTING_BYTES` ...
LISTING_OVERRUN = 10.0
#: ... bytes: an estimate that was far too low never turns into an exhausted memory.
LISTING_BYTES = 1 << 30


def indexed_joint_holdings(
    spot: Spot, expected: float | None = None
) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.int64]]:
    """:func:`joint_holdings` and ``(A, n)``: each player's combo (a row of their range).

    Memory is the result's (``A * (n * hole + 8 * n + 16)`` bytes) and a
    bounded scratch: the pairs of holdings and combos are tested in steps.
    With ``expected`` (an estimate of ``A``), listing stops with
    :class:`~showdown.equity.guard.ExactOverrunError` as soon as the holdings
    listed so far outgrow it far (:data:`LISTING_OVERRUN`) and take more than
    :data:`LISTING_BYTES`.

    Examples
    --------
    >>> from showdown.equity.spot import build_spot
    >>> cards, weights, combo = indexed_joint_holdings(build_spot(["AA", "AsKs"], "", "", "holdem"))
    >>> cards.shape, combo[:, 0].tolist(), combo[:, 1].tolist()
    ((3, 2, 2), [0, 1, 2], [0, 0, 0])
    """
    hole = spot.game.hole_size
    cards = np.zeros((1, 0, hole), np.uint8)
    masks = np.zeros(1, np.uint64)
    weights = np.ones(1)
    combo = np.zeros((1, 0), np.int64)
    for player in spot.players:
        hand_range = player.hand_range
        assert hand_range is not None
        combo_masks = hand_range.masks
        step = max(1, PAIRS_PER_STEP // max(1, combo_masks.size))
        found_rows = [np.zeros(0, np.int64)]
        found_picks = [np.zeros(0, np.int64)]
        listed = 0
        for first in range(0, masks.size, step):
            chunk = masks[first : first + step]
            rows, picks = np.nonzero((chunk[:, None] & combo_masks[None, :]) == 0)
            found_rows.append(rows + first)
            found_picks.append(picks)
            listed += rows.size
            if expected is not None:
                _check_listing(listed, cards.shape[1] + 1, hole, expected)
        rows = np.concatenate(found_rows)
        picks = np.concatenate(found_picks)
        cards = np.concatenate([cards[rows], hand_range.combos[picks][:, None, :]], axis=1)
        masks = masks[rows] | combo_masks[picks]
        weights = weights[rows] * hand_range.weights[picks]
        combo = np.concatenate([combo[rows], picks[:, None].astype(np.int64)], axis=1)
    if cards.shape[0] == 0:
        raise ValueError("players: the hands and ranges share cards in every combination")
    return np.ascontiguousarray(cards), weights, combo


def _check_listing(listed: int, n_players: int, hole: int, expected: float) -> None:
    """Stop a listing that outgrew its estimate far and would take much memory."""
    size = listed * (n_players * hole + 8 * n_players + 16)
    if listed > LISTING_OVERRUN * max(expected, 1.0) and size > LISTING_BYTES:
        raise stopped(
            f"{listed:,} joint holdings listed and counting, over {LISTING_OVERRUN:g} times "
            f"the estimate of {expected:.3g}"
        )


def estimate_joint_holdings(spot: Spot) -> float:
    """About how many joint holdings the spot has, without listing them.

    Players dealt a random hand take theirs from the same live cards, after
    the listed ranges' hands: their count is a product of binomials, exact.
    Listed ranges (hold'em ranges, known hands) multiply their sizes by, for
    each pair of them, the share of their pairs of combos that share no card
    (exact for two ranges; an estimate that treats the pairs as independent
    for three or more). Never 0 unless the ranges truly cannot fit together.

    Examples
    --------
    >>> from showdown.equity.spot import build_spot
    >>> estimate_joint_holdings(build_spot(["AA", "AK"], "", "", "holdem"))
    48.0
    >>> dead = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s"  # 23 cards live
    >>> estimate_joint_holdings(build_spot(["random", "random"], "AsKhQdJc9s", dead, "omaha6"))
    1249320072.0
    """
    ranges = [player.hand_range for player in spot.players]
    assert all(hand_range is not None for hand_range in ranges)
    listed = [r for r in ranges if r is not None and not r.is_random]
    random = [r for r in ranges if r is not None and r.is_random]
    total = math.prod(float(len(hand_range)) for hand_range in listed)
    for first, second in itertools.combinations(listed, 2):
        total *= disjoint_share(first, second)
    if random:
        hole = random[0].hole_size
        live = min(52 - bin(hand_range.dead_mask).count("1") for hand_range in random)
        # Listed ranges of more than one hand draw theirs from the same live cards.
        live -= sum(hand_range.hole_size for hand_range in listed if len(hand_range) > 1)
        for index in range(len(random)):
            total *= math.comb(max(0, live - index * hole), hole)
    return float(total)


#: Pairs of combos compared one by one when estimating how often two ranges fit together;
#: beyond this many, a fixed-seed sample of them.
DISJOINT_PAIRS = 1 << 22


def disjoint_share(first: HandRange, second: HandRange) -> float:
    """The share of pairs (a combo of each) that share no card.

    Examples
    --------
    >>> from showdown.cards import parse_range
    >>> disjoint_share(parse_range("AA"), parse_range("AK"))  # each pair of aces: 8 AK left
    0.5
    """
    sizes = float(len(first)) * float(len(second))
    if first.hole_size == 2 and second.hole_size == 2:
        # Inclusion-exclusion on shared cards, exact for two-card hands: pairs sharing
        # a card, less those sharing both (counted twice).
        sharing = float(_cards_per_card(first) @ _cards_per_card(second))
        sharing -= _common_combos(first, second)
        return max(0.0, 1.0 - sharing / sizes)
    first_masks, second_masks = first.masks, second.masks
    if sizes > DISJOINT_PAIRS:
        generator = np.random.default_rng(0)
        count = math.isqrt(DISJOINT_PAIRS)
        first_masks = generator.choice(first_masks, min(count, first_masks.size), replace=False)
        second_masks = generator.choice(second_masks, min(count, second_masks.size), replace=False)
    fits = (first_masks[:, None] & second_masks[None, :]) == 0
    return float(np.count_nonzero(fits)) / fits.size


def _cards_per_card(hand_range: HandRange) -> NDArray[np.float64]:
    if hand_range.is_random:
        live = 52 - bin(hand_range.dead_mask).count("1")
        counts = np.full(52, math.comb(live - 1, hand_range.hole_size - 1), np.float64)
        dead = [card for card in range(52) if hand_range.dead_mask >> card & 1]
        counts[dead] = 0.0
        return counts
    return np.bincount(hand_range.combos.ravel(), minlength=52).astype(np.float64)


def _common_combos(first: HandRange, second: HandRange) -> float:
    if first.is_random or second.is_random:
        smaller = second if first.is_random else first
        other = first if smaller is second else second
        return float(np.count_nonzero((smaller.masks & np.uint64(other.dead_mask)) == 0))
    return float(np.intersect1d(first.masks, second.masks).size)


@dataclass
class CanonicalHoldings:
    """Distinct canonical joint holdings and how the original ones map onto them.

    Attributes
    ----------
    cards
        ``(U, n, hole)``: each canonical joint holding once (players in
        canonical order, each hand's cards ascending).
    holding
        ``(K,)``: which canonical holding each group is.
    seats
        ``(K, n)``: ``seats[k, p]`` is the canonical position of original
        player ``p`` in group ``k``: player ``p``'s counters are the
        canonical holding's counters at that position.
    weight_group
        ``(K,)``: index into ``weights`` of the group's combo weight.
    multiplicity
        ``(K,)``: original joint holdings in the group.
    weights
        Distinct products of combo weights.
    identity
        True when nothing was merged: group ``k`` is holding ``k``, seats
        unchanged, multiplicity 1.
    """

    cards: NDArray[np.uint8]
    holding: NDArray[np.int64]
    seats: NDArray[np.int64]
    weight_group: NDArray[np.int64]
    multiplicity: NDArray[np.int64]
    weights: NDArray[np.float64]
    #: Each group is one holding in its own seat order (nothing was merged).
    identity: bool = False
    #: ``(A,)``: the canonical holding of each original joint holding (kept on request).
    original_holding: NDArray[np.int64] | None = None
    #: ``(A, n)``: ``seats`` of each original joint holding (kept on request).
    original_seats: NDArray[np.int64] | None = None


def canonical_holdings(
    cards: NDArray[np.uint8],
    weights: NDArray[np.float64],
    perms: NDArray[np.int64],
    *,
    swap_seats: bool = True,
    keep_originals: bool = False,
) -> CanonicalHoldings:
    """Canonical forms of joint holdings ``cards (A, n, hole)`` under ``perms`` and seat order.

    ``perms`` are the suit permutations that fix the board and dead cards
    (:func:`suit_symmetries`). With ``swap_seats`` the players' order is
    canonicalised too (sorted by hand). ``keep_originals`` also records where
    each original joint holding went (per-combo counters need it).

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> cards = np.array([[parse_cards("AhKh"), parse_cards("QsQd")],
    ...                   [parse_cards("AsKs"), parse_cards("QhQc")],
    ...                   [parse_cards("QsQd"), parse_cards("AhKh")]], np.uint8)
    >>> found = canonical_holdings(cards, np.ones(3), suit_symmetries())
    >>> len(found.cards), found.multiplicity.tolist(), found.seats.tolist()
    (1, [1, 2], [[0, 1], [1, 0]])
    """
    n_holdings, n_players, hole = cards.shape
    card_map = ((np.arange(52)[None, :] & ~3) | perms[:, np.arange(52) & 3]).astype(np.uint8)
    radix = 52 ** np.arange(hole - 1, -1, -1, dtype=np.int64)
    best_codes = np.zeros((n_holdings, n_players), np.int64)
    best_order = np.zeros((n_holdings, n_players), np.int64)
    for g in range(perms.shape[0]):
        mapped = card_map[g][cards]
        mapped.sort(axis=2)
        codes = mapped.astype(np.int64) @ radix
        if swap_seats:
            order = np.argsort(codes, axis=1, kind="stable")
            codes = np.take_along_axis(codes, order, axis=1)
        else:
            order = np.broadcast_to(np.arange(n_players), codes.shape)
        if g == 0:
            best_codes, best_order = codes, np.array(order)
            continue
        differs = codes != best_codes
        first = np.argmax(differs, axis=1)
        rows = np.arange(n_holdings)
        smaller = differs.any(axis=1) & (codes[rows, first] < best_codes[rows, first])
        best_codes[smaller] = codes[smaller]
        best_order[smaller] = order[smaller]
    # seats[p] = canonical position of original player p.
    seats = np.empty_like(best_order)
    np.put_along_axis(seats, best_order, np.arange(n_players, dtype=np.int64)[None, :], axis=1)
    if weights.size and weights.min() == weights.max():
        distinct_weights = weights[:1].copy()
        weight_index = np.zeros(n_holdings, np.int64)
    else:
        distinct_weights, weight_index = np.unique(weights, return_inverse=True)
    unique_codes, holding, _ = unique_rows(best_codes)
    keys = np.column_stack([holding, weight_index.reshape(-1), seats])
    groups, _, multiplicity = unique_rows(keys)
    digits = (unique_codes[:, :, None] // radix[None, None, :]) % 52
    return CanonicalHoldings(
        cards=np.ascontiguousarray(digits.astype(np.uint8)),
        holding=groups[:, 0],
        seats=groups[:, 2:],
        weight_group=groups[:, 1],
        multiplicity=multiplicity,
        weights=distinct_weights,
        original_holding=holding if keep_originals else None,
        original_seats=seats if keep_originals else None,
    )


def unique_rows(
    rows: NDArray[np.int64],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """``(distinct rows in lexicographic order, each row's index among them, their counts)``.

    What ``np.unique(rows, axis=0, return_inverse=True, return_counts=True)``
    gives, for non-negative integers, sorted as one packed integer per row
    when the columns' ranges allow (else by ``np.lexsort``): the row-as-bytes
    sort ``np.unique`` does is tens of times slower on millions of rows.

    Examples
    --------
    >>> found, index, counts = unique_rows(np.array([[2, 1], [0, 5], [2, 1]]))
    >>> found.tolist(), index.tolist(), counts.tolist()
    ([[0, 5], [2, 1]], [1, 0, 1], [1, 2])
    """
    rows = np.asarray(rows, np.int64)
    n_rows, n_columns = rows.shape
    if n_rows == 0:
        return rows.copy(), np.zeros(0, np.int64), np.zeros(0, np.int64)
    bases = rows.max(axis=0) + 1
    if float(np.prod(bases.astype(np.float64))) < 2.0**62:
        # One packed integer per row, in the rows' lexicographic order; an unstable
        # sort is enough (equal keys are equal rows, any of them stands for the rest).
        key = np.zeros(n_rows, np.int64)
        for column in range(n_columns):
            key = key * bases[column] + rows[:, column]
        order = np.argsort(key)
        ordered_key = key[order]
        starts = np.ones(n_rows, bool)
        starts[1:] = ordered_key[1:] != ordered_key[:-1]
    else:
        order = np.lexsort(rows.T[::-1])
        ordered = rows[order]
        starts = np.ones(n_rows, bool)
        starts[1:] = np.any(ordered[1:] != ordered[:-1], axis=1)
    index = np.empty(n_rows, np.int64)
    index[order] = np.cumsum(starts) - 1
    first = np.flatnonzero(starts)
    counts = np.diff(np.append(first, n_rows)).astype(np.int64)
    return rows[order[first]], index, counts
