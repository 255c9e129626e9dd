"""Monte Carlo equity of draw spots with ``random`` players who draw.

A ``random`` draw player is dealt five unknown cards, keeps what
:func:`~showdown.equity.sampling.draw_rule.keep_masks` keeps and draws the rest once;
the discards are out of play. How many cards it draws depends on the five it
was dealt, so its deals cannot be listed ahead like the other engines' (every
player's missing cards at once): this sampler deals them with numpy, values
the final hands with the evaluator and awards each pot through the one
showdown rule (``_scoring.score_outcomes``).

A deal is one shuffle of the live deck, read in order: each drawing player's
five cards, then the cards every other player still needs, then the drawing
players' replacements. Every card comes from one uniform shuffle, so the
order of reading does not bias anything. Deals come in chunks of
``montecarlo.CHUNK_DEALS``, each with its own random stream derived from the
seed (``montecarlo.chunk_seeds``), and stop by the same rounds and standard-
error rule as the other sampled runs: the same seed gives the same answer.
Exact enumeration is not offered: one drawing opponent already has about
1.5 million starting hands times every draw of each.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..._progress import Progress, ProgressLike
from ...evaluator import evaluate
from .._scoring import BATCH, score_outcomes
from ..result import Counters
from ..spot import Spot
from ._drawing_kernels import deal_draw_hands
from .draw_rule import MOST_DRAWN
from .montecarlo import chunk_deals, chunk_seeds, max_stderr, round_ends

__all__ = ["cards_read", "deal_final_hands", "sample_drawing"]


def cards_read(spot: Spot) -> int:
    """Most cards one deal reads from the shuffled deck (drawing players' draws included)."""
    drawing = len(spot.drawing_players)
    others = sum(player.need for player in spot.players if not player.drawing)
    return min(spot.deck.size, drawing * (5 + MOST_DRAWN) + others)


def deal_final_hands(spot: Spot, words: NDArray[np.uint64]) -> NDArray[np.uint8]:
    """``(deals, players, 5)``: each player's final hand in each deal.

    Parameters
    ----------
    spot
        A draw spot (known hands, ``HAND/DISCARDS``, ``random`` and
        ``random/pat`` players).
    words
        ``(deals, cards_read(spot))`` random 32-bit words (in ``uint64``):
        each deal's shuffle of ``spot.deck`` (``deal_draw_hands``).
    """
    n_players = spot.n_players
    known = np.zeros((n_players, 5), np.uint8)
    known_count = np.zeros(n_players, np.int64)
    need = np.zeros(n_players, np.int64)
    drawing = np.zeros(n_players, np.bool_)
    for index, player in enumerate(spot.players):
        assert player.known is not None
        known[index, : player.known.size] = player.known
        known_count[index] = player.known.size
        need[index] = player.need
        drawing[index] = player.drawing
    hands = np.zeros((words.shape[0], n_players, 5), np.uint8)
    work = np.zeros(spot.deck.size, np.uint8)
    deck = np.ascontiguousarray(spot.deck)
    deal_draw_hands(deck, words, known, known_count, need, drawing, work, hands)
    return hands


def _score(hands: NDArray[np.uint8], counters: tuple[NDArray[Any], ...]) -> None:
    """Value every final hand and add each deal's pot to ``counters`` (kernel order)."""
    n_deals, n_players, _ = hands.shape
    strengths = evaluate(hands.reshape(-1, 5), threads=1).astype(np.int64)
    highs_all = np.ascontiguousarray(strengths.reshape(n_deals, n_players).T)
    highs = np.zeros((n_players, BATCH), np.int64)
    lows = np.zeros((n_players, BATCH), np.int64)
    weights = np.ones(BATCH, np.int64)
    scratch = np.zeros((3, BATCH), np.int64)
    for first in range(0, n_deals, BATCH):
        size = min(BATCH, n_deals - first)
        highs[:, :size] = highs_all[:, first : first + size]
        score_outcomes((highs, lows, weights, scratch), np.int64(size), False, tuple(counters))


def _chunk(spot: Spot, state: np.uint64, deals: int) -> Counters:
    """The counters of one chunk of ``deals`` deals from random-stream state ``state``."""
    generator = np.random.Generator(np.random.PCG64(int(state)))
    words = generator.integers(0, 1 << 32, (deals, cards_read(spot)), dtype=np.uint64)
    arrays = tuple(array[0] for array in Counters.chunk_arrays(1, spot.n_players))
    _score(deal_final_hands(spot, words), arrays)
    counts, scoop, share_any, sum_squares, categories = arrays
    return Counters(counts, scoop, share_any, sum_squares, categories, deals)


def sample_drawing(
    spot: Spot,
    *,
    seed: int,
    samples: int | None,
    target_stderr: float | None,
    max_samples: int,
    progress: ProgressLike = None,
) -> Counters:
    """Sample deals of a draw spot with drawing players (see the module docs).

    Stops after ``samples`` deals, or once every standard error is at most
    ``target_stderr`` (checked after 1, 2, 4 ... chunks, then every 32, like
    ``montecarlo.sample``), at most ``max_samples`` deals.
    """
    total = Counters.empty(spot.n_players)
    limit = samples if samples is not None else max_samples
    first = 0
    with Progress(progress, limit, description="equity", unit="deals") as bar:
        for end in round_ends(limit, target_stderr is not None):
            states = chunk_seeds(seed, first, end - first)
            for state, deals in zip(states, chunk_deals(limit, first, end), strict=True):
                total.add(_chunk(spot, state, int(deals)))
                bar.update_to(int(total.trials))
            first = end
            if target_stderr is not None and max_stderr(total) <= target_stderr:
                break
        bar.total = int(total.trials)
        bar.update_to(int(total.trials))
    return total
