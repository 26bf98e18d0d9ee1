// Notifications (app spec §3/§4): one shown at a time, a duplicate id is ignored, dismissed after its
// delay (default 6000 ms); hovering pauses the timer and leaving restarts it.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type NotificationType = 'SUCCESS' | 'ERROR' | 'INFO' | 'WARNING';

export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  content?: string;
  delay?: number;
  /** An in-app page the notification leads to (e.g. an alert's levels scorecard). */
  link?: { to: string; label: string };
}

export const NOTIFICATION_DELAY_MS = 6000;
/** A notice that must survive a full page reload (e.g. 'Token Expired' after logout). */
export const PENDING_NOTICE_KEY = 'pendingNotice';

interface NotificationsValue {
  notify: (n: Omit<AppNotification, 'id'> & { id?: string }) => void;
  dismiss: (id?: string) => void;
  current: AppNotification | null;
  queue: AppNotification[];
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

let counter = 0;

/** Pure queue step: ignores an id already shown or queued. */
export function enqueue(current: AppNotification | null, queue: AppNotification[], n: AppNotification): AppNotification[] {
  if (current?.id === n.id || queue.some((q) => q.id === n.id)) return queue;
  return [...queue, n];
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<AppNotification[]>([]);
  const current = queue[0] ?? null;

  const notify = useCallback<NotificationsValue['notify']>((n) => {
    const full: AppNotification = { ...n, id: n.id ?? `n${Date.now()}-${++counter}` };
    setQueue((q) => {
      const [head, ...rest] = q;
      const next = enqueue(head ?? null, rest, full);
      return next === rest ? q : head ? [head, ...next] : next;
    });
  }, []);

  const dismiss = useCallback((id?: string) => {
    setQueue((q) => (id === undefined ? q.slice(1) : q.filter((n) => n.id !== id)));
  }, []);

  useEffect(() => {
    try {
      const raw = window.sessionStorage.getItem(PENDING_NOTICE_KEY);
      if (raw) {
        window.sessionStorage.removeItem(PENDING_NOTICE_KEY);
        notify(JSON.parse(raw));
      }
    } catch {
      /* ignore a malformed pending notice */
    }
  }, [notify]);

  const value = useMemo(() => ({ notify, dismiss, current, queue }), [notify, dismiss, current, queue]);
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsValue {
  const ctx = useContext(NotificationsContext);
  if (!ctx) throw new Error('useNotifications must be used inside NotificationsProvider');
  return ctx;
}

export function useNotify(): NotificationsValue['notify'] {
  return useNotifications().notify;
}

/** Runs `onElapsed` after `delay` ms; `pause()` stops it and `resume()` restarts the full delay. */
export function usePausableTimer(delay: number, onElapsed: () => void, key: unknown) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cb = useRef(onElapsed);
  cb.current = onElapsed;
  const start = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => cb.current(), delay);
  }, [delay]);
  const pause = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => {
    start();
    return pause;
  }, [start, pause, key]);
  return { pause, resume: start };
}
