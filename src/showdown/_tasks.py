"""Run blocks of work on local threads or on a Dask cluster; results come back in block order.

The engines cut their work into *blocks*: calls ``function(shared, item)``
of a module-level function on one read-only object shared by every block
(a spot, a table setup) and a small per-block item (a chunk range, a seed).
Blocks are pure and idempotent: a block's result depends on its arguments
only, so running one twice (Dask does, after losing a worker) or on another
machine gives the same answer. Results are handed back in block order, so
whatever adds them up adds them in the same order at any number of threads
or workers and the sums are identical, floating-point ones included.

Two runners do this:

- :class:`ThreadRunner`: a thread pool in this process (the kernels release
  the GIL), the default;
- :class:`DaskRunner`: futures on a ``dask.distributed.Client``; the shared
  object is sent once, a bounded window of blocks is in flight, and
  completions are reported as they happen.

:func:`cluster_client` (from ``showdown._cluster``) is the one place a
``client=`` / ``scheduler=`` pair of arguments is checked and resolved.
Nothing here imports dask until a cluster is actually asked for, so ``import
showdown`` never loads it.

Examples
--------
>>> def scaled(factor, value):
...     return factor * value
>>> list(ThreadRunner(2).map(scaled, 10, [1, 2, 3]))
[10, 20, 30]
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from typing import Any, NoReturn, Protocol

# The cluster's connection, waits and errors live in _cluster; they are importable
# from here too, where the engines and the command line have always found them.
from ._cluster import (
    DASK_EXTRA,
    TIMEOUTS,
    ClusterError,
    ClusterTimeouts,
    SchedulerUnreachableError,
    check_cluster_arguments,
    cluster_client,
    import_distributed,
)

__all__ = [
    "DASK_EXTRA",
    "TIMEOUTS",
    "ClusterError",
    "ClusterTimeouts",
    "DaskRunner",
    "Runner",
    "SchedulerUnreachableError",
    "ThreadRunner",
    "check_cluster_arguments",
    "cluster_client",
    "import_distributed",
    "is_dask_collection",
    "report_blocks",
    "runner_for",
]

#: Seconds between two checks of the cluster while no block completes.
POLL_SECONDS = 0.5
#: Blocks in flight per worker thread: enough to keep workers busy between
#: two round trips to the scheduler, few enough to bound the results waiting
#: to be added in order.
BLOCKS_PER_WORKER_THREAD = 4

#: Called with the index of each block as it completes (in any order).
OnDone = Callable[[int], object] | None


def report_blocks(progress: Callable[[int, int], object] | None, total: int) -> OnDone:
    """An ``on_done`` for :meth:`Runner.map` that tells ``progress(done, total)`` blocks done.

    Examples
    --------
    >>> seen = []
    >>> list(ThreadRunner(1).map(max, 0, [3, -1], report_blocks(lambda *a: seen.append(a), 2)))
    [3, 0]
    >>> seen
    [(1, 2), (2, 2)]
    """
    if progress is None:
        return None
    done = [0]

    def on_done(_index: int) -> None:
        done[0] += 1
        progress(done[0], total)

    return on_done


# ----------------------------------------------------------------------------- runners
class Runner(Protocol):
    """Something that runs blocks and yields their results in block order."""

    #: Blocks that run at the same time (threads, or worker threads of a cluster).
    slots: int

    def map(
        self,
        function: Callable[[Any, Any], Any],
        shared: Any,
        items: Sequence[Any],
        on_done: OnDone = None,
    ) -> Iterator[Any]:
        """``function(shared, item)`` for every item, results yielded in item order.

        ``on_done(index)`` is called as each block completes (in any order,
        before its result is yielded). Closing the iterator early cancels the
        blocks not yet run.
        """
        ...


class ThreadRunner:
    """Blocks on a pool of ``threads`` Python threads (one: in the calling thread).

    Up to twice as many blocks as threads are in flight; the first result is
    awaited before the next is handed out, so results come back in order.
    Used as a context manager, the runner keeps one pool for all its maps
    (a run of many short maps then starts its threads once).
    """

    def __init__(self, threads: int = 1) -> None:
        self.slots = max(1, int(threads))
        self._pool: ThreadPoolExecutor | None = None

    def __enter__(self) -> ThreadRunner:
        if self.slots > 1:
            self._pool = ThreadPoolExecutor(max_workers=self.slots)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def map(
        self,
        function: Callable[[Any, Any], Any],
        shared: Any,
        items: Sequence[Any],
        on_done: OnDone = None,
    ) -> Iterator[Any]:
        total = len(items)
        if self.slots <= 1 or total <= 1:
            for index, item in enumerate(items):
                result = function(shared, item)
                if on_done is not None:
                    on_done(index)
                yield result
            return
        kept = self._pool
        with contextlib.nullcontext(kept) if kept else ThreadPoolExecutor(self.slots) as pool:
            pending: list[Future[Any]] = []
            upcoming = iter(items)
            try:
                for index in range(total):
                    for item in itertools.islice(upcoming, 2 * self.slots - len(pending)):
                        pending.append(pool.submit(function, shared, item))
                    result = pending.pop(0).result()
                    if on_done is not None:
                        on_done(index)
                    yield result
            finally:
                for future in pending:
                    future.cancel()


class DaskRunner:
    """Blocks as futures on a ``dask.distributed.Client``.

    The shared object goes to the cluster once per :meth:`map` (as a task,
    so it survives the loss of the workers holding it) and is released
    afterwards. A worker lost mid-run costs only its blocks, which
    the scheduler runs again elsewhere; a lost scheduler, one that does not
    answer for ``TIMEOUTS.heartbeat`` seconds, or a cluster left without
    workers for ``TIMEOUTS.no_workers`` raises :class:`ClusterError` instead
    of waiting forever. Every request to the scheduler has that deadline.
    """

    def __init__(self, client: Any, *, label: str = "showdown") -> None:
        self.client = client
        self.label = label
        self.slots = max(1, _worker_threads(self._workers(0, 0)))

    def map(
        self,
        function: Callable[[Any, Any], Any],
        shared: Any,
        items: Sequence[Any],
        on_done: OnDone = None,
    ) -> Iterator[Any]:
        distributed = import_distributed()
        client = self.client
        total = len(items)
        if total == 0:
            return
        self._check_alive(0, total)
        run = f"{self.label}-{uuid.uuid4().hex[:12]}"
        # The shared object is a task of its own, not scattered data: the scheduler
        # keeps it, so a worker lost with the only copy costs a recomputation, not the run.
        shared_future = client.submit(_shared_value, shared, key=f"{run}-shared", pure=False)
        window = max(2, BLOCKS_PER_WORKER_THREAD * self.slots)
        # Dask puts a task where its inputs are, so every block would queue on the one
        # worker holding the shared object (measured: 30 of 30 blocks on one of two
        # workers). Blocks are dealt round the worker threads instead, as a loose
        # preference: a block whose worker is gone runs on any other.
        places = _worker_places(self._workers(0, total))
        in_flight: dict[Any, int] = {}
        results: dict[int, Any] = {}
        submitted = finished = yielded = 0
        no_workers_since: float | None = None
        try:
            while yielded < total:
                while submitted < total and submitted - yielded < window:
                    future = client.submit(
                        function,
                        shared_future,
                        items[submitted],
                        key=f"{run}-{submitted}",
                        pure=False,
                        workers=[places[submitted % len(places)]] if places else None,
                        allow_other_workers=bool(places),
                    )
                    in_flight[future] = submitted
                    submitted += 1
                try:
                    # wait() works on the current client; ours need not be the default.
                    with client.as_current():
                        done, _ = distributed.wait(
                            list(in_flight), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED"
                        )
                except TimeoutError:
                    done = set()
                except CancelledError:  # the cluster dropped them: say why
                    self._raise_cancelled(finished, total)
                except OSError as error:  # the connection broke (TimeoutError is caught above)
                    self._raise_lost(error, finished, total)
                if not done:
                    self._check_alive(finished, total)
                    no_workers_since = self._check_workers(no_workers_since, finished, total)
                    continue
                no_workers_since = None
                ready = [future for future in done if future.status == "finished"]
                failed = [future for future in done if future.status != "finished"]
                if failed:
                    self._raise_failure(failed[0], finished, total)
                values = self._gather(ready, finished, total)
                for future, value in zip(ready, values, strict=True):
                    index = in_flight.pop(future)
                    results[index] = value
                    finished += 1
                    if on_done is not None:
                        on_done(index)
                while yielded in results:
                    yield results.pop(yielded)
                    yielded += 1
        finally:
            if in_flight and client.status == "running":
                with contextlib.suppress(Exception):
                    client.cancel(list(in_flight))
            with contextlib.suppress(Exception):
                shared_future.release()

    # ------------------------------------------------------------------ checks
    def _check_alive(self, finished: int, total: int) -> None:
        status = self.client.status
        if status != "running":
            raise ClusterError(
                f"lost the Dask scheduler at {self._address()} (client {status}) "
                f"{_when(finished, total)}; nothing was returned, run again once it is back"
            )

    def _check_workers(self, since: float | None, finished: int, total: int) -> float | None:
        """Start (or go on) timing a cluster without workers; raise after too long.

        Asking is also the heartbeat: a scheduler that does not answer raises.
        """
        if self._workers(finished, total):
            return None
        now = time.monotonic()
        if since is None:
            return now
        if now - since > TIMEOUTS.no_workers:
            raise ClusterError(
                f"the Dask cluster at {self._address()} has had no workers for "
                f"{TIMEOUTS.no_workers:g} s ({finished} of {total} blocks done); start "
                "workers with `dask worker ADDRESS` and run again"
            )
        return since

    def _ask(self, request: Callable[[], Any], finished: int, total: int) -> Any:
        """Await ``request()`` on the client's event loop within ``TIMEOUTS.heartbeat``.

        The client's own calls wait without limit: a scheduler that keeps the
        connection open but never answers (stopped, hung) would hold the run
        forever. Raises :class:`ClusterError` when it does not answer.
        """
        seconds = TIMEOUTS.heartbeat
        try:
            return self.client.sync(request, callback_timeout=seconds)
        except CancelledError:  # the blocks were dropped under us
            self._raise_cancelled(finished, total)
        except TimeoutError:
            raise ClusterError(
                f"the Dask scheduler at {self._address()} did not answer for {seconds:g} s "
                f"(stopped, hung or cut off) {_when(finished, total)}; nothing was returned, "
                "run again once it answers (showdown.distributed.TIMEOUTS.heartbeat sets this "
                "wait)"
            ) from None
        except OSError as error:  # the connection broke (TimeoutError is caught above)
            self._raise_lost(error, finished, total)

    def _workers(self, finished: int, total: int) -> dict[str, Any]:
        """The scheduler's workers, as it answers now (a heartbeat)."""
        scheduler = self.client.scheduler
        if scheduler is None:  # closed under us
            self._check_alive(finished, total)
            return {}
        info = self._ask(functools.partial(scheduler.identity, n_workers=-1), finished, total)
        workers = info.get("workers", {}) if isinstance(info, dict) else {}
        return dict(workers)

    def _gather(self, ready: list[Any], finished: int, total: int) -> list[Any]:
        """The results of finished blocks, fetched within ``TIMEOUTS.heartbeat``."""
        client = self.client

        async def fetch() -> list[Any]:
            return list(await client.gather(ready, asynchronous=True))

        return list(self._ask(fetch, finished, total))

    def _raise_failure(self, future: Any, finished: int, total: int) -> None:
        """Re-raise a block's own exception; explain cluster failures."""
        if future.status == "error":
            exception = future.exception()
            distributed = import_distributed()
            if isinstance(exception, distributed.KilledWorker):
                raise ClusterError(
                    f"a block ({future.key}) took down every worker that ran it ({exception}); "
                    "the workers may be running out of memory: use smaller blocks or bigger "
                    "workers"
                ) from None
            raise exception.with_traceback(future.traceback())
        self._raise_cancelled(finished, total)

    def _raise_cancelled(self, finished: int, total: int) -> NoReturn:
        """Blocks were cancelled under us: the scheduler went away, or someone cancelled them."""
        self._check_alive(finished, total)
        raise ClusterError(
            f"blocks were cancelled on the Dask cluster at {self._address()} after "
            f"{finished} of {total} blocks (lost connection or cancelled by another client); "
            "run again"
        )

    def _raise_lost(self, error: OSError, finished: int, total: int) -> NoReturn:
        """The connection to the scheduler broke while fetching results."""
        raise ClusterError(
            f"lost the Dask scheduler at {self._address()} (connection closed: "
            f"{type(error).__name__}) after {finished} of {total} blocks; nothing was "
            "returned, run again once it is back"
        ) from None

    def _address(self) -> str:
        try:
            return str(self.client.scheduler.address)
        except Exception:  # a closed client may have no scheduler object left
            return "its address"


