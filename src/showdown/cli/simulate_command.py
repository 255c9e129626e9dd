"""``showdown simulate``: play many hands between built-in agents and print the results.

The library does the work (:func:`showdown.simulator.simulate`); this module
parses options, says in one line on stderr when the simulator is about to be
compiled (first use only; "about N s" from measured figures), shows a progress
bar on stderr from the start (terminal only, not with ``--json``; it ticks
while compiling), writes PHH files with ``--phh-out`` as hands finish (a hand
file is never written through a symlink or over an existing file; a directory
with files in it is refused unless ``--overwrite`` clears showdown's own hand
files from it) and prints a results table or one JSON document. The results
give the play's time and hands per second apart from the start-up (compiling or
loading the kernels). The simulator (and numpy/numba) is imported inside the
callback so ``showdown --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import click

from ..games import HAND_TYPES, PLAY_GAMES, find_game
from ._errors import option_error

#: Seats per table when one agent is named (several agents: one seat each); the same rule
#: as ``simulate()`` (``showdown.simulator.session.DEFAULT_PLAYERS``, checked by a test).
DEFAULT_PLAYERS = 6

#: "holdem = nlhe, omaha = plo, ...": hand types whose usual game has another name.
GAME_DEFAULTS = ", ".join(
    f"{name} = {play}"
    for name in HAND_TYPES
    if (play := find_game(name).play) is not None and play != name
)

GAMES_TEXT = textwrap.fill(
    f"Games: {' '.join(PLAY_GAMES)}; a hand type plays at its usual betting "
    f"({GAME_DEFAULTS}). Aliases (limit-holdem, plo-hilo, stud-8...) work too; "
    "a name it does not know gets the full list.",
    width=80,
)

EPILOG = f"""\b
Examples:
  showdown simulate --game nlhe --players 6 --hands 100000 --agents random,call,strength
  showdown simulate --game plo8 --players 4 --hands 5000 --seed 7 --json
  showdown simulate --game stud --hands 200 --agents strength,random --phh-out hands/
  showdown simulate --game nlhe --players 3 --mode tournament --stack 300 --hands 2000
  showdown simulate --game nlhe --hands 100000000 --scheduler tcp://10.0.0.5:8786

