"""Progress for long library calls: a tqdm bar, a ``(done, total)`` callback, or nothing.

Library functions that may run for more than about a second take a
``progress=`` argument and hand it to :class:`Progress`:

- ``True``: a bar on stderr through ``tqdm.auto`` (a widget in Jupyter, text in
  a terminal) when tqdm is installed (``pip install -e '.[progress]'``),
  else a plain text line on stderr;
- a callable: called as ``progress(done, total)`` when work advances and, while
  a kernel compiles or runs, at least every :data:`HEARTBEAT_SECONDS` (from a
  background thread);
- ``None`` or ``False``: nothing.

Anything else is refused at once by :func:`check_progress` (before any work).

The bar is shown from the start, before any kernel compiles. Wrap the first
kernel call in :func:`compiling` so that a real compile (never a cache load)
is announced with one line and the bar keeps ticking meanwhile. numba
compiles in LLVM passes that release the GIL, so the heartbeat thread runs.

Examples
--------
>>> calls = []
>>> with Progress(lambda done, total: calls.append((done, total)), total=3) as bar:
...     for _ in range(3):
...         bar.advance()
>>> calls[0], calls[-1]
((0, 3), (3, 3))
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from ._jit import compile_message, compile_notice, estimate_compile_seconds

__all__ = ["HEARTBEAT_SECONDS", "Progress", "ProgressLike", "check_progress", "compiling"]

ProgressLike = bool | Callable[[int, int], object] | None

#: Longest gap between two callback calls while work is under way.
HEARTBEAT_SECONDS = 0.25


def check_progress(progress: object, name: str = "progress") -> ProgressLike:
    """Validate a ``progress=`` argument (call it before starting any work).

    Examples
    --------
    >>> check_progress(None), check_progress(True)
    (None, True)
    >>> check_progress(5)
    Traceback (most recent call last):
    ...
    ValueError: progress: expected True, False, None or a callable taking (done, total), got 5
    """
    if progress is None or isinstance(progress, bool) or callable(progress):
        return progress
    raise ValueError(
        f"{name}: expected True, False, None or a callable taking (done, total), got {progress!r}"
    )


class _TextBar:
    """Minimal stand-in for tqdm: one self-rewriting line on stderr."""

    def __init__(self, total: int, description: str, stream: TextIO, transient: bool) -> None:
        self.total = total
        self.transient = transient
        self.width = 0
        self.description = description
        self.stream = stream
        self.note = ""
        self.done = 0
        self.started = time.monotonic()

    def show(self) -> None:
        share = self.done / self.total if self.total else 1.0
        filled = int(share * 20)
        elapsed = time.monotonic() - self.started
        note = f" {self.note}" if self.note else ""
        line = (
            f"{self.description}: [{'#' * filled}{'.' * (20 - filled)}] "
            f"{self.done}/{self.total} {elapsed:.0f}s{note}"
        )
        self.stream.write("\r" + line.ljust(self.width))
        self.width = max(self.width, len(line))
        self.stream.flush()

    def close(self) -> None:
        if self.transient:
            self.stream.write("\r" + " " * self.width + "\r")
        else:
            self.show()
            self.stream.write("\n")
        self.stream.flush()


class Progress:
    """Report work done out of ``total`` to a bar or a callback (see the module docs).

    Parameters
    ----------
    progress
        ``True``, ``False``/``None`` or a callable ``(done, total)``.
    total
        Units of work (deals, hands, chunks...).
    description
        Bar label, e.g. ``"equity"``.
    unit
        Unit name shown by tqdm.
    stream
        Where a bar is drawn (stderr by default).
    transient
        Remove the bar when done (for short commands whose output follows).

    The first report, ``(0, total)``, is made when the object is created, so
    a bar appears before any kernel compiles.
    """

    def __init__(
        self,
        progress: ProgressLike,
        total: int,
        *,
        description: str = "showdown",
        unit: str = "it",
        stream: TextIO | None = None,
        transient: bool = False,
    ) -> None:
        progress = check_progress(progress)
        self.total = int(total)
        self.done = 0
        self._lock = threading.Lock()
        self._callback: Callable[[int, int], object] | None = None
        self._bar: Any = None
        self._error: BaseException | None = None
        self._closed = False
        if callable(progress) and not isinstance(progress, bool):
            self._callback = progress
        elif progress:
            self._bar = _make_bar(self.total, description, unit, stream or sys.stderr, transient)
        self._report()

    @property
    def active(self) -> bool:
        """Whether anything is shown or called."""
        return self._callback is not None or self._bar is not None

    def advance(self, amount: int = 1) -> None:
        """Add ``amount`` units of work done."""
        self.update_to(self.done + amount)

    def update_to(self, done: int) -> None:
        """Set the units of work done so far."""
        self._raise_callback_error()
        with self._lock:
            step = int(done) - self.done
            self.done = int(done)
            if self._bar is not None:
                self._bar_update(step)
        if self._callback is not None:
            self._call()

    def note(self, text: str) -> None:
        """A short status next to the bar (e.g. ``"compiling, about 4 s"``)."""
        if self._bar is None:
            return
        with self._lock:
            if isinstance(self._bar, _TextBar):
                self._bar.note = text
                self._bar.show()
            else:
                self._bar.set_postfix_str(text, refresh=True)

    @contextlib.contextmanager
    def heartbeat(self, interval: float = HEARTBEAT_SECONDS) -> Iterator[None]:
        """Keep reporting every ``interval`` seconds while the block runs.

        A callback gets the current ``(done, total)`` again; a bar redraws its
        elapsed time. Errors raised by the callback surface in the caller's
        thread when the block ends.
        """
        if not self.active:
            yield
            return
        stop = threading.Event()

        def beat() -> None:
            while not stop.wait(interval):
                try:
                    self._report()
                except BaseException as error:  # surfaced in the caller's thread
                    self._error = error
                    return

        thread = threading.Thread(target=beat, name="showdown-progress", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join()
        self._raise_callback_error()

    def close(self) -> None:
        """Finish the bar (callbacks get nothing more)."""
        if self._closed:
            return
        self._closed = True
        if self._bar is not None:
            self._bar.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------------- internals
    def _report(self) -> None:
        if self._callback is not None:
            self._call()
        elif self._bar is not None:
            with self._lock:
                if isinstance(self._bar, _TextBar):
                    self._bar.show()
                else:
                    self._bar.refresh()

    def _call(self) -> None:
        assert self._callback is not None
        self._callback(self.done, self.total)

    def _bar_update(self, step: int) -> None:
        if isinstance(self._bar, _TextBar):
            self._bar.done = self.done
            self._bar.show()
        else:
            self._bar.update(step)

    def _raise_callback_error(self) -> None:
        if self._error is not None:
            error, self._error = self._error, None
            raise error


def _make_bar(total: int, description: str, unit: str, stream: TextIO, transient: bool) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _TextBar(total, description, stream, transient)
    return tqdm(
        total=total,
        desc=description,
        unit=unit,
        file=stream,
        dynamic_ncols=True,
        leave=not transient,
    )


@contextlib.contextmanager
def compiling(
    what: str,
    kernels: Iterable[str],
    *,
    progress: Progress | None = None,
    notify: Callable[[str], object] | None = None,
) -> Iterator[Callable[[], bool]]:
    """Around a kernel call that may compile: announce a real compile once.

    Parameters
    ----------
    what
        Words for the message, e.g. ``"the hold'em equity kernels"``.
    kernels
        Kernel names for the time estimate (:data:`showdown._jit.COMPILE_SECONDS`).
    progress
        A bar or callback to keep ticking (heartbeat) and to note the compile on.
    notify
        Called once with the line (the CLI prints it to stderr).

    Yields a function telling whether a compile happened.

    Examples
    --------
    >>> lines = []
    >>> with compiling("the evaluator kernels", ["evaluate_kernel"], notify=lines.append):
    ...     pass  # cached kernels: nothing is said
    >>> lines
    []
    """
    seconds = estimate_compile_seconds(kernels)
    line = compile_message(what, seconds)

    def announce(_kernel: str) -> None:
        if notify is not None:
            notify(line)
        if progress is not None:
            progress.note(f"compiling once, about {max(1, round(seconds))} s")

    beating = progress.heartbeat() if progress is not None else contextlib.nullcontext()
    with compile_notice(announce) as compiled, beating:
        yield compiled
    if progress is not None and compiled():
        progress.note("")
