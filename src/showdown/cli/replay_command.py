"""``showdown replay``: replay PHH hand histories and print actions, pots and results.

Each file is replayed by the simulator (every action checked against the
rules); the command prints the actions in words, the pots (main and side) and
each player's finishing stack and result. ``--json`` prints one JSON document.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from .simulate_command import BadInputIsStatusOne

EPILOG = """\b
Examples:
  showdown replay hand.phh
  showdown replay hands/*.phh --json

\b
Supported variants (PHH codes): NT PT FT PO FO PO/8 FO/8 F7S F7S/8 F5D.
A file that cannot be read or replayed prints 'Error: FILE: ...' to stderr and
exits with status 1.
"""

#: PHH action codes in words.
VERBS = {"f": "folds", "cc": "checks/calls", "cbr": "bets/raises to", "pb": "brings in"}


def describe_action(action: str, names: list[str]) -> str:
    """One PHH action in words, e.g. ``"p2 cbr 6"`` -> ``"Bob bets/raises to 6"``.

    Examples
    --------
    >>> describe_action("d db Kd7c2h", ["A", "B"])
    'board: Kd7c2h'
    >>> describe_action("p2 sm", ["A", "B"])
    'B mucks'
    """
    tokens = action.split()
    if tokens[:2] == ["d", "dh"]:
        return f"{_name(tokens[2], names)} is dealt {' '.join(tokens[3:])}"
    if tokens[:2] == ["d", "db"]:
        return f"board: {' '.join(tokens[2:])}"
    who = _name(tokens[0], names)
    code, rest = (tokens[1] if len(tokens) > 1 else ""), tokens[2:]
    if code == "sm":
        return f"{who} shows {' '.join(rest)}" if rest else f"{who} mucks"
    if code == "sd":
        return f"{who} discards {' '.join(rest)}" if rest else f"{who} stands pat"
    verb = VERBS.get(code)
    if verb is None:
        return action
    return f"{who} {verb}" + (f" {' '.join(rest)}" if rest else "")


def _name(token: str, names: list[str]) -> str:
    if token.startswith("p") and token[1:].isdigit() and 0 < int(token[1:]) <= len(names):
        return names[int(token[1:]) - 1]
    return token


def replay_file(path: Path, *, strict: bool = False, odd_chips: str = "standard") -> dict[str, Any]:
    """Replay one PHH file; the summary printed by the command (raises ``ValueError``).

    ``mismatch`` says how the file's ``finishing_stacks`` contradict the replay
    (``None`` when they agree or are absent); with ``strict`` that is an error.
    """
    from ..simulator import read_phh, replay, side_pots
    from ..simulator.phh import check_finishing_stacks

    history = read_phh(path)
    state = replay(history, odd_chips=odd_chips, strict=strict)
    count = len(history.starting_stacks)
    names = list(history.players) if history.players else [f"p{k + 1}" for k in range(count)]
    live = [not state.folded[s] and not state.mucked[s] for s in range(count)]
    wagers = [state.totals[s] - state.ante_paid[s] for s in range(count)]
    pots = side_pots(wagers, live, dead=sum(state.ante_paid))
    # The state counts scaled whole chips (fractional histories); print the file's units.
    scale = state.scale
    finishing = [_number(value) for value in state.final_stacks]
    starting = [_number(value) for value in history.starting_stacks]
    return {
        "file": str(path),
        "variant": history.variant,
        "players": names,
        "starting_stacks": starting,
        "actions": [describe_action(action, names) for action in history.actions],
        "pot": _number(Fraction(sum(pot.amount for pot in pots), scale)),
        "pots": [
            {
                "amount": _number(Fraction(pot.amount, scale)),
                "eligible": [names[s] for s in pot.eligible],
            }
            for pot in pots
        ],
        "finishing_stacks": finishing,
        "net": [end - start for end, start in zip(finishing, starting, strict=True)],
        "board": _cards(state.board) if state.board else "",
        "mismatch": check_finishing_stacks(history, state),
    }


def _cards(codes: list[int]) -> str:
    from ..cards import format_cards

    return str(format_cards(codes))


def _number(value: Any) -> int | float:
    """Whole numbers as ints, fractions (exact replays of fractional logs) as floats."""
    return int(value) if value == int(value) else float(value)


def format_summary(summary: dict[str, Any]) -> list[str]:
    """The text lines printed for one replayed hand."""
    lines = [f"{summary['file']} ({summary['variant']}, {len(summary['players'])} players)"]
    lines += [f"  {action}" for action in summary["actions"]]
    for index, pot in enumerate(summary["pots"]):
        label = "main pot" if index == 0 else f"side pot {index}"
        lines.append(f"  {label}: {pot['amount']} ({', '.join(pot['eligible'])})")
    width = max(len(name) for name in summary["players"])
    for name, end, net in zip(
        summary["players"], summary["finishing_stacks"], summary["net"], strict=True
    ):
        lines.append(f"  {name:<{width}}  {end:>8}  {net:+}")
    return lines


@click.command(
    name="replay",
    cls=BadInputIsStatusOne,
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
def replay_command(files: tuple[Path, ...], as_json: bool, strict: bool, odd_chips: str) -> None:
    """Replay each FILE.phh (checking every action) and print its actions, pots and result.

    When a file records finishing_stacks that the replay contradicts, a warning
    goes to stderr (and ``mismatch`` in --json); --strict makes it an error.
    """
    summaries = []
    for path in files:
        try:
            summary = replay_file(path, strict=strict, odd_chips=odd_chips)
        except ValueError as error:
            message = str(error)
            if not message.startswith(str(path)):
                message = f"{path}: {message}"
            raise click.ClickException(message) from None
        if summary["mismatch"]:
            click.echo(f"warning: {summary['mismatch']}", err=True)
        summaries.append(summary)
    if as_json:
        click.echo(json.dumps(summaries, indent=2))
        return
    for number, summary in enumerate(summaries):
        if number:
            click.echo("")
        for line in format_summary(summary):
            click.echo(line)
