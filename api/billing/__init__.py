"""Billing: who may buy what (service), the payment providers (Stripe, or the embedded provider that runs
on one machine without a payment account), and the processing of the provider's events into the user's
subscriptions, API credits and invoices (events). The model is described in docs/billing.md.
"""
