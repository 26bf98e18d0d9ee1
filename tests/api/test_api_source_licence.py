"""A production start refuses the Cboe delayed quotes without the explicit acknowledgement that the
deployment's use is covered (Cboe publishes them for personal, non-commercial use; docs/data-sources.md)."""

from __future__ import annotations

from click.testing import CliRunner


def test_serve_refuses_cboe_delayed_without_the_acknowledgement(monkeypatch, db_url):
    from volland.cli import cli

    monkeypatch.setenv("VOLLAND_SECRET_KEY", "k" * 64)
    monkeypatch.setenv("VOLLAND_DATABASE_URL", db_url)
    monkeypatch.setenv("VOLLAND_SOURCE", "cboe-delayed")
    monkeypatch.delenv("VOLLAND_CBOE_DELAYED_ACK", raising=False)
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "VOLLAND_CBOE_DELAYED_ACK=1" in lines[0] and "non-commercial" in lines[0]


def test_the_acknowledgement_or_another_source_passes_the_check(monkeypatch):
    from volland.settings import get_settings

    monkeypatch.setenv("VOLLAND_SOURCE", "cboe-delayed")
    monkeypatch.setenv("VOLLAND_CBOE_DELAYED_ACK", "1")
    assert get_settings().source_refusal() is None
    monkeypatch.setenv("VOLLAND_CBOE_DELAYED_ACK", "0")
    assert "VOLLAND_CBOE_DELAYED_ACK" in get_settings().source_refusal()
    monkeypatch.setenv("VOLLAND_SOURCE", "databento-live")
    assert get_settings().source_refusal() is None


def test_make_run_refuses_it_too(monkeypatch, tmp_path, capsys):
    from volland import run

    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("VOLLAND_SECRET_KEY", "k" * 64)
    monkeypatch.setenv("VOLLAND_SOURCE", "cboe-delayed")
    monkeypatch.delenv("VOLLAND_CBOE_DELAYED_ACK", raising=False)
    assert run.main() == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("make run: VOLLAND_SOURCE=cboe-delayed")
