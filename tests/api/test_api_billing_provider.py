"""Which payment provider sells, and what a start says about it: without a Stripe key and without an
explicit choice nothing can be bought (503 billing_unavailable); the embedded provider (test payments) is
an explicit development and demo choice, announced at a production start and on every page that sells."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from api import catalog
from api.billing.providers import _products_cache
from volland.settings import Settings

LIVE = catalog.TIERS["live"]
PAYMENT_ENV = ("VOLLAND_BILLING_PROVIDER", "VOLLAND_STRIPE_SECRET_KEY", "VOLLAND_STRIPE_WEBHOOK_SECRET")


@pytest.fixture
def no_payment_setting(monkeypatch):
    for key in PAYMENT_ENV:
        monkeypatch.delenv(key, raising=False)


def test_the_provider_is_stripe_with_a_key_else_off_unless_chosen(monkeypatch, no_payment_setting):
    assert Settings().billing_provider_name == "off"
    monkeypatch.setenv("VOLLAND_STRIPE_SECRET_KEY", "sk_live_x")
    assert Settings().billing_provider_name == "stripe"
    monkeypatch.delenv("VOLLAND_STRIPE_SECRET_KEY")
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", " Embedded ")
    assert Settings().billing_provider_name == "embedded"


def test_make_run_chooses_test_payments_explicitly():
    from volland.run import choose_test_payments

    env: dict[str, str] = {}
    assert choose_test_payments(env) is True and env["VOLLAND_BILLING_PROVIDER"] == "embedded"
    # The operator's own payment setting is kept.
    stripe = {"VOLLAND_STRIPE_SECRET_KEY": "sk_live_x"}
    assert choose_test_payments(stripe) is False and "VOLLAND_BILLING_PROVIDER" not in stripe
    off = {"VOLLAND_BILLING_PROVIDER": "off"}
    assert choose_test_payments(off) is False and off["VOLLAND_BILLING_PROVIDER"] == "off"


def test_without_stripe_or_a_choice_nothing_can_be_bought(make_app, h, no_payment_setting):
    client = make_app().test_client()
    tokens = h.signup(client)
    headers = h.bearer(tokens["accessToken"])
    # The catalogue is still listed (the plans and their prices), marked as not for sale here.
    listed = client.get("/api/v1/stripe/products").get_json()
    assert listed["payments"] == "off" and len(listed["products"]) == 4
    packs = client.get("/api/v1/stripe/products?productType=volland-api").get_json()
    assert packs["payments"] == "off" and packs["products"]
    for resp in (client.get(f"/api/v1/stripe/checkout-session/{LIVE.price_id}", headers=headers),
                 client.post("/api/v1/stripe/portal-session", headers=headers)):
        h.assert_error(resp, 503, "billing_unavailable")
    assert client.get("/api/v1/users", headers=headers).get_json()["tier"] is None


def test_embedded_checkout_links_stop_when_the_provider_changes(make_app, h, db_url, monkeypatch,
                                                                no_payment_setting):
    """A checkout opened while the embedded provider sold cannot be paid once it no longer does."""
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", "embedded")
    client = make_app().test_client()
    tokens = h.signup(client)
    url = client.get(f"/api/v1/stripe/checkout-session/{LIVE.price_id}",
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    portal = client.post("/api/v1/stripe/portal-session", headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    path = urlsplit(url).path
    monkeypatch.delenv("VOLLAND_BILLING_PROVIDER")
    for resp in (client.get(path), client.post(f"{path}/pay"), client.get(urlsplit(portal).path)):
        assert resp.status_code == 503 and b"not available" in resp.data
    assert client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()["tier"] is None


@pytest.mark.parametrize("env, payments", [
    ({"VOLLAND_BILLING_PROVIDER": "embedded"}, "test"),
    ({"VOLLAND_BILLING_PROVIDER": "off"}, "off"),
    ({"VOLLAND_BILLING_PROVIDER": "stripe"}, "off"),  # chosen without a key: nothing can be bought
    ({"VOLLAND_STRIPE_SECRET_KEY": "sk_test_local"}, "test"),  # Stripe's test mode
    ({"VOLLAND_STRIPE_SECRET_KEY": "sk_live_local"}, "real"),
])
def test_products_say_whether_payments_are_test_payments(make_app, monkeypatch, httpserver, no_payment_setting,
                                                         env, payments):
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("VOLLAND_STRIPE_API_BASE", httpserver.url_for("").rstrip("/"))
    httpserver.expect_request("/v1/products", method="GET").respond_with_json(
        {"object": "list", "url": "/v1/products", "has_more": False, "data": []})
    _products_cache.clear()
    try:
        body = make_app().test_client().get("/api/v1/stripe/products").get_json()
    finally:
        _products_cache.clear()
    assert body["payments"] == payments


def test_embedded_pages_say_test_payments_first(client, h):
    tokens = h.signup(client)
    url = client.get(f"/api/v1/stripe/checkout-session/{LIVE.price_id}",
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    page = client.get(urlsplit(url).path).get_data(as_text=True)
    banner = page.index('data-testid="test-payments"')
    assert banner < page.index("checkout-pay") and "Test payments" in page[banner:banner + 300]


# ---------------------------------------------------------------- what a start says

def _serve(monkeypatch, db_url, *args: str):
    from volland.cli import cli

    started = []

    def execv(path, argv):  # gunicorn replaces the process here; the test stops instead
        started.append(argv)
        raise SystemExit(0)

    monkeypatch.setattr("os.execv", execv)
    monkeypatch.setenv("VOLLAND_DATABASE_URL", db_url)
    monkeypatch.setenv("VOLLAND_SECRET_KEY", "k" * 40)
    result = CliRunner().invoke(cli, ["serve", *args])
    return result, started


def test_production_start_with_the_embedded_provider_warns(monkeypatch, db_url, no_payment_setting):
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", "embedded")
    result, started = _serve(monkeypatch, db_url)
    assert result.exit_code == 0 and started, result.output
    warning = [line for line in result.stderr.splitlines() if "Test payments" in line]
    assert len(warning) == 1 and warning[0].startswith("WARNING")
    assert "nothing is charged" in warning[0] and "VOLLAND_STRIPE_SECRET_KEY" in warning[0]


def test_production_start_without_payments_says_purchasing_is_off(monkeypatch, db_url, no_payment_setting):
    result, started = _serve(monkeypatch, db_url)
    assert result.exit_code == 0 and started
    assert "503" in result.stderr and "VOLLAND_STRIPE_SECRET_KEY" in result.stderr
    assert "Test payments" not in result.stderr


def test_production_start_with_stripe_says_nothing_about_payments(monkeypatch, db_url, no_payment_setting):
    monkeypatch.setenv("VOLLAND_STRIPE_SECRET_KEY", "sk_live_x")
    result, started = _serve(monkeypatch, db_url)
    assert result.exit_code == 0 and started and result.stderr == ""


def test_unknown_provider_stops_the_start_in_one_line(monkeypatch, db_url, no_payment_setting):
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", "paypal")
    result, started = _serve(monkeypatch, db_url)
    assert result.exit_code == 2 and not started
    assert "VOLLAND_BILLING_PROVIDER" in result.stderr and len(result.stderr.strip().splitlines()) == 1