def _when(finished: int, total: int) -> str:
    """Words saying how far a run got.

    Examples
    --------
    >>> _when(3, 30), _when(0, 0)
    ('after 3 of 30 blocks', 'before the run started')
    """
    return f"after {finished} of {total} blocks" if total else "before the run started"


def _shared_value(value: Any) -> Any:
    """The task that holds a run's shared object on the cluster."""
    return value


def _worker_places(workers: dict[str, Any]) -> list[str]:
    """Each worker's address once per thread, interleaved.

    Examples
    --------
    >>> _worker_places({"b": {"nthreads": 1}, "a": {"nthreads": 2}})
    ['a', 'b', 'a']
    """
    threads = {address: int(info.get("nthreads", 1)) for address, info in workers.items()}
    return [
        address
        for turn in range(max(threads.values(), default=0))
        for address, count in sorted(threads.items())
        if turn < count
    ]


def _worker_threads(workers: dict[str, Any]) -> int:
    """Worker threads of the whole cluster (0 without workers)."""
    return sum(int(info.get("nthreads", 1)) for info in workers.values())


def runner_for(client: Any, threads: int, *, label: str = "showdown") -> Runner:
    """A :class:`DaskRunner` on ``client``, or a :class:`ThreadRunner` with ``threads``.

    Examples
    --------
    >>> runner_for(None, 2).slots
    2
    """
    if client is None:
        return ThreadRunner(threads)
    return DaskRunner(client, label=label)


def is_dask_collection(value: object) -> bool:
    """Whether ``value`` is a Dask array, without importing Dask.

    A Dask array can only exist once ``dask.array`` has been imported, so a
    process that never imported it answers ``False`` at once.

    Examples
    --------
    >>> is_dask_collection([1, 2, 3])
    False
    """
    module = sys.modules.get("dask.array")
    return module is not None and isinstance(value, module.Array)
