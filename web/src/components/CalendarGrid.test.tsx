// The calendar picker (app spec §4, §9): weeks start on Monday; the expirations picker's range and
// multiple-dates modes choose days on it (no native date input), and Apply commits the choice.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetch, Providers } from '../test/utils';
import { ExpirationsField } from '../widgets/shared/fields';
import { monthWeeks, WEEKDAYS } from './CalendarGrid';

afterEach(() => vi.unstubAllGlobals());

describe('month grid', () => {
  it('starts each week on Monday', () => {
    expect(WEEKDAYS[0]).toBe('Mo');
    // January 2026 starts on a Thursday, February 2026 on a Sunday, June 2026 on a Monday.
    expect(monthWeeks(2026, 0)[0]).toEqual([null, null, null, '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    expect(monthWeeks(2026, 1)[0]).toEqual([null, null, null, null, null, null, '2026-02-01']);
    expect(monthWeeks(2026, 5)[0][0]).toBe('2026-06-01');
    expect(monthWeeks(2026, 0).flat().filter(Boolean)).toHaveLength(31);
  });
});

describe('expirations picker on the calendar', () => {
  const EXPIRATIONS = ['2026-01-09', '2026-01-12', '2026-01-16', '2026-01-23'];
  function open(onChange = vi.fn()) {
    installFetch({ 'GET data/volland-live-api-expirations': () => ({ body: { expirations: EXPIRATIONS } }) });
    render(
      <Providers>
        <ExpirationsField ticker="SPX" value={{ option: 'ALL' } as never} onChange={onChange} />
      </Providers>,
    );
    return onChange;
  }

  it('a range is two presses on the calendar, then Apply', async () => {
    const onChange = open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { expanded: false }));
    await user.click(await screen.findByRole('tab', { name: 'Specific range' }));
    const picker = screen.getByRole('dialog', { name: 'Choose expirations' });
    expect(picker.querySelector('input[type="date"]')).toBeNull();
    const grid = await within(picker).findByRole('grid', { name: /Expiration range, January 2026/ });
    expect([...grid.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    await user.click(within(grid).getByRole('button', { name: 'Jan 16, 2026' }));
    await user.click(within(grid).getByRole('button', { name: 'Jan 12, 2026' }));
    expect(screen.getByTestId('range-chosen')).toHaveTextContent('From Jan 12, 2026 to Jan 16, 2026');
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ option: 'CUSTOM', from: '2026-01-12', to: '2026-01-16', dates: [] });
  });

  it('multiple dates offers only the expirations and toggles them', async () => {
    const onChange = open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { expanded: false }));
    await user.click(await screen.findByRole('tab', { name: 'Multiple dates' }));
    const grid = await screen.findByRole('grid', { name: /Expiration dates, January 2026/ });
    expect(within(grid).getByRole('button', { name: 'Jan 13, 2026' })).toBeDisabled();
    await user.click(within(grid).getByRole('button', { name: 'Jan 23, 2026' }));
    await user.click(within(grid).getByRole('button', { name: 'Jan 9, 2026' }));
    await user.click(within(grid).getByRole('button', { name: 'Jan 16, 2026' }));
    await user.click(within(grid).getByRole('button', { name: 'Jan 16, 2026' }));
    expect(within(grid).getByRole('button', { name: 'Jan 9, 2026' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith({ option: 'SPECIFIC', dates: ['2026-01-09', '2026-01-23'], from: null, to: null });
  });
});
