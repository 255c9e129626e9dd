"""Differential test against pokerkit on random hands.

Hands are played by our engine with random legal actions, written as PHH and
replayed by pokerkit; at every decision the player to act, the amount to call
and the raise range must agree, and so must the finishing stacks.

Rule differences where our rule decisions (docs/rules.md) differ from pokerkit
(hands that hit them are skipped, and counted so the test cannot silently skip
everything):

- Fixed limit pre-flop cap: we count the big blind as the bet (one bet and three
  raises: capped at four big blinds); pokerkit allows four raises over the blind.
  After the flop both cap at one bet and three raises.
- Fixed limit, all-in for less than a full raise: we count half a bet or more as
  a full raise (the betting reopens: a player who already acted may raise again);
  pokerkit never reopens on an incomplete raise.
- No/pot limit, a short all-in raise: we do not reopen the betting for players
  who already acted (unless short all-ins add up to a full raise); pokerkit lets
  them raise again.
- A short all-in blind: we keep the full blind as the amount to call; pokerkit
  asks only for the chips the blind actually posted. Only hands where a blind is
  posted short are skipped; other short stacks and all-ins are compared.
- Odd chips when several side pots are split: we give every odd chip to the first
  winner left of the button; pokerkit spreads them differently, so split hands
  compare totals and allow each stack to differ by the odd chips.
- A raise when nobody left could call more: both engines forbid it.
- Stud, equal highest showing hands: we break the tie by the suit of the highest
  card; pokerkit picks another opener (it cannot replay our order).
- Stud, the lowest door card all-in from the ante: we pass the bring-in to the
  lowest door card among players who can act; pokerkit gives the turn to the next
  player clockwise. Other all-ins from the ante (and stacks short of the
  bring-in) are compared.
- Stud fourth street open pair: pokerkit has no double bet, so stud is compared
  with the switch off (the rules make it switchable); hands that need the
  community card (deck exhausted) are not compared.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from showdown.simulator import GAMES, HandState, Stakes, write_phh

from .reference import lowest_door_seat, showing_key

pokerkit = pytest.importorskip("pokerkit")

Decision = tuple[int, int, int | None, int | None]


def _random_hand(
    game: str, stakes: Stakes, stacks: list[int], choose: random.Random, rng: np.random.Generator
) -> tuple[HandState, list[Decision], bool]:
    """Play one hand; returns it, our decisions, and whether it hit a listed rule difference."""
    hand = HandState(game, stakes, stacks, rng=rng)
    decisions: list[Decision] = []
    # Only a blind posted short (all-in for less than the blind) is a listed difference;
    # other short stacks and all-ins play under the same rules in both engines.
    differs = any(0 < hand.totals[s] < hand.blinds[s] for s in range(hand.n))
    while hand.status == "betting":
        options = hand.legal_actions()
        decisions.append(
            (options.player, options.call or 0, options.raise_min_to, options.raise_max_to)
        )
        if hand.street_index == 0 and options.raise_min_to is None and hand._capped():
            differs = True  # pre-flop cap: pokerkit allows four raises over the big blind
        roll = choose.random()
        if options.raise_min_to is not None and roll < 0.3:
            assert options.raise_max_to is not None
            target = choose.choice([options.raise_min_to, options.raise_max_to])
            if game != "flhe" and roll < 0.15:
                target = (options.raise_min_to + options.raise_max_to) // 2
            current = hand.current_bet
            seat_total = hand.bets[options.player] + hand.stacks[options.player]
            if target == seat_total:
                if game == "flhe" and target < hand._full_bet + hand._bet_size:
                    differs = True  # a fixed-limit all-in for less than a full raise
                if game != "flhe" and current and target - current < hand._last_raise:
                    differs = True  # a short all-in raise
            hand.bet_raise_to(target)
        elif not options.check and roll < 0.45:
            hand.fold()
        else:
            hand.check_call()
    return hand, decisions, differs


def _snapshot(state: object) -> Decision:
    can_raise = state.can_complete_bet_or_raise_to()  # type: ignore[attr-defined]
    return (
        state.actor_index,  # type: ignore[attr-defined]
        state.checking_or_calling_amount or 0,  # type: ignore[attr-defined]
        state.min_completion_betting_or_raising_to_amount if can_raise else None,  # type: ignore[attr-defined]
        state.max_completion_betting_or_raising_to_amount if can_raise else None,  # type: ignore[attr-defined]
    )


def _pokerkit_decisions(text: str) -> tuple[list[Decision], list[int]]:
    """Pokerkit's view before every betting action of a PHH text, and its final stacks."""
    history = pokerkit.HandHistory.loads(text)
    decisions: list[Decision] = []
    before: Decision | None = None
    state = None
    # pokerkit yields one State object, mutated in place: snapshot it at every step.
    for state, action in history.state_actions:
        if action is not None and before is not None and action.split()[1] in ("f", "cc", "cbr"):
            decisions.append(before)
        before = _snapshot(state) if state.actor_index is not None else None
    assert state is not None
    return decisions, list(state.stacks)


