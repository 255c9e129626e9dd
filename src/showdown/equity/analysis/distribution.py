"""Equity distributions: how a player's equity spreads over the combos of their range.

:func:`equity_distribution` runs :func:`~showdown.equity.equity` once with
per-combo counters (``combos=True``) and sorts each player's combos by their
equity, so a range reads as a curve (the weakest share of the range on the
left, the strongest on the right), as buckets of equity and as a nut share.
No second engine: every number comes from the counters of that one run.

Definitions (``w`` are the combo weights, summing to 1):

* a combo's **weight** is its share of the player's deals, as in
  :meth:`EquityResult.combos <showdown.equity.EquityResult.combos>`: its
  range weight times the deals it can be part of (card removal by the
  board, dead cards and the other players), normalised;
* a combo's **percentile** is the share of the range's weight whose equity
  is at most the combo's own (ties included): the strongest combo is at
  1.0 and tied combos share one percentile;
* a **bucket** ``[low, high)`` holds the combos with ``low <= equity <
  high`` (the last bucket includes its upper edge);
* the **nut share** at ``threshold`` is the weight of the combos whose
  equity is at least ``threshold``;
* the equity at percentile ``q`` (:meth:`EquityDistribution.quantiles`) is
  the smallest combo equity whose percentile is at least ``q``.
"""

from __future__ import annotations

import html
import inspect
import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from numbers import Integral, Real
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..api import equity
from ..breakdown import combo_columns
from ..formatting import json_number, json_records, percent, text_table
from ..games import get_game
from ..result import EquityResult

__all__ = [
    "DEFAULT_EDGES",
    "DEFAULT_LEVELS",
    "EquityDistribution",
    "PlayerDistribution",
    "distribution_of",
    "equity_distribution",
]

#: Bucket edges of :meth:`EquityDistribution.buckets`: 0-33 %, 33-50 %, 50-75 %, 75-100 %.
DEFAULT_EDGES = (0.0, 0.33, 0.5, 0.75, 1.0)
#: Percentiles of :meth:`EquityDistribution.quantiles` (and the CLI's table).
DEFAULT_LEVELS = (0.1, 0.25, 0.5, 0.75, 0.9)
#: Default threshold of :meth:`EquityDistribution.nut_share`.
DEFAULT_NUT_THRESHOLD = 0.95


@dataclass(frozen=True)
class PlayerDistribution:
    """One player's combos sorted by equity, weakest first.

    Attributes
    ----------
    player
        The player's index (0-based, as in ``result.equity[player]``).
    hand
        The player's hand or range as canonical text.
    combos
        Each combo's cards, highest first.
    weight
        Each combo's share of the player's deals (they sum to 1).
    equity
        Each combo's equity against the other players (ascending). Hi-lo
        games: the combo's expected share of the whole pot, the mean of
        ``high_equity`` and ``low_equity``.
    percentile
        Share of the range's weight with equity at most this combo's.
    stderr
        Standard error of each combo's equity (sampled runs; ``None`` when exact).
    high_equity, low_equity
        Hi-lo games: each combo's expected share of the high and low halves
        (``None`` otherwise).
    """

    player: int
    hand: str
    combos: list[str]
    weight: NDArray[np.float64]
    equity: NDArray[np.float64]
    percentile: NDArray[np.float64]
    stderr: NDArray[np.float64] | None = None
    high_equity: NDArray[np.float64] | None = None
    low_equity: NDArray[np.float64] | None = None

    def columns(self) -> dict[str, Any]:
        """The table as columns: ``combo``, ``weight``, ``equity``, ``percentile``, the rest."""
        columns: dict[str, Any] = {
            "combo": self.combos,
            "weight": self.weight,
            "equity": self.equity,
            "percentile": self.percentile,
        }
        for name in ("stderr", "high_equity", "low_equity"):
            value = getattr(self, name)
            if value is not None:
                columns[name] = value
        return columns

    def buckets(self, edges: Sequence[float] = DEFAULT_EDGES) -> NDArray[np.float64]:
        """Weight of the combos in each bucket of ``edges`` (see the module docstring)."""
        bounds = check_edges(edges)
        shares = np.zeros(len(bounds) - 1)
        for index in range(len(shares)):
            low, high = bounds[index], bounds[index + 1]
            last = index == len(shares) - 1
            below = (self.equity <= high) if last else (self.equity < high)
            inside = (self.equity >= low) & below
            shares[index] = self.weight[inside].sum()
        return shares

    def nut_share(self, threshold: float = DEFAULT_NUT_THRESHOLD) -> float:
        """Weight of the combos whose equity is at least ``threshold``."""
        level = check_fraction(threshold, "threshold")
        return float(self.weight[self.equity >= level].sum())

    def quantiles(self, levels: Sequence[float] = DEFAULT_LEVELS) -> NDArray[np.float64]:
        """The equity at each percentile of ``levels`` (the smallest reaching it)."""
        wanted = np.array([check_fraction(q, "levels") for q in _sequence(levels, "levels")])
        # A tiny tolerance: cumulative sums of weights miss 0.25 by an ulp or two.
        index = np.searchsorted(self.percentile, wanted - 1e-12, side="left")
        return self.equity[np.minimum(index, len(self.equity) - 1)]

    def to_records(self) -> list[dict[str, Any]]:
        """One JSON-safe dict per combo, weakest first."""
        return json_records(self.columns())


