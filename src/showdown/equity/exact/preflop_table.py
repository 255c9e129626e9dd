"""The heads-up hold'em preflop table: exact counters of every matchup, shipped as data.

Two hold'em hands preflop with nothing dead face 1,712,304 boards. Up to a
permutation of the suits and the order of the two seats there are 47,008
different matchups (:func:`matchup_codes`); their exact counters (boards won
by each hand, boards tied, each hand's categories) are computed once by the
board-class kernel and stored in ``data/preflop_headsup.npz`` (a few MB,
compressed). Heads-up preflop equity of hands or ranges is then a sum of
table rows. The file's SHA-256 is checked on load; a missing or altered file
is not used (exact equity is then computed, with the same result).

Rebuild (about a minute on two cores)::

    python -m showdown.equity.exact.preflop_table build

and record the printed hash in :data:`showdown._data_files.DATA_SHA256`
(where every shipped data file's hash lives).

Canonical form of a matchup
---------------------------
List the four cards hand by hand (each hand's higher rank first) and label
the suits 0, 1, 2, ... in order of first appearance. Ranks and labels do not
change when the suits are permuted, so this reading is the same for every
suit-permuted copy. A pocket pair can be listed two ways and the seats can be
swapped, so up to eight readings are formed (all chosen by suit-free rules)
and the smallest is the matchup's code; whether it came from swapped seats
says how to map the stored counters back.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import time
import warnings
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ..._data_files import DATA_SHA256, data_path, sha256_fault
from ..result import Counters
from ..spot import Spot
from ._table_kernels import table_sums, weighted_table_sums

if TYPE_CHECKING:
    from ..breakdown import ComboBreakdown

#: The table's name among the shipped data files.
TABLE_FILE = "equity/data/preflop_headsup.npz"
TABLE_PATH = data_path(TABLE_FILE)
#: SHA-256 of the shipped table file, from the record of every shipped data file.
TABLE_SHA256 = DATA_SHA256[TABLE_FILE]
#: Boards of a heads-up preflop matchup: C(48, 5).
BOARDS = 1_712_304
#: Columns of a table row: boards won by hand 1, won by hand 2, tied; then each hand's
#: boards per category, high card .. straight flush.
COLUMNS = 3 + 2 * 9


class Matchups(NamedTuple):
    """Canonical codes of matchups and how each maps onto its canonical seat order."""

    code: NDArray[np.int64]  # (A,)
    swapped: NDArray[np.bool_]  # (A,): the canonical first hand is the second player's


def matchup_codes(first: NDArray[np.uint8], second: NDArray[np.uint8]) -> Matchups:
    """Canonical code of each matchup ``first[i]`` v ``second[i]`` (hands ``(A, 2)``).

    Examples
    --------
    >>> from showdown.cards import parse_cards
    >>> one = matchup_codes(parse_cards("AhKh")[None], parse_cards("QsQd")[None])
    >>> two = matchup_codes(parse_cards("QhQc")[None], parse_cards("AdKd")[None])
    >>> bool(one.code[0] == two.code[0]), bool(one.swapped[0]), bool(two.swapped[0])
    (True, True, False)
    """
    first = np.sort(first, axis=1)[:, ::-1].astype(np.int64)  # higher card first
    second = np.sort(second, axis=1)[:, ::-1].astype(np.int64)
    readings = []
    allowed = []
    seats = []
    for seats_swapped in (False, True):
        hands = (second, first) if seats_swapped else (first, second)
        for flip_a, flip_b in itertools.product((False, True), repeat=2):
            cards = np.column_stack(
                [
                    hands[0][:, ::-1] if flip_a else hands[0],
                    hands[1][:, ::-1] if flip_b else hands[1],
                ]
            )
            ranks = cards >> 2
            # Flipping a hand is a different reading only for a pocket pair.
            ok = np.ones(len(cards), bool)
            if flip_a:
                ok &= ranks[:, 0] == ranks[:, 1]
            if flip_b:
                ok &= ranks[:, 2] == ranks[:, 3]
            readings.append(cards)
            allowed.append(ok)
            seats.append(seats_swapped)
    stacked = np.stack(readings)  # (8, A, 4)
    code = _reading_code(stacked >> 2, stacked & 3)
    code = np.where(np.stack(allowed), code, np.iinfo(np.int64).max)
    best = np.argmin(code, axis=0)
    columns = np.arange(code.shape[1])
    return Matchups(code[best, columns], np.array(seats)[best])


def _reading_code(ranks: NDArray[np.int64], suits: NDArray[np.int64]) -> NDArray[np.int64]:
    """Ranks and first-appearance suit labels of four cards (last axis), packed in one integer."""
    s0, s1, s2, s3 = (suits[..., position] for position in range(4))
    label1 = (s1 != s0).astype(np.int64)
    label2 = np.where(s2 == s0, 0, np.where(s2 == s1, label1, label1 + 1))
    label3 = np.where(
        s3 == s0,
        0,
        np.where(s3 == s1, label1, np.where(s3 == s2, label2, np.maximum(label1, label2) + 1)),
    )
    code = ranks[..., 0] * 4
    for position, label in ((1, label1), (2, label2), (3, label3)):
        code = (code * 13 + ranks[..., position]) * 4 + label
    return code


def all_matchups() -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Every ordered pair of disjoint two-card hands (1,326 x 1,225)."""
    hands = np.array(list(itertools.combinations(range(52), 2)), np.uint8)
    masks = (np.uint64(1) << hands[:, 0].astype(np.uint64)) | (
        np.uint64(1) << hands[:, 1].astype(np.uint64)
    )
    first, second = np.nonzero((masks[:, None] & masks[None, :]) == 0)
    return hands[first], hands[second]


