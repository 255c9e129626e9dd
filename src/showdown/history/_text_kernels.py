"""Compiled reading of texts out of a file's bytes: a hash per byte span, and the
check that spans given one code hold the same bytes.

The fast path of :func:`~showdown.history.analyze` names every seat and hand by a
span of the file (player names and hand ids repeat hand after hand): hashing the
spans here and factorizing the hashes as integers gives each distinct text one
code without a Python object per row (:func:`showdown.history.fast._span_texts`).
"""

from __future__ import annotations

import numpy as np

from showdown._jit import jit

#: FNV-1a, 64 bits: its offset basis and prime.
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


@jit
def span_hashes(data, starts, stops, out):  # pragma: no cover - compiled
    """The FNV-1a hash of each span ``data[starts[k]:stops[k]]`` into ``out[k]``."""
    prime = np.uint64(FNV_PRIME)
    for row in range(starts.shape[0]):
        value = np.uint64(FNV_OFFSET)
        for position in range(starts[row], stops[row]):
            value = (value ^ np.uint64(data[position])) * prime
        out[row] = value


@jit
def spans_agree(data, starts, stops, first, codes):  # pragma: no cover - compiled
    """Whether every span holds the same bytes as the span ``first[codes[k]]`` of its
    code (``False`` at the first that does not: two texts got one hash)."""
    for row in range(starts.shape[0]):
        other = first[codes[row]]
        size = stops[row] - starts[row]
        if stops[other] - starts[other] != size:
            return False
        for offset in range(size):
            if data[starts[row] + offset] != data[starts[other] + offset]:
                return False
    return True
