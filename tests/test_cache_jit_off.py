"""With ``NUMBA_DISABLE_JIT=1`` the package imports and its kernels run as Python.

That is how kernels are stepped through in a debugger and measured for
coverage. A small sample of every kind of kernel (evaluators, exact and
Monte Carlo equity, the simulator's session kernels) runs in a subprocess
with the JIT off; its answers must equal the compiled kernels' answers,
computed here with the same inputs and seeds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

from showdown import _jit, _jit_python

#: Defines ``answers()``: the answers of a small call of each kind of kernel.
ANSWERS = textwrap.dedent(
    """
    import json
    import numpy as np
    import showdown
    from showdown import _jit

    def answers():
        rng = np.random.default_rng(11)
        cards = np.argsort(rng.random((200, 52)), axis=1)[:, :9].astype(np.uint8)
        out = {
            "evaluate": showdown.evaluate(cards[:, :7]).tolist(),
            "evaluate_low8": showdown.evaluate_low8(cards[:, :7]).tolist(),
            "evaluate_omaha": showdown.evaluate_omaha(cards[:, :4], cards[:, 4:9]).tolist(),
        }
        spots = {
            "exact_flop": (["AsKs", "QQ+"], {"board": "Kd7c2h"}),
            "exact_omaha_hilo": (
                ["AsKs2d3c", "QhQcJdTd"], {"board": "Kd7c2hQs", "game": "plo8"}
            ),
            "monte_carlo": (["AKs", "22", "random"], {"samples": 3000, "seed": 5}),
            "monte_carlo_omaha": (
                ["AsKsQd2c", "QhQcJdJc"], {"game": "plo", "samples": 1000, "seed": 5}
            ),
        }
        for name, (players, options) in spots.items():
            result = showdown.equity(players, **options)
            out[name] = result.to_dict()
        for game in ("nlhe", "plo8"):
            result = showdown.simulate(
                game, ["random", "strength", "call"], hands=12, seed=9,
                engine="compiled", record_histories=True,
            )
            out["simulate_" + game] = [result.net, result.histories]
        return out
    """
)
#: Prints them as JSON, with whether the JIT was off.
SCRIPT = ANSWERS + 'print(json.dumps({"jit_disabled": _jit.JIT_DISABLED, "answers": answers()}))\n'


def _run_without_jit(tmp_path: Any) -> dict[str, Any]:
    environment = {
        **os.environ,
        "NUMBA_DISABLE_JIT": "1",
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),  # nothing is compiled, so nothing lands
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    assert "RuntimeWarning" not in done.stderr, done.stderr  # numpy overflow warnings, for one
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.skipif(_jit.JIT_DISABLED, reason="needs the compiled kernels' answers to compare")
def test_kernels_run_as_python_with_the_jit_off_and_agree_with_the_compiled_ones(
    tmp_path: Any,
) -> None:
    without_jit = _run_without_jit(tmp_path)
    assert without_jit["jit_disabled"] is True
    namespace: dict[str, Any] = {}
    exec(ANSWERS, namespace)  # the same calls, compiled, in this process
    compiled = json.loads(json.dumps(namespace["answers"]()))
    assert without_jit["answers"].keys() == compiled.keys()
    for name, answer in compiled.items():
        assert without_jit["answers"][name] == answer, name
    assert not (tmp_path / "numba").exists() or not any((tmp_path / "numba").rglob("*.nbc"))


@pytest.mark.parametrize(
    ("value", "leading", "trailing"),
    [
        (np.uint64(0), 64, 64),
        (np.uint64(1), 63, 0),
        (np.uint64(1 << 63), 0, 63),
        (np.uint64(0b101000), 58, 3),
        (np.uint32(0b100), 29, 2),
        (np.int64(-1), 0, 0),
        (np.int8(8), 4, 3),
    ],
)
def test_the_python_bit_counts_match_numbas(value: Any, leading: int, trailing: int) -> None:
    """The JIT-off stand-ins give numba's answers, in the argument's own type."""
    assert _jit_python.python_leading_zeros(value) == leading
    assert _jit_python.python_trailing_zeros(value) == trailing
    assert type(_jit_python.python_leading_zeros(value)) is type(value)
    compiled_leading, compiled_trailing = _bit_counts(value)
    assert (compiled_leading, compiled_trailing) == (leading, trailing)
    # A kernel run as Python widens a narrow argument to 64 bits, as numba computes on it,
    # but counts its bits in its own width, as numba does on the argument's type.
    as_python = _jit_python.python_kernel(_python_bit_counts)(value)
    assert tuple(int(count) for count in as_python) == (leading, trailing)


@_jit.jit
def _bit_count_kernel(value):  # pragma: no cover - compiled
    return _jit.leading_zeros(value), _jit.trailing_zeros(value)


def _python_bit_counts(value: Any) -> tuple[Any, Any]:
    return _jit_python.python_leading_zeros(value), _jit_python.python_trailing_zeros(value)


def _bit_counts(value: Any) -> tuple[int, int]:
    leading, trailing = _bit_count_kernel(value)
    return int(leading), int(trailing)


def test_narrow_integers_are_computed_at_64_bits_as_in_compiled_code() -> None:
    """A ``uint8`` card shifted past 8 bits keeps its bits, with the JIT on or off."""

    def shifted(cards: Any, out: Any) -> None:
        for index in range(cards.size):
            out[index] = 1 << ((cards[index] & 3) << 2)

    cards = np.arange(52, dtype=np.uint8)
    expected = np.array([1 << ((card & 3) * 4) for card in range(52)], dtype=np.int64)
    as_python = _jit_python.python_kernel(shifted)
    out = np.zeros(52, np.int64)
    as_python(cards, out)
    assert out.tolist() == expected.tolist()
    assert cards.dtype == np.uint8 and cards.tolist() == list(range(52))  # given back unchanged
    compiled = _jit.jit(shifted)
    out[:] = 0
    compiled(cards, out)
    assert out.tolist() == expected.tolist()


def test_narrow_arrays_written_by_a_python_kernel_are_written_back_wrapped() -> None:
    def fill(values: Any, shared: Any, words: Any) -> None:
        for index in range(values.size):
            values[index] = values[index] * 300  # past uint8: wraps, as a compiled store does
        shared[0] = 7
        words[0] = words[0] + 1

    values = np.arange(4, dtype=np.uint8)
    deck = np.zeros(16, np.uint8)
    words = deck.view(np.uint64)  # the same memory: the deck must stay itself
    _jit_python.python_kernel(fill)(values, deck, words)
    assert values.tolist() == [(index * 300) % 256 for index in range(4)]
    assert deck[0] == 8 and deck.dtype == np.uint8


def test_a_python_kernel_writes_back_only_the_elements_it_changed() -> None:
    """Kernels run from a thread pool write their own rows of one shared array: what another
    thread wrote during a call must survive that call's write-back (it was lost: the whole
    array was copied back, and recorded hands of the compiled engine came out empty)."""
    log = np.full((2, 3), -1, np.int8)

    def write_row(rows: Any, row: int) -> None:
        log[1 - row, :] = 5  # meanwhile, "another thread" fills the other row of the original
        rows[row, :] = row + 1

    _jit_python.python_kernel(write_row)(log, 0)
    assert log.tolist() == [[1, 1, 1], [5, 5, 5]]