# ----------------------------------------------------------------------------- building
def build_table(threads: int = 1) -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """``(codes (U,), rows (U, COLUMNS))`` for every canonical matchup, computed exactly."""
    from concurrent.futures import ThreadPoolExecutor

    from ...evaluator import get_tables
    from ._class_common import class_tables, holding_outputs, suit_permutations
    from ._holdem_class_kernels import holdem_class_kernel

    first, second = all_matchups()
    matchups = matchup_codes(first, second)
    codes, index = np.unique(matchups.code, return_index=True)
    # Representatives in canonical seat order.
    swap = matchups.swapped[index]
    hands = np.stack([first[index], second[index]], axis=1)
    hands[swap] = hands[swap][:, ::-1]
    hands = np.ascontiguousarray(hands, np.uint8)
    tables = get_tables()
    classes = class_tables()
    perms = suit_permutations()
    board = np.zeros((1, 0), np.uint8)

    def compute(start: int) -> NDArray[np.int32]:
        block = hands[start : start + 500]
        outputs = holding_outputs(len(block), 2)
        holdem_class_kernel(block, board, np.uint64(0), perms, False, tables, classes, *outputs)
        return table_rows(outputs[0], outputs[4])

    with ThreadPoolExecutor(max_workers=threads) as pool:
        rows = list(pool.map(compute, range(0, len(hands), 500)))
    return codes, np.concatenate(rows)


def table_rows(counts: NDArray[np.int64], categories: NDArray[np.int64]) -> NDArray[np.int32]:
    """Table rows from per-matchup counters ``counts (U, 2, 3, 3)``, ``categories (U, 2, 10)``."""
    return np.column_stack(
        [
            counts[:, 0, 0, 1],
            counts[:, 1, 0, 1],
            counts[:, 0, 0, 2],
            categories[:, 0, 1:],
            categories[:, 1, 1:],
        ]
    ).astype(np.int32)


