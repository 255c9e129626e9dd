"""The module paths the equity engine had before it was split in wings, still importable.

``showdown.equity`` was one flat package; its modules now live in
``exact/``, ``sampling/`` and ``analysis/``. Code that imports an old path
(``import showdown.equity.montecarlo``, ``from showdown.equity.by_card import
runout_table``, ``from showdown.equity import matrix``) gets the module at its
new path, with a ``DeprecationWarning`` naming that path. The old name is an
alias of the same module object, not a copy: patching a name through either
path patches the one the engine uses.

``showdown.equity.exact`` needs no alias (it is the ``exact`` package, which
still exports what the module did). ``showdown.equity.range_stats`` has none:
that name is the function :func:`~showdown.equity.range_stats`, and an alias
module would replace it on the package.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType
from typing import Any

#: Old module name under ``showdown.equity`` -> its new path under it.
MOVED = {
    "plan": "exact.plan",
    "join": "exact.join",
    "deals": "exact.deals",
    "holdings": "exact.holdings",
    "preflop_table": "exact.preflop_table",
    "montecarlo": "sampling.montecarlo",
    "sample_inputs": "sampling.sample_inputs",
    "drawing": "sampling.drawing",
    "draw_rule": "sampling.draw_rule",
    "by_card": "analysis.by_card",
    "matrix": "analysis.matrix",
    "distribution": "analysis.distribution",
    "plot": "analysis.plot",
}


class _AliasLoader(importlib.abc.Loader):
    """Loads an old name as the module at its new path."""

    def __init__(self, new_name: str) -> None:
        self.new_name = new_name

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.new_name}; import it from there",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(self.new_name)

    def exec_module(self, module: ModuleType) -> None:
        # The import system set the alias's spec on the shared module: give it back its own.
        module.__spec__ = _own_specs[self.new_name]


#: Each aliased module's spec as it was before the alias was created.
_own_specs: dict[str, Any] = {}


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Finds the old names (after the path finder has found no file for them)."""

    def __init__(self, package: str) -> None:
        self.package = package

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        parent, _, name = fullname.rpartition(".")
        if parent != self.package or name not in MOVED:
            return None
        new_name = f"{self.package}.{MOVED[name]}"
        _own_specs[new_name] = importlib.import_module(new_name).__spec__
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new_name))


def install(package: str) -> None:
    """Make the old names of ``package`` importable (once per interpreter)."""
    if not any(isinstance(finder, _AliasFinder) for finder in sys.meta_path):
        sys.meta_path.append(_AliasFinder(package))
