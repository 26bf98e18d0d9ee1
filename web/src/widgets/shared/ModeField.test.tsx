// Live or Historical (app spec): Historical requires a calculation date; switching to Live clears the date;
// a date set forces Historical.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '../../api/session';
import { futureExp, installFetch, makeToken, Providers } from '../../test/utils';
import { ModeField } from './fields';

beforeEach(() => {
  setTokens({ accessToken: makeToken({ exp: futureExp() }), refreshToken: 'r' });
  installFetch({
    'POST auth/generate-data-api-token': () => ({ body: { dataApiAccessToken: makeToken({ exp: futureExp(), subscriptions: [] }) } }),
    'GET data/historical/volland-live-api-dates': () => ({ body: { available_dates: ['2026-01-07'] } }),
    'GET data/historical/volland-live-api-times': () => ({ body: { available_time: ['15:00'] } }),
  });
});
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

const toggles = () => {
  const group = screen.getByRole('group', { name: 'Data mode' });
  return { live: within(group).getByRole('button', { name: 'Live' }), historical: within(group).getByRole('button', { name: 'Historical' }) };
};

describe('the data mode field', () => {
  it('a date given at the start shows Historical pressed, with the date', () => {
    render(<Providers><ModeField ticker="SPX" date="2026-01-07 15:00" onChange={() => undefined} /></Providers>);
    const { live, historical } = toggles();
    expect(historical).toHaveAttribute('aria-pressed', 'true');
    expect(live).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Calculated at 2026-01-07 15:00')).toBeInTheDocument();
  });

  it('a date set later (a Live field receiving one) switches it to Historical', () => {
    const { rerender } = render(<Providers><ModeField ticker="SPX" date={null} onChange={() => undefined} /></Providers>);
    expect(toggles().live).toHaveAttribute('aria-pressed', 'true');
    expect(toggles().historical).toHaveAttribute('aria-pressed', 'false');
    rerender(<Providers><ModeField ticker="SPX" date="2026-01-07 15:00" onChange={() => undefined} /></Providers>);
    expect(toggles().historical).toHaveAttribute('aria-pressed', 'true');
    expect(toggles().live).toHaveAttribute('aria-pressed', 'false');
  });

  it('switching to Live clears the date', async () => {
    const onChange = vi.fn();
    render(<Providers><ModeField ticker="SPX" date="2026-01-07 15:00" onChange={onChange} /></Providers>);
    await userEvent.setup().click(toggles().live);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(null);
    expect(toggles().live).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('combobox', { name: 'Calculation date' })).toBeNull();
  });
});
