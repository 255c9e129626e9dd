"""``analyze``: all-in EV adjusted results and player statistics over hand histories.

Examples
--------
>>> text = '''
... variant = "NT"
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... players = ["Ann", "Bob"]
... actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc",
...            "d db 2c3c4c", "d db Kh", "d db 9s"]
... '''
>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "hand.phh"
>>> _ = path.write_text(text)
>>> result = analyze(path)
>>> result.players["net"].to_dict(), result.players["ev_net"].round(2).to_dict()
({'Ann': -100.0, 'Bob': 100.0}, {'Ann': 65.27, 'Bob': -65.27})
>>> result.counts["adjusted"]
1
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from showdown._tasks import DaskRunner, check_cluster_arguments, cluster_client
from showdown.errors import InputError
from showdown.simulator.phh import HandHistory

from .allin import AllInEV, allin_ev, allin_evs
from .base import SkippedHands, listed_bad, warn_skipped
from .columns import CATEGORY_COLUMNS, HAND_COLUMNS, Coded, coded_categorical, join_coded
from .ledger import light_facts
from .reader import (
    BadHand,
    BadHandError,
    PathsLike,
    ReadReport,
    _one_hand,
    expand_paths,
    hands,
    is_store,
)
from .replayed import COUNTER_NAMES, HandFacts, hand_facts
from .stats import player_frame, player_frame_of

__all__ = ["CATEGORY_COLUMNS", "HAND_COLUMNS", "Analysis", "FilePart", "analyze", "file_part"]

#: Whether ``.phhs`` text goes through the compiled fast path (:mod:`showdown.history.fast`).
#: Set it to ``False`` to send every hand through the existing path: the tests compare
#: the two, and it helps debugging (the results are the same; only the time differs).
FAST_PATH = True

#: Why a hand's all-in was not adjusted, as counted in :attr:`Analysis.counts`.
NOT_ADJUSTED = ("river", "unknown_cards", "others_could_bet", "unsupported_game")


class Analysis:
    """What :func:`analyze` found.

    Attributes
    ----------
    players
        One row per player (index ``player``): see :data:`~showdown.history.stats.PLAYER_COLUMNS`.
    hands
        One row per player and hand: see :data:`HAND_COLUMNS`. Amounts are in
        the files' units; ``*_bb`` columns in big blinds of that hand. From hand
        stores alone it is read when first asked for (the per-player frame needs a
        third of its columns).
    counts
        Hands read, analysed, skipped; all-ins adjusted, and not adjusted by reason.
    bad
        The hands skipped, each with its file, hand number and reason.
    """

    def __init__(
        self,
        players: Any,
        hands: Any,
        counts: dict[str, int],
        bad: list[BadHand] | None = None,
        *,
        load_hands: Callable[[], Any] | None = None,
        load_bad: Callable[[], list[BadHand]] | None = None,
    ) -> None:
        self.players = players
        self._hands = hands
        self._load_hands = load_hands
        self.counts = counts
        self._bad = [] if bad is None else bad
        self._load_bad = load_bad

    @property
    def bad(self) -> list[BadHand]:
        """The skipped hands (made on first use: thousands, in some datasets)."""
        if self._load_bad is not None:
            self._bad, self._load_bad = self._load_bad(), None
        return self._bad

    @bad.setter
    def bad(self, listed: list[BadHand]) -> None:
        self._bad, self._load_bad = listed, None

    @property
    def hands(self) -> Any:
        """The per-hand frame (read on first use when it comes from hand stores)."""
        if self._load_hands is not None:
            self._hands, self._load_hands = self._load_hands(), None
        return self._hands

    @hands.setter
    def hands(self, frame: Any) -> None:
        self._hands, self._load_hands = frame, None

    def __repr__(self) -> str:
        return f"Analysis(players={len(self.players)}, counts={self.counts!r}, bad={len(self.bad)})"

    def plot(self, player: str, ax: Any = None) -> Any:
        """:func:`showdown.history.plot` of this analysis for ``player``."""
        from .plot import plot

        return plot(self.hands, player, ax=ax)


def analyze(
    paths: PathsLike,
    player: str | None = None,
    *,
    strict: bool = False,
    progress: Callable[[int, int], object] | None = None,
    client: Any = None,
    scheduler: str | None = None,
) -> Analysis:
    """All-in EV adjusted results and statistics of every player in hand histories.

    Parameters
    ----------
    paths
        ``.phh``/``.phhs`` files, directories or glob patterns (see :func:`hands`),
        and hand stores written by :func:`~showdown.history.store.write_store` (their
        rows are read as they were analysed when written).
    player
        Keep only this player's rows (his hands, his statistics).
    strict
        Raise at the first hand that cannot be read or replayed instead of
        skipping it (skipped hands are counted and listed in ``bad``, and each
        file's are told by one :class:`~showdown.history.reader.BadHandWarning`:
        a lone hand's message, else their count and the first few).
    progress
        ``progress(files_done, files)`` after each file.
    client
        A ``dask.distributed.Client``: each file (or hand store) is read and
        analysed by a task on its cluster, and the parts are put together here,
        in file order: the result is the local one. The workers must see the
        files at the same paths (a shared file system).
    scheduler
        The address of a Dask scheduler (``"tcp://10.0.0.5:8786"``) instead of
        ``client``: connected for this call and closed afterwards.

    Raises
    ------
    ValueError
        A path that does not exist, or a ``player`` found in no hand; a bad
        ``client``/``scheduler``.
    BadHandError
        With ``strict=True``, for the first bad hand.
    showdown.distributed.ClusterError
        The cluster failed mid-run.
    """
    files = expand_paths(paths)
    check_cluster_arguments(client, scheduler)
    if client is None and scheduler is None:
        if all(is_store(path) for path in files):
            return _stores_analysis(files, player, progress)
        parts: Iterable[FilePart] = (file_part(strict, str(path)) for path in files)
        return _combine(parts, len(files), player, progress)
    with cluster_client(client, scheduler) as connected:
        runner = DaskRunner(connected, label="showdown-analyze")
        parts = runner.map(file_part, strict, [str(path) for path in files])
        return _combine(parts, len(files), player, progress)


@dataclass
class FilePart:
    """What one file (or hand store) gives the analysis: a task's result on a cluster.

    ``columns`` holds the per-hand rows of a text file (hands numbered from 1 in
    the file; lists, or from the fast path arrays and, for texts,
    :class:`~showdown.history.columns.Coded`), ``stored`` the frame of a hand
    store; ``warn`` whether its bad hands are yet to be warned of (a store's were,
    when it was written); ``skipped`` the fast path's bad hands (then not in
    ``report.bad``).
    """

    columns: dict[str, Any] | None
    stored: Any
    analysed: int
    counts: dict[str, int]
    report: ReadReport
    warn: bool
    skipped: SkippedHands | None = None


def file_part(strict: bool, name: str) -> FilePart:
    """Read and analyse one file or hand store (a block of the Dask path, too)."""
    path = Path(name)
    counts = dict.fromkeys(("adjusted", "sampled", *NOT_ADJUSTED), 0)
    report = ReadReport()
    if is_store(path):
        from ._store_reading import read_store

        # A store holds the rows analysis made when it was written: read, not redone.
        stored, stored_counts, stored_bad = read_store(path)
        report.files, report.hands = stored_counts["files"], stored_counts["hands_read"]
        report.bad += stored_bad
        for key in counts:
            counts[key] = stored_counts[key]
        return FilePart(None, stored, stored_counts["hands_analysed"], counts, report, False)
    if FAST_PATH and path.suffix == ".phhs":
        part = _fast_part(path, strict)
        if part is not None:
            return part
    columns: dict[str, list[Any]] = {key: [] for key in HAND_COLUMNS}
    analysed = 0
    # Bad hands are warned of where the parts are put together (on this machine).
    quiet = _QuietReport()
    block: list[tuple[HandFacts, int]] = []
    for _, facts in each_hand(path, strict, quiet):
        if facts is not None:
            analysed += 1
            block.append((facts, analysed))
            if len(block) >= BLOCK_HANDS:
                add_block(columns, block, counts)
                block = []
    add_block(columns, block, counts)
    return FilePart(columns, None, analysed, counts, quiet, True)


class _QuietReport(ReadReport):
    """A report that keeps bad hands without warning (the caller warns of them)."""

    def skip(self, bad: BadHand, *, strict: bool) -> None:
        if strict:
            raise BadHandError(str(bad))
        self.bad.append(bad)


def _combine(
    parts: Iterable[FilePart],
    total: int,
    player: str | None,
    progress: Callable[[int, int], object] | None,
) -> Analysis:
    """The analysis from the files' parts, in file order."""
    import pandas as pd

    report = ReadReport()
    counts = dict.fromkeys(("adjusted", "sampled", *NOT_ADJUSTED), 0)
    chunks: dict[str, list[Any]] = {name: [] for name in HAND_COLUMNS}
    frames: list[Any] = []
    skipped: list[SkippedHands | list[BadHand]] = []  # each file's, listed when asked for
    analysed = 0
    for done, part in enumerate(parts, start=1):
        if part.stored is not None:
            frames.append(_frame(chunks))
            chunks = {name: [] for name in HAND_COLUMNS}
            stored = part.stored
            stored["hand"] += analysed
            frames.append(stored)
        else:
            assert part.columns is not None
            for name, values in part.columns.items():
                if name == "hand":
                    if isinstance(values, list):
                        values = [number + analysed for number in values]
                    else:
                        values = values + analysed
                chunks[name].append(values)
        analysed += part.analysed
        report.files += part.report.files
        report.hands += part.report.hands
        bad = part.report.bad if part.skipped is None else part.skipped
        if len(bad):
            if part.warn:
                warn_skipped(bad)
            skipped.append(bad)
        for kind, number in part.report.conventions.items():
            report.conventions[kind] = report.conventions.get(kind, 0) + number
        for name in counts:
            counts[name] += part.counts[name]
        if progress is not None:
            progress(done, total)
    frames.append(_frame(chunks))
    frames = [part for part in frames if len(part)] or frames[-1:]
    frame = frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)
    for name in CATEGORY_COLUMNS:
        if not isinstance(frame[name].dtype, pd.CategoricalDtype) or len(frames) > 1:
            frame[name] = _categories(frame[name])
    if player is not None:
        frame = frame[_player_rows(frame, player)].reset_index(drop=True)
    summary = {
        "files": report.files,
        "hands_read": report.hands,
        "hands_analysed": analysed,
        "hands_skipped": sum(len(bad) for bad in skipped),
        **counts,
    }
    load_bad = functools.partial(listed_bad, skipped)
    return Analysis(player_frame(frame), frame, summary, load_bad=load_bad)


