"""README's examples run in exactly the environments its install lines create (slow: it builds
two fresh virtualenvs with pip, so it needs the package index or a warm pip cache).

The command-line examples run after the first install line alone (``pip install -e .``); the
Python examples after the notebook install line. A missing dependency (pandas for a table,
matplotlib for a plot) fails here even when the development environment happens to have it.
"""

from __future__ import annotations

import doctest
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from test_readme import (  # tests/ is on sys.path (rootdir-relative import mode)
    DOCUMENTS,
    FLAGS,
    INSTALL,
    README,
    ROOT,
    _blocks,
    _console_commands,
    _install_blocks,
)

pytestmark = pytest.mark.slow


def _install(block: str, where: Path) -> Path:
    """Run one README install line with its virtualenv created under ``where``; returns bin/."""
    steps = [step.strip() for step in block.split("&&")]
    assert steps[0] == INSTALL
    venv = where / ".venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = shlex.split(steps[1])
    assert pip[0] == ".venv/bin/pip", pip
    done = subprocess.run(
        [str(venv / "bin" / "pip"), *pip[1:], "--quiet"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return venv / "bin"


def _environment(bin_dir: Path) -> dict[str, str]:
    # Only the new virtualenv on PATH, and no PYTHONPATH leaking the test environment in.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["PATH"] = f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin"
    env["COLUMNS"] = "100"
    return env


def test_command_line_examples_after_the_first_install_line(tmp_path: Path) -> None:
    bin_dir = _install(_install_blocks()[0], tmp_path)
    checker = doctest.OutputChecker()
    for where, code in _blocks("console", [README]):
        for command, expected in _console_commands(code):
            words = shlex.split(command)
            done = subprocess.run(
                [str(bin_dir / "showdown"), *words[1:]],
                cwd=tmp_path,
                capture_output=True,
                text=True,
                timeout=900,
                env=_environment(bin_dir),
                check=False,
            )
            assert done.returncode == 0, f"{where}: {command}\n{done.stderr}"
            assert checker.check_output(expected, done.stdout, FLAGS), (
                f"{where}: $ {command}\n{done.stdout}"
            )


def test_python_examples_after_the_notebook_install_line(tmp_path: Path) -> None:
    bin_dir = _install(_install_blocks()[2], tmp_path)
    blocks = _blocks("pycon", DOCUMENTS)
    assert blocks
    runner = tmp_path / "run_examples.py"
    runner.write_text(
        "import doctest, json, sys\n"
        "blocks = json.load(open(sys.argv[1]))\n"
        "failures = []\n"
        "for where, code in blocks:\n"
        "    parser = doctest.DocTestParser()\n"
        "    test = parser.get_doctest(code, {'__name__': 'readme'}, where, None, 0)\n"
        f"    runner = doctest.DocTestRunner(optionflags={FLAGS})\n"
        "    out = []\n"
        "    runner.run(test, out=out.append)\n"
        "    if runner.summarize(verbose=False).failed:\n"
        "        failures.append(''.join(out))\n"
        "print('\\n'.join(failures))\n"
        "sys.exit(1 if failures else 0)\n",
        encoding="utf-8",
    )

    listing = tmp_path / "blocks.json"
    listing.write_text(json.dumps(blocks), encoding="utf-8")
    done = subprocess.run(
        [str(bin_dir / "python"), str(runner), str(listing)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=1800,
        env=_environment(bin_dir),
        check=False,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
