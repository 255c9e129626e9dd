"""What every part of the hand-history reading shares: paths, file kinds, bad hands.

The lowest module of :mod:`showdown.history`: it imports none of the others, so the
reader (:mod:`~showdown.history.reader`), the hand store
(:mod:`~showdown.history.store`) and :func:`~showdown.history.analyze` all build
on it without importing each other in a circle. Its public names are exported by
:mod:`showdown.history` (and, as before, by :mod:`showdown.history.reader`).

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "b.phh").write_text("")
>>> _ = (folder / "a.phhs").write_text("")
>>> [path.name for path in expand_paths(folder)]
['a.phhs', 'b.phh']
>>> print(BadHand("x.phhs", 2, "field 'players': expected a list"))
x.phhs [2]: field 'players': expected a list
"""

from __future__ import annotations

import glob
import os
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from showdown.errors import InputError

__all__ = [
    "OHH_SUFFIXES",
    "STORE_MANIFEST",
    "SUFFIXES",
    "BadHand",
    "BadHandError",
    "BadHandWarning",
    "PathsLike",
    "ReadReport",
    "expand_paths",
    "is_store",
]

PathsLike = Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]

#: File endings a directory is searched for: PHH and Open Hand History (``.ohh``).
#: PokerStars ``.txt`` and OHH ``.json`` files are read when named (or globbed).
SUFFIXES = (".phh", ".phhs", ".ohh")
#: File endings read as Open Hand History JSON.
OHH_SUFFIXES = (".ohh", ".json")

#: The file that makes a directory a hand store (:mod:`showdown.history.store`).
STORE_MANIFEST = "showdown-store.json"


def is_store(path: Path) -> bool:
    """Whether ``path`` is a hand store (a directory holding :data:`STORE_MANIFEST`)."""
    return (path / STORE_MANIFEST).is_file()


_GLOB_CHARACTERS = frozenset("*?[")


class BadHandError(InputError):
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


#: Skipped hands a file's warning names (:func:`skipped_message`); ``Analysis.bad`` has all.
NAMED_SKIPPED = 3


def skipped_message(file: str, count: int, first: list[BadHand]) -> str:
    """The one warning of a file's ``count`` skipped hands, ``first`` the first few: a
    lone hand's own message, else the count and the first :data:`NAMED_SKIPPED`.

    A warning per hand would flood the output of a dataset where many hands are
    skipped (a site that logs no showdown), and cost more than analysing them.
    """
    if count == 1:
        return str(first[0])
    named = "; ".join(
        bad.reason if bad.hand is None else f"[{bad.hand}] {bad.reason}"
        for bad in first[:NAMED_SKIPPED]
    )
    more = count - NAMED_SKIPPED
    named += f"; {more} more" if more > 0 else ""
    return f"{file}: {count} hands skipped ({named}; all in Analysis.bad)"


@dataclass
class SkippedHands:
    """One file's skipped hands kept as arrays, made :class:`BadHand` objects when listed.

    The fast path of :func:`~showdown.history.analyze` skips hands in bulk (thousands
    in a dataset whose site logs no cards at a showdown). An object per hand, alive to
    the end of the run, costs more than analysing the hand, and every such object
    brings the garbage collector's full passes sooner (they walk every object of the
    process, the caller's too); :meth:`listed` makes them when they are asked for.

    Attributes
    ----------
    file
        The file.
    places, numbers, codes
        Each hand skipped in bulk: its place in the file (0-based, in file order),
        its number, and its reason (an index into ``reasons``).
    reasons
        The distinct reasons.
    others
        ``(place, bad hand)`` of the file's other skipped hands, kept as objects.
    """

    file: str
    places: Any
    numbers: Any
    codes: Any
    reasons: tuple[str, ...]
    others: list[tuple[int, BadHand]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.places) + len(self.others)

    def listed(self, limit: int | None = None) -> list[BadHand]:
        """The skipped hands in file order (the first ``limit`` of them)."""
        wanted = len(self) if limit is None else min(limit, len(self))
        places, numbers = self.places[:wanted].tolist(), self.numbers[:wanted].tolist()
        codes = self.codes[:wanted].tolist()
        listed: list[BadHand] = []
        bulk, other = 0, 0
        while len(listed) < wanted:
            if other < len(self.others) and (
                bulk == len(places) or self.others[other][0] < places[bulk]
            ):
                listed.append(self.others[other][1])
                other += 1
            else:
                reason = self.reasons[codes[bulk]]
                listed.append(BadHand(self.file, int(numbers[bulk]), reason))
                bulk += 1
        return listed


def warn_skipped(bad: SkippedHands | list[BadHand]) -> None:
    """One :class:`BadHandWarning` per file for its skipped hands (:func:`skipped_message`),
    from :func:`~showdown.history.analyze` (that is, for its caller's line)."""
    if isinstance(bad, SkippedHands):
        files = {bad.file: (len(bad), bad.listed(NAMED_SKIPPED))}
    else:
        by_file: dict[str, list[BadHand]] = {}
        for one in bad:
            by_file.setdefault(one.file, []).append(one)
        files = {file: (len(listed), listed) for file, listed in by_file.items()}
    for file, (count, first) in files.items():
        # (warn, warn_skipped, _combine, analyze: the caller's line is four frames up)
        warnings.warn(skipped_message(file, count, first), BadHandWarning, stacklevel=4)


def listed_bad(skipped: list[SkippedHands | list[BadHand]]) -> list[BadHand]:
    """Every file's skipped hands as one list, in file order."""
    return [
        bad
        for part in skipped
        for bad in (part.listed() if isinstance(part, SkippedHands) else part)
    ]


def expand_paths(paths: PathsLike) -> list[Path]:
    """The hand-history files named by ``paths``, in a stable order.

    Each item is a file, a directory (searched recursively for ``.phh``,
    ``.phhs`` and ``.ohh`` files, sorted; PokerStars ``.txt`` and OHH ``.json``
    files are read when named or matched by a pattern), a hand store (a directory written by
    :func:`showdown.history.store.write_store`, taken whole) or a glob pattern
    (``*``, ``?``, ``[``; ``**`` crosses directories).

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
        if path.is_dir() and is_store(path):
            files.append(path)
        elif path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
            if not found:
                raise ValueError(f"{name}: no .phh, .phhs or .ohh files in this directory")
            files += found
        elif path.is_file():
            files.append(path)
        elif _GLOB_CHARACTERS & set(name):
            matched = sorted(Path(p) for p in glob.glob(name, recursive=True))
            found = [p for p in matched if p.is_file() or is_store(p)]
            for directory in (p for p in matched if p.is_dir() and not is_store(p)):
                found += sorted(p for p in directory.rglob("*") if p.suffix in SUFFIXES)
            if not found:
                raise ValueError(f"{name}: the pattern matches no file")
            files += found
        else:
            raise ValueError(f"{name}: no such file or directory")
    return files
