"""Numba kernels that deal the deals of Monte Carlo equity (``_sample_kernels`` scores them).

How a deal is drawn (every step exact; no deal is ever redrawn because two
players' hands clash):

1. **Ranged players** (ranges that are neither one hand nor ``random``)
   get their hands from *joint tables* built in Python
   (``sample_inputs.join_ranges``): every combination of the players' combos
   that shares no card, weighted by the product of the combos' weights. One
   alias draw (Walker's method: one 64-bit random word, O(1)) picks a row
   with probability proportional to its weight, which is exactly the joint
   distribution of the players' hands given that no card is held twice.
   When all ranged players fit in one table (the usual case in hold'em,
   heavily overlapping ranges such as ``AK`` v ``AK`` v ``AK`` included),
   nothing is ever rejected. When the joint holdings outnumber the table
   limit (wide hold'em ranges, and Omaha ranges, which list tens of
   thousands of combos each), players are split over several tables, down
   to one table per player, and a deal whose rows clash *between* tables is
   redrawn whole (:func:`pick_rows`). That is still exact: the tables are
   drawn independently, so a set of rows comes up with probability
   proportional to the product of their weights; keeping only the sets
   that share no card conditions that law on "no card twice", and a law
   conditioned on an event is itself proportional to the product of the
   weights over the sets in the event: the joint table's law, as if the
   tables had been joined. Redrawing every table (never only the one that
   clashed, which would favour hands that clash less with the rows kept)
   is what makes it so. Deals stay independent, so the standard error stays
   honest, which a random walk's correlated deals would not give without
   batch means.
2. **The stub** (random hands, stud and draw cards still to come, the rest
   of the board) is dealt by a partial Fisher-Yates shuffle of a fresh copy
   of the live deck without the ranged players' cards: a small table keeps
   that deck per row, otherwise the held cards are moved out of the copy.
   A Fisher-Yates draw picks uniformly among the cards left, with no
   rejection test.

   Each hand of the stub is summed (additive key, suit bits, low mask) as
   its cards are drawn; Omaha, which evaluates cards rather than sums, keeps
   the cards themselves.

Random numbers come from SplitMix64 (``showdown._random_kernels``, the
simulator's generator too: one 64-bit word of state; passes BigCrush). Each
word deals two stub cards (multiply-shift of a 32-bit half by the number of
cards left: bias below 52 / 2**32) or one alias draw (row and coin from a
64 x 32-bit multiply: bias below 2**-32).

The stream of random words is part of the answer: a seed gives the same
deals, bit for bit, whatever the code around it (a test pins the counts of
seeded runs). Changing how a card is picked from a word changes every
sampled answer of every seed.
"""

from __future__ import annotations

import numpy as np
from numba.core import cgutils, types

from ..._jit import intrinsic, jit_inline, jit_kernel, jit_step, leading_zeros
from ..._random_kernels import next_random
from ...evaluator._kernels import add_card

_U1 = np.uint64(1)
_LOW_32 = np.uint64(0xFFFFFFFF)
_SHIFT_32 = np.uint64(32)


@jit_inline
def alias_draw(bits, first, size, thresholds, alias):  # pragma: no cover - compiled
    """A row of ``[first, first + size)`` drawn by its alias table, from 64 random bits.

    ``floor(bits * size / 2**64)`` is the column (computed from 32-bit halves,
    as numba has no 128-bit integers) and the 32 bits below it are the coin:
    keep the column when the coin is under its threshold, else take its alias.
    """
    scale = np.uint64(size)
    product = (bits >> _SHIFT_32) * scale + (((bits & _LOW_32) * scale) >> _SHIFT_32)
    # Rows are unsigned: numba then indexes without the fix-up for negative indices.
    row = np.uint64(first) + (product >> _SHIFT_32)
    if (product & _LOW_32) >= thresholds[row]:
        row = np.uint64(alias[row])
    return row


@jit_inline
def draw_stub(state, deck, top, n_stub):  # pragma: no cover - compiled
    """Partial Fisher-Yates: ``deck[:n_stub]`` becomes a uniform draw from ``deck[:top]``.

    Returns the new random state. Each random word deals two cards (its high
    and low halves); with an odd ``n_stub`` the spare draw lands past the stub
    and is ignored (``deck`` has 64 slots, so it stays in bounds).
    """
    limit = np.uint64(top)
    position = np.uint64(0)
    for _ in range((n_stub + 1) >> 1):
        state, bits = next_random(state)
        pick = position + (((bits >> _SHIFT_32) * (limit - position)) >> _SHIFT_32)
        card = deck[pick]
        deck[pick] = deck[position]
        deck[position] = card
        position += _U1
        pick = position + (((bits & _LOW_32) * (limit - position)) >> _SHIFT_32)
        card = deck[pick]
        deck[pick] = deck[position]
        deck[position] = card
        position += _U1
    return state


