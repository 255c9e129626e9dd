"""Load OMPEval's C shim with ctypes, for side-by-side benchmarks (``OMPEVAL_LIB``).

OMPEval (C++, ISC licence) is built outside this repository with a small C
interface; set ``OMPEVAL_LIB`` to the built shared library to have the
benchmarks time it in the same run. Card codes and the equity definition are
the same as showdown's. OMPEval's range syntax has no ``JJ-99`` runs: spell
them out (``JJ,TT,99``).
"""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass

#: Most players OMPEval handles.
MAX_PLAYERS = 6


@dataclass
class OmpResult:
    """What OMPEval reports for one equity run."""

    equity: list[float]
    hands: int  # deals counted (joint holdings times boards)
    seconds: float  # OMPEval's own timing of the run
    evaluations: int  # hand evaluations it made
    preflop_combos: int  # distinct joint holdings it enumerated


class OmpEval:
    """OMPEval's equity calculator through its C shim."""

    def __init__(self, path: str) -> None:
        library = ctypes.CDLL(path)
        function = library.omp_equity
        function.restype = ctypes.c_int
        double_p = ctypes.POINTER(ctypes.c_double)
        ulong_p = ctypes.POINTER(ctypes.c_ulonglong)
        function.argtypes = [
            ctypes.c_char_p,  # ranges, '|'-separated
            ctypes.c_char_p,  # board
            ctypes.c_char_p,  # dead cards
            ctypes.c_int,  # enumerate (1) or sample (0)
            ctypes.c_double,  # target standard error when sampling
            ctypes.c_ulonglong,  # deal limit when sampling (0: none)
            ctypes.c_uint,  # threads
            double_p,  # equity out (one per player)
            ulong_p,  # deals out
            double_p,  # seconds out
            ulong_p,  # evaluations out
            ulong_p,  # distinct preflop joint holdings out
            double_p,  # standard errors out (two values)
        ]
        self._equity = function
        self._library = library

    def equity(
        self,
        ranges: list[str],
        board: str = "",
        dead: str = "",
        *,
        exact: bool = True,
        target_stderr: float = 0.0,
        hands: int = 0,
        threads: int = 1,
    ) -> OmpResult:
        """Equity of each range (OMPEval syntax), exact or sampled."""
        if not 2 <= len(ranges) <= MAX_PLAYERS:
            raise ValueError(f"OMPEval takes 2 to {MAX_PLAYERS} ranges, got {len(ranges)}")
        shares = (ctypes.c_double * MAX_PLAYERS)()
        deals = ctypes.c_ulonglong()
        seconds = ctypes.c_double()
        evaluations = ctypes.c_ulonglong()
        combos = ctypes.c_ulonglong()
        errors = (ctypes.c_double * 2)()
        started = self._equity(
            "|".join(ranges).encode(),
            board.encode(),
            dead.encode(),
            int(exact),
            target_stderr,
            hands,
            threads,
            shares,
            ctypes.byref(deals),
            ctypes.byref(seconds),
            ctypes.byref(evaluations),
            ctypes.byref(combos),
            errors,
        )
        if not started:
            raise ValueError(f"OMPEval refused the spot {ranges!r} board {board!r} dead {dead!r}")
        return OmpResult(
            list(shares)[: len(ranges)], deals.value, seconds.value, evaluations.value, combos.value
        )


def load() -> OmpEval | None:
    """OMPEval from ``OMPEVAL_LIB``, or None when the variable is unset."""
    path = os.environ.get("OMPEVAL_LIB")
    return OmpEval(path) if path else None
