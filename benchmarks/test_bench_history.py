"""Hand-history analytics: hands per second read and analysed, and pokerkit on the same files.

Run with ``pytest benchmarks/test_bench_history.py``. Two workloads are made of the
public PHH dataset sample (six HandHQ ``.phhs`` files, 131 real no-limit hold'em
hands from six sites):

- the large one, measured for us: each sample file's hands repeated
  :data:`REPEATS` times in one ``.phhs`` file (numbered ``[1]``, ``[2]``...), and
  :data:`BIG_FILES` such files per sample file: over 100,000 hands in big files,
  as a dataset is kept;
- the small one, for pokerkit (whose replay would take minutes on the large one)
  and the hand store: each sample file copied :data:`COPIES` times.

Rates are hands per CPU second of this process (``time.process_time``), one
thread; imports and compiled kernels are loaded before timing (on the small
workload). Each pair is interleaved (A B, B A, ...), ours on the large workload
and pokerkit on the small one, and the ratio is rate over rate:

- reading: :func:`showdown.history.hands` (every hand checked as the simulator's
  PHH reader checks it) against pokerkit's ``HandHistory.load_all`` (its PHH
  loader: TOML to a hand-history object, nothing replayed);
- scanning: :func:`showdown.history.scan.scan_phhs` (a file's bytes cut into hands
  and read into integer columns by one compiled pass: the first step of
  ``analyze``'s fast path) against the same pokerkit loader;
- reading and analysing: :func:`showdown.history.analyze` (results, all-in EV,
  statistics, the frames; its compiled fast path) end to end, against pokerkit's
  loader alone (the reading part, the requirement's comparison) and against
  pokerkit loading and replaying every hand (iterating its states: the closest
  thing pokerkit does to an analysis).

Also measured (CPU seconds): converting the small workload to a hand store
(``showdown convert``), analysing a hand store (``analyze(store)``) of the
converted rows copied :data:`STORE_COPIES` times (131,000 hands), and the all-in
EV of :data:`QUOTED_ALLINS` distinct all-ins (the quoted "a million hands with
~2 % adjusted all-ins"), priced as analysis prices them (see the test).

The ratios go into each benchmark's ``extra_info``. Nothing here fails on speed.
"""

from __future__ import annotations

import re
import shutil
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import Interleaved
from showdown.history import analyze, hands

#: The dataset sample: beside the repository, as the tests find it.
DATASET = Path(__file__).resolve().parents[1] / ".." / "shared" / "phh-dataset-sample"
#: The small workload: 20 copies of each sample file, 2,620 hands in 120 files.
COPIES = 20
#: The large workload: each sample file's hands 40 times in one file, 20 such files per
#: sample file: 104,800 hands in 120 files of about 900 hands.
REPEATS = 40
BIG_FILES = 20
ROUNDS = 3

pytestmark = pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is absent")

_TABLE_HEADER = re.compile(r"^\[\d+\][ \t]*$", re.MULTILINE)


def _count(folder: Path) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return sum(1 for _ in hands(folder))


@pytest.fixture(scope="module")
def workload(tmp_path_factory) -> tuple[Path, int]:
    """A directory of the sample's files, each copied :data:`COPIES` times, and its hands."""
    folder = tmp_path_factory.mktemp("phh-dataset")
    for source in sorted(DATASET.rglob("*.phhs")):
        for copy in range(COPIES):
            shutil.copyfile(source, folder / f"{source.stem}-{copy}.phhs")
    return folder, _count(folder)


@pytest.fixture(scope="module")
def large_workload(tmp_path_factory) -> tuple[Path, int]:
    """Big ``.phhs`` files of the sample's hands repeated (see the module docstring)."""
    folder = tmp_path_factory.mktemp("phh-dataset-large")
    for source in sorted(DATASET.rglob("*.phhs")):
        text = source.read_text(encoding="utf-8")
        tables = [part.strip("\n") for part in _TABLE_HEADER.split(text) if part.strip()]
        repeated = "".join(
            f"[{number}]\n{table}\n\n" for number, table in enumerate(tables * REPEATS, start=1)
        )
        for copy in range(BIG_FILES):
            (folder / f"{source.stem}-{copy}.phhs").write_text(repeated, encoding="utf-8")
    count = _count(folder)
    assert count >= 100_000
    return folder, count


def _read(folder: Path) -> int:
    return _count(folder)


def _scan(folder: Path) -> int:
    """Hands cut and read into columns by the compiled scanner (fallbacks counted too)."""
    from showdown.history.scan import scan_phhs

    return sum(len(scan_phhs(path.read_bytes()).numbers) for path in sorted(folder.glob("*.phhs")))


