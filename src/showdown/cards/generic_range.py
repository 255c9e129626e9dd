"""The generic range language (ProPokerTools' syntax) for hands of 2, 4, 5 or 6 cards.

``parse_generic("AA:xxyy, KK", 4)`` returns the matching hands as table
indices (:mod:`showdown.cards.hand_table`) with weights. The grammar is
:mod:`showdown.cards.range_grammar`; the full reference with examples is
``docs/ranges.md``. In short:

* a **pattern** is a run of cards, each a rank (``A``..``2``, ``T`` or
  ``10``, ``*`` for any) with an optional suit (``s h d c``), a lone suit,
  a suit variable (``w x y z``), a rank variable (any other capital letter),
  a list ``[A,K,Q]`` / ``[2-5]`` / ``[QQ+]`` filling one place, or a rank
  macro (``$B``); a hand matches when it holds *at least* those cards;
* **spans** ``QQ+``, ``88-55``, ``AwJw+``, ``KwQw-KwTw`` (aces high);
* **combinators** ``!`` (difference), ``:`` (intersection), ``,`` (union),
  tightest first, each left to right, ``( )`` to group;
* ``15%`` / ``5%-10%`` take a slice of the game's hand ordering (hold'em and every
  Omaha game: :mod:`showdown.cards.preflop_order`, :mod:`showdown.cards.omaha_order`);
* a top-level sub-range may end in ``@n`` (relative weights, the larger
  wins when a hand is named twice) or hold'em's ``:0.5``.

Examples
--------
>>> indices, weights = parse_generic("AA:xxyy", 4)
>>> len(indices), float(weights.min())
(864, 1.0)
>>> len(parse_generic("AA!AAA", 4)[0]), len(parse_generic("RROO", 4)[0])
(6768, 2808)
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field

import lark
import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from .codes import RANKS
from .hand_table import RANK_MASKS, SUIT_MASKS, hand_index
from .pattern_match import ALL_CARDS, Pattern, Slot, match_patterns
from .range_grammar import range_parser

__all__ = ["MACROS", "RangeSyntaxError", "parse_generic"]

_SUITS = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_SUITS.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})
_SUIT_VARIABLES = "wxyz"
_RANK_NAMES = {name: index for index, name in enumerate(RANKS)}
_RANK_NAMES.update({"10": 8, "a": 12, "k": 11, "q": 10, "j": 9, "t": 8})


def _ranks(text: str) -> frozenset[int]:
    return frozenset(_RANK_NAMES[name] for name in text)


#: Rank macros: each fills one place with any of its ranks. ``$L`` and ``$W``
#: take the ace as a low card.
RANK_MACROS: dict[str, frozenset[int]] = {
    "$B": _ranks("AKQJ"),
    "$R": _ranks("AKQJT"),
    "$M": _ranks("T987"),
    "$Z": _ranks("65432"),
    "$L": _ranks("A2345678"),
    "$W": _ranks("A2345"),
    "$N": _ranks("KQJT9"),
    "$F": _ranks("KQJ"),
}
#: Sub-range macros, written in the language itself.
RANGE_MACROS: dict[str, str] = {
    "$s": "xx",
    "$o": "*!xx",
    "$ds": "xxyy!xxx",
    "$ss": "xx!xxyy!xxx",
    "$rb": "*!xx",
    "$np": "*!RR",
}
#: Every macro and what it stands for (the table published in docs/ranges.md).
MACROS: dict[str, str] = {
    **{
        name: "[" + ",".join(RANKS[rank] for rank in sorted(ranks, reverse=True)) + "]"
        for name, ranks in RANK_MACROS.items()
    },
    **RANGE_MACROS,
}

#: A pattern expands to at most this many alternatives (lists times spans).
MAX_ALTERNATIVES = 20_000

# Hold'em's classic class items inside the generic syntax: "AKs", "A2s+", "T9s-76s".
_CLASSIC = re.compile(
    r"(?:10|[2-9TJQKA]){2}[so]\+?(?:-(?:10|[2-9TJQKA]){2}[so])?", re.IGNORECASE | re.ASCII
)


class RangeSyntaxError(InputError):
    """Range text that does not parse, with the position (0-based) of the offending token.

    ``caret`` is the text with a ``^`` line under that position, for the command line.
    """

    def __init__(self, message: str, text: str, position: int) -> None:
        super().__init__(message)
        self.text = text
        self.position = position

    @property
    def caret(self) -> str:
        """Two lines: the range text and a caret under the offending position."""
        return f"{self.text}\n{' ' * self.position}^"


@dataclass
class _Card:
    """One place of a pattern before variables are bound."""

    mask: int
    rank: int | None = None  # a concrete rank (spans move it)
    suit: int | None = None
    rank_variable: str | None = None
    suit_variable: str | None = None
    explicit: bool = True  # rank named outright (not inside a list): rank variables avoid it


@dataclass
class _Context:
    text: str
    size: int
    name: str
    game: str | None = None
    used_weights: set[str] = field(default_factory=set)


def parse_generic(
    text: str, size: int, *, name: str = "range", game: str | None = None
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """Hands of ``size`` cards named by generic range ``text``.

    Parameters
    ----------
    text
        Range text such as ``"AA:xxyy, KK"``.
    size
        Cards per hand: 2 (hold'em), 4, 5 or 6 (Omaha games).
    name
        What the range is called in error messages.
    game
        The game whose hand ordering ``15%`` reads (``omaha`` or
        ``omaha-hilo`` for four cards); by default hold'em's for two cards
        and Omaha's for four.

    Returns
    -------
    indices, weights
        Sorted indices into :func:`~showdown.cards.hand_table.hand_masks` and a
        weight in (0, 1] for each (relative ``@`` weights are scaled so the
        largest is 1).

    Raises
    ------
    RangeSyntaxError
        For text that does not parse or means nothing (an unknown macro, a
        pattern longer than a hand, a bad span), naming the position.
    """
    if size not in (2, 4, 5, 6):
        raise ValueError(f"{name}: the generic range syntax covers hands of 2, 4, 5 or 6 cards")
    if not text.strip():
        raise RangeSyntaxError(f"{name}: empty range", text, 0)
    try:
        tree = range_parser().parse(text)
    except lark.exceptions.UnexpectedInput as error:
        position = int(getattr(error, "pos_in_stream", 0) or 0)
        raise RangeSyntaxError(
            _syntax_message(error, text, position, name), text, position
        ) from None
    context = _Context(text, size, name, game)
    members = _children(tree.children[0], "union")
    pieces = [_weighted(member, context) for member in members]
    if "@" in context.used_weights and ":" in context.used_weights:
        raise RangeSyntaxError(
            f"{name}: use either relative weights (@n) or hold'em weights (:0.5), not both, "
            f"in {text!r}",
            text,
            0,
        )
    if "@" in context.used_weights:
        unweighted = [
            (member, weight)
            for member, (_, weight) in zip(members, pieces, strict=True)
            if weight is None
        ]
        if unweighted:
            position = _start(unweighted[0][0])
            raise RangeSyntaxError(
                f"{name}: every sub-range needs a weight once one has (@n) at position "
                f"{position + 1} in {text!r}",
                text,
                position,
            )
    indices = np.concatenate([found for found, _ in pieces])
    weights = np.concatenate(
        [np.full(len(found), 1.0 if weight is None else weight) for found, weight in pieces]
    )
    # A hand named twice keeps its larger weight: sort by index, heaviest first.
    order = np.lexsort((-weights, indices))
    indices, weights = indices[order], weights[order]
    first = np.ones(len(indices), dtype=bool)
    first[1:] = indices[1:] != indices[:-1]
    indices, weights = indices[first], weights[first]
    if len(weights) and "@" in context.used_weights:
        weights = weights / weights.max()
    return indices, weights


def _syntax_message(error: Exception, text: str, position: int, name: str) -> str:
    if position >= len(text):
        return f"{name}: range {text!r} ends too early (a combinator or bracket needs more)"
    shown = text[position]
    if isinstance(error, lark.exceptions.UnexpectedToken) and error.token.type != "$END":
        shown = str(error.token)
    return f"{name}: unexpected {shown!r} at position {position + 1} in {text!r}"


def _children(tree: lark.Tree | lark.Token, rule: str) -> list[lark.Tree | lark.Token]:
    if isinstance(tree, lark.Tree) and tree.data == rule:
        return list(tree.children)
    return [tree]


def _start(node: lark.Tree | lark.Token) -> int:
    if isinstance(node, lark.Token):
        return int(node.start_pos or 0)
    return int(getattr(node.meta, "start_pos", 0) or 0)


def _fail(context: _Context, node: lark.Tree | lark.Token, message: str) -> RangeSyntaxError:
    position = _start(node)
    return RangeSyntaxError(
        f"{context.name}: {message} at position {position + 1} in {context.text!r}",
        context.text,
        position,
    )


def _weighted(
    node: lark.Tree | lark.Token, context: _Context
) -> tuple[NDArray[np.int64], float | None]:
    assert isinstance(node, lark.Tree) and node.data == "weighted"
    found = _evaluate(node.children[0], context)
    if len(node.children) == 1:
        return found, None
    weight_node = node.children[1]
    assert isinstance(weight_node, lark.Tree)
    token = weight_node.children[0]
    kind, number = str(token)[0], str(token)[1:].strip()
    weight = float(number)
    if kind == ":" and not 0 < weight <= 1:
        raise _fail(context, token, f"a weight after ':' must be in (0, 1], got {number!r}")
    if kind == "@" and not (weight > 0 and math.isfinite(weight)):
        raise _fail(context, token, f"a weight after '@' must be above 0, got {number!r}")
    context.used_weights.add(kind)
    return found, weight


def _evaluate(node: lark.Tree | lark.Token, context: _Context) -> NDArray[np.int64]:
    """Sorted table indices of the hands ``node`` names (weights are top-level only)."""
    if isinstance(node, lark.Token):
        raise _fail(context, node, f"unexpected {str(node)!r}")
    rule = node.data
    if rule == "union":
        parts = []
        for child in node.children:
            if (
                isinstance(child, lark.Tree)
                and child.data == "weighted"
                and len(child.children) > 1
            ):
                raise _fail(
                    context,
                    child.children[1],
                    "a weight belongs at the end of a top-level sub-range",
                )
            parts.append(_evaluate(child, context))
        return np.unique(np.concatenate(parts))
    if rule == "weighted":
        if len(node.children) > 1:
            raise _fail(
                context, node.children[1], "a weight belongs at the end of a top-level sub-range"
            )
        return _evaluate(node.children[0], context)
    if rule == "inter":
        result = _evaluate(node.children[0], context)
        for child in node.children[1:]:
            result = np.intersect1d(result, _evaluate(child, context), assume_unique=True)
        return result
    if rule == "diff":
        result = _evaluate(node.children[0], context)
        for child in node.children[1:]:
            other = _evaluate(child, context)
            result = result[~np.isin(result, other, assume_unique=True)]
        return result
    if rule == "random":
        return np.arange(math.comb(52, context.size), dtype=np.int64)
    if rule == "percent":
        return _percent(node, context)
    if rule == "pattern":
        return _pattern(node, context)
    raise _fail(context, node, f"unexpected {rule}")  # pragma: no cover - grammar and code agree


def _percent(node: lark.Tree, context: _Context) -> NDArray[np.int64]:
    tokens = [child for child in node.children if str(child) != "-"]
    values = [float(str(token)[:-1]) / 100 for token in tokens]
    for token, value in zip(tokens, values, strict=True):
        if not 0 < value <= 1:
            raise _fail(context, token, f"a percentage must be in (0%, 100%], got {str(token)!r}")
    top = _top_indices(max(values), context, tokens[0])
    if len(values) == 1:
        return top
    below = _top_indices(min(values), context, tokens[0])
    # "5%-10%": the top 10 % less the top 5 % (the slice between the two sliders).
    return top[~np.isin(top, below)] if min(values) < max(values) else top


def _top_indices(
    fraction: float, context: _Context, token: lark.Tree | lark.Token
) -> NDArray[np.int64]:
    """Table indices of the top ``fraction`` of hands by the game's ordering."""
    # The shipped orderings are read on first use.
    if context.size == 2:
        from .preflop_order import top_classes

        return _classes_indices(top_classes(fraction))
    from .omaha_order import ORDERED_GAMES, no_ordering, top_hands

    game = context.game or ("omaha" if context.size == 4 else f"omaha{context.size}")
    if ORDERED_GAMES.get(game) != context.size:  # an ordering of this game's hands
        raise _fail(context, token, no_ordering(game))
    return top_hands(fraction, game)


def _classes_indices(names: tuple[str, ...]) -> NDArray[np.int64]:
    from .range_grid import cell_combos, cell_of_class

    combos = np.concatenate([cell_combos(*cell_of_class(name)) for name in names])
    return np.sort(hand_index(2, combos))


def _pattern(node: lark.Tree, context: _Context) -> NDArray[np.int64]:
    source = context.text[node.meta.start_pos : node.meta.end_pos]
    compact = re.sub(r"\s+", "", source)
    if context.size == 2 and _CLASSIC.fullmatch(compact):
        from .classic_range import _expand_item  # hold'em's classic meaning of "AKs", "A2s+"

        return np.unique(hand_index(2, np.array(_expand_item(compact.upper(), compact))))
    items = [child for child in node.children if not _is_span(child)]
    spans = [child for child in node.children if _is_span(child)]
    range_macros = [
        item for item in items if item.data == "macro" and str(item.children[0]) in RANGE_MACROS
    ]
    places = [item for item in items if item not in range_macros]
    result: NDArray[np.int64] | None = None
    if places:
        alternatives = _alternatives(places, spans[0] if spans else None, context)
        result = _match(alternatives, node, context)
    elif spans:
        raise _fail(context, spans[0], "a span needs cards before it")
    for macro in range_macros:
        inner = _macro_range(macro, context)
        result = inner if result is None else np.intersect1d(result, inner, assume_unique=True)
    assert result is not None
    return result


def _is_span(node: lark.Tree | lark.Token) -> bool:
    return isinstance(node, lark.Tree) and node.data in ("span_up", "span_down", "span_to")


def _macro_range(node: lark.Tree, context: _Context) -> NDArray[np.int64]:
    text = RANGE_MACROS[str(node.children[0])]
    indices, _ = parse_generic(text, context.size, name=context.name, game=context.game)
    return indices


def _match(
    alternatives: list[list[_Card]], node: lark.Tree, context: _Context
) -> NDArray[np.int64]:
    fitting = [cards for cards in alternatives if len(cards) <= context.size]
    if not fitting:
        shortest = min(len(cards) for cards in alternatives)
        raise _fail(
            context,
            node,
            f"this pattern needs {shortest} cards; a hand here holds {context.size}",
        )
    hands = [_whole_hand(cards, context.size) for cards in fitting]
    if all(hand is not None for hand in hands):
        # Every alternative names one whole hand ("AsAhKsKh" in Omaha): look it up
        # instead of testing every hand (range texts that list combos stay fast).
        distinct = [hand for hand in hands if hand is not None and len(set(hand)) == len(hand)]
        if not distinct:
            return np.zeros(0, dtype=np.int64)
        return np.unique(hand_index(context.size, np.array(distinct, dtype=np.uint8)))
    patterns = [_to_pattern(cards) for cards in fitting]
    return np.flatnonzero(match_patterns(patterns, context.size)).astype(np.int64)


def _whole_hand(cards: list[_Card], size: int) -> list[int] | None:
    """The card codes when ``cards`` are ``size`` concrete cards, else None."""
    if len(cards) != size:
        return None
    codes = []
    for card in cards:
        if card.rank_variable or card.suit_variable or card.mask & (card.mask - 1):
            return None
        codes.append(card.mask.bit_length() - 1)
    return codes


def _to_pattern(cards: list[_Card]) -> Pattern:
    slots = tuple(Slot(card.mask, card.rank_variable, card.suit_variable) for card in cards)
    ranks = frozenset(card.rank for card in cards if card.rank is not None and card.explicit)
    # Suits are always named outright, inside a list or not ("[2,3]c" names clubs).
    suits = frozenset(card.suit for card in cards if card.suit is not None)
    return Pattern(slots, ranks, suits)


def _alternatives(
    items: list[lark.Tree], span: lark.Tree | None, context: _Context
) -> list[list[_Card]]:
    """Every card list the items stand for: lists and spans multiply out."""
    if span is not None:
        cards = [_plain_card(item, context) for item in items]
        return [list(step) for step in _span_steps(cards, span, context)]
    choices = [_item_choices(item, context) for item in items]
    total = math.prod(len(choice) for choice in choices)
    if total > MAX_ALTERNATIVES:
        raise _fail(context, items[0], f"this pattern expands to {total:,} alternatives (too many)")
    return [
        [card for part in combination for card in part]
        for combination in itertools.product(*choices)
    ]


def _item_choices(item: lark.Tree, context: _Context) -> list[list[_Card]]:
    if item.data == "list":
        options: list[list[_Card]] = []
        entries = [child for child in item.children if isinstance(child, lark.Tree)]
        suit_tokens = [child for child in item.children if isinstance(child, lark.Token)]
        for entry in entries:
            parts = [child for child in entry.children if not _is_span(child)]
            spans = [child for child in entry.children if _is_span(child)]
            if any(part.data == "list" for part in parts):
                raise _fail(context, entry, "lists do not nest")
            options.extend(_alternatives(parts, spans[0] if spans else None, context))
        if suit_tokens:
            # "[2-5]x": the suit applies to every choice of the list.
            options = [_with_suit(option, suit_tokens[0], context) for option in options]
        # A rank inside a list is a choice, not a name: rank variables may still take it.
        for option in options:
            for card in option:
                card.explicit = False
        return _merge_simple(options)
    if item.data == "macro":
        macro = str(item.children[0])
        if macro not in RANK_MACROS:
            known = ", ".join(MACROS)
            raise _fail(context, item, f"unknown macro {macro!r} (known: {known})")
        mask = 0
        for rank in RANK_MACROS[macro]:
            mask |= int(RANK_MASKS[rank])
        return [[_Card(mask)]]
    return [[_plain_card(item, context)]]


def _with_suit(option: list[_Card], token: lark.Token, context: _Context) -> list[_Card]:
    if len(option) != 1 or option[0].suit is not None or option[0].suit_variable:
        raise _fail(context, token, "a suit after a list needs one card per choice, without suits")
    card = option[0]
    suited = _plain_card(lark.Tree("suit_card", [token]), context)
    return [
        _Card(
            card.mask & suited.mask,
            card.rank,
            suited.suit,
            card.rank_variable,
            suited.suit_variable,
        )
    ]


def _merge_simple(options: list[list[_Card]]) -> list[list[_Card]]:
    """One place taking any of several single cards is one slot (``[A,K,Q]``), not three."""
    if all(
        len(option) == 1 and not option[0].rank_variable and not option[0].suit_variable
        for option in options
    ):
        mask = 0
        for option in options:
            mask |= option[0].mask
        suits = {option[0].suit for option in options}
        # A suit every choice shares ("[2,3]c") stays named, so suit variables avoid it.
        return [[_Card(mask, suit=suits.pop() if len(suits) == 1 else None, explicit=False)]]
    return options


def _plain_card(item: lark.Tree, context: _Context) -> _Card:
    if item.data not in ("card", "suit_card"):
        raise _fail(context, item, "spans take plain cards (no lists or macros)")
    rank_token = item.children[0] if item.data == "card" else None
    suit_token = item.children[-1] if item.data == "suit_card" or len(item.children) == 2 else None
    card = _Card(ALL_CARDS)
    if rank_token is not None:
        rank_text = str(rank_token)
        if rank_text in _RANK_NAMES:
            card.rank = _RANK_NAMES[rank_text]
            card.mask = int(RANK_MASKS[card.rank])
        elif rank_text != "*":
            card.rank_variable = rank_text
    if suit_token is not None:
        suit_text = str(suit_token)
        if suit_text == "o":
            raise _fail(
                context, suit_token, "'o' is not a suit (s, h, d, c; w, x, y, z are suit variables)"
            )
        if suit_text in _SUIT_VARIABLES:
            card.suit_variable = suit_text
        else:
            card.suit = _SUITS[suit_text]
            card.mask &= int(SUIT_MASKS[card.suit])
    return card


def _shifted(card: _Card, step: int) -> _Card:
    if step == 0 or card.rank is None:
        return card
    rank = card.rank + step
    mask = int(RANK_MASKS[rank])
    if card.suit is not None:
        mask &= int(SUIT_MASKS[card.suit])
    return _Card(mask, rank, card.suit, card.rank_variable, card.suit_variable, card.explicit)


def _span_steps(cards: list[_Card], span: lark.Tree, context: _Context) -> list[tuple[_Card, ...]]:
    """The patterns of a span; aces are high, so ``A`` never wraps to a deuce."""
    ranks = [card.rank for card in cards if card.rank is not None]
    if not ranks:
        raise _fail(context, span, "a span needs at least one concrete rank")
    if span.data == "span_to":
        ends = [_plain_card(item, context) for item in span.children[1:]]
        if len(ends) != len(cards):
            raise _fail(context, span, "both ends of a span need the same number of cards")
        deltas = set()
        for start, end in zip(cards, ends, strict=True):
            same_shape = (start.suit, start.suit_variable, start.rank_variable) == (
                end.suit,
                end.suit_variable,
                end.rank_variable,
            )
            if not same_shape or (start.rank is None) != (end.rank is None):
                raise _fail(context, span, "both ends of a span need the same suits and wildcards")
            if start.rank is not None and end.rank is not None and start.rank != end.rank:
                deltas.add(end.rank - start.rank)
        if len(deltas) > 1:
            raise _fail(context, span, "the ranks that change in a span must move together")
        delta = deltas.pop() if deltas else 0
        moving = [start.rank != end.rank for start, end in zip(cards, ends, strict=True)]
        direction = 1 if delta >= 0 else -1
        steps = range(0, delta + direction, direction)
    else:
        up = span.data == "span_up"
        top = max(ranks)
        if len(set(ranks)) == 1:
            # "QQ+", "88-": every concrete rank moves, up to aces or down to deuces.
            moving = [card.rank is not None for card in cards]
            steps = range(0, 12 - top + 1) if up else range(0, -top - 1, -1)
        else:
            # "AwJw+", "KT+": the top rank stays; the others climb while below it
            # (or fall to deuces with a trailing "-").
            moving = [card.rank is not None and card.rank != top for card in cards]
            lower = [card.rank for card, move in zip(cards, moving, strict=True) if move]
            assert all(rank is not None for rank in lower)
            high = max(rank for rank in lower if rank is not None)
            low = min(rank for rank in lower if rank is not None)
            steps = range(0, top - high) if up else range(0, -low - 1, -1)
    return [
        tuple(
            _shifted(card, step) if move else card for card, move in zip(cards, moving, strict=True)
        )
        for step in steps
    ]
