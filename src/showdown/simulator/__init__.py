"""The full-game simulator: variants as data, one hand as a state machine, PHH histories.

Examples
--------
>>> from showdown.simulator import GAMES, HandState, Stakes
>>> " ".join(sorted(GAMES))
'draw flhe flo flo8 nl5d nlhe nlsd pl5d plhe plo plo8 stud stud8'
>>> hand = HandState("flhe", Stakes.blinds(1, 2), [100, 100], seed=0)
>>> hand.legal_actions().raise_min_to
4
"""

from .agents import (
    AGENTS,
    TIMEOUT,
    AgentError,
    CallingStation,
    Disconnect,
    HandStrengthAgent,
    RandomAgent,
    make_agent,
)
from .hand import (
    UNKNOWN,
    Action,
    HandState,
    IllegalActionError,
    LegalActions,
    PlayerView,
    Pot,
    SeatView,
    settle_showdowns,
    side_pots,
    split_amount,
)
from .phh import HandHistory, UnsupportedVariantError, read_phh, replay, write_phh
from .rules import GAMES, VARIANTS_BY_PHH_CODE, Stakes, Street, Variant, get_variant
from .session import SeatResult, SimulationResult, bb_per_100_interval, simulate
from .table import Table, TimeLimit, default_stakes

__all__ = [
    "AGENTS",
    "GAMES",
    "TIMEOUT",
    "UNKNOWN",
    "VARIANTS_BY_PHH_CODE",
    "Action",
    "AgentError",
    "CallingStation",
    "Disconnect",
    "HandHistory",
    "HandState",
    "HandStrengthAgent",
    "IllegalActionError",
    "LegalActions",
    "PlayerView",
    "Pot",
    "RandomAgent",
    "SeatResult",
    "SeatView",
    "SimulationResult",
    "Stakes",
    "Street",
    "Table",
    "TimeLimit",
    "UnsupportedVariantError",
    "Variant",
    "bb_per_100_interval",
    "default_stakes",
    "get_variant",
    "make_agent",
    "read_phh",
    "replay",
    "settle_showdowns",
    "side_pots",
    "simulate",
    "split_amount",
    "write_phh",
]
