"""The graph: its lines are the running sums of the analysis' columns."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("matplotlib")

import matplotlib

matplotlib.use("Agg")

from showdown.history import analyze, plot

from .helpers import phh


def test_lines_are_cumulative_net_ev_showdown_and_non_showdown(tmp_path):
    allin = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 100", "p1 cc", "d db 2c3c4c", "d db Kh",
             "d db 9s"]  # fmt: skip
    fold = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"]
    path = tmp_path / "s.phhs"
    path.write_text(f"[1]\n{phh(allin, [100, 100])}\n[2]\n{phh(fold, [100, 100])}")
    result = analyze(path)
    ax = plot(result, "P1")
    lines = {line.get_label(): np.asarray(line.get_ydata()) for line in ax.lines}
    rows = result.hands[result.hands["player"] == "P1"]
    assert np.allclose(lines["net won"], rows["net"].cumsum())
    assert np.allclose(lines["all-in EV adjusted"], rows["ev_net"].cumsum())
    assert np.allclose(lines["showdown winnings"], [-100, -100])
    assert np.allclose(lines["non-showdown winnings"], [0, -2])
    with pytest.raises(ValueError, match="'Nobody'"):
        plot(result, "Nobody")


def test_the_package_plot_stays_the_function_once_the_drawing_module_is_loaded(tmp_path):
    # Importing a submodule sets the package attribute of its name: ``showdown.history.plot``
    # turned into the module after the first ``Analysis.plot`` or ``import ...history.plot``.
    import importlib

    import showdown.history

    path = tmp_path / "s.phh"
    path.write_text(phh(["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"], [100, 100]))
    result = analyze(path)
    importlib.import_module("showdown.history.plot")
    result.plot("P1")
    assert callable(showdown.history.plot)
    for given in (result, result.hands, path):  # an analysis, its frame, or paths
        ax = showdown.history.plot(given, "P1")
        assert np.allclose(ax.lines[0].get_ydata(), [-2])


def test_the_drawing_module_takes_a_frame_and_names_anything_else(tmp_path):
    from showdown.errors import InputError
    from showdown.history.plot import plot as draw

    path = tmp_path / "s.phh"
    path.write_text(phh(["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"], [100, 100]))
    assert np.allclose(draw(analyze(path).hands, "P2").lines[0].get_ydata(), [2])
    with pytest.raises(InputError, match="per-hand frame") as caught:
        draw(str(path), "P2")
    assert caught.value.parameter == "frame"
