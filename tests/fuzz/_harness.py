"""Shared pieces of the fuzz suite: outcome counting, the error contract, profiles.

Every fuzzed call ends in one of three outcomes:

- ``ok``: a result, checked against an independent oracle by the test;
- ``clean``: a documented exception (``ValueError``, or ``TypeError`` where the
  function documents it for a wrong Python type) whose message names the input;
- ``bad``: anything else (another exception, a message that names nothing, a
  wrong answer). The tests fail on the first bad outcome.

Counts per entry point are printed at the end of a run that used the suite
(``tests/fuzz/conftest.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

#: outcome counts per entry point, e.g. COUNTS["evaluate"]["clean"]
COUNTS: dict[str, Counter[str]] = {}

#: (examples in the default run, examples under -m slow)
DEFAULT_EXAMPLES = 120
SLOW_EXAMPLES = 3_000

EXAMPLE_COUNTS = [
    pytest.param(DEFAULT_EXAMPLES, id="default"),
    pytest.param(SLOW_EXAMPLES, id="many", marks=pytest.mark.slow),
]


def fuzz_settings(examples: int) -> settings:
    """Seeded, bounded hypothesis settings (same inputs on every run)."""
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def record(entry: str, outcome: str) -> None:
    COUNTS.setdefault(entry, Counter())[outcome] += 1


def outcome_of(
    entry: str,
    call: Callable[[], Any],
    *,
    names: Iterable[str],
    check: Callable[[Any], None],
    type_errors: bool = False,
) -> Any:
    """Run ``call``; check a result with ``check`` or the error with the contract.

    ``names`` are strings of which at least one must appear in an error
    message (the argument's name, or the text the user typed).
    """
    allowed: tuple[type[BaseException], ...] = (
        (ValueError, TypeError) if type_errors else (ValueError,)
    )
    try:
        result = call()
    except allowed as error:
        message = str(error)
        wanted = [name for name in names if name]
        if not any(name in message for name in wanted):
            record(entry, "bad")
            raise AssertionError(
                f"{entry}: error message names none of {wanted!r}: {message!r}"
            ) from error
        record(entry, "clean")
        return None
    except BaseException:
        record(entry, "bad")
        raise
    try:
        check(result)
    except BaseException:
        record(entry, "bad")
        raise
    record(entry, "ok")
    return result
