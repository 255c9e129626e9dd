"""Build the orders of the five- and six-card Omaha classes (``15%`` and ``Range.top``).

Method
------
The four-card ordering's method (:mod:`showdown.equity.analysis._build_omaha_order`),
made affordable for 134,459 five-card and 962,988 six-card classes
(:mod:`showdown.cards.suit_classes`): each class's canonical hand plays one
random opponent of the same game to a random board, Omaha high and Omaha
hi-lo 8-or-better at once, on deals shared by every class.

1. ``deals`` deals -- a five-card board and the opponent's five or six
   cards -- are drawn once from ``numpy.random.default_rng(seed)``; the
   opponent's high and low on each board are evaluated once
   (:func:`~showdown.evaluator.evaluate_omaha_hilo`), and so is a table of
   every two-card pair's best high and low with three board cards;
2. each class keeps the deals that share no card with its hand, a uniform
   sample of the deals possible with it (about a third of them with five
   cards, 22 % with six), and its value on a board is the best of its 10 or
   15 pairs' table entries -- the Omaha rule, read instead of evaluated
   (:mod:`showdown.equity.analysis._order_kernels`);
3. the pot is shared by the showdown rule of every equity kernel: ties
   split, in hi-lo the high and low halves split separately and the high
   hand scoops when nobody has a low. The counters are the deals kept and
   the pot shares won in quarter pots (integers).

Common random numbers: every class plays the same boards and opponents, so
sampling noise shared by classes of similar strength cancels in their
order. :data:`DEALS` gives one class's equity a standard error of at most
0.0023 (five cards: 150,000 deals drawn, about 49,100 kept per class) and
0.0053 (six cards: 40,000 drawn, about 8,800 kept); the order of two
classes is steadier than that. ``docs/ranges.md`` compares two builds on
independent seeds.

Cost: the pair tables take about 0.5 ms of one core per deal, and a class
about 4.5 ns per deal (measured on the 2-core build machine), so some
165 s of one core for five cards and 210 s for six.

Run it with ``python -m showdown.equity.analysis._build_omaha56_order --size 5`` (or
6); it writes ``showdown/cards/data/preflop_order_omaha5.npz`` (or ``6``),
whose SHA-256 then goes into :mod:`showdown._data_files`. The counters are
``uint16`` when they fit, else ``uint32``, in class order.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..._jit import thread_limit
from ...cards.suit_classes import class_keys, representatives
from ...evaluator import _kernels, evaluate_omaha_hilo
from ...evaluator.tables import get_tables
from ._order_kernels import play_shared_deals

#: Deals drawn once and shared by every class, by hand size.
DEALS = {5: 150_000, 6: 40_000}
#: The seed of those deals, by hand size.
SEED = {5: 20_260_105, 6: 20_260_106}
#: Deals whose pair tables are built and played at a time (memory and cache).
BLOCK = 256
#: Equity codes run 0..CODE_SCALE (1.0).
CODE_SCALE = 65_535
#: Where the tables ship (package data of ``showdown.cards``).
DATA = Path(__file__).resolve().parents[2] / "cards" / "data"

#: Every two-card pair (lexicographic) and each pair's column, by its two cards.
PAIRS = np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
PAIR_COLUMN = np.full((52, 52), -1, dtype=np.int16)
PAIR_COLUMN[PAIRS[:, 0], PAIRS[:, 1]] = np.arange(len(PAIRS))
PAIR_COLUMN[PAIRS[:, 1], PAIRS[:, 0]] = np.arange(len(PAIRS))
#: The ten ways to pick three of five board cards.
TRIPLES = np.array(list(itertools.combinations(range(5), 3)), dtype=np.int64)


def output_path(size: int) -> Path:
    """Where the ordering of ``size``-card Omaha is written."""
    return DATA / f"preflop_order_omaha{size}.npz"


def draw_deals(size: int, deals: int, seed: int) -> NDArray[np.uint8]:
    """``(deals, 5 + size)`` distinct cards per deal: the board, then the opponent's hand."""
    generator = np.random.default_rng(seed)
    cards = np.empty((deals, 5 + size), dtype=np.uint8)
    # In pieces, so the (n, 52) keys stay small; the stream is the same as in one go.
    for start in range(0, deals, 8192):
        stop = min(deals, start + 8192)
        keys = generator.random((stop - start, 52))
        cards[start:stop] = np.argsort(keys, axis=1)[:, : 5 + size]
    return cards


