"""``showdown equity``: each player's share of the pot, exact or by Monte Carlo.

The command is a thin layer over :func:`showdown.equity`: it checks the
options that only make sense together, runs the engine (with a progress bar
on stderr for long runs in a terminal) and prints the result as a table or as
JSON. Every bad input ends as ``Error: ...`` on stderr with status 1.
"""

from __future__ import annotations

import json
import sys
import time
import warnings
from typing import TYPE_CHECKING

import click

from ..games import HAND_TYPES
from ._errors import option_error

if TYPE_CHECKING:  # the engine (numpy, numba) loads inside the callback only; see cli/main.py
    from .._progress import Progress
    from ..equity import EquityResult
    from ..equity.analysis.by_card import RunoutTable
    from ..equity.analysis.distribution import EquityDistribution

#: Game names shown in ``--help``: the hand types of the game registry (a leaf module, so
#: reading it keeps ``showdown --help`` fast).
GAME_NAMES = tuple(HAND_TYPES)

#: Library parameter names (``InputError.parameter``) -> this command's options.
OPTION_NAMES = {
    "board": "--board",
    "dead": "--dead",
    "game": "--game",
    "samples": "--samples",
    "max_samples": "--max-samples",
    "target_stderr": "--stderr",
    "seed": "--seed",
    "threads": "--threads",
    "scheduler": "--scheduler",
    "combos": "--combos",
}

#: Runs expected to take longer than this (seconds) show a progress bar from their first
#: report on; quicker runs print nothing extra.
PROGRESS_DELAY = 1.0

EPILOG = """\b
Examples:
  showdown equity AsKs QQ+ --board Kd7c2h
      hold'em: a hand against a range on the flop (exact)
  showdown equity "AA,KK:0.5,AKs" "22+,A2s+" random --samples 2000000 --seed 7
      ranges with weights (ITEM:WEIGHT), a random hand, 2 M sampled deals
  showdown equity AsAhKsKh JdTd9c8c --game omaha
      Omaha: 4 hole cards per player (omaha5 / omaha6: 5 / 6 cards)
  showdown equity As2s3hKh KdKcQdJc --game omaha-hilo --stderr 0.001
      Omaha hi-lo 8 (hi-lo columns below); sample to 0.1 pp
  showdown equity AsAhKd ??Qc --game stud --dead 7h
      7-card stud: known cards in deal order (2 down, then up); ? is an unseen down card
  showdown equity AsKsQsJs2c/2c KhKdKc7s6s/7s6s random --game draw
      5-card draw: HAND/DISCARDS (the discards replaced by one draw); random draws too
  showdown equity AhKh QsQd --json
      one JSON document: game, board, dead, exact, trials, seed, players
  showdown equity AsKs QQ+ --board Kd7c2h --combos
      also each range's equity combo by combo (--combos 2: player 2 only)
  showdown equity AhKh QsQd --board 2c7d9h --by-card
      also each player's equity after each possible turn card
  showdown equity AsKs "QQ+, AK" --board Kd7c2h --distribution
      also how each range's equity spreads over its combos (buckets, percentiles)
  showdown equity AsKs QQ+ random --samples 1000000000 --scheduler tcp://10.0.0.5:8786
      on a Dask cluster (pip install -e '.[dask]'): the local answer, faster

\b
Player syntax:
  holdem    a hand (AsKs), a range (QQ+, A2s+, KTo+, T9s-76s, 22-55, AhKh) or random;
            ITEM:WEIGHT weights a part of a range (AKs:0.5)
  omaha*    a hand of 4, 5 or 6 cards, or random
  stud*     0-7 cards in deal order, ? for an unseen down card (??Kd: two down cards
            and the Kd up); random = nothing known
  draw      a final 5-card hand, HAND/DISCARDS, random (five unknown cards that draw by
            a simple rule: pat on a straight or better, else keep pairs, trips or two
            pair, else four to a flush or an open-ended straight, else the highest card)
            or random/pat (five unknown cards, no draw)

\b
Columns: equity (expected share of the pot; sampled: ± one standard error); high-only
games: win (whole pot alone) and tie (pot shared). Hi-lo games: scoop (whole pot alone),
win high (best high hand alone), win low (best qualifying low alone), split (a part of
the pot but not all of it), high equity and low equity (expected share of each half; the
low half goes to the high hand when no low qualifies).

\b
Without --exact, --samples or --stderr the engine enumerates every deal when that
takes about a second or less and samples otherwise (to a standard error of 0.0005).
Runs with a standard-error target stop at --max-samples deals (default 20,000,000) and
print a note when the target was not reached by then.
Sampled runs print their seed: pass it back with --seed to repeat the run exactly.
A progress bar appears on stderr for runs longer than a second (terminal only, not with
--json). Bad input prints 'Error: ...' to stderr and exits with status 1.

\b
--combos prints, after the main table, a table per player whose hand is a range (or
random): each combo's weight (its share of that player's deals), equity, win and tie,
highest equity first; --combos N prints player N's only (even a single hand). The
counts come from the same run. --by-card (flop or turn boards, exact) prints each
player's equity after each possible next card with the card's share of deals.
With --json both go into the document ("combos" per player, "by_card").

\b
--distribution prints each player's equity distribution (--distribution N: player N's):
the share of the range's weight (combos weighted by their share of the player's deals)
with equity in 0-33%, 33-50%, 50-75% and 75-100%, the nut share (equity 95% or more),
and the equity at the 10th, 25th, 50th, 75th and 90th percentile of the range. A single
hand is one combo. Flop games only; not with --combos or --by-card. With --json the
document gets "distribution": per player those numbers and every combo's weight, equity
and percentile, weakest first.
"""


