"""``equity()``: the public entry point of the equity engine."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence

from .._jit import thread_limit
from ..cards import CardsLike, format_cards
from . import exact as exact_module
from .montecarlo import sample
from .result import EquityResult
from .spot import Spot, build_spot

#: ``exact=None`` enumerates when exact enumeration is estimated to take at most this (seconds).
EXACT_SECONDS_LIMIT = 1.0
#: Default stopping rule of sampled runs.
DEFAULT_TARGET_STDERR = 5e-4
DEFAULT_MAX_SAMPLES = 20_000_000


def equity(
    players: Sequence[object],
    board: CardsLike = "",
    dead: CardsLike = "",
    game: str = "holdem",
    *,
    exact: bool | None = None,
    samples: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    use_tables: bool = True,
) -> EquityResult:
    """Equity of every player: their expected share of the pot.

    Parameters
    ----------
    players
        Two or more hands or ranges. Hold'em: PokerStove/Equilab ranges
        (``"AsKs"``, ``"QQ+"``, ``"A2s+, KTo+:0.5"``, ``"random"``). Omaha
        (``omaha``, ``omaha5``, ``omaha6`` and their ``-hilo`` versions): a
        specific hand or ``"random"``. Stud (``stud``, ``stud-hilo``): each
        player's known cards, 0 to 7 (down and up, in deal order); the rest
        are dealt. Draw: a final five-card hand, or ``"HAND/DISCARDS"`` (the
        five cards held and those thrown away; as many are drawn, once).
        Card arrays are accepted too.
    board
        Known board cards (0, 3, 4 or 5; board games only).
    dead
        Cards out of play (mucked, burned, folded stud up cards).
    game
        ``holdem``, ``omaha``, ``omaha5``, ``omaha6``, ``omaha-hilo``,
        ``omaha5-hilo``, ``omaha6-hilo``, ``stud``, ``stud-hilo`` or ``draw``.
    exact
        ``True`` enumerates every deal, ``False`` samples, ``None`` enumerates
        when that is cheap (about a second or less) and samples otherwise.
    samples
        Deals to sample (sampled runs).
    target_stderr
        Stop sampling once every player's standard error is at most this
        (a fraction: 0.001 = 0.1 percentage points). Without ``samples`` or
        ``target_stderr`` sampling stops at a standard error of 0.0005 or
        20 million deals. With both, whichever is reached first.
    seed
        Seed for sampling; the same seed gives the same answer at any thread
        count. ``None`` draws one (reported as ``result.seed``).
    threads
        Threads to use (``None`` = all cores).
    progress
        Called as ``progress(done, total)`` between rounds of work.
    use_tables
        Let exact heads-up hold'em preflop read the shipped table of every
        matchup (``False`` computes it; the answer is the same).

    Returns
    -------
    EquityResult

    Raises
    ------
    ValueError
        For bad input: an unknown card or game, a card used twice, a board of
        the wrong size, a range emptied by card removal, more players than the
        deck can deal.

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
    spot = build_spot(players, board, dead, game)
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or samples < 1
    ):
        raise ValueError(f"samples: expected a positive integer, got {samples!r}")
    if target_stderr is not None and not (
        isinstance(target_stderr, (int, float))
        and math.isfinite(target_stderr)
        and target_stderr > 0
    ):
        raise ValueError(f"target_stderr: expected a positive number, got {target_stderr!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed: expected a non-negative integer, got {seed!r}")
    if exact not in (None, True, False):
        raise ValueError(f"exact: expected True, False or None, got {exact!r}")
    if exact is True and (samples is not None or target_stderr is not None):
        raise ValueError("exact=True enumerates every deal: drop samples/target_stderr")

    with thread_limit(threads):
        plan = _choose_method(spot, exact, samples, target_stderr, use_tables)
        labels = spot.labels
        board_text = format_cards(spot.board)
        dead_text = format_cards(spot.dead)
        if plan is not None:
            counters = exact_module.run_exact(spot, plan, progress)
            return EquityResult.from_counters(
                counters,
                players=labels,
                game=spot.game.name,
                board=board_text,
                dead=dead_text,
                exact=True,
                hilo=spot.game.hilo,
                seed=None,
            )
        if seed is None:
            seed = secrets.randbits(63)
        if samples is None and target_stderr is None:
            target_stderr = DEFAULT_TARGET_STDERR
        counters = sample(
            spot,
            seed=seed,
            samples=samples,
            target_stderr=target_stderr,
            max_samples=DEFAULT_MAX_SAMPLES,
            progress=progress,
        )
        return EquityResult.from_counters(
            counters,
            players=labels,
            game=spot.game.name,
            board=board_text,
            dead=dead_text,
            exact=False,
            hilo=spot.game.hilo,
            seed=seed,
        )


def _choose_method(
    spot: Spot,
    exact: bool | None,
    samples: int | None,
    target_stderr: float | None,
    use_tables: bool,
) -> exact_module.ExactPlan | None:
    """The exact plan to run, or None to sample; refuses hopeless ``exact=True`` runs."""
    if exact is False or (exact is None and (samples is not None or target_stderr is not None)):
        return None
    plan = exact_module.plan_exact(spot, use_tables=use_tables)
    if exact is None:
        return plan if plan.estimated_seconds <= EXACT_SECONDS_LIMIT else None
    if plan.estimated_seconds > exact_module.MAX_EXACT_SECONDS:
        raise exact_module.ExactTooSlowError(exact_module.refusal_message(plan))
    return plan
