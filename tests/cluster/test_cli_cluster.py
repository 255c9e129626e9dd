"""``--scheduler ADDRESS`` on the command line: the local answer, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from showdown import _tasks
from showdown.cli.main import main

pytest.importorskip("distributed")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


SIMULATE = ("simulate", "--game", "nlhe", "--players", "3", "--hands", "900", "--seed", "4")


def _without_time(document: str) -> dict[str, Any]:
    data = json.loads(document)
    for timing in ("seconds", "startup_seconds", "hands_per_second"):
        data.pop(timing, None)
    return data


def test_simulate_on_the_cluster_prints_the_local_result(cluster: Any) -> None:
    code, local, err = run(*SIMULATE, "--json")
    assert code == 0, err
    code, remote, err = run(*SIMULATE, "--json", "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    assert _without_time(remote) == _without_time(local)


def test_simulate_errors_name_the_scheduler_option(
    cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(
        *SIMULATE, "--scheduler", cluster.scheduler_address, "--phh-out", str(tmp_path)
    )
    assert code == 1
    # The wording of the reason belongs to the simulator; the option must be named.
    assert err.startswith("Error: --scheduler: ") and "compiled engine" in err
    monkeypatch.setattr(_tasks.TIMEOUTS, "connect", 1.0)
    code, _, err = run(*SIMULATE, "--scheduler", "tcp://127.0.0.1:9")
    assert code == 1
    assert "--scheduler: no Dask scheduler answered at 'tcp://127.0.0.1:9'" in err
