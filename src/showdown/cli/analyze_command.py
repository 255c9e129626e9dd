"""``showdown analyze``: all-in EV adjusted results and player statistics of hand histories.

Every bad input (a path that does not exist, an unknown player, a bad option
value, a graph file that cannot be written) prints one ``Error: ...`` line on
stderr and exits with status 1, like the other commands.
"""

from __future__ import annotations

import os

import click

from ._errors import option_error
from ._figures import save_figure


def _check_plot_file(plot_file: str) -> None:
    """Refuse a graph file matplotlib cannot write before the (long) analysis runs."""
    from matplotlib.figure import Figure

    suffix = os.path.splitext(plot_file)[1].lstrip(".").lower()
    formats = Figure().canvas.get_supported_filetypes()
    if suffix not in formats:
        raise click.ClickException(
            f"--plot: {plot_file!r} has no image format matplotlib writes; end the name in "
            + ", ".join(f".{name}" for name in sorted(formats))
        )
    folder = os.path.dirname(os.path.abspath(plot_file))
    if not os.path.isdir(folder):
        raise click.ClickException(f"--plot: {plot_file!r}: no directory {folder!r}")


@click.command("analyze")
@click.argument("paths", nargs=-1, required=True)
@click.option("--player", default=None, help="Show only this player (and draw his graph).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@click.option(
    "--plot",
    "plot_file",
    default=None,
    type=click.Path(dir_okay=False),
    help="Draw the player's graph (net, all-in EV, showdown and non-showdown) to FILE.",
)
@click.option("--strict", is_flag=True, help="Stop at the first hand that cannot be read.")
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Analyse on the Dask cluster of this scheduler (tcp://host:8786; needs the dask "
    "extra), one task per file: the workers must see the files at the same paths.",
)
def analyze_command(
    paths: tuple[str, ...],
    player: str | None,
    as_json: bool,
    plot_file: str | None,
    strict: bool,
    scheduler: str | None,
) -> None:
    """All-in EV adjusted results and statistics of every player in hand histories.

    PATHS are PHH (.phh, .phhs), PokerStars text (.txt) or Open Hand History (.ohh,
    .json) files, directories (searched for .phh, .phhs and .ohh), glob patterns or
    hand stores written by `showdown convert` (read many times faster than text).
    Hands that cannot be read are reported on stderr and skipped (--strict stops).
    Bad input prints 'Error: ...' to stderr and exits with status 1.

    \b
    Examples:
      showdown analyze hands/ --player Hero --plot ev.png
      showdown analyze 'data/**/*.phhs' --json
      showdown analyze /shared/hands/ --scheduler tcp://10.0.0.5:8786
    """
    import json
    import warnings

    from showdown._progress import Progress
    from showdown._tasks import ClusterError
    from showdown.history import analyze, expand_paths

    if plot_file is not None:
        if player is None:
            raise click.ClickException("--plot draws one player's graph: give --player NAME too")
        _check_plot_file(plot_file)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # bad hands are listed below, once each
        try:
            files = expand_paths(list(paths))
            with Progress(True, total=len(files), description="files", unit="file") as bar:
                result = analyze(
                    files,
                    player,
                    strict=strict,
                    progress=lambda done, _: bar.update_to(done),
                    scheduler=scheduler,
                )
        except ValueError as error:  # BadHandError too: one line, status 1
            raise option_error(error, {"player": "--player", "scheduler": "--scheduler"}) from None
        except (ImportError, ClusterError) as error:  # no Dask, or the cluster failed
            raise click.ClickException(f"--scheduler: {error}") from None
    for bad in result.bad:
        click.echo(f"skipped: {bad}", err=True)
    if as_json:
        players = result.players.reset_index()
        data = {
            "counts": result.counts,
            "players": json.loads(players.to_json(orient="records", double_precision=6)),
        }
        click.echo(json.dumps(data, indent=2))
    else:
        import pandas as pd

        with pd.option_context("display.max_columns", None, "display.width", 200):
            click.echo(result.players.round(2).to_string())
        counts = ", ".join(f"{name} {value}" for name, value in result.counts.items())
        click.echo(counts)
    if plot_file is not None:
        assert player is not None
        import matplotlib

        matplotlib.use("Agg")
        ax = result.plot(player)
        save_figure(ax.figure, plot_file)
        click.echo(f"graph written to {plot_file}", err=True)
