"""Ranges as solvers (GTO+, PioSolver) export them: every combo with a weight of its own."""

from __future__ import annotations

import numpy as np

from showdown.equity.spot import build_spot


def solver_range(hands: str, board: str, seed: int) -> str:
    """``hands``' combos that miss ``board``, each ``COMBO:WEIGHT`` with a seeded weight."""
    generator = np.random.default_rng(seed)
    hand_range = build_spot([hands, "random"], board, "", "holdem").players[0].hand_range
    assert hand_range is not None
    combos = hand_range.to_strings()
    weights = generator.uniform(0.05, 1.0, len(combos)).round(3)
    return ", ".join(f"{combo}:{weight}" for combo, weight in zip(combos, weights, strict=True))
