import { useQuery } from '@tanstack/react-query';
import { invoicesQuery, userQuery } from '../../api/users';
import { formatCurrency, formatDate } from '../../lib/format';
import { PageSpinner } from '../../components/Spinner';

export default function InvoicesPage() {
  const user = useQuery(userQuery());
  const invoices = useQuery({ ...invoicesQuery(user.data?.id ?? 0), enabled: Boolean(user.data) });
  if (user.isPending || invoices.isPending) return <PageSpinner />;
  if (invoices.isError) return <p className="form-error" role="alert">{invoices.error.message}</p>;
  return (
    <section aria-labelledby="invoices-title">
      <h2 id="invoices-title">Invoices</h2>
      {invoices.data.length === 0 ? (
        <p className="muted" data-testid="invoices-empty">
          No invoices yet. Invoices of your subscription payments appear here.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Number</th>
                <th scope="col">Description</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.map((inv) => (
                <tr key={inv.id}>
                  <td>{formatDate(inv.createdAt)}</td>
                  <td className="mono">{inv.number}</td>
                  <td>{inv.description ?? ''}</td>
                  <td>{formatCurrency(inv.amount, { currency: inv.currency.toUpperCase() })}</td>
                  <td className="capitalize">{inv.status}</td>
                  <td>
                    {inv.pdfUrl ? (
                      <a href={inv.pdfUrl} target="_blank" rel="noopener noreferrer">
                        PDF
                      </a>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
