"""Every code block of README.md, docs/cli.md and docs/python.md is executed here, so the
documentation cannot drift from the code.

- ``pycon`` blocks are doctests (each block on its own, in a fresh namespace);
- ``console`` blocks are ``$ showdown ...`` commands with their output, run through
  ``python -m showdown`` and compared line by line (``...`` matches anything, as in doctests);
- ``bash`` blocks: README's install commands (the blocks that start with ``python3 -m venv``)
  are checked against what CI runs (the test command is exactly the one ``.ci/run`` calls) and
  their ``showdown`` part is run; every other ``showdown`` line is run in a scratch directory and
  must succeed; ``pytest benchmarks/...`` lines name benchmark files that exist; a block that
  starts a Dask cluster runs its ``showdown`` line against a local cluster instead (skipped
  without the ``dask`` extra).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCUMENTS = [README, ROOT / "docs" / "cli.md", ROOT / "docs" / "python.md"]
INSTALL = "python3 -m venv .venv"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _blocks(language: str, documents: list[Path] = DOCUMENTS) -> list[tuple[str, str]]:
    """``(where, code)`` of every block fenced with ``language``; ``where`` is ``file:line``."""
    found = []
    for document in documents:
        text = document.read_text(encoding="utf-8")
        name = document.relative_to(ROOT).as_posix()
        for match in FENCE.finditer(text):
            if match.group(1) == language:
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{name}:{line}", match.group(2)))
    return found


def _ids(blocks: list[tuple[str, str]]) -> list[str]:
    return [where for where, _ in blocks]


def _showdown(arguments: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "showdown", *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "COLUMNS": "100"},
        check=False,
    )


@pytest.mark.parametrize("document", DOCUMENTS, ids=[d.name for d in DOCUMENTS])
def test_document_has_only_known_kinds_of_block(document: Path) -> None:
    # A renamed fence would silently drop a block from the checks below.
    kinds = {match.group(1) for match in FENCE.finditer(document.read_text(encoding="utf-8"))}
    assert kinds <= {"pycon", "console", "bash"}, kinds
    assert _blocks("pycon", [README]) and _blocks("console", [README])
    assert _blocks("bash", [README])


@pytest.mark.parametrize(("where", "code"), _blocks("pycon"), ids=_ids(_blocks("pycon")))
def test_python_block(where: str, code: str) -> None:
    parser = doctest.DocTestParser()
    line = int(where.rsplit(":", 1)[1])
    test = parser.get_doctest(code, {"__name__": "readme"}, where, None, line)
    assert test.examples, "a pycon block without >>> examples"
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    lines: list[str] = []
    runner.run(test, out=lines.append)
    failed, _ = runner.summarize(verbose=False)
    assert failed == 0, "".join(lines)


def _console_commands(code: str) -> list[tuple[str, str]]:
    """``(command, expected output)`` pairs of a console block."""
    commands: list[tuple[str, list[str]]] = []
    for text_line in code.splitlines():
        if text_line.startswith("$ "):
            commands.append((text_line[2:], []))
        elif commands:
            commands[-1][1].append(text_line)
    return [(command, "\n".join(output).strip("\n") + "\n") for command, output in commands]


@pytest.mark.parametrize(("where", "code"), _blocks("console"), ids=_ids(_blocks("console")))
def test_console_block(where: str, code: str, tmp_path: Path) -> None:
    commands = _console_commands(code)
    assert commands, f"{where}: a console block without $ commands"
    checker = doctest.OutputChecker()
    for command, expected in commands:
        words = shlex.split(command)
        assert words[0] == "showdown", command
        done = _showdown(words[1:], tmp_path)
        assert done.returncode == 0, f"{command}\n{done.stderr}"
        if not checker.check_output(expected, done.stdout, FLAGS):
            pytest.fail(f"{where}: $ {command}\nexpected:\n{expected}\ngot:\n{done.stdout}")


def _install_blocks() -> list[str]:
    """README's install commands: the bash blocks that create a virtualenv."""
    return [code.strip() for _, code in _blocks("bash", [README]) if code.startswith(INSTALL)]


def _quick_start() -> list[str]:
    """The two quick-start commands: the first two install blocks."""
    return _install_blocks()[:2]


def test_install_blocks() -> None:
    # The main job, the tests, and the install line of the Python examples.
    blocks = _install_blocks()
    assert len(blocks) == 3, blocks
    steps = [step.strip() for step in blocks[2].split("&&")]
    assert steps == [INSTALL, '.venv/bin/pip install -e ".[notebook]"'], steps


