"""Equity engine: exact enumeration and Monte Carlo for hold'em, Omaha, stud and draw.

``from showdown.equity import equity`` (or ``showdown.equity``) is the
function :func:`~showdown.equity.api.equity`; this package holds the engine.
``import showdown`` then ``showdown.equity`` gives the function, whichever
was imported first: the ``showdown`` package keeps that name bound to the
function even after this subpackage is imported (see ``showdown/__init__.py``).
So ``import showdown.equity as e`` gives the function too; reach the package's
names with ``from showdown.equity import ...`` and its modules by their paths
(``from showdown.equity.sampling import montecarlo``).

Layout: the shared core here (``api``, ``spot``, ``games``, ``result``,
``breakdown``, ``weighting``, ``_scoring``, ``guard``, ``call_cache``,
``formatting``) and three wings, ``exact/``, ``sampling/`` and ``analysis/``
(docs/equity.md, "Layout"). The modules' flat paths from before the split
(``showdown.equity.montecarlo``...) still import, with a ``DeprecationWarning``.
"""

import importlib
from typing import TYPE_CHECKING, Any

from . import _moved
from .analysis.distribution import EquityDistribution, equity_distribution
from .analysis.range_stats import range_stats
from .api import equity
from .games import GAMES, Game, get_game
from .result import EquityResult

if TYPE_CHECKING:
    from .analysis.by_card import runouts
    from .analysis.matrix import preflop_matrix

#: Analysis functions loaded on first use (an equity call does not pay for their imports).
_LAZY = {
    "runouts": "analysis.by_card",
    "preflop_matrix": "analysis.matrix",
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


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value


_moved.install(__name__)
