"""One PHH hand history: reading the TOML, checking every field, the starting state.

Reading checks each field's type and size and raises a ``ValueError`` that
names the source (the file, or ``PHH text``), the field and the reason, e.g.
``hand.phh: field 'antes': expected 6 amounts, one per player, got 5``.

Text or path (one rule, no probing of the file system): a ``pathlib.Path`` (any
``os.PathLike``) is a file; a ``str`` is PHH text when it contains ``=``
(every PHH text has ``key = value`` lines) or a line break, else a file path.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..hand import HandState
from ..rules import VARIANTS_BY_PHH_CODE, Stakes, Variant

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 needs the tomli backport
    try:
        import tomli as tomllib
    except ModuleNotFoundError as error:
        raise ImportError("reading PHH on Python 3.10 needs the 'tomli' package") from error

Number = int | float

#: Largest factor that turns a history's amounts into whole chips (12 decimal places).
MAX_SCALE = 10**12

#: Name used in messages for PHH given as text.
TEXT_SOURCE = "PHH text"


class UnsupportedVariantError(ValueError):
    """A PHH variant code this simulator does not play."""


KNOWN_FIELDS = (
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
    source
        Where the history came from (a file name or ``"PHH text"``), for messages.
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
    source: str = field(default=TEXT_SOURCE, compare=False, repr=False)

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
                f"{self.source}: PHH variant {self.variant!r} is not supported; "
                f"supported codes: {known}"
            ) from None

    def _amounts(self) -> list[Number]:
        values: list[Number] = [*self.starting_stacks, *self.antes, *self.blinds_or_straddles]
        values += [v for v in (self.min_bet, self.small_bet, self.big_bet, self.bring_in) if v]
        for index, action in enumerate(self.actions):
            tokens = action.split()
            if len(tokens) == 3 and tokens[1] == "cbr":
                values.append(amount_of(tokens[2], f"{self.source}: action {index} {action!r}"))
        return values

    @property
    def scale(self) -> int:
        """Factor turning every amount of the history into whole chips (1 for whole amounts).

        Raises
        ------
        ValueError
            When the amounts need more than 12 decimal places.
        """
        denominator = 1
        for value in self._amounts():
            denominator = math.lcm(denominator, Fraction(str(value)).denominator)
            if denominator > MAX_SCALE:
                raise ValueError(
                    f"{self.source}: amounts with more than 12 decimal places "
                    f"are not supported (e.g. {value!r})"
                )
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
        try:
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
        except ValueError as error:
            raise error.__class__(f"{self.source}: {error}") from error
        state.scale = scale
        return state


def amount_of(text: str, where: str) -> Number:
    """A ``cbr`` amount as a finite non-negative number, else a ``ValueError`` naming ``where``.

    Examples
    --------
    >>> amount_of("300", "action 4"), amount_of("12.5", "action 5")
    (300, 12.5)
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{where}: amount {text!r} is not a number of chips")
    return (
        int(value) if value.is_integer() and "." not in text and "e" not in text.lower() else value
    )


def _source_text(source: str | os.PathLike[str]) -> tuple[str, str]:
    """``(text, name)`` of a PHH source by the module's text-or-path rule."""
    if isinstance(source, str) and ("=" in source or "\n" in source):
        return source, TEXT_SOURCE
    if not isinstance(source, (str, os.PathLike)):
        raise ValueError(f"read_phh: expected PHH text or a path, got {type(source).__name__}")
    name = os.fspath(source)
    shown = name if len(name) <= 80 else f"{name[:40]}...({len(name)} characters)"
    try:
        return Path(name).read_text(encoding="utf-8"), shown
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise ValueError(f"{shown}: cannot read the PHH file: {reason}") from None


def read_phh(source: str | os.PathLike[str]) -> HandHistory:
    """Parse PHH text or a PHH file (see the module docstring for which is which).

    Raises
    ------
    ValueError
        When the file cannot be read, the TOML is invalid, a required field is
        missing or a field has the wrong type or size; the message names the
        source and the field.

    Examples
    --------
    >>> read_phh('variant = "FT"\\nstarting_stacks = [10, 10]\\nactions = []').variant
    'FT'
    >>> read_phh('variant = "FT"\\nstarting_stacks = [10, 10]\\nactions = 5')
    Traceback (most recent call last):
    ...
    ValueError: PHH text: field 'actions': expected a list of action strings, got 5
    """
    text, name = _source_text(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{name}: not valid TOML: {error}") from None
    except RecursionError:
        raise ValueError(f"{name}: not valid TOML: nested too deeply") from None
    fields = _Fields(data, name)
    for required in ("variant", "starting_stacks", "actions"):
        if required not in data:
            raise ValueError(f"{name}: missing required field {required!r}")
    variant = data["variant"]
    if not isinstance(variant, str):
        raise ValueError(
            f"{name}: field 'variant': expected a variant code string, got {variant!r}"
        )
    stacks = fields.numbers("starting_stacks")
    assert stacks is not None
    if len(stacks) < 2:
        raise ValueError(f"{name}: field 'starting_stacks': expected at least 2 players")
    count = len(stacks)
    players = data.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != count
        or not all(isinstance(player, str) for player in players)
    ):
        size = len(players) if isinstance(players, list) else players
        raise ValueError(
            f"{name}: field 'players': expected {count} names, one per player, got {size!r}"
        )
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise ValueError(
            f"{name}: field 'ante_trimming_status': expected true or false, got {trimming!r}"
        )
    return HandHistory(
        variant=variant,
        starting_stacks=stacks,
        actions=fields.actions(),
        antes=fields.numbers("antes", count) or [],
        blinds_or_straddles=fields.numbers("blinds_or_straddles", count) or [],
        min_bet=fields.number("min_bet"),
        small_bet=fields.number("small_bet"),
        big_bet=fields.number("big_bet"),
        bring_in=fields.number("bring_in"),
        ante_trimming_status=trimming,
        players=players,
        finishing_stacks=fields.numbers("finishing_stacks", count),
        extra={key: value for key, value in data.items() if key not in KNOWN_FIELDS},
        source=name,
    )


class _Fields:
    """Typed access to a parsed PHH document; errors name the source and the field."""

    def __init__(self, data: dict[str, Any], name: str) -> None:
        self.data = data
        self.name = name

    def _amount(self, value: object, where: str) -> Number:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{where} is {value!r}, expected a number")
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"{where} is {value!r}, expected a number >= 0")
        return value

    def number(self, key: str) -> Number | None:
        value = self.data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{self.name}: field {key!r}: expected a number, got {value!r}")
        return self._amount(value, f"{self.name}: field {key!r}: the value")

    def numbers(self, key: str, count: int | None = None) -> list[Number] | None:
        values = self.data.get(key)
        if values is None:
            return None
        where = f"{self.name}: field {key!r}"
        if not isinstance(values, list):
            raise ValueError(f"{where}: expected a list of numbers, got {values!r}")
        if count is not None and values and len(values) != count:
            raise ValueError(
                f"{where}: expected {count} amounts, one per player, got {len(values)}"
            )
        return [self._amount(value, f"{where}: item {k}") for k, value in enumerate(values)]

    def actions(self) -> list[str]:
        values = self.data["actions"]
        where = f"{self.name}: field 'actions'"
        if not isinstance(values, list):
            raise ValueError(f"{where}: expected a list of action strings, got {values!r}")
        actions = []
        for index, action in enumerate(values):
            if not isinstance(action, str):
                raise ValueError(f"{where}: item {index} is {action!r}, expected an action string")
            stripped = action.split("#", 1)[0].strip()
            if stripped:
                actions.append(stripped)
        return actions
