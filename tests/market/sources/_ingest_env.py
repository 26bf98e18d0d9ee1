"""Shared set-up of the ingest tests: a store and var folder of the test's own, and the CLI runner."""

from __future__ import annotations

import pytest
from click.testing import CliRunner


@pytest.fixture()
def store(tmp_path, monkeypatch):
    root = tmp_path / "store"
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(root))
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    return root


def run_cli(args):
    from volland.cli import cli

    return CliRunner().invoke(cli, args, catch_exceptions=False)
