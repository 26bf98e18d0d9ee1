"""The public site's claims are backed by what the product holds, or are not made (issue: marketing claims).

- "more than N equities, ETFs and indexes" on the home page: the universe the default install builds
  (``make run`` builds every ticker of ``data.universe``) holds more than N symbols, all of those kinds.
- "About 85 % of vanna and vega assumed hedged" and "12-month relative value history" have no rule in
  docs/methodology.md that the code applies, so the site does not say them; the FAQ says no hedge is assumed.
"""

from __future__ import annotations

import re
from pathlib import Path

from data import universe

ROOT = Path(__file__).resolve().parents[1]
SITE = [p for p in (ROOT / "web" / "src").rglob("*.ts*") if ".test." not in p.name and p.name != "schema.d.ts"]


def _site_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SITE)


def test_the_home_page_count_of_underlyings_is_what_the_universe_holds():
    home = (ROOT / "web" / "src" / "pages" / "public" / "HomePage.tsx").read_text(encoding="utf-8")
    claim = re.search(r"more than (\d+) equities, ETFs and indexes", " ".join(home.split()))
    assert claim, "the home page states how many underlyings it covers"
    held = universe.universe()
    assert len(held) > int(claim.group(1))
    assert {t.kind for t in held} <= {"index", "etf", "stock", "vol_index"}


def test_claims_without_a_rule_are_not_made():
    text = " ".join(_site_text().split()).lower()
    for phrase in ("assumed hedged", "85 % of vanna", "85% of vanna", "12-month relative value", "12 month relative value"):
        assert phrase not in text, phrase
    methodology = (ROOT / "docs" / "methodology.md").read_text(encoding="utf-8").lower()
    assert "assumed hedged" not in methodology
    faq = (ROOT / "web" / "src" / "content" / "faq.ts").read_text(encoding="utf-8")
    assert "We do not assume any share of the book is already hedged" in faq
