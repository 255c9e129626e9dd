"""showdown: a fast poker toolkit.

The evaluator ranks hands in numpy batches with Numba kernels, the equity
engine enumerates or samples deals, and the simulator plays full games.
Submodules are imported lazily so ``import showdown`` (and ``showdown --help``)
stays fast and numba is only loaded when a kernel is first needed.

Examples
--------
>>> import showdown
>>> showdown.describe(showdown.evaluate("AsKsQsJsTs"))
'Straight Flush, Ace high (Royal Flush)'
"""

# ruff: noqa: F401
from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # What type checkers see (the lazy loading below hides it from them): the real
    # functions with their signatures and overloads (re-exports: ruff's F401 is off in this
    # file for them). Kept equal to _EXPORTS by a test.
    from .cards import (
        Range,
        card_mask,
        deck,
        format_cards,
        parse_cards,
        parse_range,
    )
    from .equity import (
        EquityDistribution,
        EquityResult,
        equity,
        equity_distribution,
        preflop_matrix,
        range_stats,
        runouts,
    )
    from .evaluator import (
        HandCategory,
        category_counts,
        describe,
        describe_low,
        evaluate,
        evaluate_low8,
        evaluate_omaha,
        evaluate_omaha_hilo,
        evaluate_omaha_low8,
        evaluate_short_deck,
        hand_category,
    )
    from .simulator import (
        SimulationResult,
        simulate,
    )
    from .tournament import (
        icm,
        push_fold,
        push_fold_3way,
        push_fold_chart,
    )

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS = {
    "parse_cards": "showdown.cards",
    "format_cards": "showdown.cards",
    "card_mask": "showdown.cards",
    "deck": "showdown.cards",
    "evaluate": "showdown.evaluator",
    "evaluate_low8": "showdown.evaluator",
    "evaluate_omaha": "showdown.evaluator",
    "evaluate_omaha_low8": "showdown.evaluator",
    "evaluate_omaha_hilo": "showdown.evaluator",
    "evaluate_short_deck": "showdown.evaluator",
    "hand_category": "showdown.evaluator",
    "HandCategory": "showdown.evaluator",
    "describe": "showdown.evaluator",
    "describe_low": "showdown.evaluator",
    "category_counts": "showdown.evaluator",
    "equity": "showdown.equity",
    "EquityResult": "showdown.equity",
    "equity_distribution": "showdown.equity",
    "EquityDistribution": "showdown.equity",
    "runouts": "showdown.equity",
    "preflop_matrix": "showdown.equity",
    "parse_range": "showdown.cards",
    "Range": "showdown.cards",
    "range_stats": "showdown.equity",
    "simulate": "showdown.simulator",
    "SimulationResult": "showdown.simulator",
    "icm": "showdown.tournament",
    "push_fold": "showdown.tournament",
    "push_fold_3way": "showdown.tournament",
    "push_fold_chart": "showdown.tournament",
}

__all__ = [*sorted(_EXPORTS), "__version__"]


# submodules that ``showdown.NAME`` loads on first use (they need optional extras or are
# heavy, so ``import showdown`` does not import them)
_LAZY_SUBMODULES = frozenset({"plot", "distributed", "games", "history"})


def __getattr__(name: str) -> Any:
    if name in _LAZY_SUBMODULES:
        module = importlib.import_module(f"showdown.{name}")
        globals()[name] = module
        return module
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'showdown' has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


class _Showdown(types.ModuleType):
    """This package, whose ``equity`` is always the function, however things were imported.

    ``showdown.equity`` names both the function and the engine's subpackage.
    When a subpackage is first imported (``import showdown.equity``, or any
    ``showdown.equity.X``, which the library itself does), the import system
    sets the parent's attribute to it after the subpackage has run, which
    would replace the function. Here the attribute is a property: it gives the
    function, and the import system's binding of the subpackage is ignored
    (the subpackage stays in ``sys.modules``, which is where ``from
    showdown.equity import X`` and ``import showdown.equity.X`` look). Any
    other value set on the name (a test's mock) is kept until deleted.
    """

    @property
    def equity(self) -> Any:
        value = vars(self).get("equity")
        if value is None:
            value = vars(self)["equity"] = importlib.import_module(_EXPORTS["equity"]).equity
        return value

    @equity.setter
    def equity(self, value: Any) -> None:
        if isinstance(value, types.ModuleType) and value.__name__ == _EXPORTS["equity"]:
            return  # the import system binding the subpackage: the name stays the function
        vars(self)["equity"] = value

    @equity.deleter
    def equity(self) -> None:
        vars(self).pop("equity", None)


sys.modules[__name__].__class__ = _Showdown
