"""Arrays without reference counting: :func:`showdown._views.unowned`, kept under its old name."""

from ..._views import unowned

__all__ = ["unowned"]
