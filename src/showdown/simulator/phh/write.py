"""PHH text of a hand history or of a hand played by :class:`HandState`.

Every string is written as a TOML basic string with its backslashes, quotes
and control characters escaped (``\\n``, ``\\u0000``...), so a player name or
a field can never end its line or start another; a key that is not a plain
TOML key (letters, digits, ``_``, ``-``) is quoted the same way. What cannot be
written so that :func:`~showdown.simulator.phh.read_phh` reads it back equal is
refused with a ``ValueError`` naming the field: text that is not valid Unicode
(lone surrogates), values TOML has no type for (``None``, sets, fractions...),
an extra field named like a PHH field, amounts ``read_phh`` would refuse, and
actions it would change (a ``#`` comment, surrounding spaces, an empty one).

Examples
--------
>>> from showdown.simulator import HandState, Stakes, read_phh
>>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=5)
>>> hand.fold()
>>> names = ['Eve"]\\nfinishing_stacks = [0, 200]', "Bob"]
>>> text = write_phh(hand, players=names)
>>> [line for line in text.splitlines() if line.startswith("players")]
['players = ["Eve\\\\"]\\\\nfinishing_stacks = [0, 200]", "Bob"]']
>>> read_phh(text).players == names and read_phh(text).finishing_stacks == [101, 99]
True
"""

from __future__ import annotations

import datetime
import math
import numbers
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from showdown.cards import format_card

from ..hand import COMPLETE, UNKNOWN, HandState
from ..hand.actions import PHH_ACTIONS, PHH_DEALER, Action
from .history import KNOWN_FIELDS, HandHistory, UnsupportedVariantError, history_from_document

#: A TOML key that needs no quotes.
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")

#: Characters a TOML basic string must not hold as they are (and a few that some line-based
#: tools take for line breaks), mapped to their escapes.
_ESCAPES = {code: f"\\u{code:04X}" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0))}
_ESCAPES.update(
    {
        ord("\\"): "\\\\",
        ord('"'): '\\"',
        ord("\b"): "\\b",
        ord("\t"): "\\t",
        ord("\n"): "\\n",
        ord("\f"): "\\f",
        ord("\r"): "\\r",
        0x2028: "\\u2028",
        0x2029: "\\u2029",
    }
)

#: Lone surrogates: Python strings may hold them, Unicode text (and TOML) may not.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _format_cards(cards: Any) -> str:
    return "".join("??" if card == UNKNOWN else format_card(card) for card in cards)


def toml_string(text: str, where: str = "write_phh") -> str:
    """``text`` as a TOML basic string, every character that could end it or its line escaped.

    Raises
    ------
    ValueError
        For text that is not valid Unicode (a lone surrogate), naming ``where``.

    Examples
    --------
    >>> print(toml_string('say "hi"\\nthen = 1'))
    "say \\"hi\\"\\nthen = 1"
    """
    bad = _SURROGATE.search(text)
    if bad is not None:
        raise ValueError(
            f"{where}: {text!r} is not valid Unicode text (lone surrogate at {bad.start()})"
        )
    return '"' + text.translate(_ESCAPES) + '"'


def toml_key(key: object, where: str = "write_phh") -> str:
    """A TOML key: bare when it is letters, digits, ``_`` and ``-`` only, else quoted."""
    if not isinstance(key, str):
        raise ValueError(f"{where}: field names must be strings, got {key!r}")
    return key if _BARE_KEY.fullmatch(key) else toml_string(key, where)


