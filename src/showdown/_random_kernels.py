"""SplitMix64, the one random number generator of every kernel (equity and simulator).

One 64-bit word of state; each step adds the golden-ratio constant
(:data:`GOLDEN`) and passes the new state through an output function
(:func:`mix`, a bijection of 64-bit words), so the outputs of one stream never
repeat before 2**64 steps. It passes BigCrush, costs a handful of integer
instructions per word, and a stream's state is one number that a chunk of
deals or a simulated table can own: work split any way gives the same words.

Everything here is part of the answers: Monte Carlo equity and the simulator
pin seeded results in tests, so a change to a constant, a shift or how a
bounded integer is cut from a word changes every seeded answer.

The scalar helpers are inlined by LLVM into the kernels that call them
(``jit_llvm_inline``: no call overhead, and scalars only, so no reference
counts); with ``NUMBA_DISABLE_JIT=1`` they run as Python on numpy integers,
which wrap like the compiled ones (``showdown._jit``). :func:`mix_words` is
the same output function on numpy arrays, for seeds worked out in Python.

Examples
--------
>>> state, word = next_random(np.uint64(0))
>>> hex(int(word))  # SplitMix64's first output from state 0
'0xe220a8397b1dcdaf'
>>> int(mix_words(np.array([GOLDEN], np.uint64))[0]) == int(word)
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._jit import jit_llvm_inline

__all__ = [
    "GOLDEN",
    "mix",
    "mix_words",
    "next_below",
    "next_random",
    "next_uniform",
]

# uint64 throughout: mixing with int64 would promote to float.
#: The state's step: 2**64 divided by the golden ratio, odd (every state is visited once).
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_S32 = np.uint64(32)
_UNIT = 1.0 / 9007199254740992.0  # 2 ** -53


@jit_llvm_inline
def mix(value):  # pragma: no cover - compiled
    """SplitMix64's output function of a 64-bit word (a bijection)."""
    mixed = (value ^ (value >> _S30)) * _MIX_1
    mixed = (mixed ^ (mixed >> _S27)) * _MIX_2
    return mixed ^ (mixed >> _S31)


@jit_llvm_inline
def next_random(state):  # pragma: no cover - compiled
    """One step: ``(new state, 64 random bits)``."""
    state = state + GOLDEN
    return state, mix(state)


@jit_llvm_inline
def next_uniform(state):  # pragma: no cover - compiled
    """One step: ``(new state, uniform float in [0, 1))`` from the word's top 53 bits."""
    state = state + GOLDEN
    return state, float(mix(state) >> _S11) * _UNIT


@jit_llvm_inline
def next_below(state, bound):  # pragma: no cover - compiled
    """One step: ``(new state, integer in [0, bound))`` for ``0 < bound < 2**31``.

    The top 32 bits times ``bound``, shifted down (multiply-shift): integer
    instructions only, where a float route converts twice. The bias is below
    ``bound / 2**32``.
    """
    state = state + GOLDEN
    return state, np.int64(((mix(state) >> _S32) * np.uint64(bound)) >> _S32)


def mix_words(values: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """:func:`mix` element-wise on an array of words (wrapping, no overflow warning)."""
    values = np.asarray(values, dtype=np.uint64)
    with np.errstate(over="ignore"):
        values = (values ^ (values >> _S30)) * _MIX_1
        values = (values ^ (values >> _S27)) * _MIX_2
        return values ^ (values >> _S31)
