"""The example notebooks in examples/ run top to bottom without an error.

Each notebook is executed headless with nbclient in a fresh kernel (per-cell
time-out below), so the examples never go stale. Skipped only when the
notebook test extras (nbclient, nbformat, ipykernel, matplotlib) are missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("matplotlib")
pytest.importorskip("pandas")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
#: Seconds per cell: generous for a cold start (kernels compiled on first use), not for a hang.
CELL_TIMEOUT = 300


def test_the_three_example_notebooks_exist() -> None:
    assert [path.name for path in NOTEBOOKS] == [
        "equity_and_ranges.ipynb",
        "evaluator_batch.ipynb",
        "simulation_study.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebook_runs(path: Path, tmp_path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},  # run where it can write nothing of ours
    )
    client.execute()  # raises CellExecutionError naming the cell on any error
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    outputs = [output for cell in code_cells for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    # Plots were drawn as images.
    assert any("image/png" in output.get("data", {}) for output in outputs)
