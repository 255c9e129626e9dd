"""Hand-history analytics: read PHH hands at scale, all-in EV and player statistics.

- :func:`hands` streams hands from ``.phh`` and multi-hand ``.phhs`` files,
  PokerStars text (``.txt``, :mod:`showdown.history.pokerstars`) and Open Hand
  History JSON (``.ohh``/``.json``, :mod:`showdown.history.ohh`), directories and
  globs (one hand in memory at a time);
- :func:`analyze` gives pandas frames: per player (net, bb/100, all-in EV
  adjusted net and bb/100 with 95 % intervals, luck, showdown and non-showdown
  winnings, VPIP, PFR, 3-bet, AF, WTSD, W$SD) and per hand;
- :func:`plot` draws a player's cumulative net against his all-in EV adjusted net;
- :func:`showdown.history.store.write_store` (``showdown convert``) keeps hands read
  and analysed once as Parquet tables, which :func:`analyze` and :func:`hands`
  read as well as text.

The definitions are in the project's documentation (``docs/history.md``).
"""

from __future__ import annotations

from .analyze import Analysis, analyze
from .plot import plot as _draw
from .reader import BadHand, BadHandError, BadHandWarning, ReadReport, expand_paths, hands

__all__ = [
    "Analysis",
    "BadHand",
    "BadHandError",
    "BadHandWarning",
    "ReadReport",
    "analyze",
    "expand_paths",
    "hands",
    "plot",
]


# The drawing module is imported above, before this function is defined: importing a
# submodule sets the package's attribute of its name, so a first import later (by
# ``Analysis.plot``, say) would put the module where this function is.
def plot(frame_or_paths: object, player: str, *, ax: object = None) -> object:
    """A player's cumulative net, all-in EV adjusted net, showdown and non-showdown
    winnings over his hands; returns the matplotlib Axes.

    Parameters
    ----------
    frame_or_paths
        An :class:`Analysis`, its per-hand frame (:attr:`Analysis.hands`), or
        hand-history paths (analysed first, for ``player`` only).
    player
        The player's name as the files write it.
    ax
        The matplotlib Axes to draw on (a new figure's when ``None``).

    Raises
    ------
    ValueError
        When ``player`` is in none of the hands.
    """
    import pandas as pd

    if isinstance(frame_or_paths, Analysis):
        frame = frame_or_paths.hands
    elif isinstance(frame_or_paths, pd.DataFrame):
        frame = frame_or_paths
    else:
        frame = analyze(frame_or_paths, player).hands  # type: ignore[arg-type]
    return _draw(frame, player, ax=ax)
