"""The compiled engine: whole cash-game sessions in numba, for every built-in variant.

:func:`~showdown.simulator.session.simulate` uses this engine
(``engine="auto"``) when every seat is a built-in agent with a compiled twin
(:class:`~showdown.simulator.agents.RandomAgent`,
:class:`~showdown.simulator.agents.CallingStation`,
:class:`~showdown.simulator.agents.HandStrengthAgent` with its own thresholds),
and the mode is ``"cash"`` (hand histories too: :mod:`.histories`). Three session
kernels play the three families of streets: board games (hold'em, Omaha, hi-lo;
:mod:`._board_kernels`), seven-card stud (:mod:`._stud_kernels`) and five-card
draw (:mod:`._draw_kernels`); a call compiles only its family's kernel. Every
rule comes from :mod:`showdown.simulator.core`, the same code the
:class:`~showdown.simulator.hand.HandState` engine runs, and the agents' choices
from its agent kernels: the calling station and the hand-strength agent make
the Python agents' decisions, the random agent chooses with the same
probabilities from its table's decision stream. Both engines deal every hand
the same cards for the same seed and tables (:mod:`.cards`): sessions of
calling stations and hand-strength agents give the same results on either
engine; with random agents the results match in distribution, not hand for
hand. Timeouts, disconnects and tournaments are Python-engine features (0 in
compiled results).
"""

from __future__ import annotations

from .engine import (
    CHUNK_HANDS,
    CompiledRun,
    HandRecords,
    compiled_result,
    run_compiled,
)
from .prepare import (
    COMPILED_AGENTS,
    KERNEL_WORDS,
    compiled_agent_kinds,
    family_of,
    ineligibility,
    kernel_name,
    resolve_threads,
    supports_variant,
)

__all__ = [
    "CHUNK_HANDS",
    "COMPILED_AGENTS",
    "KERNEL_WORDS",
    "CompiledRun",
    "HandRecords",
    "compiled_agent_kinds",
    "compiled_result",
    "family_of",
    "ineligibility",
    "kernel_name",
    "resolve_threads",
    "run_compiled",
    "supports_variant",
]
