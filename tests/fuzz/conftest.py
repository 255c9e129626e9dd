"""Prints the fuzz suite's counts (inputs tried, results, clean errors, bad outcomes)."""

from __future__ import annotations

from ._harness import COUNTS


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if not COUNTS:
        return
    terminalreporter.section("fuzz outcomes per entry point")
    terminalreporter.write_line(
        f"{'entry point':28s} {'tried':>7s} {'ok':>7s} {'clean':>7s} {'bad':>5s}"
    )
    for entry in sorted(COUNTS):
        counts = COUNTS[entry]
        tried = sum(counts.values())
        terminalreporter.write_line(
            f"{entry:28s} {tried:7d} {counts['ok']:7d} {counts['clean']:7d} {counts['bad']:5d}"
        )
