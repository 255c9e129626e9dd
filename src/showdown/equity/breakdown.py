"""Per-combo breakdowns: each holding of a player's range, with its own counters.

``equity(..., combos=True)`` has the kernels keep counters per holding of
each player (``result.Counters`` with one row per combo and the deals of each
row in ``trials``): exact runs map the counters of every joint holding to
each player's holding in it (board classes, the heads-up table) or count
them in the join kernel; sampled runs tally each deal's outcome under the
combo each player was dealt. :meth:`EquityResult.combos` turns them into a
table with :func:`combo_frame`.

A combo's ``weight`` is its share of the player's deals: its range weight
times the (weighted) deals it can be part of, normalised, so the weights
sum to 1 and ``sum(weight * equity)`` is the player's equity. In a sampled
run it is the share of sampled deals that dealt the combo. A combo's
``deals`` and counts are in deals as the result's are (``weighting``): they
add up to the player's totals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..cards import format_card
from .result import Counters

__all__ = [
    "ComboBreakdown",
    "ComboSums",
    "add_rows",
    "combo_columns",
    "combo_frame",
    "combo_table",
    "fixed_breakdown",
]


@dataclass
class ComboBreakdown:
    """One player's per-combo counters.

    Attributes
    ----------
    cards
        ``(C, hole)``: each combo's cards, in the order of the player's range
        after card removal (each row ascending).
    counters
        Counters with one row per combo (``counts (C, 3, n + 1)`` ...) and
        ``trials`` the ``(C,)`` deals each combo was part of, as counted:
        integers for unweighted ranges, weighted sums for weighted ones.
    deals_factor
        What puts ``counters`` in deals (``weighting``): the factor the run's
        totals were scaled by. Kept apart so that each row's shares are the
        quotients of its own sums, unrounded by the scaling.
    """

    cards: NDArray[np.uint8]
    counters: Counters
    deals_factor: float = 1.0

    @property
    def deals(self) -> NDArray[Any]:
        """``(C,)``: the deals each combo was part of, in deals (they sum to the run's)."""
        trials = np.asarray(self.counters.trials)
        return trials if self.deals_factor == 1.0 else trials * self.deals_factor

    def frame(self, *, exact: bool, hilo: bool) -> Any:
        """This breakdown as a pandas DataFrame (:func:`combo_frame`).

        What :meth:`EquityResult.combos` returns: the result asks its
        breakdown, so ``result`` needs no import of this module (which
        imports ``result`` for the counters and the per-row arithmetic).
        """
        return combo_frame(self, exact=exact, hilo=hilo)


def fixed_breakdown(cards: NDArray[np.uint8], totals: Counters, player: int) -> ComboBreakdown:
    """The one-row breakdown of a player who holds one known hand: their totals."""
    rows = Counters(
        totals.counts[player : player + 1],
        totals.scoop[player : player + 1],
        totals.share_any[player : player + 1],
        totals.sum_squares[player : player + 1],
        totals.categories[player : player + 1],
        np.array([totals.trials]),
    )
    return ComboBreakdown(np.asarray(cards, np.uint8).reshape(1, -1), rows)


#: Each card code's text (``"2c"`` .. ``"As"``), for formatting many combos at once.
_CARD_TEXT = np.array([format_card(code) for code in range(52)])


def combo_texts(cards: NDArray[np.uint8]) -> list[str]:
    """Each combo (a row of ascending cards) as text, highest card first.

    Examples
    --------
    >>> combo_texts(np.array([[47, 51], [0, 1]], np.uint8))
    ['AsKs', '2d2c']
    """
    texts = _CARD_TEXT[cards[:, ::-1]]
    joined = texts[:, 0]
    for column in range(1, texts.shape[1]):
        joined = np.char.add(joined, texts[:, column])
    return joined.tolist()


def combo_columns(breakdown: ComboBreakdown, *, exact: bool, hilo: bool) -> dict[str, Any]:
    """The per-combo table as columns (``combo`` texts, then numbers), no pandas needed."""
    from .result import EquityResult

    counters = breakdown.counters
    trials = np.asarray(breakdown.deals, np.float64)
    texts = combo_texts(breakdown.cards)
    # The per-row arithmetic of a result: combos stand where players would.
    rows = EquityResult(
        counters,
        players=texts,
        game="",
        board="",
        dead="",
        exact=exact,
        hilo=hilo,
        seed=None,
    )
    total = trials.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        columns: dict[str, Any] = {
            "combo": texts,
            "weight": trials / total if total > 0 else np.zeros_like(trials),
            "deals": breakdown.deals,
            # The result's own columns (hi-lo: scoop, win_high, win_low, split, ...).
            **rows.column_values(),
        }
        if not exact:
            columns["stderr"] = rows.stderr
    return columns


def combo_frame(breakdown: ComboBreakdown, *, exact: bool, hilo: bool) -> Any:
    """A pandas DataFrame, one row per combo (see :meth:`EquityResult.combos`)."""
    try:
        import pandas as pd
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("combos() needs pandas: pip install pandas") from error
    columns = combo_columns(breakdown, exact=exact, hilo=hilo)
    index = pd.Index(columns.pop("combo"), name="combo")
    return pd.DataFrame(columns, index=index)


def combo_table(breakdown: ComboBreakdown, *, exact: bool, hilo: bool) -> str:
    """A plain-text table of the combos, highest equity first (what the CLI prints).

    Examples
    --------
    >>> from showdown import equity
    >>> result = equity(["AsKs", "KK, QQ"], board="Kd7c2h", combos=True)
    >>> print(combo_table(result._counters.by_combo[1], exact=True, hilo=False))
    combo   weight   equity      win     tie
    KhKc   14.286%  99.697%  99.697%  0.000%
    QdQc   14.286%   8.788%   8.788%  0.000%
    QhQc   14.286%   8.788%   8.788%  0.000%
    QsQc   14.286%   8.788%   8.788%  0.000%
    QhQd   14.286%   8.788%   8.788%  0.000%
    QsQd   14.286%   8.788%   8.788%  0.000%
    QsQh   14.286%   8.788%   8.788%  0.000%
    """
    from .result import HEADINGS, HIGH_COLUMNS, HILO_COLUMNS, percent, text_table

    columns = combo_columns(breakdown, exact=exact, hilo=hilo)
    names = ["combo", "weight", *(HILO_COLUMNS if hilo else HIGH_COLUMNS)]
    stderr = columns.get("stderr", np.zeros(len(columns["combo"])))
    order = np.argsort(-np.nan_to_num(columns["equity"], nan=-1.0), kind="stable")
    rows = []
    for index in order:
        row = [columns["combo"][index], percent(columns["weight"][index])]
        row.append(percent(columns["equity"][index], stderr[index]))
        row += [percent(columns[name][index]) for name in names[3:]]
        rows.append(row)
    return text_table([HEADINGS.get(name, name) for name in names], rows, left=0)


class ComboSums:
    """Per-combo counters of every player, summed from per-joint-holding counters.

    A run that computes counters per joint holding (the class kernels, the
    heads-up table) hands them over block by block; each joint holding's
    counters for player ``p`` go to the row of the combo ``p`` holds in it,
    times the holding's weight when the weights differ (:meth:`breakdowns`
    records the factor that puts them in deals). Unweighted spots keep
    integers, so each row is exactly what a run with that combo fixed would
    count.

    Parameters
    ----------
    combo
        ``(A, n)``: each player's combo (row of their range) in each joint holding.
    weights
        ``(A,)``: each joint holding's weight (product of its combos' weights).
    sizes
        Combos in each player's range.
    deals
        Deals of one joint holding.
    """

    def __init__(
        self, combo: NDArray[np.int64], weights: NDArray[np.float64], sizes: list[int], deals: int
    ) -> None:
        self.combo = combo
        self.weighted = bool(weights.size and weights.min() != weights.max())
        self.weights = weights
        n_players = combo.shape[1]
        self.n_players = n_players
        dtype = np.float64 if self.weighted else np.int64
        #: Per player, ``(C, 3 (n + 1) + 12)``: counts, scoop, share_any, categories.
        self.main = [np.zeros((size, 3 * (n_players + 1) + 12), dtype) for size in sizes]
        self.squares = [np.zeros(size) for size in sizes]
        self.trials = []
        for player, size in enumerate(sizes):
            if self.weighted:
                per_combo = np.bincount(combo[:, player], weights=weights, minlength=size) * deals
            else:
                per_combo = np.bincount(combo[:, player], minlength=size).astype(np.int64) * deals
            self.trials.append(per_combo)

    def add(
        self,
        originals: NDArray[np.int64],
        rows: NDArray[np.int64],
        seats: NDArray[np.int64],
        counters: tuple[NDArray[Any], ...],
    ) -> None:
        """Add joint holdings ``originals``, whose counters are row ``rows`` of ``counters``.

        ``counters`` are a class kernel's ``(counts, scoop, share_any,
        sum_squares, categories)`` per holding; ``seats[k, p]`` is where
        player ``p`` of original ``k`` sits in it (canonical holdings reorder
        the players).
        """
        if originals.size == 0:
            return
        counts, scoop, share_any, sum_squares, categories = counters[:5]
        for player in range(self.n_players):
            seat = seats[:, player]
            main = np.concatenate(
                [
                    counts[rows, seat].reshape(rows.size, -1),
                    scoop[rows, seat][:, None],
                    share_any[rows, seat][:, None],
                    categories[rows, seat],
                ],
                axis=1,
            )
            squares = sum_squares[rows, seat]
            if self.weighted:
                weight = self.weights[originals]
                main = main * weight[:, None]
                squares = squares * weight
            combo = self.combo[originals, player]
            add_rows(self.main[player], combo, main)
            add_rows(self.squares[player][:, None], combo, squares[:, None])

    def breakdowns(
        self, cards: list[NDArray[np.uint8]], factor: float = 1.0
    ) -> dict[int, ComboBreakdown]:
        """Each player's :class:`ComboBreakdown` (``cards[p]``: their range's combos).

        ``factor`` puts weighted sums in deals: the one the run's totals were
        scaled by (``weighting.in_deals``).
        """
        n = self.n_players
        found = {}
        for player in range(n):
            main = self.main[player]
            size = main.shape[0]
            counters = Counters(
                np.ascontiguousarray(main[:, : 3 * (n + 1)].reshape(size, 3, n + 1)),
                main[:, 3 * (n + 1)].copy(),
                main[:, 3 * (n + 1) + 1].copy(),
                self.squares[player],
                np.ascontiguousarray(main[:, 3 * (n + 1) + 2 :]),
                self.trials[player],
            )
            scale = factor if self.weighted else 1.0
            found[player] = ComboBreakdown(cards[player], counters, scale)
        return found


def add_rows(target: NDArray[Any], index: NDArray[np.int64], values: NDArray[Any]) -> None:
    """``target[index[k]] += values[k]`` for every ``k`` (repeated indices add up)."""
    order = np.argsort(index, kind="stable")
    ordered = index[order]
    unique, starts = np.unique(ordered, return_index=True)
    target[unique] += np.add.reduceat(values[order], starts, axis=0)
