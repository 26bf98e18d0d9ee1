"""The ``volland`` command. Each layer contributes its own subcommands through ``register(group)``; a
command that fails says so in one line and exits 2 (``volland.cli_errors``)."""

from __future__ import annotations

import sys

import click

from api import cli as api_cli
from data import cli as data_cli
from engine import cli as engine_cli
from jobs import cli as jobs_cli

# Layers that add commands, in the order of the data flow.
COMMAND_MODULES = (engine_cli, data_cli, api_cli, jobs_cli)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="volland")
def cli() -> None:
    """Volland: dealer positioning and greek exposure analytics."""


for _module in COMMAND_MODULES:
    _module.register(cli)


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
