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
from typing import Union

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
