"""Evaluator throughput, with peer libraries timed in the same run on the same hands.

Run with ``pytest benchmarks/test_bench_evaluator.py`` (not part of the default
``pytest`` run). Inputs come from a fixed seed; every kernel is called once on
a small batch before timing so JIT compilation (or a cache load) is excluded.
Showdown runs single-threaded (``threads=1``) unless a test says otherwise;
peers are called once per hand from Python, the way they are used. Nothing
here fails on speed: rates go to ``extra_info`` and the summary table.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from showdown import (
    category_counts,
    evaluate,
    evaluate_low8,
    evaluate_omaha_hilo,
)
from showdown.evaluator import evaluate_short_deck

N_RANDOM_HANDS = 10_000_000
N_OMAHA_DEALS = 2_000_000
#: Peers run one Python call per hand, so a subset of the same hands is enough.
N_PEER_HANDS = 200_000
N_PEER_OMAHA = 100_000
ALL_SEVEN_CARD_HANDS = 133_784_560
N_SHORT_DECK_HANDS = 10_000_000
#: pokerkit's short-deck hand takes about 2 ms per 7-card hand from Python.
N_POKERKIT_SHORT_DECK = 2_000

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
CARD_NAMES = [rank + suit for rank in RANK_CHARS for suit in SUIT_CHARS]


@pytest.fixture(scope="module")
def seven_card_hands(deal) -> np.ndarray:
    return deal(N_RANDOM_HANDS, 7)


@pytest.fixture(scope="module")
def omaha_deals(deal) -> tuple[np.ndarray, np.ndarray]:
    cards = deal(N_OMAHA_DEALS, 9)
    return np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])


# --- exhaustive enumeration ----------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_category_counts_all_seven_card_hands(benchmark, throughputs, threads: int):
    category_counts(7, threads=threads)  # warm-up: compile or load the kernel, build tables
    counts = benchmark.pedantic(
        category_counts, args=(7,), kwargs={"threads": threads}, rounds=5, warmup_rounds=1
    )
    assert sum(counts.values()) == ALL_SEVEN_CARD_HANDS
    target = "<= 0.4 s, >= 330 M/s" if threads == 1 else ""
    throughputs.record(
        benchmark,
        f"category_counts(7), threads={threads}",
        ALL_SEVEN_CARD_HANDS,
        target=target,
    )


# --- random 7-card hands -------------------------------------------------------------------


def test_evaluate_random_seven_card(benchmark, throughputs, seven_card_hands):
    evaluate(seven_card_hands[:1000], threads=1)
    benchmark.pedantic(
        evaluate, args=(seven_card_hands,), kwargs={"threads": 1}, rounds=10, warmup_rounds=1
    )
    throughputs.record(benchmark, "evaluate, random 7-card", N_RANDOM_HANDS, target=">= 120 M/s")


def test_phevaluator_per_hand(benchmark, throughputs, seven_card_hands):
    phevaluator = pytest.importorskip("phevaluator")
    evaluate_7cards = phevaluator.evaluate_7cards
    # phevaluator takes the same rank * 4 + suit codes, as Python ints.
    hands = [tuple(row) for row in seven_card_hands[:N_PEER_HANDS].tolist()]

    def per_hand() -> list[int]:
        return [evaluate_7cards(*hand) for hand in hands]

    values = benchmark.pedantic(per_hand, rounds=5, warmup_rounds=1)
    # Same hands, same order of strength (phevaluator: smaller is stronger).
    ours = evaluate(seven_card_hands[:1000], threads=1).astype(np.int64)
    theirs = np.array(values[:1000])
    assert np.array_equal(np.argsort(ours, kind="stable"), np.argsort(-theirs, kind="stable"))
    throughputs.record(benchmark, "phevaluator evaluate_7cards, per hand", N_PEER_HANDS)
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        "evaluate, random 7-card", "phevaluator evaluate_7cards, per hand", 25
    )


def test_eval7_per_hand(benchmark, throughputs, seven_card_hands):
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(name) for name in CARD_NAMES]  # eval7 cards from strings only
    hands = [[deck[code] for code in row] for row in seven_card_hands[:N_PEER_HANDS].tolist()]
    evaluate_cards = eval7.evaluate

    def per_hand() -> list[int]:
        return [evaluate_cards(hand) for hand in hands]

    benchmark.pedantic(per_hand, rounds=5, warmup_rounds=1)
    throughputs.record(benchmark, "eval7 evaluate, per hand", N_PEER_HANDS)
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        "evaluate, random 7-card", "eval7 evaluate, per hand"
    )


def test_evaluate_low8_random_seven_card(benchmark, throughputs, seven_card_hands):
    evaluate_low8(seven_card_hands[:1000], threads=1)
    benchmark.pedantic(
        evaluate_low8, args=(seven_card_hands,), kwargs={"threads": 1}, rounds=10, warmup_rounds=1
    )
    throughputs.record(
        benchmark, "evaluate_low8, random 7-card", N_RANDOM_HANDS, target=">= 150 M/s"
    )


# --- short deck (6+), random 7-card hands ---------------------------------------------------


@pytest.fixture(scope="module")
def short_deck_hands() -> np.ndarray:
    """7 distinct cards of the 36-card deck per row (codes 16..51), fixed seed."""
    rng = np.random.default_rng(36)
    cards = rng.integers(16, 52, size=(N_SHORT_DECK_HANDS, 7), dtype=np.uint8)
    while True:
        ordered = np.sort(cards, axis=1)
        repeats = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not repeats.any():
            return cards
        cards[repeats] = rng.integers(16, 52, size=(int(repeats.sum()), 7), dtype=np.uint8)


def test_evaluate_short_deck_random_seven_card(benchmark, throughputs, short_deck_hands):
    evaluate_short_deck(short_deck_hands[:1000], threads=1)  # compile or load; build tables
    benchmark.pedantic(
        evaluate_short_deck,
        args=(short_deck_hands,),
        kwargs={"threads": 1},
        rounds=10,
        warmup_rounds=1,
    )
    throughputs.record(benchmark, "evaluate_short_deck, random 7-card", N_SHORT_DECK_HANDS)


def test_pokerkit_short_deck_per_hand(benchmark, throughputs, short_deck_hands):
    pokerkit = pytest.importorskip("pokerkit")
    from_game = pokerkit.ShortDeckHoldemHand.from_game
    rows = short_deck_hands[:N_POKERKIT_SHORT_DECK].tolist()
    hands = ["".join(CARD_NAMES[code] for code in row) for row in rows]

    def per_hand() -> list[int]:
        return [from_game(hand).entry.index for hand in hands]

    values = benchmark.pedantic(per_hand, rounds=3, warmup_rounds=1)
    # Same hands, same order (pokerkit's index: larger is stronger, equal is a tie).
    ours = evaluate_short_deck(short_deck_hands[:N_POKERKIT_SHORT_DECK], threads=1)
    theirs = np.array(values)
    assert np.array_equal(
        np.sign(np.subtract.outer(ours.astype(np.int64), ours)),
        np.sign(np.subtract.outer(theirs, theirs)),
    )
    throughputs.record(benchmark, "pokerkit ShortDeckHoldemHand, per hand", N_POKERKIT_SHORT_DECK)
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        "evaluate_short_deck, random 7-card", "pokerkit ShortDeckHoldemHand, per hand"
    )


# --- Omaha ---------------------------------------------------------------------------------


def test_evaluate_omaha_hilo(benchmark, throughputs, omaha_deals):
    hole, board = omaha_deals
    evaluate_omaha_hilo(hole[:1000], board[:1000], threads=1)
    benchmark.pedantic(
        evaluate_omaha_hilo,
        args=(hole, board),
        kwargs={"threads": 1},
        rounds=5,
        warmup_rounds=1,
    )
    throughputs.record(
        benchmark,
        "evaluate_omaha_hilo (high + low), 4 hole + 5 board",
        N_OMAHA_DEALS,
        unit="deals",
        target=">= 10 M/s",
    )


def test_phevaluator_omaha_per_call(benchmark, throughputs, omaha_deals):
    phevaluator = pytest.importorskip("phevaluator")
    evaluate_omaha_cards = phevaluator.evaluate_omaha_cards
    hole, board = omaha_deals
    # phevaluator wants the five board cards first, then the four hole cards.
    deals = np.concatenate([board[:N_PEER_OMAHA], hole[:N_PEER_OMAHA]], axis=1).tolist()

    def per_call() -> list[int]:
        return [evaluate_omaha_cards(*deal) for deal in deals]

    benchmark.pedantic(per_call, rounds=5, warmup_rounds=1)
    throughputs.record(
        benchmark, "phevaluator evaluate_omaha_cards (high only), per call", N_PEER_OMAHA, "deals"
    )
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(
        "evaluate_omaha_hilo (high + low), 4 hole + 5 board",
        "phevaluator evaluate_omaha_cards (high only), per call",
        4,
    )


# --- the command line, as whole processes --------------------------------------------------


def _showdown_command() -> list[str]:
    script = Path(sys.executable).with_name("showdown")
    return [str(script)] if script.exists() else [sys.executable, "-m", "showdown.cli.main"]


def _run(arguments: list[str]) -> None:
    subprocess.run(arguments, check=True, capture_output=True, timeout=120)


def test_cli_help_wall_time(benchmark, throughputs):
    benchmark.pedantic(_run, args=([*_showdown_command(), "--help"],), rounds=10, warmup_rounds=1)
    throughputs.record(benchmark, "`showdown --help` process", 1, "runs", target="< 0.5 s")


def test_cli_eval_wall_time_warm_cache(benchmark, throughputs):
    command = [*_showdown_command(), "eval", "AsKsQsJsTs"]
    _run(command)  # fills the numba and table caches, so the timed runs start warm
    benchmark.pedantic(_run, args=(command,), rounds=5, warmup_rounds=1)
    throughputs.record(
        benchmark, "`showdown eval AsKsQsJsTs` process, warm cache", 1, "runs", target="< 1.5 s"
    )
