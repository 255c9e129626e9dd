"""A seed identifies the hands: the same cards and results with or without hand histories,
on either engine, whatever the agents decide.

Every hand's cards come from the seed, the number of tables, its table and its number at
that table (``compiled.cards``). Recording histories must not change the engine or any
result; the Python engine must deal every hand the cards the compiled engine deals, so
agents deciding from their cards alone (calling stations, hand-strength agents, a custom
calling function) get identical results on both engines.
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from showdown.cards import format_card, parse_cards
from showdown.simulator import SimulationResult, read_phh, replay, simulate
from showdown.simulator import compiled as compiled_module
from showdown.simulator.compiled.cards import HandCards, table_streams

#: One game of each compiled family (and hi-lo, and the draw at nine seats, where the
#: deck runs out and the muck is reshuffled in most hands).
FAMILIES = [("nlhe", 3), ("plo8", 4), ("stud8", 5), ("draw", 9)]


def _seats(result: SimulationResult) -> list[tuple[object, ...]]:
    """Every counter of every seat (the intervals' last float digits aside)."""
    return [
        (s.agent, s.net, s.hands, s.vpip, s.pfr, s.aggression, s.folds, s.went_to_showdown,
         s.won_at_showdown, s.rebuys)
        for s in result.seats
    ]  # fmt: skip


@pytest.mark.parametrize(("game", "players"), FAMILIES)
def test_recording_histories_changes_no_result(game: str, players: int):
    agents = ["random", "strength", "call"]
    plain = simulate(game, agents, players=players, hands=600, seed=5)
    recorded = simulate(game, agents, players=players, hands=600, seed=5, record_histories=True)
    assert recorded.net == plain.net
    assert recorded.seats == plain.seats
    assert recorded.showdown_rate == plain.showdown_rate
    assert recorded.histories is not None and len(recorded.histories) == 600
    streamed: list[tuple[int, str]] = []
    simulate(
        game,
        agents,
        players=players,
        hands=600,
        seed=5,
        on_history=lambda hand, text: streamed.append((hand, text)),
    )
    # on_history saw every hand once, in the order dealt, with the kept text.
    assert [hand for hand, _ in streamed] == list(range(600))
    assert [text for _, text in streamed] == recorded.histories


@pytest.mark.parametrize(("game", "players"), FAMILIES)
def test_histories_replay_and_add_up_to_the_results(game: str, players: int):
    result = simulate(
        game, ["random", "call", "strength"], players=players, hands=300, seed=12,
        record_histories=True,
    )  # fmt: skip
    assert result.histories is not None
    won: Counter[str] = Counter()
    for text in result.histories:
        history = read_phh(text)
        assert history.finishing_stacks is not None and history.players is not None
        assert replay(history).stacks == history.finishing_stacks
        for name, start, end in zip(
            history.players, history.starting_stacks, history.finishing_stacks, strict=True
        ):
            won[name] += end - start
    # The histories are the hands that were played: per player they add up to its net.
    # (Players are named by agent, with the seat when several seats share an agent.)
    agents = [["random", "call", "strength"][seat % 3] for seat in range(players)]
    names = [f"{a}-{seat}" if agents.count(a) > 1 else a for seat, a in enumerate(agents)]
    assert [won[name] for name in names] == result.net


@pytest.mark.parametrize(("game", "players"), FAMILIES)
def test_python_engine_plays_the_compiled_engines_hands(game: str, players: int):
    # Calling stations and hand-strength agents decide from their cards alone: dealt the
    # same cards, both engines play the same hands to the same results.
    agents = ["strength", "call", "strength"]
    compiled = simulate(game, agents, players=players, hands=400, seed=3, record_hands=True)
    python = simulate(
        game, agents, players=players, hands=400, seed=3, record_hands=True, engine="python"
    )
    assert python.net == compiled.net
    assert _seats(python) == _seats(compiled)
    assert python.showdown_rate == compiled.showdown_rate
    left, right = python.hand_log, compiled.hand_log
    assert left is not None and right is not None
    width = left.cards.shape[2]
    assert np.array_equal(left.cards, right.cards[:, :, :width])
    assert (right.cards[:, :, width:] == -1).all()
    assert np.array_equal(left.board, right.board)
    assert np.array_equal(left.net, right.net)


def _discards_in_card_order(text: str) -> str:
    """A history with each discard's cards listed in card-code order (the compiled engine
    records a discard as a set of cards; a Python agent names them in its own order)."""

    def ordered(match: re.Match[str]) -> str:
        cards = sorted(parse_cards(match.group(2)).tolist())
        return match.group(1) + "".join(format_card(card) for card in cards)

    return re.sub(r"(p\d+ sd )(\w+)", ordered, text)


def test_python_engine_histories_equal_the_compiled_engines():
    # Eight seats of five-card draw: the muck is reshuffled in most hands.
    agents = ["strength", "call", "strength", "call"]
    compiled = simulate("draw", agents, players=8, hands=120, seed=4, record_histories=True)
    python = simulate(
        "draw", agents, players=8, hands=120, seed=4, record_histories=True, engine="python"
    )
    assert python.histories is not None and compiled.histories is not None
    assert [_discards_in_card_order(text) for text in python.histories] == compiled.histories


def test_custom_agents_are_dealt_the_compiled_engines_cards():
    def calls(hand, seat):  # a custom agent: the Python engine plays it
        return "call" if hand.to_call else "check"

    custom = simulate("nlhe", [calls, "call", "call"], hands=500, seed=9, record_hands=True)
    built_in = simulate("nlhe", ["call"] * 3, hands=500, seed=9, record_hands=True)
    assert custom.net == built_in.net
    assert custom.hand_log is not None and built_in.hand_log is not None
    assert np.array_equal(custom.hand_log.board, built_in.hand_log.board)


def test_decisions_do_not_change_the_cards_of_later_hands():
    # Random agents decide differently on the two engines (each engine's own stream), and
    # their hands end at different streets; every hand's pocket cards are still the same.
    agents = ["random", "random", "call"]
    compiled = simulate("nlhe", agents, hands=600, seed=2, record_hands=True)
    python = simulate("nlhe", agents, hands=600, seed=2, record_hands=True, engine="python")
    assert compiled.net != python.net
    left, right = python.hand_log, compiled.hand_log
    assert left is not None and right is not None
    assert np.array_equal(left.cards, right.cards[:, :, :2])
    # The boards dealt agree as far as both hands went.
    dealt = (left.board >= 0) & (right.board >= 0)
    assert dealt.any() and np.array_equal(left.board[dealt], right.board[dealt])


def test_a_hand_is_dealt_from_its_table_and_number():
    keys = table_streams(11, tables=4)
    decks = {
        (table, hand): tuple(HandCards(keys[1, table], hand).permutation(52).tolist())
        for table in range(4)
        for hand in range(3)
    }
    assert all(sorted(deck) == list(range(52)) for deck in decks.values())
    assert len(set(decks.values())) == 12  # every hand its own deck
    assert np.array_equal(keys, table_streams(11, tables=4))
    assert not np.array_equal(keys, table_streams(12, tables=4))


def test_histories_do_not_depend_on_threads_or_room_for_actions(monkeypatch):
    agents = ["random"] * 6
    one = simulate("plhe", agents, hands=500, seed=8, threads=1, record_histories=True)
    two = simulate("plhe", agents, hands=500, seed=8, threads=2, record_histories=True)
    # Room for 3 actions per hand: nearly every kernel call is played again with more.
    monkeypatch.setattr(compiled_module.engine, "RECORDED_ACTIONS", 3)
    tight = simulate("plhe", agents, hands=500, seed=8, threads=2, record_histories=True)
    assert one.histories == two.histories == tight.histories
    assert one.net == two.net == tight.net
    assert one.seats == two.seats == tight.seats


def test_tables_decide_the_hands():
    agents = ["strength", "call"]
    few = simulate("nlhe", agents, hands=400, seed=6, tables=4, record_hands=True)
    many = simulate("nlhe", agents, hands=400, seed=6, tables=8, record_hands=True)
    assert few.hand_log is not None and many.hand_log is not None
    # Another number of tables deals other hands; the engine does not.
    assert not np.array_equal(few.hand_log.cards, many.hand_log.cards)
    python = simulate("nlhe", agents, hands=400, seed=6, tables=8, engine="python")
    assert python.net == many.net


def test_histories_on_a_cluster_are_refused_with_a_clear_error():
    with pytest.raises(ValueError, match=r"scheduler: .*record_histories and on_history"):
        simulate("nlhe", ["call", "call"], hands=10, record_histories=True,
                 scheduler="tcp://127.0.0.1:1")  # fmt: skip


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_record_histories_and_on_history_are_checked(bad):
    with pytest.raises(ValueError, match="record_histories"):
        simulate("nlhe", ["call", "call"], hands=5, record_histories=bad)
    with pytest.raises(ValueError, match="on_history"):
        simulate("nlhe", ["call", "call"], hands=5, on_history=bad or "text")