def equity_distribution(
    players: Sequence[object], *, player: int | None = None, **options: Any
) -> EquityDistribution:
    """Each combo's equity against the other players, sorted, for every range.

    One run of :func:`~showdown.equity.equity` with per-combo counters
    (``combos=True``); the options are the same and mean the same. Flop
    games only: ``holdem``, ``omaha``, ``omaha5``, ``omaha6`` and their
    ``-hilo`` versions (a hi-lo combo's equity is its expected share of the
    whole pot). A player given as a single hand has a one-row distribution
    (its percentile is 1.0).

    Parameters
    ----------
    players, **options
        As for :func:`~showdown.equity.equity` (``board``, ``dead``, ``game``,
        ``exact``, ``samples``, ``target_stderr``, ``max_samples``, ``seed``,
        ``threads``, ``progress``, ``use_tables``, ``client``, ``scheduler``;
        not ``combos``, which is always on). Sampled runs of Omaha ranges
        need the engine's sampled per-combo counters; where it has none, the
        error says so (use ``exact=True``).
    player
        Only this player's distribution (0-based index); ``None``: every player's.

    Returns
    -------
    EquityDistribution
        Per player: each combo with its ``weight`` (share of the player's
        deals), ``equity`` and ``percentile`` (the share of the range's
        weight with equity at most the combo's), weakest first. Combos that
        are never dealt (blocked by every holding of another player, or
        never drawn by a sampled run) have no weight and are left out.

    Raises
    ------
    ValueError
        For bad input, as :func:`~showdown.equity.equity` raises it; a game
        without a board (stud, draw); a ``player`` that is not a player's index.

    Examples
    --------
    >>> from showdown import equity_distribution
    >>> spread = equity_distribution(["AsKs", "QQ+, AK"], exact=True)
    >>> villain = spread[1]  # the range's combos, weakest first
    >>> len(villain.combos), villain.combos[0], villain.combos[-1], float(villain.percentile[-1])
    (21, 'AdKc', 'AhAd', 1.0)
    >>> [round(float(share), 4) for share in spread.buckets()[1]]  # 0-33-50-75-100 %
    [0.0, 0.2857, 0.5714, 0.1429]
    >>> round(float(spread.quantiles([0.5])[1, 0]), 4), round(float(spread.nut_share(0.8)[1]), 4)
    (0.5379, 0.1429)
    """
    unknown = [name for name in options if name not in _OPTION_NAMES]
    if unknown:  # the message Python gives for a keyword the signature lacks
        raise TypeError(f"equity_distribution() got an unexpected keyword argument {unknown[0]!r}")
    if player is not None and (
        isinstance(player, bool) or not isinstance(player, Integral) or player < 0
    ):
        raise ValueError(f"player: expected a player index (0, 1, ...), got {player!r}")
    game = options.get("game", "holdem")
    if isinstance(game, str):  # other types: equity() names the problem
        rules = get_game(game)
        if rules.kind != "board":
            raise ValueError(
                f"game: equity distributions are for flop games (hold'em, Omaha and their "
                f"hi-lo versions), not {rules.name}"
            )
    if player is not None and hasattr(players, "__len__") and player >= len(players):
        raise ValueError(
            f"player: expected a player index from 0 to {len(players) - 1}, got {player!r}"
        )
    try:
        result = equity(players, combos=True, **options)
    except ValueError as error:
        message = str(error)
        if not message.startswith("combos:"):
            raise
        # The engine's reason, without its advice to drop combos (a distribution needs them).
        reason = message.removeprefix("combos:").strip().split("; sample without combos")[0]
        raise ValueError(
            f"equity_distribution needs per-combo equities, which this run cannot give: "
            f"{reason}; use exact=True"
        ) from None
    return distribution_of(result, None if player is None else int(player))


