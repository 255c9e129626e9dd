"""Sums of heads-up preflop table rows (see ``preflop_table``), compiled."""

from __future__ import annotations

import numpy as np

from .._jit import jit, jit_inline


@jit_inline
def _reading(c0, c1, c2, c3):  # pragma: no cover - compiled
    """Code of four cards read in this order: ranks and first-appearance suit labels."""
    s0 = c0 & 3
    s1 = c1 & 3
    s2 = c2 & 3
    s3 = c3 & 3
    label1 = 0 if s1 == s0 else 1
    if s2 == s0:
        label2 = 0
    elif s2 == s1:
        label2 = label1
    else:
        label2 = label1 + 1
    if s3 == s0:
        label3 = 0
    elif s3 == s1:
        label3 = label1
    elif s3 == s2:
        label3 = label2
    else:
        label3 = max(label1, label2) + 1
    code = (c0 >> 2) * 4
    code = (code * 13 + (c1 >> 2)) * 4 + label1
    code = (code * 13 + (c2 >> 2)) * 4 + label2
    return (code * 13 + (c3 >> 2)) * 4 + label3


@jit_inline
def matchup_code(a_high, a_low, b_high, b_low):  # pragma: no cover - compiled
    """(code, seats swapped) of hand A v hand B, each hand's higher card first."""
    best = np.int64(1) << 62
    swapped = False
    for swap in range(2):
        x_high = b_high if swap else a_high
        x_low = b_low if swap else a_low
        y_high = a_high if swap else b_high
        y_low = a_low if swap else b_low
        x_pair = (x_high >> 2) == (x_low >> 2)
        y_pair = (y_high >> 2) == (y_low >> 2)
        for flip in range(4):
            if (flip & 1 and not x_pair) or (flip & 2 and not y_pair):
                continue
            first = x_low if flip & 1 else x_high
            second = x_high if flip & 1 else x_low
            third = y_low if flip & 2 else y_high
            fourth = y_high if flip & 2 else y_low
            code = _reading(first, second, third, fourth)
            if code < best:
                best = code
                swapped = swap == 1
    return best, swapped


@jit
def table_sums(hands, group, codes, rows, sums):  # pragma: no cover - compiled
    """Add the table row of each matchup ``hands[i]`` ``(A, 2, 2)`` to ``sums[group[i]]``.

    Rows are stored in canonical seat order; a matchup read with its seats
    swapped adds hand 2's columns to hand 1's and the other way round.
    Returns how many matchups were not found (0 for a valid table).
    """
    n_codes = codes.size
    n_columns = rows.shape[1]
    half = (n_columns - 3) // 2
    missing = 0
    for i in range(hands.shape[0]):
        a_high = np.int64(max(hands[i, 0, 0], hands[i, 0, 1]))
        a_low = np.int64(min(hands[i, 0, 0], hands[i, 0, 1]))
        b_high = np.int64(max(hands[i, 1, 0], hands[i, 1, 1]))
        b_low = np.int64(min(hands[i, 1, 0], hands[i, 1, 1]))
        code, swapped = matchup_code(a_high, a_low, b_high, b_low)
        low = 0
        high = n_codes
        while low < high:
            middle = (low + high) >> 1
            if codes[middle] < code:
                low = middle + 1
            else:
                high = middle
        if low >= n_codes or codes[low] != code:
            missing += 1
            continue
        out = sums[group[i]]
        if swapped:
            out[0] += rows[low, 1]
            out[1] += rows[low, 0]
            out[2] += rows[low, 2]
            for column in range(half):
                out[3 + column] += rows[low, 3 + half + column]
                out[3 + half + column] += rows[low, 3 + column]
        else:
            for column in range(n_columns):
                out[column] += rows[low, column]
    return missing