def _toml_value(value: Any, where: str) -> str:
    """One TOML value on one line; ``where`` names the field in errors."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(float(value))
    if isinstance(value, str):
        return toml_string(value, where)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(item, where) for item in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(
            f"{toml_key(key, where)} = {_toml_value(item, f'{where}.{key}')}"
            for key, item in value.items()
        )
        return "{" + items + "}"
    if isinstance(value, datetime.time) and value.tzinfo is not None:
        raise ValueError(f"{where}: TOML has no time of day with a time zone, got {value!r}")
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    raise ValueError(f"{where}: cannot write {type(value).__name__} value {value!r} as TOML")


def history_from_state(state: HandState, *, players: Sequence[str] | None = None) -> HandHistory:
    """The PHH history of a hand played (or being played) by a :class:`HandState`.

    Requires ``record=True`` (the default). Seats are renumbered to PHH position
    order (p1 = left of the button). ``players`` names each seat (in seat order);
    they become the history's ``players`` field, so replays show them.
    """
    variant = state.variant
    if not variant.phh_code:
        raise UnsupportedVariantError(f"variant {variant.name!r} has no PHH code")
    n = state.n
    order = [(state.button + 1 + k) % n for k in range(n)]
    position = {seat: k for k, seat in enumerate(order)}
    antes = [state.antes[s] for s in order]
    blinds = [state.blinds[s] for s in order]
    if n == 2 and variant.blinds and not variant.button_blind:
        antes, blinds = antes[::-1], blinds[::-1]
    actions: list[str] = []
    for kind, seat, payload in state.log:
        player = f"p{position[seat] + 1}" if seat >= 0 else ""
        action = PHH_ACTIONS[kind]
        if action is Action.DEAL_HOLE:
            actions.append(f"{PHH_DEALER} {kind} {player} {_format_cards(payload)}")
        elif action is Action.DEAL_BOARD:
            actions.append(f"{PHH_DEALER} {kind} {_format_cards(payload)}")
        elif action is Action.RAISE:
            actions.append(f"{player} {kind} {payload}")
        elif action is Action.DISCARD or action is Action.SHOW:
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
    if players is not None:
        names = [str(name) for name in players]
        if len(names) != n:
            raise ValueError(f"players: expected {n} names, one per seat, got {len(names)}")
        history.players = [names[s] for s in order]
    if state.status == COMPLETE:
        history.finishing_stacks = [state.stacks[s] for s in order]
    return history


def write_phh(
    history: HandHistory | HandState,
    path: str | Path | None = None,
    *,
    players: Sequence[str] | None = None,
) -> str:
    """PHH text of a history or a hand; also written to ``path`` when given.

    ``players`` names a hand's seats (seat order; see :func:`history_from_state`).
    Names and every other string are escaped (see the module docstring), so the
    text reads back with :func:`~showdown.simulator.phh.read_phh` as written.

    Raises
    ------
    ValueError
        For a history that cannot be written to read back equal: the message
        names the field (see the module docstring).

    Examples
    --------
    >>> from showdown.simulator import HandState, Stakes, read_phh, replay
    >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=5)
    >>> hand.fold()
    >>> text = write_phh(hand, players=["Alice", "Bob"])
    >>> replay(read_phh(text)).stacks == [hand.stacks[0], hand.stacks[1]]
    True
    >>> read_phh(text).players  # position order: p1 sits left of the button (seat 1)
    ['Alice', 'Bob']
    """
    if isinstance(history, HandState):
        # Built from the hand: numbers and actions are the engine's own; the names are
        # the only outside text, and they are escaped like any string.
        history = history_from_state(history, players=players)
    else:
        if players is not None:
            raise ValueError("players: name the seats of a HandState; a HandHistory has its own")
        _check_readable(history)
    lines = [
        f"{toml_key(key)} = {_toml_value(value, f'write_phh: field {key!r}')}"
        if key != "actions"
        else _actions_lines(value)
        for key, value in _document(history).items()
    ]
    text = "\n".join(lines) + "\n"
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text


def _document(history: HandHistory) -> dict[str, Any]:
    """The fields of ``history`` as written, in the order written."""
    document: dict[str, Any] = {
        "variant": history.variant,
        "ante_trimming_status": history.ante_trimming_status,
        "antes": list(history.antes),
        "blinds_or_straddles": list(history.blinds_or_straddles),
    }
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        value = getattr(history, name)
        if value is not None:
            document[name] = value
    document["starting_stacks"] = list(history.starting_stacks)
    document["actions"] = list(history.actions)
    if history.players is not None:
        document["players"] = list(history.players)
    for key, value in history.extra.items():
        if key in KNOWN_FIELDS:
            raise ValueError(
                f"write_phh: extra field {key!r} has the name of a PHH field; "
                "set the history's own attribute instead"
            )
        document[key] = value
    if history.finishing_stacks is not None:
        document["finishing_stacks"] = list(history.finishing_stacks)
    return document


def _actions_lines(actions: list[str]) -> str:
    """The ``actions`` array, one action per line."""
    body = "".join(
        f"\n  {_toml_value(action, f'write_phh: action {index}')},"
        for index, action in enumerate(actions)
    )
    return f"actions = [{body}\n]"


def _check_readable(history: HandHistory) -> None:
    """Refuse a history that :func:`read_phh` would refuse or read back differently."""
    document = _document(history)
    checked = history_from_document(document, "write_phh")
    for index, action in enumerate(history.actions):
        if (
            not isinstance(action, str)
            or index >= len(checked.actions)
            or (checked.actions[index] != action)
        ):
            raise ValueError(
                f"write_phh: action {index} {action!r} would not read back as written "
                "(an action is one non-empty string without a '#' comment or surrounding spaces)"
            )
    if len(checked.actions) != len(history.actions):  # pragma: no cover - caught above
        raise ValueError("write_phh: the actions would not read back as written")
