"""One hand history replayed for analysis: contributions, results, counters, the all-in spot.

The hand is played through the simulator's replay
(:func:`showdown.simulator.phh.replay.replay_history`), which checks every action
by the rules. Before that, cards a player showed (``pX sm AsKs``) are written
into his deal (``d dh pX ????`` becomes ``d dh pX AsKs``) and the show/muck
actions are dropped: the replay's own showdown shows every known hand. Real logs
often leave live hands unknown at the showdown (``sm ????``); the replay cannot
settle such a pot, so the result comes from the file (``winnings``, else
``finishing_stacks``) with the chips put in as the replay counted them.

Results are in the replay's whole chips (``scale`` chips per unit of the file).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from showdown.games import hand_type
from showdown.simulator import core
from showdown.simulator.hand import BETTING, COMPLETE, DRAWING, SHOWDOWN, UNKNOWN, HandState
from showdown.simulator.phh import HandHistory
from showdown.simulator.phh.replay import ActionContext, replay_history

__all__ = [
    "ADJUSTED_GAMES", "BOARD_GAMES", "COUNTER_NAMES", "NO_RESULT", "AllInSpot", "HandFacts",
    "Watcher", "exact", "finish", "hand_facts", "prepared_actions",
]  # fmt: skip

_uncalled_bet = core.uncalled_bet.py_func

#: Per-player counters of one hand. ``vpip``, ``pfr``, ``bets``, ``calls``,
#: ``checks``, ``folds``, ``showdowns`` and ``showdowns_won`` mean what the
#: simulator's table counters mean (``showdown.simulator.table.STAT_NAMES``).
COUNTER_NAMES = (
    "hands", "vpip", "pfr", "bets", "calls", "checks", "folds",
    "three_bets", "three_bet_chances", "showdowns", "showdowns_won",
)  # fmt: skip

#: Why a hand is skipped when its result cannot be known.
NO_RESULT = (
    "live hands are unknown at the showdown and the history gives neither 'winnings' nor "
    "'finishing_stacks': the result cannot be known"
)

#: Hand types with a board (those the light pass plays).
BOARD_GAMES = frozenset(
    {"holdem", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo", "omaha6-hilo"}
)
#: Hand types whose all-ins are adjusted: the board games, stud (each player's cards
#: in deal order) and five-card draw (all-in before the draw, every draw known).
ADJUSTED_GAMES = BOARD_GAMES | {"stud", "stud-hilo", "draw", "shortdeck"}


@dataclass
class AllInSpot:
    """The table when no more betting was possible with cards to come.

    Attributes
    ----------
    street
        The street whose betting put the last chips in (``"preflop"``, ``"flop"``...).
    board
        Board cards dealt by then.
    hole_cards
        Each player's cards (``UNKNOWN`` for cards not known).
    wagers
        Chips each player bet (antes and dead blinds left out), the uncalled part
        of the largest bet already returned.
    dead
        Antes and dead blinds, which belong to the main pot.
    live
        Players still in the hand.
    discards
        Draw games (all-in before the draw): the cards each player threw away, as
        the history shows them (``""``: stood pat; ``None``: not drawn, or folded).
    """

    street: str
    board: list[int]
    hole_cards: list[list[int]]
    wagers: list[int]
    dead: int
    live: list[bool]
    discards: list[str | None] | None = None


@dataclass
class HandFacts:
    """What analysis needs of one hand (chips are the replay's whole chips).

    ``status`` says whether the hand qualifies for the all-in adjustment:
    ``"no_all_in"``, ``"candidate"`` (it qualifies; see :attr:`spot`), ``"river"``
    (no card to come), ``"unknown_cards"`` (a live hand not known),
    ``"others_could_bet"`` (a player all-in while others could still bet; the
    betting went on), ``"unsupported_game"`` (a game the equity engine does not
    play at that spot).
    """

    source: str
    hand_id: Any
    variant: str
    game: str
    players: list[str]
    scale: int
    big_blind: Fraction
    contributed: list[int]
    collected: list[int]
    net: list[int]
    rake: int
    result_from: str
    showdown: list[bool]
    counters: list[dict[str, int]]
    status: str = "no_all_in"
    spot: AllInSpot | None = None
    stacks_unknown: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def pot(self) -> int:
        """Every chip put in (after uncalled bets returned), before rake."""
        return sum(self.contributed)


#: ``"p1"`` -> 0, ``"p2"`` -> 1... (the replay has checked the token).
_PLAYER_INDEX = {f"p{k}": k - 1 for k in range(1, 100)}


def _player_index(token: str) -> int:
    index = _PLAYER_INDEX.get(token)
    return int(token[1:]) - 1 if index is None else index


def prepared_actions(actions: Sequence[str]) -> list[str]:
    """The actions with shown cards written into the deals and show/muck actions dropped."""
    shown: dict[str, str] = {}
    drew_unseen: set[str] = set()  # a draw's unseen discards: the cards shown are not the deal
    for action in actions:
        if " sm " in action:
            tokens = action.split()
            if len(tokens) == 3 and tokens[1] == "sm" and "?" not in tokens[2]:
                shown[tokens[0]] = tokens[2]
        elif " sd ?" in action:
            drew_unseen.add(action.split()[0])
    for player in drew_unseen:
        shown.pop(player, None)
    kept: list[str] = []
    for action in actions:
        tokens = action.split()
        if len(tokens) >= 2 and tokens[1] == "sm":
            continue
        if shown and len(tokens) == 4 and tokens[:2] == ["d", "dh"] and "?" in tokens[3]:
            cards = shown.get(tokens[2])
            if cards is not None and len(cards) == len(tokens[3]):
                # The shown cards replace this deal only where the deal left them unknown.
                merged = "".join(
                    cards[k : k + 2] if tokens[3][k : k + 2] == "??" else tokens[3][k : k + 2]
                    for k in range(0, len(cards), 2)
                )
                action = f"d dh {tokens[2]} {merged}"
        kept.append(action)
    return kept


#: Exact values of the amounts met so far (hand histories repeat their stakes).
_EXACT: dict[Any, Fraction] = {}


def exact(value: Any) -> Fraction:
    """``Fraction(str(value))``, the simulator's reading of an amount, remembered."""
    known = _EXACT.get(value)
    if known is None or value.__class__ is bool:  # True == 1, but Fraction("True") fails
        known = Fraction(str(value))
        if len(_EXACT) > 100_000:
            _EXACT.clear()  # flat memory over millions of hands
        _EXACT[value] = known
    return known


def _big_blind(history: HandHistory) -> Fraction:
    """Chips per big blind in the file's units (the small bet without blinds), for bb/100."""
    blinds = [exact(value) for value in history.blinds_or_straddles]
    for candidate in (max(blinds, default=Fraction(0)), history.small_bet, history.min_bet):
        if candidate:
            return exact(candidate)
    return Fraction(1)


def chips_of(values: Sequence[Any], scale: int, name: str) -> list[int]:
    """Amounts of the file as the replay's whole chips (``scale`` per unit)."""
    result = []
    for value in values:
        if value.__class__ is int:
            result.append(value * scale)
            continue
        fraction = exact(value)
        chips, remainder = divmod(fraction.numerator * scale, fraction.denominator)
        if remainder:
            raise ValueError(f"field {name!r}: {value!r} has more decimals than the hand's amounts")
        result.append(chips)
    return result


class Watcher:
    """Counts each player's actions and finds the all-in spot, action by action."""

    def __init__(self, state_streets: Sequence[str], n: int) -> None:
        self.first_street = state_streets[0]
        self.streets = list(state_streets)
        self.counters = [dict.fromkeys(COUNTER_NAMES, 0) for _ in range(n)]
        self.raises_first_round = 0
        self.chance_seen = [False] * n
        self.first_all_in_street: int | None = None
        self.spot_status = "no_all_in"
        self.spot: AllInSpot | None = None
        self.state: Any = None
        self.last_index = -1
        # Chips only leave ``totals`` when an uncalled bet goes back, which ends the
        # hand's betting: the totals before the last action are what each player bet.
        self.last_totals: Sequence[int] = [0] * n
        self.bring_in_due = False

    def __call__(
        self,
        index: int,
        action: str,
        before: ActionContext,
        state: Any,
        tokens: list[str] | None = None,
    ) -> None:
        """Count ``action`` (number ``index``, split in ``tokens`` if given), just applied
        to ``state`` (a ``HandState``, or the light pass's table with its attributes)."""
        bring_in_due = self.bring_in_due
        # Read after this action, so it is the value before the next one.
        self.bring_in_due = state.bring_in_due
        self.state = state
        self.last_index = index
        self.last_totals = before.totals
        if tokens is None:
            tokens = action.split()
        if tokens[0] == "d":
            return
        seat = _player_index(tokens[0])
        verb = tokens[1]
        counters = self.counters[seat]
        first = before.street == self.first_street
        facing_one_raise = first and self.raises_first_round == 1
        if facing_one_raise and verb in ("cc", "cbr", "f") and not self.chance_seen[seat]:
            self.chance_seen[seat] = True
            counters["three_bet_chances"] = 1
        if verb == "cc":
            if state.totals[seat] > before.totals[seat]:
                counters["calls"] += 1
                if first:
                    counters["vpip"] = 1
            else:
                counters["checks"] += 1
        elif verb == "cbr":
            counters["bets"] += 1
            # As the simulator counts: completing in place of the stud bring-in is a bet
            # but neither VPIP nor PFR.
            if first and not bring_in_due:
                counters["vpip"] = counters["pfr"] = 1
                if self.raises_first_round == 1:
                    counters["three_bets"] = 1
                self.raises_first_round += 1
        elif verb == "f":
            counters["folds"] += 1
        elif verb == "sd" and self.spot is not None and self.spot.discards is not None:
            # A draw after the all-in: what was thrown away ("pX sd" alone: stood pat).
            self.spot.discards[seat] = tokens[2] if len(tokens) > 2 else ""
        self._look_for_spot(before, state)

    def _look_for_spot(self, before: ActionContext, state: Any) -> None:
        if self.spot is not None or self.spot_status != "no_all_in":
            return
        if self.first_all_in_street is None and True not in state.all_in:
            return  # nobody all-in: every live player can still bet
        street = self.streets.index(before.street) if before.street in self.streets else 0
        live = [not folded for folded in state.folded]
        if self.first_all_in_street is None and any(
            all_in and alive for all_in, alive in zip(state.all_in, live, strict=True)
        ):
            self.first_all_in_street = street
        if sum(live) < 2 or state.status in (BETTING, COMPLETE):
            return
        drawing = state.status == DRAWING
        if drawing and self.first_street != before.street:
            return  # a draw after the first betting round: players are still drawing
        behind = sum(1 for s in range(state.n) if live[s] and state.stacks[s] > 0)
        if behind > 1:
            return
        if self.first_all_in_street is not None and self.first_all_in_street < street:
            self.spot_status = "others_could_bet"
            return
        if state.status == SHOWDOWN or state.street_index >= len(self.streets):
            self.spot_status = "river"
            return
        totals, antes = list(state.totals), list(state.ante_paid)
        top, excess = _uncalled_bet(state.n, totals, antes)
        totals[top] -= excess
        wagers = [total - ante for total, ante in zip(totals, antes, strict=True)]
        self.spot = AllInSpot(
            street=before.street,
            board=list(state.board),
            hole_cards=[list(cards) for cards in state.hole_cards],
            wagers=wagers,
            dead=sum(antes),
            live=live,
            discards=[None] * state.n if drawing else None,
        )
        known = all(UNKNOWN not in state.hole_cards[s] for s in range(state.n) if live[s])
        self.spot_status = "candidate" if known else "unknown_cards"


def _unknown_at_showdown(state: HandState) -> bool:
    """Whether the showdown had a hand nobody saw (the replay mucked it; the log may not)."""
    live = [s for s in range(state.n) if not state.folded[s]]
    return len(live) >= 2 and any(UNKNOWN in state.hole_cards[s] for s in live)


def hand_facts(history: HandHistory) -> HandFacts:
    """Replay ``history`` by the rules and gather what analysis needs.

    Raises
    ------
    ValueError
        When an action breaks the rules, or the result cannot be known (live hands
        unknown at the showdown and no ``winnings`` or ``finishing_stacks``). The
        message names the source and the action or field.
    """
    prepared = dataclasses.replace(history, actions=prepared_actions(history.actions))
    variant = history.game  # raises UnsupportedVariantError (a ValueError) naming the code
    n = len(history.starting_stacks)
    watcher = Watcher([street.name for street in variant.streets], n)
    unsettled = False
    try:
        state = replay_history(prepared, on_action=watcher)
    except ValueError as error:
        state_seen = watcher.state
        reached_end = watcher.last_index == len(prepared.actions) - 1
        if state_seen is None or not reached_end or state_seen.status != SHOWDOWN:
            raise
        state, unsettled = state_seen, True
        if "unknown" not in str(error):
            raise
    settled = None if unsettled or _unknown_at_showdown(state) else list(state.winnings)
    return finish(
        history, state.scale, list(state.totals), list(state.ante_paid), state.showdown_order,
        settled, watcher,
    )  # fmt: skip


def finish(
    history: HandHistory,
    scale: int,
    totals: list[int],
    antes: list[int],
    showdown_order: Sequence[int],
    settled: list[int] | None,
    watcher: Watcher,
) -> HandFacts:
    """The facts of a hand played to its end (by the replay or the light pass).

    ``totals`` and ``antes`` are the chips each player put in and the antes among
    them (the uncalled bet returned or not: it is taken off here); ``settled``
    the chips each player won by the rules, ``None`` when the pots could not be
    settled (then the file's ``winnings`` or ``finishing_stacks`` decide).
    """
    n = len(totals)
    totals = [max(a, b) for a, b in zip(totals, watcher.last_totals, strict=True)]
    top, excess = _uncalled_bet(n, totals, antes)
    totals[top] -= excess
    contributed = totals
    winnings = history.extra.get("winnings")
    finishing = history.finishing_stacks
    if isinstance(winnings, list) and len(winnings) == n and any(winnings):
        collected = chips_of(winnings, scale, "winnings")
        result_from = "winnings"
        if excess and sum(collected) > sum(contributed) and collected[top] >= excess:
            # Some sites log the uncalled bet as won back: more than the pot was paid out.
            collected[top] -= excess
    elif settled is not None:
        # Winnings not logged (some sites write zeros): the rules decide.
        collected = settled
        result_from = "replay"
    elif finishing is not None:
        net_file = [
            f - s
            for f, s in zip(
                chips_of(finishing, scale, "finishing_stacks"),
                chips_of(history.starting_stacks, scale, "starting_stacks"),
                strict=True,
            )
        ]
        collected = [net + chips for net, chips in zip(net_file, contributed, strict=True)]
        result_from = "finishing_stacks"
    else:
        raise ValueError(f"{history.source}: {NO_RESULT}")
    net = [won - put for won, put in zip(collected, contributed, strict=True)]
    # The simulator's own record of who was in the showdown (every player not folded
    # when the last betting ended, whether he then showed, mucked or stayed unknown).
    in_showdown = set(showdown_order)
    reached = bool(in_showdown)
    showdown = [seat in in_showdown for seat in range(n)]
    for seat, counters in enumerate(watcher.counters):
        counters["hands"] = 1
        if showdown[seat]:
            counters["showdowns"] = 1
            counters["showdowns_won"] = int(collected[seat] > 0)
    game = hand_type(history.variant).name
    status = watcher.spot_status
    if status == "no_all_in" and watcher.first_all_in_street is not None and reached:
        status = "others_could_bet"
    if status == "candidate" and game not in ADJUSTED_GAMES:
        status = "unsupported_game"
    spot = watcher.spot
    if status == "candidate" and spot is not None and spot.discards is not None:
        # All-in before the draw: adjustable only when every live player's draw is known.
        drawn = [spot.discards[s] for s in range(n) if spot.live[s]]
        if any(cards is None or "?" in cards for cards in drawn):
            status = "unknown_cards"
    players = list(history.players) if history.players else [f"p{k + 1}" for k in range(n)]
    return HandFacts(
        source=history.source,
        hand_id=history.extra.get("hand"),
        variant=history.variant,
        game=game,
        players=players,
        scale=scale,
        big_blind=_big_blind(history),
        contributed=contributed,
        collected=collected,
        net=net,
        rake=sum(contributed) - sum(collected),
        result_from=result_from,
        showdown=showdown,
        counters=watcher.counters,
        status=status,
        spot=watcher.spot if status == "candidate" else None,
        stacks_unknown=bool(history.extra.get("stacks_unknown")),
        extra=history.extra,
    )
