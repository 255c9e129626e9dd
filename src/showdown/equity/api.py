"""``equity()``: the public entry point of the equity engine."""

from __future__ import annotations

import contextlib
import math
import secrets
import warnings
from collections.abc import Callable, Sequence
from numbers import Integral, Real
from typing import Any, cast

from .._jit import resolve_threads
from .._progress import Progress, ProgressLike, check_progress
from .._tasks import check_cluster_arguments, cluster_client
from ..cards import CardsLike
from ..errors import InputError
from .call_cache import remember_calls
from .exact import driver as exact_module
from .result import EquityResult
from .spot import NO_WEIGHT_LEFT, Spot, cached_spot

#: ``exact=None`` enumerates when exact enumeration is estimated to take at most this (seconds).
EXACT_SECONDS_LIMIT = 1.0
#: Default stopping rule of sampled runs.
DEFAULT_TARGET_STDERR = 5e-4
#: Default cap on deals of a run with a standard-error target (``max_samples``).
DEFAULT_MAX_SAMPLES = 20_000_000
#: Most deals a sampled run may be asked for (``samples``, ``max_samples``): 2**53, the
#: largest count a float64 holds exactly (standard errors divide by it), and far more
#: than a run finishes (about three years at a hundred million deals a second).
MAX_SAMPLES = 2**53


