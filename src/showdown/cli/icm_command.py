"""``showdown icm``: each player's prize equity under ICM (Malmuth-Harville).

Parses the stacks and payouts, calls :func:`showdown.icm` (exact, any field
size) and prints a table, one JSON document (``--json``) or also saves a bar
chart of chip shares against prize shares (``--plot FILE``). The library
loads inside the callback so ``showdown --help`` stays fast.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from ._errors import option_error
from ._figures import save_figure

EPILOG = """\b
Examples:
  showdown icm 5000 3000 2000 --payouts 70,30
  showdown icm 150000 98750 45500 13250 --payouts 425,280,130,75 --json
  showdown icm 50 30 20 --payouts 70,30 --plot icm.png

Stacks are in any unit (only their ratios matter); a stack of 0 is a player
who is out (they take the last places). Payouts are the prizes of first,
second, ... place, at most one per player. Bad input prints 'Error: ...' to
stderr and exits with status 1.
"""

#: Library parameter names (``InputError.parameter``) -> this command's options.
OPTION_NAMES = {"payouts": "--payouts"}


def parse_numbers(text: str, name: str) -> list[float]:
    """``"70,30"`` or ``"70 30"`` -> ``[70.0, 30.0]``; a bad entry is named."""
    pieces = [piece for piece in text.replace(",", " ").split() if piece]
    values = []
    for piece in pieces:
        try:
            values.append(float(piece.replace("_", "")))
        except ValueError:
            raise ValueError(f"{name}: {piece!r} is not a number") from None
    return values


def icm_table(stacks: Sequence[float], payouts: Sequence[float]) -> dict[str, Any]:
    """The numbers the command prints: per player stack, chip share, prize equity, share."""
    from ..tournament import icm

    equity = icm(stacks, payouts)
    chips = float(sum(stacks))
    pool = float(sum(payouts))
    players = [
        {
            "player": index + 1,
            "stack": float(stack),
            "chip_share": float(stack) / chips,
            "prize_equity": float(value),
            "prize_share": float(value) / pool if pool else 0.0,
        }
        for index, (stack, value) in enumerate(zip(stacks, equity, strict=True))
    ]
    return {"payouts": [float(value) for value in payouts], "prize_pool": pool, "players": players}


def _number_text(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.4g}"


def format_table(document: dict[str, Any]) -> str:
    rows = [("player", "stack", "chips", "prize equity", "prize")]
    for player in document["players"]:
        rows.append(
            (
                str(player["player"]),
                _number_text(player["stack"]),
                f"{100 * player['chip_share']:.2f}%",
                f"{player['prize_equity']:.4f}",
                f"{100 * player['prize_share']:.2f}%",
            )
        )
    total_stack = sum(player["stack"] for player in document["players"])
    rows.append(
        ("total", _number_text(total_stack), "100.00%", f"{document['prize_pool']:.4f}", "")
    )
    widths = [max(len(row[column]) for row in rows) for column in range(5)]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [
            text.rjust(width) for text, width in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def save_plot(document: dict[str, Any], path: str) -> None:
    """Chip share and prize share per player, as bars, saved to ``path``."""
    import matplotlib

    matplotlib.use("Agg")  # a file, not a window
    from .._plotting import bar_chart, pyplot

    players = document["players"]
    figure, ax = pyplot().subplots(figsize=(max(6, 0.6 * len(players)), 4))
    bar_chart(
        [[player["chip_share"], player["prize_share"]] for player in players],
        group_labels=[str(player["player"]) for player in players],
        series_labels=["chips", "prize equity"],
        ax=ax,
        percent=True,
        value_label="share",
        title="ICM: share of the chips and of the prize pool",
    )
    save_figure(figure, path)


@click.command(
    name="icm",
    epilog=EPILOG,
    short_help="Prize equity of every player under ICM (exact, any field).",
)
@click.argument("stacks", nargs=-1, metavar="STACK...")
@click.option(
    "--payouts",
    "-p",
    required=True,
    metavar="PRIZES",
    help="Prizes of 1st, 2nd, ... place: 70,30 (commas or spaces).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of a table.")
@click.option("--plot", "plot_path", metavar="FILE", help="Also save a bar chart (PNG, SVG, PDF).")
def icm_command(
    stacks: tuple[str, ...], payouts: str, as_json: bool, plot_path: str | None
) -> None:
    """Each player's expected prize from their STACKs (Malmuth-Harville model)."""
    try:
        if not stacks:
            raise ValueError("stacks: give at least one STACK")
        stack_values = [
            value
            for index, text in enumerate(stacks)
            for value in parse_numbers(text, f"stack {index + 1}")
        ]
        document = icm_table(stack_values, parse_numbers(payouts, "--payouts"))
        if plot_path is not None:
            save_plot(document, plot_path)
    except (ValueError, OSError) as error:
        raise option_error(error, OPTION_NAMES) from None
    if as_json:
        click.echo(json.dumps(document, indent=2))
    else:
        click.echo(format_table(document))