@jit_inline
def draw_sum(hilo, state, deck, position, limit, count, tables):  # pragma: no cover - compiled
    """Deal ``count`` stub cards from ``deck[position:limit]`` (Fisher-Yates) and sum them.

    Returns (state, key sum, suit bits, low mask, new position). Each random
    word deals two cards, its high half then its low half.
    """
    end = position + np.uint64(count)
    key = np.uint64(0)
    bits = np.uint64(0)
    low = 0
    low_bit = tables.low_bit
    for _ in range((count + 1) >> 1):
        state, word = next_random(state)
        pick = position + (((word >> _SHIFT_32) * (limit - position)) >> _SHIFT_32)
        card = deck[pick]
        deck[pick] = deck[position]
        key, bits = add_card(key, bits, card, tables)
        if hilo:
            low |= low_bit[card]
        position += _U1
        if position < end:
            pick = position + (((word & _LOW_32) * (limit - position)) >> _SHIFT_32)
            card = deck[pick]
            deck[pick] = deck[position]
            key, bits = add_card(key, bits, card, tables)
            if hilo:
                low |= low_bit[card]
            position += _U1
    return state, key, bits, low, position


def _copy_deck_python(destination, source, first):  # pragma: no cover - JIT off only
    """:func:`copy_deck` with the JIT off (``NUMBA_DISABLE_JIT=1``)."""
    destination[:8] = source.reshape(-1)[first : first + 8]


@intrinsic(python=_copy_deck_python)
def copy_deck(typing_context, destination, source, first):  # pragma: no cover - compiled
    """Copy the 8 words ``source.flat[first:first + 8]`` over ``destination[:8]``.

    One 64-byte ``memcpy`` of constant size, which LLVM turns into two vector
    moves; a loop of eight word copies stays eight loads and eight stores
    (numba cannot tell LLVM that the arrays never overlap).
    """
    signature = types.void(destination, source, types.intp)

    def codegen(context, builder, signature, arguments):
        target = context.make_array(signature.args[0])(context, builder, arguments[0])
        origin = context.make_array(signature.args[1])(context, builder, arguments[1])
        start = builder.gep(origin.data, [arguments[2]])
        words = context.get_constant(types.intp, 8)
        cgutils.raw_memcpy(builder, target.data, start, words, 8)
        return context.get_dummy_value()

    return signature, codegen


@jit_inline
def remove_held(deck, top, held, where):  # pragma: no cover - compiled
    """Move the ``held`` cards (a mask) out of ``deck[:top]``; the new ``top``.

    ``deck`` is a fresh copy of the live deck, sorted, so ``where[card]`` is a
    card's position until something moves it. Held cards are taken from the
    highest down: each one's place gets the card at the end of the live part,
    which is never a held card still to come (those all sit lower), and the
    cards past ``top`` are never read again.
    """
    while held:
        card = 63 - leading_zeros(held)
        held ^= _U1 << np.uint64(card)
        top -= 1
        deck[where[card]] = deck[top]
    return top


@jit_kernel
def pick_rows(
    state, n_deals, block_start, thresholds, alias, row_masks, max_failures, chosen
):  # pragma: no cover - compiled
    """Draw a row of every joint table for each deal of a block; (state, ok).

    Rows go to ``chosen[table, deal]``. With several tables, rows that share
    a card are drawn again; ``ok`` is False after ``max_failures`` clashes in
    a row (ranges that almost never fit together).
    """
    n_tables = block_start.size - 1
    if n_tables == 1:  # the usual case: one table, nothing can clash
        size = block_start[1]
        for deal in range(n_deals):
            state, bits = next_random(state)
            chosen[0, deal] = alias_draw(bits, 0, size, thresholds, alias)
        return state, True
    for deal in range(n_deals):
        failures = 0
        while True:
            used = np.uint64(0)
            fits = True
            for table in range(n_tables):
                state, bits = next_random(state)
                first = block_start[table]
                row = alias_draw(bits, first, block_start[table + 1] - first, thresholds, alias)
                if used & row_masks[row]:
                    fits = False
                    break
                used |= row_masks[row]
                chosen[table, deal] = row
            if fits:
                break
            failures += 1
            if failures >= max_failures:
                return state, False
    return state, True


@jit_kernel
def load_held(n_deals, chosen, row_masks, held):  # pragma: no cover - compiled
    """The cards of each deal's drawn rows, into ``held`` (to take out of the deck).

    The rows' key sums are not copied anywhere: the evaluator reads them from
    the joint table through ``chosen`` (:func:`evaluate_best_five`).
    """
    for deal in range(n_deals):
        cards = np.uint64(0)
        for table in range(chosen.shape[0]):
            cards |= row_masks[chosen[table, deal]]
        held[deal] = cards