@remember_calls  # a repeated exact call is answered from its kept answer (call_cache)
def equity(
    players: Sequence[object],
    *,
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    game: str = "holdem",
    exact: bool | None = None,
    samples: int | None = None,
    target_stderr: float | None = None,
    max_samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: ProgressLike = None,
    use_tables: bool = True,
    combos: bool = False,
    client: Any = None,
    scheduler: str | None = None,
) -> EquityResult:
    """Equity of every player: their expected share of the pot.

    Only ``players`` is positional; every option is a keyword.

    Parameters
    ----------
    players
        Two or more hands or ranges. Hold'em: PokerStove/Equilab ranges
        (``"AsKs"``, ``"QQ+"``, ``"A2s+, KTo+:0.5"``, ``"random"``). Omaha
        (``omaha``, ``omaha5``, ``omaha6`` and their ``-hilo`` versions): a
        specific hand or ``"random"``. Stud (``stud``, ``stud-hilo``): each
        player's known cards, 0 to 7 (down and up, in deal order); the rest
        are dealt. Draw: a final five-card hand, ``"HAND/DISCARDS"`` (the
        five cards held and those thrown away; as many are drawn, once), or
        ``"random"`` (five unknown cards). Card arrays are accepted too.
    board
        Known board cards (0, 3, 4 or 5; board games only). ``None`` or
        ``""``: no board.
    dead
        Cards out of play (mucked, burned, folded stud up cards).
    game
        ``holdem``, ``shortdeck`` (6+ hold'em: the 36 cards six to ace, hold'em
        ranges without their combos below six), ``omaha``, ``omaha5``,
        ``omaha6``, ``omaha-hilo``, ``omaha5-hilo``, ``omaha6-hilo``, ``stud``,
        ``stud-hilo`` or ``draw`` (any name of :mod:`showdown.games`).
    exact
        ``True`` enumerates every deal, ``False`` samples, ``None`` enumerates
        when that is cheap (about a second or less) and samples otherwise.
    samples
        Deals to sample (sampled runs).
    target_stderr
        Stop sampling once every player's standard error is at most this
        (a fraction: 0.001 = 0.1 percentage points). Without ``samples`` or
        ``target_stderr`` sampling stops at a standard error of 0.0005. With
        both, whichever is reached first.
    max_samples
        Most deals a run with a standard-error target samples (default
        20,000,000). If the target is still missed there, the result says so
        (``result.target_met`` is ``False``) and a ``RuntimeWarning`` is
        issued; raise the cap to go further. (With ``samples`` as well, the
        run stops at ``samples`` deals and ``target_met`` tells whether the
        target was reached by then.)
    seed
        Seed for sampling; the same seed gives the same answer at any thread
        count. ``None`` draws one (reported as ``result.seed``).
    threads
        Threads to use (``None`` = all cores).
    progress
        ``True`` for a progress bar on stderr (a widget in Jupyter with
        tqdm), or a callable: ``progress(done, total)`` while working, at
        least every quarter second or so (from a helper thread while a kernel
        compiles), and once at the end.
    use_tables
        Let exact heads-up hold'em preflop read the shipped table of every
        matchup (``False`` computes it; the answer is the same).
    combos
        Also count every player's results per combo of their range, in the
        same run, for :meth:`EquityResult.combos` (board games; a sampled run
        needs hold'em ranges or known hands). Costs a little more: off by
        default.
    client
        A ``dask.distributed.Client``: run the work on its cluster (needs
        ``pip install -e '.[dask]'``). Monte Carlo runs go as tasks of
        about a million deals; exact runs as their enumeration blocks. The
        answer is the local one with the same arguments, bit for bit, at any
        number of workers. Work that takes milliseconds runs here anyway: the
        heads-up preflop table, spots where every hand is known, exact runs
        estimated under a tenth of a second.
    scheduler
        The address of a Dask scheduler (``"tcp://10.0.0.5:8786"``) instead
        of ``client``: connected for this call and closed afterwards.

    Returns
    -------
    EquityResult

    Raises
    ------
    ValueError
        For bad input: an unknown card or game, a card used twice, a board of
        the wrong size, a range emptied by card removal, more players than the
        deck can deal, an option of the wrong type or range; a ``scheduler``
        that does not answer.
    ImportError
        ``client``/``scheduler`` without Dask installed.
    showdown.distributed.ClusterError
        The cluster failed mid-run (scheduler lost, no workers left).

    Warns
    -----
    RuntimeWarning
        When ``max_samples`` deals did not reach ``target_stderr``.

    Examples
    --------
    >>> from showdown import equity
    >>> result = equity(["AcAs", "KhKd"])
    >>> round(float(result.equity[0]), 6), result.exact, result.trials
    (0.812555, True, 1712304)
    >>> result = equity(["QQ", "AKs"], board="Kd7c2h", samples=200_000, seed=1)
    >>> abs(float(result.equity.sum()) - 1.0) < 1e-12
    True
    """
    samples = _count(samples, "samples", maximum=MAX_SAMPLES)
    max_samples = _count(max_samples, "max_samples", maximum=MAX_SAMPLES)
    seed = _count(seed, "seed", minimum=0)
    threads = _count(threads, "threads")
    if target_stderr is not None and not (
        isinstance(target_stderr, Real)
        and not isinstance(target_stderr, bool)
        and math.isfinite(target_stderr)
        and target_stderr > 0
    ):
        raise InputError(
            f"expected a positive number, got {target_stderr!r}", parameter="target_stderr"
        )
    if exact not in (None, True, False):
        raise InputError(f"expected True, False or None, got {exact!r}", parameter="exact")
    if exact is True and (samples is not None or target_stderr is not None):
        raise ValueError("exact=True enumerates every deal: drop samples/target_stderr")
    if combos not in (True, False):
        raise InputError(f"expected True or False, got {combos!r}", parameter="combos")
    requested = check_progress(progress)
    if client is not None or scheduler is not None:  # refused before any work
        check_cluster_arguments(client, scheduler)
    # The equity kernels are serial (blocks go to a Python thread pool), so numba's
    # own thread count is never set: the count goes to the planner and the sampler.
    threads_used = resolve_threads(threads)
    spot = cached_spot(players, board, dead, game)
    if combos and spot.game.kind != "board":
        raise InputError(
            f"per-combo breakdowns are for board games (hold'em, Omaha), not {spot.game.name}",
            parameter="combos",
        )

    if spot.game.lowest_rank:  # short deck: its own deck and ranking (equity.short_deck)
        return _short_deck(spot, exact, samples, target_stderr, max_samples, seed, requested,
                           combos, client, scheduler)  # fmt: skip
    if spot.drawing_players:
        return _sample_drawing(spot, exact, samples, target_stderr, max_samples, seed, requested,
                               client, scheduler)  # fmt: skip
    plan = _choose_method(spot, exact, samples, target_stderr, use_tables, threads_used)
    note = None
    if plan is not None:
        try:
            with _ReportTo(requested) as report, _cluster(client, scheduler) as chosen:
                counters = exact_module.run_exact(spot, plan, report, combos=combos, client=chosen)
            return _result(spot, counters, exact=True, seed=None)
        except exact_module.ExactOverrunError as stopped:
            if exact is True:
                raise
            note = stopped.note  # far over its estimate (or out of memory): sample instead
    if seed is None:
        seed = secrets.randbits(63)
    if samples is None and target_stderr is None:
        target_stderr = DEFAULT_TARGET_STDERR
    cap = max_samples if max_samples is not None else DEFAULT_MAX_SAMPLES
    from .sampling.montecarlo import (  # sampled runs only: exact ones skip its import
        max_stderr,
        sample,
    )

    with _cluster(client, scheduler) as chosen:
        counters = sample(
            spot,
            seed=seed,
            samples=samples,
            target_stderr=target_stderr,
            max_samples=cap,
            threads=threads_used,
            progress=requested,
            combos=combos,
            client=chosen,
        )
    target_met = None
    if target_stderr is not None:
        reached = max_stderr(counters)
        target_met = reached <= target_stderr
        if not target_met and samples is None:  # stopped by the cap, not by the caller
            warnings.warn(
                f"target_stderr={target_stderr:g} not reached: the largest standard error is "
                f"{reached:.3g} after {int(counters.trials):,} deals, the max_samples cap; "
                "pass a larger max_samples= (CLI: --max-samples) to sample further",
                RuntimeWarning,
                stacklevel=2,
            )
    return _result(
        spot,
        counters,
        exact=False,
        seed=seed,
        target_stderr=target_stderr,
        target_met=target_met,
        note=note,
    )


