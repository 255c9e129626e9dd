"""Hand strengths for the compiled engine: showdowns and the strength agent's scores.

Thin uses of the evaluator's compiled helpers, with the evaluator's ``Tables``
passed as one argument (``tables``).
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit_llvm_inline
from ...evaluator._kernels import KEY_START, add_card, omaha_high_one, strength_of_key
from ..core import _agent_kernels as choices


@jit_llvm_inline
def high_strength(cards, board, tables):  # pragma: no cover - compiled
    """Best five of ``cards`` and ``board`` (5 to 7 cards in all).

    Card counts come from the arrays' lengths (slices), never from literal
    arguments: numba compiles a separate copy per literal value. Inlined: a call
    would copy the evaluator's tables (eleven arrays) per hand evaluated.
    """
    key = KEY_START
    bits = np.uint64(0)
    for index in range(cards.shape[0]):
        key, bits = add_card(key, bits, cards[index], tables)
    for index in range(board.shape[0]):
        key, bits = add_card(key, bits, board[index], tables)
    return strength_of_key(key, bits, tables)


@jit_llvm_inline
def low8_strength(cards, board, tables):  # pragma: no cover - compiled
    """Best 8-or-better low of ``cards`` and ``board`` (0: none)."""
    mask = 0
    for index in range(cards.shape[0]):
        mask |= tables.low_bit[cards[index]]
    for index in range(board.shape[0]):
        mask |= tables.low_bit[board[index]]
    return tables.low8[mask]


@jit_llvm_inline
def omaha_strength(holes, seat, board_row, tables, pairs, triples):  # pragma: no cover
    """Omaha high of ``holes[seat]`` (exactly two) with the board in ``board_row`` (three)."""
    return omaha_high_one(
        holes, seat, board_row, 0, pairs, triples, tables.omaha_pair_index,
        tables.omaha_triple_index, tables.omaha_ranks, tables.flush,
    )  # fmt: skip


@jit_llvm_inline
def omaha_low(holes, seat, board, tables):  # pragma: no cover - compiled
    """Omaha 8-or-better low of ``holes[seat]`` with ``board`` (0: none)."""
    hole_mask = 0
    for index in range(holes.shape[1]):
        hole_mask |= tables.low_bit[holes[seat, index]]
    board_mask = 0
    for index in range(board.shape[0]):
        board_mask |= tables.low_bit[board[index]]
    return tables.omaha_low8[(np.int64(hole_mask) << 8) | board_mask]


@jit_llvm_inline
def score_of_cards(cards, board, category, merged, tables):  # pragma: no cover - compiled
    """The strength agent's score of its cards (and the board): a rank count below five
    cards, else the category of the best hand mapped by ``category``. ``merged`` is
    scratch space for cards and board together."""
    count = cards.shape[0]
    total = count + board.shape[0]
    if total < 5:
        for index in range(count):
            merged[index] = cards[index]
        for index in range(board.shape[0]):
            merged[count + index] = board[index]
        return choices.rank_score(merged, total)
    return category[high_strength(cards, board, tables) >> 12]
