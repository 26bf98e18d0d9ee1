// The workspace's replay clock (domain/replay.ts) wired to the URL, the historical catalogue and a timer.
// The URL's `replay` parameter is where the time lives between visits: it opens the clock on load, and every
// move of the clock replaces it (no history entry per step).
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { historicalDatesQuery, historicalTimesQuery } from '../api/data';
import { REPLAY_BEAT_MS, REPLAY_URL_DELAY_MS, REPLAY_OFF, replayDate, replayFromSearch, replayReducer, replaySearch, type ReplayAction, type ReplayState } from '../domain/replay';

export interface ReplayClock {
  state: ReplayState;
  /** The time widgets in historical mode draw ('yyyy-MM-dd HH:mm', New York), or null. */
  date: string | null;
  /** The session days the clock may pick (the historical catalogue of the clock's ticker, cut by the tier). */
  days: string[];
  daysLoading: boolean;
  timesLoading: boolean;
  dispatch: (a: ReplayAction) => void;
  /** Turns the clock on at the newest session day. */
  start: () => void;
}

function init(search: string): ReplayState {
  const u = replayFromSearch(search);
  return u ? replayReducer(REPLAY_OFF, { type: 'open', day: u.day, time: u.time }) : REPLAY_OFF;
}

/**
 * `search`: the search string of the page the board is on (the background page while a dialog is open);
 * `ticker`: whose catalogue gives the days and times; `frozen`: a dialog is open (the clock holds still and
 * leaves the URL alone).
 */
export function useReplayClock({ search, ticker, frozen }: { search: string; ticker: string; frozen: boolean }): ReplayClock {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(replayReducer, search, init);
  // Asked to start before the days were known.
  const [pending, setPending] = useState(false);
  const dates = useQuery({ ...historicalDatesQuery(ticker), enabled: Boolean(ticker) && (state.day !== null || pending) });
  const times = useQuery({ ...historicalTimesQuery(ticker, state.day) });

  useEffect(() => {
    if (state.day && times.data) dispatch({ type: 'times', day: state.day, times: times.data });
  }, [state.day, times.data]);

  // The URL changed from outside (back and forward, a pasted link): follow it.
  useEffect(() => {
    if (frozen) return;
    const u = replayFromSearch(search);
    if (!u) {
      if (state.day) dispatch({ type: 'close' });
    } else if (u.day !== state.day) dispatch({ type: 'open', day: u.day, time: u.time });
    else if (u.time && u.time !== state.time && state.times.length) dispatch({ type: 'seek', time: u.time });
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  // The clock moved: write it into the URL once it rests for a moment. Widgets follow the clock itself, not
  // the URL, so a step never waits for the router (a new location re-renders every route and replacing the
  // history entry costs the browser several milliseconds); a run of quick steps writes only the last time.
  useEffect(() => {
    if (frozen) return undefined;
    const next = replaySearch(search, state);
    if (next === search) return undefined;
    const id = setTimeout(() => void navigate({ search: next }, { replace: true }), REPLAY_URL_DELAY_MS);
    return () => clearTimeout(id);
  }, [state.day, state.time]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (frozen) dispatch({ type: 'pause' });
  }, [frozen]);

  useEffect(() => {
    if (!state.playing) return undefined;
    const id = setInterval(() => dispatch({ type: 'tick' }), REPLAY_BEAT_MS);
    return () => clearInterval(id);
  }, [state.playing]);

  const days = dates.data ?? [];
  const newest = days.length ? days[days.length - 1] : null;
  const start = useCallback(() => (newest ? dispatch({ type: 'open', day: newest }) : setPending(true)), [newest]);
  useEffect(() => {
    if (pending && newest) {
      setPending(false);
      dispatch({ type: 'open', day: newest });
    }
  }, [pending, newest]);

  return {
    state,
    date: replayDate(state) && state.times.length ? replayDate(state) : null,
    days,
    daysLoading: dates.isFetching,
    timesLoading: times.isFetching,
    dispatch,
    start,
  };
}
