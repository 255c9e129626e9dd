"""All-in EV of short-deck (PHH ``NS``) hands uses short-deck equity."""

from __future__ import annotations

import pytest

from showdown import equity
from showdown.history import analyze

pytest.importorskip("pandas")

NS_HAND = """
variant = "NS"
antes = [3, 3, 3]
blinds_or_straddles = [0, 0, 3]
min_bet = 3
starting_stacks = [100, 60, 100]
actions = ["d dh p1 KhKs", "d dh p2 QhQd", "d dh p3 8c7h", "p1 cbr 97", "p2 cc", "p3 f",
           "d db 9h6cKc", "d db Jh", "d db Ts"]
players = ["A", "B", "C"]
"""


def test_a_short_deck_all_in_is_adjusted_with_short_deck_equity(tmp_path):
    path = tmp_path / "hand.phh"
    path.write_text(NS_HAND)
    result = analyze(path)
    assert result.counts["adjusted"] == 1 and result.counts["unsupported_game"] == 0
    hand = result.hands.set_index("player")
    direct = equity(["KhKs", "QhQd"], game="shortdeck").equity
    # Antes 9 and the button's blind 3 plus 57 from each: B is all-in for 60 in all.
    pot = 9 + 3 + 57 + 57
    assert hand.loc["A", "ev_net"] == pytest.approx(direct[0] * pot - 60)
    assert hand.loc["B", "ev_net"] == pytest.approx(direct[1] * pot - 60)
    assert list(hand["net"]) == [-60, 66, -6]  # B's straight beat A's set
