"""The light pass gives the full replay's facts, or leaves the hand to it.

Oracle: :func:`showdown.history.replayed.hand_facts` (the simulator's rule-checked
replay). On every hand: ``light_facts`` is ``None`` or equal to it field by
field; when the replay refuses the hand, it is ``None`` or refuses it with the
same message.
"""

from __future__ import annotations

import dataclasses
import random
import warnings

import pytest

import showdown
from showdown.history import hands
from showdown.history.ledger import light_facts
from showdown.history.parse import parse_hand
from showdown.history.replayed import hand_facts
from showdown.simulator.phh import HandHistory, read_phh, replay, write_phh

from .helpers import DATASET, SHARED, phh


def _compare(history: HandHistory) -> str:
    """``"light"``, ``"full"`` (left to the replay) or ``"refused"``; fails on a difference."""
    try:
        light = light_facts(history)
    except ValueError as error:
        light = error
    try:
        full = hand_facts(history)
    except ValueError as error:
        # Refused by the replay: left to it, or refused with the same message.
        assert light is None or str(light) == str(error), (history.source, error, light)
        return "refused"
    assert not isinstance(light, ValueError), (history.source, light)
    if light is None:
        return "full"
    for item in dataclasses.fields(full):
        name = item.name
        assert getattr(light, name) == getattr(full, name), (history.source, name)
    return "light"


def _read_all(path) -> list[HandHistory]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(hands(path))


@pytest.mark.skipif(not DATASET.is_dir(), reason="the PHH dataset sample is not present")
def test_dataset_sample_hands_are_the_same_and_all_light():
    outcomes = [_compare(history) for history in _read_all(DATASET)]
    # Every hand the replay takes, the light pass takes too (refused ones: same message).
    assert "full" not in outcomes and outcomes.count("light") > 100


@pytest.mark.skipif(not (SHARED / "phh-sample").is_dir(), reason="the PHH sample is not present")
def test_phh_sample_hands_are_the_same():
    outcomes = [_compare(history) for history in _read_all(SHARED / "phh-sample")]
    assert outcomes.count("light") > 20


def _with_winnings(history: HandHistory) -> HandHistory:
    """The history with the replay's winnings logged (so showdowns go light too)."""
    state = replay(history)
    # replay() seats are the history's positions (p1 is seat 0).
    extra = dict(history.extra, winnings=[int(w) for w in state.winnings])
    return dataclasses.replace(history, extra=extra)


@pytest.mark.parametrize("game", ["nlhe", "plhe", "flhe", "plo", "flo8", "plo8"])
@pytest.mark.parametrize("stack", [8, 200])
def test_simulated_hands_are_the_same(game, stack):
    simulated = showdown.simulate(
        game, ["random", "call", "random", "strength"], hands=60, seed=stack, engine="python",
        starting_stack=stack, record_histories=True,
    )  # fmt: skip
    outcomes = []
    for text in simulated.histories:
        history = read_phh(text)
        outcomes.append(_compare(history))
        outcomes.append(_compare(_with_winnings(history)))
    # Every hand takes the light pass: showdowns with no winnings logged are paid by
    # the simulator's settlement, and compared with the full replay's payout above.
    assert outcomes == ["light"] * len(outcomes)


def _mutations(history: HandHistory, rng: random.Random) -> list[HandHistory]:
    """Histories a few edits away: most break a rule, some stay legal."""
    actions = history.actions
    changed = []
    for _ in range(8):
        edited = list(actions)
        kind = rng.randrange(6)
        index = rng.randrange(len(edited))
        if kind == 0:
            del edited[index]
        elif kind == 1 and index + 1 < len(edited):
            edited[index], edited[index + 1] = edited[index + 1], edited[index]
        elif kind == 2:
            edited.insert(index, edited[rng.randrange(len(edited))])
        elif kind == 3 and " cbr " in edited[index]:
            amount = float(edited[index].rsplit(" ", 1)[1])
            new = rng.choice([amount + 1, amount - 1, amount * 2, amount / 2, 0.5, 10**9])
            edited[index] = edited[index].rsplit(" ", 1)[0] + f" {new:g}"
        elif kind == 4:
            player = f"p{rng.randrange(1, 8)}"
            edited[index] = " ".join([player, *edited[index].split()[1:]])
        elif kind == 5:
            edited.append(rng.choice(["p1 f", "p2 cc", "p1 cbr 50", "d db 2c", "p3 sm ????"]))
        changed.append(dataclasses.replace(history, actions=edited))
    return changed


def test_edited_histories_are_never_taken_differently():
    rng = random.Random(7)
    simulated = showdown.simulate(
        "nlhe", ["random", "call", "strength"], hands=40, seed=5, engine="python",
        starting_stack=30, record_histories=True,
    )  # fmt: skip
    outcomes = []
    for text in simulated.histories:
        history = _with_winnings(read_phh(text))
        for edited in _mutations(history, rng):
            outcomes.append(_compare(edited))
    assert outcomes.count("refused") > 50 and outcomes.count("light") > 10


@pytest.mark.parametrize(
    ("actions", "stacks", "variant"),
    [
        # An all-in blind, a short all-in raise that does not reopen, a raise after it.
        (["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 3", "p1 cbr 10",
          "p2 cc", "p3 cc", "d db 2c3c4c", "d db 5d", "d db 9h"], [10, 1.5, 40], "NT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 cbr 18", "p2 cc", "d db 2c3c4c",
          "p1 cbr 20", "p2 f"], [100, 100], "PT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10",
          "p2 cc", "d db 2c3c4c", "p1 cc", "p2 cc", "d db 5d", "p1 cbr 4", "p2 f"],
         [100, 100], "FT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cbr 3", "p1 f"], [100, 100], "NT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cbr 3", "p1 f", "p2 cc"], [100, 100], "NT"),
        (["d dh p1 ????", "d dh p1 ????", "p2 f"], [100, 100], "NT"),
        (["d dh p1 AsAd", "d dh p2 AsKd", "p2 f"], [100, 100], "NT"),
        (["d dh p1 ????", "d dh p2 ????", "p1 f"], [100, 100], "NT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cbr 2.5", "p1 f"], [100, 100], "NT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cbr 1e1", "p1 f"], [100, 100], "NT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cbr inf", "p1 f"], [100, 100], "NT"),
        (["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c3c4c"], [100, 100], "NT"),
    ],
)  # fmt: skip
def test_hand_written_cases(actions, stacks, variant):
    history, _ = parse_hand(phh(actions, stacks, variant=variant), "PHH text")
    _compare(history)
    _compare(dataclasses.replace(history, extra={"winnings": [0, 1] + [0] * (len(stacks) - 2)}))


def test_a_history_written_back_is_the_same_hand():
    simulated = showdown.simulate("plo8", ["random", "call"], hands=5, seed=2, engine="python",
                                  record_histories=True)  # fmt: skip
    for text in simulated.histories:
        history = read_phh(text)
        again = read_phh(write_phh(history))
        assert _compare(history) == _compare(again)
