"""One PHH hand history: reading the TOML, checking every field, the starting state.

Reading checks each field's type and size and raises a ``ValueError`` that
names the source (the file, or ``PHH text``), the field and the reason, e.g.
``hand.phh: field 'antes': expected 6 amounts, one per player, got 5``.

Text or path (one rule, no probing of the file system): a ``pathlib.Path`` (any
``os.PathLike``) is a file; a ``str`` is PHH text when it contains ``=``
(every PHH text has ``key = value`` lines) or a line break, else a file path.

Input is bounded: a file is read with at most ``max_bytes`` + 1 bytes in
memory (default :data:`MAX_PHH_BYTES`, 1 MiB: a hand history is a few
kilobytes), so ``/dev/zero``, a huge file or a pipe cannot exhaust memory, and
a named pipe with no writer reads as empty instead of blocking the open. A
file (or a text) over the limit is an error naming it and the limit.
"""

from __future__ import annotations

import math
import os
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...errors import InputError
from ..hand import HandState
from ..hand.actions import PHH_CODES, Action
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

#: Default limit on the size of a PHH input: bytes of a file, characters of a text.
MAX_PHH_BYTES = 1 << 20

_RAISE_CODE = PHH_CODES[Action.RAISE]  # the one action with an amount


class UnsupportedVariantError(InputError):
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
            For codes the simulator does not play (razz, lowball draws...).
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
        # A site's recorded winnings count too: it splits a $13 pot into $6.50 each, or takes
        # rake in cents, finer than any stack or bet of the hand. Finishing stacks do not:
        # Pluribus logs an odd chip split in halves, which whole chips settle by the rules.
        values += [
            v
            for v in self.extra.get("winnings") or ()
            if isinstance(v, (int, float)) and not isinstance(v, bool)
        ]
        for index, action in enumerate(self.actions):
            tokens = action.split()
            if len(tokens) == 3 and tokens[1] == _RAISE_CODE:
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

    def forced_bets(
        self, chips: Callable[[Number | None], int]
    ) -> tuple[Stakes, list[int], list[int]]:
        """The hand's stakes and each seat's ante and blind in whole chips.

        ``chips`` turns an amount of the file (or ``None``) into whole chips at the
        hand's scale. Heads-up with blinds, PHH lists the big blind first while the
        button (the second player) posts the small blind, so the two are swapped.
        Raises ``ValueError`` (from :class:`Stakes`) on stakes the rules refuse.
        """
        n = len(self.starting_stacks)
        antes = [chips(v) for v in self.antes] if self.antes else [0] * n
        blinds = (
            [chips(v) for v in self.blinds_or_straddles] if self.blinds_or_straddles else [0] * n
        )
        if n == 2 and self.game.blinds and not self.game.button_blind:
            antes, blinds = antes[::-1], blinds[::-1]
        if self.game.betting == "fixed":
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
        return stakes, antes, blinds

    def create_state(self, *, odd_chips: str = "standard") -> HandState:
        """A manually dealt :class:`HandState` at the start of this hand, before any action."""
        variant = self.game
        scale = self.scale

        def chips(value: Number | None) -> int:
            return int(Fraction(str(value or 0)) * scale)

        try:
            stakes, antes, blinds = self.forced_bets(chips)
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


def check_max_bytes(max_bytes: object) -> int:
    """``max_bytes`` as a positive int, else a ``ValueError`` naming it.

    Examples
    --------
    >>> check_max_bytes(4096)
    4096
    >>> check_max_bytes(0)
    Traceback (most recent call last):
    ...
    ValueError: max_bytes: expected a positive number of bytes, got 0
    """
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes <= 0:
        raise ValueError(f"max_bytes: expected a positive number of bytes, got {max_bytes!r}")
    return max_bytes


def shown_name(name: str) -> str:
    """A file name as messages show it (long names shortened)."""
    return name if len(name) <= 80 else f"{name[:40]}...({len(name)} characters)"