@jit_inline
def fresh_deck(deal, spot, work):  # pragma: no cover - compiled
    """Copy the live deck for one deal, without the ranged players' cards; the live size.

    The copy is eight words: deals then share no memory, so the processor can
    overlap them. With ``spot.use_row_decks`` (one small joint table) each row
    has its deck ready in ``spot.row_decks``; otherwise the ``work.held`` cards
    are moved out.
    """
    deck_size = spot.deck.size
    if spot.use_row_decks:
        copy_deck(work.deck_words, spot.row_decks, np.intp(work.chosen[0, deal]) * 8)
        return deck_size - spot.held_count
    copy_deck(work.deck_words, spot.live_words, 0)
    if spot.block_start.size > 1:  # ranged players' cards to take out
        return remove_held(work.deck, deck_size, work.held[deal], spot.where)
    return deck_size


@jit_step
def deal_sums(hilo, state, n_deals, spot, work, tables):  # pragma: no cover - compiled
    """Deal the stub of each deal of a block as key sums (all games but Omaha); the new state.

    Column ``d`` of ``work.key``/``work.bits``/``work.low`` gets deal ``d``:
    the dealt players' rows (known cards plus the stub's) and the last row,
    the board (``spot.board_sums``: the known board's key with ``KEY_START``,
    suit bits, low mask). Hands are dealt in deal order, the dealt players'
    cards then the board's, each summed as its cards come.
    """
    deck, dealt, deal_count = work.deck, spot.dealt, spot.deal_count
    fixed_key, fixed_bits, fixed_low = spot.fixed_key, spot.fixed_bits, spot.fixed_low
    key_rows, bits_rows, low_rows = work.key, work.bits, work.low
    board_sums = spot.board_sums
    n_board_stub = spot.n_board - spot.board.size
    n_players = fixed_key.size
    for deal in range(n_deals):
        top = fresh_deck(deal, spot, work)
        position = np.uint64(0)
        limit = np.uint64(top)
        for index in range(dealt.size):
            p = dealt[index]
            state, key, suit_bits, low, position = draw_sum(
                hilo, state, deck, position, limit, deal_count[p], tables
            )
            key_rows[p, deal] = fixed_key[p] + key
            bits_rows[p, deal] = fixed_bits[p] | suit_bits
            if hilo:  # a constant: high-only kernels never store low masks
                low_rows[p, deal] = fixed_low[p] | low
        state, key, suit_bits, low, position = draw_sum(
            hilo, state, deck, position, limit, n_board_stub, tables
        )
        key_rows[n_players, deal] = board_sums[0] + key
        bits_rows[n_players, deal] = board_sums[1] | suit_bits
        if hilo:
            low_rows[n_players, deal] = np.int64(board_sums[2]) | low
    return state


@jit_step
def deal_cards(hilo, state, n_deals, spot, work, tables):  # pragma: no cover - compiled
    """Deal the stub of each deal of a block as cards (Omaha); the new state.

    Player ``p``'s cards of deal ``d`` go to ``work.hole`` row ``p * block + d``
    after their known ones, the board's to ``work.boards`` row ``d``; hi-lo
    low masks to ``work.low`` as in :func:`deal_sums`. A ranged player's
    cards and low mask (the byte after them) are copied from their joint
    table's drawn row: a few bytes next to the sixty two-plus-three hands the
    evaluator then looks up.
    """
    deck, hole, boards, low_rows, chosen = work.deck, work.hole, work.boards, work.low, work.chosen
    dealt, deal_count, fixed_count, fixed_low = (
        spot.dealt, spot.deal_count, spot.fixed_count, spot.fixed_low,
    )  # fmt: skip
    ranged_players, player_table, player_column, row_cards = (
        spot.ranged_players, spot.player_table, spot.player_column, spot.row_cards,
    )  # fmt: skip
    low_bit = tables.low_bit
    n_players = fixed_low.size
    block = low_rows.shape[1]
    width = row_cards.shape[2] - 1
    for deal in range(n_deals):
        for index in range(ranged_players.size):
            p = ranged_players[index]
            row = chosen[player_table[p], deal]
            column = player_column[p]
            for slot in range(width):
                hole[p * block + deal, slot] = row_cards[row, column, slot]
            low_rows[p, deal] = row_cards[row, column, width]
        top = fresh_deck(deal, spot, work)
        state = draw_stub(state, deck, top, spot.n_stub)
        # The stub in deal order: the dealt players' cards, then the board's.
        position = 0
        for index in range(dealt.size):
            p = dealt[index]
            low = fixed_low[p]
            start = fixed_count[p]
            for slot in range(deal_count[p]):
                card = deck[position]
                position += 1
                hole[p * block + deal, start + slot] = card
                low |= low_bit[card]
            low_rows[p, deal] = low
        low = np.int64(spot.board_sums[2])
        for slot in range(spot.board.size, spot.n_board):
            card = deck[position]
            position += 1
            boards[deal, slot] = card
            low |= low_bit[card]
        low_rows[n_players, deal] = low
    return state
