"""Writing a command's ``--plot FILE``: one place for the layout, the save and its errors."""

from __future__ import annotations

from typing import Any

import click


def save_figure(figure: Any, path: str, option: str = "--plot") -> None:
    """Lay out ``figure``, write it to ``path`` (format from the extension) and close it.

    A path that cannot be written or an unknown image format is a one-line ``Error:``
    naming the option (status 1), never a traceback.
    """
    from .._plotting import pyplot

    try:
        figure.tight_layout()
        figure.savefig(path)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise click.ClickException(f"{option}: cannot write {path!r}: {reason}") from None
    finally:
        pyplot().close(figure)
