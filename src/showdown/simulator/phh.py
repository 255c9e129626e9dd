"""Read, write and replay PHH (Poker Hand History) files.

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
(Omaha, hi-lo), ``F7S``, ``F7S/8`` (stud, hi-lo) and ``F5D`` — fixed-limit
five-card draw, a code chosen here because the PHH specification has no
fixed-limit five-card draw (its draw games are lowball). Other codes (``FR``,
``F2L3D``, ``N2L1D``, ``FB``, ``NS``...) raise :class:`UnsupportedVariantError`.

Amounts with fractions (some logs record cents) are replayed in scaled whole
chips; :attr:`HandState.final_stacks` gives them back in the file's units.

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

import datetime
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from showdown.cards import format_card, parse_card

from .rules import VARIANTS_BY_PHH_CODE, Stakes, Variant
from .state import COMPLETE, SHOWDOWN, UNKNOWN, HandState

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 needs the tomli backport
    try:
        import tomli as tomllib
    except ModuleNotFoundError as error:
        raise ImportError("reading PHH on Python 3.10 needs the 'tomli' package") from error

Number = int | float


class UnsupportedVariantError(ValueError):
    """A PHH variant code this simulator does not play."""


_KNOWN_FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "players",
    "finishing_stacks",
)


@dataclass
class HandHistory:
    """One PHH hand history.

    Attributes
    ----------
    variant
        PHH variant code (``"NT"``, ``"FO/8"``...).
    starting_stacks, antes, blinds_or_straddles
        Per-player amounts in position order.
    actions
        Action strings without comments.
    min_bet, small_bet, big_bet, bring_in
        Bet sizes (``None`` when the file does not give them).
    players, finishing_stacks
        Optional fields.
    extra
        All other fields (event, author, hand number...), written back unchanged.
    """

    variant: str
    starting_stacks: Sequence[Number]
    actions: list[str]
    antes: Sequence[Number] = field(default_factory=list)
    blinds_or_straddles: Sequence[Number] = field(default_factory=list)
    min_bet: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    bring_in: Number | None = None
    ante_trimming_status: bool = False
    players: list[str] | None = None
    finishing_stacks: Sequence[Number] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> Variant:
        """The simulator variant for this history's code.

        Raises
        ------
        UnsupportedVariantError
            For codes the simulator does not play (razz, lowball draws, short deck...).
        """
        try:
            return VARIANTS_BY_PHH_CODE[self.variant]
        except KeyError:
            known = ", ".join(sorted(VARIANTS_BY_PHH_CODE))
            raise UnsupportedVariantError(
                f"PHH variant {self.variant!r} is not supported; supported codes: {known}"
            ) from None

    def _amounts(self) -> list[Number]:
        values: list[Number] = [*self.starting_stacks, *self.antes, *self.blinds_or_straddles]
        values += [v for v in (self.min_bet, self.small_bet, self.big_bet, self.bring_in) if v]
        for action in self.actions:
            tokens = action.split()
            if len(tokens) == 3 and tokens[1] == "cbr":
                values.append(_number(tokens[2]))
        return values

    @property
    def scale(self) -> int:
        """Factor turning every amount of the history into whole chips (1 for whole amounts)."""
        denominator = 1
        for value in self._amounts():
            fraction = Fraction(str(value))
            denominator = math.lcm(denominator, fraction.denominator)
        return denominator

    def create_state(self, odd_chips: str = "standard") -> HandState:
        """A manually dealt :class:`HandState` at the start of this hand, before any action."""
        variant = self.game
        n = len(self.starting_stacks)
        scale = self.scale

        def chips(value: Number | None) -> int:
            return int(Fraction(str(value or 0)) * scale)

        antes = [chips(v) for v in self.antes] if self.antes else [0] * n
        blinds = (
            [chips(v) for v in self.blinds_or_straddles] if self.blinds_or_straddles else [0] * n
        )
        if n == 2 and variant.blinds:
            # Heads-up: p1 is the big blind, the button p2 posts the small blind.
            antes, blinds = antes[::-1], blinds[::-1]
        if variant.betting == "fixed":
            small = chips(self.small_bet) or max(blinds, default=0)
            big = chips(self.big_bet) or 2 * small
        else:
            small = chips(self.min_bet) or max(blinds, default=0)
            big = 2 * small
        stakes = Stakes(
            small_blind=min((b for b in blinds if b), default=0),
            big_blind=max(blinds, default=0),
            ante=max(antes, default=0),
            bring_in=chips(self.bring_in),
            small_bet=small,
            big_bet=big,
        )
        state = HandState(
            variant,
            stakes,
            [chips(v) for v in self.starting_stacks],
            manual_dealing=True,
            manual_showdown=True,
            blinds=blinds,
            antes=antes,
            odd_chips=odd_chips,
        )
        state.scale = scale
        return state


def _number(text: str) -> Number:
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


def _strip_comment(action: str) -> str:
    return action.split("#", 1)[0].strip()


def read_phh(source: str | Path) -> HandHistory:
    """Parse a PHH file (a path) or PHH text.

    Raises
    ------
    ValueError
        When the TOML is invalid or a required field is missing.

    Examples
    --------
    >>> read_phh('variant = "FT"\\nstarting_stacks = [10, 10]\\nactions = []').variant
    'FT'
    """
    if isinstance(source, Path) or (
        "\n" not in source and (source.endswith(".phh") or Path(source).is_file())
    ):
        text = Path(source).read_text(encoding="utf-8")
        name = str(source)
    else:
        text, name = source, "PHH text"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{name}: not valid TOML: {error}") from error
    for required in ("variant", "starting_stacks", "actions"):
        if required not in data:
            raise ValueError(f"{name}: missing required field {required!r}")
    actions = [_strip_comment(action) for action in data["actions"]]
    return HandHistory(
        variant=str(data["variant"]),
        starting_stacks=list(data["starting_stacks"]),
        actions=[action for action in actions if action],
        antes=list(data.get("antes", [])),
        blinds_or_straddles=list(data.get("blinds_or_straddles", [])),
        min_bet=data.get("min_bet"),
        small_bet=data.get("small_bet"),
        big_bet=data.get("big_bet"),
        bring_in=data.get("bring_in"),
        ante_trimming_status=bool(data.get("ante_trimming_status", False)),
        players=data.get("players"),
        finishing_stacks=data.get("finishing_stacks"),
        extra={key: value for key, value in data.items() if key not in _KNOWN_FIELDS},
    )


def _parse_cards(text: str, action: str) -> list[int]:
    if len(text) % 2:
        raise ValueError(f"PHH action {action!r}: cannot read cards {text!r}")
    cards: list[int] = []
    for start in range(0, len(text), 2):
        token = text[start : start + 2]
        if token == "??":
            cards.append(UNKNOWN)
        else:
            try:
                cards.append(parse_card(token))
            except ValueError:
                raise ValueError(f"PHH action {action!r}: unknown card {token!r}") from None
    return cards


def _player(token: str, n: int, action: str) -> int:
    if not (token.startswith("p") and token[1:].isdigit() and 1 <= int(token[1:]) <= n):
        raise ValueError(f"PHH action {action!r}: unknown player {token!r}")
    return int(token[1:]) - 1


def replay(source: str | Path | HandHistory, odd_chips: str = "standard") -> HandState:
    """Replay a hand history and return the finished :class:`HandState`.

    ``state.stacks`` are the finishing stacks in PHH player order (in scaled
    whole chips for histories with fractional amounts); ``state.final_stacks``
    gives them in the file's units, exactly (fractions with ``odd_chips="exact"``).
    Show/muck actions are applied in the simulator's showdown order; players
    the history leaves at the showdown show known cards, else muck.

    Raises
    ------
    UnsupportedVariantError
        For a variant code the simulator does not play.
    IllegalActionError
        When an action breaks the rules.
    """
    history = source if isinstance(source, HandHistory) else read_phh(source)
    state = history.create_state(odd_chips)
    n = state.n
    scale = state.scale
    waiting: dict[int, list[int] | None] = {}
    for action in history.actions:
        tokens = action.split()
        if not tokens:
            continue
        if tokens[0] == "d":
            if len(tokens) == 4 and tokens[1] == "dh":
                seat = _player(tokens[2], n, action)
                state.deal_hole(seat, _parse_cards(tokens[3], action))
            elif len(tokens) == 3 and tokens[1] == "db":
                state.deal_board(_parse_cards(tokens[2], action))
            else:
                raise ValueError(f"PHH action {action!r}: unknown dealing action")
        else:
            seat = _player(tokens[0], n, action)
            verb = tokens[1] if len(tokens) > 1 else ""
            if verb == "f":
                state.fold(seat)
            elif verb == "cc":
                state.check_call(seat)
            elif verb == "cbr" and len(tokens) == 3:
                state.bet_raise_to(int(Fraction(tokens[2]) * scale), seat)
            elif verb == "pb":
                state.bring_in(seat)
            elif verb == "sd":
                cards = _parse_cards(tokens[2], action) if len(tokens) > 2 else []
                state.discard(cards, seat)
            elif verb == "sm":
                shown = tokens[2] if len(tokens) > 2 else "-"
                waiting[seat] = None if shown == "-" else _parse_cards(shown, action)
            else:
                raise ValueError(f"PHH action {action!r}: unknown action")
        _drain_showdown(state, waiting)
    while state.status == SHOWDOWN and state.actor is not None:
        seat = state.actor
        if seat not in waiting:
            known = UNKNOWN not in state.hole_cards[seat]
            waiting[seat] = (
                list(state.hole_cards[seat]) if known or not state.legal_actions().muck else None
            )
        _drain_showdown(state, waiting)
    if state.status != COMPLETE:
        raise ValueError(f"PHH history ends before the hand is over (status {state.status!r})")
    return state


def _drain_showdown(state: HandState, waiting: dict[int, list[int] | None]) -> None:
    """Apply buffered show/muck decisions in the state's showdown order."""
    while state.status == SHOWDOWN and state.actor in waiting:
        seat = state.actor
        cards = waiting.pop(seat)
        if cards is None:
            if state.legal_actions().muck:
                state.muck(seat)
            else:
                # All-in (or first to show): the hand is shown whatever the log says.
                state.show(seat)
        else:
            state.show(seat, cards)


