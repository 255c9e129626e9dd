"""Shared helpers of the history tests: hand-written PHH and the dataset sample's location."""

from __future__ import annotations

import random
from pathlib import Path

# The shared data sit beside the repository (tests skip when they are absent).
SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
DATASET = SHARED / "phh-dataset-sample"


def phh(
    actions: list[str],
    stacks: list[float],
    *,
    variant: str = "NT",
    blinds: list[float] | None = None,
    players: list[str] | None = None,
    extra: str = "",
) -> str:
    """PHH text of one hand (no-limit unless ``variant`` says otherwise)."""
    blinds = blinds if blinds is not None else [1, 2] + [0] * (len(stacks) - 2)
    names = players or [f"P{k + 1}" for k in range(len(stacks))]
    lines = [
        f'variant = "{variant}"',
        f"blinds_or_straddles = {blinds}",
        f"antes = {[0] * len(stacks)}",
        f"starting_stacks = {stacks}",
        "players = [" + ", ".join(f'"{name}"' for name in names) + "]",
        "actions = [" + ", ".join(f'"{action}"' for action in actions) + "]",
    ]
    lines.append("small_bet = 2\nbig_bet = 4" if variant.startswith("F") else "min_bet = 2")
    return "\n".join(lines) + "\n" + extra


#: Characters an edit puts in: those that matter to TOML or to PHH.
EDIT_CHARACTERS = "[]\"',=#\n\r-.0123456789 pinf?e_+:\\tx"


def edited_hands(hands: list[str], count: int, seed: int) -> list[str]:
    """``count`` random edits of ``hands``: one or two characters each deleted, doubled
    or replaced by one of :data:`EDIT_CHARACTERS`."""
    rng = random.Random(seed)
    edited = []
    for _ in range(count):
        text = rng.choice(hands)
        for _ in range(rng.randint(1, 2)):
            k = rng.randrange(len(text))
            kind = rng.random()
            if kind < 0.3:
                text = text[:k] + text[k + 1 :]
            elif kind < 0.5:
                text = text[:k] + text[k] + text[k:]
            else:
                text = text[:k] + rng.choice(EDIT_CHARACTERS) + text[k + 1 :]
        edited.append(text)
    return edited