def _analyze(folder: Path) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return int(analyze(folder).counts["hands_read"])


def _pokerkit_load(folder: Path, replay: bool = False) -> int:
    from pokerkit import HandHistory

    count = 0
    with warnings.catch_warnings():
        # pokerkit warns about the dataset's extra fields and about odd folds.
        warnings.simplefilter("ignore")
        for path in sorted(folder.glob("*.phhs")):
            with path.open("rb") as file:
                for history in HandHistory.load_all(file):
                    if replay:
                        for _ in history:
                            pass
                    count += 1
    return count


def _pair(benchmark, throughputs, large, small, ours, theirs, labels, target="") -> None:
    """Ours on the large workload, pokerkit on the small one, interleaved."""
    pytest.importorskip("pokerkit")
    (big, count), (folder, small_count) = large, small
    ours(folder)  # imports, compiled kernels, the evaluator: loaded before timing
    theirs(folder)
    pair = Interleaved(lambda: ours(big), lambda: theirs(folder))
    benchmark.pedantic(lambda: [pair.round() for _ in range(ROUNDS)], rounds=1, iterations=1)
    assert pair.results[0][-1] == count and pair.results[1][-1] == small_count
    benchmark.extra_info.update(
        pair.info(count, small_count), hands=count, pokerkit_hands=small_count
    )
    throughputs.record_times(labels[0], pair.cpu[0], count, "hands", target)
    throughputs.record_times(labels[1], pair.cpu[1], small_count, "hands")
    throughputs.compare(*labels)


def test_read_against_pokerkit_loader(benchmark, throughputs, large_workload, workload):
    _pair(
        benchmark, throughputs, large_workload, workload, _read, _pokerkit_load,
        ("history: read .phhs (hands)", "pokerkit: HandHistory.load_all"),
    )  # fmt: skip


def test_scan_against_pokerkit_loader(benchmark, throughputs, large_workload, workload):
    _pair(
        benchmark, throughputs, large_workload, workload, _scan, _pokerkit_load,
        ("history: scan .phhs into columns (scan_phhs)", "pokerkit: HandHistory.load_all"),
    )  # fmt: skip


def test_analyse_against_pokerkit_loader(benchmark, throughputs, large_workload, workload):
    _pair(
        benchmark, throughputs, large_workload, workload, _analyze, _pokerkit_load,
        ("history: read and analyse .phhs end to end (analyze)", "pokerkit: HandHistory.load_all"),
        ">= 100 k hands/s",
    )  # fmt: skip


def test_analyse_against_pokerkit_replay(benchmark, throughputs, large_workload, workload):
    _pair(
        benchmark, throughputs, large_workload, workload, _analyze,
        lambda folder: _pokerkit_load(folder, replay=True),
        ("history: read and analyse .phhs (analyze)", "pokerkit: load_all and replay"),
        ">= 100 k hands/s",
    )  # fmt: skip


#: The big store: the converted workload's rows this many times, each copy's sources and
#: hand ids made distinct (so the text dictionaries grow as in a real dataset).
STORE_COPIES = 50


@pytest.fixture(scope="module")
def store(workload, tmp_path_factory) -> tuple[Path, int]:
    """The workload written as a hand store (timed once: the conversion's rate)."""
    pytest.importorskip("pyarrow")
    from showdown.history.store import write_store

    folder, count = workload
    out = tmp_path_factory.mktemp("store") / "workload.store"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        write_store(folder, out)
    return out, count


def _big_store(store: Path, target: Path) -> int:
    import json

    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from showdown.history.reader import STORE_MANIFEST

    seats = pq.read_table(store / "seats.parquet")
    hands_table = pq.read_table(store / "hands.parquet")
    last = pc.max(seats.column("hand")).as_py()
    seat_copies, hand_copies = [], []
    for copy in range(STORE_COPIES):
        seat_copies.append(seats.set_column(0, "hand", pc.add(seats.column("hand"), copy * last)))
        table = hands_table.set_column(1, "hand", pc.add(hands_table.column("hand"), copy * last))
        for name in ("source", "hand_id"):
            column = table.column(name)
            distinct = pc.binary_join_element_wise(column, pa.scalar(f" #{copy}"), "")
            table = table.set_column(table.schema.get_field_index(name), name, distinct)
        hand_copies.append(table)
    target.mkdir()
    pq.write_table(pa.concat_tables(seat_copies), target / "seats.parquet")
    pq.write_table(pa.concat_tables(hand_copies), target / "hands.parquet")
    for name in ("actions", "skipped"):
        shutil.copyfile(store / f"{name}.parquet", target / f"{name}.parquet")
    manifest = json.loads((store / STORE_MANIFEST).read_text())
    manifest["counts"] = {key: value * STORE_COPIES for key, value in manifest["counts"].items()}
    (target / STORE_MANIFEST).write_text(json.dumps(manifest))
    return int(manifest["counts"]["hands_read"])


