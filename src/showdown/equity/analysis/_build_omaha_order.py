"""Build the order of the 16,432 four-card Omaha classes (``15%`` and ``Range.top`` for Omaha).

Method
------
Each class's representative (:mod:`showdown.cards.omaha_order`) plays one
random opponent hand to a random board, for Omaha high and for Omaha hi-lo
8-or-better at once:

1. :data:`DEALS` deals of nine distinct cards -- a five-card board and the
   opponent's four cards -- are drawn once from
   ``numpy.random.default_rng(SEED)``, and the opponent's high and low hand
   on each board are evaluated once (:func:`~showdown.evaluator.evaluate_omaha_hilo`);
2. for each class, the deals that share no card with its representative are
   kept: a uniform sample of the deals that can happen with those hole cards
   (rejection sampling keeps about 46 % of them, some 36,500 per class);
3. the representative is evaluated on those boards and each deal's pot is
   shared by the showdown rule every equity kernel uses
   (:func:`~showdown.equity._scoring.score_outcomes`): ties split, and in
   hi-lo the high and low halves split separately, the high hand scooping
   when there is no low. The counters are the deals and the pot shares won,
   in quarter pots (integers).

Every class is measured on the same deals (common random numbers), so most
of the sampling noise is shared by classes of similar strength and their
order is steadier than one class's standard error (at most 0.0026 in equity)
suggests. A slow test rebuilds a sample of classes with this code (the same
counters), and measures others with the Monte Carlo engine on independent
deals, finding them where the shipped order puts them within sampling error.

Run it with ``python -m showdown.equity.analysis._build_omaha_order``: measured at
182 s of one core (most of it evaluating 16,432 x 36,500 Omaha hands, high
and low in one pass), it writes
``showdown/cards/data/preflop_order_omaha.csv``, whose SHA-256 then goes
into :mod:`showdown._data_files`.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ...cards import format_cards
from ...cards.omaha_order import suit_classes
from ...evaluator import evaluate_omaha_hilo
from .._scoring import pot_equity, pots_won, score_outcomes
from ..result import Counters

#: Deals drawn once and shared by every class.
DEALS = 80_000
#: The seed of those deals.
SEED = 20_260_101
#: Where the table ships (package data of ``showdown.cards``).
OUTPUT = Path(__file__).resolve().parents[2] / "cards" / "data" / "preflop_order_omaha.csv"
FIELDS = ("hand", "combos", "deals", "high_quarters", "hilo_quarters")


class SharedDeals:
    """The deals every class plays: boards, opponents' hands and their values, card masks."""

    def __init__(self, deals: int = DEALS, seed: int = SEED) -> None:
        generator = np.random.default_rng(seed)
        cards = np.argsort(generator.random((deals, 52)), axis=1)[:, :9].astype(np.uint8)
        self.boards = np.ascontiguousarray(cards[:, :5])
        opponents = np.ascontiguousarray(cards[:, 5:])
        high, low = evaluate_omaha_hilo(opponents, self.boards, threads=1)
        self.high = high.astype(np.int64)
        self.low = low.astype(np.int64)
        self.masks = np.bitwise_or.reduce(np.uint64(1) << cards.astype(np.uint64), axis=1)


def _quarters(counts: NDArray[np.int64]) -> int:
    """Quarter pots won, from one player's ``counts[part, winners]`` (heads-up: 1 or 2 winners)."""
    whole, high, low = counts
    return int(4 * whole[1] + 2 * whole[2] + 2 * (high[1] + low[1]) + high[2] + low[2])


def class_counters(hand: NDArray[np.uint8], shared: SharedDeals) -> tuple[int, int, int]:
    """``(deals, high quarters, hi-lo quarters)`` of ``hand`` on the shared deals.

    ``hand`` holds four cards here; the five- and six-card builder's tests
    use this to check their kernel (``shared`` then deals opponents of that size).
    """
    hand_mask = np.bitwise_or.reduce(np.uint64(1) << hand.astype(np.uint64))
    kept = np.flatnonzero((shared.masks & hand_mask) == 0)
    size = len(kept)
    high, low = evaluate_omaha_hilo(
        np.broadcast_to(hand, (size, len(hand))), shared.boards[kept], threads=1
    )
    highs = np.ascontiguousarray(np.stack([high.astype(np.int64), shared.high[kept]]))
    lows = np.ascontiguousarray(np.stack([low.astype(np.int64), shared.low[kept]]))
    weights = np.ones(size, dtype=np.int64)
    scratch = np.zeros((3, size), dtype=np.int64)
    quarters = []
    for hilo in (False, True):
        arrays = tuple(array[0] for array in Counters.chunk_arrays(1, 2))
        score_outcomes((highs, lows, weights, scratch), np.int64(size), hilo, arrays)
        counts = arrays[0]
        quarters.append(_quarters(counts[0]))
        # The same equity as the engine's reading of the counters.
        assert abs(pot_equity(pots_won(counts), size)[0] - quarters[-1] / (4 * size)) < 1e-12
    return size, quarters[0], quarters[1]


def build(deals: int = DEALS, seed: int = SEED, *, report_every: int = 0) -> list[dict[str, str]]:
    """Every class's row of the table (in class order)."""
    started = time.process_time()
    shared = SharedDeals(deals, seed)
    _, representatives, sizes = suit_classes()
    rows = []
    for index, hand in enumerate(representatives):
        dealt, high, hilo = class_counters(hand, shared)
        rows.append(
            {
                "hand": format_cards(hand[::-1]),
                "combos": str(int(sizes[index])),
                "deals": str(dealt),
                "high_quarters": str(high),
                "hilo_quarters": str(hilo),
            }
        )
        if report_every and (index + 1) % report_every == 0:
            cpu = time.process_time() - started
            print(f"{index + 1:6d}/{len(representatives)} classes ({cpu:.0f} s CPU)")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--seed", type=int, default=SEED)
    arguments = parser.parse_args(argv)
    started = time.process_time()
    rows = build(arguments.deals, arguments.seed, report_every=1000)
    output: Path = arguments.output
    output.parent.mkdir(parents=True, exist_ok=True)
    with output.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} classes in {time.process_time() - started:.0f} s CPU: {output}")


if __name__ == "__main__":
    main()