def _format_cards(cards: Any) -> str:
    return "".join("??" if card == UNKNOWN else format_card(card) for card in cards)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{key} = {_toml_value(item)}" for key, item in value.items())
        return "{" + items + "}"
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    raise ValueError(f"write_phh: cannot write value {value!r}")


def history_from_state(state: HandState) -> HandHistory:
    """The PHH history of a hand played (or being played) by a :class:`HandState`.

    Requires ``record=True`` (the default). Seats are renumbered to PHH position
    order (p1 = left of the button).
    """
    variant = state.variant
    if not variant.phh_code:
        raise UnsupportedVariantError(f"variant {variant.name!r} has no PHH code")
    n = state.n
    order = [(state.button + 1 + k) % n for k in range(n)]
    position = {seat: k for k, seat in enumerate(order)}
    antes = [state.antes[s] for s in order]
    blinds = [state.blinds[s] for s in order]
    if n == 2 and variant.blinds:
        antes, blinds = antes[::-1], blinds[::-1]
    actions: list[str] = []
    for kind, seat, payload in state.log:
        player = f"p{position[seat] + 1}" if seat >= 0 else ""
        if kind == "dh":
            actions.append(f"d dh {player} {_format_cards(payload)}")
        elif kind == "db":
            actions.append(f"d db {_format_cards(payload)}")
        elif kind == "cbr":
            actions.append(f"{player} cbr {payload}")
        elif kind in ("sd", "sm"):
            cards = f" {_format_cards(payload)}" if payload else ""
            actions.append(f"{player} {kind}{cards}")
        else:
            actions.append(f"{player} {kind}")
    stakes = state.stakes
    history = HandHistory(
        variant=variant.phh_code,
        starting_stacks=[state.starting_stacks[s] for s in order],
        actions=actions,
        antes=antes,
        blinds_or_straddles=blinds,
    )
    if variant.betting == "fixed":
        history.small_bet, history.big_bet = stakes.small_bet, stakes.big_bet
    else:
        history.min_bet = stakes.small_bet
    if variant.bring_in:
        history.bring_in = stakes.bring_in
    if state.status == COMPLETE:
        history.finishing_stacks = [state.stacks[s] for s in order]
    return history


