"""Repeated exact calls answered from their kept answer: the same answer, never a stale one."""

from __future__ import annotations

import numpy as np
import pytest

from showdown.cards import as_card_array
from showdown.equity import api, call_cache, equity
from showdown.equity.exact import driver as exact_module

#: ``equity()`` without the kept answers: every call parsed, checked and run.
fresh = api.equity.__wrapped__


def same_result(kept, computed) -> None:
    """Every number and label a user can read is the same."""
    assert type(kept) is type(computed)
    for name in ("players", "game", "board", "dead", "exact", "hilo", "seed", "note", "trials"):
        assert getattr(kept, name) == getattr(computed, name), name
    for name in ("equity", "stderr", "categories", "share_counts", *computed.column_names):
        np.testing.assert_array_equal(getattr(kept, name), getattr(computed, name), err_msg=name)
    count_names = ("scoop_count", "split_count") if computed.hilo else ("win_count", "tie_count")
    for name in count_names:
        np.testing.assert_array_equal(getattr(kept, name), getattr(computed, name), err_msg=name)
    assert kept.to_dict() == computed.to_dict()
    assert repr(kept) == repr(computed)


@pytest.fixture(autouse=True)
def _nothing_kept_between_tests():
    call_cache.clear()
    yield
    call_cache.clear()


def test_a_repeated_call_neither_parses_nor_runs_again(monkeypatch) -> None:
    first = equity(["AhKh", "QsQd"], board="2c7d9h")
    monkeypatch.setattr(api, "cached_spot", lambda *args: pytest.fail("parsed again"))
    monkeypatch.setattr(exact_module, "run_exact", lambda *args, **kw: pytest.fail("ran again"))
    again = equity(["AhKh", "QsQd"], board="2c7d9h")
    assert again is not first
    same_result(again, first)
    assert again.equity[0] == pytest.approx(280 / 990, abs=1e-12)


SPOTS = [
    (["AhKh", "QsQd"], {"board": "2c7d9h"}),
    (["AhKh", "QsQd"], {}),  # the heads-up preflop table
    (["AhKh", "QsQd"], {"use_tables": False}),  # the same spot, computed
    (["QQ+, AKs:0.5", "JJ-99, AQs"], {"board": "Kd7c2h", "exact": True}),
    (["AhKh", "random", "QQ"], {"board": "Ks8d4c2h", "dead": "3s"}),
    (["As2s3hKh", "KdKcQdJc"], {"board": "4h5c9d", "game": "omaha-hilo"}),
    (["AsAhKd2c7d3h", "QcQdJs3s5c9h"], {"game": "stud-hilo"}),
    (["AsKsQsJs2c/2c", "AhAd7c7d9s"], {"game": "draw", "dead": "2d3d4d5d6d7h8h9hTh"}),
]


@pytest.mark.parametrize(("players", "options"), SPOTS, ids=lambda value: str(value))
def test_a_kept_answer_is_exactly_the_computed_one(players, options) -> None:
    first = equity(players, **options)
    assert first.exact
    again = equity(players, **options)
    same_result(again, first)
    same_result(again, fresh(players, **options))


def test_changing_any_input_gives_that_input_s_answer() -> None:
    base = (["AhKh", "QsQd"], {"board": "2c7d9h"})
    variants = [
        base,
        (["AhKs", "QsQd"], {"board": "2c7d9h"}),  # a card
        (["QsQd", "AhKh"], {"board": "2c7d9h"}),  # the order of the players
        (["AhKh", "QsQd"], {"board": "2c7d9hTs"}),  # the board
        (["AhKh", "QsQd"], {"board": "2c7d9h", "dead": "Ts"}),  # dead cards
        (["AhKh", "QsQd", "JJ"], {"board": "2c7d9h"}),  # another player
        (["AhKh", "QQ"], {"board": "2c7d9h"}),  # a range
        (["AhKh", "QQ:0.5, 22"], {"board": "2c7d9h"}),  # weights
        (["AhKh", "QQ:0.25, 22"], {"board": "2c7d9h"}),
        (["Ah2hQdJd", "QsQcTs9s"], {"board": "2c5d7h", "game": "omaha"}),  # the game
        (["Ah2hQdJd", "QsQcTs9s"], {"board": "2c5d7h", "game": "omaha-hilo"}),
        (["AhKh", "QsQd"], {"board": "2c7d9h", "exact": True, "threads": 2}),  # options
    ]
    seen = set()
    for players, options in [*variants, *variants]:  # twice: the second pass from kept answers
        result = equity(players, **options)
        same_result(result, fresh(players, **options))
        seen.add(tuple(result.equity.round(12)))
    assert len(seen) >= len(variants) - 1  # options change no answer, every spot its own