def _frame(chunks: dict[str, list[Any]]) -> Any:
    """The per-hand frame of the parts' columns: lists (the existing path) as pandas
    reads them, or, with any array (the fast path) among them, arrays of its type."""
    import numpy as np
    import pandas as pd

    columns: dict[str, Any] = {}
    for name, parts in chunks.items():
        if any(isinstance(part, Coded) and len(part) for part in parts):
            # Texts of the fast path: one categorical of the parts' codes, no text per row.
            columns[name] = coded_categorical(join_coded(parts))
            continue
        parts = [part for part in parts if not isinstance(part, Coded)]
        arrays = [part for part in parts if not isinstance(part, list) and len(part)]
        if not arrays:  # (no rows at all: as pandas reads empty lists)
            columns[name] = [value for part in parts for value in part]
            continue
        dtype = arrays[0].dtype
        values = np.concatenate(
            [np.asarray(part, dtype=dtype) if isinstance(part, list) else part for part in parts]
        )
        # Text columns straight to categoricals (pandas would first make strings of them).
        columns[name] = _categorical(values) if name in CATEGORY_COLUMNS else values
    return pd.DataFrame(columns, columns=list(HAND_COLUMNS), copy=False)


def _stores_analysis(
    files: list[Path], player: str | None, progress: Callable[[int, int], object] | None
) -> Analysis:
    """The analysis of hand stores alone: the per-player frame from the columns it is
    made of, as arrays; the per-hand frame read whole only when asked for (the same
    frames as :func:`_combine` gives: it is what reads them then)."""
    import numpy as np

    from ._store_reading import read_store_players

    counts = dict.fromkeys(("files", "hands_read", "hands_analysed", "hands_skipped",
                            "adjusted", "sampled", *NOT_ADJUSTED), 0)  # fmt: skip
    bad: list[BadHand] = []
    names: dict[str, int] = {}  # every store's players, one code each
    parts: list[tuple[Any, dict[str, Any], Any]] = []
    for done, path in enumerate(files, start=1):
        stored_names, codes, columns, adjusted, stored_counts, stored_bad = read_store_players(path)
        lookup = np.array([names.setdefault(str(name), len(names)) for name in stored_names],
                          dtype=np.int64)  # fmt: skip
        parts.append((lookup[codes] if len(codes) else codes, columns, adjusted))
        bad += stored_bad
        for key in counts:
            counts[key] += stored_counts[key]
        if progress is not None:
            progress(done, len(files))
    counts["hands_skipped"] = len(bad)  # as the text path counts them: the hands listed
    codes, columns, adjusted = parts[0]
    if len(parts) > 1:  # (one store: its arrays as they are, not copied)
        codes = np.concatenate([part[0] for part in parts])
        adjusted = np.concatenate([part[2] for part in parts])
        columns = {name: np.concatenate([part[1][name] for part in parts]) for name in columns}
    all_names = np.array(list(names), dtype=object)
    if player is not None:
        rows = codes == names.get(player, -1)
        if not rows.any():
            raise _missing_player(player, set(all_names[np.unique(codes)]))
        codes, adjusted = codes[rows], adjusted[rows]
        columns = {name: values[rows] for name, values in columns.items()}
    load_hands = functools.partial(_stored_hands, [str(path) for path in files], player)
    players = player_frame_of(codes, all_names, columns, adjusted)
    return Analysis(players, None, counts, bad, load_hands=load_hands)


