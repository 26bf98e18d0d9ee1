import { useState } from 'react';
import type { KeyLevelsResponse } from '../../api/data';
import { signOf } from '../shared/colors';
import { TickerLink } from '../shared/tickerLink';
import { COLUMNS, cell, change, level, lisCell, nextSort, percentOfSpot, sortRows, type SortState } from './transform';

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

export default function WatchlistRenderer({ data, height }: { data: KeyLevelsResponse; height: number }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = sortRows(data.rows, sort);
  return (
    <div className="ws-screener kl-table" style={{ maxHeight: height, overflow: 'auto' }}>
      <table>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
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
                <td colSpan={COLUMNS.length - 1} className="kl-note">{r.note}</td>
              ) : (
                <>
                  <td><Level value={cell(r, 'spot')[0]} delta={cell(r, 'spot')[1]} d={cell(r, 'spot')[2]} /></td>
                  <td><Level value={cell(r, 'callWall')[0]} delta={cell(r, 'callWall')[1]} d={cell(r, 'callWall')[2]} /></td>
                  <td><Level value={cell(r, 'putWall')[0]} delta={cell(r, 'putWall')[1]} d={cell(r, 'putWall')[2]} /></td>
                  <td><Level value={cell(r, 'zeroGamma')[0]} delta={cell(r, 'zeroGamma')[1]} d={cell(r, 'zeroGamma')[2]} /></td>
                  <td title={r.zeroDte ? undefined : 'No expiration today'}>
                    {r.zeroDte ? <Level value={cell(r, 'target')[0]} delta={cell(r, 'target')[1]} d={cell(r, 'target')[2]} /> : <span className="kl-value">—</span>}
                  </td>
                  <td title={r.zeroDte ? undefined : 'No expiration today'}>
                    {r.zeroDte ? <Level value={lisCell(r)[0]} delta={lisCell(r)[1]} d={lisCell(r)[2]} /> : <span className="kl-value">—</span>}
                  </td>
                  <td title={r.expectedMoveExpiration ? `Straddle ${level(r.expectedMoveStrike)} expiring ${r.expectedMoveExpiration}` : undefined}>
                    <span className="kl-value">
                      {r.expectedMove === null ? '—' : `±${level(r.expectedMove)}`} <span className="kl-pct">{percentOfSpot(r.expectedMovePercent)}</span>
                    </span>
                    {r.expectedMoveChange !== null ? (
                      <span className="kl-change" data-sign={signOf(r.expectedMoveChange)}>{change(r.expectedMoveChange)}</span>
                    ) : null}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
