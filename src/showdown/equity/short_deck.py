"""Short-deck (6+) hold'em equity: every deal of the 36-card deck, or a sample of them.

Short deck is hold'em (two hole cards, a five-card board, best five of seven)
with two differences the registry (:mod:`showdown.games`) states as data: the
deck is the 36 cards six to ace (:attr:`~.games.Game.lowest_rank`), and hands rank
by short-deck rules (:func:`showdown.evaluator.evaluate_short_deck`). The spot
(:mod:`.spot`) already deals from the short deck and strips ranges of the cards
below six; this module only enumerates or samples its deals and scores them.

It works on whole batches with numpy and the batch evaluator instead of a
kernel of its own: a joint holding's boards (at most C(32, 5) = 201,376) are one
evaluator call, and a sampled batch is one call for every player. The showdown
rule is the one of every equity run (``_scoring.score_outcomes``, fed the
strengths); hand categories come from the short-deck category table, since a
short-deck strength is a rank among 1,404 classes, not ``category << 12``.

Exact runs go through the joint holdings one at a time, so they suit known
hands and modest ranges; ``exact=None`` samples when the deals to evaluate pass
:data:`EXACT_EVALUATIONS`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, product
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from ..evaluator import evaluate_short_deck
from ..evaluator.short_deck_tables import short_deck_categories
from ._scoring import score_outcomes
from ._short_deck_kernels import deal_rests
from .result import Counters
from .spot import Spot
from .weighting import WeightedTotal

__all__ = ["EXACT_EVALUATIONS", "MAX_EXACT_EVALUATIONS", "exact_counters", "sample_counters"]

#: ``exact=None`` enumerates when a run evaluates at most this many hands (a second or two).
EXACT_EVALUATIONS = 20_000_000
#: ``exact=True`` refuses runs above this many hand evaluations (minutes of work).
MAX_EXACT_EVALUATIONS = 2_000_000_000
#: Deals per sampled batch (one evaluator call per batch).
SAMPLE_BATCH = 32_768


@lru_cache(maxsize=8)
def _board_positions(live: int, missing: int) -> NDArray[np.int64]:
    """Every way to pick ``missing`` of ``live`` deck positions, one row each."""
    if missing == 0:
        return np.zeros((1, 0), np.int64)
    rows = np.fromiter(
        (position for row in combinations(range(live), missing) for position in row),
        np.int64,
        count=math.comb(live, missing) * missing,
    )
    positions = rows.reshape(-1, missing)
    positions.flags.writeable = False
    return positions


def _holdings(spot: Spot) -> list[tuple[NDArray[np.uint8], NDArray[np.float64]]]:
    """Each player's combos ``(k, 2)`` and weights (a known hand is one combo of weight 1)."""
    holdings = []
    for player in spot.players:
        assert player.hand_range is not None  # board games only
        holdings.append((np.asarray(player.hand_range.combos, np.uint8), player.hand_range.weights))
    return holdings


def estimated_evaluations(spot: Spot) -> int:
    """Hands an exact run evaluates, at most: joint holdings (before card clashes are
    dropped) times boards per holding times players."""
    joint = math.prod(len(combos) for combos, _ in _holdings(spot))
    live = spot.deck.size - 2 * sum(not spot.is_fixed(i) for i in range(spot.n_players))
    return joint * math.comb(max(live, 0), spot.board_missing) * spot.n_players


def _score(strengths: NDArray[Any], counters: Counters) -> None:
    """Add deals with these short-deck strengths ``(players, deals)`` to ``counters``:
    the shared showdown rule, then the short-deck hand categories."""
    n_players, deals = strengths.shape
    highs = np.ascontiguousarray(strengths, np.int64)
    ones = np.ones(deals, np.int64)
    unused = np.zeros((n_players, 10), np.int64)  # score_outcomes' categories read >> 12
    buffers = (highs, highs, ones, np.zeros((3, deals), np.int64))
    arrays = (counters.counts, counters.scoop, counters.share_any, counters.sum_squares, unused)
    score_outcomes(buffers, np.int64(deals), False, arrays)
    table = short_deck_categories()
    for player in range(n_players):
        counters.categories[player] += np.bincount(table[strengths[player]], minlength=10)


def _seven_cards(
    holes: NDArray[np.uint8], board: NDArray[np.uint8], rest: NDArray[np.uint8]
) -> NDArray[np.uint8]:
    """``(players, deals, 7)``: each player's hole cards ``(players, deals, 2)``, the known
    board and each deal's rest of the board ``(deals, missing)``."""
    n_players, deals = holes.shape[:2]
    known = np.broadcast_to(board, (deals, board.size))
    boards = np.concatenate([known, rest], axis=1)
    return np.concatenate([holes, np.broadcast_to(boards, (n_players, deals, 5))], axis=2)


