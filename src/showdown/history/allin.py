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

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from showdown.cards import format_card
from showdown.simulator.hand import UNKNOWN, side_pots

from .replayed import AllInSpot

__all__ = ["AllInEV", "allin_ev", "allin_evs", "forget_shares"]

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


#: Shares remembered: ``(game, holdings, board, dead)`` -> ``(equities, exact)``.
_SHARES: dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]] = {}
#: Most shares remembered (then forgotten all at once: memory stays flat).
SHARES_KEPT = 1 << 16


def forget_shares() -> None:
    """Forget the remembered shares (a benchmark's way to time every spot)."""
    _SHARES.clear()


def _remember(key: tuple[str, tuple[str, ...], str, str], value: Any) -> None:
    if len(_SHARES) >= SHARES_KEPT:
        _SHARES.clear()
    _SHARES[key] = value


def _shares(
    game: str, holdings: tuple[str, ...], board: str, dead: str = ""
) -> tuple[tuple[float, ...], bool]:
    """Each holding's equity against the others on ``board``, and whether it was exact.

    Remembered: the same all-in (AA against KK before the flop...) comes back often
    in a big history, and with the fixed seed the answer is the same every time.
    """
    key = (game, holdings, board, dead)
    found = _SHARES.get(key)
    if found is None:
        from showdown import equity  # loaded on first use: the numba kernels are heavy

        result = equity(
            list(holdings), board=board or None, dead=dead or None, game=game, seed=SEED,
            threads=1,
        )  # fmt: skip
        found = tuple(float(value) for value in result.equity), bool(result.exact)
        _remember(key, found)
    return found


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


def allin_evs(spots: Sequence[tuple[AllInSpot, str, int]]) -> list[AllInEV]:
    """:func:`allin_ev` of each ``(spot, game, rake)``: the same answers, faster for many.

    The hold'em pots of every spot are worked out together first, each distinct
    matchup once: heads-up before the flop from the equity engine's table of every
    heads-up preflop matchup; on the flop and the turn, however many players, by
    one compiled pass over the boards to come. Both give exact counts of the
    boards each hand won alone or shared, laid out as the engine's counters, and
    the equities are made of them as the engine makes its own (heads-up:
    ``(won + tied / 2) / boards``, exact until the one division), so they are the
    engine's to the last bit. Other pots (three or more hands before the flop,
    other games, the table unavailable) go to the engine.
    """
    wanted: dict[tuple[str, tuple[str, ...], str, str], None] = {}
    for spot, game, _ in spots:
        if game != "holdem" or len(spot.board) not in (0, 3, 4):
            continue
        board = _text(spot.board)
        for pot in side_pots(spot.wagers, spot.live, dead=spot.dead):
            if len(pot.eligible) == 2 or (len(pot.eligible) > 2 and board):
                key = (game, tuple(_holding(spot, seat) for seat in pot.eligible), board, "")
                if key not in _SHARES:
                    wanted[key] = None
    if wanted:
        for key, value in _batched_shares(list(wanted)).items():
            _remember(key, value)
    return [allin_ev(spot, game, rake=rake) for spot, game, rake in spots]


def _batched_shares(
    keys: list[tuple[str, tuple[str, ...], str, str]],
) -> dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]]:
    """The shares of hold'em matchups (keys of :data:`_SHARES`: heads-up before the
    flop, any number of hands on the flop and the turn), all at once."""
    import numpy as np

    found: dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]] = {}
    preflop = [key for key in keys if not key[2] and len(key[1]) == 2]
    if preflop:
        found.update(_preflop_shares(preflop))
    later = [key for key in keys if len(key[2]) in (6, 8)]
    if not later:
        return found
    from showdown.cards import parse_cards
    from showdown.equity._scoring import pot_equity, pots_won
    from showdown.evaluator import get_tables

    from ._allin_kernels import board_counts

    width = max(len(key[1]) for key in later)
    hands = np.zeros((len(later), width, 2), np.uint8)
    players = np.zeros(len(later), np.int64)
    boards = np.zeros((len(later), 5), np.uint8)
    sizes = np.zeros(len(later), np.int64)
    for row, (_, holdings, board, _) in enumerate(later):
        players[row] = len(holdings)
        for seat, text in enumerate(holdings):
            hands[row, seat] = parse_cards(text)
        cards = parse_cards(board)
        boards[row, : len(cards)] = cards
        sizes[row] = len(cards)
    counts = np.zeros((len(later), width, width + 1), np.int64)
    board_counts(hands, players, boards, sizes, get_tables(), counts)
    for row, key in enumerate(later):
        n = int(players[row])
        boards_dealt = math.comb(52 - 2 * n - int(sizes[row]), 5 - int(sizes[row]))
        if n == 2:
            # Boards won alone by each hand, and boards shared (the same for both).
            wins_one, wins_two = float(counts[row, 0, 1]), float(counts[row, 1, 1])
            ties, total = float(counts[row, 0, 2]), float(boards_dealt)
            found[key] = ((wins_one + 0.5 * ties) / total, (wins_two + 0.5 * ties) / total), True
        else:
            # The engine's counters: whole pots in part 0, no halves in a high-only game.
            engine = np.zeros((n, 3, n + 1), np.int64)
            engine[:, 0, :] = counts[row, :n, : n + 1]
            shares = pot_equity(pots_won(engine), boards_dealt)
            found[key] = tuple(float(value) for value in shares), True
    return found


def _preflop_shares(
    keys: list[tuple[str, tuple[str, ...], str, str]],
) -> dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]]:
    """Heads-up preflop shares from the engine's table (none when it is unavailable)."""
    import numpy as np

    from showdown.cards import parse_cards
    from showdown.equity.exact._table_kernels import table_sums
    from showdown.equity.exact.preflop_table import BOARDS, load_table

    table = load_table()
    if table is None:  # the engine computes them (the same answers, slower)
        return {}
    codes, rows = table
    hands = np.array([[parse_cards(text) for text in key[1]] for key in keys], np.uint8)
    sums = np.zeros((len(keys), rows.shape[1]), np.int64)
    missing = table_sums(hands, np.arange(len(keys)), codes, rows, sums)
    if missing:  # a table that lacks a matchup: the engine prices them all
        return {}
    found: dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]] = {}
    for key, (wins_one, wins_two, ties) in zip(keys, sums[:, :3].tolist(), strict=True):
        total = float(BOARDS)
        found[key] = ((wins_one + 0.5 * ties) / total, (wins_two + 0.5 * ties) / total), True
    return found
