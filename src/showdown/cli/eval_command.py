"""``showdown eval``: strength, category and words for poker hands.

The command parses and checks every input first (so an error names the hand
that caused it), then evaluates all hands of the same size in one batch call
and prints one line (or one JSON object) per hand, in input order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import click

from ._errors import option_error

if TYPE_CHECKING:  # numpy loads inside the callback only; see cli/main.py
    import numpy as np
    from numpy.typing import NDArray

    from .._progress import Progress

#: Card counts each kind of input may have.
HIGH_SIZES = (5, 6, 7)
BOARD_SIZES = (3, 4, 5)
OMAHA_HOLE_SIZES = (4, 5, 6)

#: Library parameter names (``InputError.parameter``) -> this command's options.
OPTION_NAMES = {"board": "--board", "board_cards": "--board"}


@dataclass
class HandResult:
    """One evaluated hand, as printed (``None`` fields are left out of JSON)."""

    cards: str
    board: str | None
    strength: int
    category: str
    description: str
    low_strength: int | None = None
    low_description: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {key: value for key, value in asdict(self).items() if value is not None}


def _sizes_text(sizes: Sequence[int]) -> str:
    return ", ".join(str(size) for size in sizes[:-1]) + f" or {sizes[-1]}"


def _parse(text: str, name: str, sizes: Sequence[int]) -> NDArray[np.uint8]:
    """Parse one command-line card string, checking cards, repeats and count."""
    from ..cards import parse_cards

    cards = parse_cards(text, name=name)
    if cards.size not in sizes:
        raise ValueError(f"{name} {text!r}: expected {_sizes_text(sizes)} cards, got {cards.size}")
    return cards


def _check_against_board(hole: NDArray[np.uint8], text: str, board: NDArray[np.uint8]) -> None:
    from ..cards import format_card

    shared = [int(card) for card in hole if card in board]
    if shared:
        raise ValueError(f"hand {text!r}: {format_card(shared[0])} is also on the board")


def _batched(
    hands: list[NDArray[np.uint8]],
    evaluate: Callable[[NDArray[np.uint8]], tuple[NDArray[Any], NDArray[Any] | None]],
    progress: Progress | None = None,
) -> tuple[list[int], list[int] | None]:
    """Run ``evaluate`` once per hand size on stacked hands; results in input order.

    Hands of one size form one ``(n, size)`` array, so a long list costs a few
    kernel calls rather than one per hand.
    """
    import numpy as np

    high = np.zeros(len(hands), np.int64)
    low: NDArray[np.int64] | None = None
    for size in sorted({hand.size for hand in hands}):
        rows = [index for index, hand in enumerate(hands) if hand.size == size]
        group_high, group_low = evaluate(np.stack([hands[index] for index in rows]))
        high[rows] = group_high
        if group_low is not None:
            if low is None:
                low = np.zeros(len(hands), np.int64)
            low[rows] = group_low
        if progress is not None:
            progress.advance(len(rows))
    return high.tolist(), None if low is None else low.tolist()


def evaluate_hands(
    hands: Sequence[str],
    board: str | None = None,
    *,
    omaha: bool = False,
    low: bool = False,
    progress: Progress | None = None,
) -> list[HandResult]:
    """Evaluate command-line hands; raises ``ValueError`` naming any bad input.

    Parameters
    ----------
    hands
        Card strings: whole hands (5-7 cards), or hole cards when ``board`` is
        given (hold'em style: hole + board = 5-7 cards; Omaha: 4-6 hole cards).
    board
        Shared board of 3-5 cards, or ``None``.
    omaha
        Omaha rules: exactly two hole cards and three board cards (needs a board).
    low
        Also evaluate the 8-or-better low (Omaha: under the same 2 + 3 rule).
    progress
        Advanced by the number of hands evaluated after each batch call.

    Returns
    -------
    list of HandResult
        One per hand, in input order.
    """
    import numpy as np

    from ..cards import format_cards
    from ..evaluator import (
        HandCategory,
        describe,
        describe_low,
        evaluate,
        evaluate_low8,
        evaluate_omaha,
        evaluate_omaha_hilo,
    )

    if not hands:
        raise ValueError("no hands given: pass at least one hand, e.g. AsKsQsJsTs")
    if omaha and board is None:
        raise ValueError("--omaha needs --board: Omaha hands play two hole cards with the board")

    # The board is an option: its errors name it as one (the hands are arguments).
    board_cards = None if board is None else _parse(board, "--board", BOARD_SIZES)
    parsed: list[NDArray[np.uint8]] = []
    for text in hands:
        if board_cards is None:
            parsed.append(_parse(text, "hand", HIGH_SIZES))
            continue
        if omaha:
            hole = _parse(text, "hand", OMAHA_HOLE_SIZES)
        else:
            wanted = tuple(
                size - board_cards.size for size in HIGH_SIZES if size > board_cards.size
            )
            hole = _parse(text, "hand", wanted)
        _check_against_board(hole, text, board_cards)
        parsed.append(hole)

    def run(stacked: NDArray[np.uint8]) -> tuple[NDArray[Any], NDArray[Any] | None]:
        if omaha:
            assert board_cards is not None  # checked above: --omaha needs --board
            if low:
                high, low_strength = evaluate_omaha_hilo(stacked, board_cards, threads=1)
                return high, low_strength
            return evaluate_omaha(stacked, board_cards, threads=1), None
        if board_cards is not None:
            stacked = np.concatenate(
                [stacked, np.broadcast_to(board_cards, (len(stacked), board_cards.size))], axis=1
            )
        high = evaluate(stacked, threads=1)
        return high, evaluate_low8(stacked, threads=1) if low else None

    highs, lows = _batched(parsed, run, progress)
    descriptions = describe(np.array(highs, dtype=np.int64))
    board_text = None if board_cards is None else format_cards(board_cards)
    results = []
    for index, hand in enumerate(parsed):
        result = HandResult(
            cards=format_cards(hand),
            board=board_text,
            strength=highs[index],
            category=HandCategory(highs[index] >> 12).label,
            description=descriptions[index],
        )
        if lows is not None:
            result.low_strength = lows[index]
            result.low_description = describe_low(lows[index])
        results.append(result)
    return results


def format_lines(results: Sequence[HandResult]) -> list[str]:
    """Aligned text columns: hand, strength, category, description[, low, low words]."""
    rows = []
    for result in results:
        hand = result.cards if result.board is None else f"{result.cards} + {result.board}"
        row = [hand, str(result.strength), result.category, result.description]
        if result.low_strength is not None:
            row += [f"low {result.low_strength}", str(result.low_description)]
        rows.append(row)
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


EPILOG = """\b
Examples:
  showdown eval AsKsQsJsTs 7c7d7h2s2d3c4c
      one line per hand: hand, strength, category, description
  showdown eval --low 8c6d4h2sAcKd9h
      adds the 8-or-better low: 'low 29  8-6-4-2-A low' ('low 0  no low' if none)
  showdown eval AsKs QhQd --board JsTs2c
      hold'em style: each hand's hole cards with the shared board
  showdown eval --omaha AsAhKdQc 2c3c4s5s --board Ad7c2h9s3d --low
      Omaha hi-lo: exactly two hole cards and three board cards, high and low
  showdown eval --json AsKsQsJsTs
      a JSON list of {cards, strength, category, description[, board, low_strength,
      low_description]}

\b
Strengths: larger is stronger, equal is a tie; high = category << 12 | index
(category 1 = high card .. 9 = straight flush); low = 1..56 (56 = 5-4-3-2-A), 0 = no low.
Bad input (unknown card, repeated card, wrong count, --omaha without --board) prints
'Error: ...' to stderr and exits with status 1.
"""


@click.command(
    name="eval",
    epilog=EPILOG,
    short_help="Strength, category and description of hands (high, low, Omaha).",
)
@click.argument("hands", nargs=-1, metavar="HAND...")
@click.option(
    "--board",
    "-b",
    metavar="CARDS",
    help="Shared board of 3-5 cards; each HAND is then hole cards played with it.",
)
@click.option(
    "--omaha",
    is_flag=True,
    help="Omaha rules: each HAND is 4-6 hole cards; exactly two play with three of the board "
    "(requires --board).",
)
@click.option(
    "--low",
    "-l",
    is_flag=True,
    help="Also show the 8-or-better (ace-to-five) low; with --omaha this makes it Omaha hi-lo.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def eval_command(
    hands: tuple[str, ...], board: str | None, omaha: bool, low: bool, as_json: bool
) -> None:
    """Evaluate poker hands: strength, category and description of each HAND.

    A HAND is 5, 6 or 7 cards written together or quoted with spaces
    (AsKsQsJsTs, "As Ks Qs Js Ts"); the best five-card hand plays. With --board,
    a HAND is hole cards instead.
    """
    import sys

    from .._progress import Progress, compiling

    high_kernels = ["evaluate_kernel", *(["low8_kernel"] if low else [])]
    kernels = ["omaha_kernel"] if omaha else high_kernels
    try:
        # A bar only on a terminal (removed when done); the compile line always,
        # and only when numba really compiles (never on a warm cache).
        with (
            Progress(sys.stderr.isatty(), len(hands), description="eval", transient=True) as bar,
            compiling(
                "the evaluator kernels",
                kernels,
                progress=bar,
                notify=lambda line: click.echo(line, err=True),
            ),
        ):
            results = evaluate_hands(hands, board, omaha=omaha, low=low, progress=bar)
    except ValueError as error:
        # One line on stderr with the status of any bad input, never a traceback.
        raise option_error(error, OPTION_NAMES) from None
    if as_json:
        click.echo(json.dumps([result.as_json() for result in results], indent=2))
    else:
        for line in format_lines(results):
            click.echo(line)
