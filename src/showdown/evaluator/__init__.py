"""Batch hand evaluator: 5/6/7-card high, 8-or-better low, Omaha (2 + 3), short deck (6+).

All functions take ``(..., n)`` card arrays (or strings at the edge) and return
numpy arrays; larger strengths are stronger, 0 means no qualifying low.
"""

from .api import (
    category_counts,
    evaluate,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
    low8_histogram,
    strength_histogram,
)
from .categories import HandCategory
from .describe import describe, describe_low, hand_category
from .short_deck import evaluate_short_deck
from .tables import get_tables

__all__ = [
    "HandCategory",
    "category_counts",
    "describe",
    "describe_low",
    "evaluate",
    "evaluate_low8",
    "evaluate_omaha",
    "evaluate_omaha_hilo",
    "evaluate_omaha_low8",
    "evaluate_short_deck",
    "get_tables",
    "hand_category",
    "low8_histogram",
    "strength_histogram",
]
