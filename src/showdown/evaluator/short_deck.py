"""Short-deck (6+) hold'em evaluation: the public function and the game switch.

:func:`evaluate_short_deck` ranks 5, 6 or 7 cards of the 36-card deck (six to
ace) by short-deck rules (flush above full house, A-6-7-8-9 the lowest
straight; see :mod:`.short_deck_tables`). Its strengths are 1..1404 (larger is
stronger, equal is a tie); :func:`~.describe.describe` and
:func:`~.describe.hand_category` read them with ``game="shortdeck"``.
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from .._jit import thread_limit
from ..cards import CardsLike, as_card_array, format_card
from . import _short_deck_kernels
from .api import Batch, OneHand, _finish, _hands, _threads_for
from .short_deck_tables import LOWEST_RANK, get_short_deck_tables

__all__ = ["SHORT_DECK_NAMES", "evaluate_short_deck", "is_short_deck_game"]

#: Names that select short-deck rules, compared lower case without spaces, dashes,
#: underscores or apostrophes (``"Short Deck"``, ``"6+ hold'em"``).
SHORT_DECK_NAMES = frozenset(
    {"shortdeck", "shortdeckholdem", "6+", "6+holdem", "6plus", "sixplus", "sixplusholdem"}
)


def is_short_deck_game(game: object) -> bool:
    """True if ``game`` names short-deck hold'em.

    Examples
    --------
    >>> [is_short_deck_game(name) for name in ("Short Deck", "6+ Hold'em", "holdem")]
    [True, True, False]
    """
    if not isinstance(game, str):
        return False
    key = game.lower()
    for mark in ("'", "\u2019", "-", "_"):
        key = key.replace(mark, "")
    return "".join(key.split()) in SHORT_DECK_NAMES


def _raise_bad_row(
    parts: list[NDArray[np.uint8]], bad: NDArray[np.bool_], names: list[str]
) -> None:
    """Name the first flagged hand: a repeated card, a code over 51, or a card not in the deck."""
    row = int(np.flatnonzero(bad)[0])
    where = f" (hand {row} of the batch)" if bad.size > 1 else ""
    for part, name in zip(parts, names, strict=True):
        outside = [int(code) for code in part[row] if int(code) < 4 * LOWEST_RANK]
        if outside and all(int(code) <= 51 for code in part[row]):
            raise ValueError(
                f"{name}{where}: {format_card(outside[0])} is not in the short deck "
                "(36 cards, six to ace)"
            )
    cards = np.concatenate([part[row] for part in parts])
    label = " + ".join(names)
    as_card_array(cards, name=f"{label}{where}")  # raises: a repeat or a code over 51
    raise ValueError(f"{label}{where}: invalid cards")  # pragma: no cover - defensive


@overload
def evaluate_short_deck(
    cards: OneHand, board: OneHand | None = None, *, threads: int | None = None
) -> np.uint16: ...
@overload
def evaluate_short_deck(
    cards: Batch, board: CardsLike | None = None, *, threads: int | None = None
) -> NDArray[np.uint16]: ...
@overload
def evaluate_short_deck(
    cards: CardsLike, board: CardsLike | None = None, *, threads: int | None = None
) -> np.uint16 | NDArray[np.uint16]: ...
def evaluate_short_deck(
    cards: CardsLike, board: CardsLike | None = None, *, threads: int | None = None
) -> Any:
    """Best short-deck (6+) hold'em strength of 5, 6 or 7 cards (own cards plus a board).

    Parameters
    ----------
    cards
        ``(..., 5|6|7)`` card codes, a card string, or a list of card strings;
        with ``board``, the hand's own cards. Every card must be a six or higher.
    board
        Community cards joined to every hand (batch shapes broadcast); 5, 6 or 7
        cards in all.
    threads
        Threads for big batches; ``None`` uses all cores above 50,000 hands.

    Returns
    -------
    numpy.uint16 or numpy.ndarray
        Strengths 1..1404 of the batch shape (a scalar for one hand): larger is
        stronger, equal is a tie. They rank short-deck hands only; read them with
        ``describe(strength, game="shortdeck")``.

    Raises
    ------
    ValueError
        Naming the input: a card from deuce to five, a repeated card, a wrong count.

    Examples
    --------
    >>> from showdown.evaluator import describe, evaluate_short_deck
    >>> flush, full_house = evaluate_short_deck(["AhJh9h7h6h", "KsKdKc7s7d"])
    >>> bool(flush > full_house)
    True
    >>> describe(evaluate_short_deck("As6d", board="7c8h9sKdKh"), game="shortdeck")
    'Straight, Nine high'
    >>> evaluate_short_deck("As5d7c8h9s")
    Traceback (most recent call last):
    ...
    ValueError: cards: 5d is not in the short deck (36 cards, six to ace)
    """
    flat, shape, parts, names = _hands(cards, board)
    if flat.shape[0] == 0 and board is not None:
        # No row reaches the kernel, which is where cards outside the deck are caught.
        shared = as_card_array(board, name="board", distinct=False).reshape(1, -1)
        if (shared < 4 * LOWEST_RANK).any():
            _raise_bad_row([shared], np.ones(1, np.bool_), ["board"])
    tables = get_short_deck_tables()
    out = np.empty(flat.shape[0], np.uint16)
    with thread_limit(_threads_for(flat.shape[0], threads)):
        _short_deck_kernels.evaluate_short_deck_kernel(flat, tables, out)
    bad = out == 0
    if bad.any():
        _raise_bad_row(parts, bad, names)
    return _finish(out, shape)
