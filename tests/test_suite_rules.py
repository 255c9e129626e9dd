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


# ----------------------------------------------------------------------------- import cycles
SOURCE = TESTS.parent / "src"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in {
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
    }


def _imports(tree: ast.Module, name: str, is_package: bool) -> list[tuple[str, int, bool]]:
    """``(imported module, line, deferred)`` for every import statement of a module.

    Statements anywhere count (functions, methods, ``try``), except in the body of an
    ``if TYPE_CHECKING:`` block, which never runs. ``from P import x`` imports ``P.x``
    when that is a module, else ``P``.
    """
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, deferred: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking_block(child):
                assert isinstance(child, ast.If)
                for statement in child.orelse:
                    visit(statement, deferred)
                continue
            inner = deferred or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, deferred) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = name.split(".")[: len(name.split(".")) + is_package - child.level]
                    module = ".".join([*base, *([child.module] if child.module else [])])
                else:
                    module = child.module or ""
                for alias in child.names:
                    found.append((f"{module}.{alias.name}", child.lineno, deferred))
            visit(child, inner)

    visit(tree, False)
    return found


def _import_graph() -> tuple[dict[str, dict[str, int]], int]:
    """Modules of ``showdown`` -> {module it imports: line}, and how many imports are deferred."""
    files = {_module_name(path): path for path in (SOURCE / "showdown").rglob("*.py")}
    graph: dict[str, dict[str, int]] = {}
    deferred_count = 0
    for name, path in sorted(files.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: dict[str, int] = {}
        for target, line, deferred in _imports(tree, name, path.name == "__init__.py"):
            # The longest prefix that is a module of the tree: ``P.x`` is a module or
            # a name in ``P``; names outside ``showdown`` fall away entirely.
            while target and target not in files:
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.setdefault(target, line)
                deferred_count += deferred
        graph[name] = edges
    return graph, deferred_count


def _strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


#: Cycles not broken yet (none: keep it so). The test fails on any other cycle and on a
#: listed one that no longer exists, so this list can only shrink.
KNOWN_CYCLES: set[frozenset[str]] = set()


def test_no_import_cycles_between_modules():
    """No two modules of ``showdown`` import each other, directly or through others.

    A cycle makes the import order matter (a name half-defined when the other
    module runs) and means neither module sits below the other. What counts:

    - an edge ``A -> B`` for every ``import`` / ``from ... import`` statement in
      ``A`` naming module ``B`` (relative imports resolved; ``from P import x`` is
      ``P.x`` when that is a module, else ``P``). Deferred imports inside functions
      count: they only hide a cycle from the interpreter, not from the design.
      Imports under ``if TYPE_CHECKING:`` do not: they never run.
    - the package exception: importing ``P.M`` also runs ``P/__init__``, but that
      implicit step is not an edge. A package's ``__init__`` re-exporting from its
      own submodules is the usual facade, and counting the implicit step would put
      every such submodule in a cycle with it. An explicit ``from P import x``
      inside ``P``'s own submodules still counts (an edge to ``P/__init__``).
    - imports by computed name (``importlib.import_module(f"...")`` of the lazy
      loaders) are not seen; they only load a package's own submodules.
    """
    graph, deferred = _import_graph()
    assert len(graph) > 100 and deferred > 20  # the scan sees the tree and deferred imports
    report = []
    components = _strongly_connected(graph)
    gone = KNOWN_CYCLES - {frozenset(component) for component in components}
    report += [f"listed in KNOWN_CYCLES but gone (remove it): {sorted(c)}" for c in gone]
    for component in components:
        members = set(component)
        if members in KNOWN_CYCLES:
            continue
        report.append("cycle: " + ", ".join(component))
        report += [
            f"    {source} -> {target} (line {line})"
            for source in component
            for target, line in graph[source].items()
            if target in members
        ]
    assert not report, "\n".join(report)


# ----------------------------------------------------------------------------- kernel rules
#: Decorators (from ``showdown._jit``) that make a numba function.
JIT_DECORATORS = {"jit", "jit_inline", "jit_kernel", "jit_step", "jit_parallel", "jit_llvm_inline"}
#: Most positional arguments of a numba function that Python does not call directly.
MOST_KERNEL_ARGUMENTS = 10
#: Entry kernels (called from Python) allowed more, each with the reason. The list can only
#: shrink: a listed kernel that no longer needs the exception fails the test.
WIDE_ENTRY_KERNELS = {
    "class_kernel": "board classes: Python passes each holding's arrays and counters",
    "join": "the wide-range join: Python passes the combos and the counters it fills",
    "omaha_join": "the Omaha join: Python passes the boards, the ranges' inputs and the counters",
    "_omaha_join_hilo": "the Omaha hi-lo join: as omaha_join, plus the split-pot counters",
}


def _decorator_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _numba_functions() -> list[tuple[str, str, int]]:
    """``(module path, name, positional arguments)`` of every numba function of the package:
    decorated with a ``_jit`` decorator or handed to one (``jit_inline(function)``)."""
    found = []
    for path in sorted((SOURCE / "showdown").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        wrapped = {
            node.args[0].id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and _decorator_name(node.func) in JIT_DECORATORS
            and node.args
            and isinstance(node.args[0], ast.Name)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            decorated = any(_decorator_name(d) in JIT_DECORATORS for d in node.decorator_list)
            if decorated or node.name in wrapped:
                count = len(node.args.posonlyargs) + len(node.args.args)
                found.append((str(path.relative_to(SOURCE)), node.name, count))
    return found


def test_numba_functions_take_at_most_ten_positional_arguments():
    """Long argument lists are grouped into (named) tuples, as the tables are.

    A kernel with a dozen arrays is hard to call right (arguments of one type
    swap silently) and each of its call sites repeats the list; the spot, the
    scratch arrays and the counters travel as tuples instead. Only entry kernels
    (called from Python, where the arrays are made) may take more.
    """
    functions = _numba_functions()
    assert len(functions) > 150  # the scan sees the kernels
    wide = {name: (module, count) for module, name, count in functions if count > 10}
    report = [
        f"{module}: {name} takes {count} positional arguments (group them into tuples)"
        for name, (module, count) in sorted(wide.items())
        if name not in WIDE_ENTRY_KERNELS
    ]
    report += [
        f"{name} is listed in WIDE_ENTRY_KERNELS but takes at most 10 (remove it)"
        for name in sorted(set(WIDE_ENTRY_KERNELS) - set(wide))
    ]
    assert not report, "\n".join(report)


#: Names of the evaluator's perfect hash: only the evaluator reads it (``strength_of_key``,
#: ``rank_strength``); a copy elsewhere would miss any change to the table layout.
LOOKUP_NAMES = {
    "COLUMN_MASK_7",
    "ROW_SHIFT_7",
    "RANK_SUM_MASK",
    "FLUSH_CHECK",
    "flush_rank_mask",
    "lookup_strength",
    "offsets7",
    "values7",
}


def test_no_kernel_outside_the_evaluator_writes_out_its_lookup():
    evaluator = SOURCE / "showdown" / "evaluator"
    report = []
    for path in sorted((SOURCE / "showdown").rglob("*.py")):
        if evaluator in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = {alias.name for alias in node.names}
            elif isinstance(node, ast.Attribute):
                names = {node.attr}
            elif isinstance(node, ast.Name):
                names = {node.id}
            else:
                continue
            for name in sorted(names & LOOKUP_NAMES):
                report.append(f"{path.relative_to(SOURCE)}:{node.lineno}: {name}")
    assert not report, "use evaluator._kernels.strength_of_key instead:\n" + "\n".join(report)


def test_numba_is_pinned_to_the_releases_the_kernel_idioms_were_checked_on():
    """The kernels reach into numba's internals (``unowned`` rewrites an array's owner
    field, ``overload_inline`` and the cache healing use private hooks), which may
    change in any release: the dependency names a tested range, and the installed
    numba is inside it."""
    import numba
    from packaging.requirements import Requirement

    # The dependency list's numba entry (no TOML reader: Python 3.10 has none built in).
    text = (TESTS.parent / "pyproject.toml").read_text(encoding="utf-8")
    pinned = re.search(r'^dependencies = \[[^\]]*"(numba[^"]*)"', text, re.MULTILINE)
    assert pinned, "pyproject.toml: no numba in the project's dependencies"
    requirement = Requirement(pinned.group(1))
    operators = {specifier.operator for specifier in requirement.specifier}
    assert {">=", "<"} <= operators, f"numba needs a lower and an upper bound: {requirement}"
    assert requirement.specifier.contains(numba.__version__), (numba.__version__, requirement)


def test_kernels_outside_the_evaluator_add_cards_with_its_helper():
    """A card enters a hand's sums through ``evaluator._kernels.add_card`` (or
    ``rank_key_of`` for a rank alone), never by indexing the card tables in a kernel."""
    evaluator = SOURCE / "showdown" / "evaluator"
    report = []
    for path in sorted((SOURCE / "showdown").rglob("*_kernels.py")):
        if evaluator in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Subscript):
                continue
            table = node.value
            name = table.attr if isinstance(table, ast.Attribute) else getattr(table, "id", "")
            if name in {"card_key", "card_bit"}:
                report.append(f"{path.relative_to(SOURCE)}:{node.lineno}: {name}[...]")
    assert not report, "use evaluator._kernels.add_card instead:\n" + "\n".join(report)


#: Spellings of compile-time dispatch by argument type or literal value. Kernels are
#: specialised one way, by closure constants of a factory (``_jit``'s docstring);
#: ``_jit`` itself may keep the machinery.
SECOND_IDIOM_NAMES = {
    "overload_inline",
    "literally",
    "literal_value",
    "prefer_literal",
    "BooleanLiteral",
    "IntegerLiteral",
    "generated_jit",
}
SECOND_IDIOM_IMPORTS = {"overload", "overload_method", "generated_jit"}


def _second_idiom_uses(root: Path) -> list[str]:
    """``path:line: name`` of each use of a dispatch-by-type spelling under ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "_jit.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("numba"):
                names = {alias.name for alias in node.names} & SECOND_IDIOM_IMPORTS
            elif isinstance(node, ast.Name):
                names = {node.id} & SECOND_IDIOM_NAMES
            elif isinstance(node, ast.Attribute):
                names = {node.attr} & SECOND_IDIOM_NAMES
            else:
                continue
            found += [f"{path.relative_to(root)}:{node.lineno}: {name}" for name in sorted(names)]
    return found


def test_kernels_are_specialised_one_way():
    """A switch fixed when a kernel is made is a closure constant of a factory, never an
    ``overload`` picked by literal argument types: one idiom to read and to cache."""
    report = _second_idiom_uses(SOURCE / "showdown")
    assert not report, "specialise with a factory's closure constant instead:\n" + "\n".join(report)


def _switches_passed_to_numba_inlined_helpers(root: Path) -> list[str]:
    """``path:line: call`` of each call handing a ``True``/``False`` literal to a helper
    decorated ``@jit_inline`` under ``root``."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in root.rglob("*.py")}
    inlined = {
        node.name
        for tree in trees.values()
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(ast.unparse(decorator) == "jit_inline" for decorator in node.decorator_list)
    }
    found = []
    for path, tree in sorted(trees.items()):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            values = [*node.args, *(keyword.value for keyword in node.keywords)]
            literal = any(
                isinstance(value, ast.Constant) and isinstance(value.value, bool)
                for value in values
            )
            if node.func.id in inlined and literal:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_helpers_inlined_by_numba_take_no_switch_literals():
    """A helper numba inlines (``jit_inline``) is typed again at every call site, so a
    ``True``/``False`` it is handed there is a switch of the calling kernel: the helper
    comes from a factory with the switch as its closure constant instead. (A literal handed
    to an LLVM-inlined ``jit_llvm_inline`` helper is a value: that helper compiles once for
    every caller and LLVM folds the constant after inlining it.)"""
    report = _switches_passed_to_numba_inlined_helpers(SOURCE / "showdown")
    assert not report, "make the helper in a factory (see _jit):\n" + "\n".join(report)
