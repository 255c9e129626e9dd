"""Kernels made by a factory (steps bound as closure constants) are cached across processes.

numba keys a cached closure by its cells pickled, and a compiled function
pickles with an identity made afresh in each process, so such a kernel used to
compile again in every process. ``showdown._jit_cache`` names compiled cells
instead. Two closures of one factory share a name and a cache file: their steps
must still tell them apart (a wrong key would load the other one's code).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from showdown import _jit, _jit_cache

pytestmark = pytest.mark.skipif(_jit.JIT_DISABLED, reason="compiles kernels in other processes")

#: A module with one factory and two kernels it makes, alike but for their step.
FACTORY = textwrap.dedent(
    """
    from showdown._jit import jit, jit_inline


    @jit_inline
    def add_one(value):
        return value + 1


    @jit_inline
    def add_two(value):
        return value + 2


    def make(step, offset):
        def kernel(value):
            return step(value) * 10 + offset

        return jit(kernel)


    one = make(add_one, 0)
    two = make(add_two, 0)
    two_and_five = make(add_two, 5)
    """
)

SCRIPT = textwrap.dedent(
    """
    import json
    from showdown import _jit
    import factory
    with _jit.compile_notice(lambda name: None) as compiled:
        values = [factory.one(1), factory.two(1), factory.two_and_five(1)]
    print(json.dumps({"values": values, "compiled": compiled()}))
    """
)


def _run(folder: Path, cache: Path) -> dict[str, object]:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("NUMBA_DISABLE_JIT", "NUMBA_CACHE_LOCATOR_CLASSES")
    }
    environment["NUMBA_CACHE_DIR"] = str(cache)
    environment["PYTHONPATH"] = os.pathsep.join([str(folder), *sys.path])
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=environment,
        cwd=folder,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_factory_kernels_load_from_the_cache_in_a_new_process_each_its_own(tmp_path: Path) -> None:
    (tmp_path / "factory.py").write_text(FACTORY, encoding="utf-8")
    cache = tmp_path / "cache"
    first = _run(tmp_path, cache)
    assert first == {"values": [20, 30, 35], "compiled": True}
    # A new process: all three load (nothing compiles), each with its own step and offset.
    second = _run(tmp_path, cache)
    assert second == {"values": [20, 30, 35], "compiled": False}


def test_compiled_cells_are_named_and_other_cells_kept() -> None:
    from showdown.equity.exact import _omaha_class_kernels as omaha

    named = _jit_cache._stable_cell(omaha._ranks)
    assert named == ("showdown.equity.exact._omaha_class_kernels._ranks", ())
    assert _jit_cache._stable_cell((3, "x")) == (3, "x")

    def closure() -> int:
        return named_offset

    named_offset = 4
    assert _jit_cache._stable_cell(closure)[1] == (4,)
