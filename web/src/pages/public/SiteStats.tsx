import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/Spinner';
import { siteStatsQuery, type SiteStats as Stats } from '../../api/stats';
import { formatCompactCount, formatCount } from './format';
import { errorMessage } from '../../api/client';

const STATS: { key: keyof Stats; label: string }[] = [
  { key: 'totalTrades', label: 'Total trades' },
  { key: 'currentOpenTrades', label: 'Total active options' },
  { key: 'numberTickers', label: 'Amount of tickers' },
];

/** The three 'About our data' figures from `GET public-data/volland-stats`. */
export function SiteStats() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(siteStatsQuery());

  if (isPending) {
    return (
      <div className="pub-stats pub-stats--loading" aria-busy="true">
        <Spinner label="Loading statistics" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="pub-stats pub-stats--error" role="alert">
        <p>{errorMessage(error, 'The statistics are unavailable right now.')}</p>
        <button type="button" className="pub-button pub-button--secondary" onClick={() => refetch()} disabled={isFetching}>
          {isFetching ? 'Retrying…' : 'Try again'}
        </button>
      </div>
    );
  }
  return (
    <dl className="pub-stats">
      {STATS.map(({ key, label }) => {
        const value = Number(data[key]);
        return (
          <div key={key} className="pub-stats__item" data-testid={`stat-${key}`}>
            <dt>{label}</dt>
            <dd title={Number.isFinite(value) ? formatCount(value) : undefined}>
              {Number.isFinite(value) ? formatCompactCount(value) : '—'}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
