// A widget group of mixed tickers (app spec, data calls): its expirations are asked for with a null ticker
// and the members' tickers, never as SPX's.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearTokens, setTokens } from '../api/session';
import { EditGroupDialog } from './Dialogs';
import type { Widget, Workspace } from '../domain/types';
import { futureExp, installFetch, makeToken, Providers } from '../test/utils';

const chart = (id: number, ticker: string): Widget =>
  ({
    id, name: null, type: 'CHART', size: 'M', position: { x: 0, y: id * 2 }, group: { id: 1, color: null },
    configuration: { type: 'exposure', ticker, greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false },
  }) as unknown as Widget;

afterEach(() => clearTokens());

function openGroup(widgets: Widget[]) {
  setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r', apiToken: makeToken({ exp: futureExp() }) });
  const workspace = { id: 3, name: 'Mixed', state: 'ACTIVE', order: 0, widgets } as Workspace;
  const fetch = installFetch({
    'GET volland-live-api-expirations': () => ({ body: { expirations: ['2026-11-27', '2026-12-18'] } }),
    'GET volland-live-api-tickers': () => ({ body: { tickers: ['SPX', 'NDX'] } }),
  });
  render(
    <Providers initialEntries={['/app/workspace/3/groups/1/edit']}>
      <EditGroupDialog workspace={workspace} groupId={1} />
    </Providers>,
  );
  return fetch;
}

const expirationCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes('volland-live-api-expirations')).map((c) => new URL(c.url, 'http://x').searchParams);

describe('expirations of a widget group', () => {
  it('a group of mixed tickers asks with a null ticker and its members, not for SPX', async () => {
    const { calls } = openGroup([chart(1, 'NDX'), chart(2, 'QQQ')]);
    expect(await screen.findByText(/2 widget\(s\) in this group/)).toBeInTheDocument();
    await waitFor(() => expect(expirationCalls(calls).length).toBeGreaterThan(0));
    for (const q of expirationCalls(calls)) {
      expect(q.get('ticker')).toBeNull();
      expect(q.get('tickers')?.split(',').sort()).toEqual(['NDX', 'QQQ']);
    }
  });

  it('a group of one ticker asks for that ticker', async () => {
    const { calls } = openGroup([chart(1, 'NDX'), chart(2, 'NDX')]);
    await waitFor(() => expect(expirationCalls(calls).length).toBeGreaterThan(0));
    for (const q of expirationCalls(calls)) {
      expect(q.get('ticker')).toBe('NDX');
      expect(q.get('tickers')).toBeNull();
    }
  });
});
