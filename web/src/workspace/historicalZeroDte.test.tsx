// Historical 0DTE in the dialogs (app spec §5): a historical 0DTE choice is checked against the 0DTE list
// of that date's session, not today's. The New Workspace dialog's 0DTE preset and the widget dialog both
// ask for the date's list; a ticker missing from it is refused, one on it is accepted.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../api/session';
import type { Workspace } from '../domain/types';
import { V } from '../domain/validation';
import { futureExp, installFetch, makeToken, Providers, type FakeCall } from '../test/utils';
import { NewWorkspaceDialog } from './Dialogs';
import WidgetDialog from './WidgetDialog';

const SLOW = { timeout: 15_000 };
// Today's session lists QQQ; the session of Jan 7, 2026 does not (it lists VIX instead).
const TODAY = ['QQQ', 'SPX'];
const JAN_7 = ['SPX', 'VIX'];
const dateOf = (c: FakeCall) => new URL(c.url, 'http://x').searchParams.get('date');
const zeroDteCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url.includes('zero_dte/tickers'));

const routes = {
  'POST auth/generate-data-api-token': () => ({ body: { dataApiAccessToken: makeToken({ exp: futureExp(), subscriptions: [] }) } }),
  'GET data/zero_dte/tickers': (c: FakeCall) => ({ body: { tickers: dateOf(c) === '2026-01-07' ? JAN_7 : dateOf(c) ? [] : TODAY } }),
  'GET data/historical/volland-live-api-dates': () => ({ body: { available_dates: ['2026-01-07'] } }),
  'GET data/historical/volland-live-api-times': () => ({ body: { available_time: ['15:00'] } }),
};

beforeEach(() => setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' }));
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

async function pickTicker(user: ReturnType<typeof userEvent.setup>, ticker: string) {
  await user.click(screen.getByRole('combobox', { name: 'Ticker' }));
  await user.keyboard(ticker.toLowerCase());
  await user.click(await screen.findByRole('option', { name: ticker }));
  expect(screen.getByRole('combobox', { name: 'Ticker' })).toHaveValue(ticker);
}

describe('historical 0DTE in the dialogs', () => {
  it("the 0DTE preset checks its ticker against the date's 0DTE list", { timeout: 60_000 }, async () => {
    const { calls } = installFetch({
      ...routes,
      'GET workspaces': () => ({ body: [] }),
      'POST workspaces': () => ({ status: 201, body: { id: 1, name: 'Replay', state: 'ACTIVE', order: 0, widgets: [] } }),
    });
    const user = userEvent.setup();
    render(<Providers initialEntries={['/app/workspace/new']}><NewWorkspaceDialog /></Providers>);
    await user.type(screen.getByRole('textbox', { name: /name/i }), 'Replay');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'zeroDTE');
    // Live: QQQ is on today's list.
    await pickTicker(user, 'QQQ');
    // Historical at Jan 7, 2026 15:00.
    await user.click(within(screen.getByRole('group', { name: 'Data mode' })).getByRole('button', { name: 'Historical' }));
    const day = screen.getByRole('combobox', { name: 'Calculation date' });
    await screen.findByRole('option', { name: '2026-01-07' }, SLOW);
    await user.selectOptions(day, '2026-01-07');
    await screen.findByRole('option', { name: '15:00' }, SLOW);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Calculation time' }), '15:00');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Calculated at 2026-01-07 15:00')).toBeInTheDocument();
    await waitFor(() => expect(zeroDteCalls(calls).map(dateOf)).toContain('2026-01-07'), SLOW);
    // The date's list is loaded (its VIX is offered) before Create is pressed.
    await user.click(screen.getByRole('combobox', { name: 'Ticker' }));
    expect(await screen.findByRole('option', { name: 'VIX' }, SLOW)).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(V.zeroDteTicker)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('workspaces'))).toBe(false);

    await pickTicker(user, 'VIX');
    expect(screen.queryByText(V.zeroDteTicker)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('workspaces'))).toBe(true), SLOW);
    const created = calls.find((c) => c.method === 'POST' && c.url.endsWith('workspaces'))!.body as Workspace;
    expect(created.widgets.length).toBeGreaterThan(0);
    for (const w of created.widgets) expect(w.configuration).toMatchObject({ ticker: 'VIX', date: '2026-01-07 15:00' });
  });

  it("the widget dialog checks a historical 0DTE widget's ticker against its date's 0DTE list", { timeout: 60_000 }, async () => {
    const widget = { id: 'w1', type: 'ZERODTE', name: null, size: 'M', position: { x: 0, y: 0 }, group: null, configuration: { ticker: 'QQQ', date: '2026-01-07 15:00' } };
    const workspace = { id: 7, name: 'Morning', state: 'ACTIVE', order: 0, widgets: [widget] } as unknown as Workspace;
    const { calls } = installFetch({
      ...routes,
      'PUT workspaces/7': ({ body }) => ({ body: { ...workspace, ...(body as object), createdAt: '2026-03-11T00:00:00Z', updatedAt: '2026-03-11T00:00:00Z' } }),
    });
    const user = userEvent.setup();
    render(
      <Providers initialEntries={['/app/workspaces/7/widgets/w1/edit']}>
        <WidgetDialog workspace={workspace} editId="w1" />
      </Providers>,
    );
    // QQQ is on today's list but not on Jan 7's: the dialog refuses it.
    expect(await screen.findByText(V.zeroDteTicker, {}, SLOW)).toBeInTheDocument();
    expect(zeroDteCalls(calls).map(dateOf)).toContain('2026-01-07');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await pickTicker(user, 'VIX');
    await waitFor(() => expect(screen.queryByText(V.zeroDteTicker)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), SLOW);
    const saved = (calls.find((c) => c.method === 'PUT')!.body as Workspace).widgets;
    expect(saved[0].configuration).toMatchObject({ ticker: 'VIX', date: '2026-01-07 15:00' });
  });
});
