"""Numba kernels of Monte Carlo equity: deal random deals of one spot and count showdowns.

How a deal is drawn, and the random numbers: see ``_sample_deal_kernels``.

Deals go in blocks of a few hundred, each phase in its own short loop: draw
the block's joint-table rows, deal the stubs, evaluate one player at a time,
score. Deals are independent, so the processor overlaps them; loops with few
live values compile to tight code. Counters that consecutive deals often
bump (hand categories, winner sets) are kept four ways, deal by deal in
turn, so an addition never waits for the one before.

Every instruction per deal counts twice on a shared machine: this code keeps
the processor's units busy (several deals in flight), so when other work
competes for the same core it slows down with it (measured: 1.6 to 1.7
times slower per deal at the median than at the best moments, at a load
average of 6 on 2 cores). So: a ranged player's hand is read by the
evaluator straight from the joint table, never copied per deal; a fresh
deck is one 64-byte copy; rows and winner sets index as unsigned numbers
(numba adds a fix-up for negative indices to every signed one); high-only
kernels store no low masks.

The kernels are serial and release the GIL: ``montecarlo`` runs chunks of
deals from a Python thread pool. Each chunk owns its random stream, so the
split of chunks between threads never changes the numbers. They are compiled
without the numba runtime (``jit_kernel``): no reference counting (arrays
handed to helpers inside a loop otherwise cost a counter update per call)
and no allocation (scratch arrays come in ``work``). The phases are separate
compiled functions taking arrays, cached on their own; a game family
compiles its own dealer and evaluator only (see :func:`_make_sample_chunks`).

Counters: see ``_scoring`` (``counts``, ``scoop``, ``share_any``,
``sum_squares``, ``categories`` per chunk); ``out.failed[chunk]`` is set
when ranges split over several tables almost never fit together.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._jit import jit_inline, jit_kernel, jit_step, leading_zeros, trailing_zeros
from ...evaluator._kernels import omaha_high_one, strength_of_key
from .._scoring import add_pot, add_whole_pot, add_whole_share, bit_count, winner_masks
from ._sample_deal_kernels import deal_cards, deal_sums, load_held, pick_rows

_U1 = np.uint64(1)
_SHIFT_32 = np.uint64(32)


@jit_step
def evaluate_best_five(hilo, n_deals, spot, work, tables):  # pragma: no cover - compiled
    """Hold'em, stud, draw: each player's best five of own cards plus board, every deal.

    One tight loop per player over the block's deals: deals are independent,
    so the processor overlaps their table lookups. A ranged player's hand is
    read from its joint table (``spot.row_key[row, column]`` of the deal's row
    ``work.chosen[table, deal]``) rather than copied to ``work.key`` first:
    the copy cost about as much as the evaluation.
    """
    key_rows, bits_rows, low_rows = work.key, work.bits, work.low
    strengths, lows, chosen = work.strengths, work.lows, work.chosen
    row_key, row_bits, low8 = spot.row_key, spot.row_bits, tables.low8
    n_players = strengths.shape[0]
    for p in range(n_players):
        table = spot.player_table[p]
        if table < 0:
            for deal in range(n_deals):
                strength = strength_of_key(
                    key_rows[n_players, deal] + key_rows[p, deal],
                    bits_rows[n_players, deal] | bits_rows[p, deal],
                    tables,
                )
                strengths[p, deal] = strength
        else:
            column = spot.player_column[p]
            for deal in range(n_deals):
                row = chosen[table, deal]
                strength = strength_of_key(
                    key_rows[n_players, deal] + row_key[row, column],
                    bits_rows[n_players, deal] | row_bits[row, column],
                    tables,
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


@jit_step
def evaluate_omaha(hilo, n_deals, work, tables):  # pragma: no cover - compiled
    """Omaha: exactly two own cards and three board cards (see :func:`evaluate_best_five`)."""
    hole, boards, low_rows, strengths, lows = (
        work.hole, work.boards, work.low, work.strengths, work.lows,
    )  # fmt: skip
    pairs, triples, omaha_low8 = work.pairs, work.triples, tables.omaha_low8
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
                tables.omaha_pair_index,
                tables.omaha_triple_index,
                tables.omaha_ranks,
                tables.flush,
            )
            strengths[p, deal] = strength
        if hilo:
            for deal in range(n_deals):
                lows[p, deal] = omaha_low8[low_rows[p, deal] << 8 | low_rows[n_players, deal]]


@jit_kernel
def score_by_mask(strengths, n_deals, best, masks, wins):  # pragma: no cover - compiled
    """Tally each deal's set of winners (``_scoring.winner_masks``) in ``wins`` (high-only pots).

    Consecutive deals often have the same winners; four tallies taken in turn
    keep the additions from waiting on each other.
    """
    winner_masks(strengths, n_deals, best, masks)
    for deal in range(n_deals):
        # An unsigned index: no fix-up for negative indices in the loop.
        wins[deal & 3, np.uint64(masks[deal])] += 1


@jit_kernel
def add_wins(wins, counts):  # pragma: no cover - compiled
    """Award each tallied set of winners its whole pots (``_scoring.add_whole_pot``)."""
    n_players = counts.shape[0]
    for mask in range(1, wins.shape[1]):
        won = wins[0, mask] + wins[1, mask] + wins[2, mask] + wins[3, mask]
        if won:
            add_whole_pot(mask, n_players, won, counts)


@jit_step
def score_each(
    hilo, n_deals, work, counts, scoop, share_any, sum_squares
):  # pragma: no cover - compiled
    """Award deal by deal (hi-lo pots, or too many players for a tally of winner sets)."""
    best, masks, low_masks = work.best, work.masks, work.low_masks
    n_players = work.strengths.shape[0]
    winner_masks(work.strengths, n_deals, best, masks)
    if hilo:
        winner_masks(work.lows, n_deals, best, low_masks)
    for deal in range(n_deals):
        low_mask = low_masks[deal] if hilo else 0
        add_pot(masks[deal], low_mask, n_players, 1, counts, scoop, share_any, sum_squares)


def _make_sample_chunks(omaha: bool, hilo: bool, combos: bool) -> Any:
    """The sampling loop of one family: Omaha or not, hi-lo or not, per-combo tallies or not.

    The three switches are constants of the compiled code (closure variables),
    so numba drops the untaken ``if`` branches before compiling: a family
    compiles only its own dealer and evaluator (``deal_cards`` and
    ``evaluate_omaha``, or ``deal_sums`` and ``evaluate_best_five``), and the
    plain loops run as if the per-combo tallies were not there.
    """

    def sample_chunks(
        spot, tables, seeds, deals, work, out, combo_in, combo_out
    ):  # pragma: no cover - compiled
        """Deal ``deals[c]`` deals for each chunk ``c`` from random state ``seeds[c]``.

        With per-combo tallies, ``combo_in`` (``sample_inputs.ComboInputs``)
        says where each deal's combos are and ``combo_out`` gets the chunks'
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
                    if not spot.use_row_decks:
                        load_held(n_deals, work.chosen, spot.row_masks, work.held)
                if omaha:
                    state = deal_cards(hilo, state, n_deals, spot, work, tables)
                    evaluate_omaha(hilo, n_deals, work, tables)
                else:
                    state = deal_sums(hilo, state, n_deals, spot, work, tables)
                    evaluate_best_five(hilo, n_deals, spot, work, tables)
                count_categories(work.strengths, n_deals, work.tally, out.categories[chunk])
                if by_mask:
                    score_by_mask(work.strengths, n_deals, work.best, work.masks, wins)
                else:
                    score_each(
                        hilo,
                        n_deals,
                        work,
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


_best_five_chunks = _make_sample_chunks(omaha=False, hilo=False, combos=False)
_best_five_hilo_chunks = _make_sample_chunks(omaha=False, hilo=True, combos=False)
_omaha_chunks = _make_sample_chunks(omaha=True, hilo=False, combos=False)
_omaha_hilo_chunks = _make_sample_chunks(omaha=True, hilo=True, combos=False)
_holdem_combo_chunks = _make_sample_chunks(omaha=False, hilo=False, combos=True)
_omaha_combo_chunks = _make_sample_chunks(omaha=True, hilo=False, combos=True)


@jit_kernel
def tally_combos(
    n_deals, chosen, block_players, rows, random_players, pair_rows, bits_rows, masks, counts,
    deals,
):  # pragma: no cover - compiled  # fmt: skip
    """Each deal's pot for each ranged or random player, under the combo they were dealt.

    ``masks[deal]``: the deal's winners (``_scoring.winner_masks``, filled by
    the scoring step); the games are high only, so every pot is whole. A
    ranged player's combo is its joint-table row's; a random hand's two cards
    are the two set bits of its suit bits (one bit per card, ``card_bit``);
    Omaha has no random players here (``montecarlo`` refuses them).
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
    _best_five_chunks(spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_best_five_hilo(spot, tables, seeds, deals, work, out):  # pragma: no cover - compiled
    """Stud hi-lo: best five high and best 8-or-better low."""
    _best_five_hilo_chunks(spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_omaha(spot, tables, seeds, deals, work, out):  # pragma: no cover - compiled
    """Omaha high (4, 5 or 6 hole cards): exactly two own cards and three board cards."""
    _omaha_chunks(spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_omaha_hilo(spot, tables, seeds, deals, work, out):  # pragma: no cover - compiled
    """Omaha hi-lo 8 or better."""
    _omaha_hilo_chunks(spot, tables, seeds, deals, work, out, None, None)


@jit_kernel
def sample_holdem_combos(
    spot, tables, seeds, deals, work, out, combo_in, combo_out
):  # pragma: no cover - compiled
    """Hold'em with per-combo tallies of the ranged players (``equity(..., combos=True)``)."""
    _holdem_combo_chunks(spot, tables, seeds, deals, work, out, combo_in, combo_out)


@jit_kernel
def sample_omaha_combos(
    spot, tables, seeds, deals, work, out, combo_in, combo_out
):  # pragma: no cover - compiled
    """Omaha high with per-combo tallies of the ranged players (no random players)."""
    _omaha_combo_chunks(spot, tables, seeds, deals, work, out, combo_in, combo_out)


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
