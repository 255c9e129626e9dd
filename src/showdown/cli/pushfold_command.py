"""``showdown pushfold``: the heads-up push/fold equilibrium, or the chart over stacks.

One stack: the small blind's shoving range and the big blind's calling range
(range text and 13x13 frequency grids), with the exploitability measured;
``--stacks``/``--payouts`` value the outcomes by ICM prize equity. With
``--chart``: the largest stack at which each hand is shoved and called, from
1 to 25 bb (``--from``/``--to``/``--step``), gaps starred. With
``--three-handed``: the button, small blind and big blind equilibrium for
``--stacks`` (three stacks, button first), in chips or with ``--payouts``
under ICM. ``--json`` prints
one JSON document; ``--plot FILE`` also saves the heatmaps. The library
loads inside the callback so ``showdown --help`` stays fast.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from ._errors import option_error
from ._figures import save_figure
from .icm_command import parse_numbers

if TYPE_CHECKING:  # numpy loads inside the callback only; see cli/main.py
    import numpy as np
    from numpy.typing import NDArray

    from ..tournament import PushFoldChart, PushFoldResult, ThreeHandedResult

EPILOG = """\b
Examples:
  showdown pushfold 10
  showdown pushfold 8 --ante 0.125 --json
  showdown pushfold --stacks 10,10,10,10 --payouts 50,30,20
  showdown pushfold --chart
  showdown pushfold --chart --from 2 --to 15 --step 0.5 --plot chart.png
  showdown pushfold --three-handed --stacks 10,8,12
  showdown pushfold --three-handed --stacks 10,8,12 --payouts 50,30,20 --json

