"""``showdown.equity``: the function (a plain one, with its signature) and the subpackage's paths.

The name ``showdown.equity`` is the function whatever was imported first, while the
subpackage ``showdown.equity`` keeps serving ``from showdown.equity import X`` and the
modules' paths (new and old). Import order is the point, so the checks run in fresh
interpreters, one per order.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import showdown

# What runs before the checks: each leaves the import system in a different state.
ORDERS = {
    "subpackage first": "import showdown.equity.result\nimport showdown\n",
    "showdown first": "import showdown\nshowdown.equity\nimport showdown.equity.result\n",
    "from-import first": "from showdown import equity as early\nimport showdown\n",
    "wing module first": "import showdown.equity.sampling.montecarlo\nimport showdown\n",
    "old path first": (
        "import warnings\n"
        "warnings.simplefilter('ignore', DeprecationWarning)\n"
        "import showdown.equity.by_card\n"
        "import showdown\n"
    ),
}

CHECKS = """
import inspect, pickle, pydoc, sys
function = sys.modules["showdown.equity.api"].equity

name = showdown.equity
assert inspect.isfunction(name) and name is function, name
assert list(inspect.signature(name).parameters)[:3] == ["players", "board", "dead"]
assert inspect.signature(name) == inspect.signature(function)
text = pydoc.render_doc(name, renderer=pydoc.plaintext)
assert "equity(players" in text and "Equity of every player" in text, text[:400]
from showdown import equity as imported
import showdown.equity as alias  # 'import a.b as c' reads the attribute b of a
assert imported is name and alias is name
import showdown.equity.analysis.by_card  # binding another submodule changes nothing
assert showdown.equity is name
from showdown.equity import GAMES, EquityResult, equity_distribution, runouts
result = name(["AsKs", "QQ"], board="Kd7c2h")
assert isinstance(result, EquityResult) and "holdem" in GAMES
copy = pickle.loads(pickle.dumps(result))
assert copy.equity.tolist() == result.equity.tolist()
print("ok")
"""


@pytest.mark.parametrize("order", sorted(ORDERS))
def test_the_name_is_the_plain_function_in_any_import_order(order):
    done = subprocess.run(
        [sys.executable, "-c", ORDERS[order] + CHECKS], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok"]


OLD_PATHS = """
import sys, warnings
warnings.simplefilter("error")  # the new paths import without a warning
from showdown.equity.sampling import montecarlo
from showdown.equity.analysis.by_card import runout_table
from showdown.equity.exact import LOCAL_SECONDS, run_exact
from showdown.equity.exact.driver import run_exact as driver_run_exact
assert run_exact is driver_run_exact and LOCAL_SECONDS > 0
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    import showdown.equity.montecarlo
    from showdown.equity import matrix
    from showdown.equity.by_card import runout_table as old_runout_table
messages = [str(warning.message) for warning in caught]
assert all(warning.category is DeprecationWarning for warning in caught), caught
assert messages == [
    "showdown.equity.montecarlo moved to showdown.equity.sampling.montecarlo; import it from there",
    "showdown.equity.matrix moved to showdown.equity.analysis.matrix; import it from there",
    "showdown.equity.by_card moved to showdown.equity.analysis.by_card; import it from there",
], messages
# The same module objects, with their own specs (patching either path patches the engine).
assert sys.modules["showdown.equity.montecarlo"] is montecarlo
assert montecarlo.__spec__.name == "showdown.equity.sampling.montecarlo"
assert matrix is sys.modules["showdown.equity.analysis.matrix"]
assert old_runout_table is runout_table
# The function of the package is not replaced by a module of the same name.
from showdown.equity import range_stats
assert callable(range_stats) and not hasattr(range_stats, "__path__")
try:
    import showdown.equity.no_such_module
except ModuleNotFoundError as error:
    assert "showdown.equity.no_such_module" in str(error)
else:
    raise AssertionError("an unknown module imported")
print("ok")
"""


def test_old_module_paths_import_the_moved_modules_with_a_warning():
    done = subprocess.run(
        [sys.executable, "-c", OLD_PATHS], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok"]


def test_the_name_can_be_patched_and_restored(monkeypatch):
    real = showdown.equity

    def fake(*args, **kwargs):
        return "patched"

    monkeypatch.setattr(showdown, "equity", fake)
    assert showdown.equity(["AsKs", "QQ"]) == "patched"
    monkeypatch.undo()
    assert showdown.equity is real
    # What the import system does when the subpackage loads: the name stays the function.
    showdown.equity = sys.modules["showdown.equity"]
    assert showdown.equity is real
