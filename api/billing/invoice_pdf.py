"""An invoice of the embedded provider as a PDF (the portal's "Download PDF"): the same fpdf2 writer and
built-in fonts as the documentation PDFs (``api.documents``). Stripe's invoices carry Stripe's own PDF."""

from __future__ import annotations

from fpdf import FPDF

from api.documents import to_latin1
from api.models import Invoice, User

TEST_PAYMENTS_NOTE = "Test payments: nothing was charged. This invoice is for development and demos."


def _money(cents: int, currency: str) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) / 100:,.2f}" if currency.lower() == "usd" else f"{cents / 100:,.2f} {currency.upper()}"


def invoice_pdf(invoice: Invoice, user: User, site_name: str) -> bytes:
    """The invoice's number, date, billed customer, lines, total and status, marked as test payments."""
    pdf = FPDF(format="A4")
    pdf.set_title(to_latin1(f"Invoice {invoice.number}"))
    pdf.set_author(to_latin1(site_name))
    pdf.set_creation_date(invoice.created_at)
    pdf.add_page()
    width = pdf.w - pdf.l_margin - pdf.r_margin

    pdf.set_font("Helvetica", "B", 20)
    pdf.cell(width, 10, to_latin1(site_name), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(width, 9, to_latin1(f"Invoice {invoice.number}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(width, 6, f"Date: {invoice.created_at:%d %b %Y}", new_x="LMARGIN", new_y="NEXT")
    pdf.cell(width, 6, to_latin1(f"Billed to: {user.email}"), new_x="LMARGIN", new_y="NEXT")
    pdf.cell(width, 6, f"Status: {invoice.status}", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_fill_color(255, 243, 205)
    pdf.set_font("Helvetica", "B", 10)
    pdf.multi_cell(width, 7, TEST_PAYMENTS_NOTE, border=1, fill=True, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)

    amount_w = 45
    pdf.set_font("Helvetica", "B", 10)
    pdf.cell(width - amount_w, 8, "Description", border="B")
    pdf.cell(amount_w, 8, "Amount", border="B", align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    amount = _money(invoice.amount_cents, invoice.currency)
    pdf.cell(width - amount_w, 8, to_latin1(invoice.description or "Subscription"))
    pdf.cell(amount_w, 8, amount, align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(width - amount_w, 9, "Total", border="T")
    pdf.cell(amount_w, 9, amount, border="T", align="R", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
