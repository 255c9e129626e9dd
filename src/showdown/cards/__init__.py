"""Card codes, parsing and formatting, masks, the deck and hand ranges."""

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

__all__ = [
    "FULL_DECK_MASK",
    "N_CARDS",
    "RANKS",
    "SUITS",
    "CardsLike",
    "as_card_array",
    "card_mask",
    "check_distinct",
    "deck",
    "format_card",
    "format_cards",
    "mask_to_cards",
    "parse_card",
    "parse_cards",
]
