"""``showdown.equity``: the function and the subpackage under one name, with one signature.

Which object the name holds depends on the import order (the function when reached through
``import showdown`` first, the callable subpackage when the subpackage was imported first),
so every check runs in a fresh interpreter for each order.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

# Each order leaves showdown.equity as one of the two objects; the checks must hold for both.
ORDERS = {
    "package first": "import showdown.equity.result\nimport showdown\n",
    "showdown first": "import showdown\nshowdown.equity\nimport showdown.equity.result\n",
}

CHECKS = """
import inspect, pickle, pydoc
from showdown.equity import GAMES, EquityResult
from showdown.equity.api import equity as function

name = showdown.equity
assert inspect.signature(name) == inspect.signature(function), inspect.signature(name)
assert inspect.unwrap(name) is inspect.unwrap(function)
text = pydoc.render_doc(name, renderer=pydoc.plaintext)
assert "equity(players" in text and "Equity of every player" in text, text[:400]
result = name(["AsKs", "QQ"], board="Kd7c2h")
assert isinstance(result, EquityResult) and "holdem" in GAMES
copy = pickle.loads(pickle.dumps(result))
assert copy.equity.tolist() == result.equity.tolist()
print(type(name).__name__)
"""


@pytest.mark.parametrize("order", sorted(ORDERS))
def test_the_name_has_the_function_signature_and_doc_in_either_import_order(order):
    code = ORDERS[order] + CHECKS
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    # The orders really reach the two different objects.
    expected = "_CallableModule" if order == "package first" else "function"
    assert done.stdout.split() == [expected]


def test_importing_a_submodule_later_keeps_the_name_bound():
    code = (
        "import showdown\n"
        "first = showdown.equity\n"
        "import showdown.equity.analysis.by_card, showdown.equity.analysis.matrix\n"
        "assert showdown.equity is first, showdown.equity\n"
        # 'import a.b as c' reads the attribute b of a: the function here.
        "import showdown.equity as alias\n"
        "assert alias is first, alias\n"
        "from showdown.equity import GAMES, EquityResult\n"
        "assert isinstance(alias(['AsKs', 'QdQh'], board='2c7d9h'), EquityResult)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
