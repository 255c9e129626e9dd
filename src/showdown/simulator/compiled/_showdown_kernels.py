"""Hand strengths for the compiled engine: showdowns and the strength agent's scores.

Thin uses of the evaluator's compiled helpers, with the session's evaluator tables
passed as one argument (``tables``, a :class:`.layout.Evaluators`): best-five hands
read its ``high`` tables (the full deck's or the short deck's, chosen by the variant),
Omaha and the 8-or-better lows the full deck's ``tables``.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit_llvm_inline
from ...evaluator._best_five_kernels import best_five_strength
from ...evaluator._kernels import KEY_START, add_card, omaha_high_one
from ..core import _agent_kernels as choices


@jit_llvm_inline
def high_strength(cards, board, tables):  # pragma: no cover - compiled
    """Best five of ``cards`` and ``board`` (5 to 7 cards in all).

    Card counts come from the arrays' lengths (slices), never from literal
    arguments: numba compiles a separate copy per literal value. Inlined: a call
    would copy the evaluator's tables (eleven arrays) per hand evaluated.
    """
    high = tables.high
    key = KEY_START
    bits = np.uint64(0)
    for index in range(cards.shape[0]):
        key, bits = add_card(key, bits, cards[index], high)
    for index in range(board.shape[0]):
        key, bits = add_card(key, bits, board[index], high)
    return best_five_strength(key, bits, high)


@jit_llvm_inline
def low8_strength(cards, board, tables):  # pragma: no cover - compiled
    """Best 8-or-better low of ``cards`` and ``board`` (0: none)."""
    low_bit = tables.tables.low_bit
    mask = 0
    for index in range(cards.shape[0]):
        mask |= low_bit[cards[index]]
    for index in range(board.shape[0]):
        mask |= low_bit[board[index]]
    return tables.tables.low8[mask]


@jit_llvm_inline
def omaha_strength(holes, seat, board_row, tables, pairs, triples):  # pragma: no cover
    """Omaha high of ``holes[seat]`` (exactly two) with the board in ``board_row`` (three)."""
    full = tables.tables
    return omaha_high_one(
        holes, seat, board_row, 0, pairs, triples, full.omaha_pair_index,
        full.omaha_triple_index, full.omaha_ranks, full.flush,
    )  # fmt: skip


@jit_llvm_inline
def omaha_low(holes, seat, board, tables):  # pragma: no cover - compiled
    """Omaha 8-or-better low of ``holes[seat]`` with ``board`` (0: none)."""
    low_bit = tables.tables.low_bit
    hole_mask = 0
    for index in range(holes.shape[1]):
        hole_mask |= low_bit[holes[seat, index]]
    board_mask = 0
    for index in range(board.shape[0]):
        board_mask |= low_bit[board[index]]
    return tables.tables.omaha_low8[(np.int64(hole_mask) << 8) | board_mask]


@jit_llvm_inline
def score_of_cards(cards, board, category, merged, tables):  # pragma: no cover - compiled
    """The strength agent's score of its cards (and the board): a rank count below five
    cards, else the best hand's score in ``category`` (:class:`.layout.Agents`). ``merged``
    is scratch space for cards and board together."""
    count = cards.shape[0]
    total = count + board.shape[0]
    if total < 5:
        for index in range(count):
            merged[index] = cards[index]
        for index in range(board.shape[0]):
            merged[count + index] = board[index]
        return choices.rank_score(merged, total)
    return category[high_strength(cards, board, tables) >> tables.category_shift]
