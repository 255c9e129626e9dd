"""Rules of the test suite itself, checked on its source.

- A test that uses a peer library (pokerkit, eval7, phevaluator, poker-equity) carries the
  ``peers`` marker, so ``-m "not peers"`` leaves them all out.
- Tests import helpers from helpers modules, never from a ``conftest`` (pytest loads those
  itself; importing one runs it twice under two names).
- Command-line tests run ``showdown`` in a subprocess only as ``python -m showdown``, an entry
  point that always exists (never a fallback to ``python -m showdown.cli.main``).
- Code and tests stand on their own: no issue-tracker numbers and no machine paths in the sources
  (they say what and why instead).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PEERS = {"pokerkit", "eval7", "phevaluator", "poker_equity"}


def _modules() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in TESTS.rglob("*.py")]


def _peer_named(node: ast.AST) -> bool:
    """``import pokerkit``, ``from eval7 import ...`` or ``pytest.importorskip("pokerkit")``."""
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] in PEERS for alias in node.names)
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] in PEERS
    return (
        isinstance(node, ast.Call)
        and ast.unparse(node.func).endswith("importorskip")
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and str(node.args[0].value).split(".")[0] in PEERS
    )


def _uses_peer(node: ast.AST) -> bool:
    """Whether ``node`` imports a peer library anywhere inside it."""
    return any(_peer_named(child) for child in ast.walk(node))


def _marked_peers(nodes: list[ast.expr]) -> bool:
    return any("mark.peers" in ast.unparse(node) for node in nodes)


def _called_names(node: ast.AST) -> set[str]:
    return {
        child.func.id
        for child in ast.walk(node)
        if isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
    }


def test_every_test_using_a_peer_library_has_the_peers_marker():
    unmarked = []
    checked = 0
    for path, module in _modules():
        functions = [node for node in module.body if isinstance(node, ast.FunctionDef)]
        module_marked = any(
            isinstance(node, ast.Assign)
            and any(getattr(target, "id", "") == "pytestmark" for target in node.targets)
            and _marked_peers([node.value])
            for node in module.body
        )
        top_level = [node for node in module.body if not isinstance(node, ast.FunctionDef)]
        module_uses = any(_uses_peer(node) for node in top_level)
        helpers = {f.name for f in functions if not f.name.startswith("test") and _uses_peer(f)}
        for function in functions:
            if not function.name.startswith("test"):
                continue
            uses = module_uses or _uses_peer(function) or bool(_called_names(function) & helpers)
            if uses:
                checked += 1
                if not (module_marked or _marked_peers(function.decorator_list)):
                    unmarked.append(f"{path.relative_to(TESTS)}::{function.name}")
    assert checked >= 8  # the scan finds the peer tests (it is not vacuous)
    assert unmarked == []


def test_no_test_imports_from_a_conftest():
    offenders = [
        str(path.relative_to(TESTS))
        for path, module in _modules()
        for node in ast.walk(module)
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "conftest"
    ]
    assert offenders == []


def test_cli_subprocesses_use_python_dash_m_showdown():
    offenders = [
        str(path.relative_to(TESTS))
        for path in TESTS.rglob("*.py")
        if path.name != Path(__file__).name
        and '"showdown.cli.main"' in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_sources_cite_no_issue_numbers_and_no_machine_paths():
    root = TESTS.parent
    # Spelled in pieces so that this line does not match itself.
    machine_paths = "|".join("/" + name + "/" for name in ("work", "root", "home"))
    cited = re.compile(r"\b[Ii]ssues? #?\d+|" + machine_paths)
    folders = [root / "src", TESTS, root / "benchmarks"]
    files = [path for folder in folders for path in folder.rglob("*.py")]
    offenders = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if cited.search(line):
                offenders.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
