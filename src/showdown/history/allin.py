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
    _KEYED.clear()


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

    The hold'em spots go to :func:`holdem_evs` together; the others (other games,
    a board of another size) to :func:`allin_ev`, one by one.
    """
    import numpy as np

    found: list[AllInEV | None] = [None] * len(spots)
    holdem = [k for k, (spot, game, _) in enumerate(spots) if _arrayed(spot, game)]
    if holdem:
        width = max(len(spots[k][0].wagers) for k in holdem)
        holes = np.full((len(holdem), width, 2), UNKNOWN, np.int64)
        live = np.zeros((len(holdem), width), bool)
        wagers = np.zeros((len(holdem), width), np.int64)
        boards = np.full((len(holdem), 5), UNKNOWN, np.int64)
        players, board_sizes, dead, rake = (np.zeros(len(holdem), np.int64) for _ in range(4))
        for row, k in enumerate(holdem):
            spot, _, rake[row] = spots[k]
            count = players[row] = len(spot.wagers)
            for seat, cards in enumerate(spot.hole_cards):
                holes[row, seat, : len(cards)] = cards
            live[row, :count] = spot.live
            wagers[row, :count] = spot.wagers
            board_sizes[row] = len(spot.board)
            boards[row, : len(spot.board)] = spot.board
            dead[row] = spot.dead
        evs = holdem_evs(holes, players, live, wagers, dead, boards, board_sizes, rake)
        for row, k in enumerate(holdem):
            count = int(players[row])
            found[k] = AllInEV(evs.expected[row, :count].tolist(), evs.equity[row, :count].tolist(),
                               bool(evs.exact[row]), int(evs.pots[row]))  # fmt: skip
    return [
        ev if ev is not None else allin_ev(spot, game, rake=rake)
        for ev, (spot, game, rake) in zip(found, spots, strict=True)
    ]


def _arrayed(spot: AllInSpot, game: str) -> bool:
    """Whether :func:`holdem_evs` takes a spot: hold'em, a board of 0, 3 or 4 cards,
    two cards a player and every live hand known."""
    return (
        game == "holdem"
        and len(spot.board) in (0, 3, 4)
        and all(len(cards) == 2 for cards in spot.hole_cards)
        and all(UNKNOWN not in cards for cards, live in zip(spot.hole_cards, spot.live,
                                                            strict=True) if live)
    )  # fmt: skip


@dataclass(frozen=True)
class HoldemEVs:
    """:func:`holdem_evs`'s answers, a row per spot (a column per seat).

    Attributes
    ----------
    expected
        ``(spots, seats)``: chips each player can expect back (after rake).
    equity
        ``(spots, seats)``: each player's share of everything in the middle.
    exact
        ``(spots,)``: whether every equity was enumerated exactly.
    pots
        ``(spots,)``: number of pots (main and side).
    """

    expected: Any
    equity: Any
    exact: Any
    pots: Any


def holdem_evs(
    holes: Any, players: Any, live: Any, wagers: Any, dead: Any, boards: Any,
    board_sizes: Any, rake: Any,
) -> HoldemEVs:  # fmt: skip
    """:func:`allin_ev` of many hold'em spots given as arrays: the same answers, to the bit.

    Spot ``s`` has ``players[s]`` seats: their cards ``holes[s, :, :2]`` (every live
    hand known), ``live[s]``, ``wagers[s]`` (zero, not live, past its seats), the
    dead money ``dead[s]``, the board ``boards[s, :board_sizes[s]]`` (0, 3 or 4
    cards) and the rake ``rake[s]``. The pots of every spot come from one compiled
    call (the rules core's pot rule, as :func:`~showdown.simulator.hand.side_pots`);
    the pots two or more players contest are keyed by their hands and the board,
    each distinct key priced once (remembered, else by :func:`_holdem_shares`:
    heads-up before the flop from the equity engine's table of every heads-up
    preflop matchup; on the flop and the turn, however many players, by one
    compiled pass over the boards to come; both exact counts made into equities as
    the engine makes its own, so they are the engine's to the last bit; the rest
    by the engine). The expectations are then summed pot by pot, in
    :func:`allin_ev`'s order of operations, over whole arrays.

    The arrays are not checked: they come from replayed hands (the analysis fast
    path's facts, or :func:`allin_evs`'s spots), never from users.
    """
    import numpy as np

    from ._allin_kernels import spot_pots

    holes, live = np.asarray(holes, np.int64), np.asarray(live, bool)
    players, wagers, dead = (np.asarray(values, np.int64) for values in (players, wagers, dead))
    boards, board_sizes = np.asarray(boards, np.int64), np.asarray(board_sizes, np.int64)
    rake = np.asarray(rake, np.int64)
    spots, width = wagers.shape
    amounts = np.zeros((spots, max(width, 1)), np.int64)
    levels = np.zeros_like(amounts)
    pots = np.zeros(spots, np.int64)
    spot_pots(players, wagers, live, dead, amounts, levels, pots)
    deepest = int(pots.max()) if spots else 0
    amounts, levels = amounts[:, :deepest], levels[:, :deepest]
    # eligible[s, k, p]: seat p may win pot k of spot s.
    eligible = (
        live[:, None, :]
        & (wagers[:, None, :] >= levels[:, :, None])
        & (np.arange(deepest) < pots[:, None])[:, :, None]
    )
    contenders = eligible.sum(axis=2)
    shares = np.where(eligible & (contenders == 1)[:, :, None], 1.0, 0.0)
    exact = np.ones(spots, bool)
    contested = np.argwhere(contenders >= 2)
    if len(contested):
        spot, pot = contested[:, 0], contested[:, 1]
        # Each contested pot's seats, the eligible first (in seat order): its hands.
        order = np.argsort(~eligible[spot, pot], axis=1, kind="stable")
        count = contenders[spot, pot]
        inside = np.arange(width) < count[:, None]
        hands = np.where(inside[:, :, None], holes[spot[:, None], order], 255).astype(np.uint8)
        board = np.where(np.arange(5) < board_sizes[spot, None], boards[spot], 255)
        keys = np.concatenate([hands.reshape(len(spot), -1), board.astype(np.uint8)], axis=1)
        distinct, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
        values, enumerated = _keyed_shares(
            distinct, hands[first], count[first], board[first], board_sizes[spot[first]]
        )
        seat_shares = np.zeros((spots, deepest, width))
        seat_shares[spot[:, None], pot[:, None], order] = np.where(
            inside, values[inverse.ravel()], 0.0
        )
        shares = np.where(eligible & (contenders >= 2)[:, :, None], seat_shares, shares)
        np.logical_and.at(exact, spot, enumerated[inverse.ravel()])
    total = amounts.sum(axis=1)
    kept = total - rake
    keep = np.where(total != 0, kept / np.where(total != 0, total, 1), 0.0)
    expected = np.zeros((spots, width))
    for k in range(deepest):
        # allin_ev's order: share * amount, times keep, added pot after pot.
        added = expected + shares[:, k, :] * amounts[:, k, None] * keep[:, None]
        expected = np.where(eligible[:, k, :], added, expected)
    equity = np.where(kept[:, None] != 0, expected / np.where(kept != 0, kept, 1)[:, None], 0.0)
    return HoldemEVs(expected, equity, exact, pots)


#: Hold'em shares remembered for :func:`holdem_evs`, by key (the contested hands and the
#: board as bytes) -> ``(equities, exact)``.
_KEYED: dict[bytes, tuple[tuple[float, ...], bool]] = {}


def _keyed_shares(
    keys: Any, hands: Any, players: Any, boards: Any, board_sizes: Any
) -> tuple[Any, Any]:
    """The shares of distinct contested hold'em pots (a row each: ``keys``, ``hands``
    ``(pots, seats, 2)`` with the contenders first, their number, the board): the
    remembered ones looked up, the others priced together and remembered."""
    import numpy as np

    found: list[tuple[tuple[float, ...], bool] | None] = [_KEYED.get(key.tobytes()) for key in keys]
    missing = [row for row, value in enumerate(found) if value is None]
    if missing:
        priced = _holdem_shares(hands[missing], players[missing], boards[missing],
                                board_sizes[missing])  # fmt: skip
        for row, value in zip(missing, priced, strict=True):
            if value is None:  # the engine prices it
                count, size = int(players[row]), int(board_sizes[row])
                holdings = tuple(_text(hands[row, seat].tolist()) for seat in range(count))
                value = _shares("holdem", holdings, _text(boards[row, :size].tolist()))
            if len(_KEYED) >= SHARES_KEPT:
                _KEYED.clear()
            _KEYED[keys[row].tobytes()] = found[row] = value
    values = np.zeros((len(found), hands.shape[1]))
    enumerated = np.ones(len(found), bool)
    for row, value in enumerate(found):
        assert value is not None
        values[row, : len(value[0])] = value[0]
        enumerated[row] = value[1]
    return values, enumerated


def _batched_shares(
    keys: list[tuple[str, tuple[str, ...], str, str]],
) -> dict[tuple[str, tuple[str, ...], str, str], tuple[tuple[float, ...], bool]]:
    """The shares of hold'em matchups (keys of :data:`_SHARES`) that
    :func:`_holdem_shares` prices (the others are left out)."""
    import numpy as np

    from showdown.cards import parse_cards

    width = max((len(key[1]) for key in keys), default=1)
    hands = np.zeros((len(keys), width, 2), np.uint8)
    players = np.zeros(len(keys), np.int64)
    boards = np.zeros((len(keys), 5), np.uint8)
    sizes = np.zeros(len(keys), np.int64)
    for row, (_, holdings, board, _) in enumerate(keys):
        players[row] = len(holdings)
        for seat, text in enumerate(holdings):
            hands[row, seat] = parse_cards(text)
        cards = parse_cards(board)
        boards[row, : len(cards)] = cards
        sizes[row] = len(cards)
    priced = _holdem_shares(hands, players, boards, sizes)
    return {key: value for key, value in zip(keys, priced, strict=True) if value is not None}


def _holdem_shares(
    hands: Any, players: Any, boards: Any, sizes: Any
) -> list[tuple[tuple[float, ...], bool] | None]:
    """The shares of hold'em matchups (``hands`` ``(rows, seats, 2)``: the first
    ``players[row]`` seats; the board's first ``sizes[row]`` cards), all at once:
    heads-up before the flop, any number of hands on the flop and the turn (``None``
    for the others, and for all before the flop when the table is unavailable)."""
    import numpy as np

    found: list[tuple[tuple[float, ...], bool] | None] = [None] * len(players)
    preflop = np.flatnonzero((sizes == 0) & (players == 2))
    if len(preflop):
        for row, value in zip(preflop.tolist(), _preflop_shares(hands[preflop, :2]), strict=True):
            found[row] = value
    later = np.flatnonzero((sizes == 3) | (sizes == 4))
    if not len(later):
        return found
    from showdown.equity._scoring import pot_equity, pots_won
    from showdown.evaluator import get_tables

    from ._allin_kernels import board_counts

    width = int(players[later].max())
    chosen = np.ascontiguousarray(hands[later, :width], dtype=np.uint8)
    counts = np.zeros((len(later), width, width + 1), np.int64)
    board_counts(
        chosen,
        np.ascontiguousarray(players[later], dtype=np.int64),
        np.ascontiguousarray(boards[later], dtype=np.uint8),
        np.ascontiguousarray(sizes[later], dtype=np.int64),
        get_tables(),
        counts,
    )
    for index, row in enumerate(later.tolist()):
        n, size = int(players[row]), int(sizes[row])
        boards_dealt = math.comb(52 - 2 * n - size, 5 - size)
        if n == 2:
            # Boards won alone by each hand, and boards shared (the same for both).
            wins_one, wins_two = float(counts[index, 0, 1]), float(counts[index, 1, 1])
            ties, total = float(counts[index, 0, 2]), float(boards_dealt)
            found[row] = ((wins_one + 0.5 * ties) / total, (wins_two + 0.5 * ties) / total), True
        else:
            # The engine's counters: whole pots in part 0, no halves in a high-only game.
            engine = np.zeros((n, 3, n + 1), np.int64)
            engine[:, 0, :] = counts[index, :n, : n + 1]
            shares = pot_equity(pots_won(engine), boards_dealt)
            found[row] = tuple(float(value) for value in shares), True
    return found


def _preflop_shares(hands: Any) -> list[tuple[tuple[float, ...], bool] | None]:
    """Heads-up preflop shares (``hands`` ``(rows, 2, 2)``) from the engine's table
    (``None`` each when it is unavailable or lacks a matchup)."""
    import numpy as np

    from showdown.equity.exact._table_kernels import table_sums
    from showdown.equity.exact.preflop_table import BOARDS, load_table

    table = load_table()
    if table is None:  # the engine computes them (the same answers, slower)
        return [None] * len(hands)
    codes, rows = table
    sums = np.zeros((len(hands), rows.shape[1]), np.int64)
    missing = table_sums(np.ascontiguousarray(hands, dtype=np.uint8), np.arange(len(hands)),
                         codes, rows, sums)  # fmt: skip
    if missing:  # a table that lacks a matchup: the engine prices them all
        return [None] * len(hands)
    total = float(BOARDS)
    return [
        (((wins_one + 0.5 * ties) / total, (wins_two + 0.5 * ties) / total), True)
        for wins_one, wins_two, ties in sums[:, :3].tolist()
    ]
