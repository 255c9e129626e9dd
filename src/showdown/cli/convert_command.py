"""``showdown convert``: hand histories read and analysed once, kept as a Parquet hand store.

Every bad input (a path that does not exist, an output directory that holds
something else, pyarrow missing) prints one ``Error: ...`` line on stderr and
exits with status 1, like the other commands.
"""

from __future__ import annotations

import click

from .simulate_command import BadInputIsStatusOne


@click.command("convert", cls=BadInputIsStatusOne)
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--to",
    "target",
    type=click.Choice(["parquet"]),
    default="parquet",
    show_default=True,
    help="What to write: a hand store of Parquet tables.",
)
@click.option(
    "-o",
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False),
    help="The store's directory (new or empty).",
)
@click.option("--overwrite", is_flag=True, help="Replace a hand store already at --out.")
@click.option("--strict", is_flag=True, help="Stop at the first hand that cannot be read.")
def convert_command(
    paths: tuple[str, ...], target: str, out: str, overwrite: bool, strict: bool
) -> None:
    """Read and analyse PHH hand histories once and keep them as a hand store.

    PATHS are .phh or .phhs files, directories, glob patterns or other stores.
    The store (hands, actions, per-player results and skipped hands as Parquet
    tables) is read by `showdown analyze OUT` many times faster than the text.
    Hands that cannot be read are reported on stderr and skipped (--strict stops).
    Bad input prints 'Error: ...' to stderr and exits with status 1.

    \b
    Examples:
      showdown convert data/handhq --to parquet --out handhq.store
      showdown analyze handhq.store --player Hero
    """
    import warnings
    from pathlib import Path

    from showdown._progress import Progress
    from showdown.history import BadHandWarning, expand_paths
    from showdown.history.store import write_store

    assert target == "parquet"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            files = expand_paths(list(paths))
            with Progress(True, total=len(files), description="files", unit="file") as bar:
                counts = write_store(
                    files, out, strict=strict, overwrite=overwrite,
                    progress=lambda done, _: bar.update_to(done),
                )  # fmt: skip
        except ModuleNotFoundError as error:
            raise click.ClickException(str(error)) from None
        except ValueError as error:  # BadHandError too: one line, status 1
            message = str(error)
            if message.startswith(str(Path(out))):
                message = f"--out: {message}"
            raise click.ClickException(message) from None
    for warning in caught:
        if issubclass(warning.category, BadHandWarning):
            click.echo(f"skipped: {warning.message}", err=True)
    summary = ", ".join(f"{name} {value}" for name, value in counts.items())
    click.echo(f"hand store written to {out}: {summary}")
