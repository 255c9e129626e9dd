"""The one SplitMix64 of the package: its words, its bounded draws, and who uses it.

A reference written here with Python integers (no numpy, no numba) is the
oracle; the published first words of SplitMix64 seeded with 1234567 pin it.

From Python each state is passed back as ``np.uint64``: a kernel typed with a
Python integer would take it as a signed word (numba then mixes signed and
unsigned words in floating point, which no kernel ever does).
"""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

import showdown
from showdown import _random_kernels as random_kernels
from showdown.equity.sampling import _sample_deal_kernels, montecarlo
from showdown.simulator.compiled import _table_kernels

WORD = (1 << 64) - 1


def reference_mix(value: int) -> int:
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & WORD
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & WORD
    return value ^ (value >> 31)


def reference_words(state: int, count: int) -> list[int]:
    words = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & WORD
        words.append(reference_mix(state))
    return words


def test_reference_gives_the_published_splitmix64_words() -> None:
    # The reference generator's own first outputs for the seed 1234567.
    assert reference_words(1234567, 3) == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


@pytest.mark.parametrize("seed", [0, 1, 1234567, WORD, 0x8000000000000000])
def test_next_random_follows_the_reference(seed: int) -> None:
    state = np.uint64(seed)
    words = []
    for _ in range(20):
        state, word = random_kernels.next_random(np.uint64(state))
        words.append(int(word))
    assert words == reference_words(seed, 20)
    assert int(state) == (seed + 20 * 0x9E3779B97F4A7C15) & WORD


def test_mix_words_is_the_output_function_on_arrays() -> None:
    values = np.random.default_rng(3).integers(0, WORD, size=1000, dtype=np.uint64, endpoint=True)
    mixed = random_kernels.mix_words(values)
    assert mixed.dtype == np.uint64
    assert mixed.tolist() == [reference_mix(int(value)) for value in values]
    assert [int(random_kernels.mix(value)) for value in values[:50]] == mixed[:50].tolist()
    # A bijection: no two of these distinct words mix to the same one.
    assert np.unique(mixed).size == np.unique(values).size


@pytest.mark.parametrize("bound", [1, 2, 7, 52, 1000, (1 << 31) - 1])
def test_next_below_is_the_multiply_shift_of_the_top_half(bound: int) -> None:
    state = np.uint64(99)
    expected = reference_words(99, 200)
    for word in expected:
        state, value = random_kernels.next_below(np.uint64(state), bound)
        assert 0 <= int(value) < bound
        assert int(value) == ((word >> 32) * bound) >> 32


def test_next_below_is_about_uniform() -> None:
    counts = np.zeros(6, np.int64)
    state = np.uint64(5)
    for _ in range(6000):
        state, value = random_kernels.next_below(np.uint64(state), 6)
        counts[int(value)] += 1
    # Each face 1000 times expected; 6 standard deviations (about 29 each) of room.
    assert np.all(np.abs(counts - 1000) < 6 * np.sqrt(6000 * (1 / 6) * (5 / 6)))


def test_next_uniform_uses_the_top_53_bits() -> None:
    state = np.uint64(11)
    for word in reference_words(11, 100):
        state, value = random_kernels.next_uniform(np.uint64(state))
        assert 0.0 <= value < 1.0
        assert value == (word >> 11) / 2.0**53


def test_chunk_seeds_mix_the_chunk_number_twice() -> None:
    key = montecarlo.stream_key(42)
    seeds = montecarlo.chunk_seeds(42, 3, 4)
    expected = [
        reference_mix(reference_mix((index + int(key[0])) & WORD) ^ int(key[1]))
        for index in range(3, 7)
    ]
    assert seeds.tolist() == expected


def test_equity_and_simulator_draw_from_the_one_generator() -> None:
    assert _sample_deal_kernels.next_random is random_kernels.next_random
    assert _table_kernels.next_below is random_kernels.next_below
    assert _table_kernels.next_uniform is random_kernels.next_uniform
    assert montecarlo.mix_words is random_kernels.mix_words


def test_equity_and_simulator_restate_no_constant() -> None:
    package = pathlib.Path(showdown.__file__).parent
    constant = re.compile(r"9E3779B97F4A7C15|BF58476D1CE4E5B9|94D049BB133111EB", re.IGNORECASE)
    sources = [package / "_random_kernels.py"]
    for folder in ("equity", "simulator"):
        sources += sorted((package / folder).rglob("*.py"))
    holders = [
        str(path.relative_to(package))
        for path in sources
        if constant.search(path.read_text(encoding="utf-8"))
    ]
    assert holders == ["_random_kernels.py"]
