"""Options are keyword-only everywhere: positional parameters are what a call is
about (the players, the game and agents, the cards, a board); everything else is a keyword."""

from __future__ import annotations

import importlib
import inspect

from showdown.simulator import HandHistory, HandStrengthAgent, RandomAgent, Stakes

MODULES = [
    "showdown",
    "showdown.cards",
    "showdown.evaluator",
    "showdown.equity",
    "showdown.games",
    "showdown.simulator",
    "showdown.simulator.phh",
]

#: Optional parameters that are what the call is about, so they may be positional.
ABOUT = {
    ("evaluate", "board"),  # evaluate(hand, board), as evaluate_omaha(hole, board)
    ("evaluate_low8", "board"),
    ("evaluate_short_deck", "board"),
    ("deck", "exclude"),  # deck("AsKd"): the cards left out
    ("write_phh", "path"),  # write_phh(hand, "hand.phh")
}


def _positional_options(function: object) -> list[str]:
    signature = inspect.signature(function)  # type: ignore[arg-type]
    return [
        parameter.name
        for parameter in signature.parameters.values()
        if parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        and parameter.default is not inspect.Parameter.empty
    ]


def test_public_functions_take_options_by_keyword():
    checked = set()
    offenders = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", []):
            function = getattr(module, name)
            if not inspect.isfunction(function) or function in checked:
                continue
            checked.add(function)
            offenders += [
                f"{name}({option}=...)"
                for option in _positional_options(function)
                if (name, option) not in ABOUT
            ]
    assert len(checked) > 30  # the scan sees the public functions
    assert offenders == []


def test_stakes_agents_and_histories_take_options_by_keyword():
    callables = {
        "Stakes.blinds": Stakes.blinds,
        "Stakes.stud": Stakes.stud,
        "Stakes.antes": Stakes.antes,
        "RandomAgent": RandomAgent.__init__,
        "HandStrengthAgent": HandStrengthAgent.__init__,
        "HandHistory.create_state": HandHistory.create_state,
    }
    offenders = {name: _positional_options(f) for name, f in callables.items()}
    assert offenders == {name: [] for name in callables}
