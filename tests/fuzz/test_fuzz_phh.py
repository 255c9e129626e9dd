"""Fuzzing the PHH reader and replay: every input gives a result or a documented error.

Inputs are mutations of PHH texts: synthetic hands of every supported variant
(always run) and the shared sample files (skipped when the folder is absent).
A documented outcome is a replayed hand whose chips add up, or a ``ValueError``
(``IllegalActionError`` and ``UnsupportedVariantError`` are subclasses) whose
message names the source. Anything else (another exception type, chips
created or lost) is a bad outcome. Hypothesis is seeded (``derandomize``) and
bounded: a few seconds in the default run, more examples under ``-m slow``.
Each test prints its counts (``pytest -s`` shows them).
"""

from __future__ import annotations

import collections
import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from showdown.cli.main import main
from showdown.simulator import (
    GAMES,
    HandState,
    RandomAgent,
    Table,
    read_phh,
    replay,
    write_phh,
)
from showdown.simulator.table import default_stakes

FAST = settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SLOW = settings(FAST, max_examples=5000)


def _sample_dir() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "phh-sample" / "data"
        if candidate.is_dir():
            return candidate
    return None


def _synthetic_texts() -> list[str]:
    """PHH text of one played hand per variant (random agents, short stacks), fractions too."""
    texts = []
    for index, name in enumerate(sorted(GAMES)):
        variant = GAMES[name]
        agents = [RandomAgent(seed=index * 10 + seat) for seat in range(3)]
        table = Table(variant, agents, default_stakes(variant), starting_stack=40, seed=index)
        table.record = True
        for _ in range(3):
            hand = table.play_hand()
            texts.append(write_phh(hand))
    # Fractional amounts (cents), replayed in scaled chips.
    texts.append(
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [0.5, 1, 0]\nmin_bet = 1\n'
        "starting_stacks = [40.25, 100.5, 75]\n"
        'actions = ["d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 7c2h", "p3 f", "p1 cbr 40.25",'
        ' "p2 cc", "d db 2c3d4h", "d db 9s", "d db Jd"]\n'
        "finishing_stacks = [80.5, 60.25, 75]\n"
    )
    return texts


SYNTHETIC = _synthetic_texts()
SAMPLES = _sample_dir()
SAMPLE_TEXTS = (
    [path.read_text(encoding="utf-8") for path in sorted(SAMPLES.rglob("*.phh"))] if SAMPLES else []
)

TOKENS = [
    "p1", "p2", "p3", "p9", "p0", "d", "dh", "db", "f", "cc", "cbr", "pb", "sd", "sm",
    "-1", "0", "1", "2.5", "1e999", "nan", "??", "AsKs", "????", "2c", "Xx", "=", "[", "]",
    "{", "}", '"', "#", "\n", " ", ",", "true", "[1, 2]", "5", "'", "\\", "\u017f", "\u212a",
]  # fmt: skip


