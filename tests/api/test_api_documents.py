"""The downloadable PDFs: white paper and user guides rendered from docs/, cached, with a clear 404."""

from __future__ import annotations

import io
import shutil

import pytest
from pypdf import PdfReader

from api import documents


@pytest.fixture
def db_url(tmp_path, sqlite_template):
    """Documents do not touch the account store: SQLite only."""
    path = tmp_path / "accounts.sqlite3"
    shutil.copy(sqlite_template, path)
    return f"sqlite:///{path}"


def pdf_text(data: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(data))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize(("name", "title", "phrase"), [
    ("white-paper", "Dealer Positioning and Greek Exposure", "Black–Scholes–Merton"),
    ("user-guide-en", "Volland User Guide", "Reading the numbers"),
    ("user-guide-es", "Guía del usuario de Volland", "Cómo leer las cifras"),
])
def test_each_document_is_a_pdf_of_its_source(client, name, title, phrase):
    resp = client.get(f"/docs/{name}.pdf")
    assert resp.status_code == 200
    assert resp.mimetype == "application/pdf"
    disposition = resp.headers["Content-Disposition"].replace('"', "")
    assert disposition == f"inline; filename=volland-{name}.pdf"   # opens in the viewer, saves by name
    assert resp.data.startswith(b"%PDF-")
    reader, text = pdf_text(resp.data)
    assert reader.metadata.title == title
    assert len(reader.pages) >= 3          # cover and body
    assert title in text and phrase in text


def test_white_paper_keeps_the_formulas_when_a_unicode_font_exists(client):
    if documents.find_fonts() is None:
        pytest.fail("no Unicode TrueType font (DejaVu or Liberation) found on this machine")
    _, text = pdf_text(client.get("/docs/white-paper.pdf").data)
    assert "∂V/∂σ" in text


def test_without_a_unicode_font_symbols_are_spelled_out(client, monkeypatch):
    monkeypatch.setattr(documents, "find_fonts", lambda: None)
    resp = client.get("/docs/white-paper.pdf")
    assert resp.status_code == 200
    _, text = pdf_text(resp.data)
    assert "dV/dsigma" in text and "∂" not in text


def test_rendered_once_then_served_from_the_cache(client, monkeypatch, app):
    calls = []
    real = documents.render_pdf
    monkeypatch.setattr(documents, "render_pdf", lambda *a: calls.append(a) or real(*a))
    first = client.get("/docs/user-guide-en.pdf")
    second = client.get("/docs/user-guide-en.pdf")
    assert first.data == second.data and len(calls) == 1
    with app.app_context():
        cached = list(documents.cache_dir().glob("user-guide-en-*.pdf"))
    assert len(cached) == 1
    # A conditional request with the ETag gets 304.
    again = client.get("/docs/user-guide-en.pdf", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_an_edited_source_is_rendered_again(client, monkeypatch, tmp_path):
    (tmp_path / "guide").mkdir()
    source = tmp_path / "guide" / "user-guide.en.md"
    source.write_text("# Guide\n\nFirst edition.\n", encoding="utf-8")
    monkeypatch.setattr(documents, "DOCS_DIR", tmp_path)
    _, text = pdf_text(client.get("/docs/user-guide-en.pdf").data)
    assert "First edition." in text
    source.write_text("# Guide\n\nSecond edition.\n", encoding="utf-8")
    _, text = pdf_text(client.get("/docs/user-guide-en.pdf").data)
    assert "Second edition." in text and "First edition." not in text


def test_unknown_or_missing_document_is_a_json_404(client, h, monkeypatch, tmp_path):
    h.assert_error(client.get("/docs/no-such-paper.pdf"), 404, "not_found")
    monkeypatch.setattr(documents, "DOCS_DIR", tmp_path)   # sources absent (e.g. a bare install)
    body = h.assert_error(client.get("/docs/white-paper.pdf"), 404, "not_found")
    assert body["message"] == "This document is not available."


def test_markdown_tables_become_sized_plain_cells():
    html = documents.markdown_html("| a | long column |\n|---|---|\n| `x` | a < b and **more** words here |\n")
    assert '<th align="left" width="' in html
    assert "<code>" not in html and "<strong>" not in html
    assert "a &lt; b" in html


def test_font_folder_setting_is_searched_first(monkeypatch, tmp_path):
    system = documents.find_fonts()
    if system is None:
        pytest.fail("no Unicode TrueType font (DejaVu or Liberation) found on this machine")
    folder = tmp_path / "fonts"
    folder.mkdir()
    for path in {*system.sans.values(), *system.mono.values()}:
        shutil.copy(path, folder / path.name)
    monkeypatch.setenv("VOLLAND_PDF_FONT_DIR", str(folder))
    found = documents.find_fonts()
    assert found is not None and found.sans[""].parent == folder
