"""Numbers and tables as text and JSON: the formatting every equity result shares.

:class:`~showdown.equity.EquityResult`, the per-combo tables, the equity
distributions and the CLI all print and serialise through these, so a share
reads the same everywhere (``12.345%``, JSON without float noise).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..evaluator.categories import HandCategory

#: The hand categories' names, weakest first: the order of ``EquityResult.categories``' columns.
CATEGORY_LABELS = [category.label for category in HandCategory]


def json_number(value: Any) -> float:
    """A share as a JSON-safe float: 15 significant digits (no float noise), never NaN.

    Examples
    --------
    >>> json_number(0.1 + 0.2), json_number(-77.40000000000002), json_number(0.8125546)
    (0.3, -77.4, 0.8125546)
    """
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"a result number is {number!r}, which JSON cannot hold")
    return float(f"{number:.15g}")


def percent(value: float, stderr: float = 0.0) -> str:
    """A share as text: ``12.345%``, with `` ±0.012`` when it has a standard error."""
    text = f"{100 * value:.3f}%"
    if stderr > 0:
        text += f" ±{100 * stderr:.3f}"
    return text


def text_table(columns: list[str], rows: list[list[str]], left: int = 0) -> str:
    """Columns of text, right-aligned but for column ``left`` (the names).

    Examples
    --------
    >>> print(text_table(["n", "name"], [["1", "AsKs"], ["10", "QQ+"]], left=1))
     n  name
     1  AsKs
    10  QQ+
    """
    widths = [max(len(columns[i]), *(len(row[i]) for row in rows)) for i in range(len(columns))]
    lines = []
    for row in [columns, *rows]:
        cells = [
            cell.ljust(width) if index == left else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def json_value(value: Any) -> int | float:
    """A JSON-safe number: integers as they are (counts), floats by :func:`json_number`."""
    number = value.item() if hasattr(value, "item") else value
    return number if isinstance(number, int) else json_number(number)


def json_records(columns: Mapping[str, Any], label: str = "combo") -> list[dict[str, Any]]:
    """One JSON-safe dict per row of ``columns``: the ``label`` column as it is, then the numbers.

    Examples
    --------
    >>> json_records({"combo": ["AsKs", "QQ"], "deals": [3, 4], "equity": [0.1 + 0.2, 0.7]})
    [{'combo': 'AsKs', 'deals': 3, 'equity': 0.3}, {'combo': 'QQ', 'deals': 4, 'equity': 0.7}]
    """
    names = [name for name in columns if name != label]
    return [
        {label: text, **{name: json_value(columns[name][row]) for name in names}}
        for row, text in enumerate(columns[label])
    ]
