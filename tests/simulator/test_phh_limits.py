"""Reading PHH is bounded: a size limit names the file, endless input stops at the limit."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from showdown.simulator import read_phh, replay
from showdown.simulator.phh.history import MAX_PHH_BYTES, shown_name
from showdown.simulator.phh.narrate import narrate

TEXT = (
    'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
    'starting_stacks = [100, 100]\nactions = ["d dh p1 AsAd", "d dh p2 7c2h", "p2 f"]\n'
)


def test_the_limit_names_the_file_and_can_be_raised(tmp_path: Path):
    path = tmp_path / "hand.phh"
    path.write_text(TEXT + "# " + "x" * MAX_PHH_BYTES + "\n")
    size = path.stat().st_size
    with pytest.raises(ValueError) as caught:
        read_phh(path)
    assert str(caught.value) == (
        f"{shown_name(str(path))}: the PHH file is {size:,} bytes, "
        f"over the limit of {MAX_PHH_BYTES:,} bytes "
        "(raise it with max_bytes=..., or --max-bytes on the command line)"
    )
    assert read_phh(path, max_bytes=size).variant == "NT"
    assert replay(path, max_bytes=size).stacks == [101, 99]
    with pytest.raises(ValueError, match="over the limit of 10 bytes"):
        replay(path, max_bytes=10)
    with pytest.raises(ValueError, match="over the limit of 10 bytes"):
        narrate(path, max_bytes=10)


def test_text_has_the_same_limit_in_characters():
    assert read_phh(TEXT, max_bytes=len(TEXT)).variant == "NT"
    with pytest.raises(ValueError, match=r"^PHH text: .* over the limit of 20 "):
        read_phh(TEXT, max_bytes=20)


@pytest.mark.parametrize("limit", [0, -1, 1.5, "1024", True, None])
def test_bad_limits_are_refused(limit):
    with pytest.raises(ValueError, match="max_bytes: expected a positive number of bytes"):
        read_phh(TEXT, max_bytes=limit)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_endless_devices_stop_at_the_limit():
    with pytest.raises(ValueError, match=r"^/dev/zero: the PHH file holds more than the limit"):
        read_phh("/dev/zero", max_bytes=1 << 16)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_without_a_writer_never_blocks_the_open(tmp_path: Path):
    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)
    outcome: list[object] = []

    def read() -> None:
        try:
            outcome.append(read_phh(fifo))
        except ValueError as error:
            outcome.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=120)
    assert outcome and isinstance(outcome[0], ValueError)  # no writer: empty, not a hang
    assert str(outcome[0]).startswith(f"{shown_name(str(fifo))}: ")


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd")
def test_pipes_are_read_as_they_come():
    # What a shell's process substitution passes: a pipe's read end as /dev/fd/N.
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, TEXT.encode())
        os.close(write_end)
        assert read_phh(f"/dev/fd/{read_end}").variant == "NT"
    finally:
        os.close(read_end)
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"#" * 5000)
        with pytest.raises(ValueError, match="holds more than the limit of 4,096 bytes"):
            read_phh(f"/dev/fd/{read_end}", max_bytes=4096)
    finally:
        os.close(write_end)
        os.close(read_end)


def test_directories_and_non_utf8_are_clean_errors(tmp_path: Path):
    with pytest.raises(ValueError, match=r": cannot read the PHH file: it is a directory$"):
        read_phh(tmp_path)
    bad = tmp_path / "latin1.phh"
    bad.write_bytes(TEXT.encode() + b"# caf\xe9\n")
    shown = re.escape(shown_name(str(bad)))
    with pytest.raises(ValueError, match=rf"^{shown}: cannot read the PHH file: 'utf-8' codec"):
        read_phh(bad)
