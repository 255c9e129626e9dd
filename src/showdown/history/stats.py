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

    rows = []
    for player, group in hands.groupby("player", sort=True):
        counts = {name: int(group[name].sum()) for name in COUNTER_NAMES if name in group}
        count = len(group)
        net_bb = group["net_bb"].astype(float)
        ev_bb = group["ev_net_bb"].astype(float)
        rate = bb_per_100_interval(float(net_bb.sum()), float((net_bb**2).sum()), count, 1.0)
        ev_rate = bb_per_100_interval(float(ev_bb.sum()), float((ev_bb**2).sum()), count, 1.0)
        seat = seat_result(str(player), counts, 0, rate)
        chances = counts.get("three_bet_chances", 0)
        net, ev_net = float(group["net"].sum()), float(group["ev_net"].sum())
        showdown = float(group["net"][group["showdowns"] == 1].sum())
        rows.append(
            {
                "player": player,
                "hands": count,
                "net": net,
                "bb_per_100": rate[0],
                "bb_per_100_low": rate[1],
                "bb_per_100_high": rate[2],
                "ev_net": ev_net,
                "ev_bb_per_100": ev_rate[0],
                "ev_bb_per_100_low": ev_rate[1],
                "ev_bb_per_100_high": ev_rate[2],
                "luck": net - ev_net,
                "showdown_net": showdown,
                "non_showdown_net": net - showdown,
                "all_ins_adjusted": int((group["all_in"] == "adjusted").sum()),
                "vpip": seat.vpip,
                "pfr": seat.pfr,
                "three_bet": counts.get("three_bets", 0) / chances if chances else 0.0,
                "aggression": seat.aggression,
                "went_to_showdown": seat.went_to_showdown,
                "won_at_showdown": seat.won_at_showdown,
            }
        )
    frame = pd.DataFrame(rows, columns=["player", *PLAYER_COLUMNS])
    return frame.set_index("player")
