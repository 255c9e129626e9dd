"""``hands_frame()``: the same rows as a plain row-by-row construction, in compact columns.

The frame of a long run must stay proportionate to the hand log it comes from: no Python
object per row (card text is categorical, each distinct value stored once), small integer
types. The bounds are memory, measured by pandas and by tracemalloc, never time.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from showdown.cards import format_card
from showdown.simulator import simulate
from showdown.simulator.hand_log import FRAME_COLUMNS, HandLog

pd = pytest.importorskip("pandas")


def _text(codes: np.ndarray) -> str:
    return "".join(format_card(int(code)) for code in codes if code >= 0)


def _expected_rows(log: HandLog, agents: list[str], big_blind: float) -> list[tuple]:
    """The frame's rows, built one by one from the log (the reference)."""
    rows = []
    for hand in range(len(log)):
        for seat in range(log.players):
            if log.dealt is not None and not log.dealt[hand, seat]:
                continue
            rows.append((
                hand, int(log.table[hand]), seat, agents[seat],
                (seat - int(log.button[hand]) - 1) % log.players,
                _text(log.cards[hand, seat]), _text(log.board[hand]),
                int(log.net[hand, seat]), log.net[hand, seat] / big_blind,
                bool(log.showed[hand, seat]), bool(log.won[hand, seat]),
            ))  # fmt: skip
    return rows


@pytest.mark.parametrize(
    ("game", "mode", "agents"),
    [
        ("nlhe", "cash", ["random", "call", "strength", "random"]),
        ("stud8", "cash", ["random", "call", "strength"]),
        ("draw", "cash", ["strength", "random"]),
        ("plo", "tournament", ["random", "call", "random"]),  # busted seats sit out
    ],
)
def test_frame_rows_equal_a_plain_construction(game, mode, agents):
    # One table of short stacks: the tournament busts players within 150 hands.
    tables, stack = (1, 20) if mode == "tournament" else (None, None)
    result = simulate(
        game, agents, hands=150, seed=7, mode=mode, tables=tables, starting_stack=stack,
        record_hands=True,
    )  # fmt: skip
    log = result.hand_log
    assert log is not None
    frame = result.hands_frame()
    assert tuple(frame.columns) == FRAME_COLUMNS
    names = [seat.agent for seat in result.seats]
    got = [tuple(row) for row in frame.itertuples(index=False)]
    assert got == _expected_rows(log, names, result.big_blind)
    if mode == "tournament":
        assert log.dealt is not None and len(frame) < 150 * len(agents)
    assert frame.groupby("agent", observed=True)["net"].sum().sum() == 0


def test_frame_columns_are_compact():
    result = simulate("nlhe", ["random", "call", "strength"] * 2, hands=3000, seed=1,
                      record_hands=True)  # fmt: skip
    frame = result.hands_frame()
    dtypes = {name: str(dtype) for name, dtype in frame.dtypes.items()}
    assert dtypes["seat"] == dtypes["position"] == "int8"
    assert dtypes["hand"] == "int16" and dtypes["table"] == "int16"
    for name in ("agent", "hole_cards", "board"):
        assert dtypes[name] == "category", name
    assert dtypes["net"] == "int64" and dtypes["net_bb"] == "float64"


def test_frame_memory_is_proportionate_to_the_log():
    result = simulate("nlhe", ["random", "call", "strength"] * 2, hands=20_000, seed=2,
                      record_hands=True)  # fmt: skip
    log = result.hand_log
    assert log is not None
    rows = 20_000 * 6
    logged = sum(
        array.nbytes
        for array in (log.table, log.button, log.net, log.cards, log.board, log.showed, log.won)
    )
    tracemalloc.start()
    try:
        frame = result.hands_frame()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    held = int(frame.memory_usage(deep=True).sum())
    # Text per row (the old columns) held ~240 bytes a row and peaked near 450 while built.
    assert held / rows < 64, held / rows
    assert peak / rows < 160, peak / rows
    assert held < 4 * logged