def _cpu_timed(function: Callable[[], Any], seconds: list[float]) -> Callable[[], Any]:
    """``function`` that also appends its CPU seconds (this process) to ``seconds``."""

    def timed() -> Any:
        began = time.process_time()
        result = function()
        seconds.append(time.process_time() - began)
        return result

    return timed


def test_analyse_from_the_store(benchmark, throughputs, store, tmp_path):
    big = tmp_path / "big.store"
    count = _big_store(store[0], big)
    analyze(big)  # pyarrow and pandas warm
    seconds: list[float] = []
    result = benchmark.pedantic(_cpu_timed(lambda: analyze(big), seconds), rounds=5)
    assert result.counts["hands_read"] == count
    benchmark.extra_info["note"] = (
        f"the converted workload's rows {STORE_COPIES} times, sources and hand ids distinct"
    )
    benchmark.extra_info["cpu_seconds"] = seconds
    throughputs.record_times(
        "history: analyse a hand store (analyze)", seconds, count, "hands", ">= 1 M hands/s"
    )


def test_convert_to_a_store(benchmark, throughputs, workload, tmp_path):
    pytest.importorskip("pyarrow")
    from showdown.history.store import write_store

    folder, count = workload
    outputs = iter(range(100))

    def convert() -> dict[str, int]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return write_store(folder, tmp_path / f"store-{next(outputs)}")

    seconds: list[float] = []
    counts = benchmark.pedantic(_cpu_timed(convert, seconds), rounds=2)
    assert counts["hands_read"] == count
    benchmark.extra_info["cpu_seconds"] = seconds
    throughputs.record_times("history: convert .phhs to a hand store", seconds, count, "hands")


#: The quoted workload: a million hands, 2 % of them adjusted all-ins.
QUOTED_ALLINS = 20_000
#: The all-ins' mix, as simulated short-stacked hold'em gives it (players, cards on the
#: board, share): mostly heads-up before the flop, on the flop and on the turn.
ALLIN_MIX = ((2, 0, 0.30), (2, 3, 0.30), (2, 4, 0.25), (3, 0, 0.05), (3, 3, 0.05), (3, 4, 0.05))


def _allin_spots(count: int) -> list[Any]:
    """``count`` random all-in spots of :data:`ALLIN_MIX` (nearly all distinct)."""
    import numpy as np

    from conftest import SEED
    from showdown.history.replayed import AllInSpot

    rng = np.random.default_rng(SEED)
    streets = {0: "preflop", 3: "flop", 4: "turn"}
    spots = []
    for players, board, share in ALLIN_MIX:
        for _ in range(round(count * share)):
            cards = [int(card) for card in rng.permutation(52)[: 2 * players + board]]
            holes = [cards[2 * k : 2 * k + 2] for k in range(players)]
            wagers = [int(value) for value in rng.integers(20, 200, players)]
            spot = AllInSpot(streets[board], cards[2 * players :], holes, wagers, 0,
                             [True] * players)  # fmt: skip
            spots.append((spot, "holdem", 0))
    return spots


def test_allin_ev_of_20000_spots(benchmark, throughputs):
    """The all-in EV part of analysing a million hands: :data:`QUOTED_ALLINS` distinct
    all-ins priced as analysis prices them (:func:`~showdown.history.allin.allin_evs`:
    heads-up pots from the preflop table and one compiled pass over the boards, others
    by the equity engine), remembered answers forgotten first, so every spot is computed.
    Hands with no all-in do not reach this part (their cost is the analysis rate)."""
    from showdown.equity import call_cache
    from showdown.history.allin import allin_evs, forget_shares

    spots = _allin_spots(QUOTED_ALLINS)
    allin_evs(spots[:50] + spots[-50:])  # kernels loaded before timing

    def all_spots() -> int:
        # Both remembered answers forgotten (ours and equity()'s own): every spot computed.
        forget_shares()
        call_cache.clear()
        return len(allin_evs(spots))

    seconds: list[float] = []
    done = benchmark.pedantic(_cpu_timed(all_spots, seconds), rounds=ROUNDS)
    assert done == len(spots) >= QUOTED_ALLINS - 5
    throughputs.record_times(
        "history: all-in EV of 20,000 distinct spots (allin_evs)", seconds, done, "spots",
        f"{QUOTED_ALLINS:,} in < 30 s with the rest of 1 M hands",
    )  # fmt: skip
    benchmark.extra_info["spots"] = done
    benchmark.extra_info["cpu_seconds"] = seconds
