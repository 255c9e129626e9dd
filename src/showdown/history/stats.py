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

__all__ = ["PLAYER_COLUMNS", "PLAYER_INPUTS", "player_frame"]

#: Columns of the per-player frame, in order (index: ``player``).
PLAYER_COLUMNS = (
    "hands", "net", "bb_per_100", "bb_per_100_low", "bb_per_100_high",
    "ev_net", "ev_bb_per_100", "ev_bb_per_100_low", "ev_bb_per_100_high", "luck",
    "showdown_net", "non_showdown_net", "all_ins_adjusted",
    "vpip", "pfr", "three_bet", "aggression", "went_to_showdown", "won_at_showdown",
)  # fmt: skip

#: The per-hand columns the per-player frame is made of (a hand store reads only these).
PLAYER_INPUTS = (
    "player", "net", "net_bb", "ev_net", "ev_net_bb", "all_in",
    *(name for name in COUNTER_NAMES if name != "hands"),
)  # fmt: skip


def player_frame(hands: Any) -> Any:
    """One row per player from the per-hand frame of :func:`~showdown.history.analyze`."""
    import numpy as np
    import pandas as pd

    codes, names = pd.factorize(hands["player"], sort=False)
    columns = {name: hands[name] for name in PLAYER_INPUTS if name not in ("player", "all_in")}
    adjusted = np.asarray(hands["all_in"] == "adjusted")
    return player_frame_of(codes, np.asarray(names, dtype=object), columns, adjusted)


def player_frame_of(codes: Any, names: Any, columns: dict[str, Any], adjusted: Any) -> Any:
    """:func:`player_frame` from the rows' player codes (into ``names``), the other
    columns of :data:`PLAYER_INPUTS` and whether each row's all-in was adjusted.

    Names no row has are left out (a hand store's dictionary may hold some).
    """
    import numpy as np
    import pandas as pd

    # Sums per player by bincount over the player codes: one pass per column.
    size = len(names)

    def total(values: Any) -> Any:
        return np.bincount(codes, weights=np.asarray(values, dtype=float), minlength=size)

    net = np.asarray(columns["net"], dtype=float)
    net_bb = np.asarray(columns["net_bb"], dtype=float)
    ev_bb = np.asarray(columns["ev_net_bb"], dtype=float)
    hands = np.bincount(codes, minlength=size)
    columns = {
        "hands": hands.astype(float),
        "net": total(net),
        "ev_net": total(columns["ev_net"]),
        "net_bb": total(net_bb),
        "net_bb_squares": total(net_bb**2),
        "ev_bb": total(ev_bb),
        "ev_bb_squares": total(ev_bb**2),
        "showdown_net": total(np.where(np.asarray(columns["showdowns"]) == 1, net, 0.0)),
        "all_ins_adjusted": total(adjusted),
        **{name: total(columns[name]) for name in COUNTER_NAMES if name != "hands"},
    }
    present = hands > 0
    if not present.all():
        columns = {name: values[present] for name, values in columns.items()}
        names = np.asarray(names, dtype=object)[present]
    sums = pd.DataFrame(columns, index=pd.Index(np.asarray(names, dtype=object)).astype(str))
    sums = sums.sort_index()
    rows = []
    for player, summed in zip(sums.index, sums.to_dict("records"), strict=True):
        count = int(summed["hands"])
        counts = {name: int(summed[name]) for name in COUNTER_NAMES}
        rate = bb_per_100_interval(summed["net_bb"], summed["net_bb_squares"], count, 1.0)
        ev_rate = bb_per_100_interval(summed["ev_bb"], summed["ev_bb_squares"], count, 1.0)
        seat = seat_result(str(player), counts, 0, rate)
        chances = counts["three_bet_chances"]
        net_sum, ev_net, showdown = summed["net"], summed["ev_net"], summed["showdown_net"]
        rows.append(
            (
                player, count, net_sum, *rate, ev_net, *ev_rate, net_sum - ev_net, showdown,
                net_sum - showdown, int(summed["all_ins_adjusted"]), seat.vpip, seat.pfr,
                counts["three_bets"] / chances if chances else 0.0, seat.aggression,
                seat.went_to_showdown, seat.won_at_showdown,
            )
        )  # fmt: skip
    frame = pd.DataFrame(rows, columns=["player", *PLAYER_COLUMNS])
    return frame.set_index("player")