def write_table(path: Path, codes: NDArray[np.int64], rows: NDArray[np.int32]) -> str:
    """Write the table (compressed npz); returns the file's SHA-256."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, codes=codes.astype(np.int32), rows=rows)
    data = buffer.getvalue()
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


# ----------------------------------------------------------------------------- reading
@lru_cache(maxsize=1)
def load_table() -> tuple[NDArray[np.int64], NDArray[np.int32]] | None:
    """The shipped table, or None (with a warning) when it is missing or altered."""
    try:
        data = TABLE_PATH.read_bytes()
    except OSError as error:
        fault: str | None = f"cannot be read ({type(error).__name__}: {error.strerror or error})"
    else:
        fault = sha256_fault(data, TABLE_SHA256)
    if fault is not None:
        warnings.warn(
            f"{TABLE_PATH} {fault}; heads-up preflop equity will be computed instead of read",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    with np.load(io.BytesIO(data)) as stored:
        codes = stored["codes"].astype(np.int64)
        rows = stored["rows"]
    if rows.shape != (codes.size, COLUMNS) or np.any(np.diff(codes) <= 0):
        return None
    codes.setflags(write=False)
    rows.setflags(write=False)
    return codes, rows


def table_available() -> bool:
    """Whether the shipped table can be used."""
    return load_table() is not None


def table_counters(spot: Spot, *, combos: bool = False) -> Counters:
    """Exact counters of a heads-up hold'em preflop spot, summed from the table.

    With ``combos``, each player's per-combo counters too (``by_combo``):
    the matchups' rows summed by that player's combo, read from their seat.
    Weighted ranges add each matchup's row times its weight and put the sums
    in deals (``weighting``), like every exact method.
    """
    from ..weighting import in_deals
    from .holdings import cached_joint_holdings

    table = load_table()
    assert table is not None
    codes, rows = table
    cards, weights, combo = cached_joint_holdings(spot)
    weighted = bool(weights.min() != weights.max())
    group = np.zeros(len(cards), np.int64)
    sums = _sums(cards, group, weights if weighted else None, codes, rows, 1)
    counts, scoop, share_any, squares, categories = (
        array[0] for array in _arrays(_counters_of_sums(sums))
    )
    result = Counters(counts, scoop, share_any, squares, categories, 0)
    factor = in_deals(result, len(cards) * BOARDS, float(weights.sum()) * BOARDS)
    if combos:
        result.by_combo = _combo_breakdowns(
            spot, cards, combo, weights if weighted else None, codes, rows, factor
        )
    return result


def _sums(
    cards: NDArray[np.uint8],
    group: NDArray[np.int64],
    weights: NDArray[np.float64] | None,
    codes: NDArray[np.int64],
    rows: NDArray[np.int32],
    n_groups: int,
) -> NDArray[Any]:
    """Table rows of matchups ``cards`` summed by ``group`` (times ``weights``, if any)."""
    if weights is None:
        sums: NDArray[Any] = np.zeros((n_groups, COLUMNS), np.int64)
        missing = table_sums(cards, group, codes, rows, sums)
    else:
        sums = np.zeros((n_groups, COLUMNS), np.float64)
        missing = weighted_table_sums(cards, group, weights, codes, rows, sums)
    assert missing == 0
    return sums


def _counters_of_sums(sums: NDArray[Any]) -> Counters:
    """Counters ``(R, 2, ...)`` of ``R`` sums of table rows (first hand's seat first),
    of the sums' type (integers, or floats for weighted sums)."""
    size = sums.shape[0]
    kind = sums.dtype
    counters = Counters(
        np.zeros((size, 2, 3, 3), kind),
        np.zeros((size, 2), kind),
        np.zeros((size, 2), kind),
        np.zeros((size, 2)),
        np.zeros((size, 2, 10), kind),
        0,
    )
    counters.counts[:, 0, 0, 1] = sums[:, 0]
    counters.counts[:, 1, 0, 1] = sums[:, 1]
    counters.counts[:, :, 0, 2] = sums[:, 2:3]
    counters.categories[:, 0, 1:] = sums[:, 3:12]
    counters.categories[:, 1, 1:] = sums[:, 12:21]
    return counters


def _arrays(counters: Counters) -> tuple[NDArray[Any], ...]:
    """The five counter arrays of ``counters``."""
    return (
        counters.counts,
        counters.scoop,
        counters.share_any,
        counters.sum_squares,
        counters.categories,
    )


def _combo_breakdowns(
    spot: Spot,
    cards: NDArray[np.uint8],
    combo: NDArray[np.int64],
    weights: NDArray[np.float64] | None,
    codes: NDArray[np.int64],
    rows: NDArray[np.int32],
    factor: float,
) -> dict[int, ComboBreakdown]:
    """Each player's per-combo counters: table rows summed by their combo (times the
    matchups' ``weights``, if any, put in deals by ``factor``)."""
    from ..breakdown import ComboBreakdown

    found = {}
    for player in range(2):
        hand_range = spot.players[player].hand_range
        assert hand_range is not None
        size = len(hand_range)
        # Read from the player's seat: their hand first.
        hands = np.ascontiguousarray(cards if player == 0 else cards[:, ::-1])
        sums = _sums(hands, combo[:, player], weights, codes, rows, size)
        arrays = [array[:, 0] for array in _arrays(_counters_of_sums(sums))]
        if weights is None:
            trials: NDArray[Any] = np.bincount(combo[:, player], minlength=size) * BOARDS
        else:
            trials = np.bincount(combo[:, player], weights=weights, minlength=size) * BOARDS
        counts, scoop, share_any, squares, categories = arrays
        counters = Counters(counts, scoop, share_any, squares, categories, trials)
        scale = 1.0 if weights is None else factor
        found[player] = ComboBreakdown(hand_range.combos, counters, scale)
    return found


def main(argv: list[str] | None = None) -> None:
    """``python -m showdown.equity.exact.preflop_table build [--threads N] [--out PATH]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", choices=["build"])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    options = parser.parse_args(argv)
    started = time.perf_counter()
    cpu = time.process_time()
    codes, rows = build_table(options.threads)
    digest = write_table(options.out, codes, rows)
    print(
        f"{len(codes)} matchups in {time.perf_counter() - started:.1f} s "
        f"({time.process_time() - cpu:.1f} s CPU); {options.out}: sha256 {digest}"
    )


if __name__ == "__main__":
    main()
