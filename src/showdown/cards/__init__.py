"""Card codes, parsing and formatting, masks, the deck and hand ranges."""

# Loaded for what loading it does: it gives Range(game="omaha") its subclass.
from . import omaha_range  # noqa: F401
from .codes import (
    N_CARDS,
    RANKS,
    SUITS,
    CardsLike,
    as_card_array,
    check_distinct,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from .masks import FULL_DECK_MASK, card_mask, deck, mask_to_cards
from .range_object import Range
from .ranges import RANDOM_WORDS, HandRange, parse_hand_or_range, parse_range

__all__ = [
    "FULL_DECK_MASK",
    "N_CARDS",
    "RANDOM_WORDS",
    "RANKS",
    "SUITS",
    "CardsLike",
    "HandRange",
    "Range",
    "as_card_array",
    "card_mask",
    "check_distinct",
    "deck",
    "format_card",
    "format_cards",
    "mask_to_cards",
    "parse_card",
    "parse_cards",
    "parse_hand_or_range",
    "parse_range",
]
