"""All-in EV: each player's expected result once no more betting was possible.

The trackers' definition. A hand qualifies when no further betting is possible
(at most one live player has chips behind, and he has matched the bet), at least
one card is still to come and every live hand is known. Then each player's
result is::

    sum over pots (main and side) of  equity in that pot x (pot - its share of rake)
    minus what he put in

The pots are the simulator's own (:func:`showdown.simulator.hand.side_pots`),
each with its own eligible players; an equity is the player's expected share of
a pot from :func:`showdown.equity` (exact, sampling only where that is
unaffordable: the result says so), which splits hi-lo pots in halves as the
rules do. Rake comes off every pot in proportion to its size, so the adjusted
results of a hand sum to minus the rake.

Stud holdings are each player's cards in deal order, with the known cards of
folded players out of the deck (their up cards were seen by everyone). In
five-card draw an all-in before the draw qualifies when every live player's
draw is known: holdings are ``HAND/DISCARDS`` (``HAND`` alone when he stood pat).

Examples
--------
>>> from showdown.cards import parse_card
>>> spot = AllInSpot("preflop", [], [[parse_card("As"), parse_card("Ad")],
...                  [parse_card("Ks"), parse_card("Kd")]], [100, 100], 0, [True, True])
>>> ev = allin_ev(spot, "holdem", rake=0)
>>> [round(value, 2) for value in ev.expected], round(ev.equity[0], 4)
([165.27, 34.73], 0.8264)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from showdown.cards import format_card
from showdown.simulator.hand import UNKNOWN, side_pots

from .replayed import AllInSpot

__all__ = ["AllInEV", "allin_ev"]

#: Sampling seed: the same hand always gets the same EV, run after run.
SEED = 20090701


@dataclass(frozen=True)
class AllInEV:
    """A qualifying hand's expectation.

    Attributes
    ----------
    expected
        Chips each player can expect back from the pots (after rake).
    equity
        Each player's expected share of everything in the middle (0 for folded players).
    exact
        Whether every equity was enumerated exactly (``False``: some were sampled).
    pots
        Number of pots (main and side).
    """

    expected: list[float]
    equity: list[float]
    exact: bool
    pots: int


def _text(cards: list[int]) -> str:
    return "".join(format_card(card) for card in cards)


def _holding(spot: AllInSpot, seat: int) -> str:
    """A player's cards as the equity engine takes them (draw: ``HAND/DISCARDS``)."""
    cards = _text(spot.hole_cards[seat])
    discards = spot.discards[seat] if spot.discards is not None else None
    return f"{cards}/{discards}" if discards else cards


def _dead(spot: AllInSpot, game: str) -> str:
    """Stud: the known cards of folded players (their up cards were seen by all)."""
    if not game.startswith("stud"):
        return ""
    return "".join(
        _text([card for card in spot.hole_cards[seat] if card != UNKNOWN])
        for seat in range(len(spot.live))
        if not spot.live[seat]
    )


@functools.lru_cache(maxsize=1 << 16)
def _shares(
    game: str, holdings: tuple[str, ...], board: str, dead: str = ""
) -> tuple[tuple[float, ...], bool]:
    """Each holding's equity against the others on ``board``, and whether it was exact.

    Remembered: the same all-in (AA against KK before the flop...) comes back often
    in a big history, and with the fixed seed the answer is the same every time.
    """
    from showdown import equity  # loaded on first use: the numba kernels are heavy

    result = equity(
        list(holdings), board=board or None, dead=dead or None, game=game, seed=SEED, threads=1
    )
    return tuple(float(value) for value in result.equity), bool(result.exact)


def allin_ev(spot: AllInSpot, game: str, *, rake: int = 0) -> AllInEV:
    """The expected chips back of each player at ``spot`` (see the module docstring).

    Parameters
    ----------
    spot
        The table at the all-in (every live hand known).
    game
        Equity hand type (``holdem``, ``omaha-hilo``...).
    rake
        Chips the house took from the pots.
    """
    n = len(spot.wagers)
    pots = side_pots(spot.wagers, spot.live, dead=spot.dead)
    total = sum(pot.amount for pot in pots)
    keep = (total - rake) / total if total else 0.0
    expected = [0.0] * n
    exact = True
    board = _text(spot.board)
    dead = _dead(spot, game)
    cache: dict[tuple[int, ...], list[float]] = {}
    for pot in pots:
        seats = pot.eligible
        if len(seats) == 1:
            shares = [1.0]
        elif seats in cache:
            shares = cache[seats]
        else:
            values, enumerated = _shares(game, tuple(_holding(spot, s) for s in seats), board, dead)
            exact = exact and enumerated
            shares = cache[seats] = list(values)
        for seat, share in zip(seats, shares, strict=True):
            expected[seat] += share * pot.amount * keep
    kept = total - rake
    equities = [value / kept if kept else 0.0 for value in expected]
    return AllInEV(expected, equities, exact, len(pots))