def read_bounded(path: str | os.PathLike[str], max_bytes: int = MAX_PHH_BYTES) -> str:
    """The UTF-8 text of a file, reading at most ``max_bytes`` + 1 bytes.

    The file is opened without blocking (a named pipe with no writer is empty,
    not a hang) and read in one bounded call, so a device such as ``/dev/zero``
    or an endless pipe stops at the limit.

    Raises
    ------
    ValueError
        When the file cannot be opened or read, is a directory, is not UTF-8, or
        holds more than ``max_bytes`` bytes; the message names the file.
    """
    max_bytes = check_max_bytes(max_bytes)
    shown = shown_name(os.fspath(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise ValueError(f"{shown}: cannot read the PHH file: {_reason(error)}") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise ValueError(f"{shown}: cannot read the PHH file: it is a directory")
        if stat.S_ISREG(info.st_mode) and info.st_size > max_bytes:
            raise ValueError(_too_large(shown, max_bytes, info.st_size))
        # Blocking reads again: a pipe with a writer is read as it comes, up to the limit.
        os.set_blocking(descriptor, True)
        data = _read_up_to(descriptor, max_bytes + 1)
    except OSError as error:
        raise ValueError(f"{shown}: cannot read the PHH file: {_reason(error)}") from None
    finally:
        os.close(descriptor)
    if len(data) > max_bytes:
        raise ValueError(_too_large(shown, max_bytes, None))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{shown}: cannot read the PHH file: {error}") from None


def _read_up_to(descriptor: int, count: int) -> bytes:
    """Up to ``count`` bytes: reads until the end of the file or the count."""
    chunks = []
    while count > 0:
        chunk = os.read(descriptor, min(count, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _too_large(shown: str, max_bytes: int, size: int | None) -> str:
    """The message for a file over the limit (``size`` ``None``: a stream, size unknown)."""
    held = (
        f"holds more than the limit of {max_bytes:,} bytes"
        if size is None
        else f"is {size:,} bytes, over the limit of {max_bytes:,} bytes"
    )
    return (
        f"{shown}: the PHH file {held} (raise it with max_bytes=..., "
        "or --max-bytes on the command line)"
    )


def _source_text(source: str | os.PathLike[str], max_bytes: int) -> tuple[str, str]:
    """``(text, name)`` of a PHH source by the module's text-or-path rule."""
    if isinstance(source, str) and ("=" in source or "\n" in source):
        if len(source) > max_bytes:
            raise ValueError(
                f"{TEXT_SOURCE}: {len(source):,} characters, over the limit of {max_bytes:,} "
                "(raise it with max_bytes=...)"
            )
        return source, TEXT_SOURCE
    if not isinstance(source, (str, os.PathLike)):
        raise ValueError(f"read_phh: expected PHH text or a path, got {type(source).__name__}")
    return read_bounded(source, max_bytes), shown_name(os.fspath(source))


def read_phh(source: str | os.PathLike[str], *, max_bytes: int = MAX_PHH_BYTES) -> HandHistory:
    """Parse PHH text or a PHH file (see the module docstring for which is which).

    Parameters
    ----------
    source
        PHH text or a path.
    max_bytes
        Largest file read (bytes; characters for a text), default :data:`MAX_PHH_BYTES`.

    Raises
    ------
    ValueError
        When the file cannot be read or is over ``max_bytes``, the TOML is
        invalid, a required field is missing or a field has the wrong type or
        size; the message names the source and the field.

    Examples
    --------
    >>> read_phh('variant = "FT"\\nstarting_stacks = [10, 10]\\nactions = []').variant
    'FT'
    >>> read_phh('variant = "FT"\\nstarting_stacks = [10, 10]\\nactions = 5')
    Traceback (most recent call last):
    ...
    ValueError: PHH text: field 'actions': expected a list of action strings, got 5
    """
    text, name = _source_text(source, check_max_bytes(max_bytes))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{name}: not valid TOML: {error}") from None
    except RecursionError:
        raise ValueError(f"{name}: not valid TOML: nested too deeply") from None
    return history_from_document(data, name)


def history_from_document(data: dict[str, Any], name: str) -> HandHistory:
    """The :class:`HandHistory` of a parsed PHH document, every field checked.

    ``name`` is the source shown in messages. :func:`~showdown.simulator.phh.write_phh`
    checks a history through this too, so what it writes reads back.
    """
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
        players=None if players is None else list(players),
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
