"""The all-in EV graph: a player's cumulative results over his hands.

Four lines, in the file's money units: net won, all-in EV adjusted net,
showdown winnings (hands where the player reached the showdown) and
non-showdown winnings (the rest). Net = showdown + non-showdown, hand by hand.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import pandas as pd
>>> frame = pd.DataFrame({"player": ["A", "A"], "net": [5.0, -2.0], "ev_net": [1.0, -2.0],
...                       "showdowns": [1, 0]})
>>> ax = plot(frame, "A")
>>> [line.get_label() for line in ax.lines]
['net won', 'all-in EV adjusted', 'showdown winnings', 'non-showdown winnings']
>>> ax.lines[0].get_ydata().tolist()
[5.0, 3.0]
"""

from __future__ import annotations

from typing import Any

from showdown._plotting import pyplot
from showdown.errors import InputError

__all__ = ["plot"]


def plot(frame: Any, player: str, *, ax: Any = None) -> Any:
    """Draw ``player``'s cumulative net, all-in EV adjusted net, showdown and
    non-showdown winnings over his hands; returns the matplotlib Axes.

    Parameters
    ----------
    frame
        The per-hand frame of an analysis (:attr:`showdown.history.Analysis.hands`).
        :func:`showdown.history.plot` also takes an analysis or hand-history paths
        (analysed first); this module only draws, so it needs no analysis code.
    player
        The player's name as the files write it.
    ax
        The matplotlib Axes to draw on (a new figure's when ``None``).

    Raises
    ------
    showdown.errors.InputError
        When ``frame`` is not a pandas DataFrame.
    ValueError
        When ``player`` is in none of the hands.
    """
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise InputError(
            f"expected the per-hand frame of an analysis (a pandas DataFrame), got "
            f"{type(frame).__name__}; showdown.history.plot takes an analysis or paths",
            parameter="frame",
        )
    rows = frame[frame["player"] == player]
    if rows.empty:
        raise ValueError(f"plot: player {player!r} is in none of the hands")
    net = rows["net"].astype(float).to_numpy()
    showdown = net * (rows["showdowns"].to_numpy() == 1)
    series = {
        "net won": net,
        "all-in EV adjusted": rows["ev_net"].astype(float).to_numpy(),
        "showdown winnings": showdown,
        "non-showdown winnings": net - showdown,
    }
    if ax is None:
        _, ax = pyplot().subplots()
    hands = range(1, len(net) + 1)
    for label, values in series.items():
        ax.plot(hands, values.cumsum(), label=label)
    ax.set_xlabel("hands")
    ax.set_ylabel("winnings")
    ax.set_title(f"{player}: {len(net):,} hands")
    ax.legend()
    return ax