def _sample_drawing(
    spot: Spot,
    exact: bool | None,
    samples: int | None,
    target_stderr: float | None,
    max_samples: int | None,
    seed: int | None,
    progress: ProgressLike,
    client: Any,
    scheduler: str | None,
) -> EquityResult:
    """A draw spot with ``random`` players who draw: sampled here, in this process."""
    drawing = ", ".join(str(index + 1) for index in spot.drawing_players)
    if exact is True:
        raise ValueError(
            f"exact=True: player {drawing} is random and draws, which is only sampled "
            "(drop exact=True, or give random/pat for five unknown cards that stand pat)"
        )
    if client is not None or scheduler is not None:
        raise ValueError(
            f"client/scheduler: player {drawing} is random and draws, which is sampled "
            "locally only; drop client=/scheduler="
        )
    from .sampling.drawing import sample_drawing

    if seed is None:
        seed = secrets.randbits(63)
    if samples is None and target_stderr is None:
        target_stderr = DEFAULT_TARGET_STDERR
    counters = sample_drawing(
        spot,
        seed=seed,
        samples=samples,
        target_stderr=target_stderr,
        max_samples=max_samples if max_samples is not None else DEFAULT_MAX_SAMPLES,
        progress=progress,
    )
    return _sampled_result(spot, counters, seed, samples, target_stderr)


def _short_deck(
    spot: Spot,
    exact: bool | None,
    samples: int | None,
    target_stderr: float | None,
    max_samples: int | None,
    seed: int | None,
    progress: ProgressLike,
    combos: bool,
    client: Any,
    scheduler: str | None,
) -> EquityResult:
    """A short-deck spot, enumerated or sampled here, in this process (``equity.short_deck``)."""
    from . import short_deck

    if combos:
        raise InputError("per-combo breakdowns are not counted for short deck", parameter="combos")
    if client is not None or scheduler is not None:
        raise InputError(
            "short deck runs locally only; drop client=/scheduler=", parameter="client"
        )
    work = short_deck.estimated_evaluations(spot)
    if exact is True and work > short_deck.MAX_EXACT_EVALUATIONS:
        raise exact_module.ExactTooSlowError(
            f"exact=True: about {work:,} hand evaluations, more than the "
            f"{short_deck.MAX_EXACT_EVALUATIONS:,} an exact short-deck run takes; sample instead",
            parameter="exact",
        )
    sampled = samples is not None or target_stderr is not None
    if exact is True or (exact is None and not sampled and work <= short_deck.EXACT_EVALUATIONS):
        with _ReportTo(progress) as report:
            counters = short_deck.exact_counters(spot, report)
        return _result(spot, counters, exact=True, seed=None)
    if seed is None:
        seed = secrets.randbits(63)
    if samples is None and target_stderr is None:
        target_stderr = DEFAULT_TARGET_STDERR
    with _ReportTo(progress) as report:
        counters = short_deck.sample_counters(
            spot,
            seed=seed,
            samples=samples,
            target_stderr=target_stderr,
            max_samples=max_samples if max_samples is not None else DEFAULT_MAX_SAMPLES,
            progress=report,
        )
    return _sampled_result(spot, counters, seed, samples, target_stderr)


