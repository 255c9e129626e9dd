"""The kernel behind the five- and six-card Omaha orderings: many classes on shared deals.

On one board an Omaha hand's value is the best value of its two-card
pairs, each pair playing its best three board cards. So each deal gets a
table of the 1,326 pairs' high and low values (computed once by the
evaluator), and a hand of ``k`` cards is worth the maximum of its
``C(k, 2)`` entries: 10 or 15 table reads instead of 100 or 150
five-card evaluations. The builder (:mod:`showdown.equity.analysis._build_omaha56_order`)
checks this against :func:`~showdown.evaluator.evaluate_omaha_hilo`.
"""

from __future__ import annotations

import numpy as np

from ..._jit import jit


@jit
def play_shared_deals(
    pairs, hand_masks, deal_masks, pair_high, pair_low, opponent_high, opponent_low, counters
):  # pragma: no cover - compiled
    """Add each class's deals and quarter pots won to ``counters`` ``(classes, 3)``.

    ``pairs[c]``: the table rows of class ``c``'s two-card pairs;
    ``hand_masks[c]`` its cards. The tables are ``(1326, deals)``: a pair's
    values on consecutive deals sit together, so a class's maxima over its
    pairs run as straight vectorised loops over the deals. Deal ``d`` (board
    and opponent, cards ``deal_masks[d]``) counts only when it shares no
    card with the hand, which leaves a uniform sample of the deals possible
    with those cards (values read for the other deals are junk and dropped).
    Columns: deals, quarter pots won in high, quarter pots won in hi-lo
    (the high half and the low half split separately; no low, the high hand
    takes all: the rule of :mod:`showdown.equity._scoring`).
    """
    n_classes, n_pairs = pairs.shape
    n_deals = deal_masks.shape[0]
    high = np.empty(n_deals, np.int32)
    low = np.empty(n_deals, np.int32)
    for c in range(n_classes):
        first = pairs[c, 0]
        for d in range(n_deals):
            high[d] = pair_high[first, d]
            low[d] = pair_low[first, d]
        for p in range(1, n_pairs):
            row = pairs[c, p]
            for d in range(n_deals):
                high[d] = max(high[d], np.int32(pair_high[row, d]))
                low[d] = max(low[d], np.int32(pair_low[row, d]))
        mask = hand_masks[c]
        dealt = np.int64(0)
        high_quarters = np.int64(0)
        hilo_quarters = np.int64(0)
        for d in range(n_deals):
            keep = np.int64((deal_masks[d] & mask) == 0)
            hero, other = high[d], opponent_high[d]
            # 4 quarters for a win, 2 for a tie, 0 for a loss; then the halves.
            whole = 2 * (np.int64(hero > other) + np.int64(hero >= other))
            hero_low, other_low = low[d], opponent_low[d]
            low_half = np.int64(hero_low > other_low) + np.int64(hero_low >= other_low)
            split = whole // 2 + low_half
            hilo = whole if hero_low == 0 and other_low == 0 else split
            dealt += keep
            high_quarters += keep * whole
            hilo_quarters += keep * hilo
        counters[c, 0] += dealt
        counters[c, 1] += high_quarters
        counters[c, 2] += hilo_quarters
