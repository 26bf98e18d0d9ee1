"""The public site's claims are backed by what the product computes and stores (issue: marketing claims).

Each claim the home page and the FAQ make about coverage, history or method is checked against its source:
the ticker universe, the demo's history span and the methodology. A claim that outgrows its source fails
here instead of reaching a visitor."""

from __future__ import annotations

import re
from pathlib import Path

from data import universe
from data.orchestration.demo import PROFILES

ROOT = Path(__file__).resolve().parents[1]
HOME = (ROOT / "web" / "src" / "pages" / "public" / "HomePage.tsx").read_text()
FAQ = (ROOT / "web" / "src" / "content" / "faq.ts").read_text()
METHODOLOGY = (ROOT / "docs" / "methodology.md").read_text()


def test_the_ticker_count_on_the_home_page_is_held():
    claimed = re.search(r"more than\s+(\d+)\s+equities, ETFs and indexes", HOME, re.S)
    assert claimed, "the home page states its coverage"
    assert len(universe.symbols()) > int(claimed.group(1))


def test_the_ticker_count_in_the_faq_is_held_and_of_those_kinds():
    claimed = re.search(r"Over\s+(\d+)\s+US equities, ETFs and indexes, including ([A-Z, and]+) with", FAQ)
    assert claimed, "the FAQ states its coverage"
    assert len(universe.symbols()) > int(claimed.group(1))
    assert {t.kind for t in universe.universe()} <= {"index", "etf", "stock", "vol_index"}
    named = re.findall(r"[A-Z]{2,}", claimed.group(2))
    assert named and set(named) <= set(universe.symbols())


def test_twelve_months_of_history_are_held_by_the_demo_data_set():
    assert "Twelve months of daily greek aggregates" in FAQ
    assert PROFILES["full"].year_days >= 365


def test_no_hedged_share_is_claimed_that_the_methodology_does_not_apply():
    """A share of exposure 'assumed hedged' would change every served figure; the methodology defines none,
    so neither may the site."""
    percent_hedged = re.findall(r"(\d+)\s*%[^.'\"]*hedged", FAQ + HOME)
    for share in percent_hedged:
        assert re.search(rf"{share}\s*%[^.]*hedged", METHODOLOGY), f"{share}% hedged is not in the methodology"
    assert not percent_hedged
