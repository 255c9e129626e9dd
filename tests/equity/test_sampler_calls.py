"""Monte Carlo runs: few kernel calls, scratch arrays kept, the same deals for a seed.

The speed of a run is not asserted here (timing is the benchmarks' job); what
is asserted is what made runs slow on a busy machine (a kernel call and fresh
scratch arrays every two chunks, tens of microseconds of Python each) and that
making the kernels leaner dealt exactly the same deals.
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown.equity import equity
from showdown.equity.sampling import montecarlo, sample_inputs
from showdown.equity.spot import build_spot


def _sample(spot, samples: int, threads: int = 1, progress=None):
    return montecarlo.sample(
        spot,
        seed=3,
        samples=samples,
        target_stderr=None,
        max_samples=samples,
        threads=threads,
        progress=progress,
    )


def _count_kernel_calls(monkeypatch) -> list[int]:
    calls: list[int] = []
    run = montecarlo.Sampler.run

    def counted(self, seeds, deals, out, combo_out=None):
        calls.append(int(seeds.size))
        return run(self, seeds, deals, out, combo_out)

    monkeypatch.setattr(montecarlo.Sampler, "run", counted)
    return calls


def test_a_quiet_run_on_one_thread_calls_the_kernel_about_once_per_round(monkeypatch) -> None:
    calls = _count_kernel_calls(monkeypatch)
    chunks = 3 * montecarlo.ROUND_CHUNKS
    spot = build_spot(["AK", "AK", "AK"], None, None, "holdem")
    _sample(spot, chunks * montecarlo.CHUNK_DEALS)
    assert sum(calls) == chunks
    # The first chunks go alone (a compile is announced there), then a call per round.
    rounds = montecarlo.ROUND_CHUNKS
    assert calls == [montecarlo.BATCH_CHUNKS, rounds - montecarlo.BATCH_CHUNKS, rounds, rounds]


def test_runs_that_report_progress_or_share_threads_keep_smaller_blocks(monkeypatch) -> None:
    calls = _count_kernel_calls(monkeypatch)
    spot = build_spot(["AhKh", "QsQd"], None, None, "holdem")
    total = 2 * montecarlo.ROUND_CHUNKS * montecarlo.CHUNK_DEALS
    _sample(spot, total, progress=lambda done, total: None)
    assert max(calls) == montecarlo.BATCH_CHUNKS
    calls.clear()
    _sample(spot, total, threads=2)
    assert max(calls) == montecarlo.local_block_chunks(2, False) < montecarlo.ROUND_CHUNKS


def test_scratch_arrays_are_made_once_per_sampler_not_per_call(monkeypatch) -> None:
    made: list[int] = []
    new_work = montecarlo.new_work

    def counted(spot, n_tables):
        made.append(1)
        return new_work(spot, n_tables)

    monkeypatch.setattr(montecarlo, "new_work", counted)
    spot = build_spot(["AA, KK, AK", "AK, AQ", "random"], None, None, "holdem")
    sampler = montecarlo.Sampler(spot)
    progress = lambda done, total: None  # noqa: E731 - small blocks: many calls
    first = montecarlo.sample(
        spot, seed=5, samples=10 * montecarlo.CHUNK_DEALS, target_stderr=None,
        max_samples=10**6, sampler=sampler, progress=progress,
    )  # fmt: skip
    again = montecarlo.sample(
        spot, seed=5, samples=10 * montecarlo.CHUNK_DEALS, target_stderr=None,
        max_samples=10**6, sampler=sampler,
    )  # fmt: skip
    assert len(made) == 1
    # Reused scratch arrays change nothing: every value is written before it is read.
    assert np.array_equal(first.counts, again.counts)
    assert np.array_equal(first.categories, again.categories)


def test_scratch_arrays_do_not_travel_with_a_pickled_sampler() -> None:
    import pickle

    spot = build_spot(["AK", "AK", "random"], None, None, "holdem")
    sampler = montecarlo.Sampler(spot)
    _sample(spot, montecarlo.CHUNK_DEALS)
    sampler.run(
        montecarlo.chunk_seeds(1, 0, 1),
        np.array([100]),
        montecarlo.ChunkCounters.zeros(1, spot.n_players),
    )
    assert sampler._spare_work
    assert pickle.loads(pickle.dumps(sampler))._spare_work == []


# Counts of runs made before the kernels were trimmed (seed 7, 100,000 deals, one
# thread): the same seed must keep dealing the same deals, bit for bit.
# (players, board, game) -> (win counts, tie counts, player 1's category counts)
SAME_DEALS = {
    (("AK", "AK", "AK"), "", "holdem"): (
        [3034, 3095, 3076],
        [90795, 90795, 90795],
        [29975, 46229, 13202, 2293, 4192, 3564, 487, 34, 24],
    ),
    (("AA, KK, AK", "AK, AQ", "random"), "", "holdem"): (
        [43777, 15605, 24890],
        [15550, 15556, 1015],
        [13135, 42852, 29031, 5770, 2360, 2742, 3909, 186, 15],
    ),
    (("AK, AQ, KQ", "AK, AQ, AJ", "random"), "2c7d9h", "holdem"): (
        [21912, 24876, 43615],
        [9111, 9381, 886],
        [41347, 48214, 7845, 1273, 533, 786, 0, 0, 2],
    ),
    (("AsAhKsKh", "QdJdTc9c", "random"), "2c7d9h", "omaha"): (
        [33363, 44344, 20401],
        [191, 1701, 1892],
        [0, 41525, 33405, 14609, 0, 5421, 4794, 246, 0],
    ),
}


@pytest.mark.parametrize("spot", list(SAME_DEALS), ids=lambda spot: " v ".join(spot[0]))
@pytest.mark.parametrize("threads", [1, 2])
def test_a_seed_deals_the_same_deals_as_before(spot, threads: int) -> None:
    players, board, game = spot
    wins, ties, categories = SAME_DEALS[spot]
    result = equity(list(players), board=board, game=game, samples=100_000, seed=7,
                    threads=threads)  # fmt: skip
    assert result.win_count.tolist() == wins
    assert result.tie_count.tolist() == ties
    assert np.rint(result.categories[0] * result.trials).astype(int).tolist() == categories


@pytest.mark.parametrize(
    ("setting", "value", "wins"),
    [
        ("ROW_DECK_LIMIT", 0, [43801, 15685, 24815]),  # held cards moved out of one live deck
        ("JOIN_BYTES", 2_000, [44031, 15385, 24627]),  # two joint tables, clashes redrawn
    ],
)
def test_the_other_dealing_paths_deal_the_same_deals_as_before(
    monkeypatch, setting: str, value: int, wins: list[int]
) -> None:
    monkeypatch.setattr(sample_inputs, setting, value)
    spot = build_spot(["AA, KK, AK", "AK, AQ", "random"], None, None, "holdem")
    sampler = montecarlo.Sampler(spot)
    assert not sampler.inputs.use_row_decks
    counters = montecarlo.sample(
        spot, seed=7, samples=100_000, target_stderr=None, max_samples=100_000,
        sampler=sampler,
    )  # fmt: skip
    assert counters.counts[:, 0, 1].tolist() == wins
