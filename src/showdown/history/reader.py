"""Streaming hand histories: ``.phh`` files, multi-hand ``.phhs`` files, directories, globs.

Hands are read one file at a time and handed out one at a time, so memory stays
flat in the number of hands. Each hand goes through the simulator's own PHH
reader (:func:`showdown.simulator.phh.read_phh`); a ``.phhs`` file is only cut
into its ``[1]``, ``[2]``... tables first.

Two conventions of the public PHH dataset are read here, before the PHH reader
sees the hand, because that reader (rightly, for a hand it must replay) refuses
them:

- ``starting_stacks = [inf, ...]``: the site did not log stacks. The hand is read
  with a stand-in stack larger than every amount it mentions and flagged
  (:attr:`showdown.simulator.phh.HandHistory.extra` ``["stacks_unknown"]``):
  nobody in it can be all-in, so it never gets an all-in adjustment.
- a negative blind: a dead blind (posted, but not part of the player's bet). It
  is read as an ante of the same size for that player: dead money in the pot.

A hand that cannot be read is reported (file, hand number, reason) by a
:class:`BadHandWarning` and in the :class:`ReadReport`, then skipped; with
``strict=True`` it raises :class:`BadHandError` instead.

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> hand = 'variant = "NT"\\nstarting_stacks = [100, 100]\\nblinds_or_straddles = [1, 2]\\n'
>>> hand += 'min_bet = 2\\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n'
>>> _ = (folder / "two.phhs").write_text(f"[1]\\n{hand}\\n[2]\\n{hand}")
>>> report = ReadReport()
>>> [history.source.endswith("two.phhs [2]") for history in hands(folder, report=report)]
[False, True]
>>> report.hands, report.skipped
(2, 0)
"""

from __future__ import annotations

import glob
import math
import os
import re
import sys
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from showdown.simulator.phh import HandHistory, read_phh

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 needs the tomli backport
    import tomli as tomllib

__all__ = [
    "BadHand",
    "BadHandError",
    "BadHandWarning",
    "PathsLike",
    "ReadReport",
    "expand_paths",
    "hands",
]

PathsLike = Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]

#: File endings read as hand histories (a directory is searched for these).
SUFFIXES = (".phh", ".phhs")

# A hand's table header in a .phhs file: "[12]" alone on its line.
_HEADER = re.compile(r"^\[(\d+)\][ \t]*\r?$", re.MULTILINE)
# The array lines the dataset conventions touch (always one line in the dataset).
_STACKS = re.compile(r"^starting_stacks[ \t]*=.*$", re.MULTILINE)
_BLINDS = re.compile(r"^blinds_or_straddles[ \t]*=.*$", re.MULTILINE)
_ANTES = re.compile(r"^antes[ \t]*=.*$", re.MULTILINE)
_GLOB_CHARACTERS = frozenset("*?[")


class BadHandError(ValueError):
    """A hand that cannot be read or replayed (raised with ``strict=True``)."""


class BadHandWarning(UserWarning):
    """A hand that was skipped because it cannot be read or replayed."""


@dataclass(frozen=True)
class BadHand:
    """One skipped hand: where it is and why it was skipped.

    Attributes
    ----------
    file
        The file it is in.
    hand
        Its number in a ``.phhs`` file (``None`` for a ``.phh`` file).
    reason
        The reader's message (it names the field or the action).
    """

    file: str
    hand: int | None
    reason: str

    def __str__(self) -> str:
        where = self.file if self.hand is None else f"{self.file} [{self.hand}]"
        return f"{where}: {self.reason}"


@dataclass
class ReadReport:
    """What a read went through: hands given out, hands skipped and why, files read.

    Pass one to :func:`hands` (or :func:`~showdown.history.analyze`) to collect them.
    """

    files: int = 0
    hands: int = 0
    bad: list[BadHand] = field(default_factory=list)
    #: Hands read with the dataset conventions (unknown stacks, dead blinds), by kind.
    conventions: dict[str, int] = field(default_factory=dict)

    @property
    def skipped(self) -> int:
        """Hands skipped (len of :attr:`bad`)."""
        return len(self.bad)

    def skip(self, bad: BadHand, *, strict: bool) -> None:
        """Record ``bad``: raise it with ``strict``, else warn and keep it."""
        if strict:
            raise BadHandError(str(bad))
        self.bad.append(bad)
        warnings.warn(str(bad), BadHandWarning, stacklevel=4)


