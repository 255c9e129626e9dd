"""Equity engine: exact enumeration and Monte Carlo for hold'em, Omaha, stud and draw.

``showdown.equity`` is both this subpackage and the function
:func:`~showdown.equity.api.equity`. Python binds a package's name to the
subpackage as soon as it is imported, which would shadow the function, so
the module itself is made callable: ``showdown.equity([...])`` works
however the names were imported.
"""

import sys
import types
from typing import Any

from .api import equity
from .by_card import runouts
from .games import GAMES, Game, get_game
from .matrix import preflop_matrix
from .range_stats import range_stats
from .result import EquityResult

__all__ = [
    "GAMES",
    "EquityResult",
    "Game",
    "equity",
    "get_game",
    "preflop_matrix",
    "range_stats",
    "runouts",
]


class _CallableModule(types.ModuleType):
    """This package, callable as :func:`equity`."""

    def __call__(self, *args: Any, **kwargs: Any) -> EquityResult:
        return equity(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
