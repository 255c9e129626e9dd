"""``python -m showdown.cache info|clear``: show or empty the compiled-kernel cache."""

from __future__ import annotations

import datetime

import click

from . import DigestFolder, cache_info, clear_cache


def _size(count: int) -> str:
    """Bytes in megabytes, one decimal (``'12.3 MB'``)."""
    return f"{count / 1e6:.1f} MB"


def _line(folder: DigestFolder) -> str:
    used = datetime.datetime.fromtimestamp(folder.last_used).strftime("%Y-%m-%d %H:%M")
    return f"  {folder.path.name}  {_size(folder.size)} in {folder.files} files, last used {used}"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """The compiled-kernel cache: one folder per digest of showdown's sources."""


@main.command()
def info() -> None:
    """Show the cache folder, the current digest and the other digests' folders."""
    found = cache_info()
    where = "NUMBA_CACHE_DIR" if found.from_numba_setting else "showdown's user cache folder"
    click.echo(f"base: {found.base} ({where})")
    if found.current is None:
        click.echo(f"current digest: {found.digest} (nothing compiled yet)")
    else:
        click.echo(
            f"current digest: {found.digest} "
            f"({_size(found.current.size)} in {found.current.files} files)"
        )
    total = sum(folder.size for folder in found.others)
    click.echo(f"other digests: {len(found.others)} ({_size(total)})")
    for folder in found.others:
        click.echo(_line(folder))


@main.command()
@click.option("--stale", is_flag=True, help="Keep the current digest's folder; delete the others.")
def clear(stale: bool) -> None:
    """Delete the compiled kernels (every digest, or with --stale all but the current one)."""
    deleted = clear_cache(stale_only=stale)
    click.echo(f"deleted {len(deleted)} digest folder{'s' if len(deleted) != 1 else ''}")


if __name__ == "__main__":  # pragma: no cover - exercised through a subprocess test
    main(prog_name="python -m showdown.cache")
