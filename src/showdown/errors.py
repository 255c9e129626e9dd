"""Typed errors shared by the whole library: bad input that names what was wrong.

This module sits at the bottom of the layering (it imports nothing from showdown),
so cards, the evaluator, equity, the simulator and the command line can all use it.

:class:`InputError` is a ``ValueError``, so ``except ValueError`` keeps catching
it; what it adds is :attr:`InputError.parameter`, the name of the argument the
message is about. The command line uses it to name its own option instead
(``board`` is ``--board``, ``starting_stack`` is ``--stack``) without reading
the message text.
"""

from __future__ import annotations

from typing import Any

__all__ = ["InputError"]


class InputError(ValueError):
    """Bad input to a showdown function, naming the parameter it concerns.

    Parameters
    ----------
    reason
        What is wrong, for a person (without the parameter name).
    parameter
        The function's parameter the reason is about (``"board"``,
        ``"players[1]"``), or ``None`` when no one parameter is to blame.

    Attributes
    ----------
    parameter
        As given.
    reason
        As given.

    Notes
    -----
    The message (``str(error)``) is ``"parameter: reason"``, or the reason alone
    without a parameter: the text users have always seen.

    Examples
    --------
    >>> error = InputError("expected 0, 3, 4 or 5 cards, got 2", parameter="board")
    >>> str(error), error.parameter, isinstance(error, ValueError)
    ('board: expected 0, 3, 4 or 5 cards, got 2', 'board', True)
    >>> str(InputError("no hands given"))
    'no hands given'
    """

    def __init__(self, reason: str, *args: Any, parameter: str | None = None) -> None:
        message = reason if parameter is None else f"{parameter}: {reason}"
        super().__init__(message, *args)
        self.reason = reason
        self.parameter = parameter

    def __reduce__(self) -> tuple[Any, ...]:
        # Subclasses take other constructor arguments, and Dask workers send errors back
        # pickled: rebuild from the attributes rather than by calling the constructor again.
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(kind: type[InputError], args: tuple[Any, ...], state: dict[str, Any]) -> InputError:
    """Unpickle an :class:`InputError` (or subclass) without calling its constructor."""
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error