def _distribution_signature() -> inspect.Signature:
    """``equity``'s signature with ``player`` after ``game`` and without ``combos`` (always on)."""
    parameters = [
        found for name, found in inspect.signature(equity).parameters.items() if name != "combos"
    ]
    chosen = inspect.Parameter(
        "player", inspect.Parameter.KEYWORD_ONLY, default=None, annotation="int | None"
    )
    at = [found.name for found in parameters].index("game") + 1
    return inspect.Signature(
        [*parameters[:at], chosen, *parameters[at:]], return_annotation="EquityDistribution"
    )


# The options are equity()'s, defined once in api.py; help() and inspect still list them.
equity_distribution.__signature__ = _distribution_signature()  # type: ignore[attr-defined]
#: The keywords passed on to equity().
_OPTION_NAMES = frozenset(inspect.signature(equity).parameters) - {"players", "combos"}


def distribution_of(result: EquityResult, player: int | None = None) -> EquityDistribution:
    """The distribution of every player (or of ``player``) of a run with ``combos=True``."""
    chosen = range(len(result.players)) if player is None else [player]
    return EquityDistribution(result, [player_distribution(result, index) for index in chosen])


def player_distribution(result: EquityResult, player: int) -> PlayerDistribution:
    """Player ``player``'s combos from ``result`` (a run with ``combos=True``), sorted."""
    if not result.has_combos:
        raise ValueError("result: this run kept no per-combo counters (run with combos=True)")
    breakdown = result.combo_breakdown(player)
    columns = combo_columns(breakdown, exact=result.exact, hilo=result.hilo)
    weight = np.asarray(columns["weight"], np.float64)
    dealt = np.flatnonzero(weight > 0)  # never-dealt combos have no equity (0 / 0)
    values = np.asarray(columns["equity"], np.float64)[dealt]
    # Stable: tied combos keep the range's order.
    order = dealt[np.argsort(values, kind="stable")]
    weight = weight[order] / weight[order].sum()
    equities = np.asarray(columns["equity"], np.float64)[order]
    cumulative = np.cumsum(weight)
    cumulative /= cumulative[-1]  # the strongest combo at exactly 1.0
    # Ties share the percentile of the last of them: the weight at or below their equity.
    last_tied = np.searchsorted(equities, equities, side="right") - 1
    texts = [columns["combo"][index] for index in order]

    def column(name: str) -> NDArray[np.float64] | None:
        return np.asarray(columns[name], np.float64)[order] if name in columns else None

    return PlayerDistribution(
        player=player,
        hand=result.players[player],
        combos=texts,
        weight=weight,
        equity=equities,
        percentile=cumulative[last_tied],
        stderr=column("stderr"),
        high_equity=column("high_equity") if result.hilo else None,
        low_equity=column("low_equity") if result.hilo else None,
    )


