"""The walks the join kernels share: looped players' fitting rows, joint holdings, card subsets.

Every join (hold'em ``_join_kernels``, Omaha high ``_omaha_join_kernels``,
Omaha hi-lo ``_omaha_join_hilo_kernels``) loops over the joint holdings of
the players other than the counted range ``L``, one board at a time:
:func:`fitting_rows` lists each looped player's rows that fit the board and
:func:`next_joint_holding` steps through their card-disjoint combinations.
The Omaha joins then take off ``L``'s holdings that share cards with a joint
holding by inclusion-exclusion over card subsets; :func:`joint_subsets` lists
the subsets that have a list in ``L`` (each looped player's own, then those
spanning several players). Each kernel applies its own counts to that list.

The helpers take their arrays as one tuple made once by the kernel without
owners (``unowned``), so a call per joint holding costs no reference counts.
The kernel keeps the owners alive by using one array of each allocation in its
loops (named at each helper).
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit_inline
from ..._views import unowned


@jit_inline
def fitting_rows(
    strength, others, starts, split_player, first_split, last_split, valid, valid_start
):  # pragma: no cover - compiled
    """List each looped player's rows that fit the board (``strength >= 0``) into ``valid``.

    Looped player ``q`` (``others[q]``) gets ``valid[valid_start[q]:valid_start[q + 1]]``;
    the ``split_player`` contributes only its rows ``first_split:last_split``.
    """
    for q in range(others.size):
        valid_start[q + 1] = valid_start[q]
        p = others[q]
        low = first_split if p == split_player else starts[p]
        high = last_split if p == split_player else starts[p + 1]
        for row in range(low, high):
            if strength[row] >= 0:
                valid[valid_start[q + 1]] = row
                valid_start[q + 1] += 1


@jit_inline
def next_joint_holding(q, walk):  # pragma: no cover - compiled
    """The next joint holding of the looped players: its deepest level, or -1 when done.

    ``walk`` is ``(valid, valid_start, row_mask, position, prefix_mask, chosen)``:
    the fitting rows of :func:`fitting_rows`, each row's card mask, and the
    walk's state: per looped player its place in its rows, the cards taken by
    the players before it (``prefix_mask[0]``: the board's) and its row. Start a
    board with ``position[0] = valid_start[0] - 1``, ``prefix_mask[0]`` = the
    board's mask and ``q = 0``; each call returns with ``chosen`` holding one
    card-disjoint joint holding, until it returns -1.
    """
    valid, valid_start, row_mask, position, prefix_mask, chosen = walk
    deepest = chosen.size - 1
    while q >= 0:
        position[q] += 1
        if position[q] >= valid_start[q + 1]:
            q -= 1
            continue
        row = valid[position[q]]
        if row_mask[row] & prefix_mask[q]:
            continue
        chosen[q] = row
        prefix_mask[q + 1] = prefix_mask[q] | row_mask[row]
        if q < deepest:
            q += 1
            position[q] = valid_start[q] - 1
            continue
        break
    return q


@jit_inline
def find_subset(masks, mask):  # pragma: no cover - compiled
    """Index of ``mask`` in the ascending ``masks``, or -1."""
    low = 0
    high = masks.size
    while low < high:
        middle = (low + high) >> 1
        if masks[middle] < mask:
            low = middle + 1
        else:
            high = middle
    if low < masks.size and masks[low] == mask:
        return low
    return -1


@jit_inline
def joint_subsets(chosen, n_ranged, subsets):  # pragma: no cover - compiled
    """List into ``terms`` the card subsets of joint holding ``chosen`` that ``L`` holds: how many.

    ``subsets`` is ``(others, looped, combos, row_subsets, subset_masks,
    subset_length, subset_uses, cards, owner, pick, walk_owner, walk_mask,
    terms)`` (the Omaha joins' inputs, this board's list lengths, scratch).
    A subset counts when some holding of ``L`` on this board holds it
    (``subset_length[s] > 0``); each listed one has ``subset_uses[s]`` raised.
    First each looped player's own subsets (precomputed per row), then, with
    two or more looped players (``n_ranged``), the subsets spanning several:
    a walk over the subsets of their cards, dropping a branch once no holding
    of ``L`` holds it.
    """
    (others, looped, combos, row_subsets, subset_masks, subset_length, subset_uses,
     cards, owner, pick, walk_owner, walk_mask, terms) = subsets  # fmt: skip
    hole = combos.shape[1]
    n_terms = 0
    n_cards = 0
    for k in range(others.size):
        if looped[others[k]] == 0:
            continue
        for x in range(hole):
            cards[n_cards] = combos[chosen[k], x]
            owner[n_cards] = k
            n_cards += 1
        for j in range(row_subsets.shape[1]):
            s = row_subsets[chosen[k], j]
            if s < 0 or subset_length[s] == 0:
                continue
            terms[n_terms] = s
            n_terms += 1
            subset_uses[s] += 1
    if n_ranged >= 2:
        top = 0
        pick[0] = -1
        walk_mask[0] = 0
        walk_owner[0] = 0
        while top >= 0:
            pick[top] += 1
            if pick[top] >= n_cards:
                top -= 1
                continue
            card = cards[pick[top]]
            mask = walk_mask[top] | (np.uint64(1) << np.uint64(card))
            owners = walk_owner[top] | (1 << owner[pick[top]])
            s = find_subset(subset_masks, mask)
            if s < 0:
                continue
            if owners & (owners - 1) and subset_length[s] > 0:
                terms[n_terms] = s
                n_terms += 1
                subset_uses[s] += 1
            if top + 1 < hole:
                top += 1
                pick[top] = pick[top - 1]
                walk_mask[top] = mask
                walk_owner[top] = owners
    return n_terms


@jit_inline
def omaha_walks(inputs, largest):  # pragma: no cover - compiled
    """The Omaha joins' walk arrays, made once per kernel call (``largest``: ``L``'s player).

    Returns ``(others, n_ranged, valid, valid_start, position, prefix_mask, chosen,
    subset_length, subset_uses, terms, walk, subsets)``: the looped players
    other than ``L`` and how many of them hold ranges, the arrays of
    :func:`fitting_rows` and the walk's state, this board's list lengths and
    uses, then :func:`joint_subsets`' terms and the two tuples without owners
    (``walk`` for :func:`next_joint_holding`, ``subsets`` for
    :func:`joint_subsets`). The kernel keeps the owners alive by using the
    arrays returned: ``terms`` shares one allocation with the subset walk's
    scratch.
    """
    combos = inputs.combos
    n_rows, hole = combos.shape
    n_players = inputs.starts.size - 1
    n_subsets = inputs.subset_sign.size
    subset_length = np.zeros(n_subsets, np.int64)
    subset_uses = np.zeros(n_subsets, np.int64)
    others = np.zeros(n_players - 1, np.int64)
    q = 0
    n_ranged = 0
    for p in range(n_players):
        if p != largest:
            others[q] = p
            q += 1
            n_ranged += inputs.looped[p]
    n_others = n_players - 1
    valid = np.zeros(n_rows, np.int64)
    valid_start = np.zeros(n_others + 1, np.int64)
    position = np.zeros(n_others, np.int64)
    prefix_mask = np.zeros(n_others + 1, np.uint64)
    chosen = np.zeros(n_others, np.int64)
    walk = unowned((valid, valid_start, inputs.row_mask, position, prefix_mask, chosen))
    # The subsets' walk: one allocation, alive through ``terms``.
    subset_rows = np.zeros((6, max(hole * n_others, n_subsets) + 1), np.int64)
    terms = subset_rows[5]
    subsets = unowned(
        (others, inputs.looped, combos, inputs.row_subsets, inputs.subset_masks, subset_length,
         subset_uses, subset_rows[0], subset_rows[1], subset_rows[2], subset_rows[3],
         subset_rows[4].view(np.uint64), terms)
    )  # fmt: skip
    return (others, n_ranged, valid, valid_start, position, prefix_mask, chosen,
            subset_length, subset_uses, terms, walk, subsets)  # fmt: skip
