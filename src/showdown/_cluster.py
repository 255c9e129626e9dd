"""Connecting to a Dask cluster: the ``client=`` / ``scheduler=`` pair, the waits, the errors.

:func:`cluster_client` is the one place a ``client=`` / ``scheduler=`` pair
of arguments is checked and resolved; :data:`TIMEOUTS` holds every wait on a
scheduler, so that none is forever. Nothing here imports dask until a
cluster is actually asked for, so ``import showdown`` never loads it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import numbers
from collections.abc import Iterator
from math import inf
from typing import Any

from .errors import InputError

__all__ = [
    "DASK_EXTRA",
    "TIMEOUTS",
    "ClusterError",
    "ClusterTimeouts",
    "SchedulerUnreachableError",
    "check_cluster_arguments",
    "cluster_client",
    "import_distributed",
]

#: How to get the optional dependencies, quoted in every message about them.
DASK_EXTRA = "pip install -e '.[dask]'"


class ClusterError(RuntimeError):
    """The Dask cluster failed: scheduler lost, frozen or unreachable, or no workers left.

    Work done so far is discarded (a partial sum is not an answer); run again
    once the cluster is back.
    """


# InputError first: its constructor (which takes ``parameter=``) must come before
# RuntimeError's in the method order.
class SchedulerUnreachableError(InputError, ClusterError):
    """No Dask scheduler answered at the ``scheduler=`` address in time.

    Nothing listening there, a service that accepts the connection but does
    not speak Dask's protocol, or a frozen scheduler. A :class:`ClusterError`,
    and a ``ValueError`` too, since the address itself may be the mistake.
    """


@dataclasses.dataclass
class ClusterTimeouts:
    """How long showdown waits on a Dask cluster before raising :class:`ClusterError`.

    One instance, :data:`TIMEOUTS` (``showdown.distributed.TIMEOUTS``), is read
    at every call: set its attributes to change the waits of later runs.

    Attributes
    ----------
    connect
        Seconds to reach a scheduler given by address: the TCP connection and
        Dask's handshake together (10). A peer that accepts the connection
        and never answers is given up on after this long.
    heartbeat
        Seconds the scheduler has to answer during a run (30). While no block
        completes, showdown asks the scheduler about its workers every half
        second; results are fetched through it too. A scheduler that answers
        neither within this time (stopped, hung, cut off by a silent network)
        ends the run. Blocks themselves may run for any time.
    no_workers
        Seconds a run waits on a cluster that has no workers at all (60).

    Examples
    --------
    >>> ClusterTimeouts().heartbeat
    30.0
    >>> ClusterTimeouts(connect=0)
    Traceback (most recent call last):
    ...
    ValueError: connect: expected a positive number of seconds, got 0
    """

    connect: float = 10.0
    heartbeat: float = 30.0
    no_workers: float = 60.0

    def __setattr__(self, name: str, value: object) -> None:
        if (
            isinstance(value, bool)
            or not isinstance(value, numbers.Real)
            or not 0 < float(value) < inf
        ):
            raise ValueError(f"{name}: expected a positive number of seconds, got {value!r}")
        super().__setattr__(name, float(value))


#: The waits every cluster run uses (see :class:`ClusterTimeouts`).
TIMEOUTS = ClusterTimeouts()


# ----------------------------------------------------------------------------- client= / scheduler=
def import_distributed(what: str = "client=/scheduler=") -> Any:
    """The ``distributed`` module, or an ``ImportError`` naming the extra to install."""
    try:
        import distributed
    except ImportError as error:
        raise ImportError(f"{what} needs Dask: {DASK_EXTRA}") from error
    return distributed


def check_cluster_arguments(client: object, scheduler: object) -> None:
    """Refuse bad ``client=`` / ``scheduler=`` values before any work starts.

    Neither (``None``, ``None``) means a local run and imports nothing.

    Examples
    --------
    >>> check_cluster_arguments(None, None)
    >>> check_cluster_arguments(None, 8786)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    showdown.errors.InputError: scheduler: expected an address such as ..., got 8786
    """
    if client is None and scheduler is None:
        return
    if client is not None and scheduler is not None:
        raise ValueError("client= and scheduler= are alternatives: pass one of them")
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise InputError(
            f"expected an address such as 'tcp://10.0.0.5:8786', got {scheduler!r}",
            parameter="scheduler",
        )
    distributed = import_distributed()
    if client is not None and not isinstance(client, distributed.Client):
        raise ValueError(f"client: expected a dask.distributed.Client, got {type(client).__name__}")
    if scheduler is not None:
        _check_address(scheduler.strip())


#: Address schemes made of a host and a port, which can be checked before connecting.
_HOST_PORT_SCHEMES = ("tcp", "tls", "ws", "wss")


def _check_address(address: str) -> None:
    """Refuse an address Dask cannot parse, at once (not after a connection attempt)."""
    from distributed.comm import registry
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        registry.get_backend(scheme)  # an unknown scheme raises ValueError
        if scheme in _HOST_PORT_SCHEMES:
            host, port = parse_host_port(location)
            if not host or not 0 < int(port) < 65536:
                raise ValueError(f"expected a host and a port from 1 to 65535, got {location!r}")
    except ValueError as error:
        raise InputError(
            f"{address!r} is not a Dask scheduler address ({error}); expected an "
            "address such as 'tcp://10.0.0.5:8786'",
            parameter="scheduler",
        ) from None


@contextlib.contextmanager
def cluster_client(client: object = None, scheduler: object = None) -> Iterator[Any]:
    """The ``Client`` to run on (``None`` for a local run), checked once.

    ``client`` is used as given and left open; ``scheduler`` (an address)
    is connected to within ``TIMEOUTS.connect`` seconds, handshake included,
    and closed on exit. A malformed address raises ``ValueError`` at once,
    one where no scheduler answers in time :class:`SchedulerUnreachableError`;
    a closed client raises :class:`ClusterError`.

    Examples
    --------
    >>> with cluster_client(None, None) as chosen:
    ...     print(chosen)
    None
    """
    check_cluster_arguments(client, scheduler)
    if client is None and scheduler is None:
        yield None
        return
    if client is not None:
        if getattr(client, "status", "running") != "running":
            raise ClusterError(
                f"client: the Dask client is {client.status}; connect a new one"  # type: ignore[attr-defined]
            )
        yield client
        return
    address = str(scheduler).strip()
    seconds = TIMEOUTS.connect
    try:
        opened = _bounded_client_class()(address, timeout=seconds, set_as_default=False)
    except ImportError:  # the scheduler refused our versions: its message says which
        raise
    except Exception as error:  # refused, reset, timed out, or a peer speaking another protocol
        reason = (
            "no answer: nothing speaking Dask's protocol there, or a frozen scheduler"
            if isinstance(error, TimeoutError)
            else f"{type(error).__name__}: {error}"
        )
        raise SchedulerUnreachableError(
            f"no Dask scheduler answered at {address!r} within {seconds:g} s ({reason})",
            parameter="scheduler",
        ) from None
    try:
        yield opened
    finally:
        # Bounded, and never in place of the run's own error: closing only tells the scheduler.
        with contextlib.suppress(Exception):
            opened.close(timeout=seconds)


@functools.cache
def _bounded_client_class() -> type:
    """A ``Client`` whose connection (TCP connect and handshake) has one overall deadline.

    ``Client(address, timeout=...)`` bounds the TCP connection attempts, but
    then waits for the scheduler's handshake with no limit (a peer that
    accepts and never speaks held a run for minutes). The deadline here is
    the client's ``timeout``; a client that fails to start is closed at once,
    since a half-started one is otherwise closed by the garbage collector at
    exit, when its event loop is gone (a 20 s wait and a traceback).
    """
    distributed = import_distributed()

    class BoundedClient(distributed.Client):  # type: ignore[name-defined]
        def start(self, **options: Any) -> None:
            options.setdefault("callback_timeout", self._timeout)
            try:
                super().start(**options)
            except BaseException:
                with contextlib.suppress(Exception):
                    self.close(timeout=self._timeout)
                raise

    return BoundedClient
