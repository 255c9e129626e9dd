"""A table: seats, the dealer button, forced bets, busting, and the agents' clock.

A :class:`Table` deals hand after hand to the same seats. Between hands it
moves the button to the next seated player, tops stacks up (cash games) or
removes busted players (tournaments, until one player holds every chip, then a
new tournament starts), and during a hand it asks each seat's agent for its
action and applies it to the :class:`~showdown.simulator.hand.HandState`.

Time and connection (see ``docs/rules.md``). Python cannot interrupt a running
callable, so the table measures each decision on an injectable ``clock``
(default :func:`time.perf_counter`) and applies the rule when the agent returns:

- a decision that took longer than :attr:`TimeLimit.total` (default 30 s = 10 s
  + a 20 s countdown) is discarded and the player times out: folded, or checked
  when checking is free (``HandState.time_out``). An agent may also return
  :data:`~showdown.simulator.agents.TIMEOUT` to let its time run out at once;
- an agent returning :class:`~showdown.simulator.agents.Disconnect` loses the
  connection. If ``reconnect_after`` (seconds on the same clock) fits in the
  time left, the player reconnects with :attr:`TimeLimit.reconnect_bonus` (20 s)
  more and is asked again; otherwise it is all-in for the chips already in
  (``HandState.disconnect``) for the rest of that hand. The rule grants the
  bonus once ("he is given 20 additional seconds"), so a player reconnects at
  most :attr:`TimeLimit.reconnections` times (default 1) per hand: the next
  disconnection in that hand is final. The next hand it plays normally.

Tests inject a fake clock that an agent advances, so no test sleeps.

Examples
--------
>>> from showdown.simulator import Stakes
>>> from showdown.simulator.agents import CallingStation
>>> table = Table("nlhe", [CallingStation()] * 3, Stakes.blinds(1, 2), starting_stack=200, seed=4)
>>> table.button
2
>>> hand = table.play_hand()
>>> hand.status, sum(table.stacks), table.button
('complete', 600, 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from .agents import (
    TIMEOUT,
    Agent,
    AgentError,
    CallingStation,
    Disconnect,
    HandStrengthAgent,
    RandomAgent,
)
from .hand import (
    BETTING,
    DRAWING,
    EVALUATING,
    HandState,
    IllegalActionError,
    SeatView,
    settle_showdowns,
)
from .hand.actions import ACTION_NAMES, Action
from .hand.guard import StateCopy
from .rules import Stakes, Variant, get_variant
from .timing import DEFAULT_TIME_LIMIT, TimeLimit, seconds, time_rules

# The decisions the table's loop tells apart by identity.
_ACTION, _FOLD, _CHECK, _CALL = Action, Action.FOLD, Action.CHECK, Action.CALL

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "MODES",
    "STAT_NAMES",
    "Table",
    "TimeLimit",
    "agent_name",
    "default_stakes",
    "seconds",
    "time_rules",
]

#: Table modes: cash tops stacks up before each hand, tournament eliminates busted players.
MODES = ("cash", "tournament")

#: Per-seat counters every table keeps (see :attr:`Table.counts`).
STAT_NAMES = (
    "hands",
    "vpip",
    "pfr",
    "bets",
    "calls",
    "checks",
    "folds",
    "showdowns",
    "showdowns_won",
    "timeouts",
    "disconnects",
    "rebuys",
    "tournaments_won",
)


def default_stakes(variant: Variant) -> Stakes:
    """Stakes used when none are given.

    1/2 blinds (no- and pot-limit draw too); stud 1 ante, 2 bring-in, 5-10 bets;
    fixed-limit draw 1 ante, 2-4 bets; short deck 1 ante and a button blind of 1.

    Examples
    --------
    >>> default_stakes(get_variant("stud"))
    Stakes(small_blind=0, big_blind=0, ante=1, bring_in=2, small_bet=5, big_bet=10)
    """
    if variant.bring_in:
        return Stakes.stud(ante=1, bring_in=2, small_bet=5)
    if variant.button_blind:
        return Stakes.button_blind(ante=1, blind=1)
    if not variant.blinds:
        return Stakes.antes(ante=1, small_bet=2)
    return Stakes.blinds(1, 2)


def _discard_cards(action: tuple[int, ...] | list[int] | np.ndarray) -> list[int]:
    """The card codes of a discard (a tuple, list or 1-D integer array)."""
    if isinstance(action, np.ndarray):
        if action.ndim != 1 or not (action.size == 0 or np.issubdtype(action.dtype, np.integer)):
            raise IllegalActionError(
                "discard: expected a flat sequence of card codes, got an array of shape "
                f"{action.shape} and dtype {action.dtype}"
            )
        return [int(card) for card in action.tolist()]
    cards = []
    for card in action:
        if isinstance(card, bool) or not isinstance(card, (int, np.integer)):
            raise IllegalActionError(
                f"discard: expected a flat sequence of card codes, got {action!r}"
            )
        cards.append(int(card))
    return cards


#: Agent classes called on the hand itself (exact types: a subclass is a user's agent).
TRUSTED_AGENTS = (RandomAgent, CallingStation, HandStrengthAgent)


def agent_name(agent: object) -> str:
    """The name an agent is shown by: its ``name``, else its function or class name."""
    return str(getattr(agent, "name", None) or getattr(agent, "__name__", type(agent).__name__))


class Table:
    """Seats playing hand after hand of one variant, each seat played by an agent.

    Parameters
    ----------
    game
        Variant name or :class:`Variant`.
    agents
        One agent per seat (callables ``agent(hand, seat) -> action``; see
        :mod:`showdown.simulator.agents`). Seat ``i`` of the table is ``agents[i]``.
    stakes
        Forced bets and bet sizes; default :func:`default_stakes`.
    starting_stack
        Chips each seat starts with (one int for all, or one per seat).
    mode
        ``"cash"``: before each hand a stack below its starting stack is topped up
        (counted in ``rebuys``). ``"tournament"``: busted seats sit out until one
        player has every chip; then a new tournament starts with starting stacks.
    rng, seed
        Where the cards come from (one ``numpy`` generator, shuffled once per hand).
    button
        Seat of the first hand's button (default the last seat, so seat 0 posts the
        small blind first).
    time_limit
        Per-decision time (:class:`TimeLimit`, a number of seconds, or ``None`` to
        not time agents at all).
    clock
        Seconds as a float; inject a fake one in tests.
    record
        Keep each hand's action log (needed for PHH export).
    defer_showdown
        Leave showdowns in status ``"evaluating"`` so the caller can settle many
        hands at once with :func:`settle_showdowns` before :meth:`finish_hand`.

    Attributes
    ----------
    stacks : list of int
        Chips per seat between hands (0 = busted in a tournament).
    net : list of int
        Chips won (or lost) per seat over every hand, top-ups not counted.
    counts : dict of str to list of int
        Per-seat counters named in :data:`STAT_NAMES`.
    payoff_sum, payoff_squares : list of int
        Sums of each seat's per-hand results and of their squares (for intervals).
    """

    def __init__(
        self,
        game: str | Variant,
        agents: Sequence[Agent],
        stakes: Stakes | None = None,
        *,
        starting_stack: int | Sequence[int] = 200,
        mode: str = "cash",
        rng: np.random.Generator | None = None,
        seed: int | None = None,
        button: int | None = None,
        time_limit: TimeLimit | float | None = DEFAULT_TIME_LIMIT,
        clock: Callable[[], float] = time.perf_counter,
        record: bool = False,
        defer_showdown: bool = False,
    ) -> None:
        variant = get_variant(game)
        players = len(agents)
        if not variant.min_players <= players <= variant.max_players:
            raise ValueError(
                f"players: {variant.name} is played by {variant.min_players}-"
                f"{variant.max_players} players, got {players}"
            )
        for agent in agents:
            if not callable(agent):
                raise ValueError(f"agents: expected callables, got {agent!r}")
        if mode not in MODES:
            raise ValueError(f"mode: expected 'cash' or 'tournament', got {mode!r}")
        stacks = [starting_stack] * players if isinstance(starting_stack, int) else starting_stack
        starting = [int(chips) for chips in stacks]
        if len(starting) != players or min(starting) <= 0:
            raise ValueError(
                f"starting_stack: expected a positive int or {players} positive ints, "
                f"got {starting_stack!r}"
            )
        time_limit = time_rules(time_limit, clock)
        self.variant = variant
        self.stakes = stakes if stakes is not None else default_stakes(variant)
        self.agents = list(agents)
        self.names = [agent_name(agent) for agent in agents]
        # Seats played by a plain CallingStation take the table's no-call fast path.
        self._callers = [type(agent) is CallingStation for agent in agents]
        # The built-in agents (exactly these classes) are the engine's own code, as in the
        # compiled engine: they decide on the hand itself, with no snapshot and no check.
        self._trusted = [type(agent) in TRUSTED_AGENTS for agent in agents]
        self.players = players
        self.mode = mode
        self.starting = starting
        self.stacks = list(starting)
        self.button = players - 1 if button is None else button % players
        self.rng = rng if rng is not None else np.random.default_rng(seed)
        self.time_limit: TimeLimit | None = time_limit
        self.clock = clock
        self.record = record
        self.defer_showdown = defer_showdown
        self.hands_played = 0
        self.net = [0] * players
        self.payoff_sum = [0] * players
        self.payoff_squares = [0] * players
        self.counts = {name: [0] * players for name in STAT_NAMES}
        # Per hand: table seat of each hand seat, and that hand's VPIP/PFR flags.
        self._seats: list[int] = []
        self._all_seats = list(range(players))
        self._vpip = [False] * players
        self._pfr = [False] * players
        # The hand being run, and each of its seats' reconnections so far.
        self._run_hand_id = -1
        self._reconnections: list[int] = []

    # ------------------------------------------------------------------ hands

    @property
    def player_names(self) -> list[str]:
        """Each seat's agent name, made unique: a name several seats share gets the seat
        number (``random-0``, ``call-1``, ``random-3``, as the results table numbers seats).

        Hand histories carry these names, so replays say who did what.
        """
        repeated = {name for name in self.names if self.names.count(name) > 1}
        return [
            f"{name}-{seat}" if name in repeated else name for seat, name in enumerate(self.names)
        ]

    def hand_player_names(self) -> list[str]:
        """:attr:`player_names` of the current (or last) hand's seats, in hand seat order."""
        names = self.player_names
        return [names[seat] for seat in self._seats]

    @property
    def seated(self) -> list[int]:
        """Seats with chips (all seats in a cash game)."""
        return [seat for seat in range(self.players) if self.stacks[seat] > 0]

    @property
    def hand_seats(self) -> list[int]:
        """Table seats dealt into the current (or last) hand, in hand-seat order."""
        return list(self._seats)

    def start_hand(self) -> HandState:
        """Deal the next hand to the seated players (top-ups first in a cash game)."""
        stacks, starting = self.stacks, self.starting
        players = self.players
        self._vpip = [False] * players
        self._pfr = [False] * players
        if self.mode == "cash":
            rebuys = self.counts["rebuys"]
            for seat in range(players):
                if stacks[seat] < starting[seat]:
                    if self.hands_played:
                        rebuys[seat] += 1
                    stacks[seat] = starting[seat]
            # Everyone plays: hand seats are table seats.
            self._seats = self._all_seats
            button = self.button
            hand_stacks = list(stacks)
        else:
            seats = [seat for seat in range(players) if stacks[seat] > 0]
            self._seats = seats
            # The hand's button is the table button's place among the seated players.
            button = seats.index(self.button) if self.button in seats else len(seats) - 1
            hand_stacks = [stacks[seat] for seat in seats]
        return HandState(
            self.variant,
            self.stakes,
            hand_stacks,
            button=button,
            rng=self.rng,
            record=self.record,
            defer_showdown=self.defer_showdown,
        )

    def play_hand(self) -> HandState:
        """Deal, play and settle one hand; returns the finished hand."""
        hand = self.start_hand()
        self.run(hand)
        if hand.status == EVALUATING:
            settle_showdowns([hand])
        self.finish_hand(hand)
        return hand

    def run(self, hand: HandState) -> None:
        """Ask the agents for actions until the hand is complete (or waits for evaluation).

        Each decision gets a fresh :class:`~showdown.simulator.hand.SeatView`
        snapshot; the hand is copied before the call and compared after it
        (:class:`~showdown.simulator.hand.guard.StateCopy`), and any change stops
        the hand with an :class:`AgentError`. The built-in agent classes
        (:data:`TRUSTED_AGENTS`) decide on the hand itself.
        """
        agents, seats = self.agents, self._seats
        limit = self.time_limit
        clock = self.clock
        total = limit.total if limit is not None else 0.0
        vpip, pfr = self._vpip, self._pfr
        counts = self.counts
        callers = self._callers
        calls, checks = counts["calls"], counts["checks"]
        bets, folds = counts["bets"], counts["folds"]
        if self._run_hand_id != hand.hand_id:
            self._run_hand_id = hand.hand_id
            self._reconnections = [0] * hand.n
        while True:
            status = hand.status
            if status != BETTING and status != DRAWING:
                return
            seat = hand.actor
            assert seat is not None
            table_seat = seats[seat]
            if callers[table_seat] and status == BETTING and not hand.bring_in_due:
                # Fast path for calling stations: no agent call, no clock (it acts at once).
                if hand.current_bet > hand.bets[seat]:
                    calls[table_seat] += 1
                    if hand.street_index == 0:
                        vpip[table_seat] = True
                else:
                    checks[table_seat] += 1
                hand.check_call()
                continue
            agent = agents[table_seat]
            if limit is None:
                action = self._ask(agent, hand, seat, table_seat)
            else:
                start = clock()
                action = self._ask(agent, hand, seat, table_seat)
                if clock() - start > total or action.__class__ is Disconnect:
                    action = self._late_or_disconnected(hand, seat, agent, start, action)
            try:
                # Most frequent first: check/call, fold, then raises (type first: a name is
                # looked up only for a plain string or an Action).
                kind = action.__class__
                move = (
                    ACTION_NAMES.get(action)  # type: ignore[call-overload]  # a str, by its type
                    if kind is _ACTION or kind is str
                    else None
                )
                if move is _CALL or move is _CHECK:
                    to_call = hand.to_call
                    if to_call:
                        if move is _CHECK:
                            raise IllegalActionError("check: there is a bet to call")
                        calls[table_seat] += 1
                        if hand.street_index == 0:
                            vpip[table_seat] = True
                    else:
                        checks[table_seat] += 1
                    hand.check_call()
                elif move is _FOLD:
                    folds[table_seat] += 1
                    hand.fold()
                elif kind is int:
                    bets[table_seat] += 1
                    if hand.street_index == 0:
                        vpip[table_seat] = pfr[table_seat] = True
                    hand.bet_raise_to(action)  # type: ignore[arg-type]  # kind is int
                elif status == DRAWING and isinstance(action, (tuple, list, np.ndarray)):
                    hand.discard(_discard_cards(action))
                else:
                    self._rare_action(hand, table_seat, action, move)
            except IllegalActionError as error:
                raise IllegalActionError(
                    f"agent {self.names[table_seat]!r} at seat {table_seat}: {error}"
                ) from None

    def _rare_action(
        self, hand: HandState, table_seat: int, action: object, move: Action | None
    ) -> None:
        if move is None and isinstance(action, str):
            # Another str subclass (a user's enum value): its plain text names the action.
            move = ACTION_NAMES.get(str.__str__(action))
            if move is _CALL or move is _CHECK or move is _FOLD:
                self.counts["folds" if move is _FOLD else "calls"][table_seat] += 1
                hand.act(move)
                return
        if action is TIMEOUT:
            self.counts["timeouts"][table_seat] += 1
            hand.time_out()
        elif isinstance(action, Disconnect):
            self.counts["disconnects"][table_seat] += 1
            assert hand.actor is not None
            hand.disconnect(hand.actor)
        elif move is Action.BRING_IN:
            hand.bring_in()
        elif move is Action.COMPLETE:
            self.counts["bets"][table_seat] += 1
            hand.complete()
        elif move is Action.BET or move is Action.RAISE:
            raise IllegalActionError(f"{move}: return the raise-to total as an int")
        elif isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            self.counts["bets"][table_seat] += 1
            hand.bet_raise_to(int(action))
        else:
            shown = repr(action)
            if len(shown) > 80:
                shown = shown[:77] + "..."
            raise IllegalActionError(f"unknown action {shown} (status {hand.status!r})")

    def _ask(self, agent: Agent, hand: HandState, seat: int, table_seat: int) -> object:
        """The agent's decision on a fresh snapshot of the hand.

        An exception, or any change to the hand during the call (the agent holds
        no reference to it, but Python lets code reach its caller's frames),
        becomes an :class:`AgentError` naming the seat and the agent.
        """
        if self._trusted[table_seat]:
            try:
                return agent(hand, seat)
            except Exception as error:
                raise AgentError(
                    f"seat {table_seat} (agent {self.names[table_seat]!r}) raised "
                    f"{type(error).__name__}: {error}"
                ) from error
        view = SeatView(hand, seat)
        before = StateCopy(hand)
        try:
            action = agent(view, seat)
        except Exception as error:
            raise AgentError(
                f"seat {table_seat} (agent {self.names[table_seat]!r}) raised "
                f"{type(error).__name__}: {error}"
            ) from error
        if not before.unchanged(hand):
            raise AgentError(self._tampering(hand, table_seat, before))
        return action

    def _tampering(self, hand: HandState, table_seat: int, before: StateCopy) -> str:
        """The message for an agent that changed the hand: chips first, then what changed."""
        who = f"seat {table_seat} (agent {self.names[table_seat]!r})"
        expected = before.chips
        try:
            chips: object = sum(hand.stacks) + sum(hand.totals)
        except Exception:  # the lists themselves were replaced by something else
            chips = "no count"
        if chips != expected:
            shown = f"{chips:,}" if isinstance(chips, int) else chips
            what = f"created or destroyed chips ({shown} in play, {expected:,} before its turn)"
        else:
            what = "changed the hand it was shown (" + ", ".join(before.changes(hand)) + ")"
        return f"{who} {what}; agents must return an action and leave the hand alone"

    def _late_or_disconnected(
        self, hand: HandState, seat: int, agent: Agent, start: float, action: object
    ) -> object:
        """Apply the time and connection rules to a decision that was late or disconnected."""
        limit = self.time_limit
        assert limit is not None
        budget = limit.total
        reconnections = self._reconnections
        while True:
            elapsed = self.clock() - start
            if elapsed > budget:
                return TIMEOUT
            if not isinstance(action, Disconnect):
                return action
            back = action.reconnect_after
            if back is None or elapsed + back > budget:
                return action
            if reconnections[seat] >= limit.reconnections:
                return action  # the bonus is used up for this hand: the disconnection is final
            # Reconnected in time: the clock kept running while away, plus the bonus.
            reconnections[seat] += 1
            budget += limit.reconnect_bonus
            start -= back
            action = self._ask(agent, hand, seat, self._seats[seat])

    def finish_hand(self, hand: HandState) -> None:
        """Record a completed hand: stacks, results, counters; move the button; bust players."""
        seats = self._seats
        counts = self.counts
        net, sums, squares = self.net, self.payoff_sum, self.payoff_squares
        hands, vpip_count, pfr_count = counts["hands"], counts["vpip"], counts["pfr"]
        showed = bool(hand.showdown_order)
        stacks, starting_stacks = hand.stacks, hand.starting_stacks
        table_stacks, vpip, pfr = self.stacks, self._vpip, self._pfr
        for index, seat in enumerate(seats):
            chips = stacks[index]
            payoff = chips - starting_stacks[index]
            table_stacks[seat] = chips
            if payoff:
                net[seat] += payoff
                sums[seat] += payoff
                squares[seat] += payoff * payoff
            hands[seat] += 1
            if vpip[seat]:
                vpip_count[seat] += 1
                if pfr[seat]:
                    pfr_count[seat] += 1
        if showed:
            shown, winnings = hand.shown, hand.winnings
            for index, seat in enumerate(seats):
                if shown[index]:
                    counts["showdowns"][seat] += 1
                    if winnings[index] > 0:
                        counts["showdowns_won"][seat] += 1
        self.hands_played += 1
        self._move_button()
        if self.mode == "tournament":
            seated = self.seated
            if len(seated) == 1:
                counts["tournaments_won"][seated[0]] += 1
                self.stacks = list(self.starting)

    def _move_button(self) -> None:
        """The button moves to the next seat clockwise that still has chips."""
        for step in range(1, self.players + 1):
            seat = (self.button + step) % self.players
            if self.stacks[seat] > 0 or self.mode == "cash":
                self.button = seat
                return