def write_phh(history: HandHistory | HandState, path: str | Path | None = None) -> str:
    """PHH text of a history or a hand; also written to ``path`` when given.

    Examples
    --------
    >>> from showdown.simulator import HandState, Stakes
    >>> hand = HandState("nlhe", Stakes.blinds(1, 2), [100, 100], seed=5)
    >>> hand.fold()
    >>> text = write_phh(hand)
    >>> replay(read_phh(text)).stacks == [hand.stacks[0], hand.stacks[1]]
    True
    """
    if isinstance(history, HandState):
        history = history_from_state(history)
    lines = [f"variant = {_toml_value(history.variant)}"]
    lines.append(f"ante_trimming_status = {_toml_value(history.ante_trimming_status)}")
    lines.append(f"antes = {_toml_value(history.antes)}")
    lines.append(f"blinds_or_straddles = {_toml_value(history.blinds_or_straddles)}")
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        value = getattr(history, name)
        if value is not None:
            lines.append(f"{name} = {_toml_value(value)}")
    lines.append(f"starting_stacks = {_toml_value(history.starting_stacks)}")
    lines.append("actions = [")
    lines.extend(f"  {_toml_value(action)}," for action in history.actions)
    lines.append("]")
    if history.players is not None:
        lines.append(f"players = {_toml_value(history.players)}")
    for key, value in history.extra.items():
        lines.append(f"{key} = {_toml_value(value)}")
    if history.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_toml_value(history.finishing_stacks)}")
    text = "\n".join(lines) + "\n"
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text
