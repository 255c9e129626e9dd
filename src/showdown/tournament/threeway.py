"""Class-level outcome tables of three-handed push/fold (button, small blind, big blind).

Every table is indexed ``[a, b, c]`` by the hand classes (grid index
``0 .. 168``) of three players and sums over the *compatible combo
triples*: one combo of each class, no card shared. That is exact card
removal: a folded hand still thins the other two players' ranges.

- :func:`triple_weights`: ``weights[a, b, c]``, the number of compatible
  combo triples (exact).
- :func:`pair_outcomes`: ``(wins, ties)``, summed over the compatible
  triples, of the chance that the first player's hand beats (ties) the
  third's heads-up while the middle one has folded (exact, from the shipped
  heads-up table). The board of such a showdown is dealt as if from the 48
  cards the two players do not hold: the folded hand's cards thin the
  ranges but are not taken out of the deck (a second-order effect on a
  board, left out to keep these sums exact and cheap).
- :func:`threeway_counts`: for every *unordered* triple of classes, how
  often each ordering of the three hands happened in a fixed number of
  sampled deals (compatible combos and a board from the 46 other cards).
  Exact three-way class equities would need about 1.4 million boards for
  each of tens of millions of combo triples, far beyond a solve's budget, so
  these are **Monte Carlo estimates** (:data:`SAMPLES` deals per triple;
  the standard error of a triple's three-way equity is about
  ``0.5 / sqrt(SAMPLES)``, and errors of different triples are independent,
  so they largely average out over ranges). They are built once (about a
  minute on two cores) and cached on disk in showdown's cache folder, with
  a fixed seed so every machine gets the same table.

The suit symmetry makes the exact sums cheap: every combo of a class is
carried onto every other by a permutation of the suits, which maps the
other classes onto themselves, so a sum over the combos of ``a`` is the
number of combos of ``a`` times the sum for one of them.
"""

from __future__ import annotations

import itertools
import logging
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..equity.analysis.matrix import HAND_CLASSES
from ..errors import InputError
from ..evaluator.tables import cache_directory, get_tables
from ._threeway_kernels import ORDERING_CODES, sample_threeway_kernel
from .headsup import BOARDS, HAND_CLASS, HANDS, combo_outcomes, disjoint

__all__ = [
    "CLASSES",
    "SAMPLES",
    "class_combos",
    "pair_outcomes",
    "sorted_slots",
    "threeway_counts",
    "triple_weights",
]

CLASSES = len(HAND_CLASSES)
#: Sampled deals per unordered class triple in the three-way table.
SAMPLES = 256
#: Seed of the three-way table (part of its cache file's name).
SEED = 20_260_101
#: Version of the three-way table's layout and sampling (part of its file name).
TABLE_VERSION = 1

_LOG = logging.getLogger("showdown")


@lru_cache(maxsize=1)
def class_combos() -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """``(combos, counts)``: the cards of each class's combos ``(169, 12, 2)`` and how many."""
    combos = np.zeros((CLASSES, 12, 2), np.uint8)
    counts = np.zeros(CLASSES, np.int64)
    for hand, klass in zip(HANDS, HAND_CLASS, strict=True):
        combos[klass, counts[klass]] = hand
        counts[klass] += 1
    combos.flags.writeable = False
    counts.flags.writeable = False
    return combos, counts


@lru_cache(maxsize=1)
def _exact_sums() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """The exact tables, from the disk cache (computing them takes tens of seconds)."""
    path = cache_directory() / f"threeway-exact-v{TABLE_VERSION}.npz"
    shape = (CLASSES, CLASSES, CLASSES)
    try:
        with np.load(path) as archive:
            found = tuple(archive[name] for name in ("weights", "wins", "ties"))
        # The layout, and a cheap consistency check: every compatible triple counted once.
        if all(array.shape == shape and array.dtype == np.float64 for array in found) and (
            int(found[0].sum()) == 1326 * 1225 * 1128
        ):
            for array in found:
                array.flags.writeable = False
            return found[0], found[1], found[2]
    except (OSError, ValueError, KeyError, EOFError):
        pass
    weights, wins, ties = _compute_exact_sums()
    _save(path, compress=False, weights=weights, wins=wins, ties=ties)
    return weights, wins, ties


