"""The one action vocabulary: names, PHH codes, compiled kinds, aliases and ``HandState.act``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from showdown.simulator import Action, HandState, IllegalActionError, Stakes, Table
from showdown.simulator.compiled import layout
from showdown.simulator.hand.actions import ACTION_NAMES, PHH_ACTIONS, PHH_CODES
from showdown.simulator.phh import read_phh, replay, write_phh

SIMULATOR = Path(__file__).resolve().parents[2] / "src" / "showdown" / "simulator"

#: The vocabulary as the PHH specification and the compiled layout define it, written out
#: by hand: name -> (PHH code, name of the layout constant of its recorded kind, aliases).
EXPECTED = {
    "fold": ("f", "FOLD", ()),
    "check": ("cc", "CHECK_CALL", ()),
    "call": ("cc", "CHECK_CALL", ("check_call",)),
    "bet": ("cbr", "BET_RAISE", ()),
    "raise": ("cbr", "BET_RAISE", ("bet_raise_to",)),
    "bring_in": ("pb", "BRING_IN", ()),
    "complete": ("cbr", "BET_RAISE", ()),
    "discard": ("sd", "DISCARD", ()),
    "show": ("sm", None, ()),
    "muck": ("sm", None, ()),
    "time_out": (None, None, ()),
    "deal_hole": ("dh", None, ()),
    "deal_board": ("db", None, ()),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_action_round_trips_name_phh_code_and_compiled_kind(name):
    phh, constant, aliases = EXPECTED[name]
    action = Action(name)
    assert action == name and action.value == name and f"{action}" == name == str(action)
    assert action.phh == phh and action.aliases == aliases
    assert Action.parse(name) is action and ACTION_NAMES[name] is action
    for alias in aliases:
        assert Action(alias) is action and Action.parse(alias) is action
    if phh is None:
        assert action not in PHH_CODES
    else:
        general = Action.from_phh(phh)
        assert general.phh == phh and PHH_CODES[action] == phh
        # The general action of a code is the one the code reads back as.
        assert Action.from_phh(general.phh) is general
    if constant is None:
        assert action.compiled_code is None
    else:
        code = getattr(layout, constant)
        assert action.compiled_code == code
        general = Action.from_compiled(code)
        assert general.compiled_code == code and general.phh == phh


def test_the_vocabulary_covers_every_phh_code_and_recorded_kind():
    assert {member.value for member in Action} == set(EXPECTED)
    assert set(PHH_ACTIONS) == {"f", "cc", "cbr", "pb", "sd", "sm", "dh", "db"}
    kinds = {layout.FOLD, layout.CHECK_CALL, layout.BET_RAISE, layout.BRING_IN, layout.DISCARD}
    assert {Action.from_compiled(kind).compiled_code for kind in kinds} == kinds
    assert Action.from_phh("cc") is Action.CALL and Action.from_phh("cbr") is Action.RAISE
    with pytest.raises(ValueError, match="unknown PHH action code 'xx'"):
        Action.from_phh("xx")
    with pytest.raises(ValueError, match="unknown recorded action kind 99"):
        Action.from_compiled(99)


# ----------------------------------------------------------------------------- one spelling

#: Words the scan finds that mean something else in a module: ``(module, word): meaning``.
OTHER_MEANINGS = {
    ("agents.py", "call"): "the calling station's agent name",
    ("compiled/prepare.py", "call"): "the calling station's agent name",
    ("hand/view.py", "call"): "the LegalActions field",
    ("hand/base.py", "complete"): "the status of a finished hand",
    ("rules.py", "bring_in"): "a street's opener (rules.Opener)",
    ("hand/betting.py", "bring_in"): "a street's opener (rules.Opener)",
    ("compiled/prepare.py", "bring_in"): "a street's opener (rules.Opener)",
    ("phh/history.py", "bring_in"): "the PHH field and Stakes attribute",
    ("phh/write.py", "bring_in"): "the PHH field and Stakes attribute",
    ("session.py", "bring_in"): "the Stakes attribute",
}


def _docstrings(tree: ast.Module) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def test_no_simulator_module_spells_an_action_outside_the_vocabulary():
    """Action names, aliases and PHH codes are spelled in ``hand/actions.py`` only.

    The scan reads every module of the simulator package except the vocabulary
    itself and the ``*_kernels.py`` files (numba code sees integer kinds only, from
    ``compiled/layout.py``) and reports each string literal equal to an action
    name, an alias or a PHH code. Docstrings (documentation, checked as doctests)
    and pieces of f-strings (message text) do not count. A few words name other
    things in some modules (an agent called ``"call"``, the status
    ``"complete"``, the stake ``bring_in``): :data:`OTHER_MEANINGS` lists each with
    its module and meaning, and a listed pair no longer found fails too, so the list
    cannot go stale.
    """
    words = set(ACTION_NAMES) | set(PHH_ACTIONS)
    found: dict[tuple[str, str], list[int]] = {}
    modules = sorted(SIMULATOR.rglob("*.py"))
    assert len(modules) > 30  # the scan sees the package
    for path in modules:
        module = path.relative_to(SIMULATOR).as_posix()
        if module == "hand/actions.py" or path.name.endswith("_kernels.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                skipped.update(id(piece) for piece in node.values)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value in words
                and id(node) not in skipped
            ):
                found.setdefault((module, node.value), []).append(node.lineno)
    spelled = {key: lines for key, lines in found.items() if key not in OTHER_MEANINGS}
    assert not spelled, f"spell these through showdown.simulator.hand.actions: {spelled}"
    assert set(OTHER_MEANINGS) <= set(found), set(OTHER_MEANINGS) - set(found)


def test_the_scan_would_see_a_spelled_action():
    tree = ast.parse('def f(hand):\n    """Folds."""\n    return "fold" if hand else "cc"\n')
    words = set(ACTION_NAMES) | set(PHH_ACTIONS)
    skipped = _docstrings(tree)
    seen = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in words and id(node) not in skipped
    ]
    assert sorted(seen) == ["cc", "fold"]


# ----------------------------------------------------------------------------- act()


def _hold_em() -> HandState:
    return HandState("nlhe", Stakes.blinds(1, 2), [100, 100, 100], seed=5)


def _same(first: HandState, second: HandState) -> None:
    assert (first.stacks, first.bets, first.folded, first.actor, first.status, first.log) == (
        second.stacks, second.bets, second.folded, second.actor, second.status, second.log,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("name", "amount", "method"),
    [
        ("fold", None, lambda hand: hand.fold()),
        ("call", None, lambda hand: hand.check_call()),
        ("check_call", None, lambda hand: hand.check_call()),
        (Action.CALL, None, lambda hand: hand.check_call()),
        ("bet", 8, lambda hand: hand.bet_raise_to(8)),
        ("raise", 8, lambda hand: hand.bet_raise_to(8)),
        ("bet_raise_to", 8, lambda hand: hand.bet_raise_to(8)),
        (Action.RAISE, 8, lambda hand: hand.bet_raise_to(8)),
        ("time_out", None, lambda hand: hand.fold()),  # facing the big blind: a fold
    ],
)
def test_act_by_every_name_and_alias_does_what_the_method_does(name, amount, method):
    by_name, by_method = _hold_em(), _hold_em()
    by_name.act(name, amount)
    method(by_method)
    _same(by_name, by_method)


def test_act_check_checks_only_when_free():
    hand = _hold_em()
    with pytest.raises(IllegalActionError, match="check: there is a bet to call"):
        hand.act("check")
    hand.act("call"), hand.act(Action.CALL)
    twin = _hold_em()
    for _ in range(3):
        twin.check_call()
    hand.act("check")  # the big blind checks its option
    _same(hand, twin)


@pytest.mark.parametrize("name", ["bet", "raise", "bet_raise_to", Action.BET])
def test_act_bet_without_an_amount_is_an_error(name):
    with pytest.raises(IllegalActionError, match=f"{name}: needs an amount"):
        _hold_em().act(name)


@pytest.mark.parametrize("name", ["jam", "", "FOLD", 3, None, ["fold"]])
def test_act_with_an_unknown_name_lists_the_known_ones(name):
    with pytest.raises(IllegalActionError, match="act: unknown action") as caught:
        _hold_em().act(name)  # type: ignore[arg-type]
    message = str(caught.value)
    assert all(known in message for known in ACTION_NAMES)


@pytest.mark.parametrize("name", ["deal_hole", "deal_board", Action.DEAL_BOARD])
def test_act_refuses_dealing_actions(name):
    with pytest.raises(IllegalActionError, match="is a dealing action"):
        _hold_em().act(name)


def test_act_bring_in_and_complete_in_stud():
    stakes = Stakes.stud(1, 2, 5)
    for name, method in (("bring_in", "bring_in"), ("complete", "complete")):
        by_name = HandState("stud", stakes, [100, 100, 100], seed=3)
        by_method = HandState("stud", stakes, [100, 100, 100], seed=3)
        by_name.act(name)
        getattr(by_method, method)()
        _same(by_name, by_method)
        assert by_name.log[-1][0] == Action(name).phh


def test_act_discard_does_what_the_method_does():
    by_name, by_method = (HandState("draw", Stakes.blinds(1, 2), [100, 100], seed=4) for _ in "ab")
    while by_name.status == "betting":
        by_name.act("check_call"), by_method.check_call()
    seat = by_name.actor
    held = by_name.hole_cards[seat][:2]
    by_name.act("discard", cards=held)
    by_method.discard(held)
    _same(by_name, by_method)
    assert (Action.DISCARD.phh, seat, tuple(held)) in by_name.log


def test_act_show_and_muck_do_what_the_methods_do():
    used = set()
    for seed in range(6):
        by_name, by_method = (
            HandState("nlhe", Stakes.blinds(1, 2), [100] * 3, seed=seed, manual_showdown=True)
            for _ in "ab"
        )
        while by_name.status == "betting":
            by_name.act(Action.CALL), by_method.check_call()
        while by_name.status == "showdown":
            name = "muck" if by_name.legal_actions().muck else "show"
            used.add(name)
            by_name.act(name)
            getattr(by_method, name)()
        assert by_name.status == "complete"
        _same(by_name, by_method)
    assert used == {"show", "muck"}


def test_a_table_agent_may_return_any_name_alias_or_member():
    def aliases(hand, seat):
        return "check_call" if hand.to_call else Action.CHECK

    table = Table("nlhe", [aliases, aliases], Stakes.blinds(1, 2), starting_stack=100, seed=1)
    for _ in range(3):
        hand = table.play_hand()
        assert hand.status == "complete" and not any(hand.folded)
    assert sum(table.counts["calls"]) == 3 and sum(table.counts["checks"]) > 0


def test_a_table_agent_returning_a_bet_without_amount_gets_a_clear_error():
    agents = [lambda hand, seat: "raise", lambda hand, seat: "raise"]
    table = Table("nlhe", agents, Stakes.blinds(1, 2), starting_stack=100, seed=1)
    with pytest.raises(IllegalActionError, match="raise: return the raise-to total as an int"):
        table.play_hand()


def test_written_histories_replay_through_the_vocabulary():
    hand = HandState("stud", Stakes.stud(1, 2, 5), [100, 100, 100], seed=8)
    hand.act(Action.BRING_IN)
    while hand.status != "complete":
        hand.act(Action.CALL)
    text = write_phh(hand)
    assert "pb" in text and "cc" in text
    assert replay(read_phh(text), strict=True).stacks == hand.stacks
