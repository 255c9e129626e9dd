"""``showdown equity --distribution``: buckets and percentiles checked against plain Python on the
per-combo equities of the library, the JSON table, and every refusal as one ``Error:`` line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from showdown.cli.main import main
from showdown.equity import equity
from showdown.equity.guard import ExactOverrunError

STOPPED = "exact enumeration stopped"


def run(*args: str) -> tuple[int, str, str]:
    """The command in this process; run again once if the time guard stopped an exact run.

    The guard's clock counts a kernel's first compile (a cold cache on a busy machine can pass
    its 30 s floor); the second run uses the kernel this process compiled.
    """
    for _ in range(2):
        result = CliRunner().invoke(main, ["equity", *args])
        if not (result.exit_code == 1 and STOPPED in result.stderr):
            break
    return result.exit_code, result.stdout, result.stderr


def combo_frame(players, player, **spot):
    """The library's per-combo table of an exact run (retried like :func:`run`)."""
    try:
        result = equity(players, exact=True, combos=True, **spot)
    except ExactOverrunError:
        result = equity(players, exact=True, combos=True, **spot)
    return result.combos(player)


def plain_summary(frame, edges=(0, 0.33, 0.5, 0.75, 1), levels=(0.1, 0.25, 0.5, 0.75, 0.9)):
    """Bucket shares, nut share (95 %) and equity at each percentile, in plain Python."""
    pairs = sorted(zip(frame["equity"].tolist(), frame["weight"].tolist(), strict=True))
    total = sum(w for _, w in pairs)
    buckets = []
    for index in range(len(edges) - 1):
        low, high = edges[index], edges[index + 1]
        last = index == len(edges) - 2
        inside = [w for e, w in pairs if low <= e and (e <= high if last else e < high)]
        buckets.append(sum(inside) / total)
    nuts = sum(w for e, w in pairs if e >= 0.95) / total
    quantiles = []
    for level in levels:
        for e, _ in pairs:
            if sum(w for f, w in pairs if f <= e) / total >= level - 1e-12:
                quantiles.append(e)
                break
    return buckets, nuts, quantiles


def row_of(out: str, heading: str, player: str) -> list[str]:
    """The cells of ``player``'s row in the table under the line starting with ``heading``."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        cells = line.split()
        if cells[0] == player:
            return cells
    raise AssertionError(f"no row for player {player} under {heading!r}")


def test_text_shows_buckets_and_percentiles_of_each_range() -> None:
    players = ["AsKs", "QQ+, AK"]
    code, out, err = run(*players, "--board", "Kd7c2h", "--exact", "--distribution")
    assert code == 0, err
    assert out.splitlines()[0] == "holdem, board Kd7c2h: exact, 15,840 deals"
    buckets, nuts, quantiles = plain_summary(combo_frame(players, 1, board="Kd7c2h"))
    header = row_of(out, "share of the range", "player")
    assert header[2:] == ["0-33%", "33-50%", "50-75%", "75-100%", "95%+"]
    # The range's hand text has a space: its row is player, 2 words, then the numbers.
    cells = row_of(out, "share of the range", "2")
    assert cells[1:3] == ["QQ+,", "AK"]
    assert cells[3:] == [f"{100 * share:.3f}%" for share in [*buckets, nuts]]
    cells = row_of(out, "equity at each percentile", "2")
    assert cells[3:] == [f"{100 * value:.3f}%" for value in quantiles]
    # A single hand is one combo: its whole weight sits in one bucket.
    cells = row_of(out, "share of the range", "1")
    assert cells[2:6].count("100.000%") == 1


def test_one_player_and_json_table() -> None:
    players = ["AsKs", "QQ, JJ:0.5", "AhKh"]
    code, out, err = run(*players, "--board", "Kd7c2h", "--exact", "--distribution", "2", "--json")
    assert code == 0, err
    document = json.loads(out)
    (entry,) = document["distribution"]
    assert entry["player"] == 2 and entry["hand"] == "QQ, JJ:0.5"
    frame = combo_frame(players, 1, board="Kd7c2h")
    combos = entry["combos"]
    assert sorted(record["combo"] for record in combos) == sorted(frame.index)
    for record in combos:
        assert record["equity"] == pytest.approx(frame.loc[record["combo"], "equity"], abs=1e-12)
        assert record["weight"] == pytest.approx(frame.loc[record["combo"], "weight"], abs=1e-12)
    # Weakest first; the half-weight jacks count half.
    assert [r["equity"] for r in combos] == sorted(r["equity"] for r in combos)
    assert combos[-1]["percentile"] == 1.0
    buckets, nuts, quantiles = plain_summary(frame)
    assert [b["share"] for b in entry["buckets"]] == pytest.approx(buckets, abs=1e-12)
    assert [(b["low"], b["high"]) for b in entry["buckets"]] == [
        (0.0, 0.33),
        (0.33, 0.5),
        (0.5, 0.75),
        (0.75, 1.0),
    ]
    assert entry["nut_share"]["share"] == pytest.approx(nuts, abs=1e-12)
    assert [p["equity"] for p in entry["percentiles"]] == pytest.approx(quantiles, abs=1e-12)
    assert entry["equity"] == pytest.approx(document["players"][1]["equity"], abs=1e-12)


def test_omaha_hilo_range_in_json() -> None:
    players = ["AsAhKd9d", "KhKc2h2d, AdAc3c2d, QhQd8s8d"]
    spot = ["--board", "Ks7d2c", "--game", "omaha-hilo", "--exact"]
    code, out, err = run(*players, *spot, "--distribution", "2", "--json")
    assert code == 0, err
    (entry,) = json.loads(out)["distribution"]
    frame = combo_frame(players, 1, board="Ks7d2c", game="omaha-hilo")
    for record in entry["combos"]:
        # A hi-lo combo's equity is its share of the pot: the mean of its two halves.
        assert record["equity"] == pytest.approx(frame.loc[record["combo"], "equity"], abs=1e-12)
        assert record["equity"] == pytest.approx(
            (record["high_equity"] + record["low_equity"]) / 2, abs=1e-12
        )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--by-card"], "Error: --distribution and --by-card cannot be combined"),
        (["--combos"], "Error: --distribution and --combos cannot be combined"),
        (["--distribution", "3"], "Error: --distribution: expected a player number from 1 to 2"),
        (["--distribution", "x"], "Error: --distribution: expected a player number"),
        (["--game", "stud"], "Error: --distribution: equity distributions are for flop games"),
        (["--game", "draw"], "Error: --distribution: equity distributions are for flop games"),
        (["--game", "chess"], "Error: --game"),
        (["--board", "Kd7"], "Error: "),
    ],
)
def test_bad_combinations_are_one_error_line(args, message) -> None:
    options = args if args[0] == "--distribution" else ["--distribution", *args]
    code, out, err = run("AsKs", "QQ", *options)
    assert code == 1 and out == ""
    assert err.startswith(message), err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
