"""Compile notices: saying once, before a long silent wait, what compiles and for how long.

Part of :mod:`showdown._jit` (see its section "Compile notices"): numba fires a
``numba:compile`` event only when it really compiles; :func:`compile_notice`
listens for it, and :data:`COMPILE_SECONDS` holds the measured estimates.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable, Iterator

import numba
import numba.core.event

__all__ = [
    "COMPILE_SECONDS",
    "UNKNOWN_COMPILE_SECONDS",
    "compile_message",
    "compile_notice",
    "estimate_compile_seconds",
]

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
