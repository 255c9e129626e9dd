"""The examples of docs/ranges.md run as doctests, so the reference never drifts from the code."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "ranges.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), re.DOTALL)


# One example samples 100,000 Omaha deals: over a minute as Python (JIT off).
@pytest.mark.needs_jit
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_block_runs(index: int) -> None:
    code = BLOCKS[index]
    assert ">>>" in code
    test = doctest.DocTestParser().get_doctest(code, {}, f"ranges.md block {index}", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
