import { useId, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPercent, formatRate, scorecardPath, scorecardQuery, type Scorecard, type ScorecardLevel } from '../../api/alerts';
import type { KeyLevelsResponse, KeyLevelsRow } from '../../api/data';
import { useSession } from '../../api/session';
import { Tooltip } from '../../components/Tooltip';
import { formatDateTime } from '../../lib/format';
import { signOf } from '../shared/colors';
import { TickerLink } from '../shared/tickerLink';
import { cell, change, level, lisCell, nextSort, percentOfSpot, sortRows, visibleColumns, type SortKey, type SortState } from './transform';

function Level({ value, delta, d }: { value: string; delta: string; d: number | null }) {
  return (
    <>
      <span className="kl-value">{value}</span>
      {delta ? (
        <span className="kl-change" data-sign={signOf(d)}>
          {delta}
        </span>
      ) : null}
    </>
  );
}

/** Each column's cell of a row with figures. */
function Cell({ r, k }: { r: KeyLevelsRow; k: SortKey }) {
  switch (k) {
    case 'spot':
    case 'callWall':
    case 'putWall':
    case 'zeroGamma': {
      const [value, delta, d] = cell(r, k);
      return <Level value={value} delta={delta} d={d} />;
    }
    case 'target': {
      if (!r.zeroDte) return <span className="kl-value">—</span>;
      const [value, delta, d] = cell(r, 'target');
      return <Level value={value} delta={delta} d={d} />;
    }
    case 'lis': {
      if (!r.zeroDte) return <span className="kl-value">—</span>;
      const [value, delta, d] = lisCell(r);
      return <Level value={value} delta={delta} d={d} />;
    }
    case 'expectedMove':
      return (
        <>
          <span className="kl-value">{r.expectedMove === null ? '—' : `±${level(r.expectedMove)}`}</span>
          <span className="kl-change">
            <span className="kl-pct">{percentOfSpot(r.expectedMovePercent)}</span>
            {r.expectedMoveChange !== null ? (
              <span data-sign={signOf(r.expectedMoveChange)}> {change(r.expectedMoveChange)}</span>
            ) : null}
          </span>
        </>
      );
    default:
      return null;
  }
}

/** The scorecard level of a column (methodology §4.21), if it has one. */
const RECORD_OF: Partial<Record<SortKey, ScorecardLevel>> = {
  callWall: 'callWall', putWall: 'putWall', zeroGamma: 'zeroGamma', target: 'target', lis: 'lis',
};
const RECORD_LABEL: Record<ScorecardLevel, string> = {
  zeroGamma: 'Zero gamma', callWall: 'Call wall', putWall: 'Put wall', target: '0DTE target', lis: 'LIS',
};

/** A level's record under its value: the hold rate (the target: how often it was reached) and its sample,
 * the whole record with intervals in the tooltip. */
export function RecordLine({ card, kind }: { card: Scorecard; kind: ScorecardLevel }) {
  const rec = card.levels[kind];
  const shown = kind === 'target' ? card.levels.paradigmTarget : rec.hold;
  const verb = kind === 'target' ? 'reached' : 'held';
  const text = shown.n ? `${verb} ${formatPercent(shown)} · n ${shown.n}` : `${verb}: no sample`;
  const tip = (
    <>
      {RECORD_LABEL[kind]}, {card.ticker}, sessions closed by {formatDateTime(card.asOf)}{card.simulated ? ' (simulated market)' : ''}:
      touched in {formatRate(rec.touch)}; held in {formatRate(rec.hold)}
      {kind === 'target' ? `; paradigm target reached in ${formatRate(card.levels.paradigmTarget)}` : ''}.
    </>
  );
  return (
    <Tooltip content={tip} portal width={300}>
      <span className="kl-record" tabIndex={0} data-testid="kl-record" data-level={kind}>{text}</span>
    </Tooltip>
  );
}

function cellTitle(r: KeyLevelsRow, k: SortKey): string | undefined {
  if ((k === 'target' || k === 'lis') && !r.zeroDte) return 'No expiration today';
  if (k === 'expectedMove' && r.expectedMoveExpiration) return `Straddle ${level(r.expectedMoveStrike)} expiring ${r.expectedMoveExpiration}`;
  return undefined;
}

