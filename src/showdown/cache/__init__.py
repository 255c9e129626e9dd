"""Where compiled kernels are cached, keyed by a digest of the package's sources.

numba checks only a kernel's own source file before loading it from its
cache, but kernels inline helpers and constants from other files (the rules
core, the compiled layout, the evaluator's lookup helpers): editing one of
those once left every kernel that inlines it running the old code, silently.
So every kernel is cached under ``<base>/<digest>``:

- ``digest`` (:func:`source_digest`) covers every ``.py`` file of the package
  and the Python, numpy, numba and llvmlite versions and the CPU name, so any
  edit or upgrade gives a new folder and everything compiles once again;
- ``base`` (:func:`cache_base`) is ``NUMBA_CACHE_DIR`` when set, else
  ``numba/`` in showdown's user cache folder;
- when a new digest folder is made, older ones are pruned, keeping the
  :data:`KEEP_DIGESTS` most recently used (each process marks its folder as
  used when it starts, so another checkout or virtualenv sharing the base
  keeps its folder as long as it is among those).

``python -m showdown.cache info`` shows the base, the current digest and the
folders' sizes; ``python -m showdown.cache clear`` deletes them all
(``--stale``: all but the current one). numba's own switch
``NUMBA_CACHE_LOCATOR_CLASSES``, when set, overrides all of this.

Examples
--------
>>> from showdown import cache
>>> cache.source_digest() == cache.source_digest()
True
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import llvmlite
import llvmlite.binding
import numba
import numpy as np

from .._data_files import cache_directory

__all__ = [
    "KEEP_DIGESTS",
    "CacheInfo",
    "DigestFolder",
    "cache_base",
    "cache_info",
    "clear_cache",
    "kernel_cache_folder",
    "prune_digest_folders",
    "source_digest",
]

#: The package's source folder: every ``.py`` file under it is in the digest.
PACKAGE_ROOT = Path(__file__).resolve().parent.parent
#: Digest folders kept under the cache base (the current one included), newest first.
KEEP_DIGESTS = 3
#: Length of a digest folder's name (hex digits of SHA-256).
DIGEST_LENGTH = 16
_DIGEST_NAME = re.compile(f"[0-9a-f]{{{DIGEST_LENGTH}}}")


def cache_base() -> Path:
    """The folder holding one compiled-kernel folder per source digest.

    ``NUMBA_CACHE_DIR`` when set (numba's own setting, so one variable moves
    every numba cache), else ``numba/`` in showdown's user cache folder
    (``SHOWDOWN_CACHE_DIR``, else ``$XDG_CACHE_HOME/showdown``, else
    ``~/.cache/showdown``: chosen by :func:`showdown._data_files.cache_directory`).
    """
    configured = numba.config.CACHE_DIR  # type: ignore[attr-defined]
    if configured:
        return Path(configured).expanduser()
    return cache_directory() / "numba"


def is_digest_folder(path: Path) -> bool:
    """Whether ``path`` is a folder named like a source digest (what pruning may delete).

    Examples
    --------
    >>> from pathlib import Path
    >>> is_digest_folder(Path("/nonexistent/0123456789abcdef"))
    False
    """
    return _DIGEST_NAME.fullmatch(path.name) is not None and path.is_dir()


def _environment() -> bytes:
    """What, besides the sources, decides the compiled code: versions and CPU."""
    config = numba.config
    cpu = config.CPU_NAME or llvmlite.binding.get_host_cpu_name()  # type: ignore[attr-defined]
    parts = (
        sys.implementation.cache_tag,
        sys.version,
        np.__version__,
        numba.__version__,
        llvmlite.__version__,
        cpu,
        config.CPU_FEATURES or "",  # type: ignore[attr-defined]
    )
    return "\0".join(str(part) for part in parts).encode()


def _source_files(root: Path) -> list[tuple[str, str]]:
    """(name under ``root``, path) of every ``.py`` file there, in a fixed order.

    Plain strings, not ``Path`` objects: this runs at every start (a third of the time).
    """
    top = str(root)
    found: list[tuple[str, str]] = []
    for folder, subfolders, names in os.walk(top):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        relative = os.path.relpath(folder, top).replace(os.sep, "/")
        prefix = "" if relative == "." else relative + "/"
        found.extend(
            (prefix + name, os.path.join(folder, name))
            for name in sorted(names)
            if name.endswith(".py")
        )
    return found


def _stamp(files: list[tuple[str, str]]) -> str:
    """A cheap fingerprint of the files' metadata: any write changes a file's ctime."""
    digest = hashlib.sha256(_environment())
    for name, path in files:
        info = os.stat(path)
        digest.update(
            f"{name}\0{info.st_size}\0{info.st_mtime_ns}\0{info.st_ctime_ns}\0{info.st_ino}\n".encode()
        )
    return digest.hexdigest()


def _content_digest(files: list[tuple[str, str]]) -> str:
    digest = hashlib.sha256(_environment())
    for name, path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        encoded = name.encode()
        # Lengths first, so that no two different file sets can hash the same bytes.
        digest.update(
            len(encoded).to_bytes(8, "little") + encoded + len(data).to_bytes(8, "little")
        )
        digest.update(data)
    return digest.hexdigest()[:DIGEST_LENGTH]


def _memo_file(base: Path, root: Path) -> Path:
    """Where the digest of the sources at ``root`` is remembered with their stamp."""
    return base / f"sources-{hashlib.sha256(str(root).encode()).hexdigest()[:12]}.json"


def source_digest(root: Path = PACKAGE_ROOT, base: Path | None = None) -> str:
    """Digest of the package's sources and of the compiler, CPU and Python that run them.

    Hashing every source costs a few milliseconds, so the digest is kept in
    ``base`` with a stamp of the files' sizes, times and inodes; while the
    stamp matches (about a millisecond to check) the files are not read.
    Any write to a file changes its ctime, which no tool can set back.

    Examples
    --------
    >>> digest = source_digest()
    >>> len(digest), digest == source_digest()
    (16, True)
    """
    files = _source_files(root)
    stamp = _stamp(files)
    memo = _memo_file(base, root) if base is not None else None
    if memo is not None:
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            remembered = json.loads(memo.read_text())
            if remembered["stamp"] == stamp and _DIGEST_NAME.fullmatch(remembered["digest"]):
                return str(remembered["digest"])
    digest = _content_digest(files)
    if memo is not None:
        with contextlib.suppress(OSError):  # a read-only base: hash again next time
            _write_atomically(memo, json.dumps({"stamp": stamp, "digest": digest}))
    return digest


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so readers never see half of it."""
    # Not a context manager: the file must outlive the block, to be renamed.
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115
        "w", dir=path.parent, prefix=f".{path.name}.", delete=False
    )
    try:
        with handle:
            handle.write(text)
        os.replace(handle.name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def prune_digest_folders(
    base: Path, keep: int = KEEP_DIGESTS, current: Path | None = None
) -> list[Path]:
    """Delete all but the ``keep`` most recently used digest folders of ``base``; the deleted.

    ``current`` is never deleted. Only folders named like a digest are
    touched, so other caches sharing ``NUMBA_CACHE_DIR`` are left alone.
    A process still running from a deleted folder is unharmed: it has its
    kernels loaded, and one it has not loaded yet is compiled again.
    """
    deleted = []
    for folder in _digest_folders(base)[max(keep, 0) :]:
        if current is not None and folder == current:
            continue
        shutil.rmtree(folder, ignore_errors=True)
        deleted.append(folder)
    return deleted


def _last_used(folder: Path) -> float:
    try:
        return folder.stat().st_mtime
    except OSError:  # deleted meanwhile by another process
        return 0.0


@functools.cache
def kernel_cache_folder() -> Path:
    """This process's compiled-kernel folder, ``<base>/<digest>``, created on first use.

    Decided once per process. The folder's time is set to now, so pruning
    (done when a new digest folder is made) sees it as recently used.
    Raises ``OSError`` when the base cannot be written.
    """
    base = cache_base()
    base.mkdir(parents=True, exist_ok=True)
    folder = base / source_digest(PACKAGE_ROOT, base)
    made = not folder.is_dir()
    folder.mkdir(exist_ok=True)
    os.utime(folder)
    if made:
        prune_digest_folders(base, current=folder)
    return folder


# ----------------------------------------------------------------------------- info and clear
@dataclass(frozen=True)
class DigestFolder:
    """One folder of compiled kernels: where, how big, when last used."""

    path: Path
    #: Total size of its files, in bytes.
    size: int
    #: Number of files (numba writes an index and a data file per kernel and signature).
    files: int
    #: When a process last started with this digest (seconds since the epoch).
    last_used: float


@dataclass(frozen=True)
class CacheInfo:
    """What :func:`cache_info` finds: the base, this package's digest and the folders."""

    base: Path
    #: True when the base comes from ``NUMBA_CACHE_DIR`` (numba's setting).
    from_numba_setting: bool
    digest: str
    #: The current digest's folder, or None before any kernel was compiled with it.
    current: DigestFolder | None
    #: The other digests' folders (stale: older sources or other installs), newest first.
    others: tuple[DigestFolder, ...]


def _describe_folder(path: Path) -> DigestFolder:
    size = files = 0
    for folder, _, names in os.walk(path):
        for name in names:
            with contextlib.suppress(OSError):  # deleted meanwhile
                size += os.stat(os.path.join(folder, name)).st_size
                files += 1
    return DigestFolder(path, size, files, _last_used(path))


def _digest_folders(base: Path) -> list[Path]:
    if not base.is_dir():
        return []
    folders = [path for path in base.iterdir() if is_digest_folder(path)]
    return sorted(folders, key=_last_used, reverse=True)


def cache_info() -> CacheInfo:
    """Describe the compiled-kernel cache without changing it.

    Examples
    --------
    >>> info = cache_info()
    >>> info.digest == source_digest()
    True
    """
    base = cache_base()
    digest = source_digest(PACKAGE_ROOT, base if base.is_dir() else None)
    current = None
    others = []
    for folder in _digest_folders(base):
        if folder.name == digest:
            current = _describe_folder(folder)
        else:
            others.append(_describe_folder(folder))
    return CacheInfo(
        base=base,
        from_numba_setting=bool(numba.config.CACHE_DIR),  # type: ignore[attr-defined]
        digest=digest,
        current=current,
        others=tuple(others),
    )


def clear_cache(stale_only: bool = False) -> list[Path]:
    """Delete the compiled kernels of every digest (or, ``stale_only``, of all but this one).

    Returns the deleted folders. Nothing outside the digest folders and the
    remembered digests is touched. A later kernel call compiles again.
    """
    if not isinstance(stale_only, bool):
        raise ValueError(f"stale_only: expected True or False, got {stale_only!r}")
    base = cache_base()
    keep = source_digest(PACKAGE_ROOT, base if base.is_dir() else None) if stale_only else None
    deleted = []
    for folder in _digest_folders(base):
        if folder.name != keep:
            shutil.rmtree(folder, ignore_errors=True)
            deleted.append(folder)
    if not stale_only:
        for memo in base.glob("sources-*.json") if base.is_dir() else ():
            with contextlib.suppress(OSError):
                memo.unlink()
    return deleted
