"""Exact equity on the spots of the issue's comparison table, OMPEval and poker-equity alongside.

Run ``OMPEVAL_LIB=/path/to/libomp_native.so pytest benchmarks/test_bench_equity_exact.py``.
Every library runs on one thread and is called once before timing. Each
showdown row times the whole ``equity()`` call (parsing, planning, result);
heads-up preflop rows are timed twice: reading the shipped table, and with
``use_tables=False`` (computed). OMPEval (when ``OMPEVAL_LIB`` is set) and
poker-equity (where it enumerates the spot in reasonable time) run the same
spot; equities must agree to 1e-9. Ratios go to the summary table; nothing
fails on speed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from showdown.equity import equity

try:
    from ompeval import load as load_ompeval
except ImportError:  # pragma: no cover - run from another directory
    from benchmarks.ompeval import load as load_ompeval


@dataclass(frozen=True)
class Row:
    """One exact spot of the comparison table."""

    name: str
    players: list[str]
    board: str = ""
    dead: str = ""
    omp_players: list[str] | None = None  # OMPEval spelling when it differs
    peer_players: list[str] | None = None  # poker-equity spelling; None: it cannot do the spot
    table: bool = False  # heads-up preflop: also timed without the table
    rounds: int = 20

    @property
    def label(self) -> str:
        return f"exact {self.name}"


ROWS = [
    Row("AhKh v QsQd preflop", ["AhKh", "QsQd"], peer_players=["AhKh", "QsQd"], table=True),
    Row(
        "AsAh v KsKh v QsQh preflop",
        ["AsAh", "KsKh", "QsQh"],
        peer_players=["AsAh", "KsKh", "QsQh"],
    ),
    Row(
        "QQ+, AKs v JJ-99, AQs preflop",
        ["QQ+, AKs", "JJ-99, AQs"],
        omp_players=["QQ+,AKs", "JJ,TT,99,AQs"],
        table=True,
    ),
    Row("AhKh v random preflop", ["AhKh", "random"], table=True, rounds=5),
    Row(
        "AhKh v QsQd on 2c7d9h",
        ["AhKh", "QsQd"],
        board="2c7d9h",
        peer_players=["AhKh", "QsQd"],
        rounds=200,
    ),
    Row(
        "QQ+ v AK, AQ v random on Ks8d4c2h",
        ["QQ+", "AK, AQ", "random"],
        board="Ks8d4c2h",
        omp_players=["QQ+", "AK,AQ", "random"],
        peer_players=["QQ+", "AK,AQ", "**"],
    ),
    Row(
        "random v random v AK on 4hAd3c4c7c, dead 6h",
        ["random", "random", "AK"],
        board="4hAd3c4c7c",
        dead="6h",
        peer_players=["**", "**", "AK"],
    ),
]


def _spaced(cards: str) -> str:
    return " ".join(cards[index : index + 2] for index in range(0, len(cards), 2))


@pytest.fixture(scope="module")
def ompeval():
    library = load_ompeval()
    if library is None:
        pytest.skip("OMPEVAL_LIB is not set")
    return library


@pytest.mark.parametrize("use_tables", [True, False], ids=["default", "no table"])
@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_showdown_exact(benchmark, throughputs, row: Row, use_tables: bool) -> None:
    if not use_tables and not row.table:
        pytest.skip("no table for this spot")
    kwargs = {"board": row.board, "dead": row.dead, "exact": True, "threads": 1}
    kwargs["use_tables"] = use_tables
    first = equity(row.players, **kwargs)
    result = benchmark.pedantic(
        equity, args=(row.players,), kwargs=kwargs, rounds=row.rounds, warmup_rounds=1
    )
    assert result.exact and result.equity.tolist() == first.equity.tolist()
    label = row.label + ("" if use_tables or not row.table else " (no table)")
    throughputs.record(benchmark, label, 1, "spots", target=">= 2x OMPEval")
    benchmark.extra_info["equity"] = result.equity.tolist()


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_ompeval_exact(benchmark, throughputs, ompeval, row: Row) -> None:
    players = row.omp_players or row.players
    ours = equity(row.players, board=row.board, dead=row.dead, exact=True, threads=1)
    result = benchmark.pedantic(
        ompeval.equity,
        args=(players, row.board, row.dead),
        kwargs={"exact": True, "threads": 1},
        rounds=max(3, row.rounds // 2),
        warmup_rounds=1,
    )
    assert result.equity == pytest.approx(ours.equity.tolist(), abs=1e-9)
    label = f"OMPEval {row.label}"
    throughputs.record(benchmark, label, 1, "spots")
    benchmark.extra_info["evaluations"] = result.evaluations
    benchmark.extra_info["preflop_combos"] = result.preflop_combos
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(row.label, label, 2.0)
    if row.table:
        throughputs.compare(row.label + " (no table)", label, 2.0)


@pytest.mark.parametrize("row", [row for row in ROWS if row.peer_players], ids=lambda row: row.name)
def test_poker_equity_exact(benchmark, throughputs, row: Row) -> None:
    poker_equity = pytest.importorskip("poker_equity")
    assert row.peer_players is not None
    ours = equity(row.players, board=row.board, dead=row.dead, exact=True, threads=1)
    args = ("holdem", row.peer_players, _spaced(row.board), _spaced(row.dead))
    result = benchmark.pedantic(poker_equity.exact_from_text, args=args, rounds=3, warmup_rounds=1)
    assert result is not None and result["exact"]
    theirs = [player["equity"] for player in result["players"]]
    assert theirs == pytest.approx(ours.equity.tolist(), abs=1e-9)
    label = f"poker-equity {row.label}"
    throughputs.record(benchmark, label, 1, "spots")
    benchmark.extra_info["showdown_ratio"] = throughputs.compare(row.label, label)
