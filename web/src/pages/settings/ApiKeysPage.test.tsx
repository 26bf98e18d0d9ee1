// The API keys table: 'Last used' shows when a key was last used, or 'Never'.
import { render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../../api/session';
import { formatDateTime } from '../../lib/format';
import { futureExp, installFetch, makeToken, Providers } from '../../test/utils';
import ApiKeysPage from './ApiKeysPage';

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

it("the 'Last used' column shows the last use, formatted, or 'Never'", async () => {
  setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' });
  installFetch({
    'GET api-keys': () => ({
      body: [
        { id: 1, maskedKey: 'vol_Ab12••••wxYz', createdAt: '2026-03-01T12:00:00Z', lastUsedAt: '2026-03-11T12:30:00Z' },
        { id: 2, maskedKey: 'vol_Cd34••••uvSt', createdAt: '2026-03-02T12:00:00Z', lastUsedAt: null },
      ],
    }),
  });
  render(<Providers initialEntries={['/app/user-settings/api-keys']}><ApiKeysPage /></Providers>);
  const table = await screen.findByRole('table', { name: 'API keys' });
  const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
  const column = headers.indexOf('Last used');
  expect(column).toBeGreaterThan(-1);
  const rows = within(table).getAllByTestId('api-key-row');
  const lastUsed = rows.map((r) => within(r).getAllByRole('cell')[column].textContent);
  expect(lastUsed[0]).toBe(formatDateTime('2026-03-11T12:30:00Z'));
  expect(lastUsed[0]).toMatch(/^Mar 11, 2026 \d/);
  expect(lastUsed[1]).toBe('Never');
});