def _stored_hands(files: list[str], player: str | None) -> Any:
    """The per-hand frame of hand stores, as :func:`_combine` puts it together."""
    parts = (file_part(False, name) for name in files)
    return _combine(parts, len(files), player, None).hands


def _player_rows(frame: Any, player: str) -> Any:
    """The rows of ``player`` (raises naming the close names when he has none)."""
    rows = frame["player"] == player
    if not rows.any():
        raise _missing_player(player, set(frame["player"]))
    return rows


def _missing_player(player: str, present: set[Any]) -> InputError:
    import difflib

    close = difflib.get_close_matches(player, sorted(present), n=3)
    hint = f"; close names: {', '.join(close)}" if close else ""
    return InputError(f"{player!r} is in none of the hands{hint}", parameter="player")


def _categories(column: Any) -> Any:
    """``column`` as a categorical whose categories come in order of first appearance
    (as a hand store's dictionary has them)."""
    import pandas as pd

    return pd.Series(_categorical(column.to_numpy(dtype=object)), index=column.index)


def _categorical(values: Any) -> Any:
    """An object array as a categorical of its values in order of first appearance
    (one hashing pass; missing values, ``None`` or NaN, stay missing)."""
    import pandas as pd

    codes, seen = pd.factorize(values)
    # Categories from a list, so pandas types them as it types a hand store's (text).
    return pd.Categorical.from_codes(codes, categories=list(seen))


