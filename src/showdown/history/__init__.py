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


def plot(frame_or_paths: object, player: str, *, ax: object = None) -> object:
    """A player's cumulative net, all-in EV adjusted net, showdown and non-showdown
    winnings over his hands (see :func:`showdown.history.plot.plot`)."""
    from .plot import plot as draw

    return draw(frame_or_paths, player, ax=ax)
