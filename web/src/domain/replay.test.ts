import { describe, expect, it } from 'vitest';
import {
  REPLAY_OFF,
  atEnd,
  atStart,
  followsClock,
  nextReplayDate,
  replayDate,
  replayFromSearch,
  replayReducer,
  replaySearch,
  snapTime,
  withClock,
  type ReplayAction,
  type ReplayState,
} from './replay';

const TIMES = ['09:30', '09:35', '09:40', '09:45'];
const run = (actions: ReplayAction[], from: ReplayState = REPLAY_OFF) => actions.reduce(replayReducer, from);
const opened = (time: string | null = null) => run([{ type: 'open', day: '2026-01-02', time }, { type: 'times', day: '2026-01-02', times: TIMES }]);

describe('replay clock', () => {
  it('opens at the session start, or at the wanted time snapped to the snapshot as of it', () => {
    expect(opened()).toEqual({ day: '2026-01-02', times: TIMES, time: '09:30', playing: false });
    expect(opened('09:40').time).toBe('09:40');
    expect(opened('09:43').time).toBe('09:40');
    // Before the first snapshot, and after the last one the tier may see.
    expect(opened('08:00').time).toBe('09:30');
    expect(opened('16:00').time).toBe('09:45');
    expect(replayDate(opened('09:35'))).toBe('2026-01-02 09:35');
  });

  it('has no time until the day\'s times arrive, and ignores another day\'s times', () => {
    const s = run([{ type: 'open', day: '2026-01-02', time: '09:35' }]);
    expect(replayDate({ ...s, time: null })).toBeNull();
    const other = replayReducer(s, { type: 'times', day: '2026-01-05', times: TIMES });
    expect(other.times).toEqual([]);
    expect(run([{ type: 'open', day: '2026-02-30' }])).toBe(REPLAY_OFF);
  });

  it('steps both ways within the session and stops the player', () => {
    const s = opened('09:35');
    expect(replayReducer(s, { type: 'step', by: 1 }).time).toBe('09:40');
    expect(replayReducer(s, { type: 'step', by: -1 }).time).toBe('09:30');
    expect(run([{ type: 'step', by: -1 }, { type: 'step', by: -1 }], s).time).toBe('09:30');
    expect(run([{ type: 'step', by: 5 }], s).time).toBe('09:45');
    const playing = replayReducer(s, { type: 'play' });
    expect(playing.playing).toBe(true);
    expect(replayReducer(playing, { type: 'step', by: 1 }).playing).toBe(false);
    expect(atStart(opened())).toBe(true);
    expect(atEnd(opened('09:45'))).toBe(true);
    expect(atEnd(opened('09:40'))).toBe(false);
  });

  it('plays one time per beat and stops on the last; play at the end starts over; pause holds', () => {
    let s = replayReducer(opened('09:35'), { type: 'play' });
    s = replayReducer(s, { type: 'tick' });
    expect(s).toMatchObject({ time: '09:40', playing: true });
    s = replayReducer(s, { type: 'tick' });
    expect(s).toMatchObject({ time: '09:45', playing: false });
    expect(replayReducer(s, { type: 'tick' })).toBe(s);
    s = replayReducer(s, { type: 'play' });
    expect(s).toMatchObject({ time: '09:30', playing: true });
    s = replayReducer(s, { type: 'pause' });
    expect(replayReducer(s, { type: 'tick' }).time).toBe('09:30');
    // A session of one snapshot has nothing to play.
    const one = run([{ type: 'open', day: '2026-01-02' }, { type: 'times', day: '2026-01-02', times: ['09:30'] }]);
    expect(replayReducer(one, { type: 'play' }).playing).toBe(false);
  });

  it('opening the day on show keeps its times and goes to the wanted time, else the open', () => {
    const s = replayReducer(opened('09:40'), { type: 'open', day: '2026-01-02' });
    expect(s).toMatchObject({ times: TIMES, time: '09:30' });
    expect(replayReducer(opened(), { type: 'open', day: '2026-01-02', time: '09:44' }).time).toBe('09:40');
  });
  it('seeks to a listed time and closes', () => {
    expect(replayReducer(opened(), { type: 'seek', time: '09:45' }).time).toBe('09:45');
    expect(replayReducer(opened(), { type: 'close' })).toBe(REPLAY_OFF);
  });
});

describe('replay clock in the URL', () => {
  it('reads the replay parameter strictly', () => {
    expect(replayFromSearch('?replay=2026-01-02T09:35')).toEqual({ day: '2026-01-02', time: '09:35' });
    expect(replayFromSearch('?x=1&replay=2026-01-02T09%3A35')).toEqual({ day: '2026-01-02', time: '09:35' });
    expect(replayFromSearch('?replay=2026-01-02')).toEqual({ day: '2026-01-02', time: null });
    expect(replayFromSearch('?replay=2026-01-02T25:00')).toEqual({ day: '2026-01-02', time: null });
    expect(replayFromSearch('?replay=2026-13-02T09:35')).toBeNull();
    expect(replayFromSearch('?replay=<script>')).toBeNull();
    expect(replayFromSearch('')).toBeNull();
  });

  it('writes the clock and keeps other parameters; off removes it', () => {
    expect(replaySearch('', { day: '2026-01-02', time: '09:35' })).toBe('?replay=2026-01-02T09:35');
    expect(replaySearch('?a=1', { day: '2026-01-02', time: null })).toBe('?a=1&replay=2026-01-02');
    expect(replaySearch('?a=1&replay=2026-01-02T09:35', { day: null, time: null })).toBe('?a=1');
    expect(replaySearch('?replay=2026-01-02T09:35', { day: null, time: null })).toBe('');
  });

  it('round-trips a state through the URL', () => {
    const s = opened('09:40');
    const back = replayFromSearch(replaySearch('?tab=1', s));
    expect(back).toEqual({ day: s.day, time: s.time });
    expect(opened(back!.time)).toEqual(s);
  });
});

describe('widgets under the clock', () => {
  const hist = { id: 'a', configuration: { ticker: 'SPX', date: '2026-01-02 15:00' } };
  const live = { id: 'b', configuration: { ticker: 'SPX' } };
  it('moves historical widgets to the clock\'s time and leaves live ones alone', () => {
    expect(followsClock(hist.configuration)).toBe(true);
    expect(followsClock(live.configuration)).toBe(false);
    expect(followsClock({ date: '' })).toBe(false);
    expect(withClock(hist, '2026-01-05 10:00').configuration).toEqual({ ticker: 'SPX', date: '2026-01-05 10:00' });
    expect(hist.configuration.date).toBe('2026-01-02 15:00');
    expect(withClock(live, '2026-01-05 10:00')).toBe(live);
    expect(withClock(hist, null)).toBe(hist);
  });
  it('names the time one step ahead, none at the close', () => {
    expect(nextReplayDate(opened('09:35'))).toBe('2026-01-02 09:40');
    expect(nextReplayDate(opened('09:45'))).toBeNull();
    expect(nextReplayDate(REPLAY_OFF)).toBeNull();
  });
  it('snaps a wanted time', () => {
    expect(snapTime([], '09:30')).toBeNull();
    expect(snapTime(TIMES, null)).toBe('09:30');
  });
});