def test_quick_start_main_job_runs(tmp_path: Path) -> None:
    install, _ = _quick_start()
    steps = [step.strip() for step in install.split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    assert steps[1].startswith(".venv/bin/pip install -e .")
    assert steps[2].startswith(".venv/bin/showdown equity ")
    done = _showdown(shlex.split(steps[2])[1:], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "exact" in done.stdout and "equity" in done.stdout


def test_quick_start_test_command_is_what_ci_runs() -> None:
    _, tests = _quick_start()
    steps = [step.strip() for step in tests.split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    extras = re.fullmatch(r'\.venv/bin/pip install -e "\.\[([\w,]+)\]"', steps[1])
    assert extras, steps[1]
    assert steps[2].startswith(".venv/bin/pytest"), steps[2]
    command = steps[2].removeprefix(".venv/bin/")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"\nstep tests {command}\n" in ci  # exactly the README's test command
    for extra in extras.group(1).split(","):  # CI installs at least what README asks for
        assert re.search(rf'pip install --quiet -e "\.\[[\w,]*\b{extra}\b', ci), extra


def _other_bash_blocks() -> list[tuple[str, str]]:
    return [(where, code) for where, code in _blocks("bash") if not code.startswith(INSTALL)]


@pytest.mark.parametrize(("where", "code"), _other_bash_blocks(), ids=_ids(_other_bash_blocks()))
def test_bash_block(where: str, code: str, tmp_path: Path) -> None:
    commands = [text.split("  #")[0].split(" # ")[0].strip() for text in code.splitlines()]
    commands = [command for command in commands if command and not command.startswith("#")]
    if any(command.startswith("dask ") for command in commands):
        _run_against_local_cluster(commands, tmp_path)
        return
    if all(command.startswith("pytest benchmarks/") for command in commands):
        # Benchmarks take minutes: check that the files named exist and collect.
        for command in commands:
            path = shlex.split(command)[1]
            assert (ROOT / path).exists(), f"{where}: {command}"
        return
    assert commands and all(command.startswith("showdown ") for command in commands), code
    for command in commands:
        done = _showdown(shlex.split(command)[1:], tmp_path)
        assert done.returncode == 0, f"{where}: {command}\n{done.stderr}"


def _run_against_local_cluster(commands: list[str], tmp_path: Path) -> None:
    """``dask scheduler`` / ``dask worker`` lines are Dask's own commands (checked to exist);
    the ``showdown`` lines run against a local cluster's scheduler address instead."""
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    dask_lines = [command for command in commands if command.startswith("dask ")]
    for command in dask_lines:
        words = shlex.split(command)
        assert words[1] in {"scheduler", "worker"}, command
    showdown_lines = [command for command in commands if command.startswith("showdown ")]
    assert showdown_lines, commands
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True) as cluster:
        for command in showdown_lines:
            words = shlex.split(command)
            where = words.index("--scheduler")
            words[where + 1] = cluster.scheduler_address
            done = _showdown(words[1:], tmp_path)
            assert done.returncode == 0, f"{command}\n{done.stderr}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=[d.name for d in DOCUMENTS])
def test_each_section_appears_once(document: Path) -> None:
    # A bad splice once pasted half the README twice; every test above still passed.
    text = document.read_text(encoding="utf-8")
    outside_code = FENCE.sub("", text)
    sections = [line for line in outside_code.splitlines() if line.startswith("## ")]
    assert len(sections) == len(set(sections)), sections


def test_relative_links_resolve() -> None:
    # Content moved between README and docs/ must not leave links pointing nowhere.
    link = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
    for document in [README, *sorted((ROOT / "docs").glob("*.md")), ROOT / "CONTRIBUTING.md"]:
        for target in link.findall(FENCE.sub("", document.read_text(encoding="utf-8"))):
            if "://" in target:
                continue
            assert (document.parent / target).exists(), f"{document.name}: {target}"


def test_install_hints_work_from_a_clone() -> None:
    # The package is not on PyPI: "pip install 'showdown[plot]'" fails from a clone, while
    # "pip install -e '.[plot]'" works. Every hint in code, docs and README says the latter.
    wrong = re.compile(r"pip install ['\"]?showdown\[")
    sources = [*sorted((ROOT / "src").rglob("*.py")), *sorted((ROOT / "docs").glob("*.md"))]
    for path in [README, ROOT / "CONTRIBUTING.md", *sources]:
        text = path.read_text(encoding="utf-8")
        assert not wrong.search(text), path.relative_to(ROOT)
