// The header's ticker search (`/` focuses it): picking a ticker changes the ticker of the active widget's
// group, or adds an exposure chart of it (workspace/tickerJump.ts).
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { tickersQuery } from '../api/data';
import { SearchSelect } from '../widgets/shared/SearchSelect';
import { NEW_WIDGET_EVENT_DELAY_MS } from '../domain/grid';
import { useNotify } from '../lib/notifications';
import { activeWidgetId } from './activeWidget';
import { useHighlight, useWorkspace, useWorkspaceMutations } from './hooks';
import { useShortcut } from './shortcuts';
import { jumpToTicker } from './tickerJump';

export const TICKER_SEARCH_ID = 'ws-ticker-search';

export function TickerSearch({ workspaceId }: { workspaceId: string }) {
  const workspace = useWorkspace(workspaceId);
  const tickers = useQuery(tickersQuery('all'));
  const { update } = useWorkspaceMutations();
  const highlight = useHighlight();
  const notify = useNotify();
  const box = useRef<HTMLDivElement>(null);
  // The last ticker jumped to: the field shows it, and leaving the field does not pick it a second time.
  const [picked, setPicked] = useState('');
  const input = () => box.current?.querySelector<HTMLInputElement>('input') ?? null;
  useShortcut(['/'], '/', 'Search a ticker: change the group of the widget under the pointer, or add an exposure chart', () => {
    const el = input();
    if (!el) return false;
    el.focus();
    return true;
  });
  if (!workspace) return null;
  const go = (ticker: string) => {
    const from = workspace.widgets.find((w) => w.id === activeWidgetId()) ?? null;
    const jump = jumpToTicker(workspace.widgets, from, ticker);
    const added = jump.added;
    setPicked(ticker);
    // Back to the page once the pick has rendered, so the keys are shortcuts again.
    setTimeout(() => input()?.blur(), 0);
    update
      .mutateAsync({ ...workspace, widgets: jump.widgets })
      .then(() => added && setTimeout(() => highlight.flash(added.id), NEW_WIDGET_EVENT_DELAY_MS))
      .catch((e: unknown) => notify({ type: 'ERROR', title: 'Changes not saved', content: e instanceof Error ? e.message : undefined }));
  };
  return (
    <div className="ws-ticker-search" ref={box} data-testid="ticker-search" title="Jump to a ticker ( / )">
      <SearchSelect id={TICKER_SEARCH_ID} label="Jump to ticker" value={picked} options={tickers.data ?? []} onChange={go} placeholder="Ticker  /" />
    </div>
  );
}
