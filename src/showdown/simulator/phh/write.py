"""PHH text of a hand history or of a hand played by :class:`HandState`."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from showdown.cards import format_card

from ..hand import COMPLETE, UNKNOWN, HandState
from .history import HandHistory, UnsupportedVariantError


def _format_cards(cards: Any) -> str:
    return "".join("??" if card == UNKNOWN else format_card(card) for card in cards)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{key} = {_toml_value(item)}" for key, item in value.items())
        return "{" + items + "}"
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    raise ValueError(f"write_phh: cannot write value {value!r}")


def history_from_state(state: HandState) -> HandHistory:
    """The PHH history of a hand played (or being played) by a :class:`HandState`.

    Requires ``record=True`` (the default). Seats are renumbered to PHH position
    order (p1 = left of the button).
    """
    variant = state.variant
    if not variant.phh_code:
        raise UnsupportedVariantError(f"variant {variant.name!r} has no PHH code")
    n = state.n
    order = [(state.button + 1 + k) % n for k in range(n)]
    position = {seat: k for k, seat in enumerate(order)}
    antes = [state.antes[s] for s in order]
    blinds = [state.blinds[s] for s in order]
    if n == 2 and variant.blinds:
        antes, blinds = antes[::-1], blinds[::-1]
    actions: list[str] = []
    for kind, seat, payload in state.log:
        player = f"p{position[seat] + 1}" if seat >= 0 else ""
        if kind == "dh":
            actions.append(f"d dh {player} {_format_cards(payload)}")
        elif kind == "db":
            actions.append(f"d db {_format_cards(payload)}")
        elif kind == "cbr":
            actions.append(f"{player} cbr {payload}")
        elif kind in ("sd", "sm"):
            cards = f" {_format_cards(payload)}" if payload else ""
            actions.append(f"{player} {kind}{cards}")
        else:
            actions.append(f"{player} {kind}")
    stakes = state.stakes
    history = HandHistory(
        variant=variant.phh_code,
        starting_stacks=[state.starting_stacks[s] for s in order],
        actions=actions,
        antes=antes,
        blinds_or_straddles=blinds,
    )
    if variant.betting == "fixed":
        history.small_bet, history.big_bet = stakes.small_bet, stakes.big_bet
    else:
        history.min_bet = stakes.small_bet
    if variant.bring_in:
        history.bring_in = stakes.bring_in
    if state.status == COMPLETE:
        history.finishing_stacks = [state.stacks[s] for s in order]
    return history


def write_phh(history: HandHistory | HandState, path: str | Path | None = None) -> str:
    """PHH text of a history or a hand; also written to ``path`` when given.

    Examples
    --------
    >>> from showdown.simulator import HandState, Stakes, read_phh, replay
    >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=5)
    >>> hand.fold()
    >>> text = write_phh(hand)
    >>> replay(read_phh(text)).stacks == [hand.stacks[0], hand.stacks[1]]
    True
    """
    if isinstance(history, HandState):
        history = history_from_state(history)
    lines = [f"variant = {_toml_value(history.variant)}"]
    lines.append(f"ante_trimming_status = {_toml_value(history.ante_trimming_status)}")
    lines.append(f"antes = {_toml_value(history.antes)}")
    lines.append(f"blinds_or_straddles = {_toml_value(history.blinds_or_straddles)}")
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        value = getattr(history, name)
        if value is not None:
            lines.append(f"{name} = {_toml_value(value)}")
    lines.append(f"starting_stacks = {_toml_value(history.starting_stacks)}")
    lines.append("actions = [")
    lines.extend(f"  {_toml_value(action)}," for action in history.actions)
    lines.append("]")
    if history.players is not None:
        lines.append(f"players = {_toml_value(history.players)}")
    for key, value in history.extra.items():
        lines.append(f"{key} = {_toml_value(value)}")
    if history.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_toml_value(history.finishing_stacks)}")
    text = "\n".join(lines) + "\n"
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text
