import { useQuery } from '@tanstack/react-query';
import { tickersQuery } from '../../api/data';
import type { EditorProps } from '../types';
import { Field, ModeField } from '../shared/fields';
import { SearchSelect } from '../shared/SearchSelect';
import { MAX_LIST, addTicker, removeTicker, type WatchlistConfiguration } from './list';

export default function WatchlistEditor({ configuration: c, onChange, errors, disabled }: EditorProps<WatchlistConfiguration>) {
  const all = useQuery(tickersQuery('all'));
  const tickers = c.tickers ?? [];
  const options = (all.data ?? []).filter((t) => !tickers.includes(t));
  return (
    <>
      <Field label="Tickers" error={errors.tickers} hint={`${tickers.length} of at most ${MAX_LIST}`}>
        {(id) => (
          <div className="kl-editor" id={id}>
            <ul className="kl-editor-list" aria-label="Tickers of the list">
              {tickers.map((t) => (
                <li key={t} className="kl-chip">
                  {t}
                  <button type="button" aria-label={`Remove ${t}`} disabled={disabled} onClick={() => onChange({ tickers: removeTicker(tickers, t) })}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
            {tickers.length < MAX_LIST ? (
              <SearchSelect label="Add a ticker" value="" options={options} disabled={disabled} placeholder="Add a ticker…" onChange={(t) => onChange({ tickers: addTicker(tickers, t) })} />
            ) : null}
          </div>
        )}
      </Field>
      <ModeField ticker={tickers[0] ?? ''} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
