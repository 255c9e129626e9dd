"""A hand history told in poker words: who did what, for how much, who won with what.

The hand is replayed (every action checked by the rules), and each action is
described from the table as it was just before it: ``cc`` is "checks" or
"calls 40", ``cbr`` is "bets 6", "raises to 18" or (stud) "completes to 5", and
``pb`` is "brings in for 2". The results say who won how much and, after a
showdown, with what hand ("Bob wins 1,200 with a Full House, Kings over Sevens").

Examples
--------
>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 7s2d", "p2 cbr 6", "p1 cc", "d db Kd7c2h", "p1 cc",
...            "p2 cbr 8", "p1 cc", "d db 7d", "p1 cc", "p2 cc", "d db 3s", "p1 cc", "p2 cc"]
... players = ["Ann", "Bob"]
... '''
>>> story = narrate(read_phh(text))
>>> story.actions[2:8]
['Bob raises to 6', 'Ann calls 4', 'flop: Kd7c2h', 'Ann checks', 'Bob bets 8', 'Ann calls 8']
>>> story.results
['Bob wins 28 with a Full House, Sevens over Twos']
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction

from ...cards import format_card, parse_card
from ..hand import UNKNOWN, HandState, side_pots
from ..hand.actions import PHH_ACTIONS, PHH_DEALER, Action
from ..hand.settlement import evaluate_requests, showdown_requests
from .amounts import amount_text, amount_value
from .history import MAX_PHH_BYTES, HandHistory, read_phh
from .replay import ActionContext, replay_history

__all__ = ["HandStory", "Winner", "narrate"]

#: Board street named by the number of board cards once it is dealt.
_BOARD_STREETS = {3: "flop", 4: "turn", 5: "river"}


@dataclass
class Winner:
    """One player who collected chips: how many and, after a showdown, with what."""

    player: str
    amount: int | float
    hand: str | None = None

    def __str__(self) -> str:
        text = f"{self.player} wins {amount_text(self.amount)}"
        return f"{text} with {self.hand}" if self.hand else text


@dataclass
class HandStory:
    """A replayed hand in words.

    Attributes
    ----------
    names
        Player names in PHH order (the history's ``players``, else ``p1``, ``p2``...).
    actions
        One line per action of the history.
    winners
        Everyone who collected chips, in PHH order.
    state
        The finished :class:`~showdown.simulator.hand.HandState`.
    """

    names: list[str]
    actions: list[str]
    winners: list[Winner]
    state: HandState
    history: HandHistory = field(repr=False)

    @property
    def results(self) -> list[str]:
        """``"Bob wins 1,200 with a Full House, Kings over Sevens"`` per winner."""
        return [str(winner) for winner in self.winners]


def narrate(
    source: str | os.PathLike[str] | HandHistory,
    *,
    odd_chips: str = "standard",
    strict: bool = False,
    max_bytes: int = MAX_PHH_BYTES,
) -> HandStory:
    """Replay a hand history and describe it in words (see the module docstring).

    Parameters
    ----------
    source
        A :class:`HandHistory`, PHH text or a path (see :func:`read_phh`).
    odd_chips, strict, max_bytes
        As for :func:`~showdown.simulator.phh.replay`.

    Raises
    ------
    ValueError
        As :func:`~showdown.simulator.phh.replay` does, for a history that cannot be replayed.
    """
    history = source if isinstance(source, HandHistory) else read_phh(source, max_bytes=max_bytes)
    count = len(history.starting_stacks)
    names = list(history.players) if history.players else [f"p{k + 1}" for k in range(count)]
    lines: list[str] = []

    def on_action(index: int, action: str, before: ActionContext, state: HandState) -> None:
        lines.append(_describe(action, names, before, state))

    state = replay_history(history, odd_chips=odd_chips, strict=strict, on_action=on_action)
    return HandStory(names, lines, _winners(state, names), state, history)


def _player(token: str, names: list[str]) -> tuple[str, int | None]:
    if token.startswith("p") and token[1:].isdigit() and 0 < int(token[1:]) <= len(names):
        return names[int(token[1:]) - 1], int(token[1:]) - 1
    return token, None


def _cards_text(token: str) -> str:
    """Canonical cards (``10s`` -> ``Ts``); unknown cards stay ``??``."""
    pieces = [token[start : start + 2] for start in range(0, len(token), 2)]
    return "".join(piece if piece == "??" else format_card(parse_card(piece)) for piece in pieces)


def _describe(action: str, names: list[str], before: ActionContext, state: HandState) -> str:
    """One action in words, from the table just before it and the state just after."""
    tokens = action.split()
    code = PHH_ACTIONS.get(tokens[1]) if len(tokens) > 1 else None
    dealer = tokens[0] == PHH_DEALER
    if dealer and code is Action.DEAL_HOLE:
        return f"{_player(tokens[2], names)[0]} is dealt {_cards_text(tokens[3])}"
    if dealer and code is Action.DEAL_BOARD:
        street = _BOARD_STREETS.get(len(state.board), "board")
        return f"{street}: {_cards_text(tokens[2])}"
    who, seat = _player(tokens[0], names)
    rest = tokens[2:]
    if seat is None:
        return action
    put_in = Fraction(state.totals[seat] - before.totals[seat], state.scale)
    all_in = " (all-in)" if state.stacks[seat] == 0 and state.totals[seat] > 0 else ""
    if code is Action.FOLD:
        return f"{who} folds"
    if code is Action.CALL:
        return f"{who} calls {amount_text(put_in)}{all_in}" if put_in else f"{who} checks"
    if code is Action.BRING_IN:
        return f"{who} brings in for {amount_text(put_in)}{all_in}"
    if code is Action.RAISE and rest:
        amount = amount_text(Fraction(rest[0]))
        variant = state.variant
        completing = (
            variant.bring_in
            and before.street == variant.streets[0].name
            and before.current_bet < state.stakes.small_bet
        )
        verb = "completes to" if completing else "raises to" if before.current_bet else "bets"
        return f"{who} {verb} {amount}{all_in}"
    if code is Action.DISCARD:
        return f"{who} discards {_cards_text(rest[0])}" if rest else f"{who} stands pat"
    if code is Action.SHOW:
        shown = rest[0] if rest else "-"
        return f"{who} mucks" if shown == "-" else f"{who} shows {_cards_text(shown)}"
    return action


def _winners(state: HandState, names: list[str]) -> list[Winner]:
    """Who collected chips, how many (in the history's units) and with what hand."""
    n = state.n
    scale = state.scale
    finals = state.final_stacks
    won = [
        Fraction(finals[s]) - Fraction(state.starting_stacks[s] - state.totals[s], scale)
        for s in range(n)
    ]
    hands = _showdown_hands(state)
    winners = []
    for seat in range(n):
        if won[seat] > 0:
            winners.append(Winner(names[seat], amount_value(won[seat]), hands.get(seat)))
    return winners


def _showdown_hands(state: HandState) -> dict[int, str]:
    """What each pot winner at a showdown won with (empty when nobody had to show)."""
    contenders = [s for s in range(state.n) if not state.folded[s] and not state.mucked[s]]
    if len(contenders) < 2 or any(UNKNOWN in state.hole_cards[s] for s in contenders):
        return {}
    requests = showdown_requests(state)
    strengths = evaluate_requests(requests)
    kinds = state.variant.hands
    high = dict(zip(requests[kinds[0]][0], strengths[kinds[0]], strict=True))
    low = (
        dict(zip(requests[kinds[1]][0], strengths[kinds[1]], strict=True))
        if state.variant.hilo
        else {}
    )
    # Which half of which pot each seat took: the best high, and the best qualifying low,
    # among the players each pot (main or side) is contested by.
    wagers = [state.totals[s] - state.ante_paid[s] for s in range(state.n)]
    live = [s in high for s in range(state.n)]
    took_high: set[int] = set()
    took_low: set[int] = set()
    for pot in side_pots(wagers, live, dead=sum(state.ante_paid)):
        eligible = [s for s in pot.eligible if s in high]
        if not eligible:
            continue
        best = max(high[s] for s in eligible)
        took_high.update(s for s in eligible if high[s] == best)
        best_low = max((low[s] for s in eligible if low.get(s, 0) > 0), default=0)
        if best_low:
            took_low.update(s for s in eligible if low.get(s, 0) == best_low)
    # Short-deck strengths read by the short-deck describer (the variant's hand kind says so).
    game = "shortdeck" if kinds[0] == "shortdeck_high" else None
    return {
        seat: _hand_words(high[seat], low.get(seat, 0), seat in took_high, seat in took_low, game)
        for seat in high
    }


def _hand_words(
    high: int, low: int, took_high: bool, took_low: bool, game: str | None = None
) -> str:
    """``"a Full House, Kings over Sevens"``, ``"an 8-6-4-2-A low"``, or both."""
    from ...evaluator import describe, describe_low

    parts = []
    if took_high or not took_low:
        text = describe(high, game=game)
        article = "a " if text.startswith(("Pair", "Straight", "Flush", "Full House")) else ""
        parts.append(article + text)
    if took_low and low:
        text = describe_low(low)
        parts.append(("an " if text.startswith("8") else "a ") + text)
    return " and ".join(parts)
