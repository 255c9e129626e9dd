"""Equity engine: exact enumeration and Monte Carlo for hold'em, Omaha, stud and draw.

``showdown.equity`` is both this subpackage and the function
:func:`~showdown.equity.api.equity`. Python binds a package's name to the
subpackage as soon as it is imported, which would shadow the function, so
the module itself is made callable: ``showdown.equity([...])`` works
however the names were imported.
"""

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

from .api import equity
from .distribution import EquityDistribution, equity_distribution
from .games import GAMES, Game, get_game
from .range_stats import range_stats  # eager: the submodule has the function's name
from .result import EquityResult

if TYPE_CHECKING:
    from .by_card import runouts
    from .matrix import preflop_matrix

#: Analysis functions loaded on first use (an equity call does not pay for their imports).
_LAZY = {
    "runouts": "by_card",
    "preflop_matrix": "matrix",
}

__all__ = [
    "GAMES",
    "EquityDistribution",
    "EquityResult",
    "Game",
    "equity",
    "equity_distribution",
    "get_game",
    "preflop_matrix",
    "range_stats",
    "runouts",
]


class _CallableModule(types.ModuleType):
    """This package, callable as :func:`equity`."""

    def __call__(self, *args: Any, **kwargs: Any) -> EquityResult:
        return equity(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name not in _LAZY:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
        setattr(self, name, value)
        return value


sys.modules[__name__].__class__ = _CallableModule
