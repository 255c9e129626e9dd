"""The compiled kernels' disk cache: keyed by the sources, and healing itself.

Part of :mod:`showdown._jit` (see its sections "The cache is keyed by the
sources" and "The cache heals itself"): :func:`cached` gives a numba dispatcher
:class:`HealingCache`, numba's per-kernel cache with its files in the digest
folder (:func:`showdown.cache.kernel_cache_folder`) and a damaged entry
discarded and compiled again instead of failing.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import logging
import os
import types
from typing import Any

import numba
import numba.core.caching
import numba.core.serialize

from .cache import kernel_cache_folder

__all__ = ["HealingCache", "cached"]

# ----------------------------------------------------------------------------- the cache folder


class _DigestLocator(
    numba.core.caching._SourceFileBackedLocatorMixin, numba.core.caching._CacheLocator
):
    """numba's locator for a kernel's cache files, in :func:`showdown.cache.kernel_cache_folder`.

    Inside the digest folder each source folder keeps numba's own sub-folder
    name, so kernels of the same name in two files never meet.
    """

    def __init__(self, py_func: Any, py_file: str) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        subpath = self.get_suitable_cache_subpath(py_file)
        self._cache_path = str(kernel_cache_folder() / subpath)

    def get_cache_path(self) -> str:
        return self._cache_path

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        try:
            kernel_cache_folder()
        except OSError:
            return None  # numba then reports "no locator available": run uncached
        return super().from_function(py_func, py_file)


class _DigestCacheImpl(numba.core.caching.CompileResultCacheImpl):
    _locator_classes = [_DigestLocator]  # noqa: RUF012 - numba's own class attribute


# ----------------------------------------------------------------------------- the disk cache
_log = logging.getLogger("showdown")
#: Whether the one line about the cache was logged in this process.
_cache_noted = False


def _note_cache(message: str) -> None:
    """Log ``message`` as a warning the first time, then only at debug level (one line)."""
    global _cache_noted
    _log.log(logging.DEBUG if _cache_noted else logging.WARNING, "showdown: %s", message)
    _cache_noted = True


class HealingCache(numba.core.caching.FunctionCache):
    """numba's per-kernel disk cache, made to discard a damaged entry instead of failing.

    Its files go to the digest folder (:class:`_DigestLocator`).
    """

    _impl_class = _DigestCacheImpl

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        try:
            return super().load_overload(sig, target_context)
        except Exception as error:  # truncated or garbled pickles, bad machine code, ...
            with contextlib.suppress(Exception):  # never fail here: compiling is the way out
                self._discard()
            _note_cache(
                f"discarded the damaged compiled cache of {self._py_func.__name__} "
                f"({type(error).__name__}: {error}); compiling it again"
            )
            return None  # numba compiles, then saves a fresh entry

    def save_overload(self, sig: Any, data: Any) -> None:
        try:
            super().save_overload(sig, data)
        except Exception as error:  # a full or read-only disk: the kernel still runs
            _note_cache(
                f"could not save the compiled {self._py_func.__name__} to numba's cache "
                f"({type(error).__name__}: {error}); it will compile again in the next process"
            )

    def _index_key(self, sig: Any, codegen: Any) -> Any:
        """numba's key, with a closure's compiled cells named instead of pickled.

        numba hashes a closure's cells pickled, and a compiled function pickles
        with an identity made afresh in every process: a kernel made by a factory
        (its steps bound as closure constants) would never be found again. A
        compiled cell is named by its module and qualified name instead; the
        folder's source digest already covers what the code of every one says.
        """
        closure = self._py_func.__closure__
        if closure is None:
            return super()._index_key(sig, codegen)
        cells = tuple(_stable_cell(cell.cell_contents) for cell in closure)
        code = self._py_func.__code__.co_code
        digest = hashlib.sha256(numba.core.serialize.dumps(cells)).hexdigest()
        return (sig, codegen.magic_tuple(), (hashlib.sha256(code).hexdigest(), digest))

    def _discard(self) -> None:
        """Delete this kernel's index and data files (a fresh index is written on save)."""
        base = glob.escape(os.path.join(self._cache_path, self._impl.filename_base))
        for path in glob.glob(base + ".nbi") + glob.glob(base + ".*.nbc"):
            with contextlib.suppress(OSError):  # gone already, or another process's race
                os.remove(path)


def _stable_cell(value: Any) -> Any:
    """A closure cell's value as the same bytes' worth in every process (see ``_index_key``).

    A function (compiled or not) is its module, qualified name and, for a
    closure, its own cells in turn: two closures of one factory differ by them.
    """
    if isinstance(value, tuple):
        return tuple(_stable_cell(item) for item in value)
    function = getattr(value, "py_func", value)
    if isinstance(function, types.FunctionType):
        cells = tuple(_stable_cell(cell.cell_contents) for cell in function.__closure__ or ())
        return (f"{function.__module__}.{function.__qualname__}", cells)
    return value


def cached(dispatcher: Any) -> Any:
    """``dispatcher`` with the healing disk cache, or uncached when no directory is writable."""
    if not hasattr(dispatcher, "enable_caching"):  # NUMBA_DISABLE_JIT: a plain function
        return dispatcher
    try:
        dispatcher._cache = HealingCache(dispatcher.py_func)
    except (RuntimeError, OSError) as error:  # numba: "no locator available"
        _note_cache(
            f"compiled kernels are not cached ({error}); set NUMBA_CACHE_DIR to a writable "
            "directory so that later runs start at once"
        )
    return dispatcher
