"""A fast reader for the part of TOML that hand histories use, with ``tomllib`` behind it.

Python's ``tomllib`` reads a typical hand history in about a millisecond: too
slow for millions of hands. Hand histories use a small part of TOML: one
``key = value`` per line, where a value is a string without escapes, a number, a
boolean, a local date or time, or an array of those (on one line or several).
:func:`loads` reads exactly that part with a few regular expressions and
returns ``None`` for anything else (escapes, multi-line strings, tables, dotted
keys, date-times, a repeated key, invalid text...), so that the caller hands
the text to ``tomllib`` instead. When it returns a dict, the dict is the one
``tomllib.loads`` gives.

Examples
--------
>>> loads("variant = 'NT'\\nstacks = [20.7, 52, inf]  # comment\\nday = 1\\n")
{'variant': 'NT', 'stacks': [20.7, 52, inf], 'day': 1}
>>> loads('name = "tab\\\\tescaped"') is None  # an escape: tomllib reads it
True
"""

from __future__ import annotations

import datetime
import re
from typing import Any

__all__ = ["loads"]

# Blank lines and comment lines (TOML refuses control characters in comments).
_LINES = re.compile(
    r"(?:[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?\n)*(?:[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?\Z)?"
)
_KEY = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
# Spaces, an optional comment, then the end of the line (or of the text).
_LINE_END = re.compile(r"[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\n|\Z)")
# Inside an array: spaces, line breaks and comments.
_ARRAY_SPACE = re.compile(r"(?:[ \t\n]|#[^\x00-\x08\x0a-\x1f\x7f]*)*")
_SCALAR = re.compile(
    r"""
    "([^"\\\x00-\x08\x0a-\x1f\x7f]*)"(?!")          # 1: basic string without escapes
    | '([^'\x00-\x08\x0a-\x1f\x7f]*)'(?!')           # 2: literal string
    | ([0-9]{2}):([0-9]{2}):([0-9]{2})(?![.0-9])    # 3-5: local time (before numbers)
    | ([0-9]{4})-([0-9]{2})-([0-9]{2})              # 6-8: local date
    | ([+-]?(?:0|[1-9][0-9]*))(?![0-9.eE])          # 9: integer
    | ([+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)  # 10: float
    | (true|false)                                  # 11: boolean
    | ([+-]?(?:inf|nan))                            # 12: special float
    """,
    re.VERBOSE,
)


# Whole arrays of one kind, checked by one expression and then cut by ``findall``:
# literal strings, basic strings without escapes, and numbers (no comments inside).
_SPACE = r"[ \t\n]*"
_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_BASIC = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
_NUMBER = r"[+-]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|inf|nan)(?![0-9A-Za-z_.:+-])"


def _whole_array(item: str) -> re.Pattern[str]:
    body = rf"(?:{item}{_SPACE},{_SPACE})*(?:{item}{_SPACE},?{_SPACE})?"
    return re.compile(rf"\[{_SPACE}{body}\]")


_LITERAL_ARRAY = _whole_array(_LITERAL)
_BASIC_ARRAY = _whole_array(_BASIC)
_NUMBER_ARRAY = _whole_array(_NUMBER)
_LITERAL_ITEMS = re.compile(r"'([^']*)'")
_BASIC_ITEMS = re.compile(r'"([^"]*)"')
# Integers among the numbers (the rest are floats), and what only floats have.
_INTEGER = re.compile(r"[ \t\n]*[+-]?[0-9]+[ \t\n]*")
_NOT_INTEGER = re.compile(r"[.eEin]")


def loads(text: str) -> dict[str, Any] | None:
    """The TOML document ``text`` as ``tomllib.loads`` reads it, or ``None`` when ``text``
    uses more of TOML than hand histories do (or is not valid TOML)."""
    plain = _plain_lines(text)
    if plain is not None:
        return plain
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\r" in text:
            return None
    data: dict[str, Any] = {}
    position, end = 0, len(text)
    while True:
        position = _LINES.match(text, position).end()  # type: ignore[union-attr]  # matches ""
        if position >= end:
            return data
        key = _KEY.match(text, position)
        if key is None:
            return None
        name = key.group(1)
        if name in data:
            return None
        position = key.end()
        if text.startswith("[", position):
            value, position = _fast_array(text, position)
        else:
            value, position = _scalar(text, position)
        if position < 0:
            return None
        line_end = _LINE_END.match(text, position)
        if line_end is None:
            return None
        data[name] = value
        position = line_end.end()


def _fast_array(text: str, position: int) -> tuple[list[Any], int]:
    """The array starting at ``position`` (its ``[``): whole when it holds one kind of
    item, else item by item."""
    following = text[position + 1 : position + 80].lstrip(" \t\n")[:1]
    if following == "'":
        whole, items = _LITERAL_ARRAY.match(text, position), _LITERAL_ITEMS
    elif following == '"':
        whole, items = _BASIC_ARRAY.match(text, position), _BASIC_ITEMS
    else:
        whole, items = _NUMBER_ARRAY.match(text, position), None
    if whole is None:
        return _array(text, position + 1)
    inside = whole.group()[1:-1]
    if items is not None:
        return items.findall(inside), whole.end()
    tokens = inside.split(",")
    if not tokens[-1].strip():
        tokens.pop()  # a trailing comma, or an empty array
    if _NOT_INTEGER.search(inside) is None:
        return list(map(int, tokens)), whole.end()  # int() ignores the spaces around
    return [int(token) if _INTEGER.fullmatch(token) else float(token) for token in tokens], (
        whole.end()
    )


