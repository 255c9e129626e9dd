"""``showdown eval`` and the ``showdown`` group, through click's test runner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from showdown import __version__
from showdown.cli.main import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_two_hands_print_one_line_each():
    code, out, err = run("eval", "AsKsQsJsTs", "7c7d7h2s2d3c4c")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].split()[:2] == ["AsKsQsJsTs", "36873"]
    assert lines[0].endswith("Straight Flush, Ace high (Royal Flush)")
    assert "Full House" in lines[1] and lines[1].endswith("Full House, Sevens over Twos")


def test_hand_text_is_canonical_and_spaces_allowed():
    code, out, _ = run("eval", "as ks qs js 10s")
    assert code == 0
    assert out.startswith("AsKsQsJsTs ")


def test_low_column():
    code, out, _ = run("eval", "--low", "8c6d4h2sAcKd9h", "KsKdQcJhTs")
    assert code == 0
    first, second = out.splitlines()
    assert first.endswith("8-6-4-2-A low")
    assert second.endswith("low 0   no low")


def test_board_combines_with_each_hand():
    code, out, _ = run("eval", "AsKs", "QhQd", "--board", "JsTs2c")
    assert code == 0
    first, second = out.splitlines()
    assert first.startswith("AsKs + JsTs2c") and "High Card" in first
    assert second.startswith("QhQd + JsTs2c") and "Pair of Queens" in second


def test_omaha_high_uses_exactly_two_hole_cards():
    code, out, _ = run("eval", "--omaha", "AsAhKdQc", "--board", "Ad7c2h9s3d")
    assert code == 0
    assert out.strip().endswith("Three of a Kind, Aces, 9-7 kickers")


def test_omaha_hilo_json():
    code, out, _ = run(
        "eval", "--omaha", "--low", "--json", "AsAhKdQc", "2c3c4s5s", "--board", "Ad7c2h9s3d"
    )
    assert code == 0
    document = json.loads(out)
    assert [item["cards"] for item in document] == ["AsAhKdQc", "2c3c4s5s"]
    assert all(item["board"] == "Ad7c2h9s3d" for item in document)
    assert document[0]["low_strength"] == 0 and document[0]["low_description"] == "no low"
    assert document[1]["low_strength"] == 56
    assert document[1]["low_description"] == "5-4-3-2-A low"
    assert document[1]["category"] == "Straight"


def test_json_fields_without_low():
    code, out, _ = run("eval", "--json", "7c7d7h2s2d3c4c")
    assert code == 0
    (item,) = json.loads(out)
    assert item == {
        "cards": "7c7d7h2s2d3c4c",
        "strength": item["strength"],
        "category": "Full House",
        "description": "Full House, Sevens over Twos",
    }
    assert item["strength"] >> 12 == 7


def test_mixed_sizes_keep_input_order():
    hands = ["2c3d4h5s7c", "AsKsQsJsTs9s", "7c7d7h2s2d3c4c", "2c3d4h5s7cKd"]
    code, out, _ = run("eval", "--json", *hands)
    assert code == 0
    assert [item["cards"] for item in json.loads(out)] == hands


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["AsKsQsJsXx"], "'Xx'"),
        (["AsAsQsJsTs"], "duplicate card As"),
        (["AsKs"], "'AsKs'"),
        (["AsKsQsJsTs9s8s7s"], "got 8"),
        (["--omaha", "AsKsQsJs"], "--board"),
        (["AsKs", "--board", "AsQd2c"], "As is also on the board"),
        (["AsKsQs", "--board", "2c3c4c5c6c"], "'AsKsQs'"),
        (["AsKs", "--board", "2c3c"], "board '2c3c'"),
        (["--omaha", "AsKs", "--board", "2c3c4c"], "'AsKs'"),
        ([], "no hands"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_status_1(args, named):
    code, out, err = run("eval", *args)
    assert code == 1
    assert out == ""
    assert err.startswith("Error: ") and named in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_help_and_version():
    code, out, _ = run("--help")
    assert code == 0 and "eval" in out and "Examples" in out
    code, out, _ = run("eval", "--help")
    assert code == 0
    for option in ("--board", "--omaha", "--low", "--json", "Examples"):
        assert option in out
    code, out, _ = run("--version")
    assert code == 0 and __version__ in out


def test_real_process():
    """The installed entry point, in a real process (exit codes and streams)."""
    # python -m showdown always exists (no runpy warning, unlike -m showdown.cli.main).
    command = [sys.executable, "-m", "showdown"]
    done = subprocess.run(
        [*command, "eval", "AsKsQsJsTs", "7c7d7h2s2d3c4c"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 2
    bad = subprocess.run(
        [*command, "eval", "AsKsQsJsZz"], capture_output=True, text=True, timeout=120, check=False
    )
    assert bad.returncode == 1
    assert bad.stderr.startswith("Error: ") and "Traceback" not in bad.stderr


def test_help_does_not_load_numba():
    """``showdown --help`` must not pay for numpy/numba imports."""
    code = (
        "import sys, showdown.cli.main; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'numpy')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


def test_console_script_and_python_dash_m_agree():
    script = Path(sys.executable).with_name("showdown")
    if not script.exists():  # pragma: no cover - editable installs always have it
        pytest.skip("console script not installed")
    outputs = [
        subprocess.run(
            [*command, "eval", "--json", "AsKsQsJsTs"],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        for command in ([str(script)], [sys.executable, "-m", "showdown"])
    ]
    assert outputs[0] == outputs[1]
    usage = subprocess.run(
        [sys.executable, "-m", "showdown", "--help"], capture_output=True, text=True, check=True
    )
    assert usage.stdout.startswith("Usage: showdown ")


def test_ctrl_c_exits_130_with_one_line(monkeypatch):
    import showdown.cli.eval_command as eval_module

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(eval_module, "evaluate_hands", interrupted)
    code, out, err = run("eval", "AsKsQsJsTs")
    assert code == 130
    assert out == ""
    assert err.strip() == "showdown: interrupted"


def test_ctrl_c_in_a_real_process_exits_130():
    """SIGINT while a command runs: status 130 and no traceback."""
    import signal

    # The child starts as a terminal's process would: SIGINT handled by Python and not
    # blocked. Both are inherited from the test process, which other tests' libraries may
    # have changed (a full run once saw the child ignore the signal and time out).
    script = (
        "import signal\n"
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import time, showdown.cli.eval_command as m\n"
        "def slow(*a, **k):\n"
        "    print('ready', flush=True); time.sleep(60)\n"
        "m.evaluate_hands = slow\n"
        "from showdown.cli.main import main\n"
        "main(['eval', 'AsKsQsJsTs'], prog_name='showdown')\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in err
    assert err.strip() == "showdown: interrupted"


@pytest.mark.parametrize("hand", ["AsKsQsJsTſ", "AsKsQsJsTs".replace("K", "\u212a")])
def test_unicode_look_alikes_are_unknown_cards(hand):
    code, _, err = run("eval", hand)
    assert code == 1
    assert "unknown card" in err and repr(hand) in err


def test_an_unknown_command_names_the_closest_and_lists_them() -> None:
    result = CliRunner().invoke(main, ["evl", "AsKsQsJsTs"])
    assert result.exit_code == 1  # usage errors: the status of any bad input
    assert "no such command 'evl' (did you mean 'eval'?)" in result.stderr
    assert "commands: eval, equity, simulate, replay" in result.stderr