\b
Agents (repeated in order to fill the seats): random (a random legal action),
call (always checks or calls), strength (bets, calls or folds by its hand's
strength). One seat per agent named; a single agent fills {DEFAULT_PLAYERS} seats.
\b
{GAMES_TEXT}
Stakes are 1/2 blinds (stud: 1 ante, 2 bring-in, 5-10; fixed-limit draw: 1 ante,
2-4); bb/100 counts the small bet as the big blind in stud and fixed-limit draw.
Without --seed a seed is drawn and printed: pass it back to repeat the run.
Bad input prints 'Error: ...' to stderr and exits with status 1.
"""


#: Library parameter names (``InputError.parameter``) -> this command's options.
OPTION_NAMES = {
    "game": "--game",
    "players": "--players",
    "hands": "--hands",
    "agents": "--agents",
    "seed": "--seed",
    "mode": "--mode",
    "starting_stack": "--stack",
    "threads": "--threads",
    "scheduler": "--scheduler",
}


#: Names of the hand files ``--phh-out`` writes (and ``--overwrite`` removes).
HAND_FILE = re.compile(r"hand-[0-9]+\.phh")

#: Flags of a new hand file: create it, fail if the name exists (a file or any symlink,
#: dangling too), never follow a symlink.
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


def _os_reason(error: OSError) -> str:
    return error.strerror or str(error)


def prepare_directory(directory: Path, *, overwrite: bool = False) -> None:
    """Make ``directory`` ready for a run's hand files, before any hand is played.

    It is created if needed and must be empty: with ``overwrite``, the hand files
    of an earlier run (``hand-N.phh``: files or symlinks, the links themselves
    removed, never their targets) are removed first and other files are left
    alone. A probe file checks that it is writable, so a long simulation never
    runs only to lose its histories.

    Raises
    ------
    ValueError
        Naming ``--phh-out``: not a directory, not writable, or not empty.
    """
    where = str(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        entries = sorted(os.listdir(directory))
        if overwrite:
            for name in [name for name in entries if HAND_FILE.fullmatch(name)]:
                path = directory / name
                if path.is_symlink() or path.is_file():
                    path.unlink()
                    entries.remove(name)
        if entries and not overwrite:
            shown = ", ".join(entries[:3]) + (", ..." if len(entries) > 3 else "")
            raise ValueError(
                f"--phh-out: {where!r} is not empty ({len(entries)} entries: {shown}); "
                "choose a new or empty directory, or pass --overwrite to replace the hand "
                "files (hand-N.phh) of an earlier run"
            )
        with tempfile.NamedTemporaryFile(dir=directory, prefix=".showdown-probe-"):
            pass
    except OSError as error:
        raise ValueError(f"--phh-out: cannot write to {where!r}: {_os_reason(error)}") from None


class HandFiles:
    """``on_history`` for ``simulate()``: each hand's PHH text to its own new file.

    Hand ``k`` (from 0) goes to ``hand-{k + 1}.phh``, zero-padded to the digits of
    ``hands`` (at least five). A file is created only where no file or symlink of
    that name exists (``O_EXCL``, ``O_NOFOLLOW``), so nothing outside the directory
    is ever written; an interrupted write leaves no partial file.
    """

    def __init__(self, directory: Path, hands: int) -> None:
        self.directory = directory
        self.width = max(5, len(str(hands)))
        self.written = 0

    def __call__(self, hand: int, text: str) -> None:
        path = self.directory / f"hand-{hand + 1:0{self.width}d}.phh"
        data = text.encode("utf-8")
        try:
            descriptor = os.open(path, _NEW_FILE, 0o666)
        except FileExistsError:
            raise ValueError(
                f"--phh-out: {str(path)!r} appeared during the run; it was left alone"
            ) from None
        except OSError as error:
            raise ValueError(
                f"--phh-out: writing {str(path)!r} failed: {_os_reason(error)}"
            ) from None
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
        except BaseException as error:
            # A full disk, or Ctrl-C in the middle: no half-written history is left.
            path.unlink(missing_ok=True)
            if isinstance(error, OSError):
                raise ValueError(
                    f"--phh-out: writing {str(path)!r} failed: {_os_reason(error)}"
                ) from None
            raise
        self.written += 1


def run_simulation(
    game: str,
    players: int | None,
    hands: int,
    agents: str,
    seed: int | None,
    mode: str,
    stack: int | None,
    phh_out: Path | None,
    progress: Any = None,
    threads: int | None = None,
    scheduler: str | None = None,
    files: HandFiles | None = None,
) -> Any:
    """Run the simulation for the command; raises ``ValueError`` naming bad input.

    A real compile (never a cache load) is announced with one line on stderr
    first; ``progress`` (a :class:`showdown._progress.Progress`, or ``None``)
    shows the hands played and keeps ticking meanwhile. With ``phh_out``, hands
    are written by ``files`` (a :class:`HandFiles` on that directory, ready from
    :func:`prepare_directory`) as they finish.
    """
    from .._progress import compiling
    from ..simulator import compiled, get_variant, simulate
    from ..simulator.session import compile_estimate

    names = [name.strip() for name in agents.split(",") if name.strip()]
    if not names:
        raise ValueError("--agents: give at least one agent, e.g. random,call")
    if phh_out is not None and files is None:
        prepare_directory(phh_out)
        files = HandFiles(phh_out, hands)
    variant = get_variant(game)
    eligible = compiled.ineligibility(variant, names, mode) is None
    what, kernels = compile_estimate(variant, eligible)
    reporter = None if progress is None else (lambda done, _total: progress.update_to(done))
    with compiling(what, kernels, progress=progress, notify=_tell):
        result = simulate(
            game,
            names,
            hands=hands,
            seed=seed,
            players=players,
            starting_stack=stack,
            mode=mode,
            on_history=files,
            progress=reporter,
            threads=threads,
            scheduler=scheduler,
        )
    return result


def _tell(line: str) -> None:
    click.echo(line, err=True)


@click.command(
    name="simulate",
    epilog=EPILOG,
    short_help="Play many hands between agents: bb/100, VPIP/PFR, showdowns.",
)
@click.option(
    "--game",
    "-g",
    default="nlhe",
    show_default=True,
    help=f"Game to play: {', '.join(PLAY_GAMES)}, or a hand type ({GAME_DEFAULTS}).",
)
@click.option(
    "--players",
    "-p",
    type=int,
    default=None,
    help=(
        f"Seats per table [default: one per agent named, {DEFAULT_PLAYERS} for a single "
        "agent]; agents repeat in order to fill them."
    ),
)
@click.option("--hands", "-n", type=int, default=10_000, show_default=True, help="Hands to play.")
@click.option(
    "--agents",
    "-a",
    default="random,call,strength",
    show_default=True,
    help="Comma-separated agents: random, call, strength.",
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Seed: the same seed repeats the run exactly [default: drawn and printed].",
)
@click.option(
    "--mode",
    type=click.Choice(["cash", "tournament"]),
    default="cash",
    show_default=True,
    help="cash: stacks topped up each hand; tournament: play down to one player, repeat.",
)
@click.option(
    "--stack",
    type=int,
    default=None,
    help="Starting stack in chips, at least one big blind [default: 100 big blinds].",
)
@click.option(
    "--threads",
    type=int,
    default=None,
    help="Threads sharing the tables [default: every CPU]; the result does not depend on it.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Play on the Dask cluster of this scheduler (tcp://host:8786; needs the dask extra); "
    "the result is the local one.",
)
@click.option(
    "--phh-out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write every hand as a PHH file (hand-00001.phh, ...) into this directory, as "
    "hands finish; it must be new or empty.",
)
@click.option(
    "--overwrite",
    is_flag=True,
    help="With --phh-out: first remove the hand files of an earlier run from the directory "
    "(other files stay).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def simulate_command(
    game: str,
    players: int | None,
    hands: int,
    agents: str,
    seed: int | None,
    mode: str,
    stack: int | None,
    threads: int | None,
    scheduler: str | None,
    phh_out: Path | None,
    overwrite: bool,
    as_json: bool,
) -> None:
    """Simulate HANDS hands of GAME between agents and print each seat's results.

    Columns: net chips, bb/100 with its 95% interval, VPIP, PFR, aggression
    (bets and raises per call), went to showdown and won at showdown.
    """
    from .._progress import Progress
    from .._tasks import ClusterError  # standard library only: no Dask import

    # The bar is drawn from the start (before any compile) on a terminal, and removed
    # when done so the table follows on a clean screen.
    shown = not as_json and sys.stderr.isatty() and hands > 0
    files = None
    try:
        if phh_out is not None:
            prepare_directory(phh_out, overwrite=overwrite)
            files = HandFiles(phh_out, hands)
        elif overwrite:
            raise ValueError("--overwrite: it clears the --phh-out directory; give --phh-out")
        with Progress(
            shown, max(hands, 0), description="simulate", unit="hands", transient=True
        ) as bar:
            result = run_simulation(
                game, players, hands, agents, seed, mode, stack, phh_out,
                bar if bar.active else None, threads, scheduler, files,
            )  # fmt: skip
    except ValueError as error:
        raise option_error(error, OPTION_NAMES) from None
    except KeyboardInterrupt:
        if files is not None:
            written = files.written
            click.echo(f"interrupted: {written} hand histories written to {phh_out}", err=True)
        raise click.Abort() from None
    except (ImportError, ClusterError) as error:  # no Dask, or the cluster failed
        if scheduler is None:
            raise
        raise click.ClickException(f"--scheduler: {error}") from None
    if as_json:
        data = result.to_dict()
        if phh_out is not None:
            data["phh_out"] = str(phh_out)
        click.echo(json.dumps(data, indent=2))
        return
    click.echo(
        f"{result.game}: {result.players} players, big blind {result.big_blind} chips, "
        f"seed {result.seed} (repeat with --seed {result.seed})"
    )
    click.echo(result.table())
    if phh_out is not None:
        click.echo(f"wrote {result.hands} hand histories to {phh_out}")