class EquityDistribution:
    """Equity distributions of one spot: a :class:`PlayerDistribution` per chosen player.

    Attributes
    ----------
    result
        The :class:`~showdown.equity.EquityResult` of the run (with its
        per-combo counters): the players' overall equity, trials, seed.
    distributions
        The chosen players' distributions, in player order.
    players, game, board, dead, exact, hilo, seed, trials
        As on the result.

    ``distribution[p]`` is player ``p``'s :class:`PlayerDistribution`
    (0-based; ``ValueError`` for a player not chosen); iterating gives the
    chosen players' distributions. :meth:`buckets`, :meth:`nut_share` and :meth:`quantiles` give
    one row per chosen player, in :attr:`distributions` order.
    """

    def __init__(self, result: EquityResult, distributions: list[PlayerDistribution]) -> None:
        self.result = result
        self.distributions = distributions
        self.players = result.players
        self.game = result.game
        self.board = result.board
        self.dead = result.dead
        self.exact = result.exact
        self.hilo = result.hilo
        self.seed = result.seed
        self.trials = result.trials

    def __getitem__(self, player: int) -> PlayerDistribution:
        for found in self.distributions:
            if found.player == player and not isinstance(player, bool):
                return found
        chosen = ", ".join(str(found.player) for found in self.distributions)
        raise ValueError(f"player: expected one of the chosen players ({chosen}), got {player!r}")

    def __len__(self) -> int:
        return len(self.distributions)

    def __iter__(self) -> Iterator[PlayerDistribution]:
        """The chosen players' distributions (not indices: those may skip players)."""
        return iter(self.distributions)

    def buckets(self, edges: Sequence[float] = DEFAULT_EDGES) -> NDArray[np.float64]:
        """``(players, buckets)``: each chosen player's weight in each bucket of ``edges``.

        ``edges`` are increasing equities in [0, 1]; bucket ``i`` holds the
        combos with ``edges[i] <= equity < edges[i + 1]`` (the last one
        includes its upper edge). With edges from 0 to 1 each row sums to 1.
        """
        check_edges(edges)
        return np.array([found.buckets(edges) for found in self.distributions])

    def nut_share(self, threshold: float = DEFAULT_NUT_THRESHOLD) -> NDArray[np.float64]:
        """Each chosen player's weight of combos whose equity is at least ``threshold``."""
        check_fraction(threshold, "threshold")
        return np.array([found.nut_share(threshold) for found in self.distributions])

    def quantiles(self, levels: Sequence[float] = DEFAULT_LEVELS) -> NDArray[np.float64]:
        """``(players, levels)``: the equity at each percentile (the smallest reaching it)."""
        return np.array([found.quantiles(levels) for found in self.distributions])

    def to_pandas(self) -> Any:
        """One row per combo of every chosen player: ``player`` (1-based), ``hand``, ``combo``,
        ``weight``, ``equity``, ``percentile`` (and ``stderr``, ``high_equity``,
        ``low_equity`` where present), weakest first within each player (needs pandas)."""
        try:
            import pandas as pd
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas() needs pandas: pip install pandas") from error
        frames = []
        for found in self.distributions:
            frame = pd.DataFrame(found.columns())
            frame.insert(0, "hand", found.hand)
            frame.insert(0, "player", found.player + 1)
            frames.append(frame)
        return pd.concat(frames, ignore_index=True)

    def to_dict(
        self,
        edges: Sequence[float] = DEFAULT_EDGES,
        levels: Sequence[float] = DEFAULT_LEVELS,
        threshold: float = DEFAULT_NUT_THRESHOLD,
    ) -> dict[str, Any]:
        """Plain Python data, ready for ``json.dumps(..., allow_nan=False)``.

        The spot (``game``, ``board``, ``dead``, ``exact``, ``trials``,
        ``seed``) and per chosen player: ``player`` (1-based), ``hand``,
        ``equity`` (overall), ``buckets`` (``low``, ``high``, ``share`` for
        each bucket of ``edges``), ``nut_share`` (``threshold``, ``share``),
        ``percentiles`` (``percentile``, ``equity`` for each of ``levels``)
        and ``combos``, one record per combo, weakest first.
        """
        bounds = check_edges(edges)
        wanted = [check_fraction(level, "levels") for level in _sequence(levels, "levels")]
        nut_level = check_fraction(threshold, "threshold")
        players = []
        for found in self.distributions:
            shares = found.buckets(bounds)
            quantiles = found.quantiles(wanted)
            players.append(
                {
                    "player": found.player + 1,
                    "hand": found.hand,
                    "equity": json_number(self.result.equity[found.player]),
                    "buckets": [
                        {"low": low, "high": high, "share": json_number(share)}
                        for low, high, share in zip(bounds, bounds[1:], shares, strict=False)
                    ],
                    "nut_share": {
                        "threshold": nut_level,
                        "share": json_number(found.nut_share(nut_level)),
                    },
                    "percentiles": [
                        {"percentile": level, "equity": json_number(value)}
                        for level, value in zip(wanted, quantiles, strict=True)
                    ],
                    "combos": found.to_records(),
                }
            )
        return {**self.result.spot_dict(), "players": players}

    def plot(self, ax: Any = None, **options: Any) -> Any:
        """The equity curves on one axis (:func:`~showdown.plot.plot_equity_distribution`).

        x: percentile of the range, y: equity; one line per chosen player.
        Returns the Axes (needs matplotlib: ``pip install -e '.[plot]'``).
        """
        from .plot import plot_equity_distribution

        return plot_equity_distribution(self, ax=ax, **options)

    # ------------------------------------------------------------------ text and HTML
    def _bucket_rows(self, edges: Sequence[float], threshold: float) -> list[list[str]]:
        shares = self.buckets(edges)
        nuts = self.nut_share(threshold)
        return [
            [str(found.player + 1), found.hand, *(percent(share) for share in row), percent(nut)]
            for found, row, nut in zip(self.distributions, shares, nuts, strict=True)
        ]

    def _quantile_rows(self, levels: Sequence[float]) -> list[list[str]]:
        values = self.quantiles(levels)
        return [
            [str(found.player + 1), found.hand, *(percent(value) for value in row)]
            for found, row in zip(self.distributions, values, strict=True)
        ]

    def tables(
        self,
        edges: Sequence[float] = DEFAULT_EDGES,
        levels: Sequence[float] = DEFAULT_LEVELS,
        threshold: float = DEFAULT_NUT_THRESHOLD,
    ) -> str:
        """Two plain-text tables (what ``repr`` and the CLI show): each chosen player's
        weight per bucket with the nut share, and the equity at each percentile."""
        headings = bucket_headings(edges, threshold)
        first = text_table(headings, self._bucket_rows(edges, threshold), left=1)
        second = text_table(quantile_headings(levels), self._quantile_rows(levels), left=1)
        return (
            f"share of the range by equity ({headings[-1]}: the nut share):\n{first}\n\n"
            f"equity at each percentile of the range (p50: the median):\n{second}"
        )

    def _summary(self) -> str:
        return self.result._summary()

    def __repr__(self) -> str:
        return f"EquityDistribution({self._summary()})\n{self.tables()}"

    def _repr_html_(self) -> str:
        parts = [f"<p>{html.escape(self._summary())}</p>"]
        for caption, headings, rows in (
            (
                "share of the range by equity",
                bucket_headings(DEFAULT_EDGES, DEFAULT_NUT_THRESHOLD),
                self._bucket_rows(DEFAULT_EDGES, DEFAULT_NUT_THRESHOLD),
            ),
            (
                "equity at each percentile of the range",
                quantile_headings(DEFAULT_LEVELS),
                self._quantile_rows(DEFAULT_LEVELS),
            ),
        ):
            head = "".join(f"<th>{html.escape(text)}</th>" for text in headings)
            body = "".join(
                "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
                for row in rows
            )
            parts.append(
                f"<table><caption>{html.escape(caption)}</caption><tr>{head}</tr>{body}</table>"
            )
        return "".join(parts)