def _array(text: str, position: int) -> tuple[list[Any], int]:
    """The array whose ``[`` is just before ``position``; ``-1`` as position when it is
    not in the subset."""
    items: list[Any] = []
    while True:
        position = _ARRAY_SPACE.match(text, position).end()  # type: ignore[union-attr]
        if text.startswith("]", position):
            return items, position + 1
        value, position = _scalar(text, position)
        if position < 0:
            return items, -1
        items.append(value)
        position = _ARRAY_SPACE.match(text, position).end()  # type: ignore[union-attr]
        if text.startswith(",", position):
            position += 1
        elif text.startswith("]", position):
            return items, position + 1
        else:
            return items, -1


def _scalar(text: str, position: int) -> tuple[Any, int]:
    """One scalar value at ``position`` and where it ends (``-1``: not in the subset)."""
    match = _SCALAR.match(text, position)
    if match is None:
        return None, -1
    index = match.lastindex or 0  # every alternative has a group: never 0
    groups = match.groups()
    value: Any
    if index == 1 or index == 2:
        value = groups[index - 1]
    elif index == 9:
        value = int(groups[8])
    elif index == 10 or index == 12:
        value = float(groups[index - 1])
    elif index == 11:
        value = groups[10] == "true"
    else:
        first, second, third = (int(part) for part in groups[index - 3 : index])
        try:
            if index == 5:
                value = datetime.time(first, second, third)
            else:
                value = datetime.date(first, second, third)
        except ValueError:  # 25:00:00 or 2009-02-30: tomllib says why
            return None, -1
    return value, match.end()


# --- the plainest layout, line by line: what the public dataset writes ----------------
#
# ``key = value`` with one space either side, one value a line (arrays on one line), no
# comments, no blank space at the ends of lines. Each line is cut by ``partition`` and
# read by its first character, without the expressions above; anything else (a comment,
# a multi-line array, an escape, a value of another shape) gives ``None`` and the text
# goes through :func:`loads`'s general path.

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")
_PLAIN_INTEGER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)")
_PLAIN_FLOAT = re.compile(
    r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|[+-]?(?:inf|nan)"
)
_PLAIN_TIME = re.compile(r"([0-9]{2}):([0-9]{2}):([0-9]{2})")
_PLAIN_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
# Control characters but tab and line feed: TOML refuses them in strings and comments,
# and anywhere else they are not TOML at all. Looked for once in the whole text.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_NOT_READ = object()


def _plain_lines(text: str) -> dict[str, Any] | None:
    if "#" in text or "\\" in text or "\t" in text or _CONTROL.search(text):
        return None
    data: dict[str, Any] = {}
    for line in text.split("\n"):
        if not line:
            continue
        key, equals, value = line.partition(" = ")
        if not equals or key in data or not _PLAIN_KEY.fullmatch(key):
            return None
        if value[:1] == "[":
            if value[-1:] != "]":
                return None
            read = _plain_array(value[1:-1])
        else:
            read = _plain_scalar(value)
        if read is _NOT_READ:
            return None
        data[key] = read
    return data


def _plain_scalar(value: str) -> Any:
    first = value[:1]
    if first == "'" or first == '"':
        inside = value[1:-1]
        if len(value) < 2 or value[-1] != first or first in inside:
            return _NOT_READ
        return inside
    if _PLAIN_INTEGER.fullmatch(value):
        return int(value)
    if _PLAIN_FLOAT.fullmatch(value):
        return float(value)
    if value == "true" or value == "false":
        return value == "true"
    time, date = _PLAIN_TIME.fullmatch(value), _PLAIN_DATE.fullmatch(value)
    try:
        if time is not None:
            hour, minute, second = map(int, time.groups())
            return datetime.time(hour, minute, second)
        if date is not None:
            return datetime.date(*map(int, date.groups()))
    except ValueError:  # 25:00:00 or 2009-02-30: tomllib says why
        pass
    return _NOT_READ


def _plain_array(inside: str) -> Any:
    """The items of a one-line array written ``[a, b, c]`` (``inside``: between the brackets)."""
    if not inside:
        return []
    items: list[Any] = []
    for item in inside.split(", "):
        first = item[:1]
        if first == "'" or first == '"':
            # One whole string (one holding ", " was cut in two: the general path reads it).
            if len(item) < 2 or item[-1] != first or first in item[1:-1]:
                return _NOT_READ
            items.append(item[1:-1])
            continue
        if _PLAIN_INTEGER.fullmatch(item):
            items.append(int(item))
            continue
        value = _plain_scalar(item)
        if value is _NOT_READ:
            return _NOT_READ
        items.append(value)
    return items
