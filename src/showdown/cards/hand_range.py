"""``HandRange``: a weighted set of starting hands of one size, after card removal.

Every way of naming a player's hands ends here: hold'em's classic notation
(:mod:`showdown.cards.classic_range`), the generic notation of every flop
game (:mod:`showdown.cards.generic_range`), one specific hand, ``random``.
The equity engine reads only this form.

Combos are stored as ``uint8`` card codes, each row ascending, rows in
ascending lexicographic order, so equal ranges give equal arrays.
"""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
from numpy.typing import NDArray

from .codes import CardsLike, format_cards
from .masks import FULL_DECK_MASK, card_mask

__all__ = ["RANDOM_WORDS", "HandRange", "is_random_text"]

#: Words that mean "any hand at all" (a random hand), in every game and entry point:
#: ranges, Omaha hands, stud and draw players, the command line.
RANDOM_WORDS = frozenset({"random", "any", "*", "??"})

_WHITESPACE = re.compile(r"\s+")


def is_random_text(text: str) -> bool:
    """Whether ``text`` is one of :data:`RANDOM_WORDS` (any case, spaces ignored).

    Examples
    --------
    >>> is_random_text(" Random "), is_random_text("??"), is_random_text("AA")
    (True, True, False)
    """
    return _WHITESPACE.sub("", text).lower() in RANDOM_WORDS


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


