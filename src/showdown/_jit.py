"""The one place numba options are set: decorators, threads, compile notices.

Every kernel module imports its decorators from here so caching, nogil and the
parallel flavour are decided once. Every kernel is cached: compiled machine
code goes to a folder of numba's cache named by a digest of the package's
sources, so a second process starts warm and an edited source never meets
code compiled from the old one.

Where the parts live
--------------------
This module sets the options and makes the decorators; the machinery behind
them is split by concept into private modules that import nothing from here:
``_jit_cache`` (the digest-keyed, healing disk cache), ``_jit_threads`` (the
launch lock, :class:`thread_limit`, :func:`resolve_threads`), ``_jit_python``
(the Python stand-ins with the JIT off) and ``_jit_notices``
(:func:`compile_notice`, :data:`COMPILE_SECONDS`). What the rest of the package
uses of them is imported from here (``from .._jit import thread_limit``), as
before the split.

The cache is keyed by the sources
---------------------------------
numba checks only a kernel's own file before loading it from its cache, but
kernels inline helpers and constants from other files (the rules core, the
compiled layout, the evaluator's lookup helpers): editing one of those left
the kernels that inline it running the old code, silently. Here every kernel
is cached under ``<base>/<digest>``, where ``digest`` covers every ``.py``
file of the package plus the Python, numpy, numba and llvmlite versions and
the CPU name (:func:`showdown.cache.source_digest`), and ``base`` is
``NUMBA_CACHE_DIR`` when set, else ``numba/`` in showdown's user cache folder
(the one the lookup tables use). Any edit gives a new folder, so everything recompiles once;
the folders of older digests are pruned, keeping the ``KEEP_DIGESTS``
most recently used. ``python -m showdown.cache info|clear`` shows and
empties them.

The cache heals itself
----------------------
numba reads its cache files with ``pickle`` and lets any failure escape from
the kernel's first call, in every process, until someone deletes the file: a
truncated index (``.nbi``) or a garbled data file (``.nbc``), left by a full
disk or a killed writer, turned every later run into a traceback (or a bare
"Aborted!" from the command line, for an ``EOFError``). Here a kernel's cache
entry that fails to load is deleted (its index and data files) and the
kernel compiled again and re-saved, with a one-line log message
(logger ``showdown``). When numba finds no directory it can write to, kernels
run uncached (compiled in every process) with the same one-line message,
instead of failing at import.

Running without the compiler
----------------------------
With ``NUMBA_DISABLE_JIT=1`` numba hands every decorated function back as
plain Python, so kernels can be stepped through in a debugger and measured
for coverage (slowly). The few numba features that have no Python meaning
get a Python stand-in here, chosen once: LLVM intrinsics (:func:`intrinsic`,
and the bit counts :func:`leading_zeros` and :func:`trailing_zeros`) and the
dispatcher's ``py_func`` attribute.

Threading layer
---------------
Parallel kernels run on numba's **workqueue** layer, with a process-wide lock
around each parallel kernel launch. Measured on the 2-core machine (see
``docs/evaluator.md`` for the table): numba's default here, GNU OpenMP,
spin-waits between launches (200 launches of 60,000 hands: 1.3 s instead of
0.1 s, and CPU burnt while idle) and a ``fork()`` after any parallel call
kills or hangs the child (``multiprocessing`` with the fork start method).
Workqueue sleeps when idle (0.1 ms CPU per idle second), survives ``fork()``,
and runs ``evaluate`` and ``category_counts(7)`` at two threads as fast as
OpenMP or TBB. It is not thread-safe (two Python threads launching at once
abort the process), hence the lock: concurrent calls from several Python
threads take turns, each still using every numba thread. TBB (``pip install
tbb``) was as good but is a 7 MB binary dependency that, installed in a venv,
numba finds only with ``LD_LIBRARY_PATH`` set; the core stays numpy + numba +
click. A user who sets ``NUMBA_THREADING_LAYER`` keeps their choice.

Reference counts
----------------
A kernel compiled with numba's runtime counts references to every array it
hands on, copies or reads out of a tuple, with an atomic update of the
array's owner; in a hot loop, an inlined helper taking arrays pays one pair
per array per call (measured, the evaluator's lookup as such a helper: about 9
times slower per hand with three arrays, 40 times with the tables tuple, than
written out). One strategy throughout: such a kernel hands helpers
``unowned(tuple)`` (:mod:`showdown._views`: the same arrays with no owner,
whose counts compile to nothing), made once before its loops; helpers take the
tables, spot or scratch arrays as one tuple (measured: as fast as written out).
``jit_kernel`` kernels, compiled without the runtime, need nothing.

Compile notices
---------------
numba fires a ``numba:compile`` event only when it really compiles (not when
it loads a cached kernel). :func:`compile_notice` listens for it so a caller
can say once, before a long silent wait, what is compiling and for about how
long (:data:`COMPILE_SECONDS` holds the measured estimates, one per kernel).

One way to specialise a kernel
------------------------------
A switch fixed when a kernel is made (the game, hi-lo, per-combo counters)
is a closure constant: a module-level factory ``_make_<kernel>(switch, ...)``
defines the kernel inside, reads the switch (or a per-game inline helper)
from the enclosing scope and returns it decorated; the module calls it once
per variant. numba drops an ``if switch:`` on a closure constant before
typing, so a variant compiles only its own branches and helpers, and with
the JIT off the factory is plain Python. Switches are not passed as literal
arguments nor chosen by numba ``overload`` factories; a suite rule rejects
their spellings outside this module.

A factory's kernel is cached like a module-level one: numba keys a closure by
its cells pickled, and a compiled helper pickles with an identity new in every
process, so :class:`~showdown._jit_cache.HealingCache` names compiled cells by
module and qualified name instead (the folder's source digest covers their
code). Large helpers are better called than inlined: numba's inliner copies
a function's whole scope once per block of it, seconds for a kernel-sized body.

A helper numba inlines (``jit_inline``) is typed again at each call site, so
a ``True``/``False`` handed to it there would be a kernel's switch by another
spelling: such a helper comes from a factory too (the evaluator's row walks,
full deck and short deck), and a suite rule rejects the literal. A literal
handed to an LLVM-inlined helper (``jit_llvm_inline``) is a value of that call:
the helper compiles once for all its callers and LLVM folds the constant where
it inlines it (a betting round's ``keep_bets``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

import numba
from numba.cpython.unsafe import numbers as _numba_bits
from numba.extending import intrinsic as numba_intrinsic

from ._jit_cache import cached
from ._jit_notices import (
    COMPILE_SECONDS,
    UNKNOWN_COMPILE_SECONDS,
    compile_message,
    compile_notice,
    estimate_compile_seconds,
)
from ._jit_python import (
    python_kernel,
    python_leading_zeros,
    python_trailing_zeros,
)
from ._jit_threads import LockedKernel, max_threads, resolve_threads, thread_limit

__all__ = [
    "COMPILE_SECONDS",
    "JIT_DISABLED",
    "THREADING_LAYER",
    "UNKNOWN_COMPILE_SECONDS",
    "compile_message",
    "compile_notice",
    "estimate_compile_seconds",
    "intrinsic",
    "jit",
    "jit_inline",
    "jit_kernel",
    "jit_llvm_inline",
    "jit_parallel",
    "jit_step",
    "leading_zeros",
    "max_threads",
    "prange",
    "resolve_threads",
    "thread_limit",
    "trailing_zeros",
]

#: True when ``NUMBA_DISABLE_JIT`` is set: kernels run as plain Python.
JIT_DISABLED = bool(numba.config.DISABLE_JIT)  # type: ignore[attr-defined]

# fastmath is off on purpose: kernels are integer code and results must be bit-exact.
# Caching is switched on by _jit_cache.cached(): numba's own cache=True cannot heal.
_COMMON: dict[str, Any] = {"nogil": True, "fastmath": False, "boundscheck": False}

#: Threading layer used unless the user chose one with NUMBA_THREADING_LAYER.
THREADING_LAYER = "workqueue"
if not os.environ.get("NUMBA_THREADING_LAYER"):
    numba.config.THREADING_LAYER = THREADING_LAYER  # type: ignore[attr-defined]


def _compiler(**options: Any) -> Callable[[Callable[..., Any]], Any]:
    """A decorator compiling with ``options`` on top of :data:`_COMMON`, cached.

    With the JIT off the function comes back to run as Python
    (:func:`~showdown._jit_python.python_kernel`).
    """
    compile_with = numba.njit(**_COMMON, **options)

    def decorate(function: Callable[..., Any]) -> Any:
        if JIT_DISABLED:
            return python_kernel(function)
        return cached(compile_with(function))

    return decorate


def _parallel(function: Callable[..., Any]) -> LockedKernel:
    return LockedKernel(_compiler(parallel=True)(function))


#: Serial kernels.
jit = _compiler()
#: Kernels whose outer loop is a ``prange``; thread count via :class:`thread_limit`.
#: Calls from Python take the launch lock (workqueue is not thread-safe).
jit_parallel = _parallel
#: Small helpers inlined into the kernels that call them (avoids call overhead).
#: Arrays passed to them cost reference counts unless unowned (module docstring).
jit_inline = _compiler(inline="always")
#: Helpers inlined by LLVM (``alwaysinline``) into the compiled functions that call
#: them: compiled once each, no call overhead, no reference counts across the call.
#: Cheaper to compile than numba's ``inline="always"`` (which re-types the body at
#: every call site).
jit_llvm_inline = _compiler(forceinline=True)
_NO_RUNTIME: dict[str, Any] = {"_nrt": False}
#: Serial kernels compiled without numba's runtime: no reference counting, so
#: arrays handed to inlined helpers inside a hot loop cost nothing (the
#: incref/decref pairs above), but also no allocation: callers pass every
#: scratch array in. Run them from a Python thread pool (they release the GIL)
#: for parallel work: no threading layer, no launch lock.
jit_kernel = _compiler(**_NO_RUNTIME)
#: ``jit_kernel`` steps that only other kernels call: no wrappers for calls from
#: Python, whose unboxing of tuple arguments (a spot, scratch arrays) cost compile time.
jit_step = _compiler(**_NO_RUNTIME, no_cpython_wrapper=True, no_cfunc_wrapper=True)


def intrinsic(codegen: Callable[..., Any] | None = None, *, python: Callable[..., Any]) -> Any:
    """``numba.extending.intrinsic(codegen)``, or ``python`` (the same job) with the JIT off.

    Also a decorator: ``@intrinsic(python=fallback)`` over the typing function.
    """
    if codegen is None:
        return functools.partial(intrinsic, python=python)
    return python if JIT_DISABLED else numba_intrinsic(codegen)


# numba's bit-count intrinsics live in a private module: see the numba pin in pyproject.toml.
#: Count of leading zero bits of an integer (its width for zero).
leading_zeros: Any = python_leading_zeros if JIT_DISABLED else _numba_bits.leading_zeros
#: Count of trailing zero bits of an integer (its width for zero).
trailing_zeros: Any = python_trailing_zeros if JIT_DISABLED else _numba_bits.trailing_zeros

prange = numba.prange
