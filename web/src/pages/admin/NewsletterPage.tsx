// /admin/newsletter-emails: users on the newsletter list, with search, paging and CSV export.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { downloadEnlistedCsv, enlistedQuery, PAGE_SIZE } from '../../api/admin';
import { formatDate } from '../../lib/format';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../public/usePageTitle';

export default function NewsletterPage() {
  usePageTitle('Newsletter e-mails');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useQuery(enlistedQuery(search, page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <h1>Newsletter e-mails</h1>
      <div className="admin-toolbar">
        <label className="field">
          <span className="field-label">Search</span>
          <input className="field-input" type="search" value={search} placeholder="E-mail or name" onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </label>
        <Button
          variant="secondary"
          onClick={() => {
            setExportError(null);
            downloadEnlistedCsv(search).catch((e: Error) => setExportError(e.message));
          }}
        >
          Export CSV
        </Button>
      </div>
      {exportError && <p className="form-error">{exportError}</p>}
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <p className="form-error">The list could not be loaded.</p>
      ) : (
        <div className="admin-card">
          <table className="academy-table" data-testid="enlisted-users">
            <thead>
              <tr>
                <th>E-mail</th>
                <th>Name</th>
                <th>Joined</th>
                <th>Opted in at</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((u) => (
                <tr key={u.id}>
                  <td>{u.email}</td>
                  <td>{u.firstName}</td>
                  <td>{formatDate(u.enlistedAt)}</td>
                  <td>{u.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="admin-pager">
            <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {pages} · {list.data.total} total
            </span>
            <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
