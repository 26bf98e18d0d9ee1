"""The downloadable PDFs of the public site: the methodology white paper and the user guides.

Each PDF is rendered from a Markdown file under ``docs/`` (the same text the team maintains), so the
download never drifts from the documentation. ``GET /docs/<name>.pdf`` renders on first request and
keeps the result under ``<var>/documents/``, named by a digest of the source and the renderer, so an
edited source is picked up and concurrent workers never see a half-written file.

Fonts: a Unicode TrueType family (DejaVu, then Liberation, from the system's font folders or
``VOLLAND_PDF_FONT_DIR``) renders the formulas as written. Without one, the PDF falls back to the
built-in Latin-1 fonts and spells out the symbols they lack (σ becomes "sigma").
"""

from __future__ import annotations

import hashlib
import html as html_lib
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from flask import Blueprint, Flask, Response, send_file

from api.errors import ApiError
from volland.settings import PROJECT_ROOT, get_settings

RENDERER_VERSION = "1"
DOCS_DIR = PROJECT_ROOT / "docs"


@dataclass(frozen=True)
class Document:
    source: str            # path under docs/
    title: str             # cover and PDF metadata
    subtitle: str
    language: str


DOCUMENTS: dict[str, Document] = {
    "white-paper": Document(
        "methodology.md", "Dealer Positioning and Greek Exposure",
        "Methodology white paper: how every figure Volland serves is computed", "en"),
    "user-guide-en": Document("guide/user-guide.en.md", "Volland User Guide",
                              "Workspaces, widgets and how to read them", "en"),
    "user-guide-es": Document("guide/user-guide.es.md", "Guía del usuario de Volland",
                              "Espacios de trabajo, widgets y cómo leerlos", "es"),
}

# ---------------------------------------------------------------- fonts

FONT_FAMILIES = (
    # (folder name, regular, bold, italic, bold italic, mono regular, mono bold)
    ("dejavu", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
     "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"),
    ("liberation", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "LiberationSans-Italic.ttf",
     "LiberationSans-BoldItalic.ttf", "LiberationMono-Regular.ttf", "LiberationMono-Bold.ttf"),
)
FONT_ROOTS = ("/usr/share/fonts/truetype", "/usr/share/fonts", "/usr/local/share/fonts")


@dataclass(frozen=True)
class Fonts:
    sans: dict[str, Path]   # style ("", "B", "I", "BI") -> file
    mono: dict[str, Path]


def find_fonts() -> Fonts | None:
    """A Unicode font family on this machine, or None (the built-in fonts are used then)."""
    extra = get_settings().pdf_font_dir
    roots = ([extra] if extra else []) + list(FONT_ROOTS)
    for folder, regular, bold, italic, bold_italic, mono, mono_bold in FONT_FAMILIES:
        for root in roots:
            for base in (Path(root) / folder, Path(root)):
                r, b, m, mb = (base / f for f in (regular, bold, mono, mono_bold))
                if r.is_file() and b.is_file() and m.is_file():
                    # Italics are optional (some installs ship only the upright faces).
                    i, bi = base / italic, base / bold_italic
                    mb = mb if mb.is_file() else m
                    return Fonts({"": r, "B": b, "I": i if i.is_file() else r, "BI": bi if bi.is_file() else b},
                                 {"": m, "B": mb, "I": m, "BI": mb})
    return None


# Spelled-out forms for the built-in (Latin-1) fonts.
LATIN1_FALLBACK = {
    "−": "-", "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...", "→": "->",
    "≤": "<=", "≥": ">=", "≠": "!=", "≈": "~", "√": "sqrt", "∂": "d", "Σ": "Sum", "Δ": "Delta", "Γ": "Gamma",
    "σ": "sigma", "φ": "phi", "τ": "tau", "π": "pi", "μ": "mu", "ρ": "rho", "θ": "theta", "′": "'",
    "₀": "0", "₁": "1", "₂": "2", "₃": "3", "⁻": "-", "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4",
    "·": "*", "×": "x", "•": "*", "€": "EUR",
}


def to_latin1(text: str) -> str:
    out = []
    for ch in text:
        if ord(ch) < 256:
            out.append(ch)
        else:
            out.append(LATIN1_FALLBACK.get(ch, "?"))
    return "".join(out)


# ---------------------------------------------------------------- Markdown -> HTML fpdf2 can draw

_CELL = re.compile(r"<(t[dh])((?: [^>]*)?)>(.*?)</t[dh]>", re.S)
_TABLE = re.compile(r"<table>(.*?)</table>", re.S)


def markdown_html(text: str) -> str:
    import markdown

    html = markdown.markdown(text, extensions=["tables", "sane_lists"])
    html = re.sub(r"<(?![a-zA-Z/!])", "&lt;", html)   # a bare "a < b" left by Markdown
    # fpdf2 draws table cells as plain text: drop inline tags inside cells, align text left.
    html = _CELL.sub(lambda m: f'<{m.group(1)} align="left">{re.sub(r"<[^>]+>", "", m.group(3))}</{m.group(1)}>',
                     html)
    return _TABLE.sub(_sized_table, html)


