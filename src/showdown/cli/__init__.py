"""Command-line interface: the ``showdown`` click group and one module per command.

Nothing here may import numpy or numba at module level: ``showdown --help``
must answer without loading the kernels. Commands import the library inside
their callbacks.
"""

from .main import main

__all__ = ["main"]
