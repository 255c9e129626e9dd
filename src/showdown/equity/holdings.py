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

from ..cards.ranges import HandRange
from .spot import Spot

__all__ = [
    "CanonicalHoldings",
    "cached_joint_holdings",
    "canonical_holdings",
    "estimate_joint_holdings",
    "indexed_joint_holdings",
    "joint_holdings",
    "suit_symmetries",
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
    spot: Spot,
) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.int64]]:
    """:func:`indexed_joint_holdings`, kept with the spot when small: never modify them.

    Repeated calls on one spot (cheap calls in a loop) list them once. (They
    stay writable: the kernels' compiled signatures include that flag, and
    every exact run passes them writable holdings.)
    """
    kept = spot.derived.get("joint holdings")
    if kept is not None:
        return kept
    found = indexed_joint_holdings(spot)
    if sum(array.nbytes for array in found) <= KEEP_HOLDINGS_BYTES:
        spot.derived["joint holdings"] = found
    return found


def indexed_joint_holdings(
    spot: Spot,
) -> tuple[NDArray[np.uint8], NDArray[np.float64], NDArray[np.int64]]:
    """:func:`joint_holdings` and ``(A, n)``: each player's combo (a row of their range).

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
        rows, picks = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)
        cards = np.concatenate([cards[rows], hand_range.combos[picks][:, None, :]], axis=1)
        masks = masks[rows] | combo_masks[picks]
        weights = weights[rows] * hand_range.weights[picks]
        combo = np.concatenate([combo[rows], picks[:, None].astype(np.int64)], axis=1)
    if cards.shape[0] == 0:
        raise ValueError("players: the hands and ranges share cards in every combination")
    return np.ascontiguousarray(cards), weights, combo


def estimate_joint_holdings(spot: Spot) -> float:
    """About how many joint holdings the spot has, without listing them.

    Exact for two players and for fixed hands; otherwise the product of the
    range sizes times, for each pair of players, the chance that two of
    their combos drawn at random share no card.

    Examples
    --------
    >>> from showdown.equity.spot import build_spot
    >>> estimate_joint_holdings(build_spot(["AA", "AK"], "", "", "holdem"))
    48.0
    """
    ranges = [player.hand_range for player in spot.players]
    assert all(hand_range is not None for hand_range in ranges)
    sizes = [float(len(hand_range)) for hand_range in ranges if hand_range is not None]
    total = math.prod(sizes)
    per_card = [_cards_per_card(hand_range) for hand_range in ranges if hand_range is not None]
    for first, second in itertools.combinations(range(len(sizes)), 2):
        # Inclusion-exclusion on shared cards: sum over cards of pairs both
        # holding it, less pairs holding the same two cards (hold'em only;
        # for bigger hands it is an estimate).
        sharing = float(per_card[first] @ per_card[second])
        if ranges[first] is not None and ranges[first].hole_size == 2:  # type: ignore[union-attr]
            sharing -= _common_combos(ranges[first], ranges[second])  # type: ignore[arg-type]
        total *= max(0.0, 1.0 - sharing / (sizes[first] * sizes[second]))
    return total


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
    card_map = (np.arange(52)[None, :] & ~3) | perms[:, np.arange(52) & 3]
    radix = 52 ** np.arange(hole - 1, -1, -1, dtype=np.int64)
    best_codes = np.zeros((n_holdings, n_players), np.int64)
    best_order = np.zeros((n_holdings, n_players), np.int64)
    for g in range(perms.shape[0]):
        mapped = np.sort(card_map[g][cards], axis=2)
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
    distinct_weights, weight_index = np.unique(weights, return_inverse=True)
    unique_codes, holding = np.unique(best_codes, axis=0, return_inverse=True)
    holding = holding.reshape(-1)
    keys = np.column_stack([holding, weight_index.reshape(-1), seats])
    groups, multiplicity = np.unique(keys, axis=0, return_counts=True)
    digits = (unique_codes[:, :, None] // radix[None, None, :]) % 52
    groups = groups.astype(np.int64)
    return CanonicalHoldings(
        cards=np.ascontiguousarray(digits.astype(np.uint8)),
        holding=groups[:, 0],
        seats=groups[:, 2:],
        weight_group=groups[:, 1],
        multiplicity=multiplicity,
        weights=distinct_weights,
        original_holding=holding.astype(np.int64) if keep_originals else None,
        original_seats=seats if keep_originals else None,
    )
