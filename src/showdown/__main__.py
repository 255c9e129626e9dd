"""``python -m showdown`` runs the ``showdown`` command (same commands, options and exit codes)."""

from showdown.cli.main import main

if __name__ == "__main__":  # pragma: no cover - exercised through a subprocess test
    main(prog_name="showdown")
