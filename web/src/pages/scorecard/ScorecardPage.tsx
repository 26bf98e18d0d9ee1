// The levels scorecard of one ticker (methodology §4.21): for each level kind how often spot touched it
// within the session and how often it held, and how often a paradigm's target was reached, each with its
// sample size and 95 % interval, as of the plan's latest data; labelled simulated on the demo market.
// A table from the small-tablet breakpoint up, one card per level below it (app spec §9).
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatInterval, formatPercent, formatRate, LEVELS, scorecardPath, scorecardQuery, type Scorecard } from '../../api/alerts';
import { ApiRequestError } from '../../api/client';
import { BREAKPOINTS } from '../../domain/breakpoints';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';

type Rate = Scorecard['levels']['paradigmTarget'];

/** Below the `sm` breakpoint (640 px) the scorecard is a list of cards. */
const NARROW_QUERY = `(max-width: ${BREAKPOINTS.sm - 1}px)`;

function useNarrow(): boolean {
  const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);
  const [narrow, setNarrow] = useState(() => media()?.matches ?? false);
  useEffect(() => {
    const m = media();
    if (!m) return undefined;
    const change = () => setNarrow(m.matches);
    change();
    m.addEventListener('change', change);
    return () => m.removeEventListener('change', change);
  }, []);
  return narrow;
}

function RateCells({ r }: { r: Rate }) {
  return (
    <>
      <td data-label="Rate">{formatPercent(r)}</td>
      <td data-label="Sample">{r.n ? `${r.k} of ${r.n}` : 'none'}</td>
      <td data-label="95 % CI">{formatInterval(r) || '–'}</td>
    </>
  );
}

function ScorecardTable({ card }: { card: Scorecard }) {
  return (
    <div className="table-scroll">
      <table className="table scorecard-table" aria-label="Levels scorecard" data-testid="scorecard-table">
        <caption className="visually-hidden">
          {card.ticker}: touched and held rates per level, sample sizes and 95 % intervals, as of {formatDateTime(card.asOf)}
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>Level</th>
            <th scope="colgroup" colSpan={3}>Touched within the session</th>
            <th scope="colgroup" colSpan={3}>Held when touched</th>
          </tr>
          <tr>
            <th scope="col">Rate</th><th scope="col">Sessions</th><th scope="col">95 % CI</th>
            <th scope="col">Rate</th><th scope="col">Touches</th><th scope="col">95 % CI</th>
          </tr>
        </thead>
        <tbody>
          {LEVELS.map((l) => (
            <tr key={l.value} data-testid="scorecard-row" data-level={l.value}>
              <th scope="row">{l.label}</th>
              <RateCells r={card.levels[l.value].touch} />
              <RateCells r={card.levels[l.value].hold} />
            </tr>
          ))}
          <tr data-testid="scorecard-row" data-level="paradigmTarget">
            <th scope="row">Paradigm target reached</th>
            <RateCells r={card.levels.paradigmTarget} />
            <td colSpan={3} className="muted">GEX and AG sessions with a target</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function ScorecardCards({ card }: { card: Scorecard }) {
  return (
    <ul className="plain-list scorecard-cards" aria-label="Levels scorecard" data-testid="scorecard-cards">
      {LEVELS.map((l) => (
        <li key={l.value} className="card" data-testid="scorecard-row" data-level={l.value}>
          <h2>{l.label}</h2>
          <dl>
            <dt>Touched within the session</dt>
            <dd>{formatRate(card.levels[l.value].touch)}</dd>
            <dt>Held when touched</dt>
            <dd>{formatRate(card.levels[l.value].hold)}</dd>
          </dl>
        </li>
      ))}
      <li className="card" data-testid="scorecard-row" data-level="paradigmTarget">
        <h2>Paradigm target</h2>
        <dl>
          <dt>Reached</dt>
          <dd>{formatRate(card.levels.paradigmTarget)}</dd>
        </dl>
      </li>
    </ul>
  );
}

function errorText(err: Error): string {
  if (err instanceof ApiRequestError && err.status === 403) return 'The levels scorecard comes with a plan.';
  return err.message || 'The scorecard could not be loaded.';
}

export default function ScorecardPage() {
  const { ticker: raw = 'SPX' } = useParams();
  const ticker = raw.trim().toUpperCase();
  const [input, setInput] = useState(ticker);
  const navigate = useNavigate();
  const narrow = useNarrow();
  const card = useQuery(scorecardQuery(ticker));
  useEffect(() => setInput(ticker), [ticker]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = input.trim().toUpperCase();
    if (next && next !== ticker) navigate(scorecardPath(next));
  };

  return (
    <main className="page scorecard-page" aria-labelledby="scorecard-page-title" data-testid="scorecard-page">
      <h1 id="scorecard-page-title">Levels scorecard: {ticker}</h1>
      <form className="inline-form" role="search" aria-label="Scorecard of another ticker" onSubmit={submit}>
        <TextField label="Ticker" name="scorecardTicker" value={input} onChange={(e) => setInput(e.target.value)} maxLength={16} />
        <Button type="submit" variant="secondary">Show</Button>
      </form>
      {card.isPending ? (
        <PageSpinner />
      ) : card.isError ? (
        <div className="card" data-testid="scorecard-error">
          <p className="form-error" role="alert">{errorText(card.error)}</p>
          <p><Button variant="secondary" onClick={() => void card.refetch()}>Try again</Button> <Link to="/app/user-settings/alerts">Alert settings</Link></p>
        </div>
      ) : (
        <>
          <p className="muted" data-testid="scorecard-as-of">
            As of {formatDateTime(card.data.asOf)}: {card.data.sessions} closed sessions
            {card.data.firstSession ? ` (${card.data.firstSession} to ${card.data.lastSession})` : ''}.
          </p>
          {card.data.simulated && (
            <p className="badge badge-accent" data-testid="scorecard-simulated">Simulated: the demo market, not a real one.</p>
          )}
          {card.data.sessions === 0 ? (
            <p className="card" data-testid="scorecard-empty">
              No session of {card.data.ticker} has closed with published levels by then, so there is no record yet.
            </p>
          ) : narrow ? (
            <ScorecardCards card={card.data} />
          ) : (
            <ScorecardTable card={card.data} />
          )}
          <p className="muted">
            Touched: a later snapshot of the session has spot at or beyond the level published at its first snapshot.
            Held: after the touch, spot turned back by {card.data.holdDistancePercent} % of the level before going through it by as much.
            Each rate shows its sample and a {Math.round(100 * card.data.confidence)} % Wilson interval (methodology §4.21).
          </p>
          <p><Link to="/app/user-settings/alerts">Set an alert on {card.data.ticker}</Link></p>
        </>
      )}
    </main>
  );
}