def _sized_table(match: re.Match[str]) -> str:
    """Give the header cells widths in proportion to their column's text (fpdf2 splits evenly otherwise)."""
    body = match.group(1)
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    if not rows:
        return match.group(0)
    table = [[html_lib.unescape(c[2]) for c in _CELL.findall(r)] for r in rows]
    n = len(table[0])
    if n == 0 or any(len(r) != n for r in table):
        return match.group(0)
    # A column needs room for its longest word; beyond that, width follows its longest text.
    weight = [max(6.0, min(40, max(len(r[i]) for r in table)),
                  2.2 * max(len(w) for r in table for w in (r[i].split() or [""])))
              for i in range(n)]
    total = sum(weight)
    widths = [max(8, round(100 * w / total)) for w in weight]
    widths[-1] += 100 - sum(widths)
    it = iter(widths)
    first = re.sub(r"<th align=\"left\">", lambda _m: f'<th align="left" width="{next(it)}%">', rows[0], count=n)
    return '<table width="100%" border="1">' + body.replace(rows[0], first, 1) + "</table>"


# ---------------------------------------------------------------- PDF

BRAND = (31, 94, 168)


def render_pdf(doc: Document, text: str, fonts: Fonts | None) -> bytes:
    from fpdf import FPDF
    from fpdf.fonts import FontFace, TextStyle

    conv = (lambda s: s) if fonts else to_latin1
    sans, mono = ("Sans", "Mono") if fonts else ("helvetica", "courier")

    class Pdf(FPDF):
        def footer(self) -> None:  # noqa: D401 - fpdf2 hook
            if self.page_no() == 1:
                return
            self.set_y(-14)
            self.set_font(sans, "", 8)
            self.set_text_color(110, 116, 130)
            self.cell(0, 6, conv(f"Volland · {doc.title}"), align="L")
            self.set_x(self.l_margin)
            self.cell(0, 6, str(self.page_no()), align="R")

    pdf = Pdf(format="A4")
    pdf.set_margins(18, 18, 18)
    pdf.set_auto_page_break(True, margin=20)
    if fonts:
        for style, path in fonts.sans.items():
            pdf.add_font("Sans", style, str(path))
        for style, path in fonts.mono.items():
            pdf.add_font("Mono", style, str(path))
    pdf.set_title(conv(doc.title))
    pdf.set_author("Volland")
    pdf.set_subject(conv(doc.subtitle))
    pdf.set_lang(doc.language)
    pdf.set_creator("Volland")
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=UTC))

    # Cover
    pdf.add_page()
    pdf.set_fill_color(*BRAND)
    pdf.rect(0, 0, pdf.w, 8, style="F")
    pdf.set_y(70)
    pdf.set_font(sans, "B", 14)
    pdf.set_text_color(*BRAND)
    pdf.cell(0, 8, "VOLLAND", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    pdf.set_font(sans, "B", 26)
    pdf.set_text_color(20, 24, 33)
    pdf.multi_cell(0, 12, conv(doc.title), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font(sans, "", 13)
    pdf.set_text_color(80, 86, 100)
    pdf.multi_cell(0, 7, conv(doc.subtitle), new_x="LMARGIN", new_y="NEXT")

    # Body
    pdf.add_page()
    pdf.set_fill_color(255, 255, 255)
    pdf.set_draw_color(200, 204, 214)
    pdf.set_text_color(20, 24, 33)
    pdf.set_font(sans, "", 10)
    styles = {
        "h1": TextStyle(font_family=sans, font_style="B", font_size_pt=18, color=BRAND, t_margin=2, b_margin=4),
        "h2": TextStyle(font_family=sans, font_style="B", font_size_pt=14, color=BRAND, t_margin=6, b_margin=2),
        "h3": TextStyle(font_family=sans, font_style="B", font_size_pt=11.5, color=(20, 24, 33), t_margin=4,
                        b_margin=1),
        "code": FontFace(family=mono),
        "pre": TextStyle(font_family=mono, font_size_pt=8.5),
    }
    pdf.write_html(markdown_html(conv(text)), font_family=sans, tag_styles=styles,
                   table_line_separators=True)
    return bytes(pdf.output())


# ---------------------------------------------------------------- cache and route


def cache_dir() -> Path:
    return get_settings().var_dir / "documents"


def document_path(name: str) -> Path:
    """Render ``name`` if its cached PDF is missing or stale; return the cached file."""
    doc = DOCUMENTS.get(name)
    source = DOCS_DIR / doc.source if doc else None
    if source is None or not source.is_file():
        raise ApiError(404, "not_found", "This document is not available.")
    text = source.read_text(encoding="utf-8")
    fonts = find_fonts()
    key = hashlib.sha256("\0".join([RENDERER_VERSION, text, str(fonts)]).encode()).hexdigest()[:16]
    folder = cache_dir()
    target = folder / f"{name}-{key}.pdf"
    if target.is_file():
        return target
    data = render_pdf(doc, text, fonts)
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}-", suffix=".pdf")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, target)
    for old in folder.glob(f"{name}-*.pdf"):
        if old != target:
            old.unlink(missing_ok=True)
    return target


bp = Blueprint("documents", __name__)


@bp.get("/docs/<name>.pdf")
def download(name: str) -> Response:
    path = document_path(name)
    # Shown in the browser's viewer (inline); saving it proposes the download name.
    return send_file(path, mimetype="application/pdf", download_name=f"volland-{name}.pdf",
                     max_age=3600, etag=True, conditional=True)


def register(app: Flask) -> None:
    app.register_blueprint(bp)
