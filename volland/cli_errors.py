"""The failure every ``volland`` command shares: one line on stderr, exit code 2, never a traceback.

Below the command modules of every layer (``data.cli``, ``api.cli``, ``jobs.cli``) and above none of them,
so they import it at the top while ``volland.cli`` imports them to register their commands.
"""

from __future__ import annotations

from typing import NoReturn

import click


class InputError(click.ClickException):
    """Bad input on the command line: one line on stderr and exit code 2, never a traceback."""

    exit_code = 2


def fail(message: str) -> NoReturn:
    raise InputError(message)
