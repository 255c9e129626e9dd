"""What a player may do: the action vocabulary, the legal-action record, the error, views.

:class:`Action` is the one spelling of every action: the names
:meth:`HandState.act <showdown.simulator.hand.HandState.act>` and agents use,
the PHH codes of the action log and of hand histories, and the integer kinds
the compiled engine records. Every other module reads them from here.

Examples
--------
>>> issubclass(IllegalActionError, ValueError)
True
>>> Action.CALL == "call", Action.CALL.phh, Action.parse("check_call")
(True, 'cc', <Action.CALL: 'call'>)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import Enum

from ...errors import InputError

#: The PHH actor of dealing actions (``"d dh p1 AsKs"``, ``"d db 7h8h9h"``).
PHH_DEALER = "d"

#: Alias of :attr:`Action.CALL`, also the name of ``HandState.check_call``.
CHECK_CALL = "check_call"
#: Alias of :attr:`Action.RAISE`, also the name of ``HandState.bet_raise_to``.
BET_RAISE_TO = "bet_raise_to"


class IllegalActionError(InputError):
    """An action the rules do not allow now: out of turn, a wrong amount, after the end."""


class Action(str, Enum):
    """Every action of a hand: its name (the enum's value), PHH code and aliases.

    A member is a ``str`` equal to its name, so ``Action.FOLD == "fold"`` and an
    agent may return either. Several names share a PHH code: ``cc`` is a check or a
    call, ``cbr`` a bet, a raise or a stud completion, ``sm`` a show or a muck (told
    apart by the cards). :meth:`from_phh` and :meth:`from_compiled` give the
    general action of a code (:attr:`CALL`, :attr:`RAISE`, :attr:`SHOW`).

    Attributes
    ----------
    phh : str or None
        The PHH code (``None`` for :attr:`TIME_OUT`, which becomes another action).
    aliases : tuple of str
        Other names :meth:`parse` accepts for the action.
    dealer : bool
        A dealing action (the dealer's, not a player's).

    Examples
    --------
    >>> Action.parse("bet_raise_to") is Action.RAISE, Action.from_phh("cbr") is Action.RAISE
    (True, True)
    >>> [action.phh for action in (Action.CHECK, Action.CALL, Action.BET, Action.COMPLETE)]
    ['cc', 'cc', 'cbr', 'cbr']
    >>> Action.from_compiled(Action.FOLD.compiled_code) is Action.FOLD
    True
    """

    phh: str | None
    aliases: tuple[str, ...]
    dealer: bool

    def __new__(
        cls, name: str, phh: str | None, aliases: tuple[str, ...] = (), dealer: bool = False
    ) -> Action:
        member = str.__new__(cls, name)
        member._value_ = name
        member.phh = phh
        member.aliases = aliases
        member.dealer = dealer
        return member

    FOLD = ("fold", "f")
    #: Check only: facing a bet it is an error.
    CHECK = ("check", "cc")
    #: Check or call.
    CALL = ("call", "cc", (CHECK_CALL,))
    #: Bet or raise to a round total (the two names are the same move).
    BET = ("bet", "cbr")
    RAISE = ("raise", "cbr", (BET_RAISE_TO,))
    BRING_IN = ("bring_in", "pb")
    #: Stud: complete the bring-in to the small bet.
    COMPLETE = ("complete", "cbr")
    #: Draw: discard cards (none stands pat).
    DISCARD = ("discard", "sd")
    SHOW = ("show", "sm")
    MUCK = ("muck", "sm")
    #: The clock ran out: fold, check, post, stand pat or muck, whatever is due.
    TIME_OUT = ("time_out", None)
    DEAL_HOLE = ("deal_hole", "dh", (), True)
    DEAL_BOARD = ("deal_board", "db", (), True)

    # Plain text in messages and f-strings: the name, not "Action.FOLD".
    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]  # str's, on purpose

    @classmethod
    def _missing_(cls, value: object) -> Action | None:
        # ``Action("check_call")``: aliases name their action too.
        return ACTION_NAMES.get(value) if isinstance(value, str) else None

    @property
    def compiled_code(self) -> int | None:
        """The kind the compiled engine records for this action, ``None`` if it has none."""
        return _compiled_codes()[0].get(self)

    @classmethod
    def parse(cls, name: object, where: str = "action") -> Action:
        """The action named ``name`` (a name, an alias or a member).

        Raises
        ------
        IllegalActionError
            For anything else, naming ``where`` and listing the known names.
        """
        action = ACTION_NAMES.get(name) if isinstance(name, str) else None
        if action is None:
            shown = repr(name) if len(repr(name)) <= 80 else repr(name)[:77] + "..."
            raise IllegalActionError(f"{where}: unknown action {shown}; known actions: {_KNOWN}")
        return action

    @classmethod
    def from_phh(cls, code: str) -> Action:
        """The action of a PHH code (the general one where several share it).

        Raises
        ------
        ValueError
            For an unknown code.
        """
        action = PHH_ACTIONS.get(code)
        if action is None:
            raise ValueError(f"unknown PHH action code {code!r}; known codes: {_KNOWN_PHH}")
        return action

    @classmethod
    def from_compiled(cls, code: int) -> Action:
        """The action of a kind the compiled engine records.

        Raises
        ------
        ValueError
            For an unknown kind.
        """
        action = _compiled_codes()[1].get(code)
        if action is None:
            raise ValueError(f"unknown recorded action kind {code}")
        return action


#: Every name and alias -> its action (members hash as their names, so they are keys too).
ACTION_NAMES: dict[str, Action] = {
    name: action for action in Action for name in (action.value, *action.aliases)
}
_KNOWN = ", ".join(ACTION_NAMES)
#: The PHH code of every action that has one (typed ``str``, for the writers of the log).
PHH_CODES: dict[Action, str] = {action: action.phh for action in Action if action.phh is not None}
#: Each PHH code -> its general action (``cc`` a call, ``cbr`` a raise, ``sm`` a show).
PHH_ACTIONS: dict[str, Action] = {
    action.phh: action
    for action in (
        Action.FOLD,
        Action.CALL,
        Action.RAISE,
        Action.BRING_IN,
        Action.DISCARD,
        Action.SHOW,
        Action.DEAL_HOLE,
        Action.DEAL_BOARD,
    )
    if action.phh is not None
}
_KNOWN_PHH = ", ".join(PHH_ACTIONS)


@functools.cache
def _compiled_codes() -> tuple[dict[Action, int], dict[int, Action]]:
    """(action -> recorded kind, recorded kind -> general action), from the kernels' layout.

    Imported on first use: the compiled package imports the hand engine, so this
    module (loaded with the hand engine) cannot import it at the top.
    """
    from ..compiled import layout

    general = {
        layout.FOLD: Action.FOLD,
        layout.CHECK_CALL: Action.CALL,
        layout.BET_RAISE: Action.RAISE,
        layout.BRING_IN: Action.BRING_IN,
        layout.DISCARD: Action.DISCARD,
    }
    # Every action sharing a PHH code with a general one shares its recorded kind.
    codes = {
        action: code
        for code, general_action in general.items()
        for action in Action
        if action.phh == general_action.phh
    }
    return codes, general


@dataclass(slots=True)
class LegalActions:
    """The options of the player to act, with exact amounts.

    Amounts are *totals for the betting round* ("raise to"), like PHH ``cbr``.

    Attributes
    ----------
    player
        The player these options belong to.
    fold
        Folding is allowed. It is allowed even when checking is free ("a player
        can fold at any stage of the game"), but never instead of a forced bring-in.
    check
        Checking is free (nothing to call).
    call
        Chips the call puts in (all-in for less when short), ``None`` when ``check``.
    raise_min_to, raise_max_to
        Range of legal bet/raise-to amounts, ``None`` when raising is not allowed.
        Fixed limit allows only the two ends (they are equal except for an all-in
        for less, or the small/big bet choice on stud's fourth street with an open pair).
    bring_in
        Stud: chips of the bring-in the player may post instead of completing.
    complete_to
        Stud: the completion amount (the small bet) when facing only the bring-in.
    discard_max
        Drawing: the most cards the player may discard (0 = not a draw decision).
    show, muck
        Showdown: whether the player may show / muck.
    """

    player: int
    fold: bool = False
    check: bool = False
    call: int | None = None
    raise_min_to: int | None = None
    raise_max_to: int | None = None
    bring_in: int | None = None
    complete_to: int | None = None
    discard_max: int = 0
    show: bool = False
    muck: bool = False

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is among the options."""
        return self.raise_min_to is not None


@dataclass(slots=True)
class PlayerView:
    """What one player may see of a hand: no other player's down cards, no deck.

    Attributes
    ----------
    player
        Whose view this is.
    street
        Name of the current street (``"flop"``, ``"fourth"``...), or ``"showdown"``/``"complete"``.
    hole_cards
        The player's own cards in deal order (down and up).
    up_cards
        Every player's face-up cards (stud), empty lists in board games.
    shown_cards
        Cards other players showed at the showdown (``None`` for unshown hands).
    board
        Community cards.
    stacks, bets, totals
        Chips behind, chips bet this round, chips put in during the hand, per player.
    pot
        All chips in the middle (including this round's bets).
    folded, all_in
        Per-player flags.
    discards
        Cards each player discarded on the draw (counts only).
    actor
        The player to act, or ``None``.
    legal
        The player's options when it is their turn, else ``None``.
    """

    player: int
    street: str
    hole_cards: list[int]
    up_cards: list[list[int]]
    shown_cards: list[list[int] | None]
    board: list[int]
    stacks: list[int]
    bets: list[int]
    totals: list[int]
    pot: int
    folded: list[bool]
    all_in: list[bool]
    discards: list[int] = field(default_factory=list)
    actor: int | None = None
    legal: LegalActions | None = None
