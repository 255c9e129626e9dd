"""Open Hand History five-card draw at no and pot limit (``bet_type`` ``NL``/``PL``): read
as ``N5D``/``P5D`` from the registry's codes, blinds in PHH's order, replayed to the files'
stacks (the rake paid back: the engine takes none)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from showdown.history.ohh import ohh_hands
from showdown.history.replayed import hand_facts
from showdown.simulator.phh import HandHistory, read_phh, replay, write_phh

ITEMS = json.loads((Path(__file__).parent / "data" / "ohh_stud_draw.json").read_text())


@pytest.mark.parametrize(("bet_type", "code"), [("NL", "N5D"), ("PL", "P5D")])
def test_draw_hands_at_no_and_pot_limit_read_replay_and_analyse(bet_type, code):
    draws = [json.loads(json.dumps(i)) for i in ITEMS if i["ohh"]["game_type"] == "Draw"]
    for item in draws:
        item["ohh"]["bet_limit"]["bet_type"] = bet_type
    read = [h for _, h in ohh_hands("\n".join(json.dumps(i) for i in draws))]
    assert all(isinstance(h, HandHistory) for h in read) and len(read) == 2
    cash, heads_up = read
    assert cash.variant == heads_up.variant == code
    assert cash.min_bet == 0.25 and cash.small_bet is None
    # Heads-up the button posts the small blind; a blind game lists them as hold'em does.
    assert heads_up.blinds_or_straddles == [10, 20] and heads_up.players == ["Eve", "Fay"]
    assert replay(heads_up, strict=True).stacks == [0, 1555]
    for history in read:
        assert read_phh(write_phh(history)) == history
        state = replay(history, odd_chips="exact")
        start, finish = (
            [Fraction(str(v)) for v in values]
            for values in (history.starting_stacks, history.finishing_stacks)
        )
        rake = Fraction(str(history.extra["_rake"]))
        assert sum(Fraction(v) for v in state.final_stacks) == sum(finish) + rake
        facts = hand_facts(history)
        assert [Fraction(n, facts.scale) for n in facts.net] == [
            f - s for f, s in zip(finish, start, strict=True)
        ]
