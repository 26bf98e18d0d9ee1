import { afterEach, describe, expect, it, vi } from 'vitest';
import { followAlerts, formatRate, parseEvents, parseRetry, recordLine, type AlertFiring } from './alerts';
import { setTokens } from './session';

afterEach(() => vi.unstubAllGlobals());

describe('alert stream parsing', () => {
  it('reads the alert events with their ids and skips comments and other events', () => {
    const text = 'retry: 2000\n\nid: 7\nevent: alert\ndata: {"id":7,"title":"SPX crossed above 5000"}\n\n: keep-alive\n\nid: 8\nevent: other\ndata: {}\n\n';
    const events = parseEvents(text);
    expect(events.map((e) => e.id)).toEqual([7]);
    expect(events[0].data.title).toBe('SPX crossed above 5000');
  });
});

describe('the record of an alert', () => {
  it('formats k of n with the rate and its interval, and says when there is no sample', () => {
    expect(formatRate({ k: 3, n: 10, rate: 0.3, low: 0.108, high: 0.603 })).toBe('3 of 10 (30 %, 95 % CI 11 %–60 %)');
    expect(formatRate({ k: 0, n: 0, rate: null, low: null, high: null })).toBe('no sessions yet');
  });

  it('labels a simulated record and reads the paradigm target', () => {
    const touch = { k: 2, n: 4, rate: 0.5, low: 0.15, high: 0.85 };
    expect(recordLine({ record: { level: 'zeroGamma', simulated: true, touch, hold: touch, paradigmTarget: touch } }))
      .toBe(' Record (simulated market): touched in 2 of 4 (50 %, 95 % CI 15 %–85 %); held in 2 of 4 (50 %, 95 % CI 15 %–85 %).');
    expect(recordLine({ record: { level: 'paradigmTarget', touch, hold: touch, paradigmTarget: touch } }))
      .toBe(' Record: target reached in 2 of 4 (50 %, 95 % CI 15 %–85 %).');
    expect(recordLine({})).toBe('');
  });
});

const alertEvent = (id: number) => `id: ${id}\nevent: alert\ndata: {"id":${id},"title":"SPX crossed above ${5000 + id}"}\n\n`;

describe('following the alert stream', () => {
  it('reads the server\'s retry', () => {
    expect(parseRetry('retry: 1000\n\n')).toBe(1000);
    expect(parseRetry(alertEvent(3))).toBeNull();
  });

  it('a reconnecting browser sends the last id it saw and gets what fired while it was away', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const stop = new AbortController();
    const sent: (string | undefined)[] = [];
    // The server's answers: the first ends after alert 5; alert 6 fires before the browser is back.
    const answers = [`retry: 1\n\n${alertEvent(5)}`, `retry: 1\n\n${alertEvent(6)}`];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      sent.push((init.headers as Record<string, string>)['Last-Event-ID']);
      const body = answers.shift();
      if (body === undefined) {
        stop.abort();
        throw new DOMException('aborted', 'AbortError');
      }
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }));
    const got: AlertFiring[] = [];
    await followAlerts((a) => got.push(a), stop.signal, 4);
    expect(got.map((a) => a.id)).toEqual([5, 6]);
    expect(sent).toEqual(['4', '5', '6']);
  });
});
