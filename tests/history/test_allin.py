"""All-in EV: equities from equity() directly, side pots and hi-lo halves by hand, zero sum."""

from __future__ import annotations

import warnings

import pytest

from showdown import equity
from showdown.history import analyze

from .helpers import DATASET, phh

pytest.importorskip("pandas")


def _analyze(tmp_path, text, name="hand.phh"):
    path = tmp_path / name
    path.write_text(text)
    return analyze(path)


def test_preflop_all_in_heads_up_uses_equity_and_sums_to_minus_rake(tmp_path):
    actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc",
               "d db 2c3c4c", "d db Kh", "d db 9s"]  # fmt: skip
    extra = "winnings = [0, 197]\n"  # the house kept 3
    result = _analyze(tmp_path, phh(actions, [100, 100], extra=extra))
    hand = result.hands.set_index("player")
    direct = equity(["AsAd", "KsKd"]).equity
    assert hand.loc["P1", "equity"] == pytest.approx(direct[0], abs=1e-12)
    assert hand.loc["P1", "ev_net"] == pytest.approx(direct[0] * 197 - 100)
    assert hand["ev_net"].sum() == pytest.approx(-3) and hand["net"].sum() == pytest.approx(-3)
    assert list(hand["net"]) == [-100, 97] and (hand["all_in"] == "adjusted").all()
    assert result.counts["adjusted"] == 1


def test_side_pots_each_with_its_own_players(tmp_path):
    # P1 is all-in for 50, P2 and P3 for 150 preflop: main pot 150 (three players),
    # side pot 200 (P2 and P3).
    actions = ["d dh p1 AhAc", "d dh p2 KhKc", "d dh p3 QhQc",
               "p3 cbr 150", "p1 cc", "p2 cc", "d db 2s7d9c", "d db 3s", "d db 4d"]  # fmt: skip
    result = _analyze(tmp_path, phh(actions, [50, 150, 150], blinds=[1, 2, 0]))
    hand = result.hands.set_index("player")
    main = equity(["AhAc", "KhKc", "QhQc"]).equity
    side = equity(["KhKc", "QhQc"]).equity
    expected = [main[0] * 150, main[1] * 150 + side[0] * 200, main[2] * 150 + side[1] * 200]
    for seat, (name, put_in) in enumerate([("P1", 50), ("P2", 150), ("P3", 150)]):
        assert hand.loc[name, "ev_net"] == pytest.approx(expected[seat] - put_in)
    assert hand["ev_net"].sum() == pytest.approx(0)


def test_hi_lo_pot_uses_the_hi_lo_equity(tmp_path):
    actions = ["d dh p1 As2sKdQd", "d dh p2 AhKh3c4c", "p2 cbr 6", "p1 cc",
               "d db 5h6d9s", "d db Tc", "d db Jc"]  # fmt: skip
    result = _analyze(tmp_path, phh(actions, [6, 6], variant="PO/8"))
    hand = result.hands.set_index("player")
    direct = equity(["As2sKdQd", "AhKh3c4c"], game="omaha-hilo").equity
    assert hand.loc["P1", "ev_net"] == pytest.approx(direct[0] * 12 - 6)
    assert hand.loc["P2", "equity"] == pytest.approx(direct[1])


def test_flop_all_in_equity_uses_the_board_at_the_all_in(tmp_path):
    actions = ["d dh p1 AsKs", "d dh p2 QhQd", "p2 cc", "p1 cc", "d db 2s7s9h",
               "p1 cbr 98", "p2 cc", "d db 3d", "d db 4c"]  # fmt: skip
    result = _analyze(tmp_path, phh(actions, [100, 100]))
    hand = result.hands.set_index("player")
    direct = equity(["AsKs", "QhQd"], board="2s7s9h").equity
    assert hand.loc["P1", "equity"] == pytest.approx(direct[0])
    assert set(hand["all_in_street"]) == {"flop"}


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (["d dh p1 AsKs", "d dh p2 QhQd", "p2 cc", "p1 cc", "d db 2s7s9h", "p1 cc", "p2 cc",
          "d db 3d", "p1 cc", "p2 cc", "d db 4c", "p1 cbr 98", "p2 cc"], "river"),
        (["d dh p1 ????", "d dh p2 QhQd", "p2 cbr 100", "p1 cc", "d db 2s7s9h", "d db 3d",
          "d db 4c"], "unknown_cards"),
    ],
)  # fmt: skip
def test_not_adjusted_hands_keep_their_result(tmp_path, actions, reason):
    result = _analyze(tmp_path, phh(actions, [100, 100], extra="winnings = [200, 0]\n"))
    hand = result.hands
    assert (hand["all_in"] == reason).all() and result.counts[reason] == 1
    assert list(hand["ev_net"]) == list(hand["net"]) == [100, -100]


def test_running_twice_gives_the_same_ev(tmp_path):
    actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc",
               "d db 2c3c4c", "d db Kh", "d db 9s"]  # fmt: skip
    first = _analyze(tmp_path, phh(actions, [100, 100])).hands["ev_net"].tolist()
    assert _analyze(tmp_path, phh(actions, [100, 100])).hands["ev_net"].tolist() == first


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is not present")
def test_real_data_net_is_winnings_minus_contributions_and_zero_sum():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = analyze(DATASET)
    frame = result.hands
    assert result.counts["hands_read"] == result.counts["hands_analysed"] + result.counts[
        "hands_skipped"]  # fmt: skip
    assert (frame["net"] - (frame["collected"] - frame["contributed"])).abs().max() < 1e-9
    per_hand = frame.groupby("hand")[["net", "ev_net", "rake"]].agg(
        {"net": "sum", "ev_net": "sum", "rake": "first"})  # fmt: skip
    assert (per_hand["net"] + per_hand["rake"]).abs().max() < 1e-9
    assert (per_hand["ev_net"] + per_hand["rake"]).abs().max() < 1e-9
    assert (per_hand["rake"] >= 0).all()
    assert result.counts["adjusted"] > 0
