"""Batch hand evaluator: 5/6/7-card high, 8-or-better low, and Omaha (2 + 3).

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
    "get_tables",
    "hand_category",
    "low8_histogram",
    "strength_histogram",
]
