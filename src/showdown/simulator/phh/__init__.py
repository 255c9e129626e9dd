"""Read, write and replay PHH (Poker Hand History) files.

Modules: :mod:`.history` (reading and checking a history), :mod:`.replay`
(playing it through :class:`~showdown.simulator.hand.HandState`) and
:mod:`.write` (PHH text of a history or a played hand).


PHH is a TOML file: game fields (``variant``, ``antes``, ``blinds_or_straddles``,
``min_bet`` or ``small_bet``/``big_bet``, ``bring_in``, ``starting_stacks``), an
``actions`` list and optional fields such as ``players`` and ``finishing_stacks``.
Actions: ``d dh p1 AsKs`` (hole cards; ``????`` unknown), ``d db KcQd7h``
(board), ``p1 f`` (fold), ``p1 cc`` (check/call), ``p1 cbr 300`` (bet/raise to,
the round total), ``p1 pb`` (stud bring-in), ``p1 sd 7h2c`` (discard and draw;
``p1 sd`` stands pat), ``p1 sm AsKs`` (show) and ``p1 sm`` (muck); ``#`` starts
a comment.

Players are in position order: p1 is the first dealt (the small blind in a
button game, left of the dealer in stud); the dealer is the last player. In
heads-up button games the blind and ante arrays apply reversed: p1 is the big
blind and the button p2 posts the small blind and acts first pre-flop.

Variant codes: ``NT``, ``PT``, ``FT`` (hold'em), ``PO``, ``FO``, ``PO/8``, ``FO/8``
(Omaha, hi-lo), ``F7S``, ``F7S/8`` (stud, hi-lo), ``NS`` (short deck) and
``F5D``, ``N5D``, ``P5D`` — five-card draw at fixed, no and pot limit, codes
chosen here because the PHH specification has no high five-card draw (its draw
games are lowball). Other codes (``FR``, ``F2L3D``, ``N2L1D``, ``FB``...) raise
:class:`UnsupportedVariantError`.

Amounts with fractions (some logs record cents) are replayed in scaled whole
chips; :attr:`HandState.final_stacks` gives them back in the file's units.

Errors name the source (a file name or ``PHH text``), then the field or the
action (its index in ``actions`` and its text), then the reason.

Examples
--------
>>> text = '''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 7c2h", "p2 cbr 6", "p1 f"]
... '''
>>> replay(read_phh(text)).stacks
[98, 102]
"""

from __future__ import annotations

from .history import HandHistory, UnsupportedVariantError, read_phh
from .replay import check_finishing_stacks, replay
from .write import history_from_state, write_phh

__all__ = [
    "HandHistory",
    "UnsupportedVariantError",
    "check_finishing_stacks",
    "history_from_state",
    "read_phh",
    "replay",
    "write_phh",
]