def each_hand(
    path: Path, strict: bool, report: ReadReport
) -> Iterator[tuple[HandHistory, HandFacts | None]]:
    """Every hand of one file with its facts (``None``: skipped, reported in ``report``)."""
    for history in hands(path, strict=strict, report=report):
        yield history, _facts_or_skip(history, path, strict, report)


def _facts_or_skip(
    history: HandHistory, path: Path, strict: bool, report: ReadReport
) -> HandFacts | None:
    """A hand's facts (light pass, else the full replay), or ``None`` once reported."""
    try:
        return light_facts(history) or hand_facts(history)
    except ValueError as error:
        number = _hand_number(history.source, str(path))
        reason = str(error).removeprefix(f"{history.source}: ")
        if strict:
            raise BadHandError(f"{history.source}: {reason}") from None
        report.skip(BadHand(str(path), number, reason), strict=False)
        return None


def _fast_part(path: Path, strict: bool) -> FilePart | None:
    """A ``.phhs`` file by the compiled fast path (:mod:`showdown.history.fast`): the
    hands it takes as arrays, the others through the existing path, in file order.
    ``None`` for a file it leaves whole to the existing path (unreadable, not UTF-8,
    lone carriage returns, PokerStars text, no hand table, text before the first)."""
    import numpy as np

    from .fast import conventions_of, fast_columns, fast_readable, scan_facts

    try:
        data = path.read_bytes()
    except OSError:
        return None
    if not fast_readable(data):
        return None
    fast = scan_facts(data)
    name = str(path)
    counts = dict.fromkeys(("adjusted", "sampled", *NOT_ADJUSTED), 0)
    quiet = _QuietReport()
    quiet.files = 1
    quiet.hands = int(np.count_nonzero(fast.taken | fast.skipped))
    quiet.conventions = conventions_of(fast)
    # Hands read, then refused as the existing path refuses them: kept as arrays.
    places = np.flatnonzero(fast.skipped)
    skipped = SkippedHands(name, places, fast.scanned.numbers[places], *fast.reasons(places))
    slow_hands = np.flatnonzero(~(fast.taken | fast.skipped)).tolist()
    if strict and len(places):  # the hands before the first refused, then it
        slow_hands = [hand for hand in slow_hands if hand < places[0]]
    analysed = fast.taken.copy()
    slow: dict[str, list[Any]] = {key: [] for key in HAND_COLUMNS}
    block: list[tuple[HandFacts, int]] = []
    for hand in slow_hands:
        number = int(fast.scanned.numbers[hand])
        body = fast.scanned.body(hand).replace("\r\n", "\n")
        history = _one_hand(body, name, number, strict, quiet)
        facts = None if history is None else _facts_or_skip(history, path, strict, quiet)
        if facts is not None:
            analysed[hand] = True
            block.append((facts, hand))  # numbered below, once every hand is known
            if len(block) >= BLOCK_HANDS:
                add_block(slow, block, counts)
                block = []
        skipped.others += [(hand, bad) for bad in quiet.bad]
        quiet.bad.clear()
    if strict and len(places):
        raise BadHandError(str(skipped.listed(1)[0]))
    add_block(slow, block, counts)
    rows, columns = fast_columns(fast, name, counts, {})
    slow_rows = np.asarray(slow.pop("hand"), dtype=np.int64)
    if len(slow_rows):
        order = np.argsort(np.concatenate([rows, slow_rows]), kind="stable")
        rows = np.concatenate([rows, slow_rows])[order]
        for key, values in columns.items():
            if isinstance(values, Coded):
                joined = join_coded([values, slow[key]])
                columns[key] = Coded(joined.codes[order], joined.categories)
            else:
                others = np.asarray(slow[key], dtype=values.dtype)
                columns[key] = np.concatenate([values, others])[order]
    numbers = np.cumsum(analysed)
    ordered = {"hand": numbers[rows].astype(np.int64)}
    ordered.update((key, columns[key]) for key in HAND_COLUMNS if key != "hand")
    analysed_count = int(numbers[-1]) if len(numbers) else 0
    return FilePart(ordered, None, analysed_count, counts, quiet, True, skipped)


