"""The rules core: every betting and payout rule of the simulator, written once.

The functions are plain code over arrays (or lists) and scalars. The compiled
engine (:mod:`showdown.simulator.compiled`) calls them compiled by numba; the
:class:`~showdown.simulator.hand.HandState` engine calls the same source through
``.py_func``, as ordinary Python on its lists. Each function is a leaf (it calls
no other compiled function), which is what makes ``.py_func`` safe to call.

Where each rule lives:

==========================================  ==========================================
rule                                        function
==========================================  ==========================================
blind seats (heads-up: button = small)       :func:`blind_positions`
antes, blinds, short all-in blinds, opener   :func:`post_forced_bets`
stud bring-in seat (passes over all-ins)     :func:`bring_in_seat`
stud acting order from fourth street         :func:`showing_rank`, :func:`best_showing_seat`
stud fourth-street open pair                 :func:`has_pair`
who must act, lone active player             :func:`start_round`
turn order, nothing-to-decide players        :func:`next_to_act`, :func:`top_two_capacity`
legal raise range (caps, pot limit, reopen)  :func:`raise_range`
bring-in or completion                       :func:`bring_in_options`
full raise / reopening after a bet           :func:`apply_bet`, :func:`after_bet`
after the bring-in is posted                 :func:`after_bring_in`
uncalled bet returned                        :func:`uncalled_bet`
main and side pots                           :func:`pot_levels`
hi-lo halves, ties, odd chips, policies      :func:`pay_pots`
odd-chip order (button games, stud)          :func:`button_order`, :func:`stud_order`
==========================================  ==========================================

The rule decisions behind them (what the rule documents say and what was
decided where they are silent) are listed in ``docs/rules.md``.
"""

from __future__ import annotations

from ._betting_kernels import (
    BETTING_CODES,
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    after_bet,
    after_bring_in,
    apply_bet,
    bring_in_options,
    next_to_act,
    raise_range,
    start_round,
    top_two_capacity,
)
from ._forced_kernels import (
    MAX_SHOWN,
    best_showing_seat,
    blind_positions,
    bring_in_seat,
    has_pair,
    post_forced_bets,
    showing_rank,
)
from ._pot_kernels import (
    EXACT,
    EXACT_UNIT,
    HOUSE,
    POLICY_CODES,
    STANDARD,
    button_order,
    pay_pots,
    pot_levels,
    stud_order,
    uncalled_bet,
)

__all__ = [
    "BETTING_CODES",
    "EXACT",
    "EXACT_UNIT",
    "FIXED_LIMIT",
    "HOUSE",
    "MAX_SHOWN",
    "NO_LIMIT",
    "POLICY_CODES",
    "POT_LIMIT",
    "STANDARD",
    "after_bet",
    "after_bring_in",
    "apply_bet",
    "best_showing_seat",
    "blind_positions",
    "bring_in_options",
    "bring_in_seat",
    "button_order",
    "has_pair",
    "next_to_act",
    "pay_pots",
    "post_forced_bets",
    "pot_levels",
    "raise_range",
    "showing_rank",
    "start_round",
    "stud_order",
    "top_two_capacity",
    "uncalled_bet",
]
