"""Running showdown on a Dask cluster (``pip install -e '.[dask]'``).

Three entry points reach past one machine:

- ``showdown.equity(..., client=...)`` (or ``scheduler="tcp://host:8786"``):
  Monte Carlo chunks and exact enumeration blocks run as Dask tasks;
- ``showdown.simulate(..., client=...)``: groups of tables run as tasks;
- ``showdown.evaluate`` and the low and Omaha evaluators accept a
  ``dask.array`` of card codes and return a lazy Dask array.

Answers do not depend on the cluster: the same seed gives the same result
locally and at any number of workers. Blocks are pure, so a worker lost
mid-run only costs the blocks it held (Dask runs them again). Nothing waits
forever on a scheduler: one lost or silent mid-run raises
:class:`ClusterError`, an address where none answers
:class:`SchedulerUnreachableError` (a ``ClusterError`` and a ``ValueError``),
each within the waits set in :data:`TIMEOUTS`::

    import showdown.distributed
    showdown.distributed.TIMEOUTS.connect = 30     # a slow network: connect + handshake
    showdown.distributed.TIMEOUTS.heartbeat = 120  # a busy scheduler: time to answer mid-run

Dask is imported only when one of these is used: ``import showdown`` never
loads it.
"""

from __future__ import annotations

from ._cluster import (
    DASK_EXTRA,
    TIMEOUTS,
    ClusterError,
    ClusterTimeouts,
    SchedulerUnreachableError,
)

__all__ = [
    "DASK_EXTRA",
    "TIMEOUTS",
    "ClusterError",
    "ClusterTimeouts",
    "SchedulerUnreachableError",
]