def _compute_exact_sums() -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    wins, ties = combo_outcomes()
    fits = disjoint()
    member = np.zeros((HANDS.shape[0], CLASSES))
    member[np.arange(HANDS.shape[0]), HAND_CLASS] = 1.0
    _, counts = class_combos()
    # compatible[k, b]: combos of class b sharing no card with combo k.
    compatible = fits.astype(np.float64) @ member
    weights = np.zeros((CLASSES, CLASSES, CLASSES))
    win_sums = np.zeros_like(weights)
    tie_sums = np.zeros_like(weights)
    for klass in range(CLASSES):
        # One combo of the class stands for all of them (suit symmetry, see the module).
        first_combos = np.flatnonzero(np.equal(HAND_CLASS, klass))
        hand = int(first_combos[0])
        others = np.flatnonzero(fits[hand])
        clashing = np.flatnonzero(~fits[hand])
        members = member[others]
        # reach[k, b]: combos of b compatible with combo k and with hand: those compatible
        # with k, less the few of them that share a card with hand.
        reach = compatible[others] - fits[np.ix_(others, clashing)] @ member[clashing]
        scale = float(counts[klass])
        weights[klass] = scale * (reach.T @ members)
        win_sums[klass] = scale * (reach.T @ (members * (wins[hand, others] / BOARDS)[:, None]))
        tie_sums[klass] = scale * (reach.T @ (members * (ties[hand, others] / BOARDS)[:, None]))
    weights = np.rint(weights)
    for array in (weights, win_sums, tie_sums):
        array.flags.writeable = False
    return weights, win_sums, tie_sums


def triple_weights() -> NDArray[np.float64]:
    """``(169, 169, 169)``: compatible combo triples of classes ``(a, b, c)``; cached.

    ``weights[AA, AA, KK]`` is 36 (two disjoint aces pairs, both ways round,
    times six kings), ``weights[AA, AA, AA]`` is 0, and the whole table sums
    to ``1326 * 1225 * 1128`` (checked by the slow tests).
    """
    return _exact_sums()[0]


def pair_outcomes() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """``(wins, ties)`` ``(169, 169, 169)``: the first class against the third, the middle folded.

    Sums over the compatible combo triples of the chance that ``a``'s combo
    beats (ties) ``c``'s heads-up; cached.
    """
    _, wins, ties = _exact_sums()
    return wins, ties


@lru_cache(maxsize=1)
def _sorted_triples() -> NDArray[np.int64]:
    triples = np.array(list(itertools.combinations_with_replacement(range(CLASSES), 3)), np.int64)
    triples.flags.writeable = False
    return triples


@lru_cache(maxsize=1)
def sorted_slots() -> NDArray[np.int32]:
    """``slot[a, b, c]``: the row of the sorted triple in :func:`threeway_counts`."""
    triples = _sorted_triples()
    slot = np.empty((CLASSES, CLASSES, CLASSES), np.int32)
    rows = np.arange(triples.shape[0], dtype=np.int32)
    for order in itertools.permutations(range(3)):
        slot[triples[:, order[0]], triples[:, order[1]], triples[:, order[2]]] = rows
    slot.flags.writeable = False
    return slot


def _cache_file(samples: int) -> Path:
    return cache_directory() / f"threeway-v{TABLE_VERSION}-{samples}-{SEED}.npz"


def build_threeway_counts(samples: int = SAMPLES) -> NDArray[np.uint16]:
    """Sample the three-way table (see the module): ``(818805, 27)`` ordering counts."""
    if not 1 <= samples <= np.iinfo(np.uint16).max:
        raise InputError(
            f"expected 1 to 65535 deals per triple, got {samples!r}", parameter="samples"
        )
    triples = _sorted_triples()
    combos, counts = class_combos()
    table = np.zeros((triples.shape[0], ORDERING_CODES), np.uint16)
    sample_threeway_kernel(triples, combos, counts, samples, SEED, get_tables(), table)
    return table


def _read(path: Path, rows: int, samples: int) -> NDArray[np.uint16] | None:
    try:
        with np.load(path) as archive:
            table = archive["counts"]
    except (OSError, ValueError, KeyError, EOFError):
        return None
    if table.dtype != np.uint16 or table.shape != (rows, ORDERING_CODES):
        return None
    totals = table.sum(axis=1, dtype=np.int64)
    if not np.all((totals == samples) | (totals == 0)):
        return None
    return table


def _save(path: Path, *, compress: bool, **arrays: NDArray[Any]) -> None:
    """Write an ``.npz`` atomically (a reader never sees half a file)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as handle:
            if compress:
                np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]
            else:
                np.savez(handle, **arrays)  # type: ignore[arg-type]
        os.replace(handle.name, path)
    except OSError as error:  # a read-only cache only costs a rebuild next time
        _LOG.info("three-way push/fold table %s not cached (%s)", path.name, error)


@lru_cache(maxsize=2)
def threeway_counts(samples: int = SAMPLES) -> NDArray[np.uint16]:
    """Ordering counts of every sorted class triple (see the module), from the disk cache.

    Rows follow :func:`sorted_slots`; column ``code`` (see
    ``_threeway_kernels``) counts the deals whose three hands, in sorted
    class order, ordered that way. A row sums to ``samples``, or to 0 for a
    triple no deal can give (three aces in four cards...). Built and saved
    on first use; a damaged cache file is rebuilt.
    """
    path = _cache_file(samples)
    rows = _sorted_triples().shape[0]
    table = _read(path, rows, samples) if path.exists() else None
    if table is None:
        _LOG.info("building the three-way push/fold table (%d deals per class triple)", samples)
        table = build_threeway_counts(samples)
        _save(path, compress=True, counts=table)
    table.flags.writeable = False
    return table