/** Each row's levels scorecard as of the row's snapshot time (nothing after the widget's time). */
function useRecords(rows: readonly KeyLevelsRow[]): Map<string, Scorecard> {
  const picked = rows.filter((r) => r.lastModified && !r.note);
  const results = useQueries({ queries: picked.map((r) => ({ ...scorecardQuery(r.ticker, r.lastModified), retry: false })) });
  const out = new Map<string, Scorecard>();
  picked.forEach((r, i) => {
    const d = results[i]?.data;
    if (d) out.set(r.ticker, d);
  });
  return out;
}

const TOOLBAR_PX = 30;
const NO_RECORDS = new Map<string, Scorecard>();

interface TableProps {
  data: KeyLevelsResponse;
  width?: number;
  height: number;
  sort: SortState | null;
  setSort: (f: (s: SortState | null) => SortState) => void;
  records: Map<string, Scorecard>;
  showRecord: boolean;
}

/** The table with the records loaded (only while the record is shown: the plain table asks nothing more). */
function TableWithRecords(props: Omit<TableProps, 'records'>) {
  const records = useRecords(props.data.rows);
  return <Table {...props} records={records} />;
}

function Table({ data, width, height, sort, setSort, records, showRecord }: TableProps) {
  const rows = sortRows(data.rows, sort);
  const columns = visibleColumns(width ?? Infinity);
  const simulated = [...records.values()].some((c) => c.simulated);
  return (
    <>
      {showRecord && simulated ? <span className="badge kl-record-badge" data-testid="kl-record-simulated">Simulated record: demo market</span> : null}
      <div className="ws-screener kl-table" style={{ maxHeight: height, overflow: 'auto' }}>
        <table>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" aria-sort={sort?.key === c.key ? sort.dir : 'none'} title={c.title}>
                  <button type="button" className="kl-sort" data-testid={`sort-${c.key}`} onClick={() => setSort((s) => nextSort(s, c.key))}>
                    {c.label}
                    <span aria-hidden="true" className="kl-sort-mark">{sort?.key === c.key ? (sort.dir === 'ascending' ? '▲' : '▼') : ''}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.ticker} data-testid="key-levels-row" data-ticker={r.ticker}>
                <th scope="row">
                  <TickerLink ticker={r.ticker} />
                  {showRecord && records.has(r.ticker) ? (
                    <Link className="kl-record-link" to={scorecardPath(r.ticker)} data-testid="kl-scorecard-link" aria-label={`${r.ticker} levels scorecard`}>
                      scorecard
                    </Link>
                  ) : null}
                </th>
                {r.note ? (
                  <td colSpan={columns.length - 1} className="kl-note">{r.note}</td>
                ) : (
                  columns.slice(1).map((c) => (
                    <td key={c.key} title={cellTitle(r, c.key)}>
                      <Cell r={r} k={c.key} />
                      {showRecord && RECORD_OF[c.key] && records.has(r.ticker) ? <RecordLine card={records.get(r.ticker)!} kind={RECORD_OF[c.key]!} /> : null}
                    </td>
                  ))
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export default function WatchlistRenderer({ data, width, height }: { data: KeyLevelsResponse; width?: number; height: number }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const { signedIn } = useSession();
  const [showRecord, setShowRecord] = useState(false);
  const describe = useId();
  const on = signedIn && showRecord;
  const props = { data, width, height: signedIn ? height - TOOLBAR_PX : height, sort, setSort, showRecord: on };
  return (
    <div className="kl-widget">
      {signedIn ? (
        <div className="kl-toolbar">
          <button type="button" className="kl-record-toggle" aria-pressed={showRecord} aria-describedby={describe} data-testid="kl-record-toggle" onClick={() => setShowRecord((v) => !v)}>
            Record
          </button>
          <span id={describe} className="visually-hidden">
            Under each level, how often it held in past sessions (the 0DTE target: how often a paradigm's target was reached) with the sample size; the full record with its 95 % interval in the level's tooltip (methodology §4.21).
          </span>
        </div>
      ) : null}
      {on ? <TableWithRecords {...props} /> : <Table {...props} records={NO_RECORDS} />}
    </div>
  );
}
