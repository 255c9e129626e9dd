"""Short-deck (6+) hold'em evaluation: the public function and the game switch.

:func:`evaluate_short_deck` ranks 5, 6 or 7 cards of the 36-card deck (six to
ace) by short-deck rules (flush above full house, A-6-7-8-9 the lowest
straight; see :mod:`.short_deck_tables`). Its strengths are 1..1404 (larger is
stronger, equal is a tie); :func:`~.describe.describe` and
:func:`~.describe.hand_category` read them with ``game="shortdeck"``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import CardsLike
from ..games import ALIASES, HAND_TYPES, PLAY_GAMES, squash_name
from . import _short_deck_kernels
from .api import _best_five, _best_five_overloads, _Deck, _no_strength
from .short_deck_tables import LOWEST_RANK, get_short_deck_tables

__all__ = ["SHORT_DECK_NAMES", "evaluate_short_deck", "is_short_deck_game"]


def _short_deck_names() -> frozenset[str]:
    """Every name of the game registry whose hand type ranks by short-deck rules, in the
    registry's lookup form (lower case without spaces, dashes, underscores, apostrophes)."""
    ranked = {name for name, hand in HAND_TYPES.items() if hand.ranking == "shortdeck"}
    ranked |= {name for name, game in PLAY_GAMES.items() if game.hand_type in ranked}
    names = set(ranked)
    names |= {alias for alias, target in ALIASES.items() if target in ranked}
    names |= {game.phh_code for game in PLAY_GAMES.values() if game.name in ranked}
    return frozenset(squash_name(name) for name in names)


#: Names that select short-deck rules (read from :mod:`showdown.games`, the one list of
#: game names), compared as the registry compares names (``"Short Deck"``, ``"6+ hold'em"``).
SHORT_DECK_NAMES = _short_deck_names()


def is_short_deck_game(game: object) -> bool:
    """True if ``game`` names short-deck hold'em (any name of it in :mod:`showdown.games`).

    Examples
    --------
    >>> [is_short_deck_game(name) for name in ("Short Deck", "6+ Hold'em", "NS", "holdem")]
    [True, True, True, False]
    """
    if not isinstance(game, str):
        return False
    return squash_name(game) in SHORT_DECK_NAMES


#: The deck evaluate_short_deck accepts: codes below the six's are deuces to fives.
SHORT_DECK = _Deck(4 * LOWEST_RANK, "the short deck (36 cards, six to ace)")


@_best_five_overloads(np.uint16)
def evaluate_short_deck(
    cards: CardsLike, board: CardsLike | None = None, *, threads: int | None = None
) -> Any:
    """Best short-deck (6+) hold'em strength of 5, 6 or 7 cards (own cards plus a board).

    ``cards``, ``board`` and ``threads`` are as for :func:`~.api.evaluate`
    (without its Dask path): a board joins every hand, 5, 6 or 7 cards in all,
    and every card must be a six or higher.

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
    return _best_five(
        cards,
        board,
        threads,
        _short_deck_kernels.evaluate_short_deck_kernel,
        get_short_deck_tables,
        np.uint16,
        _no_strength,
        SHORT_DECK,
    )
