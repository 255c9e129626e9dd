"""Game names: the one registry that equity, the simulator and the command line read.

A game name says up to two things:

- the **hand type**: which cards each player gets and how hands are ranked
  (``holdem``, ``shortdeck``, ``omaha``, ``omaha5``, ``omaha6``, ``omaha-hilo``,
  ``omaha5-hilo``, ``omaha6-hilo``, ``stud``, ``stud-hilo``, ``draw``), and the deck
  they are dealt from. Equity needs only this.
- for play, the **betting structure**: no limit, pot limit or fixed limit.
  ``nlhe`` is hold'em at no limit, ``plo8`` Omaha hi-lo at pot limit.

Every name works everywhere. ``equity(..., game="plo8")`` reads Omaha hi-lo (the
betting does not change an equity). ``simulate("holdem", ...)`` plays a hand
type at its usual structure: hold'em at no limit, Omaha at pot limit, stud and
draw at fixed limit (:attr:`HandType.betting`; ``nl5d`` and ``pl5d`` are draw at
no and pot limit). Names are case-insensitive;
``_`` and spaces read as ``-`` and apostrophes are dropped (``"Hold'em"`` is
``holdem``); PHH variant codes (``NT``, ``FO/8``, ``F7S``...) name their game too.

This module imports nothing from showdown (nor numpy), so every subpackage and
the command line's ``--help`` read it for free.

Examples
--------
>>> find_game("PLO8")
GameName(hand_type='omaha-hilo', play='plo8')
>>> hand_type("nlhe").name, play_game("holdem").name, play_game("Stud Hi-Lo").name
('holdem', 'nlhe', 'stud8')
>>> hand_type("plo").hilo, play_game("omaha").title
(False, 'Pot-limit Omaha')
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError

__all__ = [
    "ALIASES",
    "BETTING_TITLES",
    "HAND_TYPES",
    "PLAY_GAMES",
    "GameName",
    "HandType",
    "PlayGame",
    "canonical_name",
    "find_game",
    "hand_type",
    "known_games",
    "play_game",
    "squash_name",
]

#: Betting structures by code (the code is what ``Variant.betting`` holds).
BETTING_TITLES = {"no": "no-limit", "pot": "pot-limit", "fixed": "fixed-limit"}


@dataclass(frozen=True)
class HandType:
    """Which cards each player gets and how the showdown ranks them.

    Attributes
    ----------
    name
        Canonical name (``"omaha-hilo"``).
    noun
        The game in words, as written mid-sentence (``"seven-card stud"``).
    kind
        ``"board"`` (hold'em, Omaha), ``"stud"`` or ``"draw"``.
    cards
        Hole cards per player in board games; the final hand's size otherwise.
    omaha
        Hands use exactly two hole cards and three board cards.
    hilo
        The pot is split with the best 8-or-better low.
    betting
        The structure this hand type is played at when a name gives none
        (``"no"``, ``"pot"`` or ``"fixed"``).
    ranking
        How high hands rank: ``"standard"`` (the full deck's order) or
        ``"shortdeck"`` (a flush beats a full house and A-6-7-8-9 is the lowest
        straight; :mod:`showdown.evaluator.short_deck`).
    lowest_rank
        Rank code (0 = deuce .. 12 = ace) of the lowest rank in the deck: 0 for the
        52-card deck, 4 for the short deck's 36 cards six to ace.
    """

    name: str
    noun: str
    kind: str
    cards: int
    omaha: bool
    hilo: bool
    betting: str
    ranking: str = "standard"
    lowest_rank: int = 0

    @property
    def deck_size(self) -> int:
        """Cards in the deck (52, or 36 for short deck)."""
        return 4 * (13 - self.lowest_rank)

    @property
    def title(self) -> str:
        """The game in words at the start of a sentence (``"Seven-card stud"``)."""
        return self.noun[:1].upper() + self.noun[1:]


@dataclass(frozen=True)
class PlayGame:
    """A hand type at a betting structure: what the simulator plays.

    Attributes
    ----------
    name
        Canonical name (``"plo8"``).
    hand_type
        Name of its :class:`HandType`.
    betting
        ``"no"``, ``"pot"`` or ``"fixed"`` (limit).
    phh_code
        Variant code of the PHH hand-history format.
    forced_bets
        ``"blinds"`` (small and big blind left of the button, antes if the stakes
        have them; stud posts its antes and bring-in whatever this says),
        ``"antes"`` (every player antes and nobody posts a blind: fixed-limit
        five-card draw as its rules deal it) or ``"button-blind"`` (every player
        antes and the button alone posts a blind, as short-deck hold'em is played).
    """

    name: str
    hand_type: str
    betting: str
    phh_code: str
    forced_bets: str = "blinds"

    @property
    def title(self) -> str:
        """``"Pot-limit Omaha hi-lo 8 or better"``."""
        return f"{BETTING_TITLES[self.betting].capitalize()} {HAND_TYPES[self.hand_type].noun}"


@dataclass(frozen=True)
class GameName:
    """What a name resolves to: a hand type and, when one is played, the game played."""

    hand_type: str
    play: str | None


HAND_TYPES: dict[str, HandType] = {
    hand.name: hand
    for hand in (
        HandType("holdem", "Texas hold'em", "board", 2, False, False, "no"),
        HandType("omaha", "Omaha", "board", 4, True, False, "pot"),
        HandType("omaha5", "5-card Omaha", "board", 5, True, False, "pot"),
        HandType("omaha6", "6-card Omaha", "board", 6, True, False, "pot"),
        HandType("omaha-hilo", "Omaha hi-lo 8 or better", "board", 4, True, True, "pot"),
        HandType("omaha5-hilo", "5-card Omaha hi-lo 8 or better", "board", 5, True, True, "pot"),
        HandType("omaha6-hilo", "6-card Omaha hi-lo 8 or better", "board", 6, True, True, "pot"),
        HandType("stud", "seven-card stud", "stud", 7, False, False, "fixed"),
        HandType("stud-hilo", "seven-card stud hi-lo 8 or better", "stud", 7, False, True, "fixed"),
        HandType("draw", "five-card draw", "draw", 5, False, False, "fixed"),
        HandType(
            "shortdeck",
            "short-deck (6+) hold'em",
            "board",
            2,
            False,
            False,
            "no",
            ranking="shortdeck",
            lowest_rank=4,
        ),
    )
}
"""Every hand type by canonical name (the equity engine plays them all)."""

PLAY_GAMES: dict[str, PlayGame] = {
    game.name: game
    for game in (
        PlayGame("nlhe", "holdem", "no", "NT"),
        PlayGame("plhe", "holdem", "pot", "PT"),
        PlayGame("flhe", "holdem", "fixed", "FT"),
        PlayGame("plo", "omaha", "pot", "PO"),
        PlayGame("flo", "omaha", "fixed", "FO"),
        PlayGame("plo8", "omaha-hilo", "pot", "PO/8"),
        PlayGame("flo8", "omaha-hilo", "fixed", "FO/8"),
        PlayGame("stud", "stud", "fixed", "F7S"),
        PlayGame("stud8", "stud-hilo", "fixed", "F7S/8"),
        # The PHH specification has no high five-card draw (its draw games are lowball);
        # F5D, N5D and P5D are this package's codes. Fixed limit is an ante game, as its
        # rules deal it; no and pot limit are blind games, as card rooms deal them.
        PlayGame("draw", "draw", "fixed", "F5D", forced_bets="antes"),
        PlayGame("nl5d", "draw", "no", "N5D"),
        PlayGame("pl5d", "draw", "pot", "P5D"),
        PlayGame("nlsd", "shortdeck", "no", "NS", forced_bets="button-blind"),
    )
}
"""Every game the simulator plays, by canonical name."""

ALIASES: dict[str, str] = {
    # hand types
    "texas-holdem": "holdem",
    "texas": "holdem",
    "he": "holdem",
    "short-deck-holdem": "shortdeck",
    "6+": "shortdeck",
    "6+-holdem": "shortdeck",
    "6plus": "shortdeck",
    "six-plus": "shortdeck",
    "six-plus-holdem": "shortdeck",
    "omaha4": "omaha",
    "omaha-hi": "omaha",
    "plo4": "omaha",
    "plo5": "omaha5",
    "5-card-omaha": "omaha5",
    "plo6": "omaha6",
    "6-card-omaha": "omaha6",
    "omaha8": "omaha-hilo",
    "omaha4-hilo": "omaha-hilo",
    "omaha5-8": "omaha5-hilo",
    "big-o": "omaha5-hilo",
    "omaha6-8": "omaha6-hilo",
    "seven-card-stud": "stud",
    "7-card-stud": "stud",
    "5-card-draw": "draw",
    "five-card-draw": "draw",
    "fl5d": "draw",
    "limit-draw": "draw",
    "fixed-limit-draw": "draw",
    # games played at a betting structure
    "nlh": "nlhe",
    "no-limit-holdem": "nlhe",
    "plh": "plhe",
    "pot-limit-holdem": "plhe",
    "flh": "flhe",
    "lhe": "flhe",
    "limit-holdem": "flhe",
    "fixed-limit-holdem": "flhe",
    "no-limit-short-deck": "nlsd",
    "no-limit-short-deck-holdem": "nlsd",
    "pot-limit-omaha": "plo",
    "limit-omaha": "flo",
    "fixed-limit-omaha": "flo",
    "nl-draw": "nl5d",
    "no-limit-draw": "nl5d",
    "no-limit-five-card-draw": "nl5d",
    "no-limit-5-card-draw": "nl5d",
    "pl-draw": "pl5d",
    "pot-limit-draw": "pl5d",
    "pot-limit-five-card-draw": "pl5d",
    "pot-limit-5-card-draw": "pl5d",
    "plo-hilo": "plo8",
    "flo-hilo": "flo8",
    "limit-omaha-hilo": "flo8",
}
"""Other names -> canonical name. Lookups ignore case, apostrophes, dashes, spaces and
underscores, so ``"Omaha Hi-Lo"``, ``"omaha_hilo"`` and ``"omahahilo"`` all find
``omaha-hilo``; PHH variant codes (``"FO/8"``) are names too."""


def squash_name(name: str) -> str:
    """The lookup key: lower case without apostrophes, dashes, slashes, spaces, underscores.

    Examples
    --------
    >>> squash_name("6+ Hold'em"), squash_name("FO/8")
    ('6+holdem', 'fo8')
    """
    key = name.lower()
    for mark in ("'", "\u2019", "-", "_", "/"):
        key = key.replace(mark, "")
    return "".join(key.split())


def _lookup_table() -> dict[str, str]:
    table: dict[str, str] = {}
    entries = [(name, name) for name in [*HAND_TYPES, *PLAY_GAMES]]
    entries += list(ALIASES.items())
    entries += [(game.phh_code, game.name) for game in PLAY_GAMES.values()]
    for name, target in entries:
        if table.setdefault(squash_name(name), target) != target:  # pragma: no cover - a typo here
            raise AssertionError(f"game name {name!r} is ambiguous")
    return table


_LOOKUP = _lookup_table()


def canonical_name(name: object) -> str | None:
    """The canonical name a name or alias stands for, or ``None`` if it names no game.

    Examples
    --------
    >>> canonical_name("Omaha Hi-Lo"), canonical_name("FO/8"), canonical_name("chess")
    ('omaha-hilo', 'flo8', None)
    """
    if not isinstance(name, str):
        raise InputError(f"expected a game name, got {name!r}", parameter="game")
    return _LOOKUP.get(squash_name(name))


def known_games() -> str:
    """Every name, canonical first with its aliases in brackets, for messages and ``--help``.

    Examples
    --------
    >>> print(known_games()[:50])
    holdem (texas-holdem, texas, he), omaha (omaha4, o
    """
    also: dict[str, list[str]] = {}
    for alias, target in ALIASES.items():
        also.setdefault(target, []).append(alias)

    def entry(name: str) -> str:
        return f"{name} ({', '.join(also[name])})" if name in also else name

    hands = ", ".join(entry(name) for name in HAND_TYPES)
    played = ", ".join(entry(name) for name in PLAY_GAMES if name not in HAND_TYPES)
    codes = " ".join(game.phh_code for game in PLAY_GAMES.values())
    return f"{hands}; with a betting structure: {played}; PHH codes {codes}"


def _unknown(name: str) -> InputError:
    """The error for a name nothing matches: close canonical names, then every name."""
    import difflib  # only on this error path: the command line's --help stays quick

    key = squash_name(name)
    close = difflib.get_close_matches(key, list(_LOOKUP), n=4, cutoff=0.6)
    suggestions = list(dict.fromkeys(_LOOKUP[match] for match in close))[:3]
    hint = f" (did you mean {' or '.join(map(repr, suggestions))}?)" if suggestions else ""
    return InputError(
        f"unknown game {name!r}{hint}; known games: {known_games()}", parameter="game"
    )


def find_game(name: str) -> GameName:
    """Resolve a name or alias to its hand type and the game the simulator plays for it.

    ``play`` is ``None`` for hand types the simulator does not play (5- and 6-card Omaha).

    Raises
    ------
    ValueError
        For an unknown name: the message suggests close names (``difflib``)
        and lists every name, aliases included.

    Examples
    --------
    >>> find_game("holdem"), find_game("flhe").hand_type, find_game("omaha5").play
    (GameName(hand_type='holdem', play='nlhe'), 'holdem', None)
    >>> find_game("nlhee")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    showdown.errors.InputError: game: unknown game 'nlhee' (did you mean 'nlhe' or ...?); ...
    """
    key = canonical_name(name)
    if key is None:
        raise _unknown(name)
    if key in PLAY_GAMES:
        return GameName(PLAY_GAMES[key].hand_type, key)
    hand = HAND_TYPES[key]
    usual = [
        game.name
        for game in PLAY_GAMES.values()
        if game.hand_type == key and game.betting == hand.betting
    ]
    return GameName(key, usual[0] if usual else None)


def hand_type(name: str) -> HandType:
    """The hand type a name means (all equity needs): ``"plo8"`` -> Omaha hi-lo.

    Examples
    --------
    >>> hand_type("flo8").name
    'omaha-hilo'
    """
    return HAND_TYPES[find_game(name).hand_type]


def play_game(name: str) -> PlayGame:
    """The game the simulator plays for a name: ``"holdem"`` -> ``nlhe``.

    Raises
    ------
    ValueError
        For an unknown name, or a hand type the simulator does not play.

    Examples
    --------
    >>> play_game("holdem").name, play_game("stud-hilo").name
    ('nlhe', 'stud8')
    """
    found = find_game(name)
    if found.play is None:
        hand = HAND_TYPES[found.hand_type]
        usual = ", ".join(
            f"{hand_name} = {found_play}"
            for hand_name in HAND_TYPES
            if (found_play := find_game(hand_name).play) and found_play != hand_name
        )
        raise InputError(
            f"the simulator does not play {hand.noun} ({name!r}), only equity does; "
            f"games it plays: {', '.join(PLAY_GAMES)} (and {usual})",
            parameter="game",
        )
    return PLAY_GAMES[found.play]
