"""Stud players with unseen down cards (``??Kd``) and draw players who are random and draw.

Both are checked against brute force: every deal listed with ``itertools``,
valued by the naive evaluator of ``tests/reference``, with the draw rule
restated here in plain Python from its documentation.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from reference.naive_equity import deal_equity
from reference.naive_evaluator import best_high, cards_from_text
from showdown.equity import equity
from showdown.equity.sampling.draw_rule import MOST_DRAWN, keep_masks

# --- stud: '?' is a down card dealt but not seen -----------------------------------------------

#: Half the deck out of play, so brute force stays small.
STUD_DEAD = "2d3d4d5d6d7d8d9dTdJdQdKd2h3h4h5h6h7h8h9hThJh2c3c"


def test_unseen_down_cards_are_dealt_from_the_deck_like_brute_force() -> None:
    # Sixth street: player 1 shows four up cards and one down card is unseen.
    players = ["?AsKc7s5c8s", "AhAcQs9c4s6s"]
    result = equity(players, game="stud", dead=STUD_DEAD, exact=True)
    known = [cards_from_text("AsKc7s5c8s"), cards_from_text("AhAcQs9c4s6s")]
    # Player 1 gets the unseen down card and the seventh; player 2 the seventh.
    shares, deals = deal_equity(known, [2, 1], cards_from_text(STUD_DEAD))
    assert result.trials == deals
    assert result.equity.tolist() == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert result.players == ["?AsKc7s5c8s", "AhAcQs9c4s6s"]


def test_unseen_down_cards_in_every_down_position() -> None:
    # Both first down cards unseen (third street) and the seventh-street down card unseen.
    third = equity(["??Kd", "AsAhQc"], game="stud", samples=20_000, seed=1)
    assert third.players == ["??Kd", "AsAhQc"]
    assert third.trials == 20_000 and np.isfinite(third.equity).all()
    seventh = equity(["AsAhKd7c2d3h?", "QcQdJs9h3s5c"], game="stud", exact=True)
    plain = equity(["AsAhKd7c2d3h", "QcQdJs9h3s5c"], game="stud", exact=True)
    # The same cards are unknown either way: the same deals and answer.
    assert seventh.trials == plain.trials
    assert seventh.equity.tolist() == plain.equity.tolist()
    assert equity(["? ? Kd", "AsAhQc"], game="stud", samples=1_000, seed=1).players[0] == "??Kd"


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("AsAh?Kd", "card 3 of 'AsAh\\?Kd' is an up card"),
        ("????", "card 3 of"),
        ("AsAhKd7c2d3h??", "at most 7 cards, got 8"),
        ("??Kd?x", "unknown card"),
        ("??KdKd", "Kd"),
    ],
)
def test_bad_unseen_cards_are_refused_naming_the_player(hand: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"player 1: .*{message}"):
        equity([hand, "QcQdJs"], game="stud")


# --- draw: the rule a random player draws by -----------------------------------------------------


def naive_keep(hand: list[int]) -> set[int]:
    """The documented draw rule, card by card: the positions kept."""
    ranks = [card >> 2 for card in hand]
    suits = [card & 3 for card in hand]
    if best_high(hand)[0] >= 4:  # a straight (category 4 of 0..8) or better stands pat
        return set(range(5))
    counts = Counter(ranks)
    paired = {i for i in range(5) if counts[ranks[i]] >= 2}
    if paired:
        return paired
    for suit in range(4):
        if suits.count(suit) == 4:
            return {i for i in range(5) if suits[i] == suit}
    for low in range(9):  # 2345 .. TJQK: open at both ends
        run = set(range(low, low + 4))
        if run <= set(ranks):
            return {i for i in range(5) if ranks[i] in run}
    return {ranks.index(max(ranks))}


def test_draw_rule_matches_its_plain_statement() -> None:
    generator = np.random.default_rng(5)
    crafted = [
        "AsKsQsJsTs", "2c3d4h5s6c", "As2d3h4s5c", "KcKdKhKs2c", "7c7d7h2s2c",  # pat
        "7c7d7h2s3c", "7c7d2h2s3c", "7c7d2h9s3c",  # trips, two pair, pair
        "AsKs9s4s2d", "9c8d7h6s2c", "AcKdQhJs3c", "Ac2d3h4s9c",  # flush draw, runs
        "Ac2d3h4s5s", "AsKs9s4s2s", "Kc9d7h5s2c", "Tc8d6h4s2s",  # wheel, flush, nothing
    ]  # fmt: skip
    hands = [cards_from_text(text) for text in crafted]
    hands += [list(map(int, generator.choice(52, 5, replace=False))) for _ in range(3000)]
    masks = keep_masks(np.array(hands, np.uint8))
    for hand, mask in zip(hands, masks, strict=True):
        assert set(np.flatnonzero(mask).tolist()) == naive_keep(hand), hand
    assert max(5 - int(mask.sum()) for mask in masks) == MOST_DRAWN


# --- draw: a random player who draws, against brute force ---------------------------------------

#: Every card but these twelve and the hand below is out of play.
LIVE = "TsTh9s9h8d8c7h6d5c4h3s2s"
HAND = "AsKsQsJs2c"


def brute_force_drawing(hand: str, discards: str, live: str) -> list[Fraction]:
    """Exact equity of ``hand/discards`` against one random drawing player, deal by deal."""
    held = cards_from_text(hand)
    thrown = cards_from_text(discards)
    kept = [card for card in held if card not in thrown]
    deck = cards_from_text(live)
    totals = [Fraction(0), Fraction(0)]
    starts = comb(len(deck), 5)
    for five in combinations(deck, 5):
        keep = naive_keep(list(five))
        mine = [five[i] for i in sorted(keep)]
        rest = [card for card in deck if card not in five]
        draws = 5 - len(mine)
        # Both players' new cards: every way to give the hand its replacements and the
        # random player its draw, each equally likely given the five it was dealt.
        ways = [
            (ours, theirs)
            for ours in combinations(rest, len(thrown))
            for theirs in combinations([c for c in rest if c not in ours], draws)
        ]
        for ours, theirs in ways:
            hero = best_high(kept + list(ours))
            villain = best_high(mine + list(theirs))
            weight = Fraction(1, starts * len(ways))
            if hero > villain:
                totals[0] += weight
            elif villain > hero:
                totals[1] += weight
            else:
                totals[0] += weight / 2
                totals[1] += weight / 2
    return totals


def test_a_random_draw_player_draws_like_brute_force() -> None:
    dead = [card for card in range(52) if card not in cards_from_text(LIVE + HAND)]
    from showdown.cards import format_cards

    dead_text = format_cards(np.array(dead, np.uint8))
    expected = brute_force_drawing(HAND, "2c", LIVE)
    result = equity([f"{HAND}/2c", "random"], game="draw", dead=dead_text, samples=300_000, seed=9)
    assert not result.exact and result.players == [f"{HAND}/2c", "random"]
    for player in range(2):
        error = abs(result.equity[player] - float(expected[player]))
        assert error < 4.5 * result.stderr[player], (player, result.equity, expected)
    # Against a pat random hand the answer differs: the draw matters on this deck.
    pat = equity([f"{HAND}/2c", "random/pat"], game="draw", dead=dead_text, exact=True)
    assert abs(pat.equity[0] - float(expected[0])) > 10 * result.stderr[0]


def test_random_slash_pat_is_five_unknown_cards_that_stand_pat() -> None:
    dead = [card for card in range(52) if card not in cards_from_text(LIVE + HAND)]
    from showdown.cards import format_cards

    dead_text = format_cards(np.array(dead, np.uint8))
    result = equity([f"{HAND}/2c", "random/pat"], game="draw", dead=dead_text, exact=True)
    kept = cards_from_text("AsKsQsJs")
    shares, deals = deal_equity([kept, []], [1, 5], dead + cards_from_text("2c"))
    assert result.exact and result.trials == deals
    assert result.equity.tolist() == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert result.players[1] == "random/pat"


def test_drawing_runs_repeat_with_their_seed() -> None:
    players = ["KhKd7c4h2s/7c4h2s", "random", "random"]
    first = equity(players, game="draw", samples=70_000, seed=4)
    again = equity(players, game="draw", samples=70_000, seed=4)
    other = equity(players, game="draw", samples=70_000, seed=5)
    assert first.share_counts.tolist() == again.share_counts.tolist()
    assert first.share_counts.tolist() != other.share_counts.tolist()
    assert first.equity.sum() == pytest.approx(1.0)


def test_drawing_players_cannot_be_enumerated_or_sent_to_a_cluster() -> None:
    with pytest.raises(ValueError, match="exact=True: player 2 is random and draws"):
        equity(["AsKsQsJs2c/2c", "random"], game="draw", exact=True)
    with pytest.raises(ValueError, match="client/scheduler"):
        equity(["AsKsQsJs2c/2c", "random"], game="draw", scheduler="tcp://127.0.0.1:1")


def test_drawing_players_need_room_in_the_deck_for_their_draws() -> None:
    # Five drawing players may use 9 cards each: 45 of the 47 left is fine, six are not.
    assert equity(["AsKsQsJsTs"] + ["random"] * 5, game="draw", samples=2_000, seed=1).trials
    with pytest.raises(ValueError, match="players: 7 players need 54 more cards"):
        equity(["AsKsQsJsTs"] + ["random"] * 6, game="draw")


def test_a_draw_board_is_refused_in_draw_terms() -> None:
    with pytest.raises(ValueError, match="board: draw has no board") as error:
        equity(["AsKsQsJs2c", "random"], game="draw", board="2c3c4c")
    assert "up cards" not in str(error.value)
    assert "HAND/DISCARDS" in str(error.value)
