"""Weighted reference counters put in deals, the way ``showdown.equity.weighting`` defines them.

The board-by-board oracle adds each joint holding's counters times its weight
(``Counters.add``): a sum of weights, not deals. A count in deals scales
every such sum by ``N / W``: ``N`` the deals (joint holdings times the deals
of each) and ``W`` their total weight, the oracle's ``trials``. Written out
here, apart from the engine's code, so the tests compare against the
definition rather than against the code that applies it.
"""

from __future__ import annotations

import numpy as np

from showdown.equity.result import Counters
from showdown.equity.spot import Spot, count_deals

from .board_by_board import joint_holdings


def reference_in_deals(spot: Spot, weighted: Counters) -> Counters:
    """``weighted`` (the oracle's weighted sums for ``spot``) in deals."""
    cards, _ = joint_holdings(spot)
    deals = len(cards) * count_deals(spot)
    factor = deals / float(weighted.trials)
    return Counters(
        np.asarray(weighted.counts, np.float64) * factor,
        np.asarray(weighted.scoop, np.float64) * factor,
        np.asarray(weighted.share_any, np.float64) * factor,
        np.asarray(weighted.sum_squares, np.float64) * factor,
        np.asarray(weighted.categories, np.float64) * factor,
        deals,
    )
