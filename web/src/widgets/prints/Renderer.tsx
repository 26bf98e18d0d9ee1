import '../shared/flow.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dataApi, dataKeys, type PrintsResponse } from '../../api/data';
import type { RendererProps } from '../types';
import { PAGE_SIZE, printsRequest, tapeRows, type PrintsConfiguration } from './transform';

/** The session's classified prints, a page at a time (the first page is the widget's own answer). */
export default function PrintsRenderer({ data, configuration: c, width, height }: RendererProps<PrintsResponse, PrintsConfiguration>) {
  const [page, setPage] = useState(1);
  const req = printsRequest(c, page);
  const more = useQuery({
    queryKey: dataKeys.widget('prints', req),
    queryFn: ({ signal }) => dataApi.prints(req, signal),
    enabled: page > 1,
  });
  const shown = page > 1 && more.data ? more.data : data;
  const rows = tapeRows(shown);
  const pages = Math.max(1, Math.ceil((shown.total ?? 0) / PAGE_SIZE));
  return (
    <div className="flow-tape" style={{ width, height, overflow: 'auto' }} data-testid="prints-tape" data-total={shown.total} data-page={page} data-rows={rows.length}>
      <table>
        <thead>
          <tr>
            <th>Time (ET)</th><th>Contract</th><th>Size</th><th>Price</th><th>NBBO</th><th>Premium</th><th>Customer</th><th>Dealer</th><th>Legs</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-side={r.side}>
              <td>{r.time}</td><td>{r.contract}</td><td>{r.size}</td><td>{r.price}</td><td>{r.nbbo}</td><td>{r.premium}</td>
              <td>{r.customer}</td><td>{r.dealer}</td><td>{r.legs}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flow-pager">
        <button type="button" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>Previous</button>
        <span data-testid="prints-page">{`Page ${page} of ${pages} · ${shown.total ?? 0} prints`}</span>
        <button type="button" disabled={page >= pages || (page > 1 && more.isFetching)} onClick={() => setPage((p) => p + 1)}>Next</button>
      </div>
    </div>
  );
}
