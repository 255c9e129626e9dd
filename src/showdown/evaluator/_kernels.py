"""Numba kernels of the evaluator.

Kernels take arrays, scalars and the :class:`~.tables.Tables` tuple as one
argument named ``tables`` (see ``tables.py`` for the layouts); they copy the
fields they need into locals before the hot loop, so the loop body only sees
plain arrays.

The kernel interface other packages call: :func:`add_card` adds a card to a
hand's key and suit bits, :func:`strength_of_key` values the sums, both taking
the tables as one tuple. Nothing outside the evaluator reads the perfect hash
itself (a suite rule checks). A serial kernel compiled with numba's runtime
hands them ``unowned(tables)`` (``showdown._views``), hoisted out of its loops:
with the tables' owners dropped the reference counts cost nothing (see
``_jit``). Inputs are validated by the public wrappers in ``api.py``: numba
does not bounds-check, so a card code above 51 would read unrelated memory.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._jit import jit_inline, jit_parallel, prange

SUIT_SHIFT = 32
KEY_START = np.uint64(0x3333 << 32)
FLUSH_CHECK = np.uint64(0x8888 << 32)
RANK_SUM_MASK = np.uint64(0xFFFFFFFF)
ROW_SHIFT_7 = np.uint64(11)
COLUMN_MASK_7 = np.uint64((1 << 11) - 1)
RANK_MASK_13 = np.uint64(0x1FFF)


@jit_inline
def flush_rank_mask(key, bits):  # pragma: no cover - compiled
    """13-bit rank mask of the suit whose counter overflowed (key has a flush)."""
    flags = (key >> np.uint64(SUIT_SHIFT + 3)) & np.uint64(0x1111)
    if flags & np.uint64(0x1):
        return bits & RANK_MASK_13
    if flags & np.uint64(0x10):
        return (bits >> np.uint64(16)) & RANK_MASK_13
    if flags & np.uint64(0x100):
        return (bits >> np.uint64(32)) & RANK_MASK_13
    return (bits >> np.uint64(48)) & RANK_MASK_13


@jit_inline
def lookup_strength(key, bits, offsets, values, flush, row_shift, column_mask):  # pragma: no cover
    """Strength from a summed key and or-ed suit bits (5..7 cards): the perfect-hash lookup.

    The one copy of the lookup, for the full deck's tables and the short deck's
    (their own row shift); other packages call :func:`strength_of_key`.
    """
    if key & FLUSH_CHECK:
        return flush[flush_rank_mask(key, bits)]
    rank_sum = key & RANK_SUM_MASK
    return values[(rank_sum & column_mask) + np.uint64(offsets[rank_sum >> row_shift])]


@jit_inline
def rank_key_of(rank, tables):  # pragma: no cover - compiled
    """The key of one card of ``rank`` (0 = deuce .. 12 = ace) without its suit counter."""
    return tables.card_key[4 * rank] & RANK_SUM_MASK


@jit_inline
def rank_strength(rank_sum, tables):  # pragma: no cover - compiled
    """Strength of 5..7 cards that make no flush, from their ranks' summed :func:`rank_key_of`.

    For kernels that value flushes apart (the class kernels count flush
    classes on their own); :func:`strength_of_key` values any hand.
    """
    return lookup_strength(
        rank_sum, np.uint64(0), tables.offsets7, tables.values7, tables.flush, ROW_SHIFT_7,
        COLUMN_MASK_7,
    )  # fmt: skip


@jit_inline
def strength_of_key(key, bits, tables):  # pragma: no cover - compiled
    """High strength of a hand from its summed key and or-ed suit bits (5..7 cards).

    ``key`` starts at ``KEY_START``; both sums come from :func:`add_card`.
    ``tables`` is the evaluator's :class:`~.table_layout.Tables`; see the
    module docstring for passing it from a serial kernel.
    """
    return lookup_strength(
        key, bits, tables.offsets7, tables.values7, tables.flush, ROW_SHIFT_7, COLUMN_MASK_7
    )


@jit_inline
def add_card(key, bits, card, tables):  # pragma: no cover - compiled
    """``(key, bits)`` of a hand with ``card`` added: the one place a card enters a hand's sums.

    ``tables`` is any tuple with ``card_key`` and ``card_bit`` (the full deck's
    or the short deck's tables).
    """
    return key + tables.card_key[card], bits | tables.card_bit[card]


INVALID_LOW = np.uint8(255)


def _make_hand_key(partial_deck: bool) -> Any:
    """The row walk of a deck: ``partial_deck`` when some codes are not in it (short deck).

    ``partial_deck`` is a closure constant (the one way to specialise, see
    ``_jit``), so the full deck's walk compiles without the not-in-deck check
    (it measured about a tenth slower with it).
    """

    def hand_key(cards, hand, card_key, card_bit):  # pragma: no cover - compiled
        """``(valid, key, bits)`` of row ``hand`` of ``cards``: its summed key and or-ed bits.

        Shared by the full-deck and short-deck kernels, which differ only in their
        tables. The row is invalid with a code above 51 (never used as an index),
        a repeated card, or, in a partial deck, a card whose ``card_bit`` is 0
        (not in the deck: the short deck's deuces to fives).
        """
        key = KEY_START
        bits = np.uint64(0)
        valid = True
        for position in range(cards.shape[1]):
            card = cards[hand, position]
            if card > 51:
                return False, key, bits
            bit = card_bit[card]
            if (partial_deck and bit == 0) or bits & bit:
                valid = False
            key += card_key[card]
            bits |= bit
        return valid, key, bits

    return jit_inline(hand_key)


#: The full deck's row walk (:func:`_make_hand_key`).
hand_key = _make_hand_key(False)
#: The short deck's row walk: also rejects the cards outside the deck.
short_deck_hand_key = _make_hand_key(True)


@jit_parallel
def evaluate_kernel(cards, tables, out):  # pragma: no cover
    """High strength of each row of ``cards`` (n, 5..7) into ``out`` (n,).

    A row with a code above 51 or a repeated card gets 0, a value no real hand
    has, so the wrapper can report it; the bad code is never used as an index.
    """
    card_key, card_bit = tables.card_key, tables.card_bit
    offsets, values, flush = tables.offsets7, tables.values7, tables.flush
    for hand in prange(cards.shape[0]):
        valid, key, bits = hand_key(cards, hand, card_key, card_bit)
        out[hand] = (
            lookup_strength(key, bits, offsets, values, flush, ROW_SHIFT_7, COLUMN_MASK_7)
            if valid
            else 0
        )


@jit_parallel
def low8_kernel(cards, tables, out):  # pragma: no cover
    """8-or-better low strength of each row of ``cards`` (n, 5..7); 255 marks a bad row."""
    card_bit, low_bit, low8 = tables.card_bit, tables.low_bit, tables.low8
    n_hands, n_cards = cards.shape
    for hand in prange(n_hands):
        mask = 0
        bits = np.uint64(0)
        valid = True
        for position in range(n_cards):
            card = cards[hand, position]
            if card > 51:
                valid = False
                break
            bit = card_bit[card]
            if bits & bit:
                valid = False
            bits |= bit
            mask |= low_bit[card]
        out[hand] = low8[mask] if valid else INVALID_LOW


@jit_inline
def omaha_masks(hole, board, hand, card_bit, low_bit):  # pragma: no cover
    """(valid, hole low mask, board low mask) of one Omaha row."""
    bits = np.uint64(0)
    valid = True
    hole_mask = 0
    board_mask = 0
    for position in range(hole.shape[1]):
        card = hole[hand, position]
        if card > 51:
            return False, 0, 0
        bit = card_bit[card]
        if bits & bit:
            valid = False
        bits |= bit
        hole_mask |= low_bit[card]
    for position in range(board.shape[1]):
        card = board[hand, position]
        if card > 51:
            return False, 0, 0
        bit = card_bit[card]
        if bits & bit:
            valid = False
        bits |= bit
        board_mask |= low_bit[card]
    return valid, hole_mask, board_mask


@jit_inline
def omaha_flush_best(hole, hand, board, board_row, flush, best):  # pragma: no cover
    """Raise ``best`` to the best Omaha flush of one row, if one is possible.

    A flush needs three board cards and two hole cards of one suit; a board of
    at most five cards has at most one such suit, and most rows have none, so
    suits are counted first and the slow loop rarely runs.
    """
    n_hole = hole.shape[1]
    n_board = board.shape[1]
    board_counts = 0
    for a in range(n_board):
        board_counts += 1 << ((board[board_row, a] & 3) << 2)
    for suit in range(4):
        if (board_counts >> (suit << 2)) & 15 < 3:
            continue
        hole_count = 0
        for a in range(n_hole):
            if hole[hand, a] & 3 == suit:
                hole_count += 1
        if hole_count < 2:
            continue
        for a in range(n_board - 2):
            card_a = board[board_row, a]
            if card_a & 3 != suit:
                continue
            for b in range(a + 1, n_board - 1):
                card_b = board[board_row, b]
                if card_b & 3 != suit:
                    continue
                for c in range(b + 1, n_board):
                    card_c = board[board_row, c]
                    if card_c & 3 != suit:
                        continue
                    board_mask = (1 << (card_a >> 2)) | (1 << (card_b >> 2)) | (1 << (card_c >> 2))
                    for i in range(n_hole - 1):
                        card_i = hole[hand, i]
                        if card_i & 3 != suit:
                            continue
                        for j in range(i + 1, n_hole):
                            card_j = hole[hand, j]
                            if card_j & 3 != suit:
                                continue
                            value = flush[board_mask | (1 << (card_i >> 2)) | (1 << (card_j >> 2))]
                            if value > best:
                                best = value
    return best


@jit_inline
def omaha_high_one(
    hole, hand, board, board_row, pairs, triples, pair_index, triple_index, omaha_ranks, flush
):  # pragma: no cover
    """Best Omaha high of one (validated) row, using the caller's scratch arrays."""
    n_hole = hole.shape[1]
    n_board = board.shape[1]
    n_triples = 0
    for a in range(n_board - 2):
        rank_a = np.int32(board[board_row, a] >> 2) * 169
        for b in range(a + 1, n_board - 1):
            rank_ab = rank_a + np.int32(board[board_row, b] >> 2) * 13
            for c in range(b + 1, n_board):
                triples[n_triples] = triple_index[rank_ab + (board[board_row, c] >> 2)]
                n_triples += 1
    n_pairs = 0
    for i in range(n_hole - 1):
        rank_i = np.int32(hole[hand, i] >> 2) * 13
        for j in range(i + 1, n_hole):
            pairs[n_pairs] = pair_index[rank_i + (hole[hand, j] >> 2)]
            n_pairs += 1
    best = np.uint16(0)
    for p in range(n_pairs):
        pair = pairs[p]
        for t in range(n_triples):
            best = max(best, omaha_ranks[pair + triples[t]])
    return omaha_flush_best(hole, hand, board, board_row, flush, best)


@jit_parallel
def omaha_kernel(hole, board, tables, n_chunks, out_high, out_low):  # pragma: no cover
    """Omaha high and/or 8-or-better low (exactly 2 hole + 3 board) per row.

    Ignoring suits, a hand is one rank pair from the hole and one rank triple
    from the board, so a (91 pairs x 455 triples) table gives each of the
    up-to-150 combinations with one add and one load; flushes are added by
    :func:`omaha_flush_best`. Each chunk of rows keeps its pair and triple
    indices in small scratch arrays allocated once per chunk. Pass an empty
    ``out_high`` or ``out_low`` to skip that half. A bad row gets high 0 and
    low 255.
    """
    card_bit, low_bit, flush = tables.card_bit, tables.low_bit, tables.flush
    pair_index, triple_index = tables.omaha_pair_index, tables.omaha_triple_index
    omaha_ranks, omaha_low8 = tables.omaha_ranks, tables.omaha_low8
    n_hands = hole.shape[0]
    want_high = out_high.size > 0
    want_low = out_low.size > 0
    per_chunk = (n_hands + n_chunks - 1) // n_chunks
    for chunk in prange(n_chunks):
        triples = np.empty(10, np.int32)
        pairs = np.empty(15, np.int32)
        for hand in range(chunk * per_chunk, min(n_hands, (chunk + 1) * per_chunk)):
            valid, hole_mask, board_mask = omaha_masks(hole, board, hand, card_bit, low_bit)
            if want_low:
                out_low[hand] = omaha_low8[hole_mask << 8 | board_mask] if valid else INVALID_LOW
            if want_high:
                if valid:
                    out_high[hand] = omaha_high_one(
                        hole,
                        hand,
                        board,
                        hand,
                        pairs,
                        triples,
                        pair_index,
                        triple_index,
                        omaha_ranks,
                        flush,
                    )
                else:
                    out_high[hand] = 0


@jit_parallel
def enumerate_histogram(prefixes, n_chunks, tables):  # pragma: no cover
    """Histogram of high strengths over every ``n_cards``-card hand.

    ``prefixes`` (m, n_cards - 3) lists the first cards of every hand in
    ascending order; the last three cards are enumerated here with running
    sums so the innermost step is one add, one or and one lookup. Chunks of
    prefixes go to threads; each chunk fills its own histogram row, so the
    integer total is the same at any thread count.
    """
    card_key, card_bit = tables.card_key, tables.card_bit
    offsets, values, flush = tables.offsets7, tables.values7, tables.flush
    n_prefixes, prefix_size = prefixes.shape
    histograms = np.zeros((n_chunks, 1 << 16), np.int64)
    for chunk in prange(n_chunks):
        histogram = histograms[chunk]
        for index in range(chunk, n_prefixes, n_chunks):
            key0 = KEY_START
            bits0 = np.uint64(0)
            last = -1
            for position in range(prefix_size):
                card = prefixes[index, position]
                key0 += card_key[card]
                bits0 |= card_bit[card]
                last = card
            for c1 in range(last + 1, 50):
                key1 = key0 + card_key[c1]
                bits1 = bits0 | card_bit[c1]
                for c2 in range(c1 + 1, 51):
                    key2 = key1 + card_key[c2]
                    bits2 = bits1 | card_bit[c2]
                    for c3 in range(c2 + 1, 52):
                        strength = lookup_strength(
                            key2 + card_key[c3],
                            bits2 | card_bit[c3],
                            offsets,
                            values,
                            flush,
                            ROW_SHIFT_7,
                            COLUMN_MASK_7,
                        )
                        histogram[strength] += 1
    total = np.zeros(1 << 16, np.int64)
    for chunk in range(n_chunks):
        total += histograms[chunk]
    return total


@jit_parallel
def enumerate_low_histogram(prefixes, n_chunks, tables):  # pragma: no cover
    """Histogram of 8-or-better low strengths over every hand, enumerated like
    :func:`enumerate_histogram` (the last three cards in explicit loops)."""
    low_bit, low8 = tables.low_bit, tables.low8
    n_prefixes, prefix_size = prefixes.shape
    histograms = np.zeros((n_chunks, 256), np.int64)
    for chunk in prange(n_chunks):
        histogram = histograms[chunk]
        for index in range(chunk, n_prefixes, n_chunks):
            mask0 = 0
            last = -1
            for position in range(prefix_size):
                card = prefixes[index, position]
                mask0 |= low_bit[card]
                last = card
            for c1 in range(last + 1, 50):
                mask1 = mask0 | low_bit[c1]
                for c2 in range(c1 + 1, 51):
                    mask2 = mask1 | low_bit[c2]
                    for c3 in range(c2 + 1, 52):
                        histogram[low8[mask2 | low_bit[c3]]] += 1
    total = np.zeros(256, np.int64)
    for chunk in range(n_chunks):
        total += histograms[chunk]
    return total
