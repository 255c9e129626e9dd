"""Equity engine: exact enumeration and Monte Carlo for hold'em, Omaha, stud and draw.

``showdown.equity`` is both this subpackage and the function
:func:`~showdown.equity.api.equity`. Python binds a package's name to the
subpackage as soon as it is imported, which would shadow the function, so
the module itself is made callable: ``showdown.equity([...])`` works
however the names were imported.

Why a callable module and not always the plain function: ``import showdown``
then ``showdown.equity`` gives the plain function (the package's lazy
exports), but the import system sets ``showdown.equity`` to this module
whenever the subpackage is loaded first (``import showdown.equity.result``
does it too), after this file has run, so only a hook on the parent package
could put the function back; and code that imported the subpackage reaches
``showdown.equity.GAMES`` and the submodules through this name
(``import showdown.equity as e`` gives whichever object the name holds). So
the module stands in for the function where tools look: ``inspect.signature``
gives the function's signature (``__signature__``, ``__wrapped__``) and
``help`` starts with the function's signature and docstring.
"""

import importlib
import inspect
import sys
import types
from typing import TYPE_CHECKING, Any

from . import _moved
from .analysis.distribution import EquityDistribution, equity_distribution
from .analysis.range_stats import range_stats  # eager: the submodule has the function's name
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


_moved.install(__name__)
sys.modules[__name__].__class__ = _CallableModule
# Where inspect and help look (see the module docstring): the function's signature, and its
# docstring ahead of the package's. Its examples stay with the function (doctests run once).
__wrapped__ = equity
__signature__ = inspect.signature(equity)
_described = (inspect.getdoc(equity) or "").partition("\nExamples\n--------")[0].rstrip()
__doc__ = f"equity{__signature__}\n\n{_described}\n\n{__doc__}"
del _described
