"""Public evaluator functions: validate at the edge, run a kernel, return numpy.

Every function is batch-first: the hand is the last axis and any leading shape
is a batch. Strings (``"AsKsQsJsTs"``) and lists of strings are accepted and
parsed here; kernels only ever see validated ``uint8`` arrays.

Types: one hand (a card string, or a list of card codes) gives a numpy scalar,
a batch (a list of card strings, nested lists, an array) a numpy array; the
overloads say so to type checkers. As in numpy's own stubs, an array argument
is typed as giving an array even when it holds a single hand (a 1-D array
gives a numpy scalar, which supports the same operations).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, Protocol, TypeVar, cast, overload

import numpy as np
from numpy.typing import NDArray

from .._jit import max_threads as numba_threads
from .._jit import thread_limit
from .._tasks import is_dask_collection
from ..cards import CardsLike, as_card_array, format_card
from . import _kernels
from ._batches import to_card_array
from .categories import N_LOWS
from .tables import get_tables

#: Below this many hands the kernels run on one thread: starting threads costs more.
PARALLEL_THRESHOLD = 50_000

#: Cards a best-five hand is made from (own cards plus board).
HIGH_SIZES = (5, 6, 7)

OneHand = str | Sequence[int]
"""One hand: a card string (``"AsKd"``) or the codes of one hand (``[51, 45]``)."""

Batch = NDArray[Any] | list[str] | tuple[str, ...] | Sequence[Sequence[int]]
"""A batch of hands: an array (the hand on the last axis), a list of card strings, or
nested lists of codes. (A list of one-card strings, ``["As", "Kd", ...]``, is read as
one hand but typed as a batch.)"""


ScalarT = TypeVar("ScalarT", bound=np.generic)
ScalarT_co = TypeVar("ScalarT_co", bound=np.generic, covariant=True)


class BestFiveEvaluator(Protocol[ScalarT_co]):
    """Type of the best-five evaluators (:func:`evaluate`, :func:`evaluate_low8`, the short deck's).

    One hand gives a numpy scalar, a batch an array; the overloads are written
    once here and declared on each evaluator by :func:`_best_five_overloads`.
    """

    @overload
    def __call__(
        self, cards: OneHand, board: OneHand | None = None, *, threads: int | None = None
    ) -> ScalarT_co: ...
    @overload
    def __call__(
        self, cards: Batch, board: CardsLike | None = None, *, threads: int | None = None
    ) -> NDArray[ScalarT_co]: ...
    @overload
    def __call__(
        self, cards: CardsLike, board: CardsLike | None = None, *, threads: int | None = None
    ) -> ScalarT_co | NDArray[ScalarT_co]: ...


def _best_five_overloads(
    scalar: type[ScalarT],
) -> Callable[[Callable[..., Any]], BestFiveEvaluator[ScalarT]]:
    """Declare a function a :class:`BestFiveEvaluator` giving ``scalar``; at run time a no-op."""

    def declare(function: Callable[..., Any]) -> BestFiveEvaluator[ScalarT]:
        return cast("BestFiveEvaluator[ScalarT]", function)

    return declare


def _flat(array: NDArray[np.uint8], name: str = "cards") -> NDArray[np.uint8]:
    """The batch as contiguous ``(n, cards)`` rows (a copy for views and broadcasts)."""
    try:
        # Rows counted from the shape: reshape(-1, 0) cannot infer them for an empty board.
        rows = math.prod(array.shape[:-1])
        return np.ascontiguousarray(array.reshape(rows, array.shape[-1]))
    except MemoryError:
        raise ValueError(
            f"{name}: a batch of shape {array.shape} ({array.size:,} cards) does not fit in "
            "memory; split it"
        ) from None


def _threads_for(n_hands: int, threads: int | None) -> int | None:
    if threads is None and n_hands < PARALLEL_THRESHOLD:
        return 1
    return threads


def _chunks(n_hands: int) -> int:
    """Work chunks for kernels with per-chunk scratch: a few per thread, never empty."""
    return max(1, min(n_hands, 4 * numba_threads()))


def _no_strength(strengths: NDArray[Any]) -> NDArray[np.bool_]:
    """Rows a high-hand kernel flagged: 0 is no hand's strength."""
    return strengths == 0


def _no_low(lows: NDArray[Any]) -> NDArray[np.bool_]:
    """Rows the low kernel flagged: above ``N_LOWS`` is no low's value."""
    return lows > N_LOWS


def _finish(out: NDArray[Any], batch_shape: tuple[int, ...]) -> Any:
    """Reshape to the batch shape; a single hand gives a numpy scalar."""
    if not batch_shape:
        return out[0]
    return out.reshape(batch_shape)


class _Deck(NamedTuple):
    """The cards a best-five evaluator's tables rank, for naming a card outside them."""

    #: Card codes below this are not in the deck (0: the full deck has them all).
    lowest_code: int
    #: The deck as an error names it: "5d is not in <description>".
    description: str


_FULL_DECK = _Deck(0, "the deck")


def _raise_bad_row(
    flat_rows: list[NDArray[np.uint8]],
    bad: NDArray[np.bool_],
    names: list[str],
    deck: _Deck = _FULL_DECK,
) -> None:
    """Name the first hand a kernel flagged: a card outside ``deck``, a repeat or a code over 51."""
    row = int(np.flatnonzero(bad)[0])
    where = f" (hand {row} of the batch)" if bad.size > 1 else ""
    for rows, name in zip(flat_rows, names, strict=True):
        codes = [int(code) for code in rows[row]]
        outside = [code for code in codes if code < deck.lowest_code]
        # A code over 51 in the same part is named below instead: it is no card at all.
        if outside and max(codes) <= 51:
            raise ValueError(
                f"{name}{where}: {format_card(outside[0])} is not in {deck.description}"
            )
    cards = np.concatenate([rows[row] for rows in flat_rows])
    label = " + ".join(names)
    as_card_array(cards, name=f"{label}{where}")  # raises with the exact reason
    raise ValueError(f"{label}{where}: invalid cards")  # pragma: no cover - defensive


def _best_five(
    cards: CardsLike,
    board: CardsLike | None,
    threads: int | None,
    kernel: Callable[..., None],
    get_kernel_tables: Callable[[], Any],
    dtype: type[np.unsignedinteger[Any]],
    flagged: Callable[[NDArray[Any]], NDArray[np.bool_]],
    deck: _Deck = _FULL_DECK,
) -> Any:
    """Run a best-five ``kernel`` over ``cards`` (joined to ``board``) and name any bad hand.

    The one path of :func:`evaluate`, :func:`evaluate_low8` and the short deck's
    evaluator: they differ only in their kernel, tables, output dtype, the mark
    of a bad row (``flagged``) and the deck. Tables are fetched after the input
    is checked, so bad input never waits for a first load or build.
    """
    flat, shape, parts, names = _hands(cards, board)
    if flat.shape[0] == 0 and board is not None and deck.lowest_code:
        # No row reaches the kernel, which is where cards outside the deck are
        # caught; repeats and codes over 51 were checked by _pair_inputs.
        shared = as_card_array(board, name="board", distinct=False).reshape(1, -1)
        if (shared < deck.lowest_code).any():
            _raise_bad_row([shared], np.ones(1, np.bool_), ["board"], deck)
    result = np.empty(flat.shape[0], dtype)
    with thread_limit(_threads_for(flat.shape[0], threads)):
        kernel(flat, get_kernel_tables(), result)
    bad = flagged(result)
    if bad.any():
        _raise_bad_row(parts, bad, names, deck)
    return _finish(result, shape)


def _no_board_with_dask(board: object) -> None:
    """Dask arrays carry whole hands: a separate ``board`` is refused by name."""
    if board is not None:
        raise ValueError(
            "board: not supported with a Dask array of cards; put the board's cards "
            "in each hand (last axis 5, 6 or 7)"
        )


@_best_five_overloads(np.uint16)
def evaluate(
    cards: CardsLike, board: CardsLike | None = None, *, threads: int | None = None
) -> Any:
    """Best high-hand strength of 5, 6 or 7 cards (a hand's own cards plus a board).

    Parameters
    ----------
    cards
        ``(..., 5|6|7)`` card codes, a card string, or a list of card strings;
        with ``board``, the hand's own cards (``(..., 2)`` in hold'em).
    board
        Community cards joined to every hand (batch shapes broadcast, as for
        :func:`evaluate_omaha`); 5, 6 or 7 cards in all.
        A ``dask.array`` of codes (no ``board``) gives a lazy Dask array (see Notes).
    threads
        Threads for big batches; ``None`` uses all cores above 50,000 hands.
        Results are identical at any thread count.

    Returns
    -------
    numpy.uint16 or numpy.ndarray
        ``uint16`` strengths of the batch shape (a scalar for one hand); larger is
        stronger, equal is a tie, and ``strength >> 12`` is the :class:`HandCategory`.

    Notes
    -----
    A Dask array (``pip install -e '.[dask]'``) is evaluated lazily,
    block by block, on whatever scheduler computes it: hands bigger than
    memory (a Zarr or Parquet store) are ranked out of core. Chunks along
    the last axis are merged first so no hand is cut; bad cards raise the
    usual ``ValueError`` when their block is computed. The same holds for
    :func:`evaluate_low8` and the Omaha functions.

    Examples
    --------
    >>> from showdown import evaluate, describe
    >>> describe(evaluate("7c7d7h2s2d3c4c"))
    'Full House, Sevens over Twos'
    >>> describe(evaluate("AsKs", board="QsJsTs2c3d"))  # hold'em: hole cards and a board
    'Straight Flush, Ace high (Royal Flush)'
    >>> evaluate(["AsKsQsJsTs", "2c3d4h5s7c"]).tolist()
    [36873, 4096]
    >>> describe(evaluate(["AsAd", "KsKd"], board="Ah7c2d"))  # two hands, one flop
    ['Three of a Kind, Aces, 7-2 kickers', 'Pair of Kings, A-7-2 kickers']
    """
    if is_dask_collection(cards):
        from ._dask import evaluate_dask

        _no_board_with_dask(board)
        return evaluate_dask(cards, evaluate, low=False, threads=threads)
    return _best_five(
        cards, board, threads, _kernels.evaluate_kernel, get_tables, np.uint16, _no_strength
    )


@_best_five_overloads(np.uint8)
def evaluate_low8(
    cards: CardsLike, board: CardsLike | None = None, *, threads: int | None = None
) -> Any:
    """Best 8-or-better (ace-to-five) low of 5, 6 or 7 cards (own cards plus ``board``).

    Straights and flushes do not count against a low; pairs cannot be used.
    ``cards``, ``board`` and ``threads`` are as for :func:`evaluate`.

    Returns
    -------
    numpy.uint8 or numpy.ndarray
        1..56, larger is a better low (56 = A-2-3-4-5); 0 means no qualifying low.

    Examples
    --------
    >>> from showdown import evaluate_low8, describe_low
    >>> int(evaluate_low8("As2d3c4h5s")), int(evaluate_low8("KsKdQcJhTs"))
    (56, 0)
    >>> describe_low(evaluate_low8("8c6d4h2sAcKd9h"))
    '8-6-4-2-A low'
    >>> describe_low(evaluate_low8("8c6d", board="4h2sAcKd9h"))
    '8-6-4-2-A low'
    """
    if is_dask_collection(cards):
        from ._dask import evaluate_dask

        _no_board_with_dask(board)
        return evaluate_dask(cards, evaluate_low8, low=True, threads=threads)
    return _best_five(cards, board, threads, _kernels.low8_kernel, get_tables, np.uint8, _no_low)


def _pair_inputs(
    first: NDArray[np.uint8], second: NDArray[np.uint8], names: tuple[str, str]
) -> tuple[NDArray[np.uint8], NDArray[np.uint8], tuple[int, ...]]:
    """Two card arrays broadcast to one batch shape, each as contiguous ``(n, cards)`` rows."""
    try:
        shape = np.broadcast_shapes(first.shape[:-1], second.shape[:-1])
    except ValueError:
        raise ValueError(
            f"{names[0]} batch shape {first.shape[:-1]} does not match {names[1]} batch shape "
            f"{second.shape[:-1]}"
        ) from None
    if math.prod(shape) == 0:
        # No row will reach the kernel, which is where repeats and codes over
        # 51 are caught: check the inputs as given so the answer does not
        # depend on the other argument's batch shape.
        as_card_array(first, name=names[0])
        as_card_array(second, name=names[1])
    first = _flat(np.broadcast_to(first, shape + first.shape[-1:]), names[0])
    second = _flat(np.broadcast_to(second, shape + second.shape[-1:]), names[1])
    return first, second, shape


def _omaha_inputs(hole_cards: CardsLike, board_cards: CardsLike):
    hole = to_card_array(hole_cards, "hole_cards", (4, 5, 6))
    board = to_card_array(board_cards, "board_cards", (3, 4, 5))
    return _pair_inputs(hole, board, ("hole_cards", "board_cards"))


def _hands(
    cards: CardsLike, board: CardsLike | None
) -> tuple[NDArray[np.uint8], tuple[int, ...], list[NDArray[np.uint8]], list[str]]:
    """Rows of 5-7 cards for the best-five evaluators: ``cards`` alone, or joined to ``board``.

    Returns the rows, the batch shape, and the parts and names a bad row is reported by.
    """
    if board is None:
        array = to_card_array(cards, "cards", HIGH_SIZES)
        flat = _flat(array)
        return flat, array.shape[:-1], [flat], ["cards"]
    hand = to_card_array(cards, "cards", tuple(range(1, 8)))
    shared = to_card_array(board, "board", tuple(range(0, 6)))
    total = hand.shape[-1] + shared.shape[-1]
    if total not in HIGH_SIZES:
        raise ValueError(
            f"cards + board: expected 5, 6 or 7 cards in all, got {hand.shape[-1]} + "
            f"{shared.shape[-1]} = {total}"
        )
    hand_rows, board_rows, shape = _pair_inputs(hand, shared, ("cards", "board"))
    return (
        np.concatenate((hand_rows, board_rows), axis=1),
        shape,
        [hand_rows, board_rows],
        [
            "cards",
            "board",
        ],
    )


def _run_omaha(
    hole_cards: CardsLike, board_cards: CardsLike, threads: int | None, high: bool, low: bool
) -> tuple[Any, Any]:
    if is_dask_collection(hole_cards) or is_dask_collection(board_cards):
        from ._dask import omaha_dask

        return omaha_dask(hole_cards, board_cards, _run_omaha, high=high, low=low, threads=threads)
    hole, board, shape = _omaha_inputs(hole_cards, board_cards)
    tables = get_tables()
    n_hands = hole.shape[0]
    out_high = np.empty(n_hands if high else 0, np.uint16)
    out_low = np.empty(n_hands if low else 0, np.uint8)
    with thread_limit(_threads_for(n_hands, threads)):
        _kernels.omaha_kernel(hole, board, tables, _chunks(n_hands), out_high, out_low)
    bad = _no_strength(out_high) if high else _no_low(out_low)
    if bad.any():
        _raise_bad_row([hole, board], bad, ["hole_cards", "board_cards"])
    return (_finish(out_high, shape) if high else None, _finish(out_low, shape) if low else None)


@overload
def evaluate_omaha(
    hole_cards: OneHand, board_cards: OneHand, *, threads: int | None = None
) -> np.uint16: ...
@overload
def evaluate_omaha(
    hole_cards: Batch, board_cards: CardsLike, *, threads: int | None = None
) -> NDArray[np.uint16]: ...
@overload
def evaluate_omaha(
    hole_cards: CardsLike, board_cards: Batch, *, threads: int | None = None
) -> NDArray[np.uint16]: ...
@overload
def evaluate_omaha(
    hole_cards: CardsLike, board_cards: CardsLike, *, threads: int | None = None
) -> np.uint16 | NDArray[np.uint16]: ...
def evaluate_omaha(
    hole_cards: CardsLike, board_cards: CardsLike, *, threads: int | None = None
) -> Any:
    """Best Omaha high hand: exactly two hole cards and three board cards.

    Parameters
    ----------
    hole_cards
        ``(..., 4|5|6)`` hole cards.
    board_cards
        ``(..., 3|4|5)`` board cards; batch shapes broadcast against the hole's.
    threads
        As for :func:`evaluate`.

    Returns
    -------
    numpy.ndarray or numpy.uint16
        High strengths on the same scale as :func:`evaluate`.

    Examples
    --------
    >>> from showdown import evaluate_omaha, describe
    >>> describe(evaluate_omaha("AsAhKdQc", "Ad7c2h9s3d"))  # only two aces may play
    'Three of a Kind, Aces, 9-7 kickers'
    """
    return _run_omaha(hole_cards, board_cards, threads, high=True, low=False)[0]


@overload
def evaluate_omaha_low8(
    hole_cards: OneHand, board_cards: OneHand, *, threads: int | None = None
) -> np.uint8: ...
@overload
def evaluate_omaha_low8(
    hole_cards: Batch, board_cards: CardsLike, *, threads: int | None = None
) -> NDArray[np.uint8]: ...
@overload
def evaluate_omaha_low8(
    hole_cards: CardsLike, board_cards: Batch, *, threads: int | None = None
) -> NDArray[np.uint8]: ...
@overload
def evaluate_omaha_low8(
    hole_cards: CardsLike, board_cards: CardsLike, *, threads: int | None = None
) -> np.uint8 | NDArray[np.uint8]: ...
def evaluate_omaha_low8(
    hole_cards: CardsLike, board_cards: CardsLike, *, threads: int | None = None
) -> Any:
    """Best Omaha 8-or-better low: exactly two hole cards and three board cards.

    Returns
    -------
    numpy.ndarray or numpy.uint8
        1..56 (larger is better), 0 when no qualifying low can be made.

    Examples
    --------
    >>> from showdown import evaluate_omaha_low8, describe_low
    >>> describe_low(evaluate_omaha_low8("As2sKdKc", "3h4h8cQdJs"))
    '8-4-3-2-A low'
    >>> int(evaluate_omaha_low8("As2s3h4h", "5c9dTdJsQs"))  # one low board card
    0
    """
    return _run_omaha(hole_cards, board_cards, threads, high=False, low=True)[1]


@overload
def evaluate_omaha_hilo(
    hole_cards: OneHand, board_cards: OneHand, *, threads: int | None = None
) -> tuple[np.uint16, np.uint8]: ...
@overload
def evaluate_omaha_hilo(
    hole_cards: Batch, board_cards: CardsLike, *, threads: int | None = None
) -> tuple[NDArray[np.uint16], NDArray[np.uint8]]: ...
@overload
def evaluate_omaha_hilo(
    hole_cards: CardsLike, board_cards: Batch, *, threads: int | None = None
) -> tuple[NDArray[np.uint16], NDArray[np.uint8]]: ...
@overload
def evaluate_omaha_hilo(
    hole_cards: CardsLike, board_cards: CardsLike, *, threads: int | None = None
) -> tuple[Any, Any]: ...
def evaluate_omaha_hilo(
    hole_cards: CardsLike, board_cards: CardsLike, *, threads: int | None = None
) -> tuple[Any, Any]:
    """Omaha high and 8-or-better low in one pass: ``(high, low)``.

    Faster than the two calls separately (the cards are read and checked once).

    Examples
    --------
    >>> from showdown import evaluate_omaha_hilo, describe, describe_low
    >>> high, low = evaluate_omaha_hilo("As2sKdKc", "3h4h8cKsJs")
    >>> describe(high), describe_low(low)
    ('Three of a Kind, Kings, J-8 kickers', '8-4-3-2-A low')
    """
    high, low = _run_omaha(hole_cards, board_cards, threads, high=True, low=True)
    return high, low


@lru_cache(maxsize=3)
def _prefixes(n_cards: int) -> NDArray[np.uint8]:
    # Every ascending choice of the first n-3 cards; the kernel loops over the last three.
    size = n_cards - 3
    return np.array(list(itertools.combinations(range(52 - 3), size)), dtype=np.uint8)


def _check_enumeration_size(n_cards: int) -> int:
    """``n_cards`` as a plain int; only integers 5, 6 and 7 (not 5.0, not True)."""
    if (
        isinstance(n_cards, (bool, np.bool_))
        or not isinstance(n_cards, (int, np.integer))
        or n_cards not in (5, 6, 7)
    ):
        raise ValueError(f"n_cards: expected the integer 5, 6 or 7, got {n_cards!r}")
    return int(n_cards)


def strength_histogram(n_cards: int, *, threads: int | None = None) -> NDArray[np.int64]:
    """How many ``n_cards``-card hands have each high strength (length 65,536).

    Enumerates every hand (133,784,560 for seven cards) with running key sums.
    """
    n_cards = _check_enumeration_size(n_cards)
    tables = get_tables()
    with thread_limit(threads) as used:
        return _kernels.enumerate_histogram(_prefixes(n_cards), max(4 * used, 1), tables)


def category_counts(n_cards: int, *, threads: int | None = None) -> dict[str, int]:
    """Exhaustive histogram of high-hand categories over every ``n_cards``-card hand.

    Parameters
    ----------
    n_cards
        5, 6 or 7.
    threads
        Threads for the enumeration (``None`` = all cores); counts never change.

    Returns
    -------
    dict
        Category label -> number of hands, weakest first.

    Examples
    --------
    >>> category_counts(5)["Straight Flush"]
    40
    """
    from .categories import CATEGORY_SHIFT, HandCategory

    histogram = strength_histogram(n_cards, threads=threads)
    by_category = np.bincount(
        np.arange(histogram.size) >> CATEGORY_SHIFT, weights=histogram, minlength=10
    )
    return {category.label: int(by_category[category]) for category in HandCategory}


def low8_histogram(n_cards: int, *, threads: int | None = None) -> NDArray[np.int64]:
    """How many ``n_cards``-card hands have each 8-or-better low strength (index 0..56).

    Examples
    --------
    >>> histogram = low8_histogram(5)
    >>> int(histogram[56]), int(histogram[1:].sum())  # wheels, all qualifying lows
    (1024, 57344)
    """
    n_cards = _check_enumeration_size(n_cards)
    tables = get_tables()
    with thread_limit(threads) as used:
        histogram = _kernels.enumerate_low_histogram(_prefixes(n_cards), max(4 * used, 1), tables)
    return histogram[: N_LOWS + 1]
