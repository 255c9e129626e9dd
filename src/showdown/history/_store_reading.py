"""Reading hand stores: the frames, counts and histories a store keeps.

The reading half of the hand store (the format and the writer are in
:mod:`showdown.history.store`, which exports these functions too). It sits below
both the reader (:func:`~showdown.history.hands` gives a store's histories back)
and :func:`~showdown.history.analyze` (which reads a store's rows instead of
analysing again), and imports neither of them.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from showdown.simulator.phh import HandHistory

from .base import STORE_MANIFEST, BadHand, ReadReport
from .columns import CATEGORY_COLUMNS, HAND_COLUMNS
from .stats import PLAYER_INPUTS

__all__ = [
    "FORMAT", "PER_HAND", "VERSION", "load_pyarrow", "read_store", "read_store_players",
    "store_histories", "tagged", "untagged",
]  # fmt: skip

#: The manifest's ``format``; :data:`VERSION` changes whenever the tables do
#: (the writer, :mod:`showdown.history.store`, defines them).
FORMAT = "showdown hand store"
VERSION = 2
#: Columns of the per-hand frame kept once per hand (in ``hands.parquet``), not per seat.
PER_HAND = ("source", "hand_id")


def load_pyarrow() -> Any:
    """``pyarrow`` with its Parquet module, or an error saying how to install it."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ModuleNotFoundError:
        raise ModuleNotFoundError("the hand store needs pyarrow: pip install pyarrow") from None
    return pyarrow


# --- the history's fields as JSON (TOML dates and times tagged) -----------------------


def tagged(value: Any) -> Any:
    """A TOML date or time as JSON (``json.dumps(default=tagged)``; :func:`untagged`
    reverses it)."""
    if isinstance(value, datetime.datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, datetime.date):
        return {"$date": value.isoformat()}
    if isinstance(value, datetime.time):
        return {"$time": value.isoformat()}
    raise TypeError(f"{type(value).__name__} is not kept in a hand store")


def untagged(item: dict[str, Any]) -> Any:
    """A JSON object back as the date or time :func:`tagged` made of it (``object_hook``)."""
    if len(item) == 1:
        ((key, text),) = item.items()
        if key == "$datetime":
            return datetime.datetime.fromisoformat(text)
        if key == "$date":
            return datetime.date.fromisoformat(text)
        if key == "$time":
            return datetime.time.fromisoformat(text)
    return item


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
    pyarrow = load_pyarrow()
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


def _counts_and_skipped(
    store: Path, manifest: dict[str, Any]
) -> tuple[dict[str, int], list[BadHand]]:
    """The counts and the skipped hands of a store, as both readers return them."""
    counts = {name: int(value) for name, value in manifest["counts"].items()}
    skipped = _table(store, "skipped").to_pylist()
    return counts, [BadHand(item["file"], item["hand"], item["reason"]) for item in skipped]


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
    return frame, *_counts_and_skipped(store, manifest)


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
        As :func:`read_store`.
    """
    import numpy as np

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
    counts, bad = _counts_and_skipped(store, manifest)
    return names, codes, columns, status_codes == adjusted_code, counts, bad


def store_histories(path: str | os.PathLike[str], report: ReadReport | None = None
                    ) -> Iterator[HandHistory]:  # fmt: skip
    """The hand histories kept in a hand store, in the order they were read."""
    store = Path(path)
    _manifest(store)
    pyarrow = load_pyarrow()
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
            fields = json.loads(fields_text, object_hook=untagged)
            history = HandHistory(actions=actions, source=source, **fields)
            if report is not None:
                report.hands += 1
            yield history
