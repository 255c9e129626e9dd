"""One hand's PHH text to a :class:`~showdown.simulator.phh.HandHistory`, fast.

The simulator's reader (:func:`showdown.simulator.phh.read_phh`) is the
authority on what a valid history is; it reads TOML with ``tomllib`` (about a
millisecond a hand). Here a hand is first read by
:func:`showdown.history.toml_subset.loads` and its fields are checked as
``read_phh`` checks them; when all is plainly well the history is built at
once. Anything else (TOML outside the subset, a field that is missing or of the
wrong type or size) goes to ``read_phh``, which gives the history or the error
naming the field: the result is the same either way, only the time differs.

Two conventions of the public PHH dataset are read here, because ``read_phh``
(rightly, for a hand it must replay) refuses them:

- ``starting_stacks = [inf, ...]``: the site did not log stacks. The hand is read
  with a stand-in stack larger than every amount it mentions and flagged
  (``extra["stacks_unknown"]``): nobody in it can be all-in, so it never gets an
  all-in adjustment.
- a negative blind: a dead blind (posted, but not part of the player's bet). It
  is read as an ante of the same size for that player: dead money in the pot.

Examples
--------
>>> text = 'variant = "NT"\\nstarting_stacks = [inf, 80]\\nblinds_or_straddles = [1, -2]\\n'
>>> history, conventions = parse_hand(text + 'actions = ["p2 cbr 6"]', "PHH text")
>>> list(history.starting_stacks), list(history.antes), conventions
([10000, 80], [0, 2.0], ['stacks_unknown', 'dead_blinds'])
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any

from showdown.simulator.phh import HandHistory, read_phh
from showdown.simulator.phh.history import KNOWN_FIELDS

from .toml_subset import loads

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 needs the tomli backport
    import tomli as tomllib

__all__ = ["parse_hand"]

# The array lines the dataset conventions touch (always one line in the dataset).
_STACKS = re.compile(r"^starting_stacks[ \t]*=.*$", re.MULTILINE)
_BLINDS = re.compile(r"^blinds_or_straddles[ \t]*=.*$", re.MULTILINE)
_ANTES = re.compile(r"^antes[ \t]*=.*$", re.MULTILINE)
_BET_AMOUNTS = re.compile(r"cbr ([0-9.]+)")


def parse_hand(text: str, name: str) -> tuple[HandHistory, list[str]]:
    """The history in ``text`` (one hand) and the dataset conventions it used.

    Raises
    ------
    ValueError
        As :func:`~showdown.simulator.phh.read_phh` raises it (the message names
        ``name`` and the field), or for a convention that cannot be applied.
    """
    data = loads(text)
    if data is not None:
        built = _from_data(data, text, name)
        if built is not None:
            return built
    text, conventions = _text_conventions(text)
    history = read_phh(text)
    history.source = name
    return history, conventions


def _stand_in(text: str, finite: list[Any]) -> int:
    """A stack bigger than any amount the hand mentions, so no one is all-in."""
    amounts = [float(amount) for amount in _BET_AMOUNTS.findall(text)]
    return 10 ** (len(str(int(max([*amounts, *finite, 1.0])))) + 2)


def _add(ante: object, dead: float) -> float:
    if isinstance(ante, bool) or not isinstance(ante, (int, float)):
        raise ValueError(f"field 'antes': {ante!r} is not a number")
    # Through the decimal text, so 0.1 + 0.25 stays 0.35 for the reader's scaling.
    return float(f"{ante + dead:.12g}")


def _number(value: object) -> bool:
    """A value ``read_phh`` takes as an amount: a finite number >= 0, not a bool."""
    return (value.__class__ is int and value >= 0) or (
        value.__class__ is float and 0 <= value < math.inf
    )


def _numbers(data: dict[str, Any], key: str, count: int | None) -> list[Any] | None:
    """``data[key]`` when ``read_phh`` would take it as it is; ``None`` when absent;
    raises ``LookupError`` when ``read_phh`` must judge it."""
    values = data.get(key)
    if values is None:
        return None
    if (
        values.__class__ is not list
        or (count is not None and values and len(values) != count)
        or not all(map(_number, values))
    ):
        raise LookupError(key)
    return values


def _from_data(data: dict[str, Any], text: str, name: str) -> tuple[HandHistory, list[str]] | None:
    """The history from a parsed document when every field is plainly valid (the
    checks of ``read_phh``), else ``None``."""
    conventions: list[str] = []
    stacks = data.get("starting_stacks")
    if stacks.__class__ is not list or len(stacks) < 2:
        return None
    assert isinstance(stacks, list)
    if math.inf in stacks:
        finite = [v for v in stacks if v.__class__ in (int, float) and math.isfinite(v)]
        stand_in = _stand_in(text, finite)
        stacks = [stand_in if v == math.inf and v.__class__ is float else v for v in stacks]
        conventions.append("stacks_unknown")
    count = len(stacks)
    blinds = data.get("blinds_or_straddles")
    antes = data.get("antes")
    if blinds.__class__ is list and any(v.__class__ in (int, float) and v < 0 for v in blinds):
        assert isinstance(blinds, list)
        antes = list(antes) if antes.__class__ is list else [0] * len(blinds)
        if len(antes) != len(blinds):
            return None
        blinds = list(blinds)
        for seat, blind in enumerate(blinds):
            if blind.__class__ in (int, float) and blind < 0:
                if not _number(antes[seat]):
                    return None
                antes[seat] = _add(antes[seat], -blind)
                blinds[seat] = 0
        conventions.append("dead_blinds")
    variant, actions, players = data.get("variant"), data.get("actions"), data.get("players")
    trimming = data.get("ante_trimming_status", False)
    if (
        variant.__class__ is not str
        or actions.__class__ is not list
        or not all(action.__class__ is str for action in actions)
        or trimming.__class__ is not bool
        or (
            players is not None
            and (
                players.__class__ is not list
                or len(players) != count
                or not all(player.__class__ is str for player in players)
            )
        )
    ):
        return None
    fields = dict(data, starting_stacks=stacks, antes=antes, blinds_or_straddles=blinds)
    try:
        numbers = {
            key: _numbers(fields, key, count)
            for key in ("antes", "blinds_or_straddles", "finishing_stacks")
        }
        _numbers(fields, "starting_stacks", None)
        sizes = {}
        for key in ("min_bet", "small_bet", "big_bet", "bring_in"):
            value = data.get(key)
            if value is not None and not _number(value):
                raise LookupError(key)
            sizes[key] = value
    except LookupError:
        return None
    kept = []
    for action in actions:
        if "#" in action:
            action = action.split("#", 1)[0]
        action = action.strip()
        if action:
            kept.append(action)
    history = HandHistory(
        variant=variant,
        starting_stacks=stacks,
        actions=kept,
        antes=numbers["antes"] or [],
        blinds_or_straddles=numbers["blinds_or_straddles"] or [],
        min_bet=sizes["min_bet"],
        small_bet=sizes["small_bet"],
        big_bet=sizes["big_bet"],
        bring_in=sizes["bring_in"],
        ante_trimming_status=trimming,
        players=players,
        finishing_stacks=numbers["finishing_stacks"],
        extra={key: value for key, value in data.items() if key not in KNOWN_FIELDS},
        source=name,
    )
    return history, conventions


def _array(line: str) -> list[object]:
    """The value of a one-line ``key = [...]`` TOML array."""
    try:
        value = tomllib.loads(line)
    except tomllib.TOMLDecodeError:
        raise ValueError(f"cannot read {line.split('=')[0].strip()!r} on one line") from None
    items = next(iter(value.values()))
    if not isinstance(items, list):
        raise ValueError(f"field {line.split('=')[0].strip()!r}: expected a list of numbers")
    return items


def _numbers_text(key: str, values: list[object]) -> str:
    return f"{key} = [{', '.join(repr(value) for value in values)}]"


def _text_conventions(text: str) -> tuple[str, list[str]]:
    """``text`` with unknown stacks and dead blinds rewritten (module docstring), and
    the names of the conventions met: the path of a hand ``read_phh`` must read."""
    conventions: list[str] = []
    stacks_line = _STACKS.search(text)
    if stacks_line is not None and "inf" in stacks_line.group(0):
        stacks = _array(stacks_line.group(0))
        finite = [v for v in stacks if isinstance(v, (int, float)) and math.isfinite(v)]
        stand_in = _stand_in(text, finite)
        stacks = [
            stand_in if isinstance(v, float) and math.isinf(v) and v > 0 else v for v in stacks
        ]
        text = _replace(text, stacks_line, _numbers_text("starting_stacks", stacks))
        conventions.append("stacks_unknown")
    blinds_line = _BLINDS.search(text)
    if blinds_line is not None and "-" in blinds_line.group(0):
        blinds = _array(blinds_line.group(0))
        antes_line = _ANTES.search(text)
        antes: list[object] = (
            _array(antes_line.group(0)) if antes_line is not None else [0] * len(blinds)
        )
        if len(antes) != len(blinds):
            raise ValueError(
                f"field 'antes': expected {len(blinds)} amounts, one per player, got {len(antes)}"
            )
        for seat, blind in enumerate(blinds):
            if isinstance(blind, (int, float)) and not isinstance(blind, bool) and blind < 0:
                antes[seat] = _add(antes[seat], -blind)
                blinds[seat] = 0
        text = _replace(text, blinds_line, _numbers_text("blinds_or_straddles", blinds))
        new_antes = _numbers_text("antes", antes)
        antes_line = _ANTES.search(text)
        text = _replace(text, antes_line, new_antes) if antes_line else f"{new_antes}\n{text}"
        conventions.append("dead_blinds")
    return text, conventions


def _replace(text: str, match: re.Match[str] | None, line: str) -> str:
    assert match is not None
    return text[: match.start()] + line + text[match.end() :]
