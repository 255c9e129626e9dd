"""``showdown replay``: replay PHH hand histories and print actions, pots and results.

Each file is replayed by the simulator (every action checked against the
rules); the command prints the actions in poker words ("checks", "calls 40",
"raises to 120", "brings in for 2"; :mod:`showdown.simulator.phh.narrate`), the
pots (main and side), who won what with which hand, and each player's
finishing stack and result. ``--json`` prints one JSON document.

A batch goes on past a bad file: each file that cannot be read or replayed
prints ``Error: FILE: reason`` to stderr (and, with ``--json``, an entry
``{"file": ..., "error": ...}`` in its place in the list); the exit status is
1 when any file failed. Files are read with a size limit (``--max-bytes``,
default 1 MiB). Amounts print exactly (:mod:`showdown.simulator.phh.amounts`).
"""

from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from ..games import PLAY_GAMES
from ..simulator.phh.history import shown_name
from ._errors import BAD_INPUT_STATUS

VARIANTS_TEXT = textwrap.fill(
    "Supported variants (PHH code = game): "
    + ", ".join(f"{game.phh_code} = {game.name}" for game in PLAY_GAMES.values())
    + ".",
    width=80,
)

EPILOG = f"""\b
Examples:
  showdown replay hand.phh
  showdown replay hands/*.phh --json

\b
{VARIANTS_TEXT}
A file that cannot be read or replayed prints 'Error: FILE: ...' to stderr (and
an {{"file": ..., "error": ...}} entry with --json); the other files are still
replayed, and the exit status is 1. Amounts print exactly: whole ones as
integers, others as decimals (rounded to 15 significant digits when longer).
"""


def replay_file(
    path: Path,
    *,
    strict: bool = False,
    odd_chips: str = "standard",
    max_bytes: int | None = None,
) -> dict[str, Any]:
    """Replay one PHH file; the summary printed by the command (raises ``ValueError``).

    ``mismatch`` says how the file's ``finishing_stacks`` contradict the replay
    (``None`` when they agree or are absent); with ``strict`` that is an error.
    Amounts are exact (:func:`~showdown.simulator.phh.amounts.amount_value`);
    ``max_bytes`` ``None`` is the reader's default limit.
    """
    from ..simulator import read_phh, side_pots
    from ..simulator.phh import check_finishing_stacks
    from ..simulator.phh.amounts import amount_value, exact
    from ..simulator.phh.narrate import narrate

    limit = {} if max_bytes is None else {"max_bytes": max_bytes}
    history = read_phh(path, **limit)
    story = narrate(history, odd_chips=odd_chips, strict=strict)
    state = story.state
    count = len(history.starting_stacks)
    names = story.names
    live = [not state.folded[s] and not state.mucked[s] for s in range(count)]
    wagers = [state.totals[s] - state.ante_paid[s] for s in range(count)]
    pots = side_pots(wagers, live, dead=sum(state.ante_paid))
    # The state counts scaled whole chips (fractional histories); print the file's units,
    # computed exactly (Fractions) and printed from the exact values.
    scale = state.scale
    finishing = [exact(value) for value in state.final_stacks]
    starting = [exact(value) for value in history.starting_stacks]
    return {
        "file": str(path),
        "variant": history.variant,
        "game": history.game.name,
        "players": names,
        "starting_stacks": [amount_value(value) for value in starting],
        "actions": story.actions,
        "pot": amount_value(Fraction(sum(pot.amount for pot in pots), scale)),
        "pots": [
            {
                "amount": amount_value(Fraction(pot.amount, scale)),
                "eligible": [names[s] for s in pot.eligible],
            }
            for pot in pots
        ],
        "winners": [
            {"player": winner.player, "amount": winner.amount, "hand": winner.hand}
            for winner in story.winners
        ],
        "results": story.results,
        "finishing_stacks": [amount_value(value) for value in finishing],
        "net": [amount_value(end - start) for end, start in zip(finishing, starting, strict=True)],
        "board": _cards(state.board) if state.board else "",
        "mismatch": check_finishing_stacks(history, state),
    }


def _cards(codes: list[int]) -> str:
    from ..cards import format_cards

    return str(format_cards(codes))


def format_summary(summary: dict[str, Any]) -> list[str]:
    """The text lines printed for one replayed hand."""
    from ..simulator.phh.amounts import amount_text

    players = len(summary["players"])
    lines = [f"{summary['file']} ({summary['game']}, PHH {summary['variant']}, {players} players)"]
    lines += [f"  {action}" for action in summary["actions"]]
    for index, pot in enumerate(summary["pots"]):
        label = "main pot" if index == 0 else f"side pot {index}"
        lines.append(f"  {label}: {amount_text(pot['amount'])} ({', '.join(pot['eligible'])})")
    lines += [f"  {result}" for result in summary["results"]]
    width = max(len(name) for name in summary["players"])
    for name, end, net in zip(
        summary["players"], summary["finishing_stacks"], summary["net"], strict=True
    ):
        sign = "+" if net >= 0 else ""
        lines.append(f"  {name:<{width}}  {amount_text(end):>12}  {sign}{amount_text(net)}")
    return lines


@click.command(
    name="replay",
    epilog=EPILOG,
    short_help="Replay PHH hand histories: actions, pots and results.",
)
@click.argument(
    "files", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="FILE.phh..."
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@click.option(
    "--strict",
    is_flag=True,
    help="Fail when a file's finishing_stacks differ from the replay (default: a warning).",
)
@click.option(
    "--odd-chips",
    type=click.Choice(["standard", "exact", "house"]),
    default="standard",
    show_default=True,
    help="Split pots: odd chip by the rules, exact fractions (as some logs record), or house.",
)
@click.option(
    "--max-bytes",
    type=click.IntRange(min=1),
    default=None,
    show_default="1048576 (1 MiB)",
    help="Refuse a file larger than this many bytes (a hand history is a few kilobytes).",
)
def replay_command(
    files: tuple[Path, ...], as_json: bool, strict: bool, odd_chips: str, max_bytes: int | None
) -> None:
    """Replay each FILE.phh (checking every action) and print its actions, pots and result.

    When a file records finishing_stacks that the replay contradicts, a warning
    goes to stderr (and ``mismatch`` in --json); --strict makes it an error. A
    file that fails is reported and the others are still replayed; the exit
    status is then 1.
    """
    entries: list[dict[str, Any]] = []
    failed = printed = 0
    for path in files:
        try:
            summary = replay_file(path, strict=strict, odd_chips=odd_chips, max_bytes=max_bytes)
        except ValueError as error:
            message = str(error)
            # The library names a file as shown_name() does (long names shortened): the
            # command uses the same form, once, whichever the message starts with.
            shown = shown_name(str(path))
            if not message.startswith((str(path), shown)):
                message = f"{shown}: {message}"
            click.echo(f"Error: {message}", err=True)
            failed += 1
            entries.append({"file": str(path), "error": message})
            continue
        if summary["mismatch"]:
            click.echo(f"warning: {summary['mismatch']}", err=True)
        if as_json:
            entries.append(summary)
            continue
        if printed:
            click.echo("")
        printed += 1
        for line in format_summary(summary):
            click.echo(line)
    if as_json:
        click.echo(json.dumps(entries, indent=2, allow_nan=False))
    if failed:
        if len(files) > 1:
            click.echo(f"Error: {failed} of {len(files)} files could not be replayed", err=True)
        click.get_current_context().exit(BAD_INPUT_STATUS)
