"""The compiled engine: whole cash-game sessions in numba, for every built-in variant.

:func:`~showdown.simulator.session.simulate` uses this engine
(``engine="auto"``) when every seat is a built-in agent with a compiled twin
(:class:`~showdown.simulator.agents.RandomAgent`,
:class:`~showdown.simulator.agents.CallingStation`,
:class:`~showdown.simulator.agents.HandStrengthAgent` with its own thresholds),
the mode is ``"cash"`` and no hand histories are requested. Three session
kernels play the three families of streets: board games (hold'em, Omaha, hi-lo;
:mod:`._board_kernels`), seven-card stud (:mod:`._stud_kernels`) and five-card
draw (:mod:`._draw_kernels`); a call compiles only its family's kernel. Every
rule comes from :mod:`showdown.simulator.core`, the same code the
:class:`~showdown.simulator.hand.HandState` engine runs, and the agents' choices
from its agent kernels: the calling station and the hand-strength agent make
the Python agents' decisions, the random agent chooses with the same
probabilities from its own random stream (results match the Python engine in
distribution, not hand for hand). Timeouts, disconnects and tournaments are
Python-engine features (0 in compiled results).
"""

from __future__ import annotations

from .engine import (
    CHUNK_HANDS,
    COMPILED_AGENTS,
    CompiledRun,
    HandRecords,
    compiled_agent_kinds,
    compiled_result,
    family_of,
    ineligibility,
    resolve_threads,
    run_compiled,
    supports_variant,
)

__all__ = [
    "CHUNK_HANDS",
    "COMPILED_AGENTS",
    "CompiledRun",
    "HandRecords",
    "compiled_agent_kinds",
    "compiled_result",
    "family_of",
    "ineligibility",
    "resolve_threads",
    "run_compiled",
    "supports_variant",
]
