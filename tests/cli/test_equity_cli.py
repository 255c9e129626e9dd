"""``showdown equity`` end to end: tables, JSON checked against the library, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from showdown.cli import equity_command as command_module
from showdown.cli.main import main
from showdown.equity import GAMES, equity


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["equity", *args])
    return result.exit_code, result.stdout, result.stderr


def table_rows(out: str) -> list[list[str]]:
    """The player rows of the printed table, split on whitespace."""
    lines = out.splitlines()
    assert lines[1].split()[:5] == ["player", "hand", "equity", "win", "tie"]
    return [line.split() for line in lines[2:]]


# --- tables ----------------------------------------------------------------------------------


def test_exact_flop_table_matches_reference():
    # REFERENCE.md: AhAd vs KsKc on 2c7d9h, 990 deals, 91.6162 %.
    code, out, err = run("AhAd", "KsKc", "--board", "2c7d9h")
    assert code == 0, err
    assert out.splitlines()[0] == "holdem, board 2c7d9h: exact, 990 deals"
    first, second = table_rows(out)
    assert first[:3] == ["1", "AhAd", "91.616%"]
    assert second[:3] == ["2", "KsKc", "8.384%"]


def test_range_player_and_dead_cards():
    code, out, err = run("AsKs", "QQ+", "--board", "Kd7c2h", "--dead", "2s")
    assert code == 0, err
    # 10 QQ+ combos survive card removal, times C(44, 2) turn and river cards.
    assert out.splitlines()[0] == "holdem, board Kd7c2h, dead 2s: exact, 9,460 deals"
    assert [row[1] for row in table_rows(out)] == ["AsKs", "QQ+"]


def test_sampled_run_prints_its_seed_and_repeats_with_it():
    code, out, err = run("AhKh", "QsQd", "--samples", "50000")
    assert code == 0, err
    summary = out.splitlines()[0]
    assert summary.startswith("holdem: Monte Carlo, ")
    seed = summary.rsplit("--seed ", 1)[1].rstrip(")")
    assert f"seed {seed} " in summary
    again = run("AhKh", "QsQd", "--samples", "50000", "--seed", seed)
    assert again[0] == 0
    assert again[1] == out
    rows = table_rows(out)
    assert rows[0][3].startswith("±")  # the standard error follows a sampled equity


def test_hilo_columns_and_game_alias():
    # REFERENCE.md: no low on this board, so the high hand scoops.
    spot = ("AsAh2c3c", "KhKd8s8c", "--board", "KsQdJc9h9d")
    code, out, err = run(*spot, "--game", "plo8", "--exact")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "omaha-hilo, board KsQdJc9h9d: exact, 1 deal"
    assert [cell.strip() for cell in lines[1].split("  ") if cell.strip()] == [
        "player", "hand", "equity", "scoop", "win high", "win low", "split", "high equity",
        "low equity",
    ]  # fmt: skip
    hand_rows = [line.split() for line in lines[2:]]
    assert len(hand_rows) == 2 and all(len(row) == 9 for row in hand_rows)
    assert hand_rows[0][2] == "0.000%" and hand_rows[1][2] == "100.000%"
    # The high hand scoops: it wins the high alone, nobody wins a low, nothing is split.
    assert hand_rows[1][3:] == ["100.000%", "100.000%", "0.000%", "0.000%", "100.000%", "100.000%"]


def test_hilo_columns_each_say_something_different():
    code, out, err = run("Ah2h3c4c", "Ad2d3s4s", "KcKsQhJh", "--board", "5c6d9s", "--game",
                         "omaha-hilo", "--json")  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    expected = equity(["Ah2h3c4c", "Ad2d3s4s", "KcKsQhJh"], board="5c6d9s", game="omaha-hilo")
    names = ["equity", "scoop", "win_high", "win_low", "split", "high_equity", "low_equity"]
    for row in document["players"]:
        assert [key for key in row if key in names] == names
        assert "win" not in row and "tie" not in row
        for name in names:
            assert row[name] == pytest.approx(getattr(expected, name)[row["player"] - 1])
    columns = [tuple(row[name] for row in document["players"]) for name in names]
    assert len(set(columns)) == len(columns)


@pytest.mark.parametrize(
    ("players", "game"),
    [
        (("AsAhKsKh", "JdTd9c8c", "--board", "2c7d9h3s"), "omaha"),
        (("AsAhKd", "QcQdJs", "--samples", "20000", "--seed", "1"), "stud"),
        (("AsAhKdQc7h3h", "QsQdJh9c3s5c"), "stud-hilo"),
        (("AsKsQsJs2c/2c", "KhKdKc7s6s/7s6s"), "draw"),
    ],
)
def test_every_game_family_runs(players: tuple[str, ...], game: str):
    code, out, err = run(*players, "--game", game)
    assert code == 0, err
    assert out.startswith(game)
    assert len(out.splitlines()) == 4


# --- JSON, checked against the library ---------------------------------------------------------


def test_json_exact_equals_library_result():
    code, out, err = run("QhQs", "8c7c", "random", "--board", "Jc9h2d", "--json")
    assert code == 0, err
    document = json.loads(out)
    expected = equity(["QhQs", "8c7c", "random"], board="Jc9h2d")
    assert document == json.loads(json.dumps(expected.to_dict()))
    # REFERENCE.md: 66.3427 / 19.7377 / 13.9195 over 893,970 deals.
    assert document["exact"] is True and document["trials"] == 893_970
    shares = [player["equity"] for player in document["players"]]
    assert shares == pytest.approx([0.663427, 0.197377, 0.139195], abs=5e-7)


def test_json_sampled_equals_library_with_the_same_seed():
    code, out, err = run(
        "As2s3hKh", "KdKcQdJc", "--game", "omaha-hilo", "--samples", "40000", "--seed", "11",
        "--json", "--threads", "1",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    expected = equity(["As2s3hKh", "KdKcQdJc"], game="omaha-hilo", samples=40_000, seed=11)
    assert document == json.loads(json.dumps(expected.to_dict()))
    assert document["seed"] == 11 and document["exact"] is False
    assert set(expected.column_names) <= set(document["players"][0])


def test_stderr_option_accepts_a_fraction_or_percentage_points():
    code, out, err = run("AhKh", "QsQd", "--stderr", "0.5%", "--seed", "2", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["exact"] is False
    assert all(player["stderr"] <= 0.005 for player in document["players"])
    assert command_module._parse_stderr("0.001") == pytest.approx(0.001)


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("AsKs",), "at least two players"),
        ((), "at least two players"),
        (("AsKs", "QQ", "--exact", "--samples", "10"), "--exact and --samples cannot be combined"),
        (("AsKs", "QQ", "--samples", "10", "--stderr", "0.01"), "cannot be combined"),
        (("AsKs", "QQ", "--game", "bridge"), "unknown game 'bridge'"),
        (("AsKs", "QQ", "--board", "Kd7"), "unknown card"),
        (("AsKs", "AsQd"), "As"),
        (("AsKs", "QQ", "--board", "Kd7c"), "board"),
        (("AsKs", "QQ", "--stderr", "abc"), "--stderr"),
        (("AsKs", "QQ", "--stderr", "0"), "positive"),
        (("AsKs", "QQ", "--samples", "0"), "positive"),
        (("AsKs", "QQ", "--samples", "many"), "not a valid integer"),
        (("AsKs", "QQ", "--threads", "0"), "--threads"),
        (("AsKsQs", "QQ"), "player 1"),
        (("AsAhKsKh", "QdQc", "--game", "omaha"), "player 2"),
    ],
)
def test_bad_input_is_one_error_line_and_status_one(args: tuple[str, ...], message: str):
    code, out, err = run(*args)
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    assert err.splitlines()[-1].startswith("Error: ")
    assert message in err


def test_an_omaha_range_the_exact_engine_cannot_afford_is_sampled():
    code, out, err = run("AsAhKsKh", "QQ+", "--game", "omaha", "--samples", "20000", "--seed", "4")
    assert code == 0, err
    assert "20,000 deals" in out.splitlines()[0]


def test_missed_stderr_target_prints_one_note_line():
    code, out, err = run(
        "AhKh", "QsQd", "--stderr", "0.00001", "--max-samples", "40000", "--seed", "3"
    )
    assert code == 0, err
    assert "40,000 deals" in out.splitlines()[0]
    notes = [line for line in err.splitlines() if line.startswith("Note: ")]
    assert len(notes) == 1 and "--max-samples" in notes[0] and "0.0001" not in notes[0]
    assert "Warning" not in err
    code, out, err = run("AhKh", "QsQd", "--stderr", "1%", "--seed", "3", "--json")
    assert code == 0 and err == "" and json.loads(out)["target_met"] is True


def test_max_samples_must_be_positive():
    code, _, err = run("AhKh", "QsQd", "--stderr", "0.001", "--max-samples", "0")
    assert code == 1 and "--max-samples" in err


@pytest.mark.parametrize("option", ["--samples", "--max-samples"])
@pytest.mark.parametrize("value", [str(2**63), str(2**53 + 1), "1" + "0" * 40])
def test_absurd_sample_counts_are_one_error_line_naming_the_option(option, value):
    code, out, err = run("AhKh", "QsQd", option, value)
    assert code == 1 and out == ""
    assert "Traceback" not in err and "OverflowError" not in err
    assert err.splitlines() == [f"Error: {option}: expected at most 9,007,199,254,740,992 "
                                f"(2**53) deals, got {int(value):,}"]  # fmt: skip


@pytest.mark.parametrize("weight", ["1e-200", "1e-320"])
def test_tiny_weights_give_deals_valid_json_and_status_zero(weight):
    players = (f"AA:{weight}, KK:{weight}", f"QQ:{weight}, JJ:{weight}")
    code, out, err = run(*players)
    assert code == 0, err
    assert "nan" not in out and " 0 deals" not in out
    assert out.splitlines()[0] == f"holdem: exact, {equity(['AA, KK', 'QQ, JJ']).trials:,} deals"
    code, out, err = run(*players, "--json")
    assert code == 0, err
    document = json.loads(out, parse_constant=lambda name: pytest.fail(f"JSON holds {name}"))
    plain = equity(["AA, KK", "QQ, JJ"])
    assert document["trials"] == plain.trials
    assert [row["equity"] for row in document["players"]] == pytest.approx(plain.equity.tolist())


def test_weights_that_leave_no_deal_are_an_error_with_status_one():
    code, out, err = run("AsAh, AdKc:1e-200", "AsAd, AhKd:1e-200", "--json")
    assert code == 1 and out == ""
    assert err.startswith("Error: players: no deal has any weight")


def test_json_numbers_carry_no_float_noise():
    code, out, err = run("AsKs", "QQ+", "--board", "Kd7c2h", "--json", "--combos", "--by-card")
    assert code == 0, err
    numbers: list[float] = []

    def collect(text: str) -> float:
        numbers.append(float(text))
        return float(text)

    json.loads(out, parse_float=collect)
    # Shares have at most 15 significant digits: never 0.30000000000000004-style tails.
    assert numbers and all(float(f"{value:.15g}") == value for value in numbers)


def test_table_shows_canonical_cards_and_ranges():
    code, out, err = run("10s10h", "qq+", "--board", "2c7d9h")
    assert code == 0, err
    assert [row[1] for row in table_rows(out)] == ["TsTh", "QQ+"]


def test_draw_player_may_be_random():
    code, out, err = run("AsKsQsJs2c/2c", "random", "--game", "draw", "--samples", "20000")
    assert code == 0, err
    assert [row[1] for row in table_rows(out)] == ["AsKsQsJs2c/2c", "random"]
    code, _, err = run("AsKsQsJs2c", "rando", "--game", "draw")
    assert code == 1 and "HAND/DISCARDS, random" in err


# The exact draw run enumerates 64 million deals (every five unknown cards standing pat, every
# card drawn): two seconds of CPU compiled, far over a minute as Python (JIT off).
@pytest.mark.needs_jit
def test_stud_unseen_down_cards_and_draw_words():
    code, out, err = run("??Kd", "AsAhQc", "--game", "stud", "--samples", "20000", "--seed", "1")
    assert code == 0, err
    assert [row[1] for row in table_rows(out)] == ["??Kd", "AsAhQc"]
    code, out, err = run("AsKsQsJs2c/2c", "random/pat", "--game", "draw", "--exact")
    assert code == 0, err
    assert [row[1] for row in table_rows(out)] == ["AsKsQsJs2c/2c", "random/pat"]
    code, out, err = run("AsKsQsJs2c", "random", "--game", "draw", "--board", "2c3c4c")
    assert code == 1 and out == ""
    assert err.startswith("Error: --board: draw has no board") and "up cards" not in err
    code, out, err = run("AsKsQsJs2c/2c", "random", "--game", "draw", "--exact")
    assert code == 1 and "random and draws" in err and "random/pat" in err


# --- help and wiring ---------------------------------------------------------------------------


def test_help_lists_every_game_and_an_example_per_family():
    assert tuple(GAMES) == command_module.GAME_NAMES
    result = CliRunner().invoke(main, ["equity", "--help"])
    assert result.exit_code == 0
    for word in ("--exact", "--samples", "--stderr", "--seed", "--threads", "--json"):
        assert word in result.output
    for example in (
        "QQ+",
        "JdTd9c8c --game omaha",
        "--game omaha-hilo",
        "--game stud",
        "--game draw",
    ):
        assert example in result.output
    assert "equity" in CliRunner().invoke(main, ["--help"]).output


def test_progress_reporter_shows_long_runs_from_their_first_report(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(command_module.time, "perf_counter", lambda: clock[0])
    silent = command_module._ProgressReporter(enabled=False)
    clock[0] += 5.0
    silent(1, 2)
    assert silent.bar is None
    quick = command_module._ProgressReporter(enabled=True)
    clock[0] += 0.1
    quick(1, 2)  # half done after 0.1 s: about 0.2 s in all, no bar
    assert quick.bar is None
    long = command_module._ProgressReporter(enabled=True)
    clock[0] += 0.1
    long(1, 100)  # 1 % after 0.1 s: about 10 s in all, the bar shows at once
    assert long.bar is not None and long.bar.done == 1
    long(100, 100)
    assert long.bar.done == 100
    long.close()
    assert long.bar is None


# With the JIT off nothing compiles, so there is nothing to announce.
@pytest.mark.needs_jit
def test_a_real_compile_is_announced_in_one_line(monkeypatch):
    import numba

    # The subpackage itself (``showdown.equity`` may name the function once imported).
    equity_package = sys.modules["showdown.equity"]
    real = equity_package.equity

    def compiles_then_answers(*args, **kwargs):
        # A function numba has never seen: calling it really compiles (no cache).
        numba.njit(lambda x: x + 1)(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(equity_package, "equity", compiles_then_answers)
    code, _, err = run("AhKh", "QsQd", "--board", "2c7d9h")
    assert code == 0, err
    notices = [line for line in err.splitlines() if line.startswith("showdown: compiling")]
    assert notices == [
        "showdown: compiling the holdem equity kernels once (about 4 s); later runs start at once"
    ]
    monkeypatch.setattr(equity_package, "equity", real)
    code, _, err = run("AhKh", "QsQd", "--board", "2c7d9h")  # warm: nothing said
    assert code == 0 and "compiling" not in err


# --- a real process ----------------------------------------------------------------------------


def _showdown_command() -> list[str]:
    # One entry point that always exists (no fallback whose runpy warning changes stderr).
    return [sys.executable, "-m", "showdown"]


def test_real_process_json_and_error():
    done = subprocess.run(
        [*_showdown_command(), "equity", "AhKh", "QsQd", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    # Not a terminal: no progress bar; at most the one-line notice of a first compile.
    assert all(line.startswith("showdown: compiling") for line in done.stderr.splitlines())
    document = json.loads(done.stdout)
    # REFERENCE.md: AhKh vs QsQd preflop, 1,712,304 boards, 46.2145 %.
    assert document["trials"] == 1_712_304
    assert document["players"][0]["equity"] == pytest.approx(0.462145, abs=5e-7)
    failed = subprocess.run(
        [*_showdown_command(), "equity", "AhKh", "XxQd"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert failed.returncode == 1
    assert failed.stdout == ""
    assert failed.stderr.startswith("Error: ") and "Traceback" not in failed.stderr


def test_showdown_equity_stays_callable_after_the_subpackage_is_imported():
    # Importing the subpackage leaves the name showdown.equity bound to the function.
    code = (
        "import showdown.equity, showdown; "
        "assert showdown.equity(['AsKs', 'QdQh'], board='2c7d9h').trials == 990"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr


# --- per-combo and per-card tables ------------------------------------------------------------


def test_combos_prints_every_range_by_combo_highest_equity_first():
    code, out, err = run("AsKs", "QQ+", "--board", "Kd7c2h", "--combos")
    assert code == 0, err
    lines = out.splitlines()
    start = lines.index("player 2 (QQ+) by combo:")
    assert "player 1 (AsKs) by combo:" not in lines  # one hand: its row is the main table's
    assert lines[start + 1].split() == ["combo", "weight", "equity", "win", "tie"]
    rows = [line.split() for line in lines[start + 2 :]]
    frame = equity(["AsKs", "QQ+"], board="Kd7c2h", combos=True).combos(1)
    assert sorted(row[0] for row in rows) == sorted(frame.index)
    printed = [float(row[2].rstrip("%")) for row in rows]
    assert printed == sorted(printed, reverse=True)
    for row in rows:
        assert row[2] == f"{100 * frame.loc[row[0], 'equity']:.3f}%"


def test_combos_of_one_player_and_in_json():
    code, out, err = run("AK", "QQ", "--combos", "1", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert "combos" not in document["players"][1]
    records = document["players"][0]["combos"]
    frame = equity(["AK", "QQ"], combos=True).combos(0)
    assert [record["combo"] for record in records] == list(frame.index)
    # JSON shares are rounded to 15 significant digits (no float noise).
    assert [record["equity"] for record in records] == pytest.approx(
        frame["equity"].tolist(), rel=1e-14
    )
    assert [record["deals"] for record in records] == frame["deals"].tolist()


@pytest.mark.parametrize("choice", ["3", "0", "two"])
def test_combos_of_a_player_who_is_not_there_is_refused(choice):
    code, _, err = run("AK", "QQ", "--combos", choice)
    assert code == 1
    assert "--combos: expected a player number from 1 to 2" in err


def test_by_card_prints_each_next_card_like_the_library():
    code, out, err = run("AhKh", "QsQd", "--board", "2c7d9h", "--by-card")
    assert code == 0, err
    lines = out.splitlines()
    start = lines.index("by turn card:")
    assert lines[start + 1].split() == ["card", "share", "AhKh", "QsQd"]
    rows = [line.split() for line in lines[start + 2 :]]
    from showdown import runouts

    frame = runouts(["AhKh", "QsQd"], "2c7d9h")
    assert [row[0] for row in rows] == list(frame.index)
    for row in rows:
        assert row[2] == f"{100 * frame.loc[row[0], 'AhKh']:.3f}%"


def test_by_card_in_json():
    code, out, err = run("AhKh", "QsQd", "--board", "2c7d9hKs", "--by-card", "--json")
    assert code == 0, err
    by_card = json.loads(out)["by_card"]
    assert by_card["players"] == ["AhKh", "QsQd"] and len(by_card["cards"]) == 44
    assert sum(card["share"] for card in by_card["cards"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--by-card",), "flop or a turn"),
        (("--board", "2c7d9h", "--by-card", "--samples", "1000"), "--by-card is exact"),
        (("--combos", "--game", "stud"), "board games"),
    ],
)
def test_by_card_and_combos_refuse_what_they_cannot_do(args, message):
    code, _, err = run("AhKh", "QsQd", *args)
    assert code == 1
    assert message in err
