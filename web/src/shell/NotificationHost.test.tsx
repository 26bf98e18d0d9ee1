import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { NotificationsProvider, PENDING_NOTICE_KEY, useNotify, type AppNotification } from '../lib/notifications';
import { NotificationHost } from './NotificationHost';

let notifyRef: (n: Omit<AppNotification, 'id'> & { id?: string }) => void;
function Grab() {
  const notify = useNotify();
  useEffect(() => {
    notifyRef = notify;
  }, [notify]);
  return null;
}

function setup() {
  render(
    <NotificationsProvider>
      <Grab />
      <NotificationHost />
    </NotificationsProvider>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('shows one at a time, ignores a duplicate id, dismisses after 6 s', () => {
    setup();
    act(() => {
      notifyRef({ id: 'a', type: 'SUCCESS', title: 'First' });
      notifyRef({ id: 'a', type: 'SUCCESS', title: 'First again' });
      notifyRef({ id: 'b', type: 'ERROR', title: 'Second' });
    });
    expect(screen.getAllByTestId('notification')).toHaveLength(1);
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByTestId('notification')).toBeNull();
    expect(screen.queryByText('First again')).toBeNull();
  });

  it('hover pauses the timer and leaving restarts it', () => {
    setup();
    act(() => notifyRef({ id: 'x', type: 'INFO', title: 'Hello', delay: 1000 }));
    act(() => vi.advanceTimersByTime(900));
    fireEvent.mouseEnter(screen.getByTestId('notification'));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByTestId('notification'));
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Hello')).toBeNull();
  });

  it('shows a notice left for after a reload (Token Expired)', () => {
    sessionStorage.setItem(PENDING_NOTICE_KEY, JSON.stringify({ id: 'token-expired', type: 'INFO', title: 'Token Expired', content: 'You were logged out' }));
    setup();
    expect(screen.getByText('Token Expired')).toBeInTheDocument();
    expect(sessionStorage.getItem(PENDING_NOTICE_KEY)).toBeNull();
  });
});
