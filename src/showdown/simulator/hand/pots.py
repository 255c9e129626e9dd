"""Side pots and pot splits as data: thin views of the rules core's pot rules.

Chips are integers. A pot is built for every distinct contribution level of the
players still in the hand (an all-in player, or a disconnected one, caps a
level); each pot is won by the best eligible hand, ties split it, and the odd
chips that do not divide go out by an explicit priority order (first winner
left of the button; in stud the highest card by suit) or, by policy, are split
exactly as fractions or kept by the house. The rules are
:func:`showdown.simulator.core.pot_levels` and
:func:`showdown.simulator.core.pay_pots`; this module presents them as
:class:`Pot` records and per-winner dictionaries.

Examples
--------
>>> side_pots([100, 50, 100, 20], [True, True, True, False])
[Pot(amount=170, eligible=(0, 1, 2)), Pot(amount=100, eligible=(0, 2))]
>>> split_amount(101, [2, 0], policy="standard")
({2: 51, 0: 50}, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .. import core

OddChipPolicy = Literal["standard", "exact", "house"]
"""``standard``: whole chips, odd chips by the priority order; ``exact``: fractional
shares as some hand-history logs record; ``house``: whole chips, the house keeps the rest."""

ODD_CHIP_POLICIES: tuple[str, ...] = ("standard", "exact", "house")

_pot_levels = core.pot_levels.py_func
_pay_pots = core.pay_pots.py_func


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the players who may win it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(contributions: Sequence[int], live: Sequence[bool], *, dead: int = 0) -> list[Pot]:
    """Main and side pots from each player's total wager.

    Parameters
    ----------
    contributions
        Chips each player wagered during the hand (blinds, bets; not antes), after
        any uncalled bet was returned.
    live
        Whether each player can still win (not folded, not mucked).
    dead
        Dead money (antes) that belongs to the main pot, open to every live player.

    Returns
    -------
    list of Pot
        Main pot first. Chips of folded players count in the pots they reach;
        chips above the highest live level join the last pot. Empty pots are left
        out, and so is everything when no player is live.

    Examples
    --------
    >>> side_pots([30, 30, 30], [True, True, True])
    [Pot(amount=90, eligible=(0, 1, 2))]
    >>> for pot in side_pots([10, 40, 40, 25], [True, True, True, True], dead=8):
    ...     print(pot)
    Pot(amount=48, eligible=(0, 1, 2, 3))
    Pot(amount=45, eligible=(1, 2, 3))
    Pot(amount=30, eligible=(1, 2))
    """
    if len(contributions) != len(live):
        raise ValueError("contributions and live must have one entry per player")
    n = len(live)
    wagers = [int(chips) for chips in contributions]
    flags = [bool(flag) for flag in live]
    amounts = [0] * n
    levels = [0] * n
    count = _pot_levels(n, wagers, flags, int(dead), amounts, levels)
    return [
        Pot(amounts[k], tuple(s for s in range(n) if flags[s] and wagers[s] >= levels[k]))
        for k in range(count)
    ]


def split_amount(
    amount: int, winners: Sequence[int], *, policy: str = "standard"
) -> tuple[dict[int, int], dict[int, Fraction] | None]:
    """Split ``amount`` chips among ``winners`` listed in odd-chip priority order.

    Parameters
    ----------
    amount
        Chips to split.
    winners
        Winning players, the one who gets the first odd chip first.
    policy
        ``"standard"``, ``"exact"`` or ``"house"`` (see :data:`OddChipPolicy`).

    Returns
    -------
    (dict, dict or None)
        Whole chips per winner, and for the ``exact`` policy the fractional
        remainder per winner (``None`` otherwise). Under ``house`` the chips not
        paid out are the house's.

    Examples
    --------
    >>> split_amount(10, [1, 2, 3])
    ({1: 4, 2: 3, 3: 3}, None)
    >>> split_amount(10, [1, 2, 3], policy="house")
    ({1: 3, 2: 3, 3: 3}, None)
    >>> split_amount(5, [0, 1], policy="exact")[1]
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    if not winners:
        raise ValueError("split_amount: no winners to split the pot among")
    if policy not in ODD_CHIP_POLICIES:
        raise ValueError(f"odd_chips: unknown policy {policy!r}; choose one of {ODD_CHIP_POLICIES}")
    count = len(winners)
    if policy == "exact":
        share, odd = divmod(amount, count)
        return dict.fromkeys(winners, share), dict.fromkeys(winners, Fraction(odd, count))
    # One pot that every winner ties for, paid by the core's odd-chip rule.
    payout = [0] * count
    _pay_pots(
        count, (1, [amount], [0]), ([0] * count, [True] * count, [1] * count, [0] * count),
        False, list(range(count)), core.POLICY_CODES[policy], payout, [0] * count,
    )  # fmt: skip
    return {winner: payout[index] for index, winner in enumerate(winners)}, None
