"""Hand-history analytics: hands per second read and analysed, and pokerkit on the same files.

Run with ``pytest benchmarks/test_bench_history.py``. The workload is the public
PHH dataset sample (six HandHQ ``.phhs`` files, 131 real no-limit hold'em hands
from six sites) copied :data:`COPIES` times into a temporary directory, so each
run reads a few thousand hands from a few hundred files, as a large dataset is
read. One thread, one process; imports and compiled kernels are loaded before
timing.

Measured, each pair interleaved (A B, B A, ...) so both see the same machine,
CPU seconds of this process (``time.process_time``):

- reading: :func:`showdown.history.hands` (every hand checked as the simulator's
  PHH reader checks it) against pokerkit's ``HandHistory.load_all`` (its PHH
  loader: TOML to a hand-history object, nothing replayed);
- reading and analysing: :func:`showdown.history.analyze` (results, all-in EV,
  statistics) against pokerkit loading and replaying every hand (iterating its
  states: the closest thing pokerkit does to an analysis).

Also measured (CPU seconds): converting the workload to a hand store
(``showdown convert``), analysing a hand store (``analyze(store)``) of the
converted rows copied :data:`STORE_COPIES` times (131,000 hands), and the
all-in EV of distinct simulated all-ins (a scaled measure of the quoted "a
million hands with ~2 % adjusted all-ins": the equity part of 20,000 all-ins,
projected from :data:`ALLIN_HANDS` simulated hands; see the test).

The ratios go into each benchmark's ``extra_info``. Nothing here fails on speed.
"""

from __future__ import annotations

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
#: Copies of the sample: 20 x 131 = 2,620 hands in 120 files.
COPIES = 20
ROUNDS = 3

pytestmark = pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is absent")


@pytest.fixture(scope="module")
def workload(tmp_path_factory) -> tuple[Path, int]:
    """A directory of the sample's files, each copied :data:`COPIES` times, and its hands."""
    folder = tmp_path_factory.mktemp("phh-dataset")
    for source in sorted(DATASET.rglob("*.phhs")):
        for copy in range(COPIES):
            shutil.copyfile(source, folder / f"{source.stem}-{copy}.phhs")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        count = sum(1 for _ in hands(folder))
    return folder, count


def _read(folder: Path) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return sum(1 for _ in hands(folder))


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


def _pair(benchmark, throughputs, workload, ours, theirs, labels) -> None:
    pytest.importorskip("pokerkit")
    folder, count = workload
    pair = Interleaved(lambda: ours(folder), lambda: theirs(folder))
    benchmark.pedantic(pair.run, args=(ROUNDS,), rounds=1, iterations=1)
    assert pair.results[0][-1] == pair.results[1][-1] == count
    info = pair.info(count, count)
    benchmark.extra_info.update(info, hands=count)
    target = ">= 100 k hands/s" if "analyse" in labels[0] else ""
    throughputs.record_times(labels[0], pair.cpu[0], count, "hands", target)
    throughputs.record_times(labels[1], pair.cpu[1], count, "hands")
    throughputs.compare(*labels)


def test_read_against_pokerkit_loader(benchmark, throughputs, workload):
    _pair(
        benchmark, throughputs, workload, _read, _pokerkit_load,
        ("history: read .phhs (hands)", "pokerkit: HandHistory.load_all"),
    )  # fmt: skip


def test_analyse_against_pokerkit_replay(benchmark, throughputs, workload):
    _analyze(workload[0])  # the equity kernels and the evaluator, loaded before timing
    _pair(
        benchmark, throughputs, workload, _analyze,
        lambda folder: _pokerkit_load(folder, replay=True),
        ("history: read and analyse .phhs (analyze)", "pokerkit: load_all and replay"),
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


#: Simulated hold'em hands at a short stack (about a third go all-in with cards to come).
ALLIN_HANDS = 1_500
#: The quoted workload: a million hands, 2 % of them adjusted all-ins.
QUOTED_ALLINS = 20_000


def test_allin_ev_of_distinct_spots(benchmark, throughputs):
    """The all-in EV part of analysis alone: every spot's equities (remembered answers
    cleared first, so each spot is computed), per spot; projected to the quoted 20,000
    all-ins of a million hands. Hands with no all-in do not reach this part. Spots that
    repeat within the run (the same cards and board) are computed once, as in analysis."""
    import showdown
    from showdown.equity import call_cache
    from showdown.history.allin import _shares, allin_ev
    from showdown.history.ledger import light_facts
    from showdown.history.parse import parse_hand
    from showdown.history.replayed import hand_facts

    simulated = showdown.simulate(
        "nlhe", ["random", "call", "strength"], hands=ALLIN_HANDS, seed=11, starting_stack=10,
        record_histories=True, threads=1,
    )  # fmt: skip
    spots = []
    for text in simulated.histories:
        history, _ = parse_hand(text, "simulated")
        facts = light_facts(history) or hand_facts(history)
        if facts.status == "candidate":
            spots.append((facts.spot, facts.game, facts.rake))
    allin_ev(*spots[0][:2])  # kernels loaded before timing

    def all_spots() -> int:
        # Both remembered answers cleared (ours and equity()'s own): every spot computed.
        _shares.cache_clear()
        call_cache.clear()
        for spot, game, rake in spots:
            allin_ev(spot, game, rake=rake)
        return len(spots)

    seconds: list[float] = []
    done = benchmark.pedantic(_cpu_timed(all_spots, seconds), rounds=3)
    assert done == len(spots) > ALLIN_HANDS // 10
    rate = throughputs.record_times(
        "history: all-in EV of distinct spots (allin_ev)", seconds, done, "spots",
        f"{QUOTED_ALLINS:,} in < 30 s with the rest of 1 M hands",
    )  # fmt: skip
    benchmark.extra_info["spots"] = done
    benchmark.extra_info["cpu_seconds"] = seconds
    benchmark.extra_info["projected_seconds_for_20000_spots"] = QUOTED_ALLINS / rate.per_second
