"""One vocabulary of game names: the registry and every entry point that reads it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from showdown import equity
from showdown.cards import RANDOM_WORDS, parse_hand_or_range, parse_range
from showdown.cli.main import main
from showdown.equity import GAMES as EQUITY_GAMES
from showdown.equity import get_game
from showdown.games import (
    ALIASES,
    HAND_TYPES,
    PLAY_GAMES,
    canonical_name,
    find_game,
    hand_type,
    known_games,
    play_game,
)
from showdown.simulator import GAMES as VARIANTS
from showdown.simulator import VARIANTS_BY_PHH_CODE, get_variant

PHH_CODES = [game.phh_code for game in PLAY_GAMES.values()]
ALL_NAMES = [*HAND_TYPES, *PLAY_GAMES, *ALIASES, *PHH_CODES]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_registry_imports_nothing_heavy():
    # A leaf: cards, equity, the simulator and `--help` all read it for free.
    code = (
        "import sys, showdown.games; "
        "loaded = sorted(m for m in sys.modules if m.startswith(('showdown', 'numpy', 'numba'))); "
        "print(loaded)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # showdown.errors is the other leaf (typed input errors, standard library only).
    assert done.stdout.strip() == "['showdown', 'showdown.errors', 'showdown.games']"


def test_every_name_works_in_equity_and_in_the_simulator():
    for name in ALL_NAMES:
        found = find_game(name)
        assert get_game(name).name == found.hand_type == hand_type(name).name
        if found.play is not None:
            assert get_variant(name).name == found.play == play_game(name).name
        else:
            with pytest.raises(ValueError, match="the simulator does not play"):
                get_variant(name)


def test_a_hand_type_plays_at_its_usual_betting_structure():
    usual = {name: find_game(name).play for name in HAND_TYPES}
    assert usual == {
        "holdem": "nlhe",
        "omaha": "plo",
        "omaha5": None,
        "omaha6": None,
        "omaha-hilo": "plo8",
        "omaha5-hilo": None,
        "omaha6-hilo": None,
        "stud": "stud",
        "stud-hilo": "stud8",
        "draw": "draw",
        "shortdeck": "nlsd",
    }
    for name, play in usual.items():
        if play is not None:
            assert PLAY_GAMES[play].betting == HAND_TYPES[name].betting


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Hold'em", "holdem"),
        ("TEXAS_HOLDEM", "holdem"),
        ("texas hold\u2019em", "holdem"),
        ("Omaha Hi-Lo", "omaha-hilo"),
        ("omaha_hilo", "omaha-hilo"),
        ("omahahilo", "omaha-hilo"),
        ("omaha-8", "omaha-hilo"),
        ("Stud Hi Lo", "stud-hilo"),
        ("stud-8", "stud8"),
        ("PLO 8", "plo8"),
        ("fo/8", "flo8"),
        ("F7S/8", "stud8"),
        (" nlhe ", "nlhe"),
    ],
)
def test_spellings(typed: str, canonical: str):
    assert canonical_name(typed) == canonical


def test_the_simulator_and_equity_agree_with_the_registry():
    assert list(EQUITY_GAMES) == list(HAND_TYPES)
    assert list(VARIANTS) == list(PLAY_GAMES)
    for name, game in PLAY_GAMES.items():
        variant, hand = VARIANTS[name], HAND_TYPES[game.hand_type]
        assert variant.betting == game.betting and variant.title == game.title
        assert variant.phh_code == game.phh_code and VARIANTS_BY_PHH_CODE[game.phh_code] is variant
        # One attribute name for hi-lo in both engines.
        assert variant.hilo == hand.hilo == EQUITY_GAMES[hand.name].hilo
        assert all(kind.startswith("omaha") == hand.omaha for kind in variant.hands)
        if hand.kind == "board":
            assert variant.streets[0].down == hand.cards == EQUITY_GAMES[hand.name].hole_size
        else:
            assert variant.hole_cards == hand.cards


def test_variant_hi_lo_is_a_deprecated_alias_of_hilo():
    with pytest.warns(DeprecationWarning, match="Variant.hilo"):
        assert VARIANTS["plo8"].hi_lo is True
    with pytest.warns(DeprecationWarning):
        assert VARIANTS["nlhe"].hi_lo is False


@pytest.mark.parametrize(
    "entry",
    [
        get_game,
        get_variant,
        lambda name: equity(["AsKs", "QQ"], game=name),
    ],
    ids=["get_game", "get_variant", "equity"],
)
def test_an_unknown_name_gets_suggestions_and_the_full_list(entry):
    with pytest.raises(ValueError) as caught:
        entry("omha")
    message = str(caught.value)
    assert message.startswith("game: unknown game 'omha' (did you mean 'omaha'")
    listed = message.split("known games: ", 1)[1]
    for name in ALL_NAMES:
        assert name in listed, name
    with pytest.raises(ValueError, match=r"unknown game 'chess'; known games: holdem \("):
        entry("chess")  # nothing close: no suggestion
    with pytest.raises(ValueError, match="game: expected a game name, got 5"):
        entry(5)


def test_known_games_lists_aliases_with_their_game():
    text = known_games()
    assert "omaha-hilo (omaha8, omaha4-hilo)" in text
    assert "flhe (flh, lhe, limit-holdem, fixed-limit-holdem)" in text


# --- the command line -----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["equity", "simulate"])
def test_cli_unknown_game_names_the_option_and_suggests(command: str):
    args = ["AsKs", "QQ"] if command == "equity" else ["--hands", "5"]
    code, out, err = run(command, *args, "--game", "stdu")
    assert code == 1 and out == ""
    assert err.startswith("Error: --game: unknown game 'stdu' (did you mean 'stud'")
    assert "big-o" in err  # the full list, aliases included


def test_cli_every_command_accepts_every_kind_of_name():
    code, out, err = run("equity", "AsKs", "QQ", "--board", "Kd7c2h", "--game", "nlhe")
    assert code == 0, err
    assert out.startswith("holdem, board Kd7c2h: exact")
    code, out, err = run("simulate", "--game", "holdem", "--hands", "6", "--seed", "1")
    assert code == 0, err
    assert out.startswith("nlhe: ")
    code, out, err = run("simulate", "--game", "Stud Hi-Lo", "--hands", "6", "--seed", "1")
    assert code == 0, err
    assert out.startswith("stud8: ")
    code, out, err = run("simulate", "--game", "omaha5", "--hands", "6")
    assert code == 1 and "Error: --game: the simulator does not play 5-card Omaha" in err


def test_help_texts_use_the_registry():
    equity_help = run("equity", "--help")[1]
    simulate_help = run("simulate", "--help")[1]
    replay_help = run("replay", "--help")[1]
    flat = [" ".join(text.split()) for text in (equity_help, simulate_help)]
    for name in HAND_TYPES:
        assert name in flat[0]
    for name in PLAY_GAMES:
        assert name in flat[1]
    for code in PHH_CODES:
        assert code in replay_help


# --- the words for a random hand ------------------------------------------------------------


@pytest.mark.parametrize("word", [*sorted(RANDOM_WORDS), "Random", " ANY "])
def test_every_random_word_works_in_every_game(word: str):
    assert parse_range(word).is_random
    assert parse_hand_or_range(word, 4).is_random
    for game, hand in [("holdem", "AsKs"), ("omaha", "AsKsQsJs"), ("stud", "AsKsQs")]:
        result = equity([hand, word], game=game, samples=200, seed=1)
        assert result.players[1] == "random"
    result = equity(["AsKsQsJs2c", word], game="draw", samples=200, seed=1)
    assert result.players[1] == "random"
    code, out, err = run("equity", "AsKsQsJs2c", word, "--game", "draw", "--samples", "100")
    assert code == 0, err
    assert "random" in out
