"""Sphinx configuration: the guides in docs/*.md and an API reference from the docstrings.

Build with ``sphinx-build -W -b html docs docs/_build/html`` (warnings are errors, as in CI).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

project = "showdown"
author = "the showdown developers"
copyright = "2026, the showdown developers"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

# numpy-style docstrings only
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
napoleon_use_ivar = True  # class "Attributes" sections as fields, not duplicate entries
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": False}
# Optional extras are not needed to document the API.
autodoc_mock_imports = ["dask", "distributed", "matplotlib", "pandas", "tqdm"]

myst_heading_anchors = 3
html_theme = "alabaster"
html_title = "showdown"

# A parameter named like an attribute of two classes (``game``: Range.game and
# SimulationResult.game) is an ambiguous cross-reference to Sphinx, not a broken one.
suppress_warnings = ["ref.python"]