class HandRange:
    """A weighted set of starting hands of one size, after card removal.

    Build one with :func:`~showdown.cards.ranges.parse_range` or
    :func:`~showdown.cards.ranges.parse_hand_or_range` rather than directly.

    Attributes
    ----------
    text
        The text the range was parsed from.
    hole_size
        Cards per hand (2 for hold'em, 4 to 6 for Omaha...).
    dead_mask
        ``uint64``-style bit mask (as a Python int) of cards removed so far.
    is_random
        True when the range is every ``hole_size``-card hand of the live
        cards at weight 1, so a sampler may deal hands freely instead of
        drawing from :attr:`combos`. Random ranges are lazy: their combos
        are only built when :attr:`combos` is read.

    Examples
    --------
    >>> from showdown.cards import parse_hand_or_range, parse_range
    >>> qq = parse_range("QQ+")
    >>> len(qq), qq.combos.shape, float(qq.weights.sum())
    (18, (18, 2), 18.0)
    >>> len(qq.remove("Qs Qh 2c"))
    13
    >>> omaha = parse_hand_or_range("random", 4)
    >>> omaha.is_random, len(omaha)
    (True, 270725)
    """

    __slots__ = ("_combos", "_weights", "dead_mask", "hole_size", "is_random", "name", "text")

    def __init__(
        self,
        combos: NDArray[np.uint8] | None,
        weights: NDArray[np.float64] | None,
        *,
        text: str,
        hole_size: int,
        dead_mask: int = 0,
        name: str = "range",
    ) -> None:
        self.text = text
        self.hole_size = hole_size
        self.dead_mask = dead_mask
        self.name = name
        live = 52 - _popcount(dead_mask)
        if combos is None:
            # Lazy random range: combos are built on first use.
            if math.comb(live, hole_size) == 0:
                raise ValueError(f"{name}: no {hole_size}-card hand left in {text!r}")
            self._combos: NDArray[np.uint8] | None = None
            self._weights: NDArray[np.float64] | None = None
            self.is_random = True
            return
        if weights is None or len(weights) != len(combos):
            raise ValueError(f"{name}: need one weight per combo")
        if len(combos) == 0:
            raise ValueError(f"{name}: range {text!r} holds no hand")
        self._combos = combos
        self._weights = weights
        # Combos are distinct and avoid the dead cards, so a full count means
        # every live hand is present.
        self.is_random = bool(len(combos) == math.comb(live, hole_size) and np.all(weights == 1.0))

    @property
    def combos(self) -> NDArray[np.uint8]:
        """``uint8`` array ``(n, hole_size)``: each row ascending, rows sorted."""
        if self._combos is None:
            live = [code for code in range(52) if not self.dead_mask >> code & 1]
            # combinations() of an ascending list yields ascending rows in
            # lexicographic order, the same order as an explicit range.
            flat = np.fromiter(
                itertools.chain.from_iterable(itertools.combinations(live, self.hole_size)),
                dtype=np.uint8,
            )
            self._combos = flat.reshape(-1, self.hole_size)
            self._combos.flags.writeable = False
        return self._combos

    @property
    def weights(self) -> NDArray[np.float64]:
        """``float64`` array ``(n,)`` of weights in (0, 1]."""
        if self._weights is None:
            self._weights = np.ones(len(self), dtype=np.float64)
            self._weights.flags.writeable = False
        return self._weights

    @property
    def masks(self) -> NDArray[np.uint64]:
        """``uint64`` card mask of each combo, for fast overlap tests."""
        bits = np.left_shift(np.uint64(1), self.combos.astype(np.uint64))
        return np.bitwise_or.reduce(bits, axis=1)

    def __len__(self) -> int:
        if self._combos is None:
            return math.comb(52 - _popcount(self.dead_mask), self.hole_size)
        return len(self._combos)

    def remove(self, cards: CardsLike, *, name: str = "dead") -> HandRange:
        """A new range without the combos that use any of ``cards``.

        Parameters
        ----------
        cards
            Board, dead or other players' cards, in any form
            :func:`~showdown.cards.as_card_array` accepts (a list of hands too).
        name
            What ``cards`` is called in error messages.

        Returns
        -------
        HandRange
            Same text, weights and hole size; ``dead_mask`` grows by ``cards``.

        Raises
        ------
        ValueError
            If a card is invalid or nothing is left.

        Examples
        --------
        >>> from showdown.cards import parse_range
        >>> len(parse_range("AA, KK").remove("As"))
        9
        """
        removed = _mask_of(cards, name=name)
        dead_mask = self.dead_mask | removed
        if self._combos is None:
            try:
                return HandRange(
                    None,
                    None,
                    text=self.text,
                    hole_size=self.hole_size,
                    dead_mask=dead_mask,
                    name=self.name,
                )
            except ValueError:
                raise ValueError(
                    f"{self.name}: no hand of {self.text!r} is left after removing "
                    f"{format_cards(_mask_cards(removed))}"
                ) from None
        keep = (self.masks & np.uint64(removed)) == 0
        if not keep.any():
            raise ValueError(
                f"{self.name}: no hand of {self.text!r} is left after removing "
                f"{format_cards(_mask_cards(removed))}"
            )
        combos = self._combos[keep]
        weights = self.weights[keep]
        return HandRange(
            combos,
            weights,
            text=self.text,
            hole_size=self.hole_size,
            dead_mask=dead_mask,
            name=self.name,
        )

    def to_strings(self) -> list[str]:
        """Each combo as canonical text, highest card first, in row order.

        Examples
        --------
        >>> from showdown.cards import parse_range
        >>> parse_range("AKs").to_strings()
        ['AcKc', 'AdKd', 'AhKh', 'AsKs']
        """
        return [format_cards(row[::-1]) for row in self.combos]

    def __repr__(self) -> str:
        parts = [repr(self.text), f"hole_size={self.hole_size}", f"combos={len(self)}"]
        if self.is_random:
            parts.append("random")
        elif not np.all(self.weights == 1.0):
            parts.append(f"weight={float(self.weights.sum()):g}")
        if self.dead_mask:
            parts.append(f"dead={format_cards(_mask_cards(self.dead_mask)[::-1])!r}")
        return f"HandRange({', '.join(parts)})"


def _mask_of(cards: CardsLike | None, *, name: str) -> int:
    if cards is None:
        return 0
    if isinstance(cards, str) and not cards.strip():
        return 0
    # Dead cards may be given as several hands (a board plus a muck), so a
    # card named twice is harmless; card_mask checks the codes themselves.
    masks = np.atleast_1d(card_mask(cards, name=name))
    return int(np.bitwise_or.reduce(masks.ravel())) & FULL_DECK_MASK


def _mask_cards(mask: int) -> list[int]:
    return [code for code in range(52) if mask >> code & 1]
