"""``EquityResult``: what an equity calculation returns."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..evaluator.categories import HandCategory
from ._scoring import pot_equity, pots_won, whole_pot_extras

if TYPE_CHECKING:
    from .breakdown import ComboBreakdown

CATEGORY_LABELS = [category.label for category in HandCategory]


@dataclass
class Counters:
    """Raw counters summed over chunks (integers; weighted ranges make them floats)."""

    counts: NDArray[Any]  # (n, 3, n + 1): see equity._scoring
    scoop: NDArray[Any]  # (n,)
    share_any: NDArray[Any]  # (n,)
    sum_squares: NDArray[np.float64]  # (n,)
    categories: NDArray[Any]  # (n, 10)
    trials: Any  # deals (a number; an array of per-row deals in per-combo counters)
    #: Per-combo counters of each player (``equity(..., combos=True)``), by player index.
    by_combo: dict[int, ComboBreakdown] | None = field(default=None, repr=False)

    @classmethod
    def empty(cls, n_players: int, dtype: type = np.int64) -> Counters:
        return cls(
            np.zeros((n_players, 3, n_players + 1), dtype),
            np.zeros(n_players, dtype),
            np.zeros(n_players, dtype),
            np.zeros(n_players, np.float64),
            np.zeros((n_players, 10), dtype),
            0,
        )

    @staticmethod
    def chunk_arrays(n_chunks: int, n_players: int) -> tuple[NDArray[Any], ...]:
        """Zeroed per-chunk output arrays of a kernel, in kernel argument order."""
        return (
            np.zeros((n_chunks, n_players, 3, n_players + 1), np.int64),
            np.zeros((n_chunks, n_players), np.int64),
            np.zeros((n_chunks, n_players), np.int64),
            np.zeros((n_chunks, n_players), np.float64),
            np.zeros((n_chunks, n_players, 10), np.int64),
        )

    @classmethod
    def from_chunks(cls, arrays: tuple[NDArray[Any], ...], trials: float) -> Counters:
        """Add up :meth:`chunk_arrays` after a kernel filled them (in chunk order)."""
        counts, scoop, share_any, sum_squares, categories = (array.sum(axis=0) for array in arrays)
        return cls(counts, scoop, share_any, sum_squares, categories, trials)

    def completed(self) -> Counters:
        """Counters with the whole-pot deals' scoops, shares and squares added.

        Kernels skip these for whole pots (part 0) because they follow from
        ``counts[p, 0, k]``: a sole winner scoops, any winner has a share, and
        the squared share of a k-way winner is 1/k**2.
        """
        scoops, shares, squares = whole_pot_extras(self.counts[:, 0, :])
        return Counters(
            self.counts,
            self.scoop + scoops,
            self.share_any + shares,
            self.sum_squares + squares,
            self.categories,
            self.trials,
        )

    def add(self, other: Counters, weight: float = 1.0) -> None:
        """Add ``other`` scaled by ``weight`` (1 keeps integers exact)."""
        if weight != 1.0 and self.counts.dtype.kind in "iu":
            self.counts = self.counts.astype(np.float64)
            self.scoop = self.scoop.astype(np.float64)
            self.share_any = self.share_any.astype(np.float64)
            self.categories = self.categories.astype(np.float64)
        self.counts += other.counts * weight if weight != 1.0 else other.counts
        self.scoop += other.scoop * weight if weight != 1.0 else other.scoop
        self.share_any += other.share_any * weight if weight != 1.0 else other.share_any
        self.sum_squares += other.sum_squares * weight
        self.categories += other.categories * weight if weight != 1.0 else other.categories
        self.trials += other.trials * weight


class EquityResult:
    """Equity of each player in one spot.

    Attributes
    ----------
    players
        Each player's hand or range, as canonical text (``TsTh``, ``QQ+``).
    game, board, dead
        The spot, as canonical text.
    equity
        Expected share of the pot (a k-way tie gives each 1/k; hi-lo splits
        each half the same way).
    win, tie
        Fraction of deals won outright (the whole pot) and shared.
    stderr
        Standard error of ``equity`` (0 for exact results), from the
        per-deal pot shares.
    trials
        Deals enumerated or sampled (a weighted sum for weighted ranges).
    exact
        Whether every deal was enumerated.
    win_count, tie_count
        The counters behind ``win`` and ``tie`` (integers for unweighted runs).
    categories
        ``(players, 9)``: fraction of deals ending in each high-hand category,
        high card .. straight flush.
    scoop, high_equity, low_equity
        Hi-lo games only (else ``None``): fraction of deals scooped (whole pot
        alone), expected share of the high half, and of the low half (which
        goes to the high hand when no low qualifies). ``equity`` is their mean.
    seed
        The seed a sampled run used (pass it back to repeat the run).
    target_stderr
        The standard error a sampled run aimed at (``None`` without one).
    target_met
        Whether every standard error reached ``target_stderr`` (``None``
        without a target). ``False`` means sampling stopped at its cap,
        ``max_samples``; a ``RuntimeWarning`` said so.

    The numbers are worked out from the raw counters when first read, so a
    result nobody looks at costs nothing.
    """

    def __init__(
        self,
        counters: Counters,
        *,
        players: list[str],
        game: str,
        board: str,
        dead: str,
        exact: bool,
        hilo: bool,
        seed: int | None,
        target_stderr: float | None = None,
        target_met: bool | None = None,
    ) -> None:
        self._counters = counters
        self.players = players
        self.game = game
        self.board = board
        self.dead = dead
        self.exact = exact
        self.hilo = hilo
        self.seed = seed
        self.target_stderr = target_stderr
        self.target_met = target_met

    @classmethod
    def from_counters(cls, counters: Counters, **spot: Any) -> EquityResult:
        """Wrap summed kernel counters (see :meth:`__init__` for the keywords)."""
        return cls(counters, **spot)

    @cached_property
    def _completed(self) -> Counters:
        return self._counters.completed()

    @cached_property
    def _halves(self) -> NDArray[np.float64]:
        """``(players, 3)``: pots won, not yet divided by trials: whole, high half, low half."""
        return pots_won(self._counters.counts)

    @property
    def trials(self) -> float:
        trials = self._counters.trials
        return int(trials) if float(trials).is_integer() else trials

    @cached_property
    def equity(self) -> NDArray[np.float64]:
        return pot_equity(self._halves, self._counters.trials)

    @cached_property
    def stderr(self) -> NDArray[np.float64]:
        if self.exact:
            return np.zeros(len(self.players))
        trials = self._counters.trials
        variance = np.maximum(self._completed.sum_squares / trials - self.equity**2, 0.0)
        return np.sqrt(variance / trials)

    @cached_property
    def win_count(self) -> NDArray[Any]:
        return self._completed.scoop

    @cached_property
    def tie_count(self) -> NDArray[Any]:
        return self._completed.share_any - self._completed.scoop

    @cached_property
    def win(self) -> NDArray[np.float64]:
        return self.win_count / self._counters.trials

    @cached_property
    def tie(self) -> NDArray[np.float64]:
        return self.tie_count / self._counters.trials

    @cached_property
    def categories(self) -> NDArray[np.float64]:
        return self._completed.categories[:, 1:] / self._counters.trials

    @cached_property
    def share_counts(self) -> NDArray[Any]:
        """Raw ``counts[p, part, k]`` (see ``equity._scoring``)."""
        return self._completed.counts

    @cached_property
    def scoop(self) -> NDArray[np.float64] | None:
        return self._completed.scoop / self._counters.trials if self.hilo else None

    @cached_property
    def high_equity(self) -> NDArray[np.float64] | None:
        halves = self._halves
        return (halves[:, 0] + halves[:, 1]) / self._counters.trials if self.hilo else None

    @cached_property
    def low_equity(self) -> NDArray[np.float64] | None:
        halves = self._halves
        return (halves[:, 0] + halves[:, 2]) / self._counters.trials if self.hilo else None

    def combos(self, player: int) -> Any:
        """Per-combo breakdown of one player's range, as a pandas DataFrame.

        One row per combo of the player's range after card removal (range
        order; index: the combo, highest card first) with ``weight`` (the
        combo's share of the player's deals: the weights sum to 1 and
        ``sum(weight * equity)`` is the player's equity), ``deals`` (the deals
        it was part of, weighted for weighted ranges), ``equity``, ``win``
        and ``tie``; hi-lo games add ``scoop``, ``high`` and ``low``, sampled
        runs ``stderr``. A player with one known hand has one row. The
        counters come from the run itself (``equity(..., combos=True)``),
        never from re-running the spot.

        Parameters
        ----------
        player
            The player's index, 0-based like ``result.equity[player]``.

        Raises
        ------
        ValueError
            If the run did not keep per-combo counters, or ``player`` is not
            a player's index.

        Examples
        --------
        >>> from showdown import equity
        >>> result = equity(["AsKs", "QQ+"], board="Kd7c2h", combos=True)
        >>> frame = result.combos(1)
        >>> frame.index[:2].tolist(), float(frame.weight.sum())
        (['QdQc', 'QhQc'], 1.0)
        >>> bool(abs((frame.weight * frame.equity).sum() - result.equity[1]) < 1e-12)
        True
        """
        breakdowns = self._counters.by_combo
        if breakdowns is None:
            raise ValueError(
                "combos: this run kept no per-combo counters; run equity(..., combos=True) "
                "(CLI: --combos)"
            )
        if (
            isinstance(player, bool)
            or not isinstance(player, (int, np.integer))
            or not 0 <= player < len(self.players)
        ):
            raise ValueError(
                f"player: expected a player index from 0 to {len(self.players) - 1}, got {player!r}"
            )
        from .breakdown import combo_frame

        return combo_frame(breakdowns[int(player)], exact=self.exact, hilo=self.hilo)

    def to_dict(self) -> dict[str, Any]:
        """Plain Python data (JSON-ready)."""
        rows = []
        for index, text in enumerate(self.players):
            row: dict[str, Any] = {
                "player": index + 1,
                "hand": text,
                "equity": float(self.equity[index]),
                "win": float(self.win[index]),
                "tie": float(self.tie[index]),
                "stderr": float(self.stderr[index]),
                "categories": {
                    label: float(value)
                    for label, value in zip(CATEGORY_LABELS, self.categories[index], strict=True)
                },
            }
            if self.hilo:
                assert self.scoop is not None and self.high_equity is not None
                assert self.low_equity is not None
                row["scoop"] = float(self.scoop[index])
                row["high_equity"] = float(self.high_equity[index])
                row["low_equity"] = float(self.low_equity[index])
            rows.append(row)
        return {
            "game": self.game,
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "trials": self.trials,
            "seed": self.seed,
            "target_stderr": self.target_stderr,
            "target_met": self.target_met,
            "players": rows,
        }

    def to_pandas(self) -> Any:
        """One row per player (needs pandas: ``pip install pandas``)."""
        try:
            import pandas as pd
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas() needs pandas: pip install pandas") from error
        rows = []
        for row in self.to_dict()["players"]:
            flat = {key: value for key, value in row.items() if key != "categories"}
            flat.update(row["categories"])
            rows.append(flat)
        return pd.DataFrame(rows).set_index("player")

    def _columns(self) -> list[str]:
        columns = ["player", "hand", "equity", "win", "tie"]
        if self.hilo:
            columns += ["scoop", "high", "low"]
        return columns

    def _rows(self) -> list[list[str]]:
        rows = []
        for index, text in enumerate(self.players):
            row = [str(index + 1), text, percent(self.equity[index], self.stderr[index])]
            row += [percent(self.win[index]), percent(self.tie[index])]
            if self.hilo:
                assert self.scoop is not None and self.high_equity is not None
                assert self.low_equity is not None
                row += [
                    percent(self.scoop[index]),
                    percent(self.high_equity[index]),
                    percent(self.low_equity[index]),
                ]
            rows.append(row)
        return rows

    def _summary(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        if self.target_met is False:
            how += f"; stderr target {self.target_stderr:g} not reached"
        board = f", board {self.board}" if self.board else ""
        dead = f", dead {self.dead}" if self.dead else ""
        return f"{self.game}{board}{dead}: {self.trials:,} deals ({how})"

    def table(self) -> str:
        """A plain-text table (what ``repr`` and the CLI show)."""
        return text_table(self._columns(), self._rows(), left=1)

    def __repr__(self) -> str:
        return f"EquityResult({self._summary()})\n{self.table()}"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self._columns())
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in self._rows()
        )
        caption = html.escape(self._summary())
        return f"<table><caption>{caption}</caption><tr>{head}</tr>{body}</table>"


def percent(value: float, stderr: float = 0.0) -> str:
    """A share as text: ``12.345%``, with `` ±0.012`` when it has a standard error."""
    text = f"{100 * value:.3f}%"
    if stderr > 0:
        text += f" ±{100 * stderr:.3f}"
    return text


def text_table(columns: list[str], rows: list[list[str]], left: int = 0) -> str:
    """Columns of text, right-aligned but for column ``left`` (the names).

    Examples
    --------
    >>> print(text_table(["n", "name"], [["1", "AsKs"], ["10", "QQ+"]], left=1))
     n  name
     1  AsKs
    10  QQ+
    """
    widths = [max(len(columns[i]), *(len(row[i]) for row in rows)) for i in range(len(columns))]
    lines = []
    for row in [columns, *rows]:
        cells = [
            cell.ljust(width) if index == left else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
