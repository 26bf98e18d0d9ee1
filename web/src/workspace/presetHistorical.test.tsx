// The preset form offers Historical for every preset type (Summary included), and Historical chosen
// without Apply keeps the form from saving Live widgets.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../api/session';
import { futureExp, installFetch, makeToken, Providers } from '../test/utils';
import { NewWorkspaceDialog } from './Dialogs';

beforeEach(() => setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' }));
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

it('Summary has the Live/Historical toggle; Historical without Apply is refused and nothing is created', { timeout: 30_000 }, async () => {
  const { calls } = installFetch({
    'POST auth/generate-data-api-token': () => ({ body: { dataApiAccessToken: makeToken({ exp: futureExp(), subscriptions: [] }) } }),
    'GET data/volland-live-api-tickers': () => ({ body: { tickers: ['SPX'] } }),
    'GET data/historical/volland-live-api-dates': () => ({ body: { available_dates: ['2026-01-08'] } }),
    'GET workspaces': () => ({ body: [] }),
    'POST workspaces': () => ({ status: 201, body: { id: 1, name: 'x', state: 'ACTIVE', order: 0, widgets: [] } }),
  });
  const user = userEvent.setup();
  render(<Providers initialEntries={['/app/workspace/new']}><NewWorkspaceDialog /></Providers>);
  expect(screen.getByRole('combobox', { name: 'Preset' })).toHaveValue('summary');
  const mode = screen.getByRole('group', { name: 'Data mode' });
  await user.click(within(mode).getByRole('button', { name: 'Historical' }));
  await user.type(screen.getByRole('textbox', { name: /name/i }), 'Morning');
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect((await screen.findAllByText('Calculation date is required')).length).toBeGreaterThan(0);
  expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Calculation date is required')).toBe(true);
  expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('workspaces'))).toBe(false);
});
