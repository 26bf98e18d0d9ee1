"""The ``volland`` command. Each layer contributes its own subcommands through ``register(group)``."""

from __future__ import annotations

import importlib
import sys

import click

# Layers that add commands, in the order of the data flow.
_COMMAND_MODULES = ("engine.cli", "data.cli", "api.cli", "jobs.cli")


class InputError(click.ClickException):
    """Bad input on the command line: one line on stderr and exit code 2, never a traceback."""

    exit_code = 2


def fail(message: str) -> None:
    raise InputError(message)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="volland")
def cli() -> None:
    """Volland: dealer positioning and greek exposure analytics."""


def _register_all() -> None:
    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # that layer has no commands module
            if exc.name == name:
                continue
            raise
        module.register(cli)


_register_all()


def main() -> None:
    # Before any command writes: new files 0600, new folders 0700, the var folder 0700.
    from volland.private_files import make_private
    from volland.settings import get_settings

    make_private(get_settings().var_dir)
    try:
        cli.main(standalone_mode=True)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
