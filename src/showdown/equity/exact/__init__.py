"""Exact equity: every deal counted, by board classes, joins, deal blocks or the preflop table.

What lives here:

==========================  ===============================================================
module                      what it does
==========================  ===============================================================
``driver``                  runs a planned spot by the method the plan chose; the entry point
``plan``                    chooses the method and estimates its cost before anything runs
``holdings``                joint holdings and their canonical forms under suit and seat symmetry
``join``                    wide ranges on complete boards: the join kernel's driver
``deals``                   stud and draw: every deal, in blocks of prefixes
``preflop_table``           heads-up hold'em preflop, read from the shipped table
``_class_common``           what the hold'em and Omaha board-class kernels share
``_class_kernels``          the board-class walk (numba), one for every game
``_holdem_class_kernels``   hold'em's steps of that walk, and its kernel
``_omaha_class_kernels``    Omaha's steps of that walk, and its kernel
``_join_kernels``           the join kernels (numba), with ``_join_combo_kernels``
``_deal_kernels``           the stud and draw deal kernel (numba)
``_table_kernels``          sums of preflop-table rows (numba)
==========================  ===============================================================

``showdown.equity.exact`` was one module before it became this package; its
public names (:func:`~showdown.equity.exact.driver.run_exact`,
:func:`~showdown.equity.exact.driver.plan_exact`, the errors and limits) are
still importable from here, loaded from ``driver`` on first use so that the
package itself costs nothing to import.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .driver import (
        LOCAL_SECONDS,
        MAX_EXACT_SECONDS,
        ExactOverrunError,
        ExactPlan,
        ExactTooSlowError,
        TooManyAssignmentsError,
        cached_plan,
        plan_exact,
        run_exact,
    )

#: The names ``showdown.equity.exact`` had as a module, now defined in ``driver``.
__all__ = [
    "LOCAL_SECONDS",
    "MAX_EXACT_SECONDS",
    "ExactOverrunError",
    "ExactPlan",
    "ExactTooSlowError",
    "TooManyAssignmentsError",
    "cached_plan",
    "plan_exact",
    "run_exact",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.driver"), name)
    globals()[name] = value
    return value
