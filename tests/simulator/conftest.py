"""Helpers for the simulator tests: stacked decks and short hand builders."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from showdown.cards import parse_cards
from showdown.simulator import HandState, Stakes


def phh_sample_dir() -> Path | None:
    """The shared PHH sample folder (``shared/phh-sample`` above this checkout), if present.

    Searched upwards so the tests find it from the main checkout and from worktrees.
    """
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "phh-sample"
        if (candidate / "data").is_dir():
            return candidate
    return None


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


__all__ = ["cards", "check_down", "holdem", "phh_sample_dir", "stacked_deck", "stud_deck"]
