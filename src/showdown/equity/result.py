"""``EquityResult``: what an equity calculation returns."""

from __future__ import annotations

import html
import warnings
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from ._scoring import pot_equity, pots_won, whole_pot_extras
from .formatting import CATEGORY_LABELS, json_number, percent, text_table

if TYPE_CHECKING:
    from .breakdown import ComboBreakdown

#: The shares a result shows, by game: the attribute names (also the keys of ``to_dict``).
HIGH_COLUMNS = ("equity", "win", "tie")
HILO_COLUMNS = ("equity", "scoop", "win_high", "win_low", "split", "high_equity", "low_equity")
#: Table headings where they differ from the attribute name.
HEADINGS = {
    "win_high": "win high",
    "win_low": "win low",
    "high_equity": "high equity",
    "low_equity": "low equity",
}


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

    Every share below is a fraction of the deals (``trials``), and each
    column of the game's table (:attr:`column_names`) counts something
    different.

    Attributes
    ----------
    players
        Each player's hand or range, as canonical text (``TsTh``, ``QQ+``).
    game, board, dead
        The spot, as canonical text.
    equity
        Expected share of the pot (a k-way tie gives each 1/k; hi-lo splits
        each half the same way).
    stderr
        Standard error of ``equity`` (0 for exact results), from the
        per-deal pot shares.
    win, tie
        High-only games: deals won alone (the whole pot) and deals whose pot
        was shared. In hi-lo games these names are deprecated (a
        ``DeprecationWarning``): ``win`` is :attr:`scoop` and ``tie`` is
        :attr:`split` there.
    scoop
        Hi-lo games (else ``None``): deals won whole and alone.
    win_high
        Hi-lo: deals where the player alone holds the best high hand, so wins
        the high half alone (the whole pot when no low qualifies).
    win_low
        Hi-lo: deals where the player alone holds the best qualifying low,
        so wins the low half alone.
    split
        Hi-lo: deals where the player gets a part of the pot but not all of
        it (shares a half, or takes one half only). ``scoop + split`` is the
        share of deals that pay the player anything.
    high_equity, low_equity
        Hi-lo: expected share of the high half, and of the low half (which
        goes to the high hand when no low qualifies). ``equity`` is their
        mean.
    win_count, tie_count, scoop_count, win_high_count, win_low_count, split_count
        The counters behind those shares (integers for unweighted runs;
        ``None`` where the share is).
    trials
        Deals enumerated or sampled, always a whole number. With weighted
        ranges every count is in deals too: each deal counts its weight
        (the product of its combos' weights) times ``trials`` over the total
        weight, the same numbers by every method (``equity.weighting``).
    exact
        Whether every deal was enumerated.
    categories
        ``(players, 9)``: fraction of deals ending in each high-hand category,
        high card .. straight flush.
    seed
        The seed a sampled run used (pass it back to repeat the run).
    target_stderr
        The standard error a sampled run aimed at (``None`` without one).
    target_met
        Whether every standard error reached ``target_stderr`` (``None``
        without a target). ``False`` means sampling stopped at its cap,
        ``max_samples``; a ``RuntimeWarning`` said so.
    note
        Why a run meant to be exact was sampled instead (it overran its
        estimate by far, or ran out of memory), else ``None``.

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
        note: str | None = None,
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
        self.note = note

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

    # ------------------------------------------------------------------ counts and shares
    def _old_name(self, name: str, new: str) -> None:
        """Warn that ``name`` of a hi-lo result is deprecated in favour of ``new``."""
        warnings.warn(
            f"EquityResult.{name} of a hi-lo game is deprecated: it is the same as "
            f"{new} (use that); win_high, win_low, split, high_equity and low_equity say the rest",
            DeprecationWarning,
            stacklevel=3,
        )

    @cached_property
    def _scoop_count(self) -> NDArray[Any]:
        return self._completed.scoop

    @cached_property
    def _split_count(self) -> NDArray[Any]:
        return self._completed.share_any - self._completed.scoop

    @property
    def win_count(self) -> NDArray[Any]:
        if self.hilo:
            self._old_name("win_count", "scoop_count")
        return self._scoop_count

    @property
    def tie_count(self) -> NDArray[Any]:
        if self.hilo:
            self._old_name("tie_count", "split_count")
        return self._split_count

    @property
    def win(self) -> NDArray[np.float64]:
        if self.hilo:
            self._old_name("win", "scoop")
        return self._share(self._scoop_count)

    @property
    def tie(self) -> NDArray[np.float64]:
        if self.hilo:
            self._old_name("tie", "split")
        return self._share(self._split_count)

    def _share(self, count: NDArray[Any]) -> NDArray[np.float64]:
        share: NDArray[np.float64] = count / self._counters.trials
        return share

    @property
    def scoop_count(self) -> NDArray[Any] | None:
        return self._scoop_count if self.hilo else None

    @property
    def split_count(self) -> NDArray[Any] | None:
        return self._split_count if self.hilo else None

    @cached_property
    def win_high_count(self) -> NDArray[Any] | None:
        counts = self._counters.counts
        # Alone on the high side: the whole pot (no low) or the high half.
        return counts[:, 0, 1] + counts[:, 1, 1] if self.hilo else None

    @cached_property
    def win_low_count(self) -> NDArray[Any] | None:
        return self._counters.counts[:, 2, 1] if self.hilo else None

    @cached_property
    def scoop(self) -> NDArray[np.float64] | None:
        return self._share(self._scoop_count) if self.hilo else None

    @cached_property
    def split(self) -> NDArray[np.float64] | None:
        return self._share(self._split_count) if self.hilo else None

    @cached_property
    def win_high(self) -> NDArray[np.float64] | None:
        count = self.win_high_count
        return None if count is None else self._share(count)

    @cached_property
    def win_low(self) -> NDArray[np.float64] | None:
        count = self.win_low_count
        return None if count is None else self._share(count)

    @cached_property
    def categories(self) -> NDArray[np.float64]:
        return self._completed.categories[:, 1:] / self._counters.trials

    @cached_property
    def share_counts(self) -> NDArray[Any]:
        """Raw ``counts[p, part, k]`` (see ``equity._scoring``)."""
        return self._completed.counts

    @cached_property
    def high_equity(self) -> NDArray[np.float64] | None:
        halves = self._halves
        return (halves[:, 0] + halves[:, 1]) / self._counters.trials if self.hilo else None

    @cached_property
    def low_equity(self) -> NDArray[np.float64] | None:
        halves = self._halves
        return (halves[:, 0] + halves[:, 2]) / self._counters.trials if self.hilo else None

    @property
    def column_names(self) -> list[str]:
        """The shares this game's table, ``to_dict()`` and ``to_pandas()`` show, in order.

        High-only games: ``equity``, ``win``, ``tie``. Hi-lo games:
        ``equity``, ``scoop``, ``win_high``, ``win_low``, ``split``,
        ``high_equity``, ``low_equity`` (see the class docstring).
        """
        return list(HILO_COLUMNS if self.hilo else HIGH_COLUMNS)

    def column_values(self) -> dict[str, NDArray[np.float64]]:
        """Each of :attr:`column_names` with its values, one per player (no warning)."""
        if not self.hilo:
            return {
                "equity": self.equity,
                "win": self._share(self._scoop_count),
                "tie": self._share(self._split_count),
            }
        return {name: getattr(self, name) for name in HILO_COLUMNS}

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
        never from re-running the spot. ``player`` and the errors are as for
        :meth:`combo_breakdown`.

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
        return self.combo_breakdown(player).frame(exact=self.exact, hilo=self.hilo)

    @property
    def has_combos(self) -> bool:
        """Whether the run kept per-combo counters (``equity(..., combos=True)``)."""
        return self._counters.by_combo is not None

    def combo_breakdown(self, player: int) -> ComboBreakdown:
        """The raw per-combo counters of one player's range, for tables and documents.

        :meth:`combos` is the same data as a DataFrame; this is what
        :func:`showdown.equity.breakdown.combo_table` and ``combo_columns`` take,
        without pandas. ``.cards`` holds each combo's cards, in range order.

        Parameters
        ----------
        player
            The player's index, 0-based like ``result.equity[player]``.

        Raises
        ------
        showdown.errors.InputError
            (a ``ValueError``) If the run did not keep per-combo counters
            (parameter ``combos``), or ``player`` is not a player's index
            (parameter ``player``).

        Examples
        --------
        >>> from showdown import equity
        >>> result = equity(["AsKs", "QQ"], board="Kd7c2h", combos=True)
        >>> result.has_combos, len(result.combo_breakdown(1).cards)
        (True, 6)
        """
        breakdowns = self._counters.by_combo
        if breakdowns is None:
            raise InputError(
                "this run kept no per-combo counters; run equity(..., combos=True) (CLI: --combos)",
                parameter="combos",
            )
        if (
            isinstance(player, bool)
            or not isinstance(player, (int, np.integer))
            or not 0 <= player < len(self.players)
        ):
            raise InputError(
                f"expected a player index from 0 to {len(self.players) - 1}, got {player!r}",
                parameter="player",
            )
        return breakdowns[int(player)]

    def spot_dict(self) -> dict[str, Any]:
        """The spot and the run as plain data, the head of :meth:`to_dict` (and of
        ``EquityDistribution.to_dict``): ``game``, ``board``, ``dead``, ``exact``,
        ``trials`` (an integer when it is one) and ``seed``."""
        trials = self.trials
        return {
            "game": self.game,
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "trials": trials if isinstance(trials, int) else json_number(trials),
            "seed": self.seed,
        }

    def to_dict(self) -> dict[str, Any]:
        """Plain Python data, ready for ``json.dumps(..., allow_nan=False)``.

        Per player: ``player`` (1-based), ``hand``, the shares of
        :attr:`column_names`, ``stderr`` and ``categories``. Shares are
        rounded to 15 significant digits, below the precision of the
        arithmetic that made them, so float noise (``0.30000000000000004``)
        never shows; ``trials`` is an integer when it is one.

        Raises
        ------
        ValueError
            If a number is not finite (a result that should never have been
            returned; JSON could not hold it).
        """
        rows = []
        values = self.column_values()
        for index, text in enumerate(self.players):
            row: dict[str, Any] = {"player": index + 1, "hand": text}
            row.update({name: json_number(column[index]) for name, column in values.items()})
            row["stderr"] = json_number(self.stderr[index])
            row["categories"] = {
                label: json_number(value)
                for label, value in zip(CATEGORY_LABELS, self.categories[index], strict=True)
            }
            rows.append(row)
        return {
            **self.spot_dict(),
            "target_stderr": self.target_stderr,
            "target_met": self.target_met,
            "note": self.note,
            "players": rows,
        }

    def to_pandas(self) -> Any:
        """One row per player: ``hand``, the shares of :attr:`column_names`, ``stderr``
        and the hand categories (needs pandas: ``pip install pandas``)."""
        try:
            import pandas as pd
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas() needs pandas: pip install pandas") from error
        frame = pd.DataFrame({"player": np.arange(1, len(self.players) + 1), "hand": self.players})
        for name, column in self.column_values().items():
            frame[name] = column
        frame["stderr"] = self.stderr
        for label, column in zip(CATEGORY_LABELS, self.categories.T, strict=True):
            frame[label] = column
        return frame.set_index("player")

    def plot(self, ax: Any = None, **options: Any) -> Any:
        """Draw the result with :func:`showdown.equity.analysis.plot.plot_equity`; returns the Axes.

        High-only games: each player's equity as a bar (sampled runs with
        95 % error bars). Hi-lo games: three bars per player, ``equity``,
        ``high_equity`` and ``low_equity`` (the error bar on ``equity``
        only). Needs matplotlib (``pip install -e '.[plot]'``).

        Parameters
        ----------
        ax
            Axes to draw on (a new figure when ``None``).
        **options
            Passed to ``plot_equity`` (``z``, ``title``).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from showdown import equity
        >>> ax = equity(["AcAs", "KhKd"]).plot()
        >>> [round(float(bar.get_height()), 4) for bar in ax.patches]
        [0.8126, 0.1874]
        """
        from .analysis.plot import plot_equity

        return plot_equity(self, ax=ax, **options)

    def _headings(self) -> list[str]:
        return ["player", "hand", *(HEADINGS.get(name, name) for name in self.column_names)]

    def _rows(self) -> list[list[str]]:
        rows = []
        values = self.column_values()
        for index, text in enumerate(self.players):
            row = [str(index + 1), text]
            for name, column in values.items():
                stderr = self.stderr[index] if name == "equity" else 0.0
                row.append(percent(column[index], stderr))
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
        return text_table(self._headings(), self._rows(), left=1)

    def __repr__(self) -> str:
        note = f"Note: {self.note}\n" if self.note else ""
        return f"EquityResult({self._summary()})\n{note}{self.table()}"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self._headings())
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in self._rows()
        )
        caption = html.escape(self._summary())
        return f"<table><caption>{caption}</caption><tr>{head}</tr>{body}</table>"
