"""``Range``: a range you can combine, look at and pass anywhere.

A :class:`Range` is a :class:`~showdown.cards.hand_range.HandRange` that is
parsed once, immutable and hashable, with set operations and a canonical
text. Because it *is* a ``HandRange``, the equity engine takes it wherever
it takes range text.

A hold'em range (the default) has a 13x13 grid and the usual short text
(:func:`~showdown.cards.range_notation.format_range`). ``game="omaha"``
(``omaha5``, ``omaha6`` and the ``-hilo`` games too) makes a range of 4-6
card hands in the generic notation instead: an
:class:`~showdown.cards.omaha_range.OmahaRange`, a subclass with the same
operations and its own view.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .codes import CardsLike, as_card_array, format_cards
from .hand_range import HandRange, _mask_cards
from .preflop_order import top_classes
from .range_grid import (
    CELL_COMBOS,
    GRID_LABELS,
    GRID_RANKS,
    cell_combos,
    cell_of_class,
    combo_cells,
    grid_html,
    grid_values,
)
from .range_notation import format_range
from .ranges import parse_range

__all__ = ["ALL_HANDS", "Range", "board_game"]

#: Two-card starting hands in a full deck.
ALL_HANDS = 1326

#: ``Range(game="omaha")``'s subclass and its ``from_combos``, set by ``omaha_range`` as it
#: loads (``showdown.cards`` imports it): this module never imports that one, which imports it.
_OMAHA: dict[str, Any] = {}


def board_game(game: str, name: str = "range") -> tuple[str, int]:
    """``(canonical name, cards per hand)`` of a game that has ranges: hold'em and the Omaha games.

    Any name of :mod:`showdown.games` works (``"plo8"`` is ``omaha-hilo``).

    Examples
    --------
    >>> board_game("PLO8"), board_game("nlhe")
    (('omaha-hilo', 4), ('holdem', 2))
    """
    from ..games import hand_type  # plain data; imported here to keep cards first in the chain

    if not isinstance(game, str):
        raise ValueError(f"{name}: game must be a game name such as 'omaha', got {game!r}")
    kind = hand_type(game)
    if kind.kind != "board":
        raise ValueError(
            f"{name}: ranges are for hold'em and the Omaha games, not {kind.name} "
            "(stud and draw players are cards or random)"
        )
    return kind.name, kind.cards


def _is_generic(text: object, game: str | None) -> bool:
    """Whether ``Range(text, game=game)`` makes a range of 4-6 card hands."""
    if game is not None:
        return board_game(game)[1] != 2
    return isinstance(text, Range) and text.hole_size != 2


class Range(HandRange):
    """A weighted set of hold'em starting hands (two-card combos).

    Parameters
    ----------
    text
        Range text in PokerStove/Equilab notation (see
        :mod:`showdown.cards.classic_range`), or another ``Range`` / two-card
        ``HandRange``. For an Omaha game, text in the generic notation
        (``docs/ranges.md``) or a range of as many cards.
    game
        ``None`` or ``"holdem"``: a hold'em range. ``"omaha"``, ``"omaha5"``,
        ``"omaha6"`` or a ``-hilo`` game (any name of :mod:`showdown.games`):
        an :class:`~showdown.cards.omaha_range.OmahaRange` of that game.
        ``None`` keeps the game of a ``Range`` given as ``text``.
    dead
        Cards removed from the range (board, dead cards, known hands).
    name
        What the range is called in error messages.

    A range is never empty: an operation that would leave no combo raises
    ``ValueError``. Ranges are immutable and hashable; two ranges are equal
    when they hold the same combos at the same weights (the dead cards that
    led there do not matter).

    Attributes
    ----------
    text
        The canonical text (``str(range)``): the usual short notation, such
        as ``"QQ+, AKs:0.5, T9s-76s"``; ``Range(str(r)) == r`` always.
    combos, weights
        ``uint8`` ``(n, 2)`` card pairs (each row ascending, rows sorted) and
        ``float64`` ``(n,)`` weights in (0, 1].

    Examples
    --------
    >>> from showdown import Range
    >>> r = Range("AKs:0.5, QQ+, 76s, 87s, 98s, T9s")
    >>> str(r), len(r), r.combo_weight
    ('QQ+, AKs:0.5, T9s-76s', 38, 36.0)
    >>> str(r - Range("AA") | Range("22"))
    'KK-QQ, 22, AKs:0.5, T9s-76s'
    >>> len(r.remove("Ks Qh"))
    31
    >>> r.grid()[0, :3].tolist()  # row A: AA, AKs, AQs
    [1.0, 0.5, 0.0]
    >>> "AhKh" in r, "AhKd" in r
    (True, False)
    """

    __slots__ = ("_frozen", "_hash")

    def __new__(
        cls,
        text: Range | HandRange | str | None = None,
        *,
        game: str | None = None,
        dead: CardsLike | None = None,
        name: str = "range",
    ) -> Range:
        if cls is Range and _is_generic(text, game):
            return super().__new__(_OMAHA["range_class"])
        return super().__new__(cls)

    def __init__(
        self,
        text: Range | HandRange | str,
        *,
        game: str | None = None,
        dead: CardsLike | None = None,
        name: str = "range",
    ) -> None:
        if game is not None:
            board_game(game, name)  # a hold'em name: the range is hold'em's
        if isinstance(text, HandRange):
            if text.hole_size != 2:
                raise ValueError(
                    f"{name}: a hold'em Range holds two-card hands, got {text.hole_size}; "
                    "give game='omaha' (or the game of those hands) for an Omaha range"
                )
            source = text if dead is None else text.remove(dead)
        elif isinstance(text, str):
            source = parse_range(text, dead=dead, name=name)
        else:
            raise ValueError(f"{name}: expected range text or a Range, got {type(text).__name__}")
        self._setup(source.combos, source.weights, source.dead_mask, name)

    # ----------------------------------------------------------------- building

    def _setup(
        self,
        combos: NDArray[np.uint8],
        weights: NDArray[np.float64],
        dead_mask: int,
        name: str,
    ) -> None:
        combos = np.sort(np.asarray(combos, dtype=np.uint8).reshape(-1, 2), axis=1)
        weights = np.asarray(weights, dtype=np.float64).reshape(-1)
        order = np.lexsort((combos[:, 1], combos[:, 0]))
        combos, weights = combos[order], weights[order]
        combos.flags.writeable = False
        weights.flags.writeable = False
        HandRange.__init__(
            self,
            combos,
            weights,
            text=format_range(combos, weights),
            hole_size=2,
            dead_mask=dead_mask,
            name=name,
        )
        self._hash = hash((combos.tobytes(), weights.tobytes()))
        self._frozen = True

    @classmethod
    def _from_arrays(
        cls,
        combos: NDArray[np.uint8],
        weights: NDArray[np.float64],
        *,
        dead_mask: int = 0,
        name: str = "range",
        what: str = "range",
    ) -> Range:
        if len(combos) == 0:
            raise ValueError(f"{name}: {what} holds no hand")
        made = cls.__new__(cls)
        made._setup(combos, weights, dead_mask, name)
        return made

    @classmethod
    def from_combos(
        cls,
        combos: CardsLike | Iterable[str],
        weights: ArrayLike | None = None,
        *,
        game: str | None = None,
        name: str = "range",
    ) -> Range:
        """A range of explicit combos.

        Parameters
        ----------
        combos
            Card codes ``(n, 2)`` or a list of two-card texts (``["AhKh", "QsQd"]``);
            ``(n, 4)`` or four-card texts for ``game="omaha"``, and so on.
        weights
            One weight in [0, 1] per combo (default 1); combos at weight 0 are left out.
        game
            ``None`` (hold'em) or the game of an Omaha range.

        Examples
        --------
        >>> str(Range.from_combos(["AhKh", "AdKd", "AcKc", "AsKs"], [1, 1, 1, 0.5]))
        'AsKs:0.5, AhKh, AdKd, AcKc'
        >>> str(Range.from_combos(["AsAhKsKh", "AdAcKdKc"], game="omaha"))
        'AsAhKsKh, AdAcKdKc'
        """
        if _is_generic(None, game):
            assert game is not None
            return _OMAHA["from_listed_combos"](combos, weights, game=game, name=name)
        cards = as_card_array(combos, name=name, lengths=[2])  # type: ignore[arg-type]
        cards = cards.reshape(-1, 2)
        values = _weights(weights, len(cards), name)
        keys = np.sort(cards, axis=1)
        unique = np.unique(keys, axis=0)
        if len(unique) != len(keys):
            raise ValueError(f"{name}: a combo is listed twice")
        keep = values > 0
        return cls._from_arrays(keys[keep], values[keep], name=name, what="the list")

    @classmethod
    def from_grid(
        cls,
        grid: ArrayLike,
        *,
        dead: CardsLike | None = None,
        name: str = "range",
    ) -> Range:
        """The range whose every combo in cell ``(row, column)`` has weight ``grid[row, column]``.

        Parameters
        ----------
        grid
            13x13 values in [0, 1] laid out as :meth:`grid`; 0 leaves a cell
            out. A pandas DataFrame is read by its rank labels (any order,
            each rank once), a Series by class names (``"AKs"``) or
            ``(row, column)`` rank pairs, and a numpy masked array gives
            masked cells weight 0 (see
            :func:`~showdown.cards.range_grid.grid_values`).
        dead
            Cards removed afterwards.

        Raises
        ------
        ValueError
            Naming the range and the offending cell or label: a wrong shape,
            unknown or repeated labels, values that are not numbers, NaN,
            below 0 or above 1, or a grid of zeros.

        Examples
        --------
        >>> import numpy as np
        >>> grid = np.zeros((13, 13)); grid[0, 0] = 1.0; grid[1, 0] = 0.25
        >>> str(Range.from_grid(grid))
        'AA, AKo:0.25'
        >>> Range.from_grid(Range("QQ+, T9s-76s:0.5").grid()) == Range("QQ+, T9s-76s:0.5")
        True
        >>> frame = Range("AKs, QQ").grid(as_frame=True)
        >>> str(Range.from_grid(frame.iloc[::-1, ::-1]))  # labels, not positions, place cells
        'QQ, AKs'
        """
        values = grid_values(grid, name=name)
        pieces, weight_pieces = [], []
        for row, column in zip(*np.nonzero(values), strict=True):
            cell = cell_combos(int(row), int(column))
            pieces.append(cell)
            weight_pieces.append(np.full(len(cell), values[row, column]))
        if not pieces:
            raise ValueError(f"{name}: the grid holds no hand")
        made = cls._from_arrays(np.concatenate(pieces), np.concatenate(weight_pieces), name=name)
        return made if dead is None else made.remove(dead)

    @classmethod
    def top(
        cls, fraction: float, *, game: str | None = None, dead: CardsLike | None = None
    ) -> Range:
        """The best ``fraction`` of starting hands, as range sliders pick them.

        Classes are taken in order of exact heads-up equity against one
        random hand (:func:`~showdown.cards.preflop_order.preflop_order`)
        until they hold the share of the 1,326 hands nearest ``fraction``
        (at least one class; on a tie, the smaller range). Card removal by
        ``dead`` comes after the choice.

        For ``game="omaha"`` or ``"omaha-hilo"`` the classes are the 16,432
        suit-relabelling classes of four-card hands, ordered by their equity
        against one random hand (:mod:`showdown.cards.omaha_order`), and the
        share is of the 270,725 hands; the same ordering gives ``15%`` in range
        text. The five- and six-card games (high and hi-lo) have their own
        (:mod:`showdown.cards.omaha56_order`).

        Parameters
        ----------
        fraction
            In (0, 1]: ``0.15`` is the top 15 %.
        game
            ``None`` (hold'em) or an Omaha game.

        Examples
        --------
        >>> str(Range.top(0.05))
        '77+, AK, AQs-AJs'
        >>> len(Range.top(0.15)), Range.top(1.0) == Range("random")
        (200, True)
        """
        if (
            isinstance(fraction, bool)
            or not isinstance(fraction, (int, float))
            or not 0 < fraction <= 1
        ):
            raise ValueError(
                f"top: fraction must be in (0, 1] (0.15 is the top 15 %), got {fraction!r}"
            )
        if _is_generic(None, game):
            from .omaha_order import ORDERED_GAMES, no_ordering

            assert game is not None
            if board_game(game)[0] not in ORDERED_GAMES:
                raise ValueError(f"top: {no_ordering(board_game(game)[0])}")
            # "15%" of the game's ordering: the same hands as the range text.
            percent = f"{fraction * 100:.10f}".rstrip("0").rstrip(".")  # never "1e-05"
            return Range(f"{percent}%", game=game, dead=dead, name="top")
        grid = np.zeros((13, 13))
        for name in top_classes(fraction):
            grid[cell_of_class(name)] = 1.0
        return cls.from_grid(grid, dead=dead, name="top")

    # ------------------------------------------------------------- properties

    @property
    def game(self) -> str:
        """The game whose hands these are: ``"holdem"`` (an Omaha range says its own)."""
        return "holdem"

    @property
    def combo_weight(self) -> float:
        """Sum of the weights: combos held, a combo at weight 0.5 counting half."""
        return float(self.weights.sum())

    @property
    def fraction(self) -> float:
        """``combo_weight`` as a share of the 1,326 starting hands."""
        return self.combo_weight / ALL_HANDS

    def grid(self, *, as_frame: bool = False) -> Any:
        """13x13 weights: each cell's summed weight over its 6, 4 or 12 combos.

        Rows and columns run A, K, ..., 2; pairs on the diagonal, suited
        hands above it (row = first card), offsuit below. A cell holding
        every combo at weight ``w`` reads ``w``; a cell that card removal
        thinned reads the share left.

        Parameters
        ----------
        as_frame
            Return a pandas DataFrame with rank labels instead of an array.

        Examples
        --------
        >>> Range("AKs, AQo:0.5").grid(as_frame=True).loc[["A", "K", "Q"], ["A", "K", "Q"]]
             A    K    Q
        A  0.0  1.0  0.0
        K  0.0  0.0  0.0
        Q  0.5  0.0  0.0
        """
        cells = combo_cells(self.combos)
        totals = np.zeros((13, 13))
        np.add.at(totals, (cells[:, 0], cells[:, 1]), self.weights)
        values = totals / CELL_COMBOS
        if not as_frame:
            return values
        pandas = _pandas("grid(as_frame=True)")
        labels = list(GRID_RANKS)
        return pandas.DataFrame(values, index=labels, columns=labels)

    def to_pandas(self) -> Any:
        """One row per combo: ``combo`` text, ``hand_class`` and ``weight`` (needs pandas).

        Examples
        --------
        >>> Range("AKs:0.5").to_pandas().head(2)
          combo hand_class  weight
        0  AcKc        AKs     0.5
        1  AdKd        AKs     0.5
        """
        pandas = _pandas("to_pandas()")
        cells = combo_cells(self.combos)
        return pandas.DataFrame(
            {
                "combo": self.to_strings(),
                "hand_class": [GRID_LABELS[row][column] for row, column in cells.tolist()],
                "weight": self.weights,
            }
        )

    # ------------------------------------------------------------ set algebra

    def _other(self, other: object, operation: str) -> Range | None:
        if isinstance(other, Range):
            if other.game != self.game:
                raise ValueError(
                    f"{operation}: cannot combine ranges of different games "
                    f"({self.game} and {other.game})"
                )
            return other
        if isinstance(other, (HandRange, str)):
            return Range(other, name=f"right side of {operation}")
        return None

    def _weight_map(self) -> dict[tuple[int, int], float]:
        return dict(zip(map(tuple, self.combos.tolist()), self.weights.tolist(), strict=True))

    def _combine(self, weights: dict[tuple[int, int], float], dead_mask: int, what: str) -> Range:
        keys = sorted(weights)
        combos = np.array(keys, dtype=np.uint8).reshape(-1, 2)
        values = np.array([weights[key] for key in keys], dtype=np.float64)
        return Range._from_arrays(combos, values, dead_mask=dead_mask, name=self.name, what=what)

    def __or__(self, other: object) -> Range:
        """Union; a combo in both keeps the larger weight."""
        right = self._other(other, "|")
        if right is None:
            return NotImplemented
        merged = self._weight_map()
        for key, weight in right._weight_map().items():
            merged[key] = max(weight, merged.get(key, 0.0))
        return self._combine(merged, self.dead_mask & right.dead_mask, f"{self} | {right}")

    def __and__(self, other: object) -> Range:
        """Intersection; a combo keeps the smaller of its two weights."""
        right = self._other(other, "&")
        if right is None:
            return NotImplemented
        theirs = right._weight_map()
        common = {
            key: min(weight, theirs[key])
            for key, weight in self._weight_map().items()
            if key in theirs
        }
        return self._combine(common, self.dead_mask | right.dead_mask, f"{self} & {right}")

    def __sub__(self, other: object) -> Range:
        """The combos not in ``other`` (whatever their weight there), weights kept.

        To remove every combo that uses some cards (a board, dead cards),
        use :meth:`remove` instead: ``r - "AhKh"`` drops one combo,
        ``r.remove("Ah Kh")`` drops every combo holding the ace or the king.
        """
        right = self._other(other, "-")
        if right is None:
            return NotImplemented
        theirs = right._weight_map()
        left = {key: weight for key, weight in self._weight_map().items() if key not in theirs}
        return self._combine(left, self.dead_mask, f"{self} - {right}")

    def __ror__(self, other: object) -> Range:
        return self.__or__(other)

    def __rand__(self, other: object) -> Range:
        return self.__and__(other)

    def __rsub__(self, other: object) -> Range:
        left = self._other(other, "-")
        if left is None:
            return NotImplemented
        return left - self

    def remove(self, cards: CardsLike, *, name: str = "dead") -> Range:
        """A new range without the combos that use any of ``cards`` (card removal).

        Raises ``ValueError`` if nothing is left (as for any ``HandRange``).
        """
        removed = super().remove(cards, name=name)
        return Range._from_arrays(
            removed.combos, removed.weights, dead_mask=removed.dead_mask, name=self.name
        )

    def __contains__(self, combo: object) -> bool:
        """Whether a two-card combo (text such as ``"AhKh"`` or two codes) is in the range."""
        try:
            cards = as_card_array(combo, name="combo").ravel()  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False
        if cards.size != 2:
            return False
        low, high = sorted(cards.tolist())
        hits = (self.combos[:, 0] == low) & (self.combos[:, 1] == high)
        return bool(hits.any())

    # ---------------------------------------------------- equality and display

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(
            self._hash == other._hash
            and np.array_equal(self.combos, other.combos)
            and np.array_equal(self.weights, other.weights)
        )

    def __hash__(self) -> int:
        return self._hash

    def __setattr__(self, key: str, value: object) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"Range is immutable: cannot set {key!r}")
        object.__setattr__(self, key, value)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.combos.copy(), self.weights.copy(), self.dead_mask, self.name))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Range({self.text!r})"

    def _short_text(self) -> str:
        """The range's text cut to 200 characters, for captions and reprs."""
        return self.text if len(self.text) <= 200 else self.text[:197] + "..."

    def _dead_caption(self) -> str:
        """``", dead ..."`` naming the removed cards, or nothing."""
        if not self.dead_mask:
            return ""
        return f", dead {format_cards(_mask_cards(self.dead_mask)[::-1])}"

    def _repr_html_(self) -> str:
        """The 13x13 grid, each cell shaded by its weight (Jupyter's display)."""
        import html  # only notebooks need it

        caption = (
            f"{html.escape(self._short_text())}<br>{len(self)} combos, weight "
            f"{self.combo_weight:g} ({self.fraction:.1%} of hands){self._dead_caption()}"
        )
        return grid_html(self.grid(), caption)

    def plot(self, *, values: ArrayLike | None = None, ax: Any = None, **options: Any) -> Any:
        """Draw the grid with matplotlib; see :func:`showdown.cards.plot.plot_range`."""
        from .range_heatmap import draw_range

        return draw_range(self, values=values, ax=ax, **options)


def _rebuild(
    combos: NDArray[np.uint8], weights: NDArray[np.float64], dead_mask: int, name: str
) -> Range:
    return Range._from_arrays(combos, weights, dead_mask=dead_mask, name=name)


def _weights(weights: ArrayLike | None, count: int, name: str) -> NDArray[np.float64]:
    if weights is None:
        return np.ones(count)
    values = np.asarray(weights, dtype=np.float64).reshape(-1)
    if len(values) != count:
        raise ValueError(f"{name}: {count} combos but {len(values)} weights")
    if not np.all(np.isfinite(values)) or (count and (values.min() < 0 or values.max() > 1)):
        raise ValueError(f"{name}: weights must be numbers in [0, 1]")
    return values


def _pandas(what: str) -> Any:
    try:
        import pandas
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(f"{what} needs pandas: pip install pandas") from error
    return pandas
