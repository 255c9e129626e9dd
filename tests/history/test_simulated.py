"""Simulated hands analysed: the simulator's own net per seat, and all-in EV that is unbiased.

The simulator deals from a shuffled deck, so once every live hand is known and
no more betting is possible, each runout is equally likely: a player's result
averages to his all-in EV. Over many all-in-heavy hands (random agents at a
short stack) the mean adjusted result must equal the mean actual result within
its interval, with a smaller variance (the runout luck is taken out).
"""

from __future__ import annotations

import math

import pytest

import showdown
from showdown.history import analyze

pytest.importorskip("pandas")

AGENTS = ["random", "call", "strength"]


def _analysed(tmp_path, simulated):
    path = tmp_path / "simulated.phhs"
    path.write_text("".join(f"[{k + 1}]\n{text}\n" for k, text in enumerate(simulated.histories)))
    return analyze(path)


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_net_per_seat_is_the_simulators_on_both_engines(tmp_path, engine):
    simulated = showdown.simulate(
        "nlhe", AGENTS, hands=300, seed=3, starting_stack=15, record_histories=True,
        engine=engine, threads=1,
    )  # fmt: skip
    result = _analysed(tmp_path, simulated)
    assert result.counts["hands_analysed"] == 300 and result.counts["adjusted"] > 0
    players = result.players
    assert {seat.agent: seat.net for seat in simulated.seats} == {
        name: int(players.loc[name, "net"]) for name in AGENTS
    }
    per_hand = result.hands.groupby("hand")[["net", "ev_net"]].sum()
    assert per_hand["net"].abs().max() == 0 and per_hand["ev_net"].abs().max() < 1e-9


# 3,000 hands and the all-in equity of a thousand: about two minutes as Python (JIT off).
@pytest.mark.needs_jit
def test_adjusted_mean_is_the_actual_mean_with_a_smaller_variance(tmp_path):
    simulated = showdown.simulate(
        "nlhe", AGENTS, hands=3000, seed=1, starting_stack=10, record_histories=True,
        engine="python",
    )  # fmt: skip
    result = _analysed(tmp_path, simulated)
    assert result.counts["adjusted"] > 500  # all-in heavy: about a third of the hands
    for player, rows in result.hands.groupby("player"):
        count = len(rows)
        net, ev_net = rows["net"], rows["ev_net"]
        # The luck of each hand (net - EV) has mean 0: a z-test at 99 %.
        luck = net - ev_net
        assert abs(luck.mean()) <= 2.576 * luck.std(ddof=1) / math.sqrt(count), player
        # The adjusted mean lies in the actual mean's 95 % interval.
        half_width = 1.96 * net.std(ddof=1) / math.sqrt(count)
        assert abs(ev_net.mean() - net.mean()) <= half_width, player
        # Taking the runout luck out shrinks the spread of the results.
        assert ev_net.var() < 0.9 * net.var(), player
        players = result.players.loc[player]
        assert players["ev_bb_per_100_high"] - players["ev_bb_per_100_low"] < (
            players["bb_per_100_high"] - players["bb_per_100_low"]
        )
