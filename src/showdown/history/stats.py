"""Per-player statistics from per-hand rows: win rates with 95 % intervals, VPIP, PFR...

Ratios reuse the simulator's definitions (:func:`showdown.simulator.results.seat_result`
and :func:`~showdown.simulator.results.bb_per_100_interval`): VPIP and PFR are
shares of hands, AF is bets and raises per call, WTSD is the share of hands in
which the player was in the showdown (not folded when the betting ended, shown
or mucked), W$SD the share of those in which he collected chips. 3-bet is the
share of hands with a chance (facing exactly one raise in the first betting
round) in which the player re-raised.
"""

from __future__ import annotations

from typing import Any

from showdown.simulator.results import bb_per_100_interval, seat_result

from .replayed import COUNTER_NAMES

__all__ = ["PLAYER_COLUMNS", "player_frame"]

#: Columns of the per-player frame, in order (index: ``player``).
PLAYER_COLUMNS = (
    "hands", "net", "bb_per_100", "bb_per_100_low", "bb_per_100_high",
    "ev_net", "ev_bb_per_100", "ev_bb_per_100_low", "ev_bb_per_100_high", "luck",
    "showdown_net", "non_showdown_net", "all_ins_adjusted",
    "vpip", "pfr", "three_bet", "aggression", "went_to_showdown", "won_at_showdown",
)  # fmt: skip


def player_frame(hands: Any) -> Any:
    """One row per player from the per-hand frame of :func:`~showdown.history.analyze`."""
    import pandas as pd

    net = hands["net"].astype(float)
    net_bb = hands["net_bb"].astype(float)
    ev_bb = hands["ev_net_bb"].astype(float)
    work = pd.DataFrame(
        {
            "player": hands["player"],
            "hands": 1,
            "net": net,
            "ev_net": hands["ev_net"].astype(float),
            "net_bb": net_bb,
            "net_bb_squares": net_bb**2,
            "ev_bb": ev_bb,
            "ev_bb_squares": ev_bb**2,
            "showdown_net": net.where(hands["showdowns"] == 1, 0.0),
            "all_ins_adjusted": (hands["all_in"] == "adjusted").astype(int),
            **{name: hands[name].astype(int) for name in COUNTER_NAMES if name != "hands"},
        }
    )
    sums = work.groupby("player", sort=True).sum()
    rows = []
    for player, total in zip(sums.index, sums.to_dict("records"), strict=True):
        count = int(total["hands"])
        counts = {name: int(total[name]) for name in COUNTER_NAMES}
        rate = bb_per_100_interval(total["net_bb"], total["net_bb_squares"], count, 1.0)
        ev_rate = bb_per_100_interval(total["ev_bb"], total["ev_bb_squares"], count, 1.0)
        seat = seat_result(str(player), counts, 0, rate)
        chances = counts["three_bet_chances"]
        net_sum, ev_net, showdown = total["net"], total["ev_net"], total["showdown_net"]
        rows.append(
            (
                player, count, net_sum, *rate, ev_net, *ev_rate, net_sum - ev_net, showdown,
                net_sum - showdown, int(total["all_ins_adjusted"]), seat.vpip, seat.pfr,
                counts["three_bets"] / chances if chances else 0.0, seat.aggression,
                seat.went_to_showdown, seat.won_at_showdown,
            )
        )  # fmt: skip
    frame = pd.DataFrame(rows, columns=["player", *PLAYER_COLUMNS])
    return frame.set_index("player")
