"""Replaying a PHH history through :class:`HandState`: every action checked by the rules.

Examples
--------
>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 7c2h", "p2 cbr 6", "p1 f"]
... finishing_stacks = [98, 102]
... '''
>>> from showdown.simulator.phh import read_phh
>>> state = replay(read_phh(text), strict=True)
>>> state.stacks
[98, 102]
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from showdown.cards import parse_card

from ..hand import COMPLETE, SHOWDOWN, UNKNOWN, HandState, IllegalActionError
from ..hand.actions import PHH_ACTIONS, PHH_DEALER, Action
from .amounts import amount_value, exact
from .history import MAX_PHH_BYTES, HandHistory, read_phh

__all__ = ["UNFINISHED", "ActionContext", "check_finishing_stacks", "replay", "replay_history"]

#: Why a history that stops mid-hand is refused (``status``: the hand's status then).
UNFINISHED = "the history ends before the hand is over (status {status!r})"


def _located(error: ValueError, where: str) -> ValueError:
    """The same kind of error with ``where`` in front of its message."""
    return error.__class__(f"{where}: {error}")


def _parse_cards(text: str) -> list[int]:
    if len(text) % 2:
        raise ValueError(f"cannot read cards {text!r}")
    cards: list[int] = []
    for start in range(0, len(text), 2):
        token = text[start : start + 2]
        if token == "??":
            cards.append(UNKNOWN)
        else:
            try:
                cards.append(parse_card(token))
            except ValueError:
                raise ValueError(f"unknown card {token!r}") from None
    return cards


def _player(token: str, n: int) -> int:
    if not (token.startswith("p") and token[1:].isdigit() and 1 <= int(token[1:]) <= n):
        raise ValueError(f"unknown player {token!r}")
    return int(token[1:]) - 1


def _chips(token: str, scale: int) -> int:
    """A ``cbr`` amount in the replay's whole chips."""
    try:
        value = Fraction(token)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"amount {token!r} is not a number of chips") from None
    chips = value * scale
    if chips.denominator != 1 or chips < 0:
        raise ValueError(f"amount {token!r} is not a number of chips")
    return int(chips)


def replay(
    source: str | os.PathLike[str] | HandHistory,
    *,
    odd_chips: str = "standard",
    strict: bool = False,
    max_bytes: int = MAX_PHH_BYTES,
) -> HandState:
    """Replay a hand history and return the finished :class:`HandState`.

    ``state.stacks`` are the finishing stacks in PHH player order (in scaled
    whole chips for histories with fractional amounts); ``state.final_stacks``
    gives them in the file's units, exactly (fractions with ``odd_chips="exact"``).
    Show/muck actions are applied in the simulator's showdown order; players
    the history leaves at the showdown show known cards, else muck.

    Parameters
    ----------
    source
        A :class:`HandHistory`, PHH text or a path (see :func:`read_phh`).
    odd_chips
        Odd-chip policy (``"standard"``, ``"exact"``, ``"house"``).
    strict
        Also require the history's ``finishing_stacks`` (when given) to equal the
        replay's (see :func:`check_finishing_stacks`).
    max_bytes
        Largest file read (see :func:`~showdown.simulator.phh.read_phh`).

    Raises
    ------
    UnsupportedVariantError
        For a variant code the simulator does not play.
    IllegalActionError
        When an action breaks the rules.
    ValueError
        For an action that cannot be read, a history that ends before the hand is
        over, or (``strict``) finishing stacks the replay contradicts. Every message
        names the source and the action index and text.
    """
    history = source if isinstance(source, HandHistory) else read_phh(source, max_bytes=max_bytes)
    return replay_history(history, odd_chips=odd_chips, strict=strict)


#: ``on_action(index, action, before, state)``: called after each action is applied, with
#: the table as it was just before it (see :class:`ActionContext`).
ActionObserver = Callable[[int, str, "ActionContext", HandState], None]


@dataclass(frozen=True)
class ActionContext:
    """The table just before an action, for saying what the action did.

    Attributes
    ----------
    street
        Street name (``"flop"``, ``"third"``...) or ``"showdown"``.
    current_bet
        The round's bet to match, in the state's whole chips.
    totals
        Chips each player had put in during the hand.
    """

    street: str
    current_bet: int
    totals: tuple[int, ...]


