import { useState } from 'react';
import type { KeyLevelsResponse, KeyLevelsRow } from '../../api/data';
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

function cellTitle(r: KeyLevelsRow, k: SortKey): string | undefined {
  if ((k === 'target' || k === 'lis') && !r.zeroDte) return 'No expiration today';
  if (k === 'expectedMove' && r.expectedMoveExpiration) return `Straddle ${level(r.expectedMoveStrike)} expiring ${r.expectedMoveExpiration}`;
  return undefined;
}

export default function WatchlistRenderer({ data, width, height }: { data: KeyLevelsResponse; width?: number; height: number }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = sortRows(data.rows, sort);
  const columns = visibleColumns(width ?? Infinity);
  return (
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
              </th>
              {r.note ? (
                <td colSpan={columns.length - 1} className="kl-note">{r.note}</td>
              ) : (
                columns.slice(1).map((c) => (
                  <td key={c.key} title={cellTitle(r, c.key)}>
                    <Cell r={r} k={c.key} />
                  </td>
                ))
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