HANDS = pytest.mark.parametrize(
    "hands", [150, pytest.param(3000, marks=pytest.mark.slow, id="3000-slow")]
)


@pytest.mark.peers
@HANDS
@pytest.mark.parametrize(
    ("game", "stakes"),
    [
        ("nlhe", Stakes.blinds(1, 2)),
        ("flhe", Stakes.blinds(1, 2)),
        ("plo", Stakes.blinds(1, 2)),
    ],
)
def test_random_hands_match_pokerkit(game: str, stakes: Stakes, hands: int) -> None:
    choose = random.Random(game)
    rng = np.random.default_rng(7)
    compared = 0
    for _ in range(hands):
        n = choose.randint(2, 6)
        # Mostly deep stacks, some short ones for all-ins and side pots.
        stacks = [
            choose.randint(20, 300) if choose.random() < 0.8 else choose.randint(3, 20)
            for _ in range(n)
        ]
        hand, ours, differs = _random_hand(game, stakes, stacks, choose, rng)
        if differs:
            continue
        text = write_phh(hand)
        theirs, final = _pokerkit_decisions(text)
        assert ours == theirs, text
        if sum(1 for won in hand.winnings if won > 0) > 1:
            # Split pots: the totals agree; odd chips may sit with another winner.
            assert sum(final) == sum(hand.stacks), text
            assert all(abs(a - b) <= 3 for a, b in zip(final, hand.stacks, strict=True)), text
        else:
            assert final == hand.stacks, text
        compared += 1
    assert compared >= hands * 3 // 5


def _tied_openers(hand: HandState) -> bool:
    """Whether two live players show equal hands apart from suits (the opener tie-break)."""
    keys = sorted(
        (
            showing_key([c for c, up in zip(hand.hole_cards[s], hand.up[s], strict=False) if up])[
                :2
            ]
            for s in range(hand.n)
            if not hand.folded[s]
        ),
        reverse=True,
    )
    return len(keys) > 1 and keys[0] == keys[1]


@pytest.mark.peers
@HANDS
def test_random_stud_hands_match_pokerkit(hands: int) -> None:
    variant = GAMES["stud"].with_options(open_pair_big_bet=False)
    stakes = Stakes.stud(ante=1, bring_in=2, small_bet=5)
    choose = random.Random("stud")
    rng = np.random.default_rng(11)
    compared = 0
    for _ in range(hands):
        n = choose.randint(2, 8)
        # Some stacks of 1-2 chips: all-in from the ante, or short of the bring-in.
        stacks = [
            choose.randint(20, 200) if choose.random() < 0.8 else choose.randint(1, 20)
            for _ in range(n)
        ]
        hand = HandState(variant, stakes, stacks, rng=rng)
        ours: list[Decision] = []
        # The lowest door card all-in from the ante: we pass the bring-in to the lowest door
        # card among players who can act; pokerkit to the next player clockwise.
        doors = [cards[2] for cards in hand.hole_cards]
        differs = hand.all_in[lowest_door_seat(doors, hand.folded)]
        street = -1
        while hand.status == "betting":
            if hand.street_index != street:
                street = hand.street_index
                differs = differs or (street > 0 and _tied_openers(hand))
            options = hand.legal_actions()
            roll = choose.random()
            if options.bring_in is not None and (roll < 0.7 or options.complete_to is None):
                hand.bring_in()  # a "pb" action: not a betting decision in pokerkit's record
                continue
            ours.append(
                (options.player, options.call or 0, options.raise_min_to, options.raise_max_to)
            )
            if options.bring_in is not None:
                hand.complete()
            elif options.raise_min_to is not None and roll < 0.3:
                target = options.raise_min_to
                if target == hand.bets[options.player] + hand.stacks[options.player]:
                    differs = differs or target < hand._full_bet + hand._bet_size
                hand.bet_raise_to(target)
            elif not options.check and roll < 0.45:
                hand.fold()
            else:
                hand.check_call()
        if differs or hand.board:
            continue
        text = write_phh(hand)
        theirs, final = _pokerkit_decisions(text)
        assert ours == theirs, text
        if sum(1 for won in hand.winnings if won > 0) > 1:
            assert sum(final) == sum(hand.stacks), text
        else:
            assert final == hand.stacks, text
        compared += 1
    assert compared >= hands * 3 // 5
