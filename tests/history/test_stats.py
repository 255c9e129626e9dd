"""Player statistics: WTSD and W$SD by the simulator's definition (in the showdown, mucked too)."""

from __future__ import annotations

import pytest

from showdown.history import analyze

from .helpers import phh

pytest.importorskip("pandas")

# P3 folds; P1 bets the river, P2 calls and mucks at the showdown: P1 and P2 were in it.
MUCKED = phh(
    ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
     "d db 2c3c4c", "p1 cc", "p2 cc", "d db Kh", "p1 cc", "p2 cc", "d db 9s",
     "p1 cbr 10", "p2 cc", "p1 sm AsAd", "p2 sm"],
    [100, 100, 100], blinds=[1, 2, 0], extra="winnings = [24, 0, 0]\n",
)  # fmt: skip
# P2 bets the river and P1 folds: no showdown for anyone.
FOLDED = phh(
    ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
     "d db 2c3c4c", "p1 cc", "p2 cc", "d db Kh", "p1 cc", "p2 cc", "d db 9s",
     "p1 cc", "p2 cbr 10", "p1 f"],
    [100, 100, 100], blinds=[1, 2, 0], extra="winnings = [0, 4, 0]\n",
)  # fmt: skip


def test_a_mucked_hand_went_to_showdown_and_a_river_fold_did_not(tmp_path):
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{MUCKED}\n[2]\n{FOLDED}")
    result = analyze(path)
    hands = result.hands.set_index(["hand", "player"])
    assert [hands.loc[(1, name), "showdowns"] for name in ("P1", "P2", "P3")] == [1, 1, 0]
    assert [hands.loc[(1, name), "showdowns_won"] for name in ("P1", "P2", "P3")] == [1, 0, 0]
    assert (hands.loc[2, "showdowns"] == 0).all()
    players = result.players
    assert players.loc["P1", "went_to_showdown"] == players.loc["P2", "went_to_showdown"] == 0.5
    assert players.loc["P1", "won_at_showdown"] == 1.0
    assert players.loc["P2", "won_at_showdown"] == 0.0
    assert players.loc["P3", "went_to_showdown"] == 0.0
    # Showdown winnings are those of the hands the player was in the showdown of.
    assert players.loc["P2", "showdown_net"] == -12 and players.loc["P2", "non_showdown_net"] == 2


# The stud session has 64 all-ins, each sampled (about 20 s of CPU each as Python): over 20
# minutes with the JIT off; the others take a second or two.
@pytest.mark.parametrize(
    "game", ["nlhe", "plo8", pytest.param("stud", marks=pytest.mark.needs_jit), "draw"]
)
def test_statistics_of_simulated_hands_are_the_simulators_own(tmp_path, game):
    """analyze() of the simulator's histories gives its per-seat net, VPIP, PFR, AF, WTSD
    and W$SD (stud: completing in place of the bring-in is neither VPIP nor PFR)."""
    import showdown

    simulated = showdown.simulate(
        game, ["random", "call", "strength"], hands=200, seed=11, starting_stack=20,
        record_histories=True, engine="python",
    )  # fmt: skip
    path = tmp_path / "simulated.phhs"
    path.write_text("".join(f"[{k + 1}]\n{text}\n" for k, text in enumerate(simulated.histories)))
    players = analyze(path).players
    names = ("vpip", "pfr", "aggression", "went_to_showdown", "won_at_showdown")
    for seat in simulated.seats:
        row = players.loc[seat.agent]
        assert (row["hands"], row["net"]) == (seat.hands, seat.net)
        for name in names:
            assert row[name] == pytest.approx(getattr(seat, name), abs=1e-12), (seat.agent, name)
