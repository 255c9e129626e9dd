"""All-in EV in stud and five-card draw, and every variant's simulated hands analysed.

Stud: each live player's cards in deal order against the others, the folded
players' known cards out of the deck (their up cards were seen). Draw: an all-in
before the draw is adjusted when every live player's draw is known (the history's
``sd`` actions), with ``HAND/DISCARDS`` holdings; after the draw no card is to come.
"""

from __future__ import annotations

import warnings

import pytest

import showdown
from showdown import equity
from showdown.history import analyze
from showdown.history.allin import SEED

from .helpers import DATASET

pytest.importorskip("pandas")

import pandas as pd

STUD = """variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [11, 11, 11]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 AsAdKh", "d dh p2 KsKd2c", "d dh p3 9c3dTc", "p2 pb", "p3 f",
           "p1 cbr 5", "p2 cbr 10", "p1 cc", "d dh p1 Qh", "d dh p2 3s", "d dh p1 Jc",
           "d dh p2 4h", "d dh p1 8d", "d dh p2 7s", "d dh p1 5c", "d dh p2 6d"]
"""

DRAW = """variant = "F5D"
antes = [1, 1]
small_bet = 2
big_bet = 4
starting_stacks = [5, 5]
players = ["Ann", "Bob"]
actions = ["d dh p1 5d3hTs2h5s", "d dh p2 4d9c3dTcKh", "p1 cbr 2", "p2 cbr 4", "p1 cc",
           "p1 sd Ts3h5s", "d dh p1 KsJs8c", "p2 sd 4d3d", "d dh p2 QhQd"]
"""


def _analyze(tmp_path, text, name="hand.phh"):
    path = tmp_path / name
    path.write_text(text)
    return analyze(path)


def test_a_stud_all_in_on_third_street_is_adjusted_by_stud_equity(tmp_path):
    result = _analyze(tmp_path, STUD)
    hand = result.hands.set_index("player")
    # Too many runouts to enumerate: sampled, with the analysis's fixed seed.
    direct = equity(["AsAdKh", "KsKd2c"], game="stud", dead="9c3dTc", seed=SEED, threads=1).equity
    assert result.counts["adjusted"] == 1 and result.counts["unsupported_game"] == 0
    assert hand.loc["Ann", "equity"] == pytest.approx(direct[0], abs=1e-12)
    # Pot: 10 + 10 bet and three antes; each put in 11, Cy his ante.
    assert hand.loc["Ann", "ev_net"] == pytest.approx(direct[0] * 23 - 11)
    assert hand.loc["Bob", "ev_net"] == pytest.approx(direct[1] * 23 - 11)
    assert hand.loc["Cy", "ev_net"] == -1 and hand["ev_net"].sum() == pytest.approx(0)
    assert hand.loc["Ann", "all_in_street"] == "third"


# Both draws known: 8.5 million runouts enumerated, twice (the analysis, then directly): half a
# second compiled, minutes as Python (JIT off).
@pytest.mark.needs_jit
def test_a_draw_all_in_before_the_draw_is_adjusted_with_the_known_draws(tmp_path):
    result = _analyze(tmp_path, DRAW)
    hand = result.hands.set_index("player")
    direct = equity(["5d3hTs2h5s/Ts3h5s", "4d9c3dTcKh/4d3d"], game="draw").equity
    assert result.counts["adjusted"] == 1
    assert hand.loc["Ann", "equity"] == pytest.approx(direct[0], abs=1e-12)
    assert hand.loc["Ann", "ev_net"] == pytest.approx(direct[0] * 10 - 5)
    assert hand["ev_net"].sum() == pytest.approx(0)
    assert hand.loc["Ann", "all_in_street"] == "predraw"


def test_a_draw_that_stands_pat_is_a_final_hand(tmp_path):
    text = DRAW.replace('"p2 sd 4d3d", "d dh p2 QhQd"', '"p2 sd"')
    hand = _analyze(tmp_path, text).hands.set_index("player")
    direct = equity(["5d3hTs2h5s/Ts3h5s", "4d9c3dTcKh"], game="draw").equity
    assert hand.loc["Bob", "equity"] == pytest.approx(direct[1], abs=1e-12)


def test_a_draw_all_in_with_a_hand_not_known_is_not_adjusted(tmp_path):
    text = DRAW.replace("d dh p2 4d9c3dTcKh", "d dh p2 ??????????").replace(
        '"p2 sd 4d3d", "d dh p2 QhQd"', '"p2 sd"'
    )
    result = _analyze(tmp_path, text + "winnings = [10, 0]\n")
    assert result.counts["adjusted"] == 0 and result.counts["unknown_cards"] == 1


# --- every variant the simulator plays: its own nets, and the light pass changes nothing


def _simulated(tmp_path, game, hands, stack):
    simulated = showdown.simulate(
        game, ["random", "call", "strength"], hands=hands, seed=4, starting_stack=stack,
        record_histories=True, engine="python",
    )  # fmt: skip
    path = tmp_path / f"{game.replace('/', '-')}.phhs"
    path.write_text("".join(f"[{k + 1}]\n{text}\n" for k, text in enumerate(simulated.histories)))
    return simulated, path


def _full_replay_only(monkeypatch):
    """Analysis with the light pass switched off: every hand through the full replay."""
    import importlib

    module = importlib.import_module("showdown.history.analyze")  # the module, not the function
    monkeypatch.setattr(module, "light_facts", lambda history: None)


# Stud all-ins are sampled (too many runouts to enumerate), a million deals each: the stud
# sessions take minutes as Python (JIT off), the others seconds.
@pytest.mark.parametrize(
    ("game", "stack"),
    [
        ("nlhe", 12),
        ("flhe", 12),
        ("plo8", 15),
        pytest.param("stud", 12, marks=pytest.mark.needs_jit),
        pytest.param("stud8", 12, marks=pytest.mark.needs_jit),
        ("draw", 5),
    ],
)
def test_simulated_hands_of_every_variant(tmp_path, monkeypatch, game, stack):
    simulated, path = _simulated(tmp_path, game, 40, stack)
    result = analyze(path)
    assert result.counts["hands_analysed"] == 40 and result.counts["unsupported_game"] == 0
    assert {seat.agent: seat.net for seat in simulated.seats} == {
        name: int(value) for name, value in result.players["net"].items()
    }
    per_hand = result.hands.groupby("hand")[["net", "ev_net"]].sum()
    assert per_hand["net"].abs().max() == 0 and per_hand["ev_net"].abs().max() < 1e-9
    _full_replay_only(monkeypatch)
    full = analyze(path)
    pd.testing.assert_frame_equal(result.hands, full.hands)
    pd.testing.assert_frame_equal(result.players, full.players)
    assert result.counts == full.counts


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is absent")
def test_the_dataset_sample_gives_the_same_frames_without_the_light_pass(monkeypatch):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fast = analyze(DATASET)
        _full_replay_only(monkeypatch)
        full = analyze(DATASET)
    pd.testing.assert_frame_equal(fast.hands, full.hands)
    pd.testing.assert_frame_equal(fast.players, full.players)
    assert fast.counts == full.counts and fast.bad == full.bad
