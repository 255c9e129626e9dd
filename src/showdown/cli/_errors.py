"""Bad input on the command line: one exit status and one ``Error:`` line naming the option.

The library raises :class:`showdown.errors.InputError` naming its own parameter
(``starting_stack``); each command declares a table from those parameters to its
options (``--stack``), and :func:`option_error` writes the line with the option's
name. Usage errors (an unknown option, a non-number for ``--hands``) get the same
status as every other bad input: the command group applies
:data:`BAD_INPUT_STATUS` to all of them (:func:`usage_status`), so a new command
cannot forget it.

Only click is imported at module level: ``showdown --help`` stays fast.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping

import click

#: Exit status of every bad input, usage errors included (click's own default is 2).
BAD_INPUT_STATUS = 1

#: click's "no arguments: here is the help" (a UsageError since click 8.2).
_HELP_WITHOUT_ARGUMENTS: tuple[type[Exception], ...] = tuple(
    kind for kind in (getattr(click.exceptions, "NoArgsIsHelpError", None),) if kind is not None
)


@contextlib.contextmanager
def usage_status() -> Iterator[None]:
    """Give a click usage error raised inside the block :data:`BAD_INPUT_STATUS`.

    Examples
    --------
    >>> try:
    ...     with usage_status():
    ...         raise click.UsageError("no such option: --bogus")
    ... except click.UsageError as error:
    ...     print(error.exit_code)
    1
    """
    try:
        yield
    except click.UsageError as error:
        # Bare `showdown` prints the help (click's status, 2): nothing was mistyped.
        if not isinstance(error, _HELP_WITHOUT_ARGUMENTS):
            # click declares exit_code on the class; set it on this one error only.
            setattr(error, "exit_code", BAD_INPUT_STATUS)  # noqa: B010
        raise


def option_message(error: Exception, options: Mapping[str, str]) -> str:
    """The message of a library error, naming the command's option for its parameter.

    ``options`` maps the library's parameter names to the command's options;
    an error about another parameter (or without one) keeps its message. A
    range that does not parse gets its text and a caret under the bad token on
    the lines below.

    Examples
    --------
    >>> from showdown.errors import InputError
    >>> error = InputError("expected a positive int, got 0", parameter="starting_stack")
    >>> option_message(error, {"starting_stack": "--stack"})
    '--stack: expected a positive int, got 0'
    >>> option_message(InputError("no cards left", parameter="deck"), {"starting_stack": "--stack"})
    'deck: no cards left'
    """
    from ..errors import InputError

    message = str(error)
    if isinstance(error, InputError):
        option = options.get(error.parameter or "")
        if option is not None:
            message = f"{option}: {error.reason}"
    caret = getattr(error, "caret", None)
    if isinstance(caret, str):
        message += "".join(f"\n  {line}" for line in caret.splitlines())
    return message


def option_error(error: Exception, options: Mapping[str, str]) -> click.ClickException:
    """A library error as click's one-line ``Error: ...`` (:func:`option_message`)."""
    failure = click.ClickException(option_message(error, options))
    setattr(failure, "exit_code", BAD_INPUT_STATUS)  # noqa: B010 - as in usage_status
    return failure
