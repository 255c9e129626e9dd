"""Per-combo counting inside the range join (``_join_kernels``), compiled only when asked.

The join counts the largest range ``L`` without visiting its holdings: on a
board, ``L`` is sorted by strength, and for each joint holding of the other
players the holdings of ``L`` that beat, tie or lose to their best are
ranges of that order (minus those sharing a card with them, ranges of the
per-card lists, plus one holding made of two of their cards). Per-combo
counters keep that cost: each step marks its ranges in *difference arrays*
(+1 where a range starts, -1 where it ends) over the global order and over
each card's list, and once per board a running sum gives every holding of
``L`` its wins, ties and deals by inclusion-exclusion, exactly like the
totals. The looped players' holdings are visited anyway: each step adds its
pots to their rows directly, by the one showdown rule (``_scoring``).

The join kernel calls these only under ``if track:``, a constant of each
compiled kernel, so the plain join kernel never compiles them.

Arrays (see ``_join``): ``win_diff[k, pos]`` over ``L``'s strength order,
row 1 for outright wins and row ``k`` for ``k``-way ties;
``card_diff[k * 52 + card, j]`` the same over each card's list;
``sorted_row`` / ``card_place`` each sorted holding's row in ``combos`` and
its places in its two cards' lists; ``pair_row[low * 52 + high]`` the row of
``L``'s holding of those two cards.
"""

from __future__ import annotations

from ..._jit import jit_inline
from .._scoring import add_whole_share, bit_count

__all__ = [
    "track_board",
    "track_card",
    "track_fitting",
    "track_pair",
    "track_pot",
    "track_sorted",
    "track_step",
]


@jit_inline
def track_sorted(
    position, row, low_card, high_card, card_length, sorted_row, card_place, pair_row
):  # pragma: no cover - compiled
    """Record L's holding ``row`` at ``position`` of the strength order (before its cards'
    lists grow)."""
    sorted_row[position] = row
    card_place[0, position] = card_length[low_card]
    card_place[1, position] = card_length[high_card]
    pair_row[min(low_card, high_card) * 52 + max(low_card, high_card)] = row


@jit_inline
def track_step(below, at_most, n_best, win_diff):  # pragma: no cover - compiled
    """One joint holding of the others: L's holdings from ``at_most`` on win alone, those in
    ``[below, at_most)`` tie with the ``n_best`` best of the others."""
    win_diff[1, at_most] += 1
    win_diff[n_best + 1, below] += 1
    win_diff[n_best + 1, at_most] -= 1


@jit_inline
def track_card(card, card_below, card_at_most, n_best, card_diff):  # pragma: no cover - compiled
    """The same ranges in the list of L's holdings with ``card`` (taken off at the end)."""
    card_diff[52 + card, card_at_most] += 1
    card_diff[(n_best + 1) * 52 + card, card_below] += 1
    card_diff[(n_best + 1) * 52 + card, card_at_most] -= 1


@jit_inline
def track_pair(
    pair_row, pair, shared, best, n_best, combo_counts, combo_deals
):  # pragma: no cover - compiled
    """L's holding made of two of the others' cards was taken off twice: add it back once."""
    row = pair_row[pair]
    combo_deals[row] += 1
    if shared > best:
        combo_counts[row, 0, 1] += 1
    elif shared == best:
        combo_counts[row, 0, n_best + 1] += 1


@jit_inline
def track_pot(mask, weight, others, chosen, combo_counts):  # pragma: no cover - compiled
    """A pot of the step, for each looped player's holding (``_scoring.add_whole_share``)."""
    n_winners = bit_count(mask)
    for k in range(others.size):
        add_whole_share(mask, n_winners, others[k], weight, chosen[k], combo_counts)


@jit_inline
def track_fitting(fitting, chosen, combo_deals):  # pragma: no cover - compiled
    """Each looped player's holding met ``fitting`` holdings of L: as many deals."""
    for k in range(chosen.size):
        combo_deals[chosen[k]] += fitting


@jit_inline
def track_board(
    n_sorted, n_joint, combos, card_length, card_uses, tracking, combo_counts, combo_deals
):  # pragma: no cover - compiled
    """End of a board: running sums give each holding of L its counts; reset the arrays.

    ``tracking`` is the join kernel's ``(sorted_row, card_place, win_diff,
    card_diff, running)``.
    """
    sorted_row, card_place, win_diff, card_diff, running = tracking
    n_rows = combo_counts.shape[2]  # winners 1 .. n
    # Each card list's differences become running sums, in place.
    for k in range(1, n_rows):
        for card in range(52):
            total = 0
            for j in range(card_length[card]):
                total += card_diff[k * 52 + card, j]
                card_diff[k * 52 + card, j] = total
    running[:] = 0
    for position in range(n_sorted):
        row = sorted_row[position]
        low_card = combos[row, 0]
        high_card = combos[row, 1]
        low_place = card_place[0, position]
        high_place = card_place[1, position]
        combo_deals[row] += n_joint - card_uses[low_card] - card_uses[high_card]
        for k in range(1, n_rows):
            running[k] += win_diff[k, position]
            combo_counts[row, 0, k] += (
                running[k]
                - card_diff[k * 52 + low_card, low_place]
                - card_diff[k * 52 + high_card, high_place]
            )
    win_diff[:, : n_sorted + 1] = 0
    card_diff[:, :] = 0
