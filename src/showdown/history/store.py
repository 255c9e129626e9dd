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
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from showdown.simulator.phh import HandHistory

from .reader import STORE_MANIFEST, BadHand, PathsLike, ReadReport, expand_paths

__all__ = [
    "FORMAT", "VERSION", "read_store", "read_store_players", "store_histories", "write_store",
]  # fmt: skip

#: The manifest's ``format``; :data:`VERSION` changes whenever the tables do.
FORMAT = "showdown hand store"
VERSION = 2
#: Rows gathered before a batch is written: memory stays flat in the number of hands.
BATCH_ROWS = 65_536

_TABLES = ("hands", "actions", "seats", "skipped")
#: Columns of the per-hand frame kept once per hand (in ``hands.parquet``), not per seat.
PER_HAND = ("source", "hand_id")


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ModuleNotFoundError:
        raise ModuleNotFoundError("the hand store needs pyarrow: pip install pyarrow") from None
    return pyarrow


# --- the history's fields as JSON (TOML dates and times tagged) -----------------------


def _tagged(value: Any) -> Any:
    if isinstance(value, datetime.datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, datetime.date):
        return {"$date": value.isoformat()}
    if isinstance(value, datetime.time):
        return {"$time": value.isoformat()}
    raise TypeError(f"{type(value).__name__} is not kept in a hand store")


def _untagged(item: dict[str, Any]) -> Any:
    if len(item) == 1:
        ((key, text),) = item.items()
        if key == "$datetime":
            return datetime.datetime.fromisoformat(text)
        if key == "$date":
            return datetime.date.fromisoformat(text)
        if key == "$time":
            return datetime.time.fromisoformat(text)
    return item


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
    return json.dumps(fields, default=_tagged, separators=(",", ":"))


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
        pyarrow = _pyarrow()
        if self._file is None:
            self._file = pyarrow.parquet.ParquetWriter(self.path, self.schema)
        self._file.write_table(pyarrow.Table.from_pydict(self.columns, schema=self.schema))
        self.columns = {name: [] for name in self.schema.names}

    def close(self) -> None:
        self.flush()
        self._file.close()


def _schemas() -> dict[str, Any]:
    from .analyze import HAND_COLUMNS
    from .replayed import COUNTER_NAMES

    pa = _pyarrow()
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
    from .analyze import BLOCK_HANDS, HAND_COLUMNS, NOT_ADJUSTED, add_block, each_hand

    pyarrow = _pyarrow()
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


# --- reading ---------------------------------------------------------------------------


