"""Fuzz the evaluator's entry points with numpy inputs of every dtype, layout and shape.

Every outcome is checked: a result must equal the naive reference evaluator's
(tests/reference), and an input is refused exactly when it is not a batch of
valid hands (integer dtype, not masked, right hand size, codes 0..51, no card
twice), with a ValueError naming the argument.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator.test_exhaustive import REFERENCE_COUNTS
from reference.naive_evaluator import best_high, best_low8, omaha_high, omaha_low8
from showdown.evaluator import (
    category_counts,
    describe,
    describe_low,
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
    hand_category,
)
from showdown.evaluator.categories import class_strengths, low_strengths

from ._harness import EXAMPLE_COUNTS, fuzz_settings, outcome_of

STRENGTH_OF_KEY = {
    (int(category) - 1, *ranks): strength
    for (category, ranks), strength in class_strengths().items()
}
LOW_OF_KEY = {
    tuple(-(bit + 1) for bit in low): strength for low, strength in low_strengths().items()
}
VALID_STRENGTHS = frozenset(STRENGTH_OF_KEY.values())

INTEGER_DTYPES = ["u1", "i1", "<u2", ">u2", "<i4", ">i4", "<i8", ">i8", "<u8", ">u8"]
OTHER_DTYPES = ["<f4", ">f8", "?", "O", "U4", "c16", "m8[s]"]
LAYOUTS = ["plain", "reversed", "strided", "fortran", "broadcast", "masked", "list", "zero_d"]
BAD_VALUES = [52, 255, 256, -1, 300, 10**12, 2**63 - 1]


@st.composite
def card_batches(draw, sizes: tuple[int, ...]) -> tuple[object, dict]:
    """A card input plus what the oracle needs: its logical values and how it was made."""
    batch_shape = tuple(draw(st.lists(st.integers(0, 3), max_size=2)))
    hand_size = draw(st.sampled_from([*sizes, *sizes, 0, 1, 2, 8]))
    rows = math.prod(batch_shape)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    values = np.array(
        [rng.permutation(52)[:hand_size] for _ in range(rows)], dtype=np.int64
    ).reshape(*batch_shape, hand_size)
    mutation = draw(st.sampled_from(["none", "none", "none", "bad_value", "duplicate"]))
    if values.size and mutation == "bad_value":
        values.reshape(-1)[draw(st.integers(0, values.size - 1))] = draw(
            st.sampled_from(BAD_VALUES)
        )
    elif values.shape[-1] >= 2 and rows and mutation == "duplicate":
        flat = values.reshape(-1, hand_size)
        row = draw(st.integers(0, rows - 1))
        flat[row, 1] = flat[row, 0]
    dtype = draw(st.sampled_from(INTEGER_DTYPES * 3 + OTHER_DTYPES))
    layout = draw(st.sampled_from(LAYOUTS))
    with np.errstate(all="ignore"):
        try:
            typed = values.astype(dtype)
        except (OverflowError, ValueError):
            typed = values.astype(np.int64)
    if layout == "reversed" and typed.ndim:
        made: object = typed[..., ::-1]
    elif layout == "strided" and typed.ndim:
        wide = np.repeat(typed, 2, axis=-1)
        made = wide[..., ::2]
    elif layout == "fortran":
        made = np.asfortranarray(typed)
    elif layout == "broadcast" and typed.ndim:
        made = np.broadcast_to(typed, (2, *typed.shape))
    elif layout == "masked":
        made = np.ma.masked_array(typed, mask=np.zeros(typed.shape, bool))
    elif layout == "list":
        made = typed.tolist()
    elif layout == "zero_d":
        made = typed.reshape(-1)[:1].reshape(()) if typed.size else typed
    else:
        made = typed
    return made, {"layout": layout}


def logical(made: object) -> tuple[np.ndarray | None, str]:
    """Integer values of an input as the contract sees them, or None and why it is refused."""
    if isinstance(made, np.ma.MaskedArray):
        return None, "masked"
    array = np.asarray(made)
    if array.size == 0 and array.dtype.kind == "f" and not isinstance(made, np.ndarray):
        array = array.astype(np.int64)
    if array.dtype.kind not in "iu":
        return None, "dtype"
    # uint64 values above int64's range stay exact as Python ints.
    return array.astype(object) if array.dtype == np.uint64 else array, ""


def valid_rows(values: np.ndarray | None, sizes: tuple[int, ...]) -> bool:
    if values is None or values.ndim == 0 or values.shape[-1] not in sizes:
        return False
    if values.size and (values.min() < 0 or values.max() > 51):
        return False
    flat = values.reshape(-1, values.shape[-1])
    return all(len(set(row)) == len(row) for row in flat.tolist())


@pytest.mark.parametrize("examples", EXAMPLE_COUNTS)
@pytest.mark.parametrize("low", [False, True], ids=["evaluate", "evaluate_low8"])
def test_evaluate_and_low8_on_any_array(examples: int, low: bool) -> None:
    function = evaluate_low8 if low else evaluate
    entry = function.__name__

    @fuzz_settings(examples)
    @given(card_batches((5, 6, 7)))
    def run(case: tuple[object, dict]) -> None:
        made, _ = case
        values, _ = logical(made)
        expected_ok = valid_rows(values, (5, 6, 7))

        def check(result: object) -> None:
            assert expected_ok, f"accepted an invalid input {made!r}"
            assert values is not None
            flat = values.reshape(-1, values.shape[-1]).tolist()
            strengths = np.asarray(result).reshape(-1).tolist()
            assert np.shape(result) == values.shape[:-1]
            for row, strength in zip(flat, strengths, strict=True):
                if low:
                    key = best_low8(row)
                    assert strength == (0 if key is None else LOW_OF_KEY[key]), row
                else:
                    assert strength == STRENGTH_OF_KEY[best_high(row)], row

        result = outcome_of(entry, lambda: function(made), names=["cards"], check=check)
        if result is None:
            assert not expected_ok, f"refused a valid input {made!r}"

    run()


@pytest.mark.parametrize("examples", EXAMPLE_COUNTS)
@pytest.mark.parametrize("mode", ["high", "low", "hilo"])
def test_omaha_on_any_arrays(examples: int, mode: str) -> None:
    function = {"high": evaluate_omaha, "low": evaluate_omaha_low8, "hilo": evaluate_omaha_hilo}[
        mode
    ]
    entry = function.__name__

    @fuzz_settings(examples)
    @given(card_batches((4, 5, 6)), st.data())
    def run(hole_case: tuple[object, dict], data: st.DataObject) -> None:
        hole, _ = hole_case
        hole_values, _ = logical(hole)
        if data.draw(st.booleans()) and valid_rows(hole_values, (4, 5, 6)):
            assert hole_values is not None
            # A board that fits the hole: from the cards the hole does not use.
            board_size = data.draw(st.sampled_from([3, 4, 5, 2, 6]))
            shape = hole_values.shape[:-1]
            used = hole_values.reshape(-1, hole_values.shape[-1])
            boards = []
            for row in used.tolist():
                free = [card for card in range(52) if card not in row]
                boards.append(free[-board_size:])
            board: object = np.array(boards, dtype=np.int64).reshape(*shape, board_size)
            if data.draw(st.booleans()) and shape and min(shape) > 0:
                board = np.asarray(board)[(0,) * len(shape)]  # one board broadcast to all
        else:
            board, _ = data.draw(card_batches((3, 4, 5)))
        board_values, _ = logical(board)
        expected_ok = valid_rows(hole_values, (4, 5, 6)) and valid_rows(board_values, (3, 4, 5))
        if expected_ok:
            assert hole_values is not None and board_values is not None
            try:
                shape = np.broadcast_shapes(hole_values.shape[:-1], board_values.shape[:-1])
            except ValueError:
                expected_ok = False
            else:
                holes = np.broadcast_to(hole_values, (*shape, hole_values.shape[-1]))
                boards = np.broadcast_to(board_values, (*shape, board_values.shape[-1]))
                pairs = list(
                    zip(
                        holes.reshape(-1, holes.shape[-1]).tolist(),
                        boards.reshape(-1, boards.shape[-1]).tolist(),
                        strict=True,
                    )
                )
                expected_ok = all(not set(h) & set(b) for h, b in pairs)

        def check(result: object) -> None:
            assert expected_ok, f"accepted an invalid input {hole!r} / {board!r}"
            highs = lows = None
            if mode == "hilo":
                highs, lows = result  # type: ignore[misc]
            elif mode == "high":
                highs = result
            else:
                lows = result
            for got, want in (
                (highs, lambda h, b: STRENGTH_OF_KEY[omaha_high(h, b)]),
                (
                    lows,
                    lambda h, b: 0 if omaha_low8(h, b) is None else LOW_OF_KEY[omaha_low8(h, b)],
                ),
            ):
                if got is None:
                    continue
                assert np.shape(got) == shape
                flat = np.asarray(got).reshape(-1).tolist()
                assert flat == [want(h, b) for h, b in pairs]

        result = outcome_of(
            entry,
            lambda: function(hole, board),
            names=["hole_cards", "board_cards"],
            check=check,
        )
        if result is None:
            assert not expected_ok, f"refused a valid input {hole!r} / {board!r}"

    run()


STRENGTH_INPUTS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from(sorted(VALID_STRENGTHS)),
    st.integers(0, 1 << 16),
    st.floats(),
    st.booleans(),
    st.text(max_size=3),
    st.none(),
    st.lists(st.integers(0, 1 << 16), max_size=4),
    st.tuples(
        st.sampled_from(INTEGER_DTYPES + OTHER_DTYPES), st.lists(st.integers(0, 40_000), max_size=4)
    ),
)


def _as_input(raw: object) -> object:
    if isinstance(raw, tuple):
        dtype, items = raw
        with np.errstate(all="ignore"):
            try:
                return np.array(items, dtype=np.int64).astype(dtype)
            except (OverflowError, ValueError, TypeError):
                return np.array(items, dtype=np.int64)
    return raw


@pytest.mark.parametrize("examples", EXAMPLE_COUNTS)
def test_strength_functions_on_any_input(examples: int) -> None:
    @fuzz_settings(examples)
    @given(STRENGTH_INPUTS)
    def run(raw: object) -> None:
        value = _as_input(raw)
        array = np.asarray(value) if not isinstance(value, (str, type(None))) else None
        integer = array is not None and array.dtype.kind in "iu" and not isinstance(value, bool)
        numbers = [int(item) for item in np.asarray(value).reshape(-1).tolist()] if integer else []
        high_ok = integer and all(number in VALID_STRENGTHS for number in numbers)
        low_ok = integer and all(0 <= number <= 56 for number in numbers)
        text_of = lambda name: [name, "strength", repr(value)]  # noqa: E731

        def check_category(result: object) -> None:
            assert high_ok
            got = np.asarray(result).reshape(-1).tolist()
            assert got == [number >> 12 for number in numbers]

        def check_describe(result: object) -> None:
            assert high_ok
            flat = (
                [result]
                if isinstance(result, str)
                else list(np.ravel(np.array(result, dtype=object)))
            )
            assert len(flat) == len(numbers)

        def check_low(result: object) -> None:
            assert low_ok

        for function, check, ok in (
            (hand_category, check_category, high_ok),
            (describe, check_describe, high_ok),
            (describe_low, check_low, low_ok),
        ):
            result = outcome_of(
                function.__name__,
                lambda f=function: f(value),
                names=text_of("strength"),
                check=check,
            )
            if result is None:
                assert not ok, f"{function.__name__} refused {value!r}"

    run()


# Every valid call enumerates all 5-, 6- or 7-card hands: hours as Python (JIT off).
@pytest.mark.needs_jit
@pytest.mark.parametrize(
    "examples",
    [pytest.param(40, id="default"), pytest.param(400, id="many", marks=pytest.mark.slow)],
)
def test_category_counts_on_any_arguments(examples: int) -> None:
    sizes = st.one_of(
        st.sampled_from([5, 6, 7, np.int64(5), np.uint8(6)]),
        st.integers(-3, 10),
        st.floats(),
        st.booleans(),
        st.none(),
        st.text(max_size=2),
    )
    threads = st.one_of(
        st.none(), st.integers(-2, 4), st.sampled_from([np.int64(2), np.int32(1), 2.0, True, "2"])
    )

    @fuzz_settings(examples)
    @given(sizes, threads)
    def run(size: object, thread_count: object) -> None:
        size_ok = (
            isinstance(size, (int, np.integer))
            and not isinstance(size, (bool, np.bool_))
            and int(size) in (5, 6, 7)
        )
        threads_ok = thread_count is None or (
            isinstance(thread_count, (int, np.integer))
            and not isinstance(thread_count, bool)
            and int(thread_count) >= 1
        )

        def check(counts: dict[str, int]) -> None:
            assert size_ok and threads_ok
            assert (
                list(counts.values()) == REFERENCE_COUNTS[int(size)]
                if int(size) != 7
                else sum(counts.values()) == math.comb(52, 7)
            )

        result = outcome_of(
            "category_counts",
            lambda: category_counts(size, threads=thread_count),  # type: ignore[arg-type]
            names=["n_cards", "threads"],
            check=check,
        )
        if result is None:
            assert not (size_ok and threads_ok), (size, thread_count)

    run()
