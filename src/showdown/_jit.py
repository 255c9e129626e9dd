"""The one place numba options are set: decorators, threads, compile notices.

Every kernel module imports its decorators from here so caching, nogil and the
parallel flavour are decided once. Every kernel is cached: compiled machine
code goes to a folder of numba's cache named by a digest of the package's
sources, so a second process starts warm and an edited source never meets
code compiled from the old one.

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
get a Python stand-in here, chosen once: compile-time dispatch
(:data:`overload_inline`), LLVM intrinsics (:func:`intrinsic`, and the bit
counts :func:`leading_zeros` and :func:`trailing_zeros`), and the
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
arguments nor chosen by ``overload`` factories (:data:`overload_inline`);
a suite rule rejects the latter's spellings outside this module.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import logging
import numbers
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numba
import numba.core.caching
import numba.core.event
import numpy as np
from numba.core import types as numba_types
from numba.cpython.unsafe import numbers as _numba_bits
from numba.extending import intrinsic as numba_intrinsic
from numba.extending import overload

from .cache import kernel_cache_folder

#: True when ``NUMBA_DISABLE_JIT`` is set: kernels run as plain Python.
JIT_DISABLED = bool(numba.config.DISABLE_JIT)  # type: ignore[attr-defined]

# fastmath is off on purpose: kernels are integer code and results must be bit-exact.
# Caching is switched on by _cached() below (numba's own cache=True cannot heal).
_COMMON: dict[str, Any] = {"nogil": True, "fastmath": False, "boundscheck": False}

#: Threading layer used unless the user chose one with NUMBA_THREADING_LAYER.
THREADING_LAYER = "workqueue"
if not os.environ.get("NUMBA_THREADING_LAYER"):
    numba.config.THREADING_LAYER = THREADING_LAYER  # type: ignore[attr-defined]

# Re-entrant so a kernel launched while another thread_limit block is open in
# the same thread does not deadlock; reset in a forked child, whose copy may be
# held by a thread that does not exist there.
_LAUNCH_LOCK = threading.RLock()


def _reset_lock_after_fork() -> None:
    global _LAUNCH_LOCK
    _LAUNCH_LOCK = threading.RLock()


os.register_at_fork(after_in_child=_reset_lock_after_fork)


class _LockedKernel:
    """A ``parallel=True`` dispatcher whose Python-level calls take the launch lock.

    Attribute access (``py_func``, ``signatures``, ``inspect_llvm`` ...) goes
    to the dispatcher itself.
    """

    def __init__(self, dispatcher: Any) -> None:
        self.dispatcher = dispatcher
        self.__doc__ = dispatcher.__doc__
        self.__name__ = dispatcher.py_func.__name__
        self.__wrapped__ = dispatcher.py_func  # JIT off: the function itself (see _compiler)

    def __call__(self, *args: Any) -> Any:
        with _LAUNCH_LOCK:
            return self.dispatcher(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.dispatcher, name)


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


class _HealingCache(numba.core.caching.FunctionCache):
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

    def _discard(self) -> None:
        """Delete this kernel's index and data files (a fresh index is written on save)."""
        base = glob.escape(os.path.join(self._cache_path, self._impl.filename_base))
        for path in glob.glob(base + ".nbi") + glob.glob(base + ".*.nbc"):
            with contextlib.suppress(OSError):  # gone already, or another process's race
                os.remove(path)


def _cached(dispatcher: Any) -> Any:
    """``dispatcher`` with the healing disk cache, or uncached when no directory is writable."""
    if not hasattr(dispatcher, "enable_caching"):  # NUMBA_DISABLE_JIT: a plain function
        return dispatcher
    try:
        dispatcher._cache = _HealingCache(dispatcher.py_func)
    except (RuntimeError, OSError) as error:  # numba: "no locator available"
        _note_cache(
            f"compiled kernels are not cached ({error}); set NUMBA_CACHE_DIR to a writable "
            "directory so that later runs start at once"
        )
    return dispatcher