def test_a_card_array_changed_in_place_is_not_answered_from_its_old_cards() -> None:
    hand = as_card_array("AhKh")
    board = as_card_array("2c7d9h")
    before = equity([hand, "QsQd"], board=board)
    hand[:] = as_card_array("AsKs")
    after = equity([hand, "QsQd"], board=board)
    same_result(after, fresh([as_card_array("AsKs"), "QsQd"], board=as_card_array("2c7d9h")))
    assert after.equity[0] != before.equity[0]
    board[:] = as_card_array("2s7s9h")
    flush_draw = equity([hand, "QsQd"], board=board)
    same_result(flush_draw, fresh(["AsKs", "QsQd"], board="2s7s9h"))
    assert flush_draw.equity[0] != after.equity[0]


def test_a_result_changed_by_its_user_changes_no_later_answer() -> None:
    first = equity(["AhKh", "QsQd"], board="2c7d9h")
    second = equity(["AhKh", "QsQd"], board="2c7d9h")
    for result in (first, second):
        result.equity[:] = 0.0
        result.share_counts[...] = 7
        result.players.append("nobody")
    again = equity(["AhKh", "QsQd"], board="2c7d9h")
    same_result(again, fresh(["AhKh", "QsQd"], board="2c7d9h"))


def test_an_input_of_another_type_is_another_call() -> None:
    # 1 == True and hash alike, but threads=True is refused: a kept answer for
    # threads=1 must not answer it.
    equity(["AhKh", "QsQd"], board="2c7d9h", threads=1)
    with pytest.raises(ValueError, match="threads"):
        equity(["AhKh", "QsQd"], board="2c7d9h", threads=True)
    equity(["AhKh", "QsQd"], board="2c7d9h", seed=1)
    with pytest.raises(ValueError, match="seed"):
        equity(["AhKh", "QsQd"], board="2c7d9h", seed=True)


def test_refused_calls_are_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(ValueError, match="Qs1d"):
            equity(["AhKh", "Qs1d"], board="2c7d9h")
        with pytest.raises(ValueError, match="board"):
            equity(["AhKh", "QsQd"], board="2c7d9h2c")
    assert not call_cache._entries


def test_what_is_never_kept() -> None:
    calls: list[tuple[int, int]] = []
    for _ in range(2):  # a progress callable hears every call, to its end
        equity(["AhKh", "QsQd"], board="2c7d9h", progress=lambda *done: calls.append(done))
    assert len([done for done, total in calls if done == total]) >= 2
    first = equity(["AhKh", "QsQd"], board="2c7d9h", samples=10_000, seed=3)
    again = equity(["AhKh", "QsQd"], board="2c7d9h", samples=10_000, seed=3)
    assert not first.exact and again.seed == 3
    same_result(again, first)  # the same seed samples the same deals: equal, not kept
    equity(["AhKh", "QQ"], board="2c7d9h", combos=True)
    equity([["Ah", "Kh"], "QsQd"], board="2c7d9h")  # cards as a list: never a key
    assert not call_cache._entries


def test_the_oldest_answers_go_first(monkeypatch) -> None:
    monkeypatch.setattr(call_cache, "MAX_ENTRIES", 2)
    for board in ("2c7d9h", "2c7d9s", "2c7d9d"):
        equity(["AhKh", "QsQd"], board=board)
    assert len(call_cache._entries) == 2
    same_result(equity(["AhKh", "QsQd"], board="2c7d9h"), fresh(["AhKh", "QsQd"], board="2c7d9h"))
