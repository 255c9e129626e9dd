"""The ``HandState`` engine: one hand as a state machine, in Python, on the rules core.

Modules: :mod:`.state` (:class:`HandState` and its events), :mod:`.betting`
(betting rounds), :mod:`.dealing` (dealing, the draw), :mod:`.settlement`
(the showdown and paying the pots, batch evaluation), :mod:`.pots` (side pots
and splits as data), :mod:`.actions` (the :class:`Action` vocabulary, legal
actions, views, the error) and :mod:`.view` (the read-only view agents get). Every rule comes from
:mod:`showdown.simulator.core`.
"""

from __future__ import annotations

from .actions import Action, IllegalActionError, LegalActions, PlayerView
from .base import BETTING, COMPLETE, DEALING, DRAWING, EVALUATING, SHOWDOWN, UNKNOWN
from .pots import ODD_CHIP_POLICIES, Pot, side_pots, split_amount
from .settlement import settle_showdowns
from .state import HandState
from .view import SeatView, VisibleCards

__all__ = [
    "BETTING",
    "COMPLETE",
    "DEALING",
    "DRAWING",
    "EVALUATING",
    "ODD_CHIP_POLICIES",
    "SHOWDOWN",
    "UNKNOWN",
    "Action",
    "HandState",
    "IllegalActionError",
    "LegalActions",
    "PlayerView",
    "Pot",
    "SeatView",
    "VisibleCards",
    "settle_showdowns",
    "side_pots",
    "split_amount",
]