def pair_tables(boards: NDArray[np.uint8]) -> tuple[NDArray[np.uint16], NDArray[np.uint8]]:
    """``(high, low)`` ``(1326, boards)``: each pair's best with three cards of each board.

    Runs the evaluator's own kernels on rows built here (valid by
    construction, so the public functions' checks are skipped: they cost
    more than the evaluation). A pair that shares a card with the board
    gets a junk value (high 0, low 255); no hand holding it reads it, since
    such deals are skipped.
    """
    n = len(boards)
    cards = np.empty((n, len(PAIRS), len(TRIPLES), 5), dtype=np.uint8)
    cards[..., :2] = PAIRS[None, :, None, :]
    cards[..., 2:] = boards[:, TRIPLES][:, None, :, :]
    flat = cards.reshape(-1, 5)
    high = np.empty(len(flat), dtype=np.uint16)
    low = np.empty(len(flat), dtype=np.uint8)
    tables = get_tables()
    with thread_limit(1):
        _kernels.evaluate_kernel(flat, tables, high)
        _kernels.low8_kernel(flat, tables, low)
    shape = (n, len(PAIRS), len(TRIPLES))
    # Pairs by rows, deals by columns: the layout the kernel reads fastest.
    return (
        np.ascontiguousarray(high.reshape(shape).max(axis=2).T),
        np.ascontiguousarray(low.reshape(shape).max(axis=2).T),
    )


def class_pairs(hands: NDArray[np.uint8]) -> NDArray[np.int16]:
    """Table columns of each hand's two-card pairs ``(n, C(size, 2))``."""
    columns = list(itertools.combinations(range(hands.shape[1]), 2))
    return np.ascontiguousarray(
        np.stack([PAIR_COLUMN[hands[:, a], hands[:, b]] for a, b in columns], axis=1)
    )


def card_masks(cards: NDArray[np.uint8]) -> NDArray[np.uint64]:
    """52-bit card mask of each row."""
    return np.bitwise_or.reduce(np.uint64(1) << cards.astype(np.uint64), axis=1)


def build_counters(
    size: int,
    deals: int | None = None,
    seed: int | None = None,
    *,
    classes: ArrayLike | None = None,
    report: bool = False,
) -> NDArray[np.int64]:
    """``(classes, 3)`` counters (deals, high quarters, hi-lo quarters), in class order.

    ``classes`` picks some class numbers (all by default): a class's counters
    do not depend on which others are measured.
    """
    deals = DEALS[size] if deals is None else deals
    seed = SEED[size] if seed is None else seed
    chosen = (
        np.arange(len(class_keys(size)[0]))
        if classes is None
        else np.asarray(classes, dtype=np.int64)
    )
    hands = representatives(size)[chosen]
    pairs, hand_masks = class_pairs(hands), card_masks(hands)
    counters = np.zeros((len(chosen), 3), dtype=np.int64)
    started = time.process_time()
    cards = draw_deals(size, deals, seed)
    for start in range(0, deals, BLOCK):
        block = cards[start : start + BLOCK]
        boards, opponents = np.ascontiguousarray(block[:, :5]), np.ascontiguousarray(block[:, 5:])
        opponent_high, opponent_low = evaluate_omaha_hilo(opponents, boards, threads=1)
        high, low = pair_tables(boards)
        play_shared_deals(
            pairs,
            hand_masks,
            card_masks(block),
            high,
            low,
            opponent_high.astype(np.int64),
            opponent_low.astype(np.int64),
            counters,
        )
        if report and (start // BLOCK) % 20 == 19:
            cpu = time.process_time() - started
            print(f"{start + len(block):7d}/{deals} deals ({cpu:.0f} s CPU)", flush=True)
    return counters


def equity_codes(counters: NDArray[np.int64]) -> tuple[NDArray[np.uint16], NDArray[np.uint16]]:
    """``(high, hi-lo)`` equities as ``uint16`` codes: ``round(65535 * quarters / (4 * deals))``.

    Integer arithmetic (round half up), so a rebuild gives the same codes
    bit for bit. A code step is 0.000015 in equity, far below a class's
    standard error, so the rounding never reorders classes that the
    measurement tells apart.
    """
    deals = counters[:, 0]
    codes = [
        ((2 * CODE_SCALE * counters[:, column] + 4 * deals) // (8 * deals)).astype(np.uint16)
        for column in (1, 2)
    ]
    return codes[0], codes[1]


def write(size: int, counters: NDArray[np.int64], deals: int, seed: int, path: Path) -> None:
    """Save the table: equity codes and class sizes by class number, and how it was drawn."""
    _, sizes = class_keys(size)
    high, hilo = equity_codes(counters)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        path,
        combos=sizes.astype(np.uint8),
        high=high,
        hilo=hilo,
        drawn=np.array([deals, seed], dtype=np.int64),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--size", type=int, choices=(5, 6), required=True)
    parser.add_argument("--output", type=Path)
    parser.add_argument("--deals", type=int)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--counters", type=Path, help="also save the raw counters (.npy)")
    arguments = parser.parse_args(argv)
    size = arguments.size
    deals = DEALS[size] if arguments.deals is None else arguments.deals
    seed = SEED[size] if arguments.seed is None else arguments.seed
    started = time.process_time()
    counters = build_counters(size, deals, seed, report=True)
    output: Path = arguments.output or output_path(size)
    write(size, counters, deals, seed, output)
    if arguments.counters is not None:
        np.save(arguments.counters, counters)
    print(
        f"{len(counters)} classes, {deals} deals ({math.comb(52, size):,} hands) in "
        f"{time.process_time() - started:.0f} s CPU: {output}"
    )


if __name__ == "__main__":
    main()