def _manifest(path: Path) -> dict[str, Any]:
    try:
        manifest = json.loads((path / STORE_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: cannot read the hand store's manifest: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ValueError(f"{path}: {STORE_MANIFEST} is not a hand store's manifest")
    if manifest.get("version") != VERSION:
        raise ValueError(
            f"{path}: a hand store of version {manifest.get('version')!r}; this showdown reads "
            f"version {VERSION}: write it again from the hand histories"
        )
    return manifest


def _table(
    path: Path, name: str, dictionary: tuple[str, ...] = (), columns: list[str] | None = None
) -> Any:
    pyarrow = _pyarrow()
    try:
        # One thread, as the text path; text columns straight to categoricals.
        return pyarrow.parquet.read_table(
            path / f"{name}.parquet",
            columns=columns,
            read_dictionary=list(dictionary),
            use_threads=False,
        )
    except (OSError, pyarrow.ArrowException) as error:
        raise ValueError(f"{path}: cannot read {name}.parquet: {error}") from None


def read_store(path: str | os.PathLike[str]) -> tuple[Any, dict[str, int], list[BadHand]]:
    """The per-hand frame, the counts and the skipped hands kept in a hand store.

    Raises
    ------
    ValueError
        When ``path`` is not a readable hand store of this version.
    """
    store = Path(path)
    manifest = _manifest(store)
    import numpy as np
    import pandas as pd

    from .analyze import CATEGORY_COLUMNS, HAND_COLUMNS

    dictionary = tuple(name for name in CATEGORY_COLUMNS if name not in PER_HAND)
    frame = _table(store, "seats", dictionary).to_pandas(split_blocks=True, self_destruct=True)
    # Source and hand id: one per analysed hand, spread over its rows by the hand number
    # (hands are numbered 1, 2... in the order analysed).
    per_hand = _table(store, "hands", columns=["hand", *PER_HAND]).to_pandas()
    per_hand = per_hand[per_hand["hand"].notna()].sort_values("hand")
    if not np.array_equal(per_hand["hand"].to_numpy(), np.arange(1, len(per_hand) + 1)):
        raise ValueError(f"{store}: hands.parquet does not number the analysed hands 1, 2...")
    rows = frame["hand"].to_numpy() - 1
    for name in PER_HAND:
        codes, categories = pd.factorize(per_hand[name].to_numpy(dtype=object))
        frame[name] = pd.Categorical.from_codes(codes[rows], categories=categories)
    frame = frame[list(HAND_COLUMNS)]
    skipped = _table(store, "skipped").to_pylist()
    bad = [
        BadHand(item["file"], item["hand"], item["reason"]) for item in skipped
    ]  # fmt: skip
    counts = {name: int(value) for name, value in manifest["counts"].items()}
    return frame, counts, bad


def read_store_players(path: str | os.PathLike[str]) -> tuple[Any, ...]:
    """What the per-player frame is made of, read from a hand store's columns as arrays.

    Returns ``(names, codes, columns, adjusted, counts, bad)``: the store's player
    names, each row's code into them, the other columns of
    :data:`~showdown.history.stats.PLAYER_INPUTS` (numpy arrays), whether each row's
    all-in was adjusted, the counts and the skipped hands. The rows are those of
    :func:`read_store`'s frame, in its order (the names may include some no row has).

    Raises
    ------
    ValueError
        When ``path`` is not a readable hand store of this version.
    """
    import numpy as np

    from .stats import PLAYER_INPUTS

    store = Path(path)
    manifest = _manifest(store)
    table = _table(store, "seats", ("player", "all_in"), columns=list(PLAYER_INPUTS))
    # One dictionary for every chunk, so the codes of all chunks index the same names.
    table = table.unify_dictionaries()

    def codes_of(name: str) -> tuple[Any, Any]:
        chunks = table.column(name).chunks
        if not chunks:
            return np.empty(0, dtype=object), np.empty(0, np.int64)
        names = chunks[0].dictionary.to_numpy(zero_copy_only=False).astype(object)
        codes = [chunk.indices.fill_null(-1).to_numpy().astype(np.int64) for chunk in chunks]
        return names, np.concatenate(codes)

    names, codes = codes_of("player")
    statuses, status_codes = codes_of("all_in")
    adjusted_code = list(statuses).index("adjusted") if "adjusted" in list(statuses) else -2

    def array(name: str) -> Any:
        column = table.column(name)
        if column.num_chunks == 1:  # numbers without nulls: arrow's buffer, not a copy
            return column.chunk(0).to_numpy(zero_copy_only=False)
        return column.to_numpy()

    columns = {name: array(name) for name in PLAYER_INPUTS if name not in ("player", "all_in")}
    bad = [BadHand(item["file"], item["hand"], item["reason"])
           for item in _table(store, "skipped").to_pylist()]  # fmt: skip
    counts = {name: int(value) for name, value in manifest["counts"].items()}
    return names, codes, columns, status_codes == adjusted_code, counts, bad


def store_histories(path: str | os.PathLike[str], report: ReadReport | None = None
                    ) -> Iterator[HandHistory]:  # fmt: skip
    """The hand histories kept in a hand store, in the order they were read."""
    store = Path(path)
    _manifest(store)
    pyarrow = _pyarrow()
    hands_file = pyarrow.parquet.ParquetFile(store / "hands.parquet")
    actions_file = pyarrow.parquet.ParquetFile(store / "actions.parquet")
    action_batches = actions_file.iter_batches(columns=["row", "action"])
    pending: list[tuple[int, str]] = []
    if report is not None:
        report.files += 1
    for batch in hands_file.iter_batches(columns=["row", "source", "fields"]):
        for row, source, fields_text in zip(*(batch.column(k).to_pylist() for k in range(3)),
                                            strict=True):  # fmt: skip
            actions: list[str] = []
            while True:
                while not pending:
                    try:
                        chunk = next(action_batches)
                    except StopIteration:
                        break
                    pending = list(zip(chunk.column(0).to_pylist(), chunk.column(1).to_pylist(),
                                       strict=True))[::-1]  # fmt: skip
                if not pending or pending[-1][0] != row:
                    break
                actions.append(pending.pop()[1])
            fields = json.loads(fields_text, object_hook=_untagged)
            history = HandHistory(actions=actions, source=source, **fields)
            if report is not None:
                report.hands += 1
            yield history