def _hand_number(source: str, file: str) -> int | None:
    tail = source[len(file) :].strip()
    return int(tail[1:-1]) if tail.startswith("[") and tail.endswith("]") else None


#: Hands analysed before their all-ins are priced together (:func:`add_block`): memory
#: stays flat in the number of hands, and a block holds enough all-ins to share the work.
BLOCK_HANDS = 4096


def add_block(
    columns: dict[str, list[Any]], block: list[tuple[HandFacts, int]], counts: dict[str, int]
) -> None:
    """Append the rows of a block of ``(facts, hand number)`` to ``columns``, their
    all-ins priced together (:func:`~showdown.history.allin.allin_evs`: the answers
    of :func:`~showdown.history.allin.allin_ev`, hand by hand)."""
    spots = [
        (facts.spot, facts.game, facts.rake)
        for facts, _ in block
        if facts.status == "candidate" and facts.spot is not None
    ]
    evs = iter(allin_evs(spots))
    for facts, number in block:
        ev = next(evs) if facts.status == "candidate" and facts.spot is not None else None
        add_rows(columns, facts, number, counts, ev)


def add_rows(
    columns: dict[str, list[Any]],
    facts: Any,
    number: int,
    counts: dict[str, int],
    ev: AllInEV | None = None,
) -> None:
    """Append the per-player rows of one hand to ``columns`` (one list per column),
    with the adjustment when it applies (``ev``: its all-in EV, when already known)."""
    n = len(facts.players)
    scale = facts.scale
    expected: list[float] | None = None
    equities = [math.nan] * n
    exact = True
    status = facts.status
    if status == "candidate":
        assert facts.spot is not None
        if ev is None:
            ev = allin_ev(facts.spot, facts.game, rake=facts.rake)
        expected, equities, exact = ev.expected, ev.equity, ev.exact
        status = "adjusted"
        counts["adjusted"] += 1
        counts["sampled"] += not exact
    elif status in counts:
        counts[status] += 1
    big_blind = float(facts.big_blind)
    street = facts.spot.street if facts.spot is not None else None
    # Text: files number hands (26262271344) or name them ('R5-1676558-1009').
    hand_id = None if facts.hand_id is None else str(facts.hand_id)
    net = [chips / scale for chips in facts.net]
    if expected is None:
        ev_net = net
    else:
        ev_net = [(expected[s] - facts.contributed[s]) / scale for s in range(n)]
    for name, value in (
        ("hand", number), ("source", facts.source), ("hand_id", hand_id),
        ("variant", facts.variant), ("big_blind", big_blind), ("pot", facts.pot / scale),
        ("rake", facts.rake / scale), ("all_in", status), ("all_in_street", street),
        ("exact", exact), ("result_from", facts.result_from),
    ):  # fmt: skip
        columns[name] += [value] * n
    columns["player"] += facts.players
    columns["position"] += range(1, n + 1)
    columns["contributed"] += [chips / scale for chips in facts.contributed]
    columns["collected"] += [chips / scale for chips in facts.collected]
    columns["net"] += net
    columns["net_bb"] += [value / big_blind for value in net]
    columns["equity"] += equities
    columns["ev_net"] += ev_net
    columns["ev_net_bb"] += [value / big_blind for value in ev_net]
    for name in COUNTER_NAMES:
        columns[name] += [counters[name] for counters in facts.counters]