def expand_paths(paths: PathsLike) -> list[Path]:
    """The hand-history files named by ``paths``, in a stable order.

    Each item is a file, a directory (searched recursively for ``.phh`` and
    ``.phhs`` files, sorted) or a glob pattern (``*``, ``?``, ``[``; ``**``
    crosses directories).

    Raises
    ------
    ValueError
        For a path that does not exist, a pattern that matches nothing or an
        empty directory; the message names it.
    """
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    if not items:
        raise ValueError("no hand-history paths given")
    files: list[Path] = []
    for item in items:
        if not isinstance(item, (str, os.PathLike)):
            raise ValueError(f"hand-history path: expected a path, got {type(item).__name__}")
        name = os.fspath(item)
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            if not found:
                raise ValueError(f"{name}: no .phh or .phhs files in this directory")
            files += found
        elif path.is_file():
            files.append(path)
        elif _GLOB_CHARACTERS & set(name):
            matched = sorted(Path(p) for p in glob.glob(name, recursive=True))
            found = [p for p in matched if p.is_file()]
            for directory in (p for p in matched if p.is_dir()):
                found += sorted(p for p in directory.rglob("*") if p.suffix in SUFFIXES)
            if not found:
                raise ValueError(f"{name}: the pattern matches no file")
            files += found
        else:
            raise ValueError(f"{name}: no such file or directory")
    return files


def hands(
    paths: PathsLike, *, strict: bool = False, report: ReadReport | None = None
) -> Iterator[HandHistory]:
    """Iterate the hands of ``.phh`` and ``.phhs`` files, directories and globs.

    Parameters
    ----------
    paths
        One path or pattern, or several (see :func:`expand_paths`).
    strict
        Raise :class:`BadHandError` at the first hand that cannot be read,
        instead of warning and skipping it.
    report
        A :class:`ReadReport` to fill (hands given out, hands skipped and why).

    Yields
    ------
    HandHistory
        One hand at a time. ``source`` is the file, followed by `` [k]`` for
        hand ``k`` of a ``.phhs`` file.

    Raises
    ------
    ValueError
        When a path does not exist (before any hand is read).
    BadHandError
        With ``strict=True``, for a hand that cannot be read.
    """
    files = expand_paths(paths)
    report = report if report is not None else ReadReport()
    for path in files:
        yield from _file_hands(path, strict, report)


def _file_hands(path: Path, strict: bool, report: ReadReport) -> Iterator[HandHistory]:
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        report.skip(BadHand(name, None, f"cannot read the file: {reason}"), strict=strict)
        return
    report.files += 1
    if path.suffix != ".phhs":
        history = _one_hand(text, name, None, strict, report)
        if history is not None:
            yield history
        return
    headers = list(_HEADER.finditer(text))
    if not headers:
        if text.strip():
            reason = "no [1], [2]... hand tables in this .phhs file"
            report.skip(BadHand(name, None, reason), strict=strict)
        return
    if text[: headers[0].start()].strip():
        reason = "text before the first [k] hand table"
        report.skip(BadHand(name, None, reason), strict=strict)
    for index, header in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        number = int(header.group(1))
        history = _one_hand(text[header.end() : end], name, number, strict, report)
        if history is not None:
            yield history


def _one_hand(
    text: str, name: str, number: int | None, strict: bool, report: ReadReport
) -> HandHistory | None:
    source = name if number is None else f"{name} [{number}]"
    try:
        text, conventions = _dataset_conventions(text)
        history = read_phh(text)
    except ValueError as error:
        message = str(error)
        for prefix in ("PHH text: ", f"{name}: "):
            message = message.removeprefix(prefix)
        report.skip(BadHand(name, number, message), strict=strict)
        return None
    history.source = source
    for convention in conventions:
        history.extra[convention] = True
        report.conventions[convention] = report.conventions.get(convention, 0) + 1
    report.hands += 1
    return history


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


def _dataset_conventions(text: str) -> tuple[str, list[str]]:
    """``text`` with unknown stacks and dead blinds rewritten (module docstring), and
    the names of the conventions met."""
    conventions: list[str] = []
    stacks_line = _STACKS.search(text)
    if stacks_line is not None and "inf" in stacks_line.group(0):
        stacks = _array(stacks_line.group(0))
        finite = [v for v in stacks if isinstance(v, (int, float)) and math.isfinite(v)]
        # Bigger than any amount the hand mentions, so no one is all-in.
        amounts = [float(a) for a in re.findall(r"cbr ([0-9.]+)", text)]
        stand_in = 10 ** (len(str(int(max([*amounts, *finite, 1.0])))) + 2)
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


def _add(ante: object, dead: float) -> float:
    if isinstance(ante, bool) or not isinstance(ante, (int, float)):
        raise ValueError(f"field 'antes': {ante!r} is not a number")
    # Through the decimal text, so 0.1 + 0.25 stays 0.35 for the reader's scaling.
    return float(f"{ante + dead:.12g}")


def _replace(text: str, match: re.Match[str] | None, line: str) -> str:
    assert match is not None
    return text[: match.start()] + line + text[match.end() :]
