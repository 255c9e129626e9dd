"""The hand store: hand histories parsed and analysed once, kept as Parquet tables.

:func:`write_store` reads hand histories (``.phh``, ``.phhs``, directories, globs,
other stores) and writes a directory of four Parquet tables (``pyarrow``) and a
manifest:

``hands.parquet``
    One row per hand read: ``row`` (its number in this table), ``hand`` (its
    number in the analysis, null when the analysis skipped it), ``source``,
    ``file``, ``number`` (in a ``.phhs`` file), ``variant``, ``players``,
    ``hand_id`` and ``fields`` (every other field of the history, as JSON, so the
    history comes back exactly).
``actions.parquet``
    One row per action: ``row`` (the hand's), ``index``, ``action`` (the text),
    ``actor`` (``d`` or ``p1``...), ``verb`` (``dh``, ``db``, ``cbr``...) and
    ``argument`` (cards or amount).
``seats.parquet``
    One row per player and hand: the per-hand frame of
    :func:`~showdown.history.analyze` (:data:`~showdown.history.analyze.HAND_COLUMNS`)
    but ``source`` and ``hand_id``, kept once per hand in ``hands.parquet``.
``skipped.parquet``
    The hands that could not be read or analysed: ``file``, ``hand``, ``reason``.
``showdown-store.json``
    The format and its version, and the counts of the analysis.

``analyze(store)`` reads ``seats.parquet`` and the counts instead of analysing
again (the same frames as from the text, many times faster); ``hands(store)``
gives the histories back. Stores of another version are refused: write them
again from the text.

Needs ``pyarrow`` (``pip install pyarrow``).

This module writes stores; reading them (:func:`read_store`,
:func:`read_store_players`, :func:`store_histories`, exported here too) lives in a
lower module that the reader and :func:`~showdown.history.analyze` use without
importing the writer, which itself runs the analysis.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from showdown.simulator.phh import HandHistory

from ._store_reading import (
    FORMAT,
    PER_HAND,
    VERSION,
    load_pyarrow,
    read_store,
    read_store_players,
    store_histories,
    tagged,
)
from .analyze import BLOCK_HANDS, NOT_ADJUSTED, add_block, each_hand
from .base import STORE_MANIFEST, PathsLike, ReadReport, expand_paths
from .columns import HAND_COLUMNS
from .replayed import COUNTER_NAMES

__all__ = [
    "FORMAT", "VERSION", "read_store", "read_store_players", "store_histories", "write_store",
]  # fmt: skip

#: Rows gathered before a batch is written: memory stays flat in the number of hands.
BATCH_ROWS = 65_536

_TABLES = ("hands", "actions", "seats", "skipped")


# --- the history's fields as JSON (TOML dates and times tagged: :func:`tagged`) ---------


def _fields_json(history: HandHistory) -> str:
    fields = {
        "variant": history.variant,
        "starting_stacks": list(history.starting_stacks),
        "antes": list(history.antes),
        "blinds_or_straddles": list(history.blinds_or_straddles),
        "min_bet": history.min_bet,
        "small_bet": history.small_bet,
        "big_bet": history.big_bet,
        "bring_in": history.bring_in,
        "ante_trimming_status": history.ante_trimming_status,
        "players": history.players,
        "finishing_stacks": (
            None if history.finishing_stacks is None else list(history.finishing_stacks)
        ),
        "extra": history.extra,
    }
    return json.dumps(fields, default=tagged, separators=(",", ":"))


# --- writing ---------------------------------------------------------------------------


class _Writer:
    """One Parquet table written batch by batch."""

    def __init__(self, path: Path, schema: Any) -> None:
        self.path = path
        self.schema = schema
        self.columns: dict[str, list[Any]] = {name: [] for name in schema.names}
        self.rows = 0
        self._file: Any = None

    def add(self, row: dict[str, Any]) -> None:
        for name, values in self.columns.items():
            values.append(row[name])
        self.rows += 1
        if len(next(iter(self.columns.values()))) >= BATCH_ROWS:
            self.flush()

    def extend(self, columns: dict[str, list[Any]]) -> None:
        for name, values in self.columns.items():
            values += columns[name]
        if len(next(iter(self.columns.values()))) >= BATCH_ROWS:
            self.flush()

    def flush(self) -> None:
        pyarrow = load_pyarrow()
        if self._file is None:
            self._file = pyarrow.parquet.ParquetWriter(self.path, self.schema)
        self._file.write_table(pyarrow.Table.from_pydict(self.columns, schema=self.schema))
        self.columns = {name: [] for name in self.schema.names}

    def close(self) -> None:
        self.flush()
        self._file.close()


def _schemas() -> dict[str, Any]:
    pa = load_pyarrow()
    text, whole, real = pa.string(), pa.int64(), pa.float64()
    kinds = {
        "hand": whole, "source": text, "hand_id": text, "variant": text, "player": text,
        "position": whole, "big_blind": real, "pot": real, "rake": real, "contributed": real,
        "collected": real, "net": real, "net_bb": real, "all_in": text, "all_in_street": text,
        "equity": real, "ev_net": real, "ev_net_bb": real, "exact": pa.bool_(),
        "result_from": text, **dict.fromkeys(COUNTER_NAMES, whole),
    }  # fmt: skip
    return {
        "hands": pa.schema(
            [
                ("row", whole),
                ("hand", whole),
                ("source", text),
                ("file", text),
                ("number", whole),
                ("variant", text),
                ("players", pa.list_(text)),
                ("hand_id", text),
                ("fields", text),
            ]
        ),
        "actions": pa.schema(
            [
                ("row", whole),
                ("index", pa.int32()),
                ("action", text),
                ("actor", text),
                ("verb", text),
                ("argument", text),
            ]
        ),
        "seats": pa.schema([(name, kinds[name]) for name in HAND_COLUMNS if name not in PER_HAND]),
        "skipped": pa.schema([("file", text), ("hand", whole), ("reason", text)]),
    }


def write_store(
    paths: PathsLike,
    out: str | os.PathLike[str],
    *,
    strict: bool = False,
    overwrite: bool = False,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, int]:
    """Read and analyse hand histories once and keep them as a hand store in ``out``.

    Parameters
    ----------
    paths
        What :func:`~showdown.history.analyze` reads (stores included).
    out
        The store's directory: it must not exist, or be empty, or (with
        ``overwrite``) be a hand store, which is replaced.
    strict
        Stop at the first hand that cannot be read or analysed.
    progress
        ``progress(files_done, files)`` after each file.

    Returns
    -------
    dict
        The analysis counts (as :attr:`Analysis.counts`), also kept in the manifest.

    Raises
    ------
    ValueError
        A path that does not exist, or an ``out`` that holds something else.
    ModuleNotFoundError
        Without pyarrow.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "hand.phh").write_text('variant = "NT"\\nstarting_stacks = [50, 50]\\n'
    ...     'blinds_or_straddles = [1, 2]\\nmin_bet = 2\\nactions = ["d dh p1 ????",'
    ...     ' "d dh p2 ????", "p2 f"]\\n')
    >>> write_store(folder / "hand.phh", folder / "store")["hands_analysed"]
    1
    >>> from showdown.history import analyze
    >>> analyze(folder / "store").players["net"].to_dict()
    {'p1': 1.0, 'p2': -1.0}
    """
    pyarrow = load_pyarrow()
    target = Path(out)
    files = expand_paths(paths)
    _prepare(target, overwrite)
    schemas = _schemas()
    writers = {name: _Writer(target / f"{name}.parquet", schemas[name]) for name in _TABLES}
    report = ReadReport()
    counts = dict.fromkeys(("adjusted", "sampled", *NOT_ADJUSTED), 0)
    analysed = 0
    try:
        for done, path in enumerate(files, start=1):
            skipped_before = len(report.bad)
            block: list[tuple[Any, int]] = []
            for history, facts in each_hand(path, strict, report):
                number = None
                if facts is not None:
                    analysed += 1
                    number = analysed
                    block.append((facts, number))
                _add_hand(writers, history, number, str(path))
                if len(block) >= BLOCK_HANDS:
                    block = _add_seats(writers, block, counts, add_block, HAND_COLUMNS)
            _add_seats(writers, block, counts, add_block, HAND_COLUMNS)
            if progress is not None:
                progress(done, len(files))
            for bad in report.bad[skipped_before:]:
                writers["skipped"].add({"file": bad.file, "hand": bad.hand, "reason": bad.reason})
        for writer in writers.values():
            writer.close()
    except BaseException:
        for writer in writers.values():
            if writer._file is not None:
                writer._file.close()
        raise
    summary = {
        "files": report.files,
        "hands_read": report.hands,
        "hands_analysed": analysed,
        "hands_skipped": report.skipped,
        **counts,
    }
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "counts": summary,
        "pyarrow": pyarrow.__version__,
    }
    (target / STORE_MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return summary


def _add_seats(
    writers: dict[str, _Writer],
    block: list[tuple[Any, int]],
    counts: dict[str, int],
    add_block: Callable[..., None],
    columns: tuple[str, ...],
) -> list[tuple[Any, int]]:
    """Write the seats of a block of analysed hands (their all-ins priced together);
    returns the next, empty block."""
    if block:
        rows: dict[str, list[Any]] = {name: [] for name in columns}
        add_block(rows, block, counts)
        writers["seats"].extend(rows)
    return []


def _prepare(target: Path, overwrite: bool) -> None:
    """Make ``target`` an empty directory (refusing to replace anything but a store)."""
    if target.exists() and not target.is_dir():
        raise ValueError(f"{target}: exists and is not a directory")
    if target.is_dir() and any(target.iterdir()):
        if not (target / STORE_MANIFEST).is_file():
            raise ValueError(f"{target}: the directory is not empty and is not a hand store")
        if not overwrite:
            raise ValueError(f"{target}: a hand store is already there (overwrite to replace)")
        shutil.rmtree(target)
    target.mkdir(parents=True, exist_ok=True)


def _add_hand(writers: dict[str, _Writer], history: HandHistory, number: int | None,
              file: str) -> None:  # fmt: skip
    row = writers["hands"].rows
    source = history.source
    tail = source[len(file) :].strip()
    writers["hands"].add(
        {
            "row": row,
            "hand": number,
            "source": source,
            "file": file,
            "number": int(tail[1:-1]) if tail.startswith("[") else None,
            "variant": history.variant,
            "players": list(history.players) if history.players else None,
            "hand_id": None if history.extra.get("hand") is None else str(history.extra["hand"]),
            "fields": _fields_json(history),
        }
    )
    actions = writers["actions"]
    for index, action in enumerate(history.actions):
        # "d dh p1 AsKs" -> d, dh, "p1 AsKs"; "p1 cbr 300" -> p1, cbr, "300"; "p2 f" -> p2, f.
        tokens = action.split(None, 2)
        actions.add(
            {"row": row, "index": index, "action": action, "actor": tokens[0],
             "verb": tokens[1] if len(tokens) > 1 else "",
             "argument": tokens[2] if len(tokens) > 2 else None}
        )  # fmt: skip
