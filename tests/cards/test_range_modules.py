"""The range code stays in modules of one concept each, and its public names keep working."""

from __future__ import annotations

from pathlib import Path

import showdown.cards
from showdown.cards import ranges

CARDS = Path(showdown.cards.__file__).resolve().parent

#: The house limit: split a module before it passes about 600 lines.
MAX_LINES = 600


def test_no_cards_module_is_over_the_line_limit() -> None:
    lengths = {path.name: len(path.read_text("utf-8").splitlines()) for path in CARDS.glob("*.py")}
    assert lengths  # the glob found the package
    assert {name: count for name, count in lengths.items() if count > MAX_LINES} == {}


def test_public_names_of_the_ranges_module_still_import() -> None:
    for name in ranges.__all__:
        assert getattr(ranges, name) is not None
    from showdown.cards.ranges import (  # noqa: F401 - the import is the test
        RANDOM_WORDS,
        HandRange,
        is_random_text,
        parse_generic_range,
        parse_hand_or_range,
        parse_range,
    )

    assert ranges.HandRange is showdown.cards.HandRange
    assert len(parse_range("QQ+, AKs")) == 22
    assert len(parse_hand_or_range("AA:xxyy", 4)) == 864
