"""The ``showdown`` command group.

Each command lives in its own module, imported only when that command runs
(or ``showdown --help`` lists them): a warm ``showdown eval`` does not pay for
the other commands' imports (about 90 ms). Command modules import only click at
module level (the library, numpy and numba load inside the callback).

To add a command: write ``cli/<name>_command.py`` defining a
``click.Command`` named ``<name>_command`` and add its name to ``COMMANDS``.
Its usage errors get the status of every bad input here (``_errors``), and its
library errors become one ``Error:`` line through ``_errors.option_error``.
"""

from __future__ import annotations

import importlib

import click

from .. import __version__
from ._errors import usage_status

#: Every subcommand, in the order ``showdown --help`` lists them; ``NAME`` is the
#: ``click.Command`` ``NAME_command`` of module ``showdown.cli.NAME_command``.
COMMANDS: tuple[str, ...] = (
    "eval", "equity", "simulate", "replay", "analyze", "convert", "icm", "pushfold",
)  # fmt: skip


#: Exit status after Ctrl-C: 128 + SIGINT, the shell convention.
INTERRUPTED_STATUS = 130


class _OrderedGroup(click.Group):
    """Loads each command's module on first use, lists them in ``COMMANDS`` order,
    gives usage errors (the group's and every command's) the status of any bad input,
    and exits 130 with one line after Ctrl-C in any command."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        with usage_status():  # the group's own options: showdown --bogus
            return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module = importlib.import_module(f"{__package__}.{cmd_name}_command")
        command: click.Command = getattr(module, f"{cmd_name}_command")
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name in COMMANDS or name.startswith("-"):
            return super().resolve_command(ctx, args)
        import difflib  # the error path only

        close = difflib.get_close_matches(name, COMMANDS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise click.UsageError(
            f"no such command {name!r}{hint}; commands: {', '.join(COMMANDS)}", ctx
        )

    def invoke(self, ctx: click.Context) -> object:
        try:
            # A command's options are parsed in here (and its name resolved): one place
            # gives every command's usage errors the same status.
            with usage_status():
                return super().invoke(ctx)
        except KeyboardInterrupt:
            # click would print "Aborted!" and exit 1; a shell expects 130 after Ctrl-C.
            click.echo("\nshowdown: interrupted", err=True)
            ctx.exit(INTERRUPTED_STATUS)


@click.group(
    cls=_OrderedGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, "-V", "--version", prog_name="showdown")
def main() -> None:
    """showdown: a fast poker toolkit (hand evaluator, equity, simulator).

    Cards are written rank then suit, e.g. As Kd Th 9c 2s (10 also works for
    a ten; unicode suits are accepted). Run `showdown COMMAND --help` for the
    options and examples of each command.

    \b
    Examples:
      showdown equity AsKs QQ+ --board Kd7c2h
      showdown equity AsAhKsKh JdTd9c8c --game omaha-hilo
      showdown eval AsKsQsJsTs 7c7d7h2s2d3c4c
      showdown eval --omaha AsAhKdQc --board Ad7c2h9s3d --low
      showdown simulate --game nlhe --players 6 --hands 100000 --agents random,call,strength
      showdown replay hand.phh
      showdown equity AsAhKd9d "AA:xxyy, KK" --game omaha --board Ks7d2c
      showdown analyze hands/ --player Hero --plot ev.png
      showdown icm 5000 3000 2000 --payouts 50,30,20
      showdown pushfold 10
    """


if __name__ == "__main__":  # pragma: no cover - `python -m showdown.cli.main`
    main(prog_name="showdown")
