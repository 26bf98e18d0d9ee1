import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './OfflineBanner';
import { homeTarget, NotFoundPage } from './NotFound';
import { CrashBoundary } from './CrashScreen';
import { Providers } from '../test/utils';
import { captureReferral, getReferral } from '../lib/referral';
import { filterOptions } from '../components/Select';

afterEach(() => vi.restoreAllMocks());

describe('offline banner', () => {
  it('follows the online and offline events', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('You seem to be offline. Volland needs internet to function');
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('not-found and crash screens', () => {
  it("'Back to Home' goes to /app only with both an access and an API token", () => {
    expect(homeTarget('a', 'd')).toBe('/app');
    expect(homeTarget('a', null)).toBe('/');
    expect(homeTarget(null, 'd')).toBe('/');
    render(
      <Providers>
        <NotFoundPage />
      </Providers>,
    );
    expect(screen.getByRole('heading', { name: 'The page you are looking for can’t be found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('a render crash shows the crash screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never {
      throw new Error('boom');
    }
    render(
      <CrashBoundary>
        <Boom />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Sorry! Bug report has been sent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

describe('referral', () => {
  it('captures fp_ref under the key referral and ignores junk', () => {
    expect(captureReferral('?fp_ref=partner-42&x=1')).toBe('partner-42');
    expect(localStorage.getItem('referral')).toBe('partner-42');
    expect(captureReferral('?fp_ref=%3Cscript%3E')).toBeNull();
    expect(getReferral()).toBe('partner-42');
  });
});

describe('select search', () => {
  it('filters by case-insensitive contains', () => {
    const opts = [
      { value: 'SPX', label: 'SPX' },
      { value: 'SPY', label: 'SPY' },
      { value: 'QQQ', label: 'QQQ' },
    ];
    expect(filterOptions(opts, 'sp').map((o) => o.value)).toEqual(['SPX', 'SPY']);
    expect(filterOptions(opts, '  ')).toHaveLength(3);
    expect(filterOptions(opts, 'x').map((o) => o.value)).toEqual(['SPX']);
  });
});