def bucket_headings(edges: Sequence[float], threshold: float) -> list[str]:
    """Headings of the bucket table: ``0-33%``, ... and the nut share's ``95%+``."""
    bounds = check_edges(edges)
    labels = [f"{_number(low)}-{_number(high)}%" for low, high in itertools.pairwise(bounds)]
    return ["player", "hand", *labels, f"{_number(check_fraction(threshold, 'threshold'))}%+"]


def quantile_headings(levels: Sequence[float]) -> list[str]:
    """Headings of the percentile table: ``p10``, ``p25``, ..."""
    wanted = [check_fraction(level, "levels") for level in _sequence(levels, "levels")]
    return ["player", "hand", *(f"p{_number(level)}" for level in wanted)]


def _number(fraction: float) -> str:
    """A fraction as a short percentage number: 0.33 -> ``33``, 0.125 -> ``12.5``."""
    return f"{100 * fraction:.4g}"


def _sequence(values: object, name: str) -> list[object]:
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise ValueError(f"{name}: expected a sequence of fractions, got {values!r}")
    return list(values)


def check_fraction(value: object, name: str) -> float:
    """``value`` as a float in [0, 1], else ``ValueError`` naming ``name``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, Real)
        or not math.isfinite(float(value))
        or not 0.0 <= float(value) <= 1.0
    ):
        raise ValueError(f"{name}: expected a fraction from 0 to 1, got {value!r}")
    return float(value)


def check_edges(edges: Sequence[float]) -> list[float]:
    """Bucket edges as floats: two or more, increasing, in [0, 1]; else ``ValueError``."""
    bounds = [check_fraction(edge, "edges") for edge in _sequence(edges, "edges")]
    if len(bounds) < 2 or any(high <= low for low, high in itertools.pairwise(bounds)):
        raise ValueError(
            f"edges: expected two or more increasing fractions such as (0, 0.5, 1), got {edges!r}"
        )
    return bounds
