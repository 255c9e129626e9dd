"""``showdown convert``: hand histories kept as a Parquet hand store, or written out as PHH.

``--to parquet`` reads and analyses the hands once into a hand store;
``--to phh`` writes every hand read (PHH, PokerStars text, Open Hand History)
as PHH: one multi-hand ``.phhs`` file when ``--out`` ends in ``.phhs``, else a
directory of ``.phh`` files, one per hand.

Every bad input (a path that does not exist, an output that holds something
else, pyarrow missing) prints one ``Error: ...`` line on stderr and exits with
status 1, like the other commands.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ._errors import option_error

if TYPE_CHECKING:
    from showdown.simulator.phh import HandHistory


@click.command("convert")
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--to",
    "target",
    type=click.Choice(["parquet", "phh"]),
    default="parquet",
    show_default=True,
    help="What to write: a hand store of Parquet tables, or PHH text.",
)
@click.option(
    "-o",
    "--out",
    "out",
    required=True,
    type=click.Path(),
    help="The store's directory (new or empty); for phh a .phhs file or a directory.",
)
@click.option("--overwrite", is_flag=True, help="Replace a hand store or PHH output at --out.")
@click.option("--strict", is_flag=True, help="Stop at the first hand that cannot be read.")
def convert_command(
    paths: tuple[str, ...], target: str, out: str, overwrite: bool, strict: bool
) -> None:
    """Keep hand histories as a hand store, or write them out as PHH.

    PATHS are .phh or .phhs files, PokerStars .txt files, Open Hand History
    .ohh/.json files, directories, glob patterns or other stores. The store
    (hands, actions, per-player results and skipped hands as Parquet tables)
    is read by `showdown analyze OUT` many times faster than the text. With
    --to phh, OUT is one .phhs file of every hand, or a directory of .phh files.
    Hands that cannot be read are reported on stderr and skipped (--strict stops).
    Bad input prints 'Error: ...' to stderr and exits with status 1.

    \b
    Examples:
      showdown convert data/handhq --to parquet --out handhq.store
      showdown analyze handhq.store --player Hero
      showdown convert HH20240203.txt --to phh --out hands.phhs
    """
    import warnings
    from pathlib import Path

    from showdown._progress import Progress
    from showdown.history import BadHandWarning, expand_paths
    from showdown.history.store import write_store

    if target == "phh":
        _write_phh_command(paths, out, overwrite, strict)
        return
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


def _write_phh_command(paths: tuple[str, ...], out: str, overwrite: bool, strict: bool) -> None:
    """``--to phh``: every hand read, written as PHH (see the module docstring)."""
    import warnings

    from showdown.history import BadHandWarning, ReadReport, expand_paths, hands

    report = ReadReport()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            files = expand_paths(list(paths))
            written = write_phh_hands(hands(files, strict=strict, report=report), out, overwrite)
        except ValueError as error:  # BadHandError too: one line, status 1
            raise option_error(error, {}) from None
    for warning in caught:
        if issubclass(warning.category, BadHandWarning):
            click.echo(f"skipped: {warning.message}", err=True)
    click.echo(f"PHH written to {out}: {written} hands, {report.skipped} skipped")


def write_phh_hands(histories: Iterable[HandHistory], out: str, overwrite: bool) -> int:
    """Write ``histories`` as PHH to ``out`` and return how many were written.

    ``out`` ending in ``.phhs`` is one file of ``[1]``, ``[2]``... tables; anything
    else is a directory (new or empty) of ``1.phh``, ``2.phh``... files. An output
    that exists (a file, or a directory holding files) is refused unless
    ``overwrite``. Errors are ``ValueError`` naming ``--out``.
    """
    from showdown.simulator.phh import write_phh

    target = Path(out)
    one_file = target.suffix == ".phhs"
    if one_file:
        if target.is_dir():
            raise ValueError(f"--out: {out} is a directory, not a .phhs file")
        if target.exists() and not overwrite:
            raise ValueError(f"--out: {out} exists (use --overwrite to replace it)")
    elif target.exists():
        if not target.is_dir():
            raise ValueError(f"--out: {out} is a file; name a directory or a .phhs file")
        if any(target.iterdir()) and not overwrite:
            raise ValueError(f"--out: {out} is not empty (use --overwrite to write into it)")
    count = 0
    try:
        if one_file:
            with target.open("w", encoding="utf-8") as handle:
                for count, history in enumerate(histories, start=1):
                    handle.write(f"[{count}]\n{write_phh(history)}\n")
        else:
            target.mkdir(parents=True, exist_ok=True)
            for count, history in enumerate(histories, start=1):
                (target / f"{count}.phh").write_text(write_phh(history), encoding="utf-8")
    except OSError as error:
        raise ValueError(f"--out: {out}: {error.strerror or error}") from None
    return count
