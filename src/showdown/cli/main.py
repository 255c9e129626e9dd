"""The ``showdown`` command group.

Each command lives in its own module and is registered below with
``main.add_command``. Command modules import only click at module level (the
library, numpy and numba load inside the callback), so ``showdown --help``
stays fast.

To add a command: write ``cli/<name>_command.py`` defining a
``click.Command``, import it here and add it to ``COMMANDS``.
"""

from __future__ import annotations

import click

from .. import __version__
from .equity_command import equity_command
from .eval_command import eval_command
from .replay_command import replay_command
from .simulate_command import simulate_command

#: Every subcommand, in the order ``showdown --help`` lists them.
COMMANDS: tuple[click.Command, ...] = (
    eval_command,
    equity_command,
    simulate_command,
    replay_command,
)


#: Exit status after Ctrl-C: 128 + SIGINT, the shell convention.
INTERRUPTED_STATUS = 130


class _OrderedGroup(click.Group):
    """Lists commands in registration order; Ctrl-C in any command exits 130 with one line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)

    def invoke(self, ctx: click.Context) -> object:
        try:
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
    """


for _command in COMMANDS:
    main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover - `python -m showdown.cli.main`
    main(prog_name="showdown")
