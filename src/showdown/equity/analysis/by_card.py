"""``runouts()``: each player's equity after each possible next card, counted in one pass.

On the flop (or the turn) the next card decides a lot; players look at the
equity each card leaves. Every joint holding of the players is paired with
every next card it leaves live, and the pair is one item of the board-class
kernel with its own board (the known board plus that card): one kernel pass
over all items, blocked and threaded like any exact run, gives each item's
exact counters, summed by card. So each card's row is exactly what
``equity()`` returns with the card added to the board (same integers for
unweighted spots), and a card's ``share`` is the fraction of all deals that
bring it next (card removal by ranges included): ``sum(share * equity)`` is
the equity before the card.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..._jit import resolve_threads
from ..._progress import ProgressLike, check_progress
from ...cards import CardsLike, format_card
from ...errors import InputError
from ..breakdown import add_rows
from ..exact import plan as planning
from ..exact.driver import (
    MAX_EXACT_SECONDS,
    ExactTooSlowError,
    _class_kernel,
    _run_blocks,
    _spot_inputs,
    holding_outputs,
)
from ..exact.holdings import cached_joint_holdings, estimate_joint_holdings
from ..guard import WorkGuard, guarded, out_of_memory
from ..result import Counters, EquityResult
from ..spot import Spot, cached_spot
from ..weighting import scale_rows

__all__ = ["RunoutTable", "runout_counters", "runout_estimate", "runout_table", "runouts"]

#: Most (joint holding, next card) items in one kernel call.
MAX_BLOCK_ITEMS = 20_000
#: Python work per joint holding and deck card: which next cards each holding leaves live.
RUNOUT_CARD_SECONDS = 2e-9


def runouts(
    players: list[object],
    board: CardsLike,
    *,
    dead: CardsLike | None = None,
    game: str = "holdem",
    threads: int | None = None,
    progress: ProgressLike = None,
) -> Any:
    """Each player's exact equity after each possible next card, as a pandas DataFrame.

    Parameters
    ----------
    players, dead, game
        As for :func:`~showdown.equity.equity` (board games: hold'em and
        Omaha).
    board
        The flop (3 cards: the next card is the turn) or the turn (4 cards:
        the next card is the river).
    threads
        Threads to use (``None`` = all cores).
    progress
        As for :func:`~showdown.equity.equity`.

    Returns
    -------
    pandas.DataFrame
        One row per possible next card (index ``card``, in deck order; a card
        that every joint holding of the ranges blocks is left out) with
        ``share`` (the fraction of deals that bring that card next) and one
        column per player: their equity once the card is out, exactly what
        ``equity(players, board=board + card, exact=True)`` gives.
        ``frame.attrs`` holds ``players`` (the column names), ``game``,
        ``board``, ``dead`` and ``equity`` (each player's equity before the
        card, ``sum(share * equity)``).

    Raises
    ------
    ValueError
        For bad input (as :func:`~showdown.equity.equity`), a board that is
        not a flop or a turn, or a game without a board.
    ExactTooSlowError
        When enumerating would take more than a minute (very wide ranges);
        the message has the estimate.

    Examples
    --------
    >>> from showdown import runouts
    >>> frame = runouts(["AhKh", "QsQd"], "2c7d9h")
    >>> len(frame), round(float(frame["share"].sum()), 12)
    (45, 1.0)
    >>> round(float(frame.loc["Ks", "AhKh"]), 4), round(float(frame.loc["2s", "AhKh"]), 4)
    (0.9545, 0.1364)
    """
    return runout_table(
        players, board, dead=dead, game=game, threads=threads, progress=progress
    ).to_pandas()


@dataclass
class RunoutTable:
    """What :func:`runouts` returns, before it becomes a DataFrame.

    Attributes
    ----------
    cards
        Each possible next card's text, in deck order.
    share
        ``(C,)``: the fraction of deals that bring each card next.
    equity
        ``(C, n)``: each player's equity once the card is out.
    players
        Column names: the players' texts (with their seat when repeated).
    before
        ``(n,)``: each player's equity before the card (``share @ equity``).
    game, board, dead
        The spot, as canonical text.
    """

    cards: list[str]
    share: NDArray[np.float64]
    equity: NDArray[np.float64]
    players: list[str]
    before: NDArray[np.float64]
    game: str
    board: str
    dead: str

    def to_pandas(self) -> Any:
        """The DataFrame :func:`runouts` describes (needs pandas)."""
        try:
            import pandas as pd
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("runouts() needs pandas: pip install pandas") from error
        columns = {"share": self.share}
        columns.update({name: self.equity[:, index] for index, name in enumerate(self.players)})
        frame = pd.DataFrame(columns, index=pd.Index(self.cards, name="card"))
        frame.attrs.update(
            players=self.players,
            game=self.game,
            board=self.board,
            dead=self.dead,
            equity=self.before.tolist(),
        )
        return frame

    def table(self) -> str:
        """A plain-text table: card, share, each player's equity (what the CLI prints).

        Examples
        --------
        >>> lines = runout_table(["AhKh", "QsQd"], "2c7d9hKs").table().splitlines()
        >>> print("\\n".join(lines[:2]))
        card   share      AhKh      QsQd
        2d    2.273%  100.000%    0.000%
        """
        from ..result import percent, text_table

        rows = [
            [card, percent(share), *(percent(value) for value in equity)]
            for card, share, equity in zip(self.cards, self.share, self.equity, strict=True)
        ]
        return text_table(["card", "share", *self.players], rows, left=0)


def runout_table(
    players: list[object],
    board: CardsLike,
    *,
    dead: CardsLike | None = None,
    game: str = "holdem",
    threads: int | None = None,
    progress: ProgressLike = None,
) -> RunoutTable:
    """:func:`runouts` as a :class:`RunoutTable` (no pandas needed)."""
    requested = check_progress(progress)
    threads_used = resolve_threads(threads)
    spot = cached_spot(players, board, dead, game)
    if spot.game.kind != "board":
        raise ValueError(f"game: runouts need a board game (hold'em, Omaha), not {spot.game.name}")
    if spot.game.lowest_rank:
        raise InputError(f"runouts are not counted for {spot.game.name}", parameter="game")
    if spot.board.size not in (3, 4):
        raise ValueError(
            f"board: runouts start from a flop or a turn (3 or 4 cards), got {spot.board.size}"
        )
    from ..api import _ReportTo

    with _ReportTo(requested) as report:
        cards, per_card = runout_counters(spot, threads_used, report)
    return _table(spot, cards, per_card)


def runout_counters(
    spot: Spot, threads: int, progress: Callable[[int, int], None] | None = None
) -> tuple[NDArray[np.uint8], list[Counters]]:
    """``(next cards, counters of each)``: exact counters after each possible next card.

    Counts are in deals (``weighting``): for weighted ranges, each card's
    weighted sums times the one factor that puts all cards' deals in deals,
    so their ``trials`` add up to the spot's deals and give each card's share.
    """
    deck = np.sort(spot.deck).astype(np.uint8)
    estimate = runout_estimate(spot, threads)
    too_big = estimate.bytes > planning.MAX_EXACT_BYTES
    if estimate.seconds > MAX_EXACT_SECONDS or too_big:
        memory = (
            f", {planning.size_text(estimate.bytes)} of memory, over the "
            f"{planning.size_text(planning.MAX_EXACT_BYTES)} allowed"
            if too_big
            else ""
        )
        raise ExactTooSlowError(
            f"runouts: enumerating every next card would take about "
            f"{planning.duration_text(estimate.seconds)} ({estimate.evaluations:.2g} "
            f"evaluations{memory}) over {estimate.joint:.3g} joint holdings; narrow the ranges"
        )
    n_players = spot.n_players
    try:
        cards, weights, _ = cached_joint_holdings(spot, expected=estimate.joint)
    except MemoryError:
        raise out_of_memory("runouts") from None
    masks = np.bitwise_or.reduce(
        np.left_shift(np.uint64(1), cards.reshape(len(cards), -1).astype(np.uint64)), axis=1
    )
    fits = ((masks[:, None] >> deck[None, :].astype(np.uint64)) & np.uint64(1)) == 0
    weighted = bool(weights.min() != weights.max())
    kernel = _class_kernel(spot)
    board, dead_mask, _, hilo, tables, classes = _spot_inputs(spot)
    identity = np.arange(4, dtype=np.int64).reshape(1, 4)  # each item has its own board
    # Read-only like the spot's board and symmetries: the kernel's compiled signature
    # (array types include the flag) is the one every exact run uses, not a new one.
    identity.flags.writeable = False

    # Blocks of whole joint holdings, about MAX_BLOCK_ITEMS items (and a block's time) each.
    items = np.cumsum(fits.sum(axis=1))
    limit = planning.items_per_block(estimate.kernel_seconds, int(items[-1]), MAX_BLOCK_ITEMS)
    bounds = []
    first = 0
    while first < len(cards):
        done = int(items[first - 1]) if first else 0
        last = max(first + 1, int(np.searchsorted(items, done + limit, side="right")))
        bounds.append((first, last))
        first = last

    def task(first: int, last: int) -> Callable[[], tuple[NDArray[Any], ...]]:
        def call() -> tuple[NDArray[Any], ...]:
            holding, card = np.nonzero(fits[first:last])
            block_boards = np.empty((holding.size, board.shape[1] + 1), np.uint8)
            block_boards[:, :-1] = board[0]
            block_boards[:, -1] = deck[card]
            block_boards.flags.writeable = False
            block = np.ascontiguousarray(cards[first + holding])
            outputs = holding_outputs(holding.size, n_players)
            kernel(block, block_boards, dead_mask, identity, hilo, tables, classes, *outputs)
            return (first + holding, card, *outputs)

        return call

    size = 3 * n_players * (n_players + 1) + 12 * n_players
    sums = np.zeros((deck.size, size), np.float64 if weighted else np.int64)
    squares = np.zeros((deck.size, n_players))
    tasks = [task(first, last) for first, last in bounds]
    guard = WorkGuard(estimate.evaluations, estimate.seconds, what="runouts")
    blocks = _run_blocks(tasks, threads, progress)
    evaluations = 0
    for holding, card, *outputs in guarded(blocks, guard, lambda _, block: float(block[-1].sum())):
        counts, scoop, share_any, sum_squares, categories, work = outputs
        evaluations += int(work.sum())
        rows = np.concatenate(
            [
                counts.reshape(len(card), -1),
                scoop,
                share_any,
                categories.reshape(len(card), -1),
            ],
            axis=1,
        )
        if weighted:
            rows = rows * weights[holding, None]
            sum_squares = sum_squares * weights[holding, None]
        add_rows(sums, card, rows)
        add_rows(squares, card, sum_squares)
    spot.derived["runout evaluations"] = evaluations
    # Deals after the next card: the rest of the board from the cards still live.
    held = sum(spot.game.hole_size for index in range(n_players) if not spot.is_fixed(index))
    live = spot.deck.size - held
    deals_after = math.comb(live - 1, spot.board_missing - 1)
    holdings_per_card = fits.sum(axis=0).astype(np.int64)
    if weighted:
        weighted_per_card = (fits * weights[:, None]).sum(axis=0)
        factor = float(holdings_per_card.sum()) / float(weighted_per_card.sum())
    per_card = []
    split = np.cumsum([3 * n_players * (n_players + 1), n_players, n_players])
    for index in range(deck.size):
        counts, scoop, share_any, categories = np.split(sums[index], split)
        card_counters = Counters(
            counts.reshape(n_players, 3, n_players + 1),
            scoop,
            share_any,
            squares[index],
            categories.reshape(n_players, 10),
            int(holdings_per_card[index]) * deals_after,
        )
        if weighted:
            card_counters.trials = float(weighted_per_card[index]) * deals_after
            scale_rows(card_counters, factor)
        per_card.append(card_counters)
    return deck, per_card


@dataclass
class RunoutEstimate:
    """What :func:`runout_counters` will cost (see :func:`runout_estimate`)."""

    seconds: float
    evaluations: float
    bytes: float
    joint: float
    kernel_seconds: float


def runout_estimate(spot: Spot, threads: int = 1) -> RunoutEstimate:
    """The cost of counting every (joint holding, next card) item of ``spot``.

    Items: each joint holding with each card it leaves live. Each item is a
    class-kernel holding with one more board card: its board classes are
    estimated like an exact run's (``plan.classes_per_holding``), plus the
    class kernel's per-holding overhead; the Python side lists the joint
    holdings and which cards each leaves live.
    """
    joint = 1.0 if spot.all_fixed else estimate_joint_holdings(spot)
    n_players, hole = spot.n_players, spot.game.hole_size
    ranged = sum(1 for index in range(n_players) if not spot.is_fixed(index))
    items = joint * max(1, spot.deck.size - hole * ranged)
    evaluations = items * planning.classes_per_holding(spot, next_card=True) * n_players
    kind = "omaha-classes" if spot.game.omaha else "holdem-classes"
    cost = planning.SECONDS_PER_EVALUATION[kind]
    kernel = evaluations * cost + items * planning.HOLDING_SECONDS
    serial = joint * (n_players * planning.LIST_SECONDS + spot.deck.size * RUNOUT_CARD_SECONDS)
    serial += planning.CALL_SECONDS * max(1.0, kernel / planning.BLOCK_SECONDS)
    speedup = max(1, min(threads, int(kernel / 0.1)))
    memory = joint * (planning.holding_bytes(n_players, hole, canonical=False) + spot.deck.size)
    return RunoutEstimate(kernel / speedup + serial, evaluations, memory, joint, kernel)


def _table(spot: Spot, cards: NDArray[np.uint8], per_card: list[Counters]) -> RunoutTable:
    # A card no joint holding leaves live (both players hold QQ: no queen comes) is not
    # a possible next card.
    possible = [index for index, counters in enumerate(per_card) if counters.trials > 0]
    trials = np.array([float(per_card[index].trials) for index in possible])
    share = trials / trials.sum()
    equities = np.array(
        [
            EquityResult(
                per_card[index],
                players=spot.labels,
                game=spot.game.name,
                board="",
                dead="",
                exact=True,
                hilo=spot.game.hilo,
                seed=None,
            ).equity
            for index in possible
        ]
    ).reshape(len(possible), spot.n_players)
    return RunoutTable(
        cards=[format_card(int(cards[index])) for index in possible],
        share=share,
        equity=equities,
        players=_column_names(spot.labels),
        before=(share[:, None] * equities).sum(axis=0),
        game=spot.game.name,
        board=spot.board_text,
        dead=spot.dead_text,
    )


def _column_names(labels: list[str]) -> list[str]:
    """Player labels as column names; repeated ones get their seat (``random (2)``)."""
    return [
        f"{label} ({index + 1})" if labels.count(label) > 1 else label
        for index, label in enumerate(labels)
    ]
