import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { dataKeys } from '../api/data';
import { LocationProbe, Providers, makeClient } from '../test/utils';
import { ReplayBar } from './ReplayBar';
import { useReplayClock } from './useReplayClock';
import { useShortcutListener } from './shortcuts';

const TIMES = ['09:30', '09:35', '09:40'];

function Board({ frozen = false }: { frozen?: boolean }) {
  const location = useLocation();
  const clock = useReplayClock({ search: location.search, ticker: 'SPX', frozen });
  // The workspace area's one keyboard listener, which runs the registered ←/→.
  useShortcutListener();
  return (
    <>
      <ReplayBar clock={clock} following={2} keys={!frozen} />
      <div data-testid="clock-date">{clock.date ?? ''}</div>
      <LocationProbe />
    </>
  );
}

function mount(path: string) {
  const client = makeClient();
  // The catalogue as the historical routes answer it for this user's tier.
  client.setQueryData(dataKeys.historicalDates('SPX'), ['2026-01-02', '2026-01-05']);
  client.setQueryData(dataKeys.historicalTimes('SPX', '2026-01-02'), ['09:30', '09:35']);
  client.setQueryData(dataKeys.historicalTimes('SPX', '2026-01-05'), TIMES);
  render(
    <Providers client={client} initialEntries={[path]}>
      <Board />
    </Providers>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const announced = () => screen.getByTestId('replay-time').textContent;

describe('replay bar', () => {
  it('opens from the URL at the snapshot as of its time and writes the snapped time back', async () => {
    mount('/app/workspace/7?replay=2026-01-05T09:37');
    await waitFor(() => expect(announced()).toBe('Replaying Jan 5, 2026 09:35 ET'));
    expect(screen.getByTestId('replay-time')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('clock-date').textContent).toBe('2026-01-05 09:35');
    await waitFor(() => expect(location()).toBe('/app/workspace/7?replay=2026-01-05T09:35'));
  });

  it('steps with the buttons and the arrow keys, within the session, and the URL follows', async () => {
    mount('/app/workspace/7?replay=2026-01-05T09:30');
    await waitFor(() => expect(announced()).toContain('09:30'));
    expect(screen.getByRole('button', { name: 'Previous snapshot' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next snapshot' }));
    await waitFor(() => expect(location()).toBe('/app/workspace/7?replay=2026-01-05T09:35'));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await waitFor(() => expect(announced()).toContain('09:40'));
    expect(screen.getByRole('button', { name: 'Next snapshot' })).toBeDisabled();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(announced()).toContain('09:40');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(location()).toBe('/app/workspace/7?replay=2026-01-05T09:35'));
    // Not while typing in a field.
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Replay time' }), { key: 'ArrowLeft' });
    expect(announced()).toContain('09:35');
  });

  it('plays to the end of the session and stops', async () => {
    mount('/app/workspace/7?replay=2026-01-05T09:35');
    await waitFor(() => expect(announced()).toContain('09:35'));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('replay-bar')).toHaveAttribute('data-state', 'playing');
    await waitFor(() => expect(announced()).toContain('09:40'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('replay-bar')).toHaveAttribute('data-state', 'paused'));
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
  });

  it('starts at the newest session\'s open, changes day, and exits leaving the URL clean', async () => {
    mount('/app/workspace/7?tab=x');
    fireEvent.click(screen.getByRole('button', { name: 'Replay a session' }));
    await waitFor(() => expect(location()).toBe('/app/workspace/7?tab=x&replay=2026-01-05T09:30'));
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Replay date' }), { target: { value: '2026-01-02' } });
    });
    await waitFor(() => expect(announced()).toBe('Replaying Jan 2, 2026 09:30 ET'));
    fireEvent.click(screen.getByRole('button', { name: 'Exit replay' }));
    await waitFor(() => expect(location()).toBe('/app/workspace/7?tab=x'));
    expect(screen.getByTestId('replay-bar')).toHaveAttribute('data-state', 'off');
    expect(screen.getByTestId('clock-date').textContent).toBe('');
  });
});
