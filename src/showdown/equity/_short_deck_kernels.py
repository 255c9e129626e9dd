"""Short-deck equity's one kernel: the rest of each sampled deal's board.

Kept apart from the hold'em sampling kernels (their argument lists are their own):
numpy draws the joint holdings and the uniforms, this kernel turns them into board
cards, and the batch evaluator and the shared scoring rule do the rest
(:mod:`showdown.equity.short_deck`).
"""

from __future__ import annotations

from .._jit import jit_kernel


@jit_kernel
def deal_rests(deck, holes, uniforms, live, taken, rests):  # pragma: no cover - compiled
    """``rests[i]``: board cards for deal ``i`` from the ``deck`` cards no player holds.

    ``holes[p, i]`` are player ``p``'s two cards in deal ``i``; ``uniforms[i, k]`` in
    [0, 1) drive the first ``rests.shape[1]`` steps of a Fisher-Yates shuffle of the live
    cards, so every rest of the board is equally likely. ``live`` (``deck.size``) and
    ``taken`` (52, all False) are scratch; ``taken`` is left all False.
    """
    n_players = holes.shape[0]
    missing = rests.shape[1]
    for deal in range(holes.shape[1]):
        for player in range(n_players):
            taken[holes[player, deal, 0]] = True
            taken[holes[player, deal, 1]] = True
        count = 0
        for card in deck:
            if not taken[card]:
                live[count] = card
                count += 1
        for player in range(n_players):
            taken[holes[player, deal, 0]] = False
            taken[holes[player, deal, 1]] = False
        for step in range(missing):
            pick = step + int(uniforms[deal, step] * (count - step))
            card = live[pick]
            live[pick] = live[step]
            live[step] = card
            rests[deal, step] = card
