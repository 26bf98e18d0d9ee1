// /admin: users (search, tier, role, sign-up date, referral), job state, data freshness per source and
// the client error reports grouped by fingerprint.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminUsersQuery, clientErrorsQuery, freshnessQuery, jobsQuery, PAGE_SIZE } from '../../api/admin';
import { formatDate, formatDateTime } from '../../lib/format';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../public/usePageTitle';

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="admin-pager">
      <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages} · {total} total
      </span>
      <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}

function UsersCard() {
  const [search, setSearch] = useState('');
  const [tier, setTier] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const users = useQuery(adminUsersQuery({ search, tier, role, page }));
  return (
    <section className="admin-card" aria-labelledby="admin-users">
      <h2 id="admin-users">Users</h2>
      <div className="admin-toolbar">
        <label className="field">
          <span className="field-label">Search</span>
          <input className="field-input" type="search" value={search} placeholder="E-mail or name" onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </label>
        <label className="field">
          <span className="field-label">Tier</span>
          <select className="field-input" value={tier} onChange={(e) => { setTier(e.target.value); setPage(1); }}>
            <option value="">Any</option>
            <option value="live">Volland Live</option>
            <option value="30">Volland 30</option>
            <option value="3">Volland 3</option>
            <option value="basic">Volland Basic</option>
            <option value="none">No plan</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">Role</span>
          <select className="field-input" value={role} onChange={(e) => { setRole(e.target.value); setPage(1); }}>
            <option value="">Any</option>
            <option value="Admin">Admin</option>
            <option value="User">User</option>
          </select>
        </label>
      </div>
      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        <p className="form-error">Users could not be loaded.</p>
      ) : (
        <>
          <table className="academy-table">
            <thead>
              <tr>
                <th>E-mail</th>
                <th>Name</th>
                <th>Tier</th>
                <th>Roles</th>
                <th>Signed up</th>
                <th>Referral</th>
              </tr>
            </thead>
            <tbody>
              {users.data.items.map((u) => (
                <tr key={u.id}>
                  <td>{u.email}</td>
                  <td>{u.firstName}</td>
                  <td>{u.planName ?? '—'}</td>
                  <td>{u.roles.join(', ')}</td>
                  <td>{formatDate(u.createdAt)}</td>
                  <td>{u.referral ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={users.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function JobsCard() {
  const jobs = useQuery(jobsQuery());
  return (
    <section className="admin-card" aria-labelledby="admin-jobs">
      <h2 id="admin-jobs">Jobs</h2>
      {jobs.isPending ? (
        <PageSpinner />
      ) : jobs.isError ? (
        <p className="form-error">{(jobs.error as Error).message || 'The job state could not be loaded.'}</p>
      ) : (
        <>
          <p>
            Stalled: <strong>{jobs.data.stall?.stalled ? 'yes' : 'no'}</strong> · Last published:{' '}
            {jobs.data.lastPublished?.at ? formatDateTime(String(jobs.data.lastPublished.at)) : '—'} · Last failure:{' '}
            {jobs.data.lastFailure ? String(jobs.data.lastFailure.error ?? jobs.data.lastFailure.event ?? 'yes') : 'none'}
          </p>
          <table className="academy-table">
            <thead>
              <tr>
                <th>Queue</th>
                <th>Queued</th>
                <th>Started</th>
                <th>Finished</th>
                <th>Failed</th>
              </tr>
            </thead>
            <tbody>
              {(jobs.data.queues ?? []).map((q) => (
                <tr key={String(q.name)}>
                  <td>{String(q.name)}</td>
                  <td>{String(q.queued ?? 0)}</td>
                  <td>{String(q.started ?? 0)}</td>
                  <td>{String(q.finished ?? 0)}</td>
                  <td>{String(q.failed ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">Workers: {(jobs.data.workers ?? []).length} · Schedulers: {(jobs.data.schedulers ?? []).length}</p>
        </>
      )}
    </section>
  );
}

function FreshnessCard() {
  const fresh = useQuery(freshnessQuery());
  return (
    <section className="admin-card" aria-labelledby="admin-freshness">
      <h2 id="admin-freshness">Data freshness</h2>
      {fresh.isPending ? (
        <PageSpinner />
      ) : fresh.isError ? (
        <p className="form-error">Freshness could not be loaded.</p>
      ) : (
        <table className="academy-table">
          <thead>
            <tr>
              <th>Source</th>
              <th>Delay</th>
              <th>Tickers</th>
              <th>Latest snapshot</th>
            </tr>
          </thead>
          <tbody>
            {fresh.data.sources.map((s) => (
              <tr key={s.source}>
                <td>
                  {s.label}
                  {s.configured ? ' (scheduled)' : ''}
                </td>
                <td>{s.delaySeconds === null ? 'historical' : `${Math.round(s.delaySeconds / 60)} min`}</td>
                <td>{s.tickers}</td>
                <td>{s.lastPublished ? formatDateTime(s.lastPublished) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ErrorsCard() {
  const [page, setPage] = useState(1);
  const errors = useQuery(clientErrorsQuery(page));
  return (
    <section className="admin-card" aria-labelledby="admin-errors">
      <h2 id="admin-errors">Client error reports</h2>
      {errors.isPending ? (
        <PageSpinner />
      ) : errors.isError ? (
        <p className="form-error">Error reports could not be loaded.</p>
      ) : errors.data.items.length === 0 ? (
        <p className="muted">No reports.</p>
      ) : (
        <>
          <table className="academy-table" data-testid="client-errors">
            <thead>
              <tr>
                <th>Kind</th>
                <th>Message</th>
                <th>Route</th>
                <th>Release</th>
                <th>Count</th>
                <th>Last seen</th>
              </tr>
            </thead>
            <tbody>
              {errors.data.items.map((g) => (
                <tr key={g.id}>
                  <td>{g.kind}</td>
                  <td>
                    <details>
                      <summary>{g.message}</summary>
                      <div className="admin-stack">{g.stack || 'No stack'}</div>
                    </details>
                  </td>
                  <td>{g.route}</td>
                  <td>{g.release}</td>
                  <td>{g.count}</td>
                  <td>{formatDateTime(g.lastSeen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={errors.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

export default function DashboardPage() {
  usePageTitle('Admin Dashboard');
  return (
    <>
      <h1>Admin Dashboard</h1>
      <UsersCard />
      <JobsCard />
      <FreshnessCard />
      <ErrorsCard />
    </>
  );
}