def _compiler(**options: Any) -> Callable[[Callable[..., Any]], Any]:
    """A decorator compiling with ``options`` on top of :data:`_COMMON`, cached.

    With the JIT off the function comes back to run as Python
    (:func:`_python_kernel`).
    """
    compile_with = numba.njit(**_COMMON, **options)

    def decorate(function: Callable[..., Any]) -> Any:
        if JIT_DISABLED:
            return _python_kernel(function)
        return _cached(compile_with(function))

    return decorate


def _python_kernel(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` run as Python, with numba's integer arithmetic (JIT off).

    Two differences between numba and numpy scalars matter to the kernels:

    - numba computes on integers narrower than 64 bits at 64 bits (a card
      read from a ``uint8`` array, shifted left by 12, keeps its bits), numpy
      keeps the narrow type and loses them. So at the outermost kernel call
      every narrow integer array among the arguments (tuples of them
      included) is handed over as an ``int64`` copy, and written back
      (wrapping, as numba stores do) when the call returns; helpers called
      inside get the wide arrays as they are. The same array passed twice is
      copied once, so the kernel still sees one array; an array whose memory
      another argument also reaches (a ``uint8`` deck and its ``uint64``
      words) stays as it is, or writes through one would miss the other.
    - fixed-width integers wrap silently in compiled code (the random number
      generators and hashes rely on it); numpy warns, so the warning is
      switched off inside.

    ``py_func`` is the function itself, as on a dispatcher.
    """

    @functools.wraps(function)
    def run(*args: Any) -> Any:
        if getattr(_PYTHON_CALLS, "inside", False):
            return function(*args)
        copies = _wide_copies(args)
        wide = [_widened(argument, copies) for argument in args]
        _PYTHON_CALLS.inside = True
        try:
            with np.errstate(over="ignore"):
                return function(*wide)
        finally:
            _PYTHON_CALLS.inside = False
            for original, copy in copies.values():
                if original.flags.writeable:
                    np.copyto(original, copy, casting="unsafe")

    run.py_func = function  # type: ignore[attr-defined]
    return run


#: Per Python thread: whether a kernel run as Python is on the stack (JIT off).
_PYTHON_CALLS = threading.local()


def _arrays_in(value: Any) -> Iterator[np.ndarray]:
    if isinstance(value, np.ndarray):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _arrays_in(item)


def _wide_copies(args: tuple[Any, ...]) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """``int64`` copies of the narrow integer arrays among ``args`` that share no memory."""
    arrays = list({id(array): array for array in _arrays_in(args)}.values())
    copies = {}
    for array in arrays:
        if array.dtype.kind not in "iu" or array.dtype.itemsize >= 8:
            continue
        if any(other is not array and np.may_share_memory(array, other) for other in arrays):
            continue
        copies[id(array)] = (array, array.astype(np.int64))
    return copies


def _widened(value: Any, copies: dict[int, tuple[np.ndarray, np.ndarray]]) -> Any:
    """``value`` with its arrays replaced by their ``copies`` and narrow scalars as ``int64``."""
    if isinstance(value, np.ndarray):
        return copies[id(value)][1] if id(value) in copies else value
    if isinstance(value, tuple):
        items = [_widened(item, copies) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if isinstance(value, np.integer) and value.dtype.itemsize < 8:
        return np.int64(value)
    return value


def _parallel(function: Callable[..., Any]) -> _LockedKernel:
    return _LockedKernel(_compiler(parallel=True)(function))


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


def overload_inline(stub: Callable[..., Any]) -> Callable[[Callable[..., Any]], Any]:
    """Compile-time dispatch: ``@overload_inline(stub)`` over an implementation factory.

    The factory picks an implementation from the argument types, constants
    included (``True`` arrives as a literal), so a kernel compiles only the
    branch it uses (untaken ``if`` branches on a constant are still compiled
    by numba). ``stub`` is a module-level function that kernels call.

    With the JIT off there is no compiler to consult the factory, so the
    stub's module gets, under the stub's name, a function that asks the
    factory at each call with the arguments' numba types (bools and integers
    as literals) and runs what it returns. Kernels look the stub up by name
    when they run, so they reach it; register right after the stub.
    """
    if not JIT_DISABLED:
        return overload(stub, inline="always", prefer_literal=True)

    def register(factory: Callable[..., Any]) -> Callable[..., Any]:
        setattr(sys.modules[stub.__module__], stub.__name__, _python_dispatch(stub, factory))
        return factory

    return register


def _python_dispatch(stub: Callable[..., Any], factory: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(stub)
    def dispatch(*args: Any) -> Any:
        implementation = factory(*(_numba_type(argument) for argument in args))
        if implementation is None:
            raise TypeError(f"{stub.__name__}: no implementation for these arguments")
        return implementation(*args)

    return dispatch


def _numba_type(value: Any) -> Any:
    """The type numba would give ``value`` as an argument (constants as literals)."""
    if isinstance(value, (bool, np.bool_)):
        return numba_types.literal(bool(value))
    if isinstance(value, (int, np.integer)):
        return numba_types.literal(int(value))
    try:
        return numba.typeof(value)
    except ValueError:  # not a type numba knows: factories that ignore it still work
        return numba_types.pyobject


def intrinsic(codegen: Callable[..., Any] | None = None, *, python: Callable[..., Any]) -> Any:
    """``numba.extending.intrinsic(codegen)``, or ``python`` (the same job) with the JIT off.

    Also a decorator: ``@intrinsic(python=fallback)`` over the typing function.
    """
    if codegen is None:
        return functools.partial(intrinsic, python=python)
    return python if JIT_DISABLED else numba_intrinsic(codegen)


def _bits_of(value: Any) -> tuple[int, int]:
    """(width in bits, value as an unsigned integer of that width) of an integer."""
    width = np.dtype(type(value)).itemsize * 8 if isinstance(value, np.integer) else 64
    return width, int(value) & ((1 << width) - 1)


def _python_leading_zeros(value: Any) -> Any:
    width, bits = _bits_of(value)
    return type(value)(width - bits.bit_length())


def _python_trailing_zeros(value: Any) -> Any:
    width, bits = _bits_of(value)
    return type(value)((bits & -bits).bit_length() - 1 if bits else width)


# numba's bit-count intrinsics live in a private module: see the numba pin in pyproject.toml.
#: Count of leading zero bits of an integer (its width for zero).
leading_zeros: Any = _python_leading_zeros if JIT_DISABLED else _numba_bits.leading_zeros
#: Count of trailing zero bits of an integer (its width for zero).
trailing_zeros: Any = _python_trailing_zeros if JIT_DISABLED else _numba_bits.trailing_zeros

prange = numba.prange


def max_threads() -> int:
    """Number of threads numba was started with."""
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def resolve_threads(threads: int | None) -> int:
    """Validate a ``threads=`` argument; ``None`` means all available threads.

    Any integral value of at least 1 is accepted (``2``, ``np.int64(2)``);
    bools, floats (even ``2.0``), zero and negative counts are refused. More
    threads than numba started with are capped at that number.

    Examples
    --------
    >>> import numpy as np
    >>> resolve_threads(np.int64(1))
    1
    >>> resolve_threads(0)
    Traceback (most recent call last):
    ...
    showdown.errors.InputError: threads: expected a positive integer (or None for all cores), got 0
    """
    limit = max_threads()
    if threads is None:
        return limit
    if (
        isinstance(threads, (bool, np.bool_))
        or not isinstance(threads, numbers.Integral)
        or threads < 1
    ):
        from .errors import InputError  # the error path only

        raise InputError(
            f"expected a positive integer (or None for all cores), got {threads!r}",
            parameter="threads",
        )
    return min(int(threads), limit)


class thread_limit:  # noqa: N801 - used like a function: `with thread_limit(2):`
    """Context manager that sets numba's thread count for the calls inside it.

    numba's thread count is per Python thread, so concurrent callers do not
    disturb each other's setting.
    """

    def __init__(self, threads: int | None) -> None:
        self.threads = resolve_threads(threads)
        self.previous = 0

    def __enter__(self) -> int:
        self.previous = numba.get_num_threads()
        numba.set_num_threads(self.threads)
        return self.threads

    def __exit__(self, *exc: object) -> None:
        numba.set_num_threads(self.previous)


# ----------------------------------------------------------------------------- compile notices
#: Measured CPU seconds to compile each kernel on empty caches (2-core machine),
#: by dispatcher name. Owners add their kernels; used for "about N s" messages.
COMPILE_SECONDS: dict[str, float] = {
    # evaluator (measured with numba 0.68, empty NUMBA_CACHE_DIR, process CPU time)
    "evaluate_kernel": 0.9,
    "low8_kernel": 0.5,
    "omaha_kernel": 3.7,
    "enumerate_histogram": 2.0,
    "enumerate_low_histogram": 1.5,
    "place_rows": 2.9,
    # exact equity (each includes the scorer and helpers it compiles on first use)
    "holdem_class_kernel": 3.5,
    "omaha_class_kernel": 4.6,
    "join_kernel": 2.7,
    "deal_kernel": 2.0,
    "table_sums": 0.9,
    # equity sampling (all phases of a game family's kernel, first sampled call)
    "sample_best_five": 4.5,
    "sample_best_five_hilo": 4.7,
    "sample_omaha": 6.0,
    "sample_omaha_hilo": 6.2,
    # simulator session kernels (first simulate of a family, evaluator already loaded)
    "play_holdem": 11.7,
    "play_omaha": 14.6,
    "play_stud": 13.7,
    "play_draw": 12.1,
}


#: What a kernel without a recorded figure counts in an estimate (seconds).
UNKNOWN_COMPILE_SECONDS = 1.0


def estimate_compile_seconds(kernels: Iterable[str]) -> float:
    """Sum of :data:`COMPILE_SECONDS` over ``kernels`` (unknown names count one second).

    Examples
    --------
    >>> estimate_compile_seconds(["evaluate_kernel", "omaha_kernel"])
    4.6
    """
    return round(sum(COMPILE_SECONDS.get(name, UNKNOWN_COMPILE_SECONDS) for name in kernels), 1)


def compile_message(what: str, seconds: float) -> str:
    """The one line shown before a long compile.

    Examples
    --------
    >>> print(compile_message("the evaluator kernels", 4.4))
    showdown: compiling the evaluator kernels once (about 4 s); later runs start at once
    """
    about = f"about {max(1, round(seconds))} s"
    return f"showdown: compiling {what} once ({about}); later runs start at once"


class _CompileListener(numba.core.event.Listener):
    def __init__(self, on_first: Callable[[str], None]) -> None:
        self.on_first = on_first
        self.fired = False
        self.depth = 0
        self.thread = threading.get_ident()

    def on_start(self, event: numba.core.event.Event) -> None:
        if threading.get_ident() != self.thread:
            return  # another Python thread's compile is not this call's wait
        self.depth += 1
        if not self.fired:
            self.fired = True
            dispatcher = event.data.get("dispatcher") if isinstance(event.data, dict) else None
            function = getattr(dispatcher, "py_func", None)
            self.on_first(getattr(function, "__name__", "kernel"))

    def on_end(self, event: numba.core.event.Event) -> None:
        if threading.get_ident() == self.thread:
            self.depth = max(0, self.depth - 1)


@contextlib.contextmanager
def compile_notice(
    on_compile: Callable[[str], None],
) -> Iterator[Callable[[], bool]]:
    """Call ``on_compile(kernel_name)`` once, just before the first real compile inside.

    Cache loads fire nothing, so a warm process stays silent. Yields a
    function that tells whether a compile happened. Only compiles started by
    the calling Python thread count.

    Examples
    --------
    >>> seen = []
    >>> with compile_notice(seen.append) as compiled:
    ...     pass
    >>> seen, compiled()
    ([], False)
    """
    listener = _CompileListener(on_compile)
    with numba.core.event.install_listener("numba:compile", listener):
        yield lambda: listener.fired