def replay_history(
    history: HandHistory,
    *,
    odd_chips: str = "standard",
    strict: bool = False,
    on_action: ActionObserver | None = None,
) -> HandState:
    """:func:`replay` of a read history, calling ``on_action`` after every action applied."""
    name = history.source
    state = history.create_state(odd_chips=odd_chips)
    waiting: dict[int, list[int] | None] = {}
    for index, action in enumerate(history.actions):
        before = None
        if on_action is not None:
            before = ActionContext(state.street, state.current_bet, tuple(state.totals))
        try:
            _apply(state, action, waiting)
            _drain_showdown(state, waiting)
        except ValueError as error:
            raise _located(error, f"{name}: action {index} {action!r}") from error
        if on_action is not None and before is not None:
            on_action(index, action, before, state)
    try:
        while state.status == SHOWDOWN and state.actor is not None:
            seat = state.actor
            if seat not in waiting:
                known = UNKNOWN not in state.hole_cards[seat]
                muck = not known and state.legal_actions().muck
                waiting[seat] = None if muck else list(state.hole_cards[seat])
            _drain_showdown(state, waiting)
    except ValueError as error:
        raise _located(error, f"{name}: at the showdown") from error
    if state.status != COMPLETE:
        raise ValueError(f"{name}: {UNFINISHED.format(status=state.status)}")
    if strict:
        mismatch = check_finishing_stacks(history, state)
        if mismatch is not None:
            raise ValueError(mismatch)
    return state


def _apply(state: HandState, action: str, waiting: dict[int, list[int] | None]) -> None:
    """Apply one PHH action (shows are buffered until the state's showdown order asks)."""
    tokens = action.split()
    n = state.n
    # A code's general action: a show stands for a muck too (the cards tell).
    verb = PHH_ACTIONS.get(tokens[1]) if len(tokens) > 1 else None
    if tokens[0] == PHH_DEALER:
        if len(tokens) == 4 and verb is Action.DEAL_HOLE:
            state.deal_hole(_player(tokens[2], n), _parse_cards(tokens[3]))
        elif len(tokens) == 3 and verb is Action.DEAL_BOARD:
            state.deal_board(_parse_cards(tokens[2]))
        else:
            raise ValueError("unknown dealing action")
        return
    seat = _player(tokens[0], n)
    if verb is Action.FOLD and len(tokens) == 2:
        state.fold(seat)
    elif verb is Action.CALL and len(tokens) == 2:
        state.check_call(seat)
    elif verb is Action.RAISE and len(tokens) == 3:
        state.bet_raise_to(_chips(tokens[2], state.scale), seat)
    elif verb is Action.BRING_IN and len(tokens) == 2:
        state.bring_in(seat)
    elif verb is Action.DISCARD and len(tokens) <= 3:
        state.discard(_parse_cards(tokens[2]) if len(tokens) > 2 else [], seat)
    elif verb is Action.SHOW and len(tokens) <= 3:
        if state.status == COMPLETE:
            raise IllegalActionError("the hand is over")
        if state.folded[seat]:
            raise IllegalActionError(f"player {tokens[0]} is not at the showdown: it folded")
        if seat in waiting or state.shown[seat] or state.mucked[seat]:
            raise IllegalActionError(f"player {tokens[0]} shows or mucks twice")
        shown = tokens[2] if len(tokens) > 2 else "-"
        waiting[seat] = None if shown == "-" else _parse_cards(shown)
    else:
        raise ValueError("unknown action")


def _drain_showdown(state: HandState, waiting: dict[int, list[int] | None]) -> None:
    """Apply buffered show/muck decisions in the state's showdown order."""
    while state.status == SHOWDOWN and state.actor in waiting:
        seat = state.actor
        cards = waiting.pop(seat)
        if cards is None:
            if state.legal_actions().muck:
                state.muck(seat)
            else:
                # All-in (or first to show): the hand is shown whatever the log says.
                state.show(seat)
        else:
            state.show(seat, cards)


def check_finishing_stacks(history: HandHistory, state: HandState) -> str | None:
    """Why the history's ``finishing_stacks`` contradict the replayed ``state``, or ``None``.

    ``None`` also when the history records no finishing stacks. Amounts compare
    exactly in the file's units (``state.final_stacks``).
    """
    recorded = history.finishing_stacks
    if recorded is None:
        return None
    replayed = state.final_stacks
    if [exact(value) for value in recorded] == [exact(value) for value in replayed]:
        return None
    return (
        f"{history.source}: finishing_stacks {[amount_value(v) for v in recorded]} differ from "
        f"the replay's {[amount_value(v) for v in replayed]}"
    )
