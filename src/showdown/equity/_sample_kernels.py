"""Numba kernels of Monte Carlo equity: deal random deals of one spot and count showdowns.

How a deal is drawn (every step exact; no deal is ever redrawn because two
players' hands clash):

1. **Ranged players** (hold'em ranges that are neither one hand nor
   ``random``) get their hands from *joint tables* built in Python
   (``montecarlo.join_ranges``): every combination of the players' combos
   that shares no card, weighted by the product of the combos' weights. One
   alias draw (Walker's method: one 64-bit random word, O(1)) picks a row
   with probability proportional to its weight, which is exactly the joint
   distribution of the players' hands given that no card is held twice.
   When all ranged players fit in one table (the usual case, heavily
   overlapping ranges such as ``AK`` v ``AK`` v ``AK`` included), nothing
   is ever rejected. Only when the joint holdings outnumber the table limit
   are players split over several tables; a clash *between* tables then
   redraws those rows (rejection between tables only: still exact, and the
   deals stay independent so the standard error stays honest, which a
   random walk's correlated deals would not give without batch means).
   Clashes inside a table cannot happen, and tables are only split when
   their ranges are wide, so such clashes are rare.
2. **The stub** (random hands, stud and draw cards still to come, the rest
   of the board) is dealt by a partial Fisher-Yates shuffle of a fresh copy
   of the live deck without the ranged players' cards: a small table keeps
   that deck per row, otherwise the held cards are moved out of the copy.
   A Fisher-Yates draw picks uniformly among the cards left, with no
   rejection test.

   Each hand of the stub is summed (additive key, suit bits, low mask) as
   its cards are drawn; Omaha, which evaluates cards rather than sums, keeps
   the cards themselves.

Random numbers come from SplitMix64 (one 64-bit word of state; passes
BigCrush). Each word deals two stub cards (multiply-shift of a 32-bit half by
the number of cards left: bias below 52 / 2**32) or one alias draw (row and
coin from a 64 x 32-bit multiply: bias below 2**-32).

Deals go in blocks of a few hundred, each phase in its own short loop: draw
the block's joint-table rows, deal the stubs, evaluate one player at a time,
score. Deals are independent, so the processor overlaps them; loops with few
live values compile to tight code. Counters that consecutive deals often
bump (hand categories, winner sets) are kept four ways, deal by deal in
turn, so an addition never waits for the one before.

The kernels are serial and release the GIL: ``montecarlo`` runs chunks of
deals from a Python thread pool. Each chunk owns its random stream, so the
split of chunks between threads never changes the numbers. They are compiled
without the numba runtime (``jit_kernel``): no reference counting (arrays
handed to helpers inside a loop otherwise cost a counter update per call)
and no allocation (scratch arrays come in ``work``). The phases are separate
compiled functions taking arrays, cached on their own; a game family
compiles its own dealer and evaluator only (see :func:`deal_block`,
:func:`evaluate_block`).

Counters: see ``_scoring`` (``counts``, ``scoop``, ``share_any``,
``sum_squares``, ``categories`` per chunk); ``out.failed[chunk]`` is set
when ranges split over several tables almost never fit together.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba.core import types
from numba.core.errors import TypingError

from .._jit import jit_inline, jit_kernel, leading_zeros, overload_inline, trailing_zeros
from ..evaluator._kernels import COLUMN_MASK_7, ROW_SHIFT_7, omaha_high_one, strength_of_key
from ._scoring import add_pot, add_whole_pot, add_whole_share, bit_count, winner_masks

_U1 = np.uint64(1)
_LOW_32 = np.uint64(0xFFFFFFFF)
_SHIFT_32 = np.uint64(32)

# SplitMix64 constants.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)


@jit_inline
def next_random(state):  # pragma: no cover - compiled
    """(new state, 64 random bits): one SplitMix64 step."""
    state = state + _GOLDEN
    mixed = state
    mixed = (mixed ^ (mixed >> np.uint64(30))) * _MIX_1
    mixed = (mixed ^ (mixed >> np.uint64(27))) * _MIX_2
    return state, mixed ^ (mixed >> np.uint64(31))


@jit_inline
def alias_draw(bits, first, size, thresholds, alias):  # pragma: no cover - compiled
    """A row of ``[first, first + size)`` drawn by its alias table, from 64 random bits.

    ``floor(bits * size / 2**64)`` is the column (computed from 32-bit halves,
    as numba has no 128-bit integers) and the 32 bits below it are the coin:
    keep the column when the coin is under its threshold, else take its alias.
    """
    scale = np.uint64(size)
    product = (bits >> _SHIFT_32) * scale + (((bits & _LOW_32) * scale) >> _SHIFT_32)
    row = first + np.int64(product >> _SHIFT_32)
    if (product & _LOW_32) >= thresholds[row]:
        row = np.int64(alias[row])
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
def draw_sum(
    hilo, state, deck, position, limit, count, card_key, card_bit, low_bit
):  # pragma: no cover
    """Deal ``count`` stub cards from ``deck[position:limit]`` (Fisher-Yates) and sum them.

    Returns (state, key sum, suit bits, low mask, new position). Each random
    word deals two cards, its high half then its low half.
    """
    end = position + np.uint64(count)
    key = np.uint64(0)
    bits = np.uint64(0)
    low = 0
    for _ in range((count + 1) >> 1):
        state, word = next_random(state)
        pick = position + (((word >> _SHIFT_32) * (limit - position)) >> _SHIFT_32)
        card = deck[pick]
        deck[pick] = deck[position]
        key += card_key[card]
        bits |= card_bit[card]
        if hilo:
            low |= low_bit[card]
        position += _U1
        if position < end:
            pick = position + (((word & _LOW_32) * (limit - position)) >> _SHIFT_32)
            card = deck[pick]
            deck[pick] = deck[position]
            key += card_key[card]
            bits |= card_bit[card]
            if hilo:
                low |= low_bit[card]
            position += _U1
    return state, key, bits, low, position


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
def load_holdings(
    n_deals, chosen, block_players, row_key, row_bits, row_masks, key_rows, bits_rows, held,
    use_row_decks,
):  # pragma: no cover - compiled  # fmt: skip
    """Copy the drawn rows' key sums to ``key_rows``/``bits_rows`` and their cards to ``held``.

    Ranges are hold'em only, never hi-lo, so no low masks are needed. With row
    decks the held cards are never needed: each row's deck already lacks them.
    """
    for table in range(chosen.shape[0]):
        for column in range(block_players.shape[1]):
            player = block_players[table, column]
            if player < 0:
                break
            for deal in range(n_deals):
                row = chosen[table, deal]
                key_rows[player, deal] = row_key[row, column]
                bits_rows[player, deal] = row_bits[row, column]
    if use_row_decks:
        return
    for deal in range(n_deals):
        cards = np.uint64(0)
        for table in range(chosen.shape[0]):
            cards |= row_masks[chosen[table, deal]]
        held[deal] = cards


@jit_inline
def fresh_deck(
    deal, deck, deck_words, live_words, where, deck_size, ranged, use_row_decks, row_decks,
    chosen, held, held_count,
):  # pragma: no cover - compiled  # fmt: skip
    """Copy the live deck for one deal, without the ranged players' cards; the live size.

    The copy is eight words: deals then share no memory, so the processor can
    overlap them. With ``use_row_decks`` (one small joint table) each row has
    its deck ready in ``row_decks``; otherwise the ``held`` cards are moved out.
    """
    if use_row_decks:
        row = chosen[0, deal]
        for word in range(8):
            deck_words[word] = row_decks[row, word]
        return deck_size - held_count
    for word in range(8):
        deck_words[word] = live_words[word]
    if ranged:
        return remove_held(deck, deck_size, held[deal], where)
    return deck_size


@jit_kernel
def deal_sums(
    hilo, state, n_deals, deck, deck_words, live_words, where, deck_size, ranged, use_row_decks,
    row_decks, chosen, held, held_count, dealt, deal_count, fixed_key, fixed_bits, fixed_low,
    board_sums, n_board, n_known_board, card_key, card_bit, low_bit, key_rows, bits_rows,
    low_rows,
):  # pragma: no cover - compiled  # fmt: skip
    """Deal the stub of each deal of a block as key sums (all games but Omaha); the new state.

    Column ``d`` of ``key_rows``/``bits_rows``/``low_rows`` gets deal ``d``:
    the dealt players' rows (known cards plus the stub's) and the last row,
    the board (``board_sums``: the known board's key with ``KEY_START``, suit
    bits, low mask). Hands are dealt in deal order, the dealt players' cards
    then the board's, each summed as its cards come.
    """
    n_players = fixed_key.size
    for deal in range(n_deals):
        top = fresh_deck(
            deal, deck, deck_words, live_words, where, deck_size, ranged, use_row_decks,
            row_decks, chosen, held, held_count,
        )  # fmt: skip
        position = np.uint64(0)
        limit = np.uint64(top)
        for index in range(dealt.size):
            p = dealt[index]
            state, key, suit_bits, low, position = draw_sum(
                hilo, state, deck, position, limit, deal_count[p], card_key, card_bit, low_bit
            )
            key_rows[p, deal] = fixed_key[p] + key
            bits_rows[p, deal] = fixed_bits[p] | suit_bits
            low_rows[p, deal] = fixed_low[p] | low
        state, key, suit_bits, low, position = draw_sum(
            hilo, state, deck, position, limit, n_board - n_known_board, card_key, card_bit,
            low_bit,
        )  # fmt: skip
        key_rows[n_players, deal] = board_sums[0] + key
        bits_rows[n_players, deal] = board_sums[1] | suit_bits
        low_rows[n_players, deal] = np.int64(board_sums[2]) | low
    return state


@jit_kernel
def deal_cards(
    hilo, state, n_deals, deck, deck_words, live_words, where, deck_size, ranged, use_row_decks,
    row_decks, chosen, held, held_count, n_stub, dealt, deal_count, fixed_count, fixed_low,
    board_sums, n_board, n_known_board, low_bit, low_rows, hole, boards,
):  # pragma: no cover - compiled  # fmt: skip
    """Deal the stub of each deal of a block as cards (Omaha); the new state.

    Player ``p``'s cards of deal ``d`` go to ``hole`` row ``p * block + d``
    after their known ones, the board's to ``boards`` row ``d``; hi-lo low
    masks to ``low_rows`` as in :func:`deal_sums`.
    """
    n_players = fixed_low.size
    block = low_rows.shape[1]
    for deal in range(n_deals):
        top = fresh_deck(
            deal, deck, deck_words, live_words, where, deck_size, ranged, use_row_decks,
            row_decks, chosen, held, held_count,
        )  # fmt: skip
        state = draw_stub(state, deck, top, n_stub)
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
        low = np.int64(board_sums[2])
        for slot in range(n_known_board, n_board):
            card = deck[position]
            position += 1
            boards[deal, slot] = card
            low |= low_bit[card]
        low_rows[n_players, deal] = low
    return state


def deal_block(omaha, hilo, state, n_deals, spot, work, tables):  # pragma: no cover
    """Deal a block: :func:`deal_cards` (Omaha) or :func:`deal_sums`; the new state.

    Chosen while compiling (``omaha`` is a constant of each kernel), so a
    kernel compiles only the dealer it uses. Compiled code only.
    """
    raise NotImplementedError("deal_block runs in compiled kernels only")


@overload_inline(deal_block)
def _deal_block(omaha, hilo, state, n_deals, spot, work, tables):  # pragma: no cover
    if not isinstance(omaha, types.BooleanLiteral):
        raise TypingError("deal_block: omaha must be a constant")
    if omaha.literal_value:

        def cards_block(omaha, hilo, state, n_deals, spot, work, tables):
            return deal_cards(
                hilo, state, n_deals, work.deck, work.deck_words, spot.live_words, spot.where,
                spot.deck.size, spot.block_start.size > 1, spot.use_row_decks, spot.row_decks,
                work.chosen, work.held, spot.held_count, spot.n_stub, spot.dealt,
                spot.deal_count, spot.fixed_count, spot.fixed_low, spot.board_sums,
                spot.n_board, spot.board.size, tables.low_bit, work.low, work.hole, work.boards,
            )  # fmt: skip

        return cards_block

    def sums_block(omaha, hilo, state, n_deals, spot, work, tables):
        return deal_sums(
            hilo, state, n_deals, work.deck, work.deck_words, spot.live_words, spot.where,
            spot.deck.size, spot.block_start.size > 1, spot.use_row_decks, spot.row_decks,
            work.chosen, work.held, spot.held_count, spot.dealt, spot.deal_count,
            spot.fixed_key, spot.fixed_bits, spot.fixed_low, spot.board_sums, spot.n_board,
            spot.board.size, tables.card_key, tables.card_bit, tables.low_bit, work.key,
            work.bits, work.low,
        )  # fmt: skip

    return sums_block


@jit_kernel
def evaluate_best_five(
    hilo, n_deals, key_rows, bits_rows, low_rows, strengths, lows, offsets, values,
    flush, low8,
):  # pragma: no cover - compiled  # fmt: skip
    """Hold'em, stud, draw: each player's best five of own cards plus board, every deal.

    One tight loop per player over the block's deals: deals are independent,
    so the processor overlaps their table lookups.
    """
    n_players = strengths.shape[0]
    for p in range(n_players):
        for deal in range(n_deals):
            strength = strength_of_key(
                key_rows[n_players, deal] + key_rows[p, deal],
                bits_rows[n_players, deal] | bits_rows[p, deal],
                offsets,
                values,
                flush,
                ROW_SHIFT_7,
                COLUMN_MASK_7,
            )
            strengths[p, deal] = strength
        if hilo:
            for deal in range(n_deals):
                lows[p, deal] = low8[low_rows[p, deal] | low_rows[n_players, deal]]


@jit_kernel
def count_categories(strengths, n_deals, tally, categories):  # pragma: no cover - compiled
    """Add each deal's high-hand category to ``categories[p, c]``.

    Consecutive deals often share a category; four tallies taken in turn keep
    the additions from waiting on each other.
    """
    for p in range(strengths.shape[0]):
        tally[:] = 0
        for deal in range(n_deals):
            tally[deal & 3, strengths[p, deal] >> 12] += 1
        for category in range(tally.shape[1]):
            categories[p, category] += (
                tally[0, category] + tally[1, category] + tally[2, category] + tally[3, category]
            )


@jit_kernel
def evaluate_omaha(
    hilo, n_deals, hole, boards, low_rows, strengths, lows, pairs, triples,
    pair_index, triple_index, omaha_ranks, flush, omaha_low8,
):  # pragma: no cover - compiled  # fmt: skip
    """Omaha: exactly two own cards and three board cards (see :func:`evaluate_best_five`)."""
    n_players, block = strengths.shape
    for p in range(n_players):
        for deal in range(n_deals):
            strength = omaha_high_one(
                hole,
                p * block + deal,
                boards,
                deal,
                pairs,
                triples,
                pair_index,
                triple_index,
                omaha_ranks,
                flush,
            )
            strengths[p, deal] = strength
        if hilo:
            for deal in range(n_deals):
                lows[p, deal] = omaha_low8[low_rows[p, deal] << 8 | low_rows[n_players, deal]]


def evaluate_block(omaha, hilo, n_deals, work, tables):  # pragma: no cover
    """Strengths of every deal of a block: :func:`evaluate_omaha` or :func:`evaluate_best_five`.

    Chosen while compiling (``omaha`` is a constant of each kernel), so a
    kernel compiles only the evaluator it uses. Compiled code only.
    """
    raise NotImplementedError("evaluate_block runs in compiled kernels only")


@overload_inline(evaluate_block)
def _evaluate_block(omaha, hilo, n_deals, work, tables):  # pragma: no cover
    if not isinstance(omaha, types.BooleanLiteral):
        raise TypingError("evaluate_block: omaha must be a constant")
    if omaha.literal_value:

        def omaha_block(omaha, hilo, n_deals, work, tables):
            evaluate_omaha(
                hilo,
                n_deals,
                work.hole,
                work.boards,
                work.low,
                work.strengths,
                work.lows,
                work.pairs,
                work.triples,
                tables.omaha_pair_index,
                tables.omaha_triple_index,
                tables.omaha_ranks,
                tables.flush,
                tables.omaha_low8,
            )

        return omaha_block

    def best_five_block(omaha, hilo, n_deals, work, tables):
        evaluate_best_five(
            hilo,
            n_deals,
            work.key,
            work.bits,
            work.low,
            work.strengths,
            work.lows,
            tables.offsets7,
            tables.values7,
            tables.flush,
            tables.low8,
        )

    return best_five_block


@jit_kernel
def score_by_mask(strengths, n_deals, best, masks, wins):  # pragma: no cover - compiled
    """Tally each deal's set of winners (``_scoring.winner_masks``) in ``wins`` (high-only pots).

    Consecutive deals often have the same winners; four tallies taken in turn
    keep the additions from waiting on each other.
    """
    winner_masks(strengths, n_deals, best, masks)
    for deal in range(n_deals):
        wins[deal & 3, masks[deal]] += 1


@jit_kernel
def add_wins(wins, counts):  # pragma: no cover - compiled
    """Award each tallied set of winners its whole pots (``_scoring.add_whole_pot``)."""
    n_players = counts.shape[0]
    for mask in range(1, wins.shape[1]):
        won = wins[0, mask] + wins[1, mask] + wins[2, mask] + wins[3, mask]
        if won:
            add_whole_pot(mask, n_players, won, counts)


@jit_kernel
def score_each(
    hilo, n_deals, strengths, lows, best, masks, low_masks, counts, scoop, share_any, sum_squares
):  # pragma: no cover - compiled
    """Award deal by deal (hi-lo pots, or too many players for a tally of winner sets)."""
    n_players = strengths.shape[0]
    winner_masks(strengths, n_deals, best, masks)
    if hilo:
        winner_masks(lows, n_deals, best, low_masks)
    for deal in range(n_deals):
        low_mask = low_masks[deal] if hilo else 0
        add_pot(masks[deal], low_mask, n_players, 1, counts, scoop, share_any, sum_squares)


def _make_sample_chunks(combos: bool) -> Any:
    """The sampling loop, with (``combos``) or without per-combo tallies.

    ``combos`` is a constant of the compiled code (a closure variable), so
    numba drops the ``if combos:`` branch of the plain loop before compiling:
    the family kernels compile and run as if it were not there.
    """

    def sample_chunks(
        omaha, hilo, spot, tables, seeds, deals, work, out, combo_in, combo_out
    ):  # pragma: no cover - compiled
        """Deal ``deals[c]`` deals for each chunk ``c`` from random state ``seeds[c]``.

        ``omaha`` and ``hilo`` are constants of each family kernel below. With
        per-combo tallies, ``combo_in`` (``sample_inputs.ComboInputs``) says
        where each deal's combos are and ``combo_out`` gets the chunks'
        ``(counts, deals)`` per combo row.
        """
        n_players = spot.fixed_key.size
        block = work.key.shape[1]
        wins = work.wins
        ranged = spot.block_start.size > 1
        # High-only pots among few players: count each deal's set of winners (one
        # counter per deal); add_wins turns them into per-player counts at the end.
        by_mask = not hilo and wins.shape[1] == 1 << n_players
        for chunk in range(seeds.size):
            wins[:] = 0
            state = seeds[chunk]
            # Known cards are the same in every deal: written once per chunk.
            for deal in range(block):
                for p in range(n_players):
                    work.key[p, deal] = spot.fixed_key[p]
                    work.bits[p, deal] = spot.fixed_bits[p]
                    work.low[p, deal] = spot.fixed_low[p]
                    if omaha:
                        for slot in range(spot.fixed_count[p]):
                            work.hole[p * block + deal, slot] = spot.fixed_cards[p, slot]
                if omaha:
                    for slot in range(spot.board.size):
                        work.boards[deal, slot] = spot.board[slot]
            done = 0
            while done < deals[chunk]:
                n_deals = min(block, deals[chunk] - done)
                if ranged:
                    state, fits = pick_rows(
                        state,
                        n_deals,
                        spot.block_start,
                        spot.thresholds,
                        spot.alias,
                        spot.row_masks,
                        spot.max_failures,
                        work.chosen,
                    )
                    if not fits:
                        out.failed[chunk] = 1
                        break
                    load_holdings(
                        n_deals,
                        work.chosen,
                        spot.block_players,
                        spot.row_key,
                        spot.row_bits,
                        spot.row_masks,
                        work.key,
                        work.bits,
                        work.held,
                        spot.use_row_decks,
                    )
                state = deal_block(omaha, hilo, state, n_deals, spot, work, tables)
                evaluate_block(omaha, hilo, n_deals, work, tables)
                count_categories(work.strengths, n_deals, work.tally, out.categories[chunk])
                if by_mask:
                    score_by_mask(work.strengths, n_deals, work.best, work.masks, wins)
                else:
                    score_each(
                        hilo,
                        n_deals,
                        work.strengths,
                        work.lows,
                        work.best,
                        work.masks,
                        work.low_masks,
                        out.counts[chunk],
                        out.scoop[chunk],
                        out.share_any[chunk],
                        out.sum_squares[chunk],
                    )
                if combos:
                    tally_combos(
                        n_deals,
                        work.chosen,
                        spot.block_players,
                        combo_in.rows,
                        combo_in.random_players,
                        combo_in.pair_rows,
                        work.bits,
                        work.masks,
                        combo_out.counts[chunk],
                        combo_out.deals[chunk],
                    )
                done += n_deals
            if by_mask:
                add_wins(wins, out.counts[chunk])

    return jit_inline(sample_chunks)


sample_chunks = _make_sample_chunks(False)
sample_chunks_combos = _make_sample_chunks(True)


@jit_kernel
def tally_combos(
    n_deals, chosen, block_players, rows, random_players, pair_rows, bits_rows, masks, counts,
    deals,
):  # pragma: no cover - compiled  # fmt: skip
    """Each deal's pot for each ranged or random player, under the combo they were dealt.

    ``masks[deal]``: the deal's winners (``_scoring.winner_masks``, filled by
    the scoring step); these players are hold'em, so every pot is whole. A
    ranged player's combo is its joint-table row's; a random hand's two cards
    are the two set bits of its suit bits (one bit per card, ``card_bit``).
    """
    for deal in range(n_deals):
        mask = masks[deal]
        n_winners = bit_count(mask)
        for table in range(chosen.shape[0]):
            row = chosen[table, deal]
            for column in range(block_players.shape[1]):
                player = block_players[table, column]
                if player < 0:
                    break
                combo = rows[row, column]
                deals[combo] += 1
                add_whole_share(mask, n_winners, player, 1, combo, counts)
        for slot in range(random_players.size):
            player = random_players[slot]
            bits = bits_rows[player, deal]
            low = np.int64(trailing_zeros(bits))
            high = np.int64(63 - leading_zeros(bits))
            # Bit 16 * suit + rank is card 4 * rank + suit.
            low_card = (low & 15) * 4 + (low >> 4)
            high_card = (high & 15) * 4 + (high >> 4)
            combo = pair_rows[slot, min(low_card, high_card) * 52 + max(low_card, high_card)]
            deals[combo] += 1
            add_whole_share(mask, n_winners, player, 1, combo, counts)


@jit_kernel
def sample_best_five(spot, tables, seeds, deals, work, out):  # pragma: no cover - compiled
    """Hold'em, stud and draw (high only): best five of own cards plus board."""
    sample_chunks(False, False, spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_best_five_hilo(spot, tables, seeds, deals, work, out):  # pragma: no cover - compiled
    """Stud hi-lo: best five high and best 8-or-better low."""
    sample_chunks(False, True, spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_omaha(spot, tables, seeds, deals, work, out):  # pragma: no cover - compiled
    """Omaha high (4, 5 or 6 hole cards): exactly two own cards and three board cards."""
    sample_chunks(True, False, spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_omaha_hilo(spot, tables, seeds, deals, work, out):  # pragma: no cover - compiled
    """Omaha hi-lo 8 or better."""
    sample_chunks(True, True, spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_holdem_combos(
    spot, tables, seeds, deals, work, out, combo_in, combo_out
):  # pragma: no cover - compiled
    """Hold'em with per-combo tallies of the ranged players (``equity(..., combos=True)``)."""
    sample_chunks_combos(False, False, spot, tables, seeds, deals, work, out, combo_in, combo_out)


@jit_kernel
def build_alias(probability, thresholds, alias, small, large):  # pragma: no cover - compiled
    """Walker's alias table of the weights in ``probability`` (Vose's construction).

    Row ``i`` is kept with probability ``thresholds[i] / 2**32`` and replaced by
    ``alias[i]`` otherwise, so one uniform column plus one coin draws row ``j``
    with probability ``weight[j] / sum(weights)``. ``probability`` is
    overwritten; ``small`` and ``large`` are scratch stacks of the same length.
    """
    size = probability.size
    total = 0.0
    for index in range(size):
        total += probability[index]
    n_small = 0
    n_large = 0
    for index in range(size):
        probability[index] = probability[index] * size / total
        if probability[index] < 1.0:
            small[n_small] = index
            n_small += 1
        else:
            large[n_large] = index
            n_large += 1
    while n_small > 0 and n_large > 0:
        n_small -= 1
        little = small[n_small]
        big = large[n_large - 1]
        thresholds[little] = np.uint64(probability[little] * 4294967296.0)
        alias[little] = big
        probability[big] = (probability[big] + probability[little]) - 1.0
        if probability[big] < 1.0:
            n_large -= 1
            small[n_small] = big
            n_small += 1
    # What is left has probability 1 up to rounding: always kept.
    full = _U1 << _SHIFT_32
    for index in range(n_large):
        thresholds[large[index]] = full
        alias[large[index]] = large[index]
    for index in range(n_small):
        thresholds[small[index]] = full
        alias[small[index]] = small[index]
