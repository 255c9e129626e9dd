"""Lazy evaluation of Dask arrays of hands: the numpy evaluator mapped over blocks.

``evaluate`` and friends hand a ``dask.array.Array`` here (see
:func:`showdown._tasks.is_dask_collection`). Each block of hands goes through
the numpy function of the same name, so a block is validated, evaluated and
reported exactly like an in-memory batch, and a Parquet or Zarr store of
hands bigger than memory is ranked block by block, on whatever scheduler
computes the result (threads, processes or a ``dask.distributed`` cluster).

Hands must not be cut in two: chunks along the last axis (the cards of a
hand) are merged before mapping, which costs nothing for the usual layout of
one chunk per group of rows. Only the metadata is checked up front (integer
codes, cards per hand); bad cards are found when a block is computed and
raise the same ``ValueError`` as the numpy function, with the block's place.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .._tasks import import_distributed, is_dask_collection
from ._batches import lengths_error, to_card_array

__all__ = ["evaluate_dask", "omaha_dask"]


def _dask_array_module() -> Any:
    """``dask.array``, or an ``ImportError`` naming the extra."""
    import_distributed("evaluating a Dask array")
    import dask.array

    return dask.array


def _hands(cards: Any, name: str, lengths: tuple[int, ...]) -> Any:
    """A Dask array of card codes checked up front, each hand within one chunk."""
    if cards.dtype.kind not in "iu":
        raise ValueError(
            f"{name}: a Dask array of hands must hold integer card codes 0..51, "
            f"got dtype {cards.dtype}"
        )
    if cards.ndim == 0:
        raise lengths_error(name, lengths, 0)
    per_hand = cards.shape[-1]
    if isinstance(per_hand, float) and math.isnan(per_hand):
        raise ValueError(
            f"{name}: the number of cards per hand (the last axis) is unknown; "
            "call compute_chunk_sizes() on the array first"
        )
    if per_hand not in lengths:
        raise lengths_error(name, lengths, per_hand)
    if cards.numblocks[-1] > 1:
        cards = cards.rechunk({cards.ndim - 1: -1})
    return cards


def _where(block_info: dict[Any, Any] | None) -> str:
    """Words placing a block in its array, for error messages."""
    if not block_info or 0 not in block_info:
        return "a Dask block; hands are numbered from its first"
    location = block_info[0].get("array-location") or []
    spans = ", ".join(f"{start}:{stop}" for start, stop in location[:-1])
    if not spans:
        return "a Dask block"
    return f"the Dask block [{spans}]; hands are numbered from its first"


def _evaluate_block(
    block: np.ndarray, function: Callable[..., Any], threads: int | None, block_info: Any = None
) -> np.ndarray:
    """One block through the numpy evaluator ``function`` (runs on a Dask worker)."""
    try:
        return np.asarray(function(block, threads=threads))
    except ValueError as error:
        raise ValueError(f"{error} (in {_where(block_info)})") from None


def evaluate_dask(
    cards: Any, function: Callable[..., Any], *, low: bool, threads: int | None
) -> Any:
    """Lazy ``evaluate`` (``low=False``) or ``evaluate_low8`` of a Dask array.

    ``function`` is that numpy function, handed in by it (this module sits below it).
    """
    _dask_array_module()
    cards = _hands(cards, "cards", (5, 6, 7))
    dtype = np.uint8 if low else np.uint16
    return cards.map_blocks(
        _evaluate_block,
        function,
        threads,
        dtype=dtype,
        drop_axis=cards.ndim - 1,
        meta=np.empty((0,) * (cards.ndim - 1), dtype),
        token="showdown-evaluate-low8" if low else "showdown-evaluate",
    )


# ----------------------------------------------------------------------------- Omaha
def _omaha_block(
    hole: np.ndarray,
    board: np.ndarray,
    run: Callable[..., tuple[Any, Any]],
    high: bool,
    low: bool,
    threads: int | None,
) -> np.ndarray:
    """One block of Omaha hands through ``run`` (the numpy evaluator's); both halves
    stacked on a last axis for hi-lo."""
    try:
        high_values, low_values = run(hole, board, threads, high=high, low=low)
    except ValueError as error:
        raise ValueError(f"{error} (in {_where(None)})") from None
    if high and low:
        return np.stack([np.asarray(high_values), np.asarray(low_values, np.uint16)], axis=-1)
    return np.asarray(high_values if high else low_values)


def _omaha_side(cards: Any, name: str, lengths: tuple[int, ...]) -> tuple[Any, bool]:
    """(cards, lazy): a checked Dask array, or the numpy cards when given in memory."""
    if is_dask_collection(cards):
        return _hands(cards, name, lengths), True
    return to_card_array(cards, name, lengths), False


def omaha_dask(
    hole_cards: Any,
    board_cards: Any,
    run: Callable[..., tuple[Any, Any]],
    *,
    high: bool,
    low: bool,
    threads: int | None,
):
    """Lazy Omaha evaluation when either side is a Dask array: ``(high, low)`` (``None`` if off).

    ``run`` evaluates one block in memory (the numpy evaluator's, handed in by it).

    An in-memory side holding one hand (a single board, say) is handed whole
    to every block and broadcast there; any other is broadcast lazily.
    """
    da = _dask_array_module()
    names = ("hole_cards", "board_cards")
    sides = [
        _omaha_side(hole_cards, names[0], (4, 5, 6)),
        _omaha_side(board_cards, names[1], (3, 4, 5)),
    ]
    # An in-memory side with a single hand goes to every block as it is.
    fixed = [not lazy and math.prod(array.shape[:-1]) == 1 for array, lazy in sides]
    arrays = [array for array, _ in sides]
    if not any(fixed):
        arrays = [_known_shape(array, name) for array, name in zip(arrays, names, strict=True)]
        try:
            shape = np.broadcast_shapes(arrays[0].shape[:-1], arrays[1].shape[:-1])
        except ValueError:
            raise ValueError(
                f"hole_cards batch shape {arrays[0].shape[:-1]} does not match board_cards "
                f"batch shape {arrays[1].shape[:-1]}"
            ) from None
        arrays = [
            array
            if array.shape[:-1] == shape and is_dask_collection(array)
            else da.broadcast_to(da.asarray(array), shape + array.shape[-1:])
            for array in arrays
        ]
    batch_ndim = max(array.ndim - 1 for array, off in zip(arrays, fixed, strict=True) if not off)
    batch_index = tuple(range(batch_ndim))
    arguments: list[Any] = []
    for number, (array, off) in enumerate(zip(arrays, fixed, strict=True)):
        if off:
            arguments += [array.reshape(array.shape[-1]), None]
        else:
            arguments += [array, (*batch_index, batch_ndim + number)]
    both = high and low
    dtype = np.uint16 if high else np.uint8
    out_index = (*batch_index, batch_ndim + 2) if both else batch_index
    result = da.blockwise(
        _omaha_block,
        out_index,
        *arguments,
        run=run,
        high=high,
        low=low,
        threads=threads,
        dtype=dtype,
        concatenate=True,
        new_axes={batch_ndim + 2: 2} if both else None,
        meta=np.empty((0,) * len(out_index), dtype),
        token="showdown-evaluate-omaha",
    )
    if both:
        return result[..., 0], result[..., 1].astype(np.uint8)
    return (result, None) if high else (None, result)


def _known_shape(array: Any, name: str) -> Any:
    if any(isinstance(size, float) and math.isnan(size) for size in array.shape):
        raise ValueError(
            f"{name}: the batch shape is unknown, so it cannot be matched with the other "
            "cards; call compute_chunk_sizes() on the array first"
        )
    return array