The small blind posts 0.5 bb and shoves or folds; the big blind posts 1 bb
and calls or folds. STACK is the effective stack in bb before the blinds and
antes. With --stacks (in bb: small blind, big blind, then the rest of the
field) and --payouts the players maximise prize equity (ICM); STACK may then
be left out. With --three-handed, --stacks are the button's, the small
blind's and the big blind's (three, in bb before posting): the button shoves
or folds, then the blinds; --payouts (optional) plays for ICM prize equity.
The first three-handed run builds tables cached on disk (minutes, once).
Bad input prints 'Error: ...' to stderr and exits with status 1.
"""


def grid_text(grid: NDArray[np.float64]) -> str:
    """13x13 frequencies as percentages (``.`` never, ``100`` always)."""
    from ..cards.range_grid import GRID_RANKS

    lines = ["      " + " ".join(rank.rjust(4) for rank in GRID_RANKS)]
    for row, rank in enumerate(GRID_RANKS):
        cells = []
        for column in range(13):
            value = float(grid[row, column])
            cells.append("." if value <= 0 else f"{100 * value:.0f}")
        lines.append(f"{rank}     " + " ".join(text.rjust(4) for text in cells))
    return "\n".join(lines)


def result_text(result: PushFoldResult) -> str:
    unit = "bb" if result.unit == "bb" else "prize"
    ante = f", ante {result.ante:g} bb" if result.ante else ""
    model = "chip EV" if result.unit == "bb" else "ICM prize equity"
    lines = [
        f"heads-up push/fold at {result.stack_bb:g} bb{ante} ({model})",
        f"small blind shoves {100 * _fraction(result.shove):.1f}% of hands: "
        f"{rounded_range_text(result.shove_grid)}",
        f"big blind calls {100 * _fraction(result.call):.1f}% of hands: "
        f"{rounded_range_text(result.call_grid)}",
        f"small blind's value per hand: {result.value:+.6f} {unit}",
        f"exploitability per hand (best response gains): small blind "
        f"{result.shover_gain:.2e} {unit}, big blind {result.caller_gain:.2e} {unit} "
        f"({result.iterations} CFR+ iterations)",
        "",
        "small blind shoves (% of the time):",
        grid_text(result.shove_grid),
        "",
        "big blind calls (% of the time):",
        grid_text(result.call_grid),
    ]
    return "\n".join(lines)


def rounded_range_text(grid: NDArray[np.float64]) -> str:
    """Range text of a frequency grid with mixed weights to three decimals."""
    import numpy as np

    from ..cards import Range

    rounded = np.round(np.asarray(grid, dtype=np.float64), 3)
    if not np.any(rounded > 0):
        return "(nothing)"
    return str(Range.from_grid(rounded))


def _fraction(hand_range: object) -> float:
    return 0.0 if hand_range is None else float(hand_range.fraction)  # type: ignore[attr-defined]


def chart_text(chart: PushFoldChart) -> str:
    ante = f", ante {chart.ante:g} bb" if chart.ante else ""
    step = float(chart.stacks[1] - chart.stacks[0]) if chart.stacks.size > 1 else 0.0
    lines = [
        f"heads-up push/fold chart, {chart.stacks[0]:g}-{chart.stacks[-1]:g} bb "
        f"in steps of {step:g}{ante}; largest exploitability "
        f"{chart.exploitability.max():.1e} bb per hand",
    ]
    for side, title in (
        ("shove", "small blind: largest stack to shove"),
        ("call", "big blind: largest stack to call"),
    ):
        lines += ["", f"{title} (bb; + every stack, * a gap, blank never):", chart.text(side)]
        gaps = chart.gaps(side)
        if gaps:
            described = [
                f"{name} " + ", ".join(_stretch(low, high) for low, high in stretches)
                for name, stretches in gaps.items()
            ]
            lines.append("gaps (stacks where played): " + "; ".join(described))
    return "\n".join(lines)


#: Headings of the three-handed decisions, in ``DECISIONS`` order.
THREE_HANDED_TITLES = (
    "button shoves",
    "small blind calls the button",
    "big blind calls the button (small blind folded)",
    "big blind calls the button and the small blind",
    "small blind shoves (button folded)",
    "big blind calls the small blind",
)


def three_handed_text(result: ThreeHandedResult) -> str:
    unit = "bb" if result.unit == "bb" else "prize"
    ante = f", ante {result.ante:g} bb" if result.ante else ""
    model = "chip EV" if result.unit == "bb" else "ICM prize equity"
    stacks = "/".join(f"{stack:g}" for stack in result.stacks_bb)
    seats = ("button", "small blind", "big blind")
    lines = [
        f"three-handed push/fold, stacks {stacks} bb (button/small blind/big blind)"
        f"{ante} ({model})",
    ]
    for title, grid in zip(THREE_HANDED_TITLES, result.grids, strict=True):
        lines.append(f"{title}: {rounded_range_text(grid)}")
    lines.append(
        "value per hand: "
        + ", ".join(
            f"{seat} {value:+.6f} {unit}" for seat, value in zip(seats, result.values, strict=True)
        )
    )
    lines.append(
        "exploitability per hand (best response gains): "
        + ", ".join(
            f"{seat} {gain:.2e} {unit}" for seat, gain in zip(seats, result.gains, strict=True)
        )
        + f" ({result.iterations} CFR+ iterations; three-way all-in equities sampled, "
        f"{result.samples} deals per class triple)"
    )
    for title, grid in zip(THREE_HANDED_TITLES, result.grids, strict=True):
        lines += ["", f"{title} (% of the time):", grid_text(grid)]
    return "\n".join(lines)


def _stretch(low: float, high: float) -> str:
    return f"{low:g}" if low == high else f"{low:g}-{high:g}"


def _save(figure_owner: tuple[object, object], path: str) -> None:
    save_figure(figure_owner[0].figure, path)  # type: ignore[attr-defined]


@click.command(
    name="pushfold",
    epilog=EPILOG,
    short_help="Heads-up push/fold equilibrium (chips or ICM) and charts.",
)
@click.argument("stack", required=False, type=float, metavar="[STACK]")
@click.option("--ante", type=float, default=0.0, show_default=True, help="Ante per player (bb).")
@click.option(
    "--stacks", "field", metavar="BB", help="ICM: stacks in bb (small blind, big blind, rest)."
)
@click.option("--payouts", "-p", metavar="PRIZES", help="ICM: prizes of 1st, 2nd, ... place.")
@click.option(
    "--chart", is_flag=True, help="Largest stack each hand is shoved/called at, over stacks."
)
@click.option(
    "--from", "low", type=float, default=1.0, show_default=True, help="Chart: first stack."
)
@click.option(
    "--to", "high", type=float, default=25.0, show_default=True, help="Chart: last stack."
)
@click.option("--step", type=float, default=0.1, show_default=True, help="Chart: stack step (bb).")
@click.option(
    "--three-handed",
    "three_handed",
    is_flag=True,
    help="Button, small blind and big blind: --stacks BTN,SB,BB (and --payouts for ICM).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of tables.")
@click.option("--plot", "plot_path", metavar="FILE", help="Also save the heatmaps (PNG, SVG, PDF).")
def pushfold_command(
    stack: float | None,
    ante: float,
    field: str | None,
    payouts: str | None,
    chart: bool,
    low: float,
    high: float,
    step: float,
    three_handed: bool,
    as_json: bool,
    plot_path: str | None,
) -> None:
    """The push/fold equilibrium at STACK bb, or with --chart the 13x13 charts."""
    try:
        if plot_path is not None:
            import matplotlib

            matplotlib.use("Agg")  # a file, not a window
        if three_handed:
            if chart or stack is not None:
                raise ValueError(
                    "--three-handed: give the stacks with --stacks, not STACK or --chart"
                )
            if field is None:
                raise ValueError("--three-handed: give --stacks BTN,SB,BB (bb before posting)")
            from ..tournament import push_fold_3way

            three_stacks = parse_numbers(field, "--stacks")
            if len(three_stacks) != 3:
                raise ValueError(
                    f"--stacks: three-handed takes three stacks (button, small blind, big blind), "
                    f"got {len(three_stacks)}"
                )
            three_prizes = None if payouts is None else parse_numbers(payouts, "--payouts")
            three = push_fold_3way(three_stacks, ante=ante, payouts=three_prizes)
            if plot_path is not None:
                _save(tuple(three.plot().reshape(-1)), plot_path)
            output = json.dumps(three.to_dict(), indent=2) if as_json else three_handed_text(three)
        elif chart:
            if stack is not None or field is not None or payouts is not None:
                raise ValueError(
                    "--chart: takes --from/--to/--step/--ante, not STACK or ICM options"
                )
            from ..tournament import push_fold_chart

            found = push_fold_chart(stack_range=(low, high), step=step, ante=ante)
            if plot_path is not None:
                _save(found.plot(), plot_path)
            output = json.dumps(found.to_dict(), indent=2) if as_json else chart_text(found)
        else:
            from ..tournament import push_fold

            stacks = None if field is None else parse_numbers(field, "--stacks")
            prizes = None if payouts is None else parse_numbers(payouts, "--payouts")
            if stack is None:
                if stacks is None or len(stacks) < 2:
                    raise ValueError("STACK: give the effective stack (or --stacks and --payouts)")
                stack = min(stacks[0], stacks[1])
            result = push_fold(stack, ante=ante, stacks=stacks, payouts=prizes)
            if plot_path is not None:
                _save(result.plot(), plot_path)
            output = json.dumps(result.to_dict(), indent=2) if as_json else result_text(result)
    except (ValueError, OSError) as error:
        options = {"ante": "--ante", "payouts": "--payouts", "stacks_bb": "--stacks"}
        raise option_error(error, options) from None
    click.echo(output)
