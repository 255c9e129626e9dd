"""Monte Carlo equity: seeded chunks of random deals, reproducible at any thread count."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..evaluator import get_tables
from . import _kernels
from .result import Counters
from .spot import Spot

#: Deals per chunk. Chunks (not threads) own a random stream, so the split of
#: work between threads never changes the numbers.
CHUNK_DEALS = 1 << 15
#: Chunks per round; progress and the standard-error stopping rule act between rounds.
ROUND_CHUNKS = 32
#: Consecutive colliding range picks after which a spot is declared impossible.
MAX_FAILED_ATTEMPTS = 2_000_000


class SamplerInputs:
    """Kernel arguments describing how to deal one spot."""

    def __init__(self, spot: Spot) -> None:
        game = spot.game
        n_players = spot.n_players
        hole = game.hole_size
        own_width = hole if game.kind == "board" else 7 if game.kind == "stud" else 5
        self.n_players = n_players
        self.known = np.zeros((n_players, own_width), np.uint8)
        self.known_length = np.zeros(n_players, np.int64)
        self.need = np.zeros(n_players, np.int64)
        self.random_hole = np.zeros(n_players, np.bool_)
        self.combo_start = np.zeros(n_players + 1, np.int64)
        self.combo_uniform = np.ones(n_players, np.bool_)
        combos: list[NDArray[np.uint8]] = []
        masks: list[NDArray[np.uint64]] = []
        cumulative: list[NDArray[np.float64]] = []
        for index, player in enumerate(spot.players):
            count = 0
            if player.hand_range is None:  # stud, draw
                assert player.known is not None
                self.known[index, : player.known.size] = player.known
                self.known_length[index] = player.known.size
                self.need[index] = player.need
            elif spot.is_fixed(index):
                self.known[index, :hole] = player.hand_range.combos[0]
                self.known_length[index] = hole
            elif player.hand_range.is_random:
                # Every live hand at equal weight: deal it from the deck instead of picking.
                self.random_hole[index] = True
            else:
                weights = player.hand_range.weights
                combos.append(player.hand_range.combos)
                masks.append(player.hand_range.masks)
                running = np.cumsum(weights)
                cumulative.append(running / running[-1])
                self.combo_uniform[index] = bool(np.all(weights == weights[0]))
                count = len(weights)
            self.combo_start[index + 1] = self.combo_start[index] + count
        self.combo_cards = np.concatenate(combos) if combos else np.zeros((1, hole), np.uint8)
        self.combo_masks = np.concatenate(masks) if masks else np.zeros(1, np.uint64)
        self.combo_cumulative = np.concatenate(cumulative) if cumulative else np.zeros(1)
        self.hole_size = hole
        self.own_width = own_width
        # Only the board is dealt at random (fixed hands, no stud/draw cards to come):
        # the kernel can shuffle the live deck instead of rejecting used cards.
        self.shuffle_only = bool(
            not self.random_hole.any() and self.combo_start[-1] == 0 and not self.need.any()
        )
        self.board_known = spot.board
        self.n_board = game.board_size
        self.deck = spot.deck
        live = set(spot.deck.tolist())
        self.base_used = np.uint64(sum(1 << card for card in range(52) if card not in live))


def chunk_seeds(seed: int, first_chunk: int, n_chunks: int) -> NDArray[np.uint64]:
    """Random-stream states of chunks ``first_chunk ..``: one ``SeedSequence`` child each."""
    states = np.empty(n_chunks, np.uint64)
    for offset in range(n_chunks):
        sequence = np.random.SeedSequence(seed, spawn_key=(first_chunk + offset,))
        states[offset] = sequence.generate_state(1, np.uint64)[0]
    return states


def sample(
    spot: Spot,
    *,
    seed: int,
    samples: int | None,
    target_stderr: float | None,
    max_samples: int,
    progress: Callable[[int, int], None] | None = None,
) -> Counters:
    """Sample deals until ``samples`` are done or every stderr is below ``target_stderr``."""
    tables = get_tables()
    inputs = SamplerInputs(spot)
    n_players = spot.n_players
    total = Counters.empty(n_players)
    limit = samples if samples is not None else max_samples
    chunk_index = 0
    round_chunks = 1 if target_stderr is not None else ROUND_CHUNKS
    while total.trials < limit:
        remaining = limit - int(total.trials)
        n_chunks = min(round_chunks, math.ceil(remaining / CHUNK_DEALS))
        # With a stderr target, rounds start small and double, so an easy target
        # stops early; the schedule depends only on the seed, never on threads.
        round_chunks = min(2 * round_chunks, ROUND_CHUNKS)
        deals = np.full(n_chunks, CHUNK_DEALS, np.int64)
        deals[-1] = min(CHUNK_DEALS, remaining - CHUNK_DEALS * (n_chunks - 1))
        outputs = Counters.chunk_arrays(n_chunks, n_players)
        attempts = np.zeros(n_chunks, np.int64)
        _kernels.monte_carlo_kernel(
            spot.game.mode,
            spot.game.hilo,
            n_players,
            inputs.combo_cards,
            inputs.combo_masks,
            inputs.combo_start,
            inputs.combo_cumulative,
            inputs.combo_uniform,
            inputs.random_hole,
            inputs.hole_size,
            inputs.known,
            inputs.known_length,
            inputs.need,
            inputs.own_width,
            inputs.board_known,
            inputs.n_board,
            inputs.deck,
            inputs.shuffle_only,
            inputs.base_used,
            chunk_seeds(seed, chunk_index, n_chunks),
            deals,
            MAX_FAILED_ATTEMPTS,
            tables.card_key,
            tables.card_bit,
            tables.low_bit,
            tables.offsets7,
            tables.values7,
            tables.flush,
            tables.low8,
            tables.omaha_pair_index,
            tables.omaha_triple_index,
            tables.omaha_ranks,
            tables.omaha_low8,
            *outputs,
            attempts,
        )
        if (attempts < 0).any():
            raise ValueError(
                "players: the ranges almost never fit together (every sampled deal gave two "
                "players the same card); check for overlapping hands"
            )
        chunk_index += n_chunks
        total.add(Counters.from_chunks(outputs, int(deals.sum())))
        if progress is not None:
            progress(int(total.trials), limit)
        if target_stderr is not None and _max_stderr(total) <= target_stderr:
            break
    return total


def _max_stderr(counters: Counters) -> float:
    counters = counters.completed()
    trials = counters.trials
    ways = np.arange(counters.counts.shape[2], dtype=np.float64)
    ways[0] = 1.0
    shares = (counters.counts[:, 0, :] / ways).sum(axis=1)
    shares += 0.5 * (counters.counts[:, 1:, :] / ways).sum(axis=(1, 2))
    equity = shares / trials
    variance = np.maximum(counters.sum_squares / trials - equity**2, 0.0)
    return float(np.sqrt(variance / trials).max())
