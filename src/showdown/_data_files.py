"""Files shipped as package data, and the SHA-256 each must have before it is used.

Every file under ``showdown/*/data/`` is recorded in :data:`DATA_SHA256` (the
one place these hashes live) and read only after its bytes hash to the
recorded value: a truncated, edited, re-encoded or reordered file is never
used as data. What happens next is up to the reader:

* the evaluator tables (``evaluator/data/tables-v2.npz``) warn and are
  rebuilt, because the kernels cannot run without them;
* the heads-up preflop table (``equity/data/preflop_headsup.npz``) warns and
  equity is computed instead of read (same answers, slower);
* the preflop order (``cards/data/preflop_order.csv``, behind
  ``Range.top``) raises :class:`DataFileError`: it cannot be rebuilt in
  place, and a wrong order would give a silently wrong range. So do the
  Omaha orders (``cards/data/preflop_order_omaha.csv``, behind ``15%`` and
  ``Range.top`` in Omaha and Omaha hi-lo, and ``preflop_order_omaha5.npz`` /
  ``preflop_order_omaha6.npz`` for the five- and six-card games).

After rebuilding a data file on purpose, record its new hash here; a test
checks that every shipped file is recorded and matches, and
``python -m showdown._data_files`` prints the current hashes.

Examples
--------
>>> sorted(DATA_SHA256)[0]
'cards/data/preflop_order.csv'
>>> sha256_fault(b"not the table", DATA_SHA256["cards/data/preflop_order.csv"])[:35]
'does not match its recorded hash (S'
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

__all__ = [
    "DATA_SHA256",
    "PACKAGE_ROOT",
    "DataFileError",
    "cache_directory",
    "data_path",
    "read_data_file",
    "sha256_fault",
]

#: The installed package folder; data file names are relative to it.
PACKAGE_ROOT = Path(__file__).resolve().parent

#: SHA-256 of the bytes of every shipped data file, by path inside the package.
DATA_SHA256: dict[str, str] = {
    "cards/data/preflop_order.csv": (
        "e212a94088d0cc8562b05d9058db74a7f1d2ff45eace5b1eea3a1e1bb9e41749"
    ),
    "cards/data/preflop_order_omaha.csv": (
        "50d99a4bb404f3b24bb0c64232f22a2309c035695042e6951f784da7499ad164"
    ),
    "cards/data/preflop_order_omaha5.npz": (
        "c7a7684d025c362ee27a13514a41dbf863006b6a86d5145ea93b84303c7b8e74"
    ),
    "cards/data/preflop_order_omaha6.npz": (
        "287d0c01cbd33239ff968d4ad709ce960acae3ff5cc1c19ada7ca69126e2e0d4"
    ),
    "equity/data/preflop_headsup.npz": (
        "aa501a1023b934f0a47f6d1624f8f2b331b2ac819f54fd19589d9a3b694b596d"
    ),
    "evaluator/data/tables-v2.npz": (
        "d8466e2c2848614bbb94391475757898b65b30a2f716c721f5ff41a8d397bcef"
    ),
}


class DataFileError(ValueError):
    """A file shipped with the package is missing, unreadable or not the file that was shipped."""


def cache_directory() -> Path:
    """showdown's user cache folder: what is rebuilt rather than shipped is kept here.

    ``SHOWDOWN_CACHE_DIR`` when set, else ``$XDG_CACHE_HOME/showdown``, else
    ``~/.cache/showdown``. A verified copy of rebuilt evaluator tables (used only
    if the package's is damaged) and the compiled kernels (``showdown.cache``) live
    under it.
    """
    configured = os.environ.get("SHOWDOWN_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "showdown"


def data_path(name: str) -> Path:
    """Where the shipped data file ``name`` (``"cards/data/preflop_order.csv"``) is installed."""
    return PACKAGE_ROOT / name


def sha256_fault(data: bytes, expected: str | None) -> str | None:
    """Why ``data`` is not the recorded file: None when its SHA-256 is ``expected``.

    ``expected`` is None for a file with no record (never trusted). The text
    completes a sentence that starts with the file's path.
    """
    digest = hashlib.sha256(data).hexdigest()
    if expected is None:
        return f"has no recorded hash (SHA-256 {digest}): record it in DATA_SHA256"
    if digest == expected:
        return None
    return (
        f"does not match its recorded hash (SHA-256 {digest[:16]}..., "
        f"recorded {expected[:16]}...; {len(data):,} bytes)"
    )


def read_data_file(name: str, path: Path | str | None = None) -> bytes:
    """The bytes of the shipped data file ``name``, verified against :data:`DATA_SHA256`.

    Parameters
    ----------
    name
        The file's path inside the package, a key of :data:`DATA_SHA256`.
    path
        Read this file instead of the installed one (a copy); it must have
        the same bytes.

    Raises
    ------
    DataFileError
        Naming the file, when it cannot be read or its SHA-256 differs.
    """
    if name not in DATA_SHA256:
        raise ValueError(
            f"data file: {name!r} is not a shipped data file; known: {sorted(DATA_SHA256)}"
        )
    location = data_path(name) if path is None else Path(path)
    try:
        data = location.read_bytes()
    except OSError as error:
        raise DataFileError(
            f"{location}: the shipped data file {name} cannot be read "
            f"({type(error).__name__}: {error.strerror or error}); reinstall showdown"
        ) from None
    fault = sha256_fault(data, DATA_SHA256[name])
    if fault is not None:
        raise DataFileError(
            f"{location}: the shipped data file {name} {fault}; it is damaged or was "
            "edited, so it is not used: reinstall showdown"
        )
    return data


def main() -> None:
    """Print the SHA-256 of every shipped data file, marking those off the record."""
    found = {
        path.relative_to(PACKAGE_ROOT).as_posix()
        for path in PACKAGE_ROOT.glob("*/data/*")
        if path.is_file()
    }
    for name in sorted(found | set(DATA_SHA256)):
        path = data_path(name)
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "missing"
        expected = DATA_SHA256.get(name)
        note = (
            "" if digest == expected else "  (not recorded)" if expected is None else "  (differs)"
        )
        print(f"{name}: {digest}{note}")


if __name__ == "__main__":
    main()
