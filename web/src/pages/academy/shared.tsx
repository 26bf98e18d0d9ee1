// Pieces shared by the learner's academy pages.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { PageSpinner } from '../../components/Spinner';
import { pointsLabel } from '../../lib/format';
import './academy.css';

export function AcademyPage({ title, eyebrow, children, back }: { title: string; eyebrow?: string; children: ReactNode; back?: { to: string; label: string } }) {
  return (
    <main className="pub-page academy-page" aria-labelledby="academy-page-title">
      <div className="pub-container academy-container">
        {back && (
          <Link className="academy-back" to={back.to}>
            ← {back.label}
          </Link>
        )}
        {eyebrow && <p className="pub-eyebrow">{eyebrow}</p>}
        <h1 id="academy-page-title" className="academy-title">
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="academy-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={v} aria-label={label}>
      <div className="academy-progress__bar" style={{ width: `${v}%` }} />
      <span className="academy-progress__text">{v}%</span>
    </div>
  );
}

export function Points({ points }: { points: number }) {
  return (
    <span className="badge badge-accent academy-points" data-testid="academy-points">
      {pointsLabel(points)}
    </span>
  );
}

/** Loading, not-found and failure states of a query-backed academy page. */
export function QueryState({ error, what, missing = false }: { error: unknown; what: string; missing?: boolean }) {
  if (!error && !missing) return <PageSpinner />;
  const notFound = missing || (error instanceof ApiRequestError && error.status === 404);
  return (
    <AcademyPage title={notFound ? `This ${what} is not available` : 'Something went wrong'} back={{ to: '/academy', label: 'Academy' }}>
      <p className="muted">{notFound ? `The ${what} does not exist or is not published.` : 'The academy could not be loaded. Please try again.'}</p>
    </AcademyPage>
  );
}

export function numberParam(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : -1;
}