def _sampled_result(
    spot: Spot, counters: Any, seed: int, samples: int | None, target_stderr: float | None
) -> EquityResult:
    """A sampled run's result, warning when a standard-error target hit the max_samples cap."""
    target_met = None
    if target_stderr is not None:
        from .sampling.montecarlo import max_stderr

        target_met = max_stderr(counters) <= target_stderr
        if not target_met and samples is None:
            warnings.warn(
                f"target_stderr={target_stderr:g} not reached after {int(counters.trials):,} "
                "deals, the max_samples cap; pass a larger max_samples= (CLI: --max-samples)",
                RuntimeWarning,
                stacklevel=4,
            )
    return _result(
        spot, counters, exact=False, seed=seed, target_stderr=target_stderr, target_met=target_met
    )


def _result(spot: Spot, counters: Any, **run: Any) -> EquityResult:
    """The result of a run on ``spot``: its labels, game and cards, and how it was run."""
    trials = float(counters.trials)
    if not (math.isfinite(trials) and trials > 0):
        raise ValueError(NO_WEIGHT_LEFT)
    return EquityResult(
        counters,
        players=spot.labels,
        game=spot.game.name,
        board=spot.board_text,
        dead=spot.dead_text,
        hilo=spot.game.hilo,
        **run,
    )


def _cluster(client: Any, scheduler: str | None) -> contextlib.AbstractContextManager[Any]:
    """:func:`cluster_client`, or at once ``None`` for a local run (most calls: kept cheap)."""
    if client is None and scheduler is None:
        return contextlib.nullcontext()
    return cluster_client(client, scheduler)


class _ReportTo:
    """A ``(done, total)`` callable (or ``None``) for code that reports to one.

    ``progress=True`` becomes a bar made at the first report, once the total
    is known; a callable passes through; ``None``/``False`` give ``None``.
    """

    def __init__(self, progress: ProgressLike) -> None:
        self.wanted = progress is True
        self.given = cast(
            "Callable[[int, int], None] | None",
            progress if callable(progress) and not isinstance(progress, bool) else None,
        )
        self.bar: Progress | None = None

    def __enter__(self) -> Callable[[int, int], None] | None:
        return self if self.wanted else self.given

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = Progress(True, total, description="equity")
        self.bar.update_to(done)


def _count(value: object, name: str, minimum: int = 1, maximum: int | None = None) -> int | None:
    """``value`` as a Python int (numpy integers accepted), or ``None``; else ``ValueError``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        kind = "positive" if minimum == 1 else "non-negative"
        raise InputError(f"expected a {kind} integer, got {value!r}", parameter=name)
    number = int(value)
    if maximum is not None and number > maximum:
        raise InputError(
            f"expected at most {maximum:,} (2**53) deals, got {number:,}", parameter=name
        )
    return number


def _choose_method(
    spot: Spot,
    exact: bool | None,
    samples: int | None,
    target_stderr: float | None,
    use_tables: bool,
    threads: int,
) -> exact_module.ExactPlan | None:
    """The exact plan to run, or None to sample; refuses hopeless ``exact=True`` runs."""
    if exact is False or (exact is None and (samples is not None or target_stderr is not None)):
        return None
    plan = exact_module.cached_plan(spot, threads, use_tables)
    if exact is None:
        return plan if exact_module.runs_exactly(plan, EXACT_SECONDS_LIMIT) else None
    if not exact_module.runs_exactly(plan, exact_module.MAX_EXACT_SECONDS):
        raise exact_module.ExactTooSlowError(exact_module.refusal_message(plan))
    return plan