def _mutate(text: str, rng: random.Random) -> str:
    """One to three random edits: characters, tokens, lines, actions, numbers."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        if not text:
            return rng.choice(TOKENS)
        position = rng.randrange(len(text))
        if kind == 0:  # delete a span
            text = text[:position] + text[position + rng.randint(1, 8) :]
        elif kind == 1:  # insert a token
            text = text[:position] + rng.choice(TOKENS) + text[position:]
        elif kind == 2:  # replace a word
            words = text.split(" ")
            words[rng.randrange(len(words))] = rng.choice(TOKENS)
            text = " ".join(words)
        elif kind == 3:  # duplicate or drop a line
            lines = text.splitlines()
            line = rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines.insert(line, lines[line])
            else:
                del lines[line]
            text = "\n".join(lines)
        elif kind == 4:  # swap two lines (actions out of order)
            lines = text.splitlines()
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif kind == 5:  # change a number
            digits = [k for k, char in enumerate(text) if char.isdigit()]
            if digits:
                k = rng.choice(digits)
                text = text[:k] + rng.choice("0123456789") + text[k + 1 :]
        elif kind == 6:  # change a card
            ranks, suits = "23456789TJQKA", "cdhs"
            cards = [k for k in range(len(text) - 1) if text[k] in ranks and text[k + 1] in suits]
            if cards:
                k = rng.choice(cards)
                text = text[:k] + rng.choice(ranks) + rng.choice(suits) + text[k + 2 :]
        else:  # truncate
            text = text[:position]
    return text


def _outcome(text: str) -> str:
    """``"result"`` or ``"error"`` (documented); raises AssertionError on a bad outcome."""
    try:
        history = read_phh(text)
        state = replay(history)
    except ValueError as error:
        message = str(error)
        # Text with neither '=' nor a line break is a path by read_phh's rule.
        source = "PHH text" if "=" in text or "\n" in text else text[:40]
        assert message.startswith(source), f"error does not name the source: {message!r}"
        return "error"
    assert isinstance(state, HandState) and state.is_complete
    starting = sum(Fraction(str(value)) for value in history.starting_stacks)
    final = sum(Fraction(value) for value in state.final_stacks)
    house = Fraction(state.house_chips, state.scale)
    assert final + house == starting, "chips created or lost"
    assert min(state.stacks) >= 0
    return "result"


def _run(base: list[str], seed: int, counts: collections.Counter[str]) -> None:
    rng = random.Random(seed)
    text = _mutate(rng.choice(base), rng)
    counts["inputs"] += 1
    counts[_outcome(text)] += 1


def _report(name: str, counts: collections.Counter[str]) -> None:
    print(
        f"\n{name}: {counts['inputs']} inputs, {counts['result']} replayed, "
        f"{counts['error']} clean errors, 0 bad outcomes"
    )


def test_unmutated_inputs_replay():
    for text in SYNTHETIC + SAMPLE_TEXTS:
        assert _outcome(text) in ("result", "error")


SYNTHETIC_COUNTS: collections.Counter[str] = collections.Counter()


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_synthetic_phh(seed):
    _run(SYNTHETIC, seed, SYNTHETIC_COUNTS)


def test_fuzz_synthetic_phh_report():
    # Runs after the fuzz test above (file order): the counts it gathered.
    if SYNTHETIC_COUNTS["inputs"]:
        _report("PHH fuzz (synthetic)", SYNTHETIC_COUNTS)
        assert SYNTHETIC_COUNTS["result"] + SYNTHETIC_COUNTS["error"] == SYNTHETIC_COUNTS["inputs"]


SAMPLE_COUNTS: collections.Counter[str] = collections.Counter()


@pytest.mark.skipif(not SAMPLE_TEXTS, reason="shared/phh-sample is absent")
@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_sample_phh(seed):
    _run(SAMPLE_TEXTS, seed, SAMPLE_COUNTS)


@pytest.mark.slow
@SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_phh_slow(seed):
    _run(SYNTHETIC + SAMPLE_TEXTS, seed, collections.Counter())


CLI_SETTINGS = settings(FAST, max_examples=40)


@CLI_SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_replay_command(seed, tmp_path_factory):
    """Through the CLI: exit 0, or exit 1 with one 'Error: FILE: ...' line; never a traceback."""
    rng = random.Random(seed)
    text = _mutate(rng.choice(SYNTHETIC + SAMPLE_TEXTS), rng)
    path = tmp_path_factory.mktemp("fuzz") / "hand.phh"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code in (0, 1), result.output
    if result.exit_code == 1:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"Error: {path}"), result.stderr
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), repr(result.exception)


def test_synthetic_texts_cover_every_variant():
    # Guards the generator: every variant is represented.
    variants = {read_phh(text).variant for text in SYNTHETIC}
    assert variants == {variant.phh_code for variant in GAMES.values()}
