import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import NewApiKeyDialog, { clipboard, COPIED_MS } from './NewApiKeyDialog';
import { setTokens } from '../../api/session';
import { installFetch, Providers } from '../../test/utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderDialog() {
  setTokens({ accessToken: 'a', refreshToken: 'r' });
  render(
    <Providers initialEntries={['/app/user-settings/api-key/new']}>
      <Routes>
        <Route path="/app/user-settings/api-key/new" element={<NewApiKeyDialog />} />
        <Route path="*" element={<p>closed</p>} />
      </Routes>
    </Providers>,
  );
}

describe('New API Key dialog', () => {
  it('Generate → Generating → key with Copy → Copied for 1 s → Close', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    installFetch({
      'POST api-keys': async () => {
        await gate;
        return { status: 201, body: { id: 1, apiKey: 'vol_full_secret_key_value', maskedKey: 'vol_f••••alue', createdAt: '2025-01-01T00:00:00Z', lastUsedAt: null } };
      },
    });
    const write = vi.spyOn(clipboard, 'write').mockResolvedValue();
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate API key' }));
    const busy = screen.getByRole('button', { name: /Generating/ });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Working' })).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('vol_full_secret_key_value');
    expect(screen.getByText('Please note that the full API key is only available here once.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();

    vi.useFakeTimers();
    await act(async () => screen.getByRole('button', { name: 'Copy' }).click());
    expect(write).toHaveBeenCalledWith('vol_full_secret_key_value');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it("shows 'An error occurred. Try again.' and lets the user retry", async () => {
    let fail = true;
    installFetch({
      'POST api-keys': () =>
        fail ? { status: 409, body: { code: 'key_limit', message: 'Two keys are already active.' } } : { status: 201, body: { id: 2, apiKey: 'vol_second', maskedKey: 'm', createdAt: '2025-01-01T00:00:00Z', lastUsedAt: null } },
    });
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate API key' }));
    expect(await screen.findByText('An error occurred. Try again.')).toHaveClass('field-error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Generate API key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('vol_second');
  });
});
