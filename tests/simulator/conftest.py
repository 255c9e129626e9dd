"""Helpers for the simulator tests: stacked decks, short hand builders, an evaluator stand-in.

The simulator evaluates showdowns through ``showdown.evaluator``. While that
package is still being written (it lands separately), the tests fall back to
the slow reference evaluator in ``tests/reference`` so the betting and pot
rules can be tested on their own; once ``showdown.evaluator.evaluate`` exists
the real evaluator is used.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Sequence

import numpy as np
import pytest

from reference.naive_evaluator import best_high, best_low8, omaha_high, omaha_low8
from showdown.cards import parse_cards
from showdown.simulator import HandState, Stakes


def _encode_high(key: tuple[int, ...]) -> int:
    value = 0
    for part in key + (0,) * (6 - len(key)):
        value = value * 16 + part
    return value


def _encode_low(key: tuple[int, ...] | None) -> int:
    if key is None:
        return 0
    value = 0
    for part in key:
        value = value * 16 + (part + 9)  # parts are -8..-1: bigger key, bigger value
    return value


def _batch(function, *arrays):  # type: ignore[no-untyped-def]
    first = np.asarray(arrays[0])
    out = np.zeros(first.shape[:-1], dtype=np.int64)
    for index in np.ndindex(first.shape[:-1]):
        out[index] = function(*[np.asarray(a)[index].tolist() for a in arrays])
    return out


def _install_reference_evaluator() -> None:
    try:
        module = importlib.import_module("showdown.evaluator")
    except ImportError:
        module = None
    if module is not None and hasattr(module, "evaluate"):
        return
    import sys
    import types

    warnings.warn(
        "showdown.evaluator is not available yet: simulator tests use the reference evaluator",
        stacklevel=1,
    )
    stand_in = module if module is not None else types.ModuleType("showdown.evaluator")
    stand_in.evaluate = lambda cards: _batch(lambda c: _encode_high(best_high(c)), cards)
    stand_in.evaluate_low8 = lambda cards: _batch(lambda c: _encode_low(best_low8(c)), cards)
    stand_in.evaluate_omaha = lambda hole, board: _batch(
        lambda h, b: _encode_high(omaha_high(h, b)), hole, board
    )
    stand_in.evaluate_omaha_low8 = lambda hole, board: _batch(
        lambda h, b: _encode_low(omaha_low8(h, b)), hole, board
    )
    sys.modules["showdown.evaluator"] = stand_in
    import showdown

    showdown.evaluator = stand_in  # type: ignore[attr-defined]


_install_reference_evaluator()


def cards(text: str) -> list[int]:
    """Card codes of ``"AsKd"``."""
    return parse_cards(text).tolist()


def stacked_deck(holes: Sequence[str], board: str = "", button: int | None = None) -> list[int]:
    """A deck that deals ``holes[seat]`` to each seat and then ``board``.

    HandState deals each live player's cards together, starting left of the
    button, then the board street by street; the remaining cards follow in order.
    """
    n = len(holes)
    button = n - 1 if button is None else button
    order: list[int] = []
    for k in range(n):
        order += cards(holes[(button + 1 + k) % n])
    order += cards(board)
    rest = [card for card in range(52) if card not in order]
    return order + rest


def stud_deck(streets: Sequence[Sequence[str]]) -> list[int]:
    """A stud deck: ``streets[k][i]`` are the i-th live player's cards on street k (seat order)."""
    order: list[int] = []
    for street in streets:
        for hand in street:
            order += cards(hand)
    return order + [card for card in range(52) if card not in order]


def holdem(
    holes: Sequence[str],
    board: str = "",
    stacks: Sequence[int] | None = None,
    game: str = "nlhe",
    stakes: Stakes | None = None,
    **options: object,
) -> HandState:
    """A hold'em/Omaha hand with known cards; stacks default to 100 each, blinds 1/2."""
    stacks = [100] * len(holes) if stacks is None else stacks
    button = options.get("button")
    deck = stacked_deck(holes, board, button if isinstance(button, int) else None)
    return HandState(game, stakes or Stakes.blinds(1, 2), stacks, deck=deck, **options)  # type: ignore[arg-type]


def check_down(hand: HandState) -> None:
    """Check or call until the hand is over (or stops for a draw/showdown decision)."""
    while hand.status == "betting":
        hand.check_call()


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(12345)


__all__ = ["cards", "check_down", "holdem", "stacked_deck", "stud_deck"]