class _ProgressReporter:
    """A ``progress(done, total)`` callback that shows a bar only for long runs.

    The engine reports at once, then at least every quarter second. The bar
    (``showdown._progress``: tqdm when installed, removed when done) is created
    at the first report that shows the whole run will take longer than
    :data:`PROGRESS_DELAY` seconds, judged from the time so far and the share
    done, so long runs show it from the start and short runs stay silent.
    """

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.started = time.perf_counter()
        self.bar: Progress | None = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        if self.bar is None:
            elapsed = time.perf_counter() - self.started
            expected = elapsed * total / done if done > 0 else elapsed
            if expected < PROGRESS_DELAY:
                return
            from .._progress import Progress

            self.bar = Progress(True, total, description="equity", transient=True)
        self.bar.update_to(min(done, self.bar.total))

    def close(self) -> None:
        """Finish the bar (if one was shown) so the table starts on a clean line."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _parse_stderr(text: str) -> float:
    """``0.001`` (a fraction) or ``0.1%`` (percentage points) -> a fraction."""
    value = text.strip()
    scale = 1.0
    if value.endswith("%"):
        value, scale = value[:-1], 0.01
    try:
        number = float(value) * scale
    except ValueError:
        raise ValueError(
            f"--stderr: expected a number such as 0.001 or 0.1%, got {text!r}"
        ) from None
    if not number > 0 or number == float("inf"):
        raise ValueError(f"--stderr: expected a positive number, got {text!r}")
    return number


def _summary(result: EquityResult) -> str:
    """One line naming the spot and how it was computed (with the seed of sampled runs)."""
    spot = result.game
    if result.board:
        spot += f", board {result.board}"
    if result.dead:
        spot += f", dead {result.dead}"
    trials = f"{result.trials:,}" if isinstance(result.trials, int) else f"{result.trials:,.1f}"
    deals = "deal" if result.trials == 1 else "deals"
    if result.exact:
        return f"{spot}: exact, {trials} {deals}"
    seed = result.seed
    return f"{spot}: Monte Carlo, {trials} {deals}, seed {seed} (repeat with --seed {seed})"


def _target_note(result: EquityResult) -> str | None:
    """One line when a standard-error target was missed at the --max-samples cap."""
    if result.target_met is not False:
        return None
    reached = float(result.stderr.max())
    return (
        f"Note: the standard error target {result.target_stderr:g} was not reached "
        f"({reached:.3g} after {result.trials:,} deals); raise --max-samples to sample further."
    )


def run_equity(
    players: tuple[str, ...],
    *,
    board: str,
    dead: str,
    game: str,
    exact: bool,
    samples: int | None,
    stderr: str | None,
    seed: int | None,
    threads: int | None,
    show_progress: bool,
    max_samples: int | None = None,
    combos: bool = False,
    scheduler: str | None = None,
) -> EquityResult:
    """Check the options, then run :func:`showdown.equity`; raises ``ValueError`` on bad input.

    The library checks the numbers (``InputError`` naming its parameter, see
    ``OPTION_NAMES``); here only what is the command's own: the choice among
    --exact, --samples and --stderr, two players at least, the --stderr text.
    With ``scheduler`` (a Dask scheduler's address), a failure of the cluster
    or a missing Dask raises ``ValueError`` too, naming ``--scheduler``.
    """
    chosen = [
        name
        for name, given in (
            ("--exact", exact),
            ("--samples", samples is not None),
            ("--stderr", stderr is not None),
        )
        if given
    ]
    if len(chosen) > 1:
        raise ValueError(
            f"{' and '.join(chosen)} cannot be combined: --exact enumerates every deal, "
            "--samples N samples N deals, --stderr X samples until the standard error is X"
        )
    if len(players) < 2:
        raise ValueError(
            f"expected at least two players, got {len(players)}: e.g. showdown equity AsKs QQ+"
        )
    target_stderr = None if stderr is None else _parse_stderr(stderr)

    from .._progress import compiling
    from .._tasks import ClusterError  # standard library only: no Dask import
    from ..equity import equity, get_game
    from ..errors import InputError

    rules = get_game(game)
    canonical_game = rules.name  # aliases (plo, plo8, stud8, ...) work too
    reporter = _ProgressReporter(show_progress)
    # One line on stderr before a real compile (never on a warm cache), estimated
    # from the game's sampling kernel.
    omaha = rules.kind == "board" and rules.hole_size > 2
    kernel = f"sample_{'omaha' if omaha else 'best_five'}{'_hilo' if rules.hilo else ''}"
    if rules.lowest_rank:  # short deck runs on the short-deck evaluator (equity.short_deck)
        kernel = "evaluate_short_deck_kernel"
    try:
        with (
            compiling(
                f"the {canonical_game} equity kernels",
                [kernel],
                notify=lambda line: click.echo(line, err=True),
            ),
            warnings.catch_warnings(),
        ):
            # A missed standard-error target is reported as one line (_target_note).
            warnings.simplefilter("ignore", RuntimeWarning)
            return equity(
                list(players),
                board=board,
                dead=dead,
                game=canonical_game,
                exact=True if exact else None,
                samples=samples,
                target_stderr=target_stderr,
                max_samples=max_samples,
                seed=seed,
                threads=threads,
                progress=reporter,
                combos=combos,
                scheduler=scheduler,
            )
    except (ImportError, ClusterError) as error:  # no Dask, or the cluster failed
        if scheduler is None or isinstance(error, InputError):
            raise  # an InputError names its parameter already (scheduler: ...)
        raise InputError(str(error), parameter="scheduler") from None
    finally:
        reporter.close()


def _combo_players(choice: str | None, result: EquityResult) -> list[int]:
    """The players (0-based) whose combos ``--combos`` prints."""
    if choice is None:
        return []
    if choice == "all":
        return [
            index
            for index in range(len(result.players))
            if len(result.combo_breakdown(index).cards) > 1
        ]
    return [int(choice) - 1]


def _check_combos_choice(choice: str | None, n_players: int, option: str = "--combos") -> None:
    if choice is None or choice == "all":
        return
    if not choice.isdigit() or not 1 <= int(choice) <= n_players:
        every = "every range" if option == "--combos" else "every player"
        raise ValueError(
            f"{option}: expected a player number from 1 to {n_players} (or no value for "
            f"{every}), got {choice!r}"
        )


def _check_distribution(combos: str | None, by_card: bool, game: str) -> None:
    """``--distribution`` shows per-combo equity of flop games, alone: refuse the rest."""
    for given, option in ((combos is not None, "--combos"), (by_card, "--by-card")):
        if given:
            raise ValueError(
                f"--distribution and {option} cannot be combined: run them one at a time "
                "(--distribution --json lists every combo's equity)"
            )
    from ..equity import get_game

    rules = get_game(game)  # an unknown game: InputError naming --game (OPTION_NAMES)
    if rules.kind != "board":
        raise ValueError(
            f"--distribution: equity distributions are for flop games (holdem, omaha, omaha5, "
            f"omaha6 and their -hilo versions), not {rules.name}"
        )


def _distribution(result: EquityResult, choice: str | None) -> EquityDistribution | None:
    """What ``--distribution`` shows: every player's, or player ``choice``'s (1-based)."""
    if choice is None:
        return None
    from ..equity.analysis.distribution import distribution_of

    return distribution_of(result, None if choice == "all" else int(choice) - 1)


@click.command(
    name="equity",
    epilog=EPILOG,
    short_help="Equity of hands and ranges: exact enumeration or Monte Carlo.",
)
@click.argument("players", nargs=-1, metavar="PLAYER...")
@click.option("--board", "-b", default="", metavar="CARDS", help="Known board cards (3, 4 or 5).")
@click.option(
    "--dead", "-d", default="", metavar="CARDS", help="Cards out of play (mucked, folded)."
)
@click.option(
    "--game",
    "-g",
    default="holdem",
    show_default=True,
    metavar="GAME",
    help=(
        f"One of {', '.join(GAME_NAMES)}. Names with a betting structure (nlhe, plo8, "
        "stud8...) and aliases work too: the betting does not change equity."
    ),
)
@click.option("--exact", is_flag=True, help="Enumerate every deal (no sampling).")
@click.option("--samples", "-n", type=int, metavar="N", help="Sample N deals (Monte Carlo).")
@click.option(
    "--stderr",
    "stderr",
    metavar="X",
    help="Sample until every standard error is at most X (0.001 or 0.1%).",
)
@click.option(
    "--max-samples",
    type=int,
    metavar="N",
    help="Most deals a run with a standard-error target samples (default 20,000,000).",
)
@click.option("--seed", type=int, metavar="S", help="Seed of a sampled run (repeats it exactly).")
@click.option("--threads", "-t", type=int, metavar="T", help="Threads to use (default: all).")
@click.option(
    "--combos",
    "combos",
    is_flag=False,
    flag_value="all",
    default=None,
    metavar="[PLAYER]",
    help="Also show equity by combo: every range's, or player PLAYER's (1, 2, ...).",
)
@click.option(
    "--by-card",
    is_flag=True,
    help="Also show each player's equity after each possible next card (flop or turn).",
)
@click.option(
    "--distribution",
    "distribution",
    is_flag=False,
    flag_value="all",
    default=None,
    metavar="[PLAYER]",
    help="Also show how equity spreads over each range's combos (or player PLAYER's).",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Compute on the Dask cluster of this scheduler (tcp://host:8786; needs "
    "the dask extra); the answer is the local one.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of a table.")
def equity_command(
    players: tuple[str, ...],
    board: str,
    dead: str,
    game: str,
    exact: bool,
    samples: int | None,
    stderr: str | None,
    max_samples: int | None,
    seed: int | None,
    threads: int | None,
    combos: str | None,
    by_card: bool,
    distribution: str | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """Equity of each PLAYER: their expected share of the pot.

    Give two or more players, each a hand or (hold'em) a range; quote ranges
    that contain spaces ("QQ+, AKs"). The table shows each player's equity
    (with its standard error when sampled), the share of deals won outright
    and the share tied; hi-lo games show scoop, win high, win low, split and
    each half's equity instead of win and tie.
    """
    # The bar goes to stderr, so it is only drawn there for a person watching a terminal.
    show_progress = not as_json and sys.stderr.isatty()
    try:
        _check_combos_choice(combos, len(players))
        _check_combos_choice(distribution, len(players), "--distribution")
        if by_card and (samples is not None or stderr is not None):
            raise ValueError("--by-card is exact: drop --samples/--stderr")
        if distribution is not None:
            _check_distribution(combos, by_card, game)
        result = run_equity(
            players,
            board=board,
            dead=dead,
            game=game,
            exact=exact,
            samples=samples,
            stderr=stderr,
            seed=seed,
            threads=threads,
            show_progress=show_progress,
            max_samples=max_samples,
            combos=combos is not None or distribution is not None,
            scheduler=scheduler,
        )
        spread = _distribution(result, distribution)
        runouts = _runouts(players, board, dead, game, threads) if by_card else None
    except ValueError as error:
        # One line on stderr naming the option, never a traceback; range text that does
        # not parse also gets a caret under the offending token. Per-combo counting was
        # asked for by --distribution when it is given.
        asked = "--combos" if distribution is None else "--distribution"
        raise option_error(error, {**OPTION_NAMES, "combos": asked}) from None
    chosen = _combo_players(combos, result)
    if as_json:
        try:
            # allow_nan=False: a number JSON cannot hold is an error, never invalid output.
            document = _document(result, chosen, runouts)
            if spread is not None:
                document["distribution"] = spread.to_dict()["players"]
            text = json.dumps(document, indent=2, allow_nan=False)
        except ValueError as error:
            raise click.ClickException(f"--json: {error}") from None
        click.echo(text)
    else:
        click.echo(_summary(result))
        click.echo(result.table())
        for index in chosen:
            click.echo(f"\nplayer {index + 1} ({result.players[index]}) by combo:")
            click.echo(_combo_text(result, index))
        if spread is not None:
            click.echo(f"\n{spread.tables()}")
        if runouts is not None:
            which = "turn" if len(runouts.board) == 6 else "river"
            click.echo(f"\nby {which} card:")
            click.echo(runouts.table())
    note = _target_note(result)
    if note is not None:
        click.echo(note, err=True)
    if result.note:  # an exact run stopped far over its estimate and sampled instead
        click.echo(f"Note: {result.note}.", err=True)


def _document(
    result: EquityResult, chosen: list[int], runouts: RunoutTable | None
) -> dict[str, object]:
    """The ``--json`` document: the result's dict, the combos asked for, the runouts."""
    from ..equity.formatting import json_number

    document = result.to_dict()
    for index in chosen:
        document["players"][index]["combos"] = _combo_records(result, index)
    if runouts is not None:
        document["by_card"] = {
            "players": runouts.players,
            "cards": [
                {
                    "card": card,
                    "share": json_number(share),
                    "equity": [json_number(value) for value in equity],
                }
                for card, share, equity in zip(
                    runouts.cards, runouts.share, runouts.equity, strict=True
                )
            ],
        }
    return document


def _runouts(
    players: tuple[str, ...], board: str, dead: str, game: str, threads: int | None
) -> RunoutTable:
    from ..equity import get_game
    from ..equity.analysis.by_card import runout_table

    return runout_table(list(players), board, dead=dead, game=get_game(game).name, threads=threads)


def _combo_text(result: EquityResult, index: int) -> str:
    from ..equity.breakdown import combo_table

    return combo_table(result.combo_breakdown(index), exact=result.exact, hilo=result.hilo)


def _combo_records(result: EquityResult, index: int) -> list[dict[str, object]]:
    """One player's combos as JSON records, in range order."""
    from ..equity.breakdown import combo_columns
    from ..equity.formatting import json_records

    return json_records(
        combo_columns(result.combo_breakdown(index), exact=result.exact, hilo=result.hilo)
    )