def exact_counters(spot: Spot, progress: Callable[[int, int], None] | None) -> Counters:
    """Every deal of a short-deck spot: each joint holding, then each rest of the board."""
    holdings = _holdings(spot)
    n_players = spot.n_players
    total = WeightedTotal(n_players)
    indices = list(product(*(range(len(combos)) for combos, _ in holdings)))
    deck = spot.deck
    for done, choice in enumerate(indices):
        held = np.concatenate([holdings[p][0][c] for p, c in enumerate(choice)])
        if np.unique(held).size != held.size:
            continue  # two players would hold the same card
        live = deck[~np.isin(deck, held)]
        rest = live[_board_positions(live.size, spot.board_missing)]
        holes = np.broadcast_to(held.reshape(n_players, 1, 2), (n_players, len(rest), 2))
        part = Counters.empty(n_players)
        _score(evaluate_short_deck(_seven_cards(holes, spot.board, rest)), part)
        part.trials = len(rest)
        weight = math.prod(float(holdings[p][1][c]) for p, c in enumerate(choice))
        total.add(part, weight)  # raw: the result completes whole pots
        if progress is not None and done % 64 == 63:
            progress(done + 1, len(indices))
    if progress is not None:
        progress(len(indices), len(indices))
    if total.deals == 0:
        raise InputError("no joint holding fits: every one shares a card", parameter="players")
    return total.counters()


def _sample_holdings(
    rng: np.random.Generator,
    holdings: list[tuple[NDArray[np.uint8], NDArray[np.float64]]],
    deals: int,
) -> NDArray[np.uint8]:
    """``(players, deals, 2)`` hole cards drawn by weight; a deal whose players share a
    card is drawn again whole (so joint holdings come out in proportion to their weight)."""
    n_players = len(holdings)
    holes = np.zeros((n_players, deals, 2), np.uint8)
    cumulative = [np.cumsum(weights) for _, weights in holdings]
    equal = [bool(np.all(weights == weights[0])) for _, weights in holdings]
    todo = np.arange(deals)
    for _attempt in range(10_000):
        for player, (combos, _) in enumerate(holdings):
            if len(combos) == 1:  # a known hand
                holes[player, todo] = combos[0]
                continue
            if equal[player]:
                picks = rng.integers(0, len(combos), todo.size)
            else:
                total = cumulative[player]
                picks = np.searchsorted(total, rng.random(todo.size) * total[-1], "right")
                picks = np.minimum(picks, len(combos) - 1)
            holes[player, todo] = combos[picks]
        cards = holes[:, todo].transpose(1, 0, 2).reshape(todo.size, -1)
        ordered = np.sort(cards, axis=1)
        clash = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        todo = todo[clash]
        if todo.size == 0:
            return holes
    raise InputError("the players' ranges almost never fit together", parameter="players")


def _rest_of_board(
    rng: np.random.Generator, deck: NDArray[np.int64], holes: NDArray[np.uint8], missing: int
) -> NDArray[np.uint8]:
    """``(deals, missing)`` board cards drawn from the cards of ``deck`` no player holds
    (``_short_deck_kernels.deal_rests``, driven by uniforms from ``rng``)."""
    deals = holes.shape[1]
    rests = np.zeros((deals, missing), np.uint8)
    uniforms = rng.random((deals, missing))
    scratch = np.zeros(deck.size, np.int64), np.zeros(52, np.bool_)
    deal_rests(deck, np.ascontiguousarray(holes), uniforms, *scratch, rests)
    return rests


def sample_counters(
    spot: Spot,
    *,
    seed: int,
    samples: int | None,
    target_stderr: float | None,
    max_samples: int,
    progress: Callable[[int, int], None] | None,
) -> Counters:
    """Sampled deals of a short-deck spot until ``samples`` or ``target_stderr`` (within
    ``max_samples``); the same seed gives the same deals."""
    from .sampling.montecarlo import max_stderr

    rng = np.random.default_rng(np.random.SeedSequence(seed))
    holdings = _holdings(spot)
    n_players = spot.n_players
    counters = Counters.empty(n_players)
    goal = min(samples if samples is not None else max_samples, max_samples)
    deck = spot.deck.astype(np.int64)
    missing = spot.board_missing
    while counters.trials < goal:
        deals = min(SAMPLE_BATCH, goal - int(counters.trials))
        holes = _sample_holdings(rng, holdings, deals)
        rest = _rest_of_board(rng, deck, holes, missing)
        _score(evaluate_short_deck(_seven_cards(holes, spot.board, rest)), counters)
        counters.trials += deals
        if progress is not None:
            progress(int(counters.trials), goal)
        if target_stderr is not None and max_stderr(counters) <= target_stderr:
            break
    return counters
