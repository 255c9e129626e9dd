"""Streaming hand histories: ``.phh`` files, multi-hand ``.phhs`` files, directories, globs.

Hands are read one file at a time and handed out one at a time, so memory stays
flat in the number of hands. A ``.phhs`` file is cut into its ``[1]``, ``[2]``...
tables, and each hand is read by :func:`showdown.history.parse.parse_hand` (a
fast path for the TOML hand histories use, the simulator's own reader
:func:`showdown.simulator.phh.read_phh` for the rest; it also reads two
conventions of the public PHH dataset: unknown stacks and dead blinds).

A hand that cannot be read is reported (file, hand number, reason) by a
:class:`BadHandWarning` and in the :class:`ReadReport`, then skipped; with
``strict=True`` it raises :class:`BadHandError` instead.

The paths, the file kinds and the bad-hand types are defined in
:mod:`showdown.history.base` (below the reader, the hand store and the analysis)
and exported here as well.

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

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from showdown.simulator.phh import HandHistory

from . import base
from ._store_reading import store_histories
from .base import *  # noqa: F403 - base's names are exported here as well (``__all__``)
from .base import OHH_SUFFIXES, BadHand, PathsLike, ReadReport, expand_paths, is_store
from .parse import parse_hand

__all__ = ["hands", *base.__all__]

# A hand's table header in a .phhs file: "[12]" alone on its line.
_HEADER = re.compile(r"^\[(\d+)\][ \t]*\r?$", re.MULTILINE)


def hands(
    paths: PathsLike, *, strict: bool = False, report: ReadReport | None = None
) -> Iterator[HandHistory]:
    """Iterate the hands of ``.phh`` and ``.phhs`` files, directories and globs.

    PokerStars text files (``.txt``, or any file whose first line is a PokerStars
    hand header) and Open Hand History files (``.ohh``, ``.json``) are read into
    the same model; their bad hands are reported with the site's hand number
    (PokerStars) or the hand's place in the file (OHH).

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
    if is_store(path):
        yield from store_histories(path, report)
        return
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        report.skip(BadHand(name, None, f"cannot read the file: {reason}"), strict=strict)
        return
    report.files += 1
    foreign = _foreign_hands(path, text, strict, report)
    if foreign is not None:
        yield from foreign
        return
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


def _foreign_hands(
    path: Path, text: str, strict: bool, report: ReadReport
) -> Iterator[HandHistory] | None:
    """The hands of a PokerStars text or an Open Hand History file, ``None`` for PHH.

    A ``.txt`` file (or any file starting with a PokerStars hand header) is read
    by :mod:`showdown.history.pokerstars`; a ``.ohh`` or ``.json`` file by
    :mod:`showdown.history.ohh`. Bad hands are reported with their hand number.
    """
    from .pokerstars import looks_like_pokerstars, pokerstars_hands

    if path.suffix in OHH_SUFFIXES:
        from .ohh import ohh_hands

        return _reported(ohh_hands(text, str(path)), str(path), strict, report)
    if path.suffix == ".txt" or looks_like_pokerstars(text):
        return _reported(pokerstars_hands(text, str(path)), str(path), strict, report)
    return None


def _reported(
    found: Iterable[tuple[int | None, HandHistory | ValueError]],
    name: str,
    strict: bool,
    report: ReadReport,
) -> Iterator[HandHistory]:
    for number, history in found:
        if isinstance(history, ValueError):
            report.skip(BadHand(name, number, str(history)), strict=strict)
            continue
        history.source = name if number is None else f"{name} [{number}]"
        report.hands += 1
        yield history


def _one_hand(
    text: str, name: str, number: int | None, strict: bool, report: ReadReport
) -> HandHistory | None:
    source = name if number is None else f"{name} [{number}]"
    try:
        history, conventions = parse_hand(text, source)
    except ValueError as error:
        message = str(error)
        for prefix in ("PHH text: ", f"{source}: ", f"{name}: "):
            message = message.removeprefix(prefix)
        report.skip(BadHand(name, number, message), strict=strict)
        return None
    history.source = source
    for convention in conventions:
        history.extra[convention] = True
        report.conventions[convention] = report.conventions.get(convention, 0) + 1
    report.hands += 1
    return history
