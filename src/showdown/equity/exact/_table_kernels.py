"""Sums of heads-up preflop table rows (see ``preflop_table``), compiled."""

from __future__ import annotations

import numpy as np

from ..._jit import jit, jit_inline


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


@jit_inline
def _row_of(hands, i, codes):  # pragma: no cover - compiled
    """``(row, seats swapped)`` of matchup ``hands[i]`` in the table (row -1: not found)."""
    a_high = np.int64(max(hands[i, 0, 0], hands[i, 0, 1]))
    a_low = np.int64(min(hands[i, 0, 0], hands[i, 0, 1]))
    b_high = np.int64(max(hands[i, 1, 0], hands[i, 1, 1]))
    b_low = np.int64(min(hands[i, 1, 0], hands[i, 1, 1]))
    code, swapped = matchup_code(a_high, a_low, b_high, b_low)
    n_codes = codes.size
    low = 0
    high = n_codes
    while low < high:
        middle = (low + high) >> 1
        if codes[middle] < code:
            low = middle + 1
        else:
            high = middle
    if low >= n_codes or codes[low] != code:
        return -1, swapped
    return low, swapped


@jit_inline
def _add_row(out, rows, row, swapped, times):  # pragma: no cover - compiled
    """``out += rows[row] * times``, hand 1's and hand 2's columns exchanged if ``swapped``."""
    n_columns = rows.shape[1]
    half = (n_columns - 3) // 2
    if swapped:
        out[0] += rows[row, 1] * times
        out[1] += rows[row, 0] * times
        out[2] += rows[row, 2] * times
        for column in range(half):
            out[3 + column] += rows[row, 3 + half + column] * times
            out[3 + half + column] += rows[row, 3 + column] * times
    else:
        for column in range(n_columns):
            out[column] += rows[row, column] * times


@jit
def table_sums(hands, group, codes, rows, sums):  # pragma: no cover - compiled
    """Add the table row of each matchup ``hands[i]`` ``(A, 2, 2)`` to ``sums[group[i]]``.

    Rows are stored in canonical seat order; a matchup read with its seats
    swapped adds hand 2's columns to hand 1's and the other way round.
    Returns how many matchups were not found (0 for a valid table).
    """
    missing = 0
    for i in range(hands.shape[0]):
        row, swapped = _row_of(hands, i, codes)
        if row < 0:
            missing += 1
            continue
        _add_row(sums[group[i]], rows, row, swapped, 1)
    return missing


@jit
def weighted_table_sums(hands, group, weight, codes, rows, sums):  # pragma: no cover - compiled
    """:func:`table_sums` with each matchup's row times ``weight[i]`` (float ``sums``)."""
    missing = 0
    for i in range(hands.shape[0]):
        row, swapped = _row_of(hands, i, codes)
        if row < 0:
            missing += 1
            continue
        _add_row(sums[group[i]], rows, row, swapped, weight[i])
    return missing
