"""Build the preflop order of the 169 hold'em classes (``Range.top``'s data).

Each class's exact heads-up equity against one random hand is computed with
this repository's own equity engine (``equity([combo, "random"],
exact=True)``): one representative combo per class is enough, because every
combo of a class is a suit relabelling of the others and a random hand is
symmetric under suit relabelling. Each class is 1,225 opponent hands times
1,712,304 boards (half a minute of CPU; a few seconds with the suit
symmetry used below), so the table is built once with

    python -m showdown.equity.analysis._build_preflop_order

and shipped as ``showdown/cards/data/preflop_order.csv``; a slow test
recomputes a sample of rows with the engine and compares. The script can be
stopped and restarted: rows already in the output are kept.

The file holds integer counters (deals, wins, ties) so the equity
``(wins + ties / 2) / deals`` is exact and its order reproducible.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import time
from pathlib import Path

from ...cards import Range, parse_cards
from ...cards.range_grid import HAND_CLASSES
from ..api import equity

#: Where the table ships (package data of ``showdown.cards``).
OUTPUT = Path(__file__).resolve().parents[2] / "cards" / "data" / "preflop_order.csv"
FIELDS = ("hand_class", "combo", "deals", "wins", "ties")


def representative(hand_class: str) -> str:
    """One combo of a class, as text: spades for the high card.

    Examples
    --------
    >>> representative("AA"), representative("AKs"), representative("72o")
    ('AsAh', 'AsKs', '7s2h')
    """
    high, low = hand_class[0], hand_class[1]
    if high == low:
        return f"{high}s{low}h"
    if hand_class.endswith("s"):
        return f"{high}s{low}s"
    return f"{high}s{low}h"


def class_counters(
    hand_class: str, *, threads: int | None = None, symmetric: bool = True
) -> tuple[str, int, int, int]:
    """``(combo, deals, wins, ties)`` of one class against a random hand, exactly.

    With ``symmetric`` the opponent's hands are grouped into classes of
    suit relabellings that keep the hero's combo (up to 6 hands each): one
    hand per group is enumerated and its counters count for the whole
    group, which is exact and 2-6 times faster. Without it, the engine
    enumerates ``[combo, "random"]`` directly (what the slow test does).
    """
    combo = representative(hand_class)
    if not symmetric:
        result = equity([combo, "random"], exact=True, threads=threads)
        return combo, int(result.trials), int(result.win_count[0]), int(result.tie_count[0])
    deals = wins = ties = 0
    for size, opponents in _opponent_orbits(combo).items():
        result = equity([combo, Range.from_combos(opponents)], exact=True, threads=threads)
        deals += size * int(result.trials)
        wins += size * int(result.win_count[0])
        ties += size * int(result.tie_count[0])
    return combo, deals, wins, ties


def _opponent_orbits(combo: str) -> dict[int, list[list[int]]]:
    """Opponent hands by suit relabellings that fix ``combo``: {group size: one hand each}."""
    hero = sorted(parse_cards(combo).tolist())
    # Suit permutations that map the hero's two cards onto themselves.
    keep = [
        permutation
        for permutation in itertools.permutations(range(4))
        if sorted(card // 4 * 4 + permutation[card % 4] for card in hero) == hero
    ]
    live = [card for card in range(52) if card not in hero]
    seen: set[tuple[int, int]] = set()
    groups: dict[int, list[list[int]]] = {}
    for pair in itertools.combinations(live, 2):
        if pair in seen:
            continue
        images = {
            tuple(sorted(card // 4 * 4 + permutation[card % 4] for card in pair))
            for permutation in keep
        }
        seen.update(images)  # type: ignore[arg-type]
        groups.setdefault(len(images), []).append(list(pair))
    return groups


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--threads", type=int, default=None)
    arguments = parser.parse_args(argv)
    output: Path = arguments.output
    done: dict[str, dict[str, str]] = {}
    if output.exists():
        with output.open(newline="") as handle:
            done = {row["hand_class"]: row for row in csv.DictReader(handle)}
    output.parent.mkdir(parents=True, exist_ok=True)
    for index, hand_class in enumerate(HAND_CLASSES):
        if hand_class in done:
            continue
        started = time.process_time()
        combo, deals, wins, ties = class_counters(hand_class, threads=arguments.threads)
        done[hand_class] = {
            "hand_class": hand_class,
            "combo": combo,
            "deals": str(deals),
            "wins": str(wins),
            "ties": str(ties),
        }
        # Rewrite the whole file after each class (in grid order) so an
        # interrupted build resumes where it stopped.
        with output.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=FIELDS, lineterminator="\n")
            writer.writeheader()
            for name in HAND_CLASSES:
                if name in done:
                    writer.writerow(done[name])
        cpu = time.process_time() - started
        print(
            f"{index + 1:3d}/169 {hand_class:4s} {(wins + ties / 2) / deals:.6f} ({cpu:.1f} s CPU)"
        )


if __name__ == "__main__":
    main()
