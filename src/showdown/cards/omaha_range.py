"""``Range`` for the Omaha games: 4-, 5- and 6-card hands in the generic notation.

``Range("AA:xxyy, KK", game="omaha")`` makes an :class:`OmahaRange` (a
:class:`~showdown.cards.Range`, so it goes wherever a range goes, ``equity()``
included). It has what a hold'em range has -- ``len``, weights, ``|``, ``&``,
``-``, card removal, ``in``, equality, hashing, pickling -- with these
differences:

* **the game is part of the range**: ``omaha``, ``omaha5``, ``omaha6`` or a
  ``-hilo`` game. Operations need both sides in the same game (a string is
  read in the left side's game); ``Range(r, game="omaha-hilo")`` converts
  between games with the same number of cards. ``15%`` means the top of the
  game's own ordering;
* **the text** is the generic notation, kept exact through operations
  (:mod:`showdown.cards.range_text` says what canonical means here);
* **the view**: no 13x13 grid but a table by pair structure x suit
  structure and the top hands (:mod:`showdown.cards.omaha_view`), in
  ``summary()``, ``to_pandas()`` and the notebook display.

Examples
--------
>>> from showdown import Range
>>> aces = Range("AA:xxyy, KK", game="omaha")
>>> len(aces), aces.game, aces.fraction < 0.03
(7819, 'omaha', True)
>>> str(aces - "AAKK"), len(aces - "AAKK")
('(AA:xxyy, KK)!AAKK', 7783)
>>> str(aces.remove("Ks 7d 2c"))
'(AA:xxyy, KK)!(Ks, 7d, 2c)'
>>> Range(str(aces.remove("Ks7d2c")), game="omaha") == aces.remove("Ks7d2c")
True
>>> "AsAhKsKh" in aces, "AsKhQd2c" in aces
(True, False)
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import range_text
from .codes import CardsLike, as_card_array, format_card, parse_cards
from .hand_range import HandRange, _mask_cards, is_random_text
from .hand_table import hand_cards, hand_masks
from .omaha_view import (
    PAIRINGS,
    SUIT_SHAPES,
    pairing_codes,
    range_html,
    structure_table,
    suit_codes,
)
from .range_object import _OMAHA, Range, _pandas, _weights, board_game
from .ranges import parse_hand_or_range

__all__ = ["OmahaRange"]


def _lex_order(combos: NDArray[np.uint8]) -> NDArray[np.int64]:
    """The order that sorts rows of ascending cards lexicographically (a range's row order)."""
    return np.lexsort(combos.T[::-1])


class OmahaRange(Range):
    """A weighted set of 4-, 5- or 6-card hands of one Omaha game.

    Make one with ``Range(text, game="omaha")`` (see :class:`~showdown.cards.Range`
    for the parameters); ``text`` may also be another range of the same
    number of cards, which is then converted to ``game``.

    Attributes
    ----------
    game
        The canonical game name (``"omaha"``, ``"omaha5-hilo"``...).
    text
        The canonical text (``str(range)``), which reads back to the same
        range in the same game.
    combos, weights
        ``uint8`` ``(n, cards)`` hands (each row ascending, rows sorted) and
        ``float64`` ``(n,)`` weights in (0, 1].
    """

    __slots__ = ("_game", "_lazy_hash", "_members")

    def __init__(
        self,
        text: Range | HandRange | str,
        *,
        game: str | None = None,
        dead: CardsLike | None = None,
        name: str = "range",
    ) -> None:
        if isinstance(text, HandRange):
            game_name, _ = _game_for(text, game, name)
            if isinstance(text, OmahaRange) and (game_name == text.game or "%" not in text.text):
                members = text._members  # the same hands; "15%" would change meaning
            else:
                members = _members_of_hand_range(text, game_name)
            combos, weights = _arrays(text)
            self._setup_generic(combos, weights, text.dead_mask, name, game_name, members)
            if dead is not None:
                removed = self.remove(dead)
                object.__setattr__(self, "_frozen", False)
                self._setup_generic(
                    removed.combos,
                    removed.weights,
                    removed.dead_mask,
                    name,
                    game_name,
                    removed._members,
                )
        elif isinstance(text, str):
            game_name, size = board_game(game or "omaha", name)
            source = parse_hand_or_range(text, size, dead=dead, name=name, game=game_name)
            members = _members_of_text(text, source)
            combos, weights = _arrays(source)
            self._setup_generic(combos, weights, source.dead_mask, name, game_name, members)
        else:
            raise ValueError(f"{name}: expected range text or a Range, got {type(text).__name__}")

    # ----------------------------------------------------------------- building

    def _setup_generic(
        self,
        combos: NDArray[np.uint8],
        weights: NDArray[np.float64],
        dead_mask: int,
        name: str,
        game: str,
        members: tuple[range_text.Member, ...],
    ) -> None:
        combos = np.asarray(combos, dtype=np.uint8)
        weights = np.asarray(weights, dtype=np.float64)
        combos.flags.writeable = False
        weights.flags.writeable = False
        HandRange.__init__(
            self,
            combos,
            weights,
            text=range_text.render(members),
            hole_size=combos.shape[1],
            dead_mask=dead_mask,
            name=name,
        )
        self._game = game
        self._members = members
        self._hash = 0  # hold'em's eager hash; this one is computed on first use
        self._lazy_hash: int | None = None
        self._frozen = True

    def _made(
        self,
        combos: NDArray[np.uint8],
        weights: NDArray[np.float64],
        members: tuple[range_text.Member, ...] | None,
        *,
        dead_mask: int,
        what: str,
        sort: bool = True,
    ) -> OmahaRange:
        """A range of this game from arrays; ``members`` None lists the combos."""
        if len(combos) == 0:
            raise ValueError(f"{self.name}: {what} holds no hand")
        if sort:
            order = _lex_order(combos)
            combos, weights = combos[order], weights[order]
        if members is None:
            members = range_text.listing(combos, weights)
        made = _blank()
        made._setup_generic(combos, weights, dead_mask, self.name, self.game, members)
        return made

    @classmethod
    def _from_listing(
        cls, cards: NDArray[np.uint8], values: NDArray[np.float64], *, game: str, name: str
    ) -> OmahaRange:
        keys = np.sort(cards, axis=1)
        order = _lex_order(keys)
        keys, values = keys[order], values[order]
        if len(keys) > 1 and np.any(np.all(keys[1:] == keys[:-1], axis=1)):
            raise ValueError(f"{name}: a combo is listed twice")
        keep = values > 0
        if not keep.any():
            raise ValueError(f"{name}: the list holds no hand")
        keys, values = keys[keep], values[keep]
        made = _blank()
        members = range_text.listing(keys, values)
        made._setup_generic(keys, values, 0, name, game, members)
        return made

    # ------------------------------------------------------------- properties

    @property
    def game(self) -> str:
        """The game whose hands these are (canonical name)."""
        return self._game

    @property
    def fraction(self) -> float:
        """``combo_weight`` as a share of every hand of this size (270,725 for Omaha)."""
        return self.combo_weight / math.comb(52, self.hole_size)

    def grid(self, *, as_frame: bool = False) -> Any:
        """Not for Omaha: the 13x13 grid is hold'em's; see :meth:`summary`."""
        raise ValueError(
            f"{self.name}: the 13x13 grid is for hold'em ranges; this {self.game} range has "
            "summary() (pair x suit structure) and to_pandas()"
        )

    def plot(self, *, values: ArrayLike | None = None, ax: Any = None, **options: Any) -> Any:
        """Not for Omaha: the plot is hold'em's grid; see :meth:`summary`."""
        return self.grid()

    def summary(self, *, by: str = "weight") -> Any:
        """The range by pair structure (rows) and suit structure (columns) (needs pandas).

        Parameters
        ----------
        by
            ``"weight"``: summed weight (combos at weight 0.5 count half);
            ``"combos"``: combos; ``"share"``: share of the range's weight.
            Rows and columns without a hand are left out.

        Examples
        --------
        >>> from showdown import Range
        >>> Range("KK!KKK", game="omaha").summary(by="share").round(3)
                  double-suited  single-suited  rainbow    3-1
        one pair          0.117          0.585    0.117  0.117
        two pair          0.011          0.043    0.011  0.000
        """
        if by not in ("weight", "combos", "share"):
            raise ValueError(f"summary: by must be 'weight', 'combos' or 'share', got {by!r}")
        pandas = _pandas("summary()")
        counts, summed = structure_table(self.combos, self.weights)
        values = counts if by == "combos" else summed / summed.sum() if by == "share" else summed
        frame = pandas.DataFrame(
            values, index=PAIRINGS[self.hole_size], columns=SUIT_SHAPES[self.hole_size]
        )
        return frame.loc[counts.sum(axis=1) > 0, counts.sum(axis=0) > 0]

    def to_pandas(self) -> Any:
        """One row per hand: ``combo`` text, ``weight``, ``pairing`` and ``suits`` (needs pandas).

        Examples
        --------
        >>> from showdown import Range
        >>> Range("AA:xxyy", game="omaha").to_pandas().head(2)
              combo  weight   pairing          suits
        0  AdAc2d2c     1.0  two pair  double-suited
        1  AhAc2h2c     1.0  two pair  double-suited
        """
        pandas = _pandas("to_pandas()")
        size = self.hole_size
        return pandas.DataFrame(
            {
                "combo": self.to_strings(),
                "weight": self.weights,
                "pairing": np.array(PAIRINGS[size], dtype=object)[pairing_codes(self.combos)],
                "suits": np.array(SUIT_SHAPES[size], dtype=object)[suit_codes(self.combos)],
            }
        )

    # ------------------------------------------------------------ set algebra

    def _other(self, other: object, operation: str) -> OmahaRange | None:
        if isinstance(other, Range):
            if other.game != self.game:
                raise ValueError(
                    f"{operation}: cannot combine ranges of different games ({self.game} and "
                    f"{other.game}); convert one first with Range(r, game=...)"
                )
            assert isinstance(other, OmahaRange)
            return other
        if isinstance(other, (HandRange, str)):
            return OmahaRange(other, game=self.game, name=f"right side of {operation}")
        return None

    def __or__(self, other: object) -> OmahaRange:
        """Union; a hand in both keeps the larger weight."""
        right = self._other(other, "|")
        if right is None:
            return NotImplemented
        masks = np.concatenate([self.masks, right.masks])
        weights = np.concatenate([self.weights, right.weights])
        # Heaviest first within each hand, then its first row.
        order = np.lexsort((-weights, masks))
        first = np.ones(len(order), dtype=bool)
        first[1:] = masks[order][1:] != masks[order][:-1]
        chosen = order[first]
        combos = np.concatenate([self.combos, right.combos])[chosen]
        members = range_text.union(self._members, right._members)
        dead = self.dead_mask & right.dead_mask
        return self._made(combos, weights[chosen], members, dead_mask=dead, what="the union")

    def __and__(self, other: object) -> OmahaRange:
        """Intersection; a hand keeps the smaller of its two weights."""
        right = self._other(other, "&")
        if right is None:
            return NotImplemented
        _, mine, theirs = np.intersect1d(
            self.masks, right.masks, assume_unique=True, return_indices=True
        )
        mine_sorted = np.argsort(mine)  # this range's row order is already sorted
        mine, theirs = mine[mine_sorted], theirs[mine_sorted]
        weights = np.minimum(self.weights[mine], right.weights[theirs])
        members = range_text.intersection(self._members, right._members)
        dead = self.dead_mask | right.dead_mask
        return self._made(
            self.combos[mine], weights, members, dead_mask=dead, what="the intersection", sort=False
        )

    def __sub__(self, other: object) -> OmahaRange:
        """The hands not in ``other`` (whatever their weight there), weights kept.

        ``r.remove(cards)`` drops every hand holding one of ``cards`` instead.
        """
        right = self._other(other, "-")
        if right is None:
            return NotImplemented
        keep = ~np.isin(self.masks, right.masks)
        members = range_text.difference(self._members, right._members)
        return self._made(
            self.combos[keep],
            self.weights[keep],
            members,
            dead_mask=self.dead_mask,
            what="the difference",
            sort=False,
        )

    def __rsub__(self, other: object) -> OmahaRange:
        left = self._other(other, "-")
        if left is None:
            return NotImplemented
        return left - self

    def remove(self, cards: CardsLike, *, name: str = "dead") -> OmahaRange:
        """A new range without the hands that hold any of ``cards`` (card removal).

        Raises ``ValueError`` if nothing is left.
        """
        removed = HandRange.remove(self, cards, name=name)
        new = removed.dead_mask & ~self.dead_mask
        members = self._members
        if new:
            names = [format_card(code) for code in _mask_cards(new)[::-1]]
            members = range_text.without_cards(members, names)
        made = _blank()
        made._setup_generic(
            removed.combos, removed.weights, removed.dead_mask, self.name, self.game, members
        )
        return made

    def __contains__(self, combo: object) -> bool:
        """Whether a hand (text such as ``"AsAhKsKh"`` or codes) is in the range."""
        try:
            cards = as_card_array(combo, name="combo").ravel()  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False
        if cards.size != self.hole_size:
            return False
        mask = np.bitwise_or.reduce(np.uint64(1) << cards.astype(np.uint64))
        return bool(np.any(self.masks == mask))

    # ---------------------------------------------------- equality and display

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(
            isinstance(other, OmahaRange)
            and self.game == other.game
            and np.array_equal(self.combos, other.combos)
            and np.array_equal(self.weights, other.weights)
        )

    def __hash__(self) -> int:
        if self._lazy_hash is None:
            value = hash((self.game, self.combos.tobytes(), self.weights.tobytes()))
            object.__setattr__(self, "_lazy_hash", value)
            return value
        return self._lazy_hash

    def __reduce__(self) -> tuple[Any, ...]:
        state = (self.game, self.combos.copy(), self.weights.copy(), self.dead_mask, self.name)
        return (_rebuild, (*state, self._members))

    def __repr__(self) -> str:
        return f"Range({self._short_text()!r}, game={self.game!r})"

    def _repr_html_(self) -> str:
        """Pair structure x suit structure with counts and shares, and the top hands."""
        caption = (
            f"{html.escape(self._short_text())} ({self.game})<br>{len(self):,} combos, weight "
            f"{self.combo_weight:g} ({self.fraction:.2%} of {self.hole_size}-card hands)"
            f"{self._dead_caption()}"
        )
        return range_html(
            self.combos, self.weights, caption=caption, strength_order=self._strength_order()
        )

    def _strength_order(self) -> NDArray[np.int64] | None:
        """Each hand's place in the game's ordering (0 = best), or None without one."""
        from .._data_files import DataFileError
        from .omaha_order import ORDERED_GAMES, hand_rank

        if self.game not in ORDERED_GAMES:
            return None
        try:
            return hand_rank(self.combos, self.game)
        except DataFileError:
            return None  # a damaged file: the view lists highest cards first instead


def _blank() -> OmahaRange:
    """An OmahaRange not set up yet (``_setup_generic`` comes next)."""
    made: OmahaRange = object.__new__(OmahaRange)
    return made


def _arrays(source: HandRange) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    """Combos and weights; a random range's from the hand table (faster than listing them)."""
    if not source.is_random:
        return source.combos, source.weights
    masks = hand_masks(source.hole_size)
    live = np.flatnonzero((masks & np.uint64(source.dead_mask)) == 0)
    return hand_cards(source.hole_size, live), np.ones(len(live))


def _game_for(source: HandRange, game: str | None, name: str) -> tuple[str, int]:
    """The game of a range converted from ``source``: ``game``, else the source's own."""
    if game is None:
        game = getattr(source, "game", None) or {4: "omaha", 5: "omaha5", 6: "omaha6"}.get(
            source.hole_size, "holdem"
        )
    game_name, size = board_game(game, name)
    if source.hole_size != size:
        raise ValueError(
            f"{name}: a {source.hole_size}-card range does not fit {game_name} ({size} cards)"
        )
    return game_name, size


def _members_of_text(text: str, source: HandRange) -> tuple[range_text.Member, ...]:
    """Members of typed text: the text itself unless it was read as one hand's cards."""
    if is_random_text(text):
        members: tuple[range_text.Member, ...] = (("random", 1.0),)
    else:
        try:
            parse_cards(text)
        except ValueError:
            members = range_text.members_of(text)
        else:
            # Card text ("As,Ah,Ks,Kh") may mean something else in the generic notation.
            members = range_text.listing(source.combos, source.weights)
    if source.dead_mask:
        names = [format_card(code) for code in _mask_cards(source.dead_mask)[::-1]]
        members = range_text.without_cards(members, names)
    return members


def _members_of_hand_range(source: HandRange, game: str) -> tuple[range_text.Member, ...]:
    """Members for a range given as a HandRange: its text when that text reads back to it."""
    try:
        again = parse_hand_or_range(
            source.text, source.hole_size, dead=_mask_cards(source.dead_mask), game=game
        )
    except ValueError:
        again = None
    combos, weights = _arrays(source)
    if again is not None and again.is_random == source.is_random:
        again_combos, again_weights = _arrays(again)
        if np.array_equal(again_combos, combos) and np.array_equal(again_weights, weights):
            return _members_of_text(source.text, again)
    return range_text.listing(combos, weights)


def from_listed_combos(
    combos: CardsLike | Iterable[str], weights: ArrayLike | None, *, game: str, name: str
) -> OmahaRange:
    """:meth:`Range.from_combos <showdown.cards.Range.from_combos>` for an Omaha game."""
    game_name, size = board_game(game, name)
    cards = as_card_array(combos, name=name, lengths=[size]).reshape(-1, size)  # type: ignore[arg-type]
    values = _weights(weights, len(cards), name)
    return OmahaRange._from_listing(cards, values, game=game_name, name=name)


def _rebuild(
    game: str,
    combos: NDArray[np.uint8],
    weights: NDArray[np.float64],
    dead_mask: int,
    name: str,
    members: tuple[range_text.Member, ...],
) -> OmahaRange:
    made = _blank()
    made._setup_generic(combos, weights, dead_mask, name, game, members)
    return made


# What makes Range(game="omaha") an OmahaRange (range_object cannot import this module).
_OMAHA.update(range_class=OmahaRange, from_listed_combos=from_listed_combos)
