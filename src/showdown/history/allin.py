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

    The pots of every spot contested by two hold'em hands are worked out together
    first: each distinct matchup once, before the flop from the equity engine's
    table of every heads-up preflop matchup, on the flop and the turn by one
    compiled pass over the boards to come. Their counts are exact integers (wins,
    and ties worth half), so ``(wins + ties / 2) / boards`` is what the equity
    engine's sum of pot shares over its deals gives, to the last bit. Other pots
    (three or more hands, other games, the table unavailable) go to the engine.
    """
    wanted: dict[tuple[str, tuple[str, ...], str, str], tuple[str, ...]] = {}
    for spot, game, _ in spots:
        if game != "holdem" or len(spot.board) not in (0, 3, 4):
            continue
        board = _text(spot.board)
        for pot in side_pots(spot.wagers, spot.live, dead=spot.dead):
            if len(pot.eligible) == 2:
                pair = tuple(_holding(spot, seat) for seat in pot.eligible)
                key = (game, pair, board, "")
                if key not in _SHARES:
                    wanted[key] = pair
    if wanted:
        for key, value in _headsup_shares(list(wanted)).items():
            _remember(key, value)
    return [allin_ev(spot, game, rake=rake) for spot, game, rake in spots]


def _headsup_shares(
    keys: list[tuple[str, tuple[str, ...], str, str]],
) -> dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]]:
    """The shares of heads-up hold'em matchups (keys of :data:`_SHARES`), all at once."""
    import numpy as np

    from showdown.cards import parse_cards
    from showdown.equity._table_kernels import table_sums
    from showdown.equity.preflop_table import BOARDS, load_table
    from showdown.evaluator import get_tables

    from ._allin_kernels import headsup_board_counts

    hands = np.array([[parse_cards(text) for text in key[1]] for key in keys], np.uint8)
    counts = np.zeros((len(keys), 3), np.int64)
    boards_of = np.zeros(len(keys), np.int64)
    preflop = np.array([key[2] == "" for key in keys])
    found: dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]] = {}
    if preflop.any():
        table = load_table()
        if table is None:  # the engine computes them (the same answers, slower)
            preflop[:] = False
        else:
            codes, rows = table
            rows_wanted = np.flatnonzero(preflop)
            sums = np.zeros((len(rows_wanted), rows.shape[1]), np.int64)
            missing = table_sums(
                np.ascontiguousarray(hands[rows_wanted]),
                np.arange(len(rows_wanted)), codes, rows, sums,
            )  # fmt: skip
            assert missing == 0, "a heads-up matchup is missing from the preflop table"
            counts[rows_wanted] = sums[:, :3]
            boards_of[rows_wanted] = BOARDS
    later = np.flatnonzero(np.array([len(key[2]) in (6, 8) for key in keys]))
    if len(later):
        boards = np.zeros((len(later), 5), np.uint8)
        sizes = np.zeros(len(later), np.int64)
        for row, index in enumerate(later.tolist()):
            cards = parse_cards(keys[index][2])
            boards[row, : len(cards)] = cards
            sizes[row] = len(cards)
        later_counts = np.zeros((len(later), 3), np.int64)
        headsup_board_counts(np.ascontiguousarray(hands[later]), boards, sizes, get_tables(),
                             later_counts)  # fmt: skip
        counts[later] = later_counts
        boards_of[later] = np.where(sizes == 3, 990, 44)
    for index, key in enumerate(keys):
        if boards_of[index]:
            wins_one, wins_two, ties = (float(value) for value in counts[index])
            total = float(boards_of[index])
            found[key] = ((wins_one + 0.5 * ties) / total, (wins_two + 0.5 * ties) / total), True
    return found
