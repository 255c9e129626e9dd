"""The full-game simulator: variants as data, one hand as a state machine, PHH histories.

Examples
--------
>>> from showdown.simulator import GAMES, HandState, Stakes
>>> sorted(GAMES)
['draw', 'flhe', 'flo', 'flo8', 'nlhe', 'plhe', 'plo', 'plo8', 'stud', 'stud8']
>>> hand = HandState("flhe", Stakes.blinds(1, 2), [100, 100], seed=0)
>>> hand.legal_actions().raise_min_to
4
"""

from .actions import IllegalActionError, LegalActions, PlayerView
from .phh import HandHistory, UnsupportedVariantError, read_phh, replay, write_phh
from .pots import Pot, side_pots, split_amount
from .rules import GAMES, VARIANTS_BY_PHH_CODE, Stakes, Street, Variant, get_variant
from .showdown import settle_showdowns
from .state import UNKNOWN, HandState

__all__ = [
    "GAMES",
    "UNKNOWN",
    "VARIANTS_BY_PHH_CODE",
    "HandHistory",
    "HandState",
    "IllegalActionError",
    "LegalActions",
    "PlayerView",
    "Pot",
    "Stakes",
    "Street",
    "UnsupportedVariantError",
    "Variant",
    "get_variant",
    "read_phh",
    "replay",
    "settle_showdowns",
    "side_pots",
    "split_amount",
    "write_phh",
]
