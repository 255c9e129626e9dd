"""``showdown analyze``: all-in EV adjusted results and player statistics of hand histories."""

from __future__ import annotations

import click


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
def analyze_command(
    paths: tuple[str, ...], player: str | None, as_json: bool, plot_file: str | None, strict: bool
) -> None:
    """All-in EV adjusted results and statistics of every player in PHH hand histories.

    PATHS are .phh or .phhs files, directories (searched for them) or glob patterns.
    Hands that cannot be read are reported on stderr and skipped (--strict stops).

    \b
    Examples:
      showdown analyze hands/ --player Hero --plot ev.png
      showdown analyze 'data/**/*.phhs' --json
    """
    import json
    import warnings

    from showdown._progress import Progress
    from showdown.history import BadHandError, analyze, expand_paths

    if plot_file is not None and player is None:
        raise click.UsageError("--plot draws one player's graph: give --player NAME too")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # bad hands are listed below, once each
        try:
            files = expand_paths(list(paths))
            with Progress(True, total=len(files), description="files", unit="file") as bar:
                result = analyze(
                    files, player, strict=strict, progress=lambda done, _: bar.update_to(done)
                )
        except BadHandError as error:
            raise click.ClickException(str(error)) from None
        except ValueError as error:
            raise click.UsageError(str(error)) from None
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
        ax.figure.savefig(plot_file)
        click.echo(f"graph written to {plot_file}", err=True)
