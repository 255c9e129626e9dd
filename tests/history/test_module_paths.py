"""The history modules' names stay where users import them from.

The basic types live in ``showdown.history.base`` and the store's reading half in a
module below the reader (so no two history modules import each other); the paths
they had before still give the same objects.
"""

from __future__ import annotations

import importlib

import pytest

import showdown.history
from showdown.history import base

#: Module -> names it exported before the basic types and the store's reading moved.
EXPORTED = {
    "showdown.history.reader": (
        "STORE_MANIFEST", "BadHand", "BadHandError", "BadHandWarning", "PathsLike",
        "ReadReport", "expand_paths", "hands", "is_store",
    ),
    "showdown.history.store": (
        "FORMAT", "VERSION", "read_store", "read_store_players", "store_histories",
        "write_store",
    ),
    "showdown.history.analyze": (
        "CATEGORY_COLUMNS", "HAND_COLUMNS", "Analysis", "FilePart", "analyze", "file_part",
    ),
}  # fmt: skip


@pytest.mark.parametrize("module_name", sorted(EXPORTED))
def test_old_import_paths_still_export_their_names(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert set(EXPORTED[module_name]) <= set(module.__all__)
    for name in EXPORTED[module_name]:
        assert hasattr(module, name), f"{module_name}.{name}"


def test_the_basic_types_are_one_object_wherever_imported() -> None:
    from showdown.history import reader

    # The reader exports every basic type (its list is base's, not a copy of it).
    for name in base.__all__:
        assert name in reader.__all__, name
        assert getattr(reader, name) is getattr(base, name), name
    for name in ("BadHand", "BadHandError", "BadHandWarning", "ReadReport", "expand_paths"):
        assert getattr(showdown.history, name) is getattr(base, name), name


def test_the_package_exports_what_it_did() -> None:
    assert showdown.history.__all__ == [
        "Analysis", "BadHand", "BadHandError", "BadHandWarning", "ReadReport", "analyze",
        "expand_paths", "hands", "plot",
    ]  # fmt: skip
